// SPDX-License-Identifier: MIT
//
// ocl_cu_groups: hands the work-groups of an NDRange out to N compute units (copies of a
// kernel's pipeline, Intel's num_compute_units), one group per cycle, to whichever unit
// asks: a unit asks when its own dispatcher (ocl_dispatcher, launched over one group)
// is idle, so a unit that is held up (memory, a barrier) takes fewer groups and the
// others take more. Every work-group runs entirely on the unit that took it.
//
// Parameters
//   N   compute units (>= 1)
//
// Ports (3-D vectors are flattened: x at [31:0], y at [63:32], z at [95:64])
//   start           1-cycle pulse; local_size, global_offset and last_global_id (as
//                   ocl_dispatcher's) are sampled in that cycle. A start while busy is
//                   ignored.
//   req[u]          unit u wants a group in this cycle
//   grant[u]        unit u takes the presented group at this clock edge: one-hot,
//                   combinational from req and registers; round-robin (the first asking
//                   unit after the one granted last, circularly), so every asking unit
//                   gets a group within N grants
//   group_id        the presented group's id (registers)
//   group_offset    its first work-item's global id: global_offset + group_id * local_size
//   group_last      its last work-item's global id: group_offset + local_size - 1
//   group_items_m1  work-items in a group - 1 (the product of the local sizes - 1)
//   busy            a group is presented (valid): high from the cycle after start until
//                   the cycle the last group is granted (inclusive). If any local size is
//                   0 there are no groups and busy stays low.
//
// Order: group x fastest, then y, z. Like ocl_dispatcher, group d is the last one along
// d when its last global id equals last_global_id d (the global size is at most 2^32, so
// only the last group matches); the offsets are kept incrementally (no multipliers but
// the one product of the local sizes).
`default_nettype none

module ocl_cu_groups #(
    parameter integer N = 2
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire [95:0]   local_size,
    input  wire [95:0]   global_offset,
    input  wire [95:0]   last_global_id,
    input  wire [N-1:0]  req,
    output reg  [N-1:0]  grant,
    output wire [95:0]   group_id,
    output wire [95:0]   group_offset,
    output wire [95:0]   group_last,
    output wire [31:0]   group_items_m1,
    output wire          busy
);
    reg         valid;
    reg  [95:0] ls, offset, last_gid;
    reg  [95:0] gid, first, last;  // the presented group
    wire        empty_range = (local_size[31:0] == 32'd0) | (local_size[63:32] == 32'd0) |
                              (local_size[95:64] == 32'd0);
    wire        launch = start & ~valid;
    wire        take = valid & |grant;

    assign group_id       = gid;
    assign group_offset   = first;
    assign group_last     = last;
    assign group_items_m1 = ls[31:0] * ls[63:32] * ls[95:64] - 32'd1;
    assign busy           = valid;

    // at_last[d]: the presented group is the last one along d; dimension d steps when
    // every lower one wraps (x steps every group).
    wire [2:0] at_last;
    wire [2:0] steps = {&at_last[1:0], at_last[0], 1'b1};
    genvar d;
    generate
        for (d = 0; d < 3; d = d + 1) begin : g_dim
            assign at_last[d] = (last[32*d +: 32] == last_gid[32*d +: 32]);
            always @(posedge clk) begin
                if (launch) begin
                    gid[32*d +: 32]   <= 32'd0;
                    first[32*d +: 32] <= global_offset[32*d +: 32];
                    last[32*d +: 32]  <= global_offset[32*d +: 32] + local_size[32*d +: 32] -
                                         32'd1;
                end else if (take & steps[d]) begin
                    if (at_last[d]) begin
                        gid[32*d +: 32]   <= 32'd0;
                        first[32*d +: 32] <= offset[32*d +: 32];
                        last[32*d +: 32]  <= offset[32*d +: 32] + ls[32*d +: 32] - 32'd1;
                    end else begin
                        gid[32*d +: 32]   <= gid[32*d +: 32] + 32'd1;
                        first[32*d +: 32] <= first[32*d +: 32] + ls[32*d +: 32];
                        last[32*d +: 32]  <= last[32*d +: 32] + ls[32*d +: 32];
                    end
                end
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (launch) begin
            ls       <= local_size;
            offset   <= global_offset;
            last_gid <= last_global_id;
        end
    end

    always @(posedge clk) begin
        if (rst) valid <= 1'b0;
        else if (launch) valid <= ~empty_range;
        else if (take & &at_last) valid <= 1'b0;
    end

    // Round-robin grant: the first asking unit after prev_u (the unit granted last).
    reg [31:0] prev_u;
    integer    i;
    /* verilator lint_off UNUSED */
    integer    j;  // an index below N: its high bits are never read
    /* verilator lint_on UNUSED */
    always @(*) begin
        grant = {N{1'b0}};
        for (i = 1; i <= N; i = i + 1) begin
            j = (prev_u + i) % N;
            if (valid && grant == {N{1'b0}} && req[j])
                grant[j] = 1'b1;
        end
    end

    integer k;
    always @(posedge clk) begin
        if (rst) prev_u <= N - 1;
        else if (take)
            for (k = 0; k < N; k = k + 1)
                if (grant[k]) prev_u <= k;
    end
endmodule

`default_nettype wire
