// SPDX-License-Identifier: MIT
//
// ocl_loop_admit: admission control at the entry of a loop in a generated pipeline.
//
// Tokens (work-items) reach the loop header from two FIFOs: the entry FIFO (new tokens)
// and the back-edge FIFO (tokens starting another iteration). This module picks the one
// offered to the loop body and counts the tokens inside the loop (admitted, not yet
// exited). A token that waits in the back-edge FIFO is inside the loop.
//
// Parameters
//   CAP  tokens allowed inside the loop at once (>= 1). The back-edge FIFO must hold at
//        least CAP entries: then it can never overflow and the loop cannot deadlock.
//
// Ports
//   clear        start of a launch: count goes back to 0 at the edge, like rst
//   entry_valid  a new token waits at the entry FIFO's head
//   back_valid   an iterating token waits at the back-edge FIFO's head
//   out_valid    a token is offered to the loop body:
//                  back_valid | (entry_valid & count < CAP)
//   sel_back     the offered token is the back-edge FIFO's head (else the entry's):
//                  back_valid
//   take         the loop body accepts the offered token in this cycle; only meaningful
//                while out_valid (it is ignored otherwise)
//   entry_pop    pop the entry FIFO: take & !back_valid & entry_valid & count < CAP
//   back_pop     pop the back-edge FIFO: take & back_valid
//   exit_fire    a token left the loop through its exit in this cycle
//   count        registered number of tokens inside the loop, 0..CAP
//   empty        count == 0 (no token inside the loop)
//
// Policy
//   - Iterating tokens have priority: while back_valid is high the entry is never
//     offered, even with count < CAP. They free capacity (only they can reach the exit),
//     so giving them the body first keeps the loop draining.
//   - A new token is admitted only while count < CAP, so at most CAP tokens are inside
//     the loop, and at most CAP can ever wait in the back-edge FIFO.
//
// Timing contract
//   - out_valid, sel_back, entry_pop and back_pop are combinational from the inputs and
//     the count register (no path from exit_fire or clear to them).
//   - count <= count + entry_pop - exit_fire at each edge: an admission and an exit in
//     the same cycle leave it unchanged. The capacity an exit frees is visible from the
//     next cycle (count < CAP is evaluated on the registered count).
//   - rst or clear set count to 0 at the edge and win over that cycle's entry_pop and
//     exit_fire. They do not gate the combinational outputs: the caller keeps take low
//     while clearing if no token must move.
//   - exit_fire must be high only while count > 0 (a token can only leave the loop after
//     it entered); exit_fire with count == 0 is outside the contract (count wraps).
`default_nettype none

module ocl_loop_admit #(
    parameter integer CAP = 16
) (
    input  wire                     clk,
    input  wire                     rst,
    input  wire                     clear,
    input  wire                     entry_valid,
    input  wire                     back_valid,
    input  wire                     take,
    output wire                     out_valid,
    output wire                     sel_back,
    output wire                     entry_pop,
    output wire                     back_pop,
    input  wire                     exit_fire,
    output reg  [$clog2(CAP+1)-1:0] count,
    output wire                     empty
);
    localparam integer CW = $clog2(CAP + 1);

    // count compared against the integer CAP through a 32-bit copy: keeps the comparison
    // width-exact for every CAP.
    wire [31:0] count32 = {{(32 - CW){1'b0}}, count};
    wire        room    = (count32 < CAP);

    assign sel_back  = back_valid;
    assign out_valid = back_valid | (entry_valid & room);
    assign entry_pop = take & ~back_valid & entry_valid & room;
    assign back_pop  = take & back_valid;
    assign empty     = (count == {CW{1'b0}});

    always @(posedge clk) begin
        if (rst | clear) begin
            count <= {CW{1'b0}};
        end else if (entry_pop & ~exit_fire) begin
            count <= count + 1'b1;
        end else if (exit_fire & ~entry_pop) begin
            count <= count - 1'b1;
        end
    end
endmodule

`default_nettype wire
