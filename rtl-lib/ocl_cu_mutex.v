// SPDX-License-Identifier: MIT
//
// ocl_cu_mutex: one lock among N compute units (copies of a kernel, num_compute_units) for
// their global atomic units. ocl_atomic is atomic only among its own requests and keeps
// recently written words, so at most one copy may have atomic requests in flight: the one
// holding the lock. The lock moves only while its holder's atomic units are idle, and the
// new holder clears its units' remembered words (take) before its first request.
//
// Parameters
//   N   compute units (>= 1)
//
// Ports
//   want[u]   unit u would use the lock (it is running)
//   busy[u]   unit u's atomic units are not idle, or fire a request in this cycle
//   hold[u]   unit u holds the lock (registers; one-hot or 0). A unit fires atomic requests
//             only while it holds the lock.
//   take[u]   unit u took the lock at the last edge: high in its first cycle of holding
//             (registers), to clear its atomic units
//
// Behaviour: with no holder, the first wanting unit after the last holder (circularly)
// takes the lock. The holder keeps it while it is busy or no other unit wants it; else at
// the next edge the lock goes to the first wanting unit after it, so every wanting unit gets
// it within N moves. rst: no holder.
`default_nettype none

module ocl_cu_mutex #(
    parameter integer N = 2
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] want,
    input  wire [N-1:0] busy,
    output reg  [N-1:0] hold,
    output reg  [N-1:0] take
);
    reg  [31:0] last_u;  // the holder, or the last one
    wire        held = |hold;
    wire        others = |(want & ~hold);
    wire        move = ~held ? |want : (~|(busy & hold) & others);

    // The first wanting unit after last_u (not last_u itself while it holds).
    reg [N-1:0] next;
    integer     i;
    /* verilator lint_off UNUSED */
    integer     j;  // an index below N: its high bits are never read
    /* verilator lint_on UNUSED */
    always @(*) begin
        next = {N{1'b0}};
        for (i = 1; i <= N; i = i + 1) begin
            j = (last_u + i) % N;
            if (next == {N{1'b0}} && want[j] && !(held && hold[j]))
                next[j] = 1'b1;
        end
    end

    integer k;
    always @(posedge clk) begin
        if (rst) begin
            hold   <= {N{1'b0}};
            take   <= {N{1'b0}};
            last_u <= N - 1;
        end else begin
            take <= {N{1'b0}};
            if (move) begin
                hold <= next;
                take <= next;
                for (k = 0; k < N; k = k + 1)
                    if (next[k]) last_u <= k;
            end
        end
    end
endmodule

`default_nettype wire
