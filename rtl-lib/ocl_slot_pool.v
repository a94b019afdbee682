// SPDX-License-Identifier: MIT
//
// ocl_slot_pool: a pool of N slot ids, the per-work-item copies of the private arrays of
// a generated kernel. A work-item takes the lowest free slot when it enters the kernel
// and gives it back when it leaves.
//
// Parameters
//   N   slots (>= 1)
//   IW  id bits (>= $clog2(N), at least 1)
//
// Ports
//   clear        start of a launch: every slot is free after the edge, like rst
//   alloc_ready  some slot is free
//   alloc_id     the lowest free slot; valid while alloc_ready (0 while full)
//   alloc        take alloc_id at the clock edge; ignored while !alloc_ready
//   release_en   give back release_id at the clock edge
//   release_id   a slot that is taken (releasing a free slot, or an id >= N, is outside
//                the contract)
//   all_free     no slot is taken
//
// Timing contract
//   - alloc_ready, alloc_id and all_free are combinational from the busy bitmap register
//     only: no path from alloc, release_en, release_id or clear to them.
//   - A slot released at edge t is free from the cycle after edge t (it can be allocated
//     at edge t+1 at the earliest).
//   - alloc and release_en in the same cycle both take effect. The ids differ: alloc_id
//     is free and release_id is taken.
//   - rst or clear free every slot at the edge and win over that cycle's alloc and
//     release_en. They do not gate the combinational outputs: the caller keeps alloc
//     low while clearing if no work-item must be admitted.
`default_nettype none

module ocl_slot_pool #(
    parameter integer N = 64,
    parameter integer IW = (N > 1) ? $clog2(N) : 1
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          clear,
    output wire          alloc_ready,
    output wire [IW-1:0] alloc_id,
    input  wire          alloc,
    input  wire          release_en,
    input  wire [IW-1:0] release_id,
    output wire          all_free
);
    reg [N-1:0] busy;  // slot i is taken

    assign alloc_ready = ~&busy;
    assign all_free    = ~|busy;

    // Lowest free slot: scanned from the top so that the lowest one is written last.
    reg [IW-1:0] low_id;
    integer      k;
    always @(*) begin
        low_id = {IW{1'b0}};
        for (k = N - 1; k >= 0; k = k - 1) begin
            if (!busy[k]) low_id = k[IW-1:0];
        end
    end
    assign alloc_id = low_id;

    // Slots set and cleared at this edge (one-hot each; disjoint within the contract).
    wire [N-1:0] take_oh;
    wire [N-1:0] give_oh;
    genvar i;
    generate
        for (i = 0; i < N; i = i + 1) begin : g_slot
            assign take_oh[i] = alloc & alloc_ready & (low_id == i);
            assign give_oh[i] = release_en & (release_id == i);
        end
    endgenerate

    always @(posedge clk) begin
        if (rst | clear) begin
            busy <= {N{1'b0}};
        end else begin
            busy <= (busy & ~give_oh) | take_oh;
        end
    end
endmodule

`default_nettype wire
