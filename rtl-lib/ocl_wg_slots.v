// SPDX-License-Identifier: MIT
//
// ocl_wg_slots: the work-group slots of a generated kernel that uses work-groups
// (barriers, __local memory). Every work-group in flight owns a slot: its copy of the
// __local arrays and its place in the barrier units. Work-items are dispatched group by
// group (all work-items of group g, then those of g+1); inside the kernel they may
// overtake each other, so they leave in any order, interleaved across groups.
//
// Parameters
//   NSLOT  work-groups in flight (>= 1)
//   SW     slot id bits (>= $clog2(NSLOT), at least 1)
//   CW     count bits: wg_size < 2**CW
//
// Ports
//   clear       start of a launch: every slot is free and every count 0 after the edge,
//               like rst
//   wg_size     work-items per work-group (>= 1); stable during a launch (it is used at
//               every exit)
//   disp_first  the work-item offered at the dispatch side is its group's first (local
//               linear id 0)
//   disp_ok     it may enter: !disp_first, or some slot is free
//   disp_slot   its slot: the lowest free slot if disp_first (0 while every slot is
//               taken), else the slot of its group, which is the slot the last first
//               work-item that entered took (0 after rst or clear)
//   disp_fire   the offered work-item enters at the clock edge; only meaningful while
//               disp_ok (a first work-item firing without a free slot is ignored, a
//               non-first one never changes any state)
//   exit_fire   a work-item of slot exit_slot leaves the kernel at the clock edge
//   exit_slot   that work-item's slot (a taken slot, < NSLOT)
//   all_free    no slot is taken
//
// Slot life
//   - A first work-item entering takes the lowest free slot at the edge; the slot stays
//     its group's slot (disp_slot of the following non-first work-items) until the next
//     first work-item enters.
//   - Each slot counts the exits of its work-items. The exit that brings the count to
//     wg_size frees the slot and resets its count at that edge: the slot is free from the
//     next cycle (it can be taken at the following edge at the earliest).
//
// Timing contract
//   - disp_ok, disp_slot and all_free are combinational from registers and disp_first
//     only: no path from disp_fire, exit_fire, exit_slot, wg_size or clear to them.
//   - A dispatch and an exit in the same cycle both take effect. A first work-item
//     never takes the slot an exit frees in the same cycle (that slot is still taken).
//   - rst or clear win over that cycle's dispatch and exit. They do not gate the
//     combinational outputs: the caller keeps disp_fire low while clearing if no
//     work-item must enter.
//   - Outside the contract: exit_fire for a slot whose work-items have all exited (or an
//     exit_slot >= NSLOT), a non-first work-item before any first one, and more than
//     wg_size work-items in a group (exits past wg_size).
`default_nettype none

module ocl_wg_slots #(
    parameter integer NSLOT = 2,
    parameter integer SW = (NSLOT > 1) ? $clog2(NSLOT) : 1,
    parameter integer CW = 11
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          clear,
    input  wire [CW-1:0] wg_size,
    input  wire          disp_first,
    output wire          disp_ok,
    output wire [SW-1:0] disp_slot,
    input  wire          disp_fire,
    input  wire          exit_fire,
    input  wire [SW-1:0] exit_slot,
    output wire          all_free
);
    reg [NSLOT-1:0] busy;  // slot i is taken
    reg [SW-1:0]    cur;   // slot of the group being dispatched (of the last first one)

    // Lowest free slot: scanned from the top so that the lowest one is written last.
    reg [SW-1:0] low_id;
    integer      k;
    always @(*) begin
        low_id = {SW{1'b0}};
        for (k = NSLOT - 1; k >= 0; k = k - 1) begin
            if (!busy[k]) low_id = k[SW-1:0];
        end
    end

    wire any_free = ~&busy;
    assign disp_ok   = ~disp_first | any_free;
    assign disp_slot = disp_first ? low_id : cur;
    assign all_free  = ~|busy;

    // A first work-item takes low_id at this edge.
    wire take = disp_fire & disp_first & any_free;

    // Slots taken and freed at this edge (one-hot each; disjoint: a freed slot is taken,
    // low_id is free).
    wire [NSLOT-1:0] take_oh;
    wire [NSLOT-1:0] give_oh;
    genvar i;
    generate
        for (i = 0; i < NSLOT; i = i + 1) begin : g_slot
            reg [CW-1:0] cnt;  // exits of the slot's group so far (0..wg_size-1)
            wire         hit = exit_fire & (exit_slot == i);
            // cnt < wg_size < 2**CW: cnt + 1 does not wrap.
            wire         last = hit & (cnt + 1'b1 == wg_size);

            assign take_oh[i] = take & (low_id == i);
            assign give_oh[i] = last;

            always @(posedge clk) begin
                if (rst | clear) cnt <= {CW{1'b0}};
                else if (last) cnt <= {CW{1'b0}};
                else if (hit) cnt <= cnt + 1'b1;
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (rst | clear) begin
            busy <= {NSLOT{1'b0}};
            cur  <= {SW{1'b0}};
        end else begin
            busy <= (busy & ~give_oh) | take_oh;
            if (take) cur <= low_id;
        end
    end
endmodule

`default_nettype wire
