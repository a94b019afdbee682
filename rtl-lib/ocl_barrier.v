// SPDX-License-Identifier: MIT
//
// ocl_barrier: a work-group barrier in a generated pipeline. Tokens (work-items) of each
// work-group are held until all wg_size of them have arrived; the group is then released,
// its tokens leaving in arrival order. Every work-group in flight owns a slot (given by
// ocl_wg_slots); the token's slot comes with it.
//
// Parked work-items: in a barrier loop, a work-item whose guard became false for good may
// leave the loop early and wait at a second barrier after it (the gate). It parks here:
// it counts as arrived in the current gathering of its slot and in every later one of
// that work-group, without a token passing through. A gathering is then complete when
// its arrived plus parked work-items make wg_size, and releases only the arrived tokens.
//
// Parameters
//   W      token bits (>= 1)
//   NSLOT  work-group slots (>= 1)
//   SW     slot id bits (>= $clog2(NSLOT), at least 1)
//   MAXWG  largest work-group: tokens held per slot (>= 1)
//   CW     count bits: MAXWG < 2**CW
//   OUT_REG  1: the out port's head is a flip-flop after the block RAM's read register
//          (out_valid one cycle later, the same throughput). For the ECP5, whose block RAM
//          answers about 5.8 ns after the clock without its output register: the segment
//          after the barrier starts its work on out_data
//
// Storage: one memory of 2*NSLOT*MAXWG words: each slot has two phases of MAXWG words, so a
// group can gather again (in a loop: its first released tokens come back to the barrier)
// while its previous gathering is still being released. Phase p of slot s is at words
// [(2s+p)*MAXWG, (2s+p+1)*MAXWG), written by the in port and read synchronously (with an
// enable) for the out port: the simple dual-port pattern synthesis infers as block RAM. The
// read register is the out port's head register. Next to it: per slot a count of arrived
// tokens, a count of parked work-items and a phase bit, and a queue of completed
// (slot, phase, token count) entries (ocl_fifo, 2*NSLOT entries).
//
// Ports
//   clear      start of a launch: empty after the edge (counts 0, parked counts 0, no
//              completed slot, no head), like rst
//   wg_size    tokens per work-group, 1..MAXWG; stable during a launch
//   in_valid, in_data, in_slot
//              a token of the work-group in slot in_slot (< NSLOT) arrives: it is stored
//              at the edge
//   in_ready   constant 1: a slot holds at most wg_size <= MAXWG tokens and has MAXWG
//              words, so every token allowed by the contract below finds its word
//   out_valid, out_data, out_ready
//              first-word-fall-through head: out_data is the next token of the slot being
//              released; it leaves at an edge with out_valid && out_ready; while
//              out_valid && !out_ready, out_valid stays high and out_data does not change
//   empty      no token inside (all counts 0, nothing completed, no head): combinational
//              from registers. Parked work-items are no tokens: they do not count.
//   park_valid, park_slot
//              a work-item of slot park_slot parks at the edge: the slot's parked count
//              goes up by 1; nothing is stored
//   unpark_valid, unpark_slot
//              slot unpark_slot's work-group has left (all its work-items passed the
//              gate): its parked count is 0 after the edge. It wins over a park of the
//              same slot in that cycle (parked is 0 after the edge); an arrival or park
//              in that cycle is still checked against the parked count before the edge
//   done_valid, done_slot
//              a gathering of slot done_slot completes at this edge (it joins the queue
//              of completed phases; low in a cycle with rst or clear): combinational
//              from in_valid, in_slot, park_valid, park_slot, rst, clear and registers
//              (for the unpark of another barrier, which registers it)
//   park_ready a park of park_slot may happen in this cycle: low only when in_valid
//              brings a token of another slot and both slots are one event short of
//              completing (count + parked + 1 == wg_size each), which covers the case of
//              two completions in one cycle (it also refuses a park that would find count
//              0 and complete nothing). Combinational from in_valid, in_slot, park_slot
//              and registers (not from park_valid)
//
// Slot life
//   collecting  count = tokens arrived so far in the slot's current phase, parked =
//               work-items of the slot's work-group parked so far (in this or an earlier
//               gathering); count + parked < wg_size, or count 0 and parked = wg_size
//               once every work-item of the group parked. An arrival or a park that makes
//               count + parked reach wg_size completes the phase if count (with that
//               arrival) is not 0: it joins the queue of completed phases with its
//               count n, and the slot collects again at once, in its other phase, from
//               count 0 (parked is kept). If count is 0 (every remaining work-item
//               parked), nothing completes: no token is there to release
//   complete    waits in that queue: phases are released in the order they completed
//   releasing   the queue's head: its n tokens are read in arrival order, one per edge
//               while the head register is free or leaving; the edge that reads its last
//               token pops it from the queue (that token is then in the head register)
//
// Timing contract
//   - Latency: when the slot at the queue's head completed in cycle c (its last token
//     arrived or its last work-item parked at the edge ending c), out_valid is high in
//     every cycle from c+2 on until its last token leaves. A slot completing with the
//     queue empty and the head register free has its first token read at the edge ending
//     c+1 and at the head in c+2 (c+3 with OUT_REG).
//   - Throughput: with out_ready high a slot's tokens leave back to back, and the next
//     completed slot's first token follows the last one without a gap: one token out per
//     cycle sustained, and one token in per cycle (in_ready is constant 1).
//   - out_valid, out_data and empty are registers or combinational from registers: no
//     path from in_*, park_*, unpark_* or out_ready to them.
//   - rst or clear win over that cycle's arrival, park, unpark and release. The memory
//     is not reset (a word reads undefined until written; out_data is undefined while
//     !out_valid).
//   - The contract of the pipeline: a slot's phase completes again only after its previous
//     completion has been released (a work-item comes back to the barrier only after it
//     left it, so the whole group has left before the group is complete again), and the
//     next work-group of a slot starts only after all tokens of the previous one have left
//     (the slot is freed when its work-items leave the kernel) and after the unpark of
//     the previous one (or a clear). A parked work-item never arrives or parks again in
//     its work-group. park_valid only while park_ready (so at most one phase completes
//     per cycle; an arrival and a park of different slots may share a cycle otherwise).
//     wg_size outside 1..MAXWG, in_slot or park_slot >= NSLOT are outside the contract.
`default_nettype none

module ocl_barrier #(
    parameter integer W = 32,
    parameter integer NSLOT = 2,
    parameter integer SW = (NSLOT > 1) ? $clog2(NSLOT) : 1,
    parameter integer MAXWG = 16,
    parameter integer CW = 5,
    parameter integer OUT_REG = 0
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          clear,
    input  wire [CW-1:0] wg_size,
    input  wire          in_valid,
    output wire          in_ready,
    input  wire [W-1:0]  in_data,
    input  wire [SW-1:0] in_slot,
    output wire          out_valid,
    input  wire          out_ready,
    output wire [W-1:0]  out_data,
    output wire          empty,
    input  wire          park_valid,
    input  wire [SW-1:0] park_slot,
    input  wire          unpark_valid,
    input  wire [SW-1:0] unpark_slot,
    output wire          done_valid,
    output wire [SW-1:0] done_slot,
    output wire          park_ready
);
    localparam integer DEPTH = 2 * NSLOT * MAXWG;
    localparam integer AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

    assign in_ready = 1'b1;

    // Queue of completed phases {slot, phase, n}, in completion order; its head is the
    // phase being released, n its token count (1..wg_size). Each of the 2*NSLOT phases is
    // in it at most once: no overflow.
    wire          cq_push;
    wire          cq_pop;
    wire [SW:0]   head;      // {slot, phase} of the releasing phase
    wire [CW-1:0] head_n;    // its token count
    wire          cq_empty;
    wire          cq_full;
    wire [$clog2(2*NSLOT+1)-1:0] cq_count;
    // The phase completing this cycle (at most one: see park_ready): slot, phase, n.
    wire [SW-1:0] done_s;
    wire          done_phase;
    wire [CW-1:0] done_n;
    ocl_fifo #(.WIDTH(SW + 1 + CW), .DEPTH(2 * NSLOT)) u_order (
        .clk(clk), .rst(rst | clear), .push(cq_push), .push_data({done_s, done_phase, done_n}),
        .pop(cq_pop), .pop_data({head, head_n}), .empty(cq_empty), .full(cq_full),
        .count(cq_count)
    );

    // Per-slot state, flattened: slot i at [i*CW +: CW], [i].
    wire [NSLOT*CW-1:0] cnt_all;
    wire [NSLOT-1:0]    cnt_nz;
    wire [NSLOT-1:0]    complete_all;    // the slot's phase completes this cycle
    wire [NSLOT-1:0]    phase_all;
    wire [NSLOT*CW-1:0] n_all;           // count with this cycle's arrival
    wire [NSLOT-1:0]    one_short_all;   // an arrival or a park alone would complete it
    wire [NSLOT-1:0]    is_in_slot;      // one-hot: in_slot
    wire [NSLOT-1:0]    is_park_slot;    // one-hot: park_slot
    wire [CW-1:0]       cnt_in = cnt_all[in_slot*CW +: CW];
    wire                phase_in = |(phase_all & is_in_slot);

    // One completion per cycle: an arrival of one slot and a park of another may both
    // happen, unless each would complete its slot (then the park waits a cycle).
    assign park_ready = ~(in_valid & (park_slot != in_slot) & |(one_short_all & is_in_slot) &
                          |(one_short_all & is_park_slot));

    // The completing slot (one-hot complete_all) and its phase and count.
    reg [SW-1:0] done_idx;
    integer      j;
    always @(*) begin
        done_idx = {SW{1'b0}};
        for (j = 0; j < NSLOT; j = j + 1)
            if (complete_all[j]) done_idx = j[SW-1:0];
    end
    assign done_s     = done_idx;
    assign done_phase = |(phase_all & complete_all);
    assign done_n     = n_all[done_idx*CW +: CW];
    assign cq_push    = |complete_all;
    // rst or clear win over the completion: nothing completes then.
    assign done_valid = cq_push & ~(rst | clear);
    assign done_slot  = done_idx;

    // Release: read the head phase's n tokens in arrival order into the read register q
    // (the head register, or with OUT_REG the stage before it); q_move: q leaves.
    reg [CW-1:0] rd_idx;   // next token of the releasing phase
    reg          q_valid;
    reg [W-1:0]  q;
    wire         q_move;
    wire         rd_en   = ~cq_empty & (~q_valid | q_move);
    wire         rd_last = (rd_idx + 1'b1 == head_n);
    wire         head_valid;
    assign cq_pop = rd_en & rd_last;

    generate
        if (OUT_REG != 0) begin : g_out_reg
            reg         o_valid;
            reg [W-1:0] o;
            assign q_move = q_valid & (~o_valid | out_ready);
            always @(posedge clk) begin
                if (rst | clear) o_valid <= 1'b0;
                else if (q_move) o_valid <= 1'b1;
                else if (out_ready) o_valid <= 1'b0;
            end
            always @(posedge clk) begin
                if (q_move) o <= q;
            end
            assign out_valid  = o_valid;
            assign out_data   = o;
            assign head_valid = q_valid | o_valid;
        end else begin : g_out_q
            assign q_move     = out_ready;
            assign out_valid  = q_valid;
            assign out_data   = q;
            assign head_valid = q_valid;
        end
    endgenerate
    assign empty = ~|cnt_nz & cq_empty & ~head_valid;

    genvar i;
    generate
        for (i = 0; i < NSLOT; i = i + 1) begin : g_slot
            reg  [CW-1:0] cnt;
            reg  [CW-1:0] parked;   // <= wg_size <= MAXWG < 2**CW
            reg           phase;
            wire          arrive   = in_valid & (in_slot == i);
            wire          park     = park_valid & (park_slot == i);
            wire          unpark   = unpark_valid & (unpark_slot == i);
            // The events complete the slot when arrived + parked reach wg_size with at
            // least one token to release. n = cnt + arrival <= wg_size < 2**CW; sums on
            // CW+1 bits so that no wrap can fake a completion.
            wire [CW-1:0] n        = cnt + {{(CW - 1){1'b0}}, arrive};
            wire [CW:0]   total    = {1'b0, n} + {1'b0, parked} + {{CW{1'b0}}, park};
            wire          complete = (arrive | park) & (|n) & (total == {1'b0, wg_size});
            wire [CW:0]   one_more = {1'b0, cnt} + {1'b0, parked} + 1'b1;

            always @(posedge clk) begin
                if (rst | clear) begin
                    cnt <= {CW{1'b0}};
                    phase <= 1'b0;
                end else if (complete) begin
                    cnt <= {CW{1'b0}};
                    phase <= ~phase;
                end else if (arrive) begin
                    cnt <= cnt + 1'b1;
                end
            end
            always @(posedge clk) begin
                if (rst | clear | unpark) parked <= {CW{1'b0}};
                else if (park) parked <= parked + 1'b1;
            end
            assign cnt_all[i*CW +: CW] = cnt;
            assign n_all[i*CW +: CW] = n;
            assign cnt_nz[i] = |cnt;
            assign phase_all[i] = phase;
            assign complete_all[i] = complete;
            assign one_short_all[i] = (one_more == {1'b0, wg_size});
            assign is_in_slot[i] = (in_slot == i);
            assign is_park_slot[i] = (park_slot == i);
        end
    endgenerate

    always @(posedge clk) begin
        if (rst | clear) begin
            rd_idx  <= {CW{1'b0}};
            q_valid <= 1'b0;
        end else begin
            if (rd_en) rd_idx <= rd_last ? {CW{1'b0}} : rd_idx + 1'b1;
            if (rd_en) q_valid <= 1'b1;
            else if (q_move) q_valid <= 1'b0;
        end
    end

    // Word addresses: {slot, phase} * MAXWG + index, on 32 bits (a constant multiplier).
    // A token arriving is in in_slot, at index cnt of its phase.
    wire [31:0] wr_addr32 = {{(31 - SW){1'b0}}, in_slot, phase_in} * MAXWG +
                            {{(32 - CW){1'b0}}, cnt_in};
    wire [31:0] rd_addr32 = {{(31 - SW){1'b0}}, head} * MAXWG + {{(32 - CW){1'b0}}, rd_idx};
    wire [AW-1:0] wr_addr = wr_addr32[AW-1:0];
    wire [AW-1:0] rd_addr = rd_addr32[AW-1:0];

    /* verilator lint_off UNUSED */
    // The address bits above AW are 0 within the contract; the queue's full and count
    // are not needed (it cannot overflow).
    wire unused = ^{wr_addr32[31:AW], rd_addr32[31:AW], cq_full, cq_count};
    /* verilator lint_on UNUSED */

    // The block RAM: one write port, one synchronous read port with an enable.
    reg [W-1:0] mem [0:DEPTH-1];
    always @(posedge clk) begin
        if (in_valid) mem[wr_addr] <= in_data;
        if (rd_en) q <= mem[rd_addr];
    end
endmodule

`default_nettype wire
