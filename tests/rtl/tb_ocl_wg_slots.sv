// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_wg_slots: NSLOT = 1, 2, 3 and 4 (CW 11 and 4). A model of
// the slots (taken bitmap, exit count per slot, the slot of the group being dispatched)
// predicts every output in every cycle (disp_ok, disp_slot, all_free) from the
// registers and the disp_first of that cycle, and takes the dispatches, exits and clears
// of each edge.
//
// The stimulus plays the kernel: a dispatcher stream of work-groups of wg_size
// work-items (disp_first on local id 0 only), which enter only when the model says
// disp_ok; the work-items that entered leave at random (any order, interleaved across
// groups; one phase lets them leave in order). In a cycle without a dispatch disp_first
// is a random probe, so both values are checked in every state. wg_size changes only
// together with clear (the start of a launch), in turn 1, 3, 8 (and 2**CW-1 when CW is
// 4).
//
// Each instance first runs a directed script with wg_size 3:
//   fill     NSLOT groups enter back to back, no exit: group g gets slot g
//   full     every slot taken: disp_ok is low for a first work-item, high for a non-first
//            one (disp_slot = the last group's slot)
//   free     the work-items of slot M = NSLOT/2 leave, one per cycle: a first work-item
//            stays refused up to and including the cycle of the last exit
//   reuse    in the next cycle the first work-item is offered slot M and takes it; its
//            group's non-first work-items get M too
//   drain    everything leaves: all_free afterwards
// then random stimulus in phases (dispatch-heavy to take every slot, exit-heavy, balanced,
// everything every cycle, in-order exits), with an occasional clear.
`default_nettype none

module tb_wg_slots_unit #(
    parameter int NSLOT = 2,
    parameter int CW = 11,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int SW = (NSLOT > 1) ? $clog2(NSLOT) : 1;
    localparam int NSIZES = (CW <= 4) ? 4 : 3;   // wg_size values of the random launches

    // Directed script: step ranges (step 0 is the idle cycle after reset).
    localparam int WD        = 3;                // wg_size of the script
    localparam int FILL_END  = 1 + NSLOT * WD;   // [1, FILL_END)     dispatch every cycle
    localparam int P_FIRST   = FILL_END;         // probe: a first work-item is refused
    localparam int P_NEXT    = P_FIRST + 1;      // probe: a non-first one may enter
    localparam int M         = NSLOT / 2;        // the group that leaves first
    localparam int X_END     = P_NEXT + 1 + WD;  // (P_NEXT, X_END)   exits of slot M
    localparam int REUSE     = X_END;            // a first work-item takes slot M again
    localparam int REUSE_END = REUSE + WD;       // [REUSE, REUSE_END) that group enters
    // From REUSE_END: exits only until every work-item has left, then random stimulus.

    logic          clear = 1'b0;
    logic [CW-1:0] wg_size = CW'(WD);
    logic          disp_first = 1'b0;
    logic          disp_fire = 1'b0;
    logic          exit_fire = 1'b0;
    logic [SW-1:0] exit_slot = '0;
    logic          disp_ok, all_free;
    logic [SW-1:0] disp_slot;

    ocl_wg_slots #(.NSLOT(NSLOT), .CW(CW)) dut (
        .clk(clk), .rst(rst), .clear(clear), .wg_size(wg_size), .disp_first(disp_first),
        .disp_ok(disp_ok), .disp_slot(disp_slot), .disp_fire(disp_fire),
        .exit_fire(exit_fire), .exit_slot(exit_slot), .all_free(all_free)
    );

    // Model.
    bit mbusy[NSLOT];   // slot taken
    int mcnt[NSLOT];    // exits of the slot's group so far
    int mcur = 0;       // slot of the group being dispatched
    int gsz = WD;       // wg_size of the launch
    // The kernel: the dispatcher stream and the work-items inside.
    int lid = 0;        // local id of the next work-item of the stream
    int ent[$];         // slots of the work-items inside (entered, not yet leaving)
    int gseq[NSLOT];    // age of each slot's group (dispatch order)
    int ngroups = 0;

    int cyc = 0;
    int step = 0;       // step of the stimulus applied in the current cycle
    bit directed = 1'b1;
    int drained_step = -1;   // first step after the directed drain
    int rstep = 0;      // steps of random stimulus so far
    int launches = 0;
    int disp_pct = 50, exit_pct = 50;
    bit in_order = 1'b0;
    // Coverage.
    int n_refused = 0, n_nonfirst_full = 0, n_take_and_free = 0, n_reuse = 0;
    int n_free_out_of_order = 0, n_clear_busy = 0, n_all_free_after_use = 0, n_high_slot = 0;
    int n_exit_interleaved = 0;
    int n_free_by_size[NSIZES];
    int last_exit_slot = -1;
    bit ever_taken[NSLOT];
    initial done = 1'b0;
    initial for (int k = 0; k < NSIZES; k++) n_free_by_size[k] = 0;

    function automatic int size_of(int k);
        case (k % NSIZES)
            0: return 1;
            1: return 3;
            2: return 8;
            default: return (1 << CW) - 1;
        endcase
    endfunction

    // Takes one work-item of slot s out of ent.
    function automatic void remove_slot(int s);
        for (int i = 0; i < ent.size(); i++) begin
            if (ent[i] == s) begin
                ent.delete(i);
                return;
            end
        end
        $error("wg_slots N%0d: bench: no work-item of slot %0d inside", NSLOT, s);
    endfunction

    function automatic void model_clear();
        for (int i = 0; i < NSLOT; i++) begin
            mbusy[i] = 1'b0;
            mcnt[i] = 0;
            ever_taken[i] = 1'b0;
        end
        mcur = 0;
        lid = 0;
        ent.delete();
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            model_clear();
            gsz = WD;
            step = 0;
            directed = 1'b1;
            clear      <= 1'b0;
            wg_size    <= CW'(WD);
            disp_first <= 1'b1;
            disp_fire  <= 1'b0;
            exit_fire  <= 1'b0;
        end else if (!done) begin
            int  low, nbusy, e_slot, es;
            bit  e_ok, take, frees, any_free, fire, first, ex, cl;

            // Check every output before this edge against the model.
            low = -1;
            nbusy = 0;
            for (int i = NSLOT - 1; i >= 0; i--) begin
                if (!mbusy[i]) low = i;
                else nbusy++;
            end
            e_ok = !disp_first || low >= 0;
            e_slot = disp_first ? low : mcur;
            if (disp_ok !== e_ok)
                $error("wg_slots N%0d cycle %0d: disp_ok=%b, expected %b (first %b, %0d taken)",
                       NSLOT, cyc, disp_ok, e_ok, disp_first, nbusy);
            if (e_ok && disp_slot !== SW'(e_slot))
                $error("wg_slots N%0d cycle %0d: disp_slot=%0d, expected %0d (first %b)", NSLOT,
                       cyc, disp_slot, e_slot, disp_first);
            if (all_free !== (nbusy == 0))
                $error("wg_slots N%0d cycle %0d: all_free=%b, %0d taken", NSLOT, cyc, all_free,
                       nbusy);

            // Directed checks (independent of the model).
            if (step == 0 && (!disp_ok || disp_slot !== '0 || !all_free))
                $error("wg_slots N%0d: after reset disp_ok %b disp_slot %0d all_free %b", NSLOT,
                       disp_ok, disp_slot, all_free);
            if (step >= 1 && step < FILL_END &&
                (!disp_ok || disp_slot !== SW'((step - 1) / WD)))
                $error("wg_slots N%0d step %0d: fill: disp_ok %b disp_slot %0d, expected slot %0d",
                       NSLOT, step, disp_ok, disp_slot, (step - 1) / WD);
            if (step == P_FIRST && (disp_ok || all_free))
                $error("wg_slots N%0d: every slot taken, a first work-item: disp_ok %b all_free %b",
                       NSLOT, disp_ok, all_free);
            if (step == P_NEXT && (!disp_ok || disp_slot !== SW'(NSLOT - 1)))
                $error("wg_slots N%0d: every slot taken, a non-first work-item: disp_ok %b disp_slot %0d, expected slot %0d",
                       NSLOT, disp_ok, disp_slot, NSLOT - 1);
            if (step > P_NEXT && step < X_END && disp_ok)
                $error("wg_slots N%0d step %0d: a first work-item admitted before slot %0d is free",
                       NSLOT, step, M);
            if (step == REUSE && (!disp_ok || disp_slot !== SW'(M)))
                $error("wg_slots N%0d: freed slot %0d not reused (disp_ok %b disp_slot %0d)", NSLOT,
                       M, disp_ok, disp_slot);
            if (step > REUSE && step < REUSE_END && (!disp_ok || disp_slot !== SW'(M)))
                $error("wg_slots N%0d step %0d: reused group: disp_ok %b disp_slot %0d, expected slot %0d",
                       NSLOT, step, disp_ok, disp_slot, M);
            if (step == drained_step && !all_free)
                $error("wg_slots N%0d: every work-item left, all_free low", NSLOT);

            // Coverage of the cases that matter.
            take = disp_fire && disp_first && low >= 0;
            frees = exit_fire && mcnt[int'(exit_slot)] + 1 == gsz;
            if (disp_first && low < 0) n_refused++;
            if (disp_fire && !disp_first && low < 0) n_nonfirst_full++;
            if (take && frees) n_take_and_free++;
            if (take && ever_taken[low]) n_reuse++;
            if (take && low == NSLOT - 1) n_high_slot++;
            if (frees) begin
                for (int i = 0; i < NSLOT; i++)
                    if (mbusy[i] && gseq[i] < gseq[int'(exit_slot)]) begin
                        n_free_out_of_order++;
                        break;
                    end
                for (int k = 0; k < NSIZES; k++) if (size_of(k) == gsz) n_free_by_size[k]++;
            end
            if (exit_fire) begin
                if (last_exit_slot >= 0 && last_exit_slot != int'(exit_slot))
                    n_exit_interleaved++;
                last_exit_slot = int'(exit_slot);
            end
            if (clear && nbusy > 0) n_clear_busy++;
            if (!directed && nbusy == 0 && ngroups > NSLOT) n_all_free_after_use++;

            // Apply this cycle to the model: clear wins over the dispatch and the exit.
            if (clear) begin
                model_clear();
                gsz = int'(wg_size);
                last_exit_slot = -1;
            end else begin
                if (exit_fire) begin
                    es = int'(exit_slot);
                    mcnt[es]++;
                    if (mcnt[es] == gsz) begin
                        mbusy[es] = 1'b0;
                        mcnt[es] = 0;
                    end
                end
                // The stimulus fires only while the model says disp_ok.
                if (disp_fire) begin
                    if (disp_first) begin
                        mbusy[low] = 1'b1;
                        ever_taken[low] = 1'b1;
                        mcur = low;
                        gseq[low] = ngroups;
                        ngroups++;
                    end
                    ent.push_back(mcur);
                    lid = (lid + 1) % gsz;
                end
            end

            // Next stimulus, against the state the next cycle will see.
            step++;
            any_free = 1'b0;
            for (int i = 0; i < NSLOT; i++) if (!mbusy[i]) any_free = 1'b1;
            cl = 1'b0;
            fire = 1'b0;
            first = 1'($urandom_range(1));
            ex = 1'b0;
            es = $urandom_range(NSLOT - 1);
            if (step < FILL_END) begin
                fire = 1'b1;
                first = lid == 0;
            end else if (step == P_FIRST) begin
                first = 1'b1;
            end else if (step == P_NEXT) begin
                first = 1'b0;
            end else if (step < X_END) begin
                first = 1'b1;
                ex = 1'b1;
                es = M;
                remove_slot(M);
            end else if (step < REUSE_END) begin
                fire = 1'b1;
                first = lid == 0;
            end else if (directed && ent.size() > 0) begin
                int idx;
                ex = 1'b1;
                idx = $urandom_range(ent.size() - 1);
                es = ent[idx];
                ent.delete(idx);
            end else begin
                if (directed) begin
                    directed = 1'b0;
                    drained_step = step;
                end
                if (rstep % 256 == 0) begin
                    in_order = 1'b0;
                    case ($urandom_range(4))
                        0: begin disp_pct = 90; exit_pct = 30; end
                        1: begin disp_pct = 20; exit_pct = 90; end
                        2: begin disp_pct = 60; exit_pct = 60; end
                        3: begin disp_pct = 100; exit_pct = 100; end
                        default: begin disp_pct = 70; exit_pct = 60; in_order = 1'b1; end
                    endcase
                end
                rstep++;
                if ($urandom_range(99) < disp_pct) begin
                    fire = lid != 0 || any_free;
                    if (fire) first = lid == 0;
                end
                if ($urandom_range(99) < exit_pct && ent.size() > 0) begin
                    int idx;
                    ex = 1'b1;
                    idx = in_order ? 0 : $urandom_range(ent.size() - 1);
                    es = ent[idx];
                    ent.delete(idx);
                end
                cl = $urandom_range(511) == 0;
                if (cl) begin
                    launches++;
                    wg_size <= CW'(size_of(launches));
                end
            end
            clear      <= cl;
            disp_first <= first;
            disp_fire  <= fire;
            exit_fire  <= ex;
            exit_slot  <= SW'(es);

            cyc++;
            if (cyc == CYCLES) begin
                bit size_missed;
                size_missed = 1'b0;
                for (int k = 0; k < NSIZES; k++) if (n_free_by_size[k] == 0) size_missed = 1'b1;
                // One slot: no other group to overtake, no free slot beside the one freed.
                if (n_refused == 0 || n_nonfirst_full == 0 || n_reuse == 0 ||
                    (NSLOT > 1 && (n_take_and_free == 0 || n_free_out_of_order == 0 ||
                                   n_exit_interleaved == 0)) ||
                    n_clear_busy == 0 || n_all_free_after_use == 0 || n_high_slot == 0 ||
                    size_missed)
                    $error("wg_slots N%0d: weak coverage (first refused %0d, non-first while full %0d, reuse %0d, take+free %0d, freed before an older group %0d, exits interleaved %0d, clear while busy %0d, all free again %0d, top slot %0d, a wg_size never completed %b)",
                           NSLOT, n_refused, n_nonfirst_full, n_reuse, n_take_and_free,
                           n_free_out_of_order, n_exit_interleaved, n_clear_busy,
                           n_all_free_after_use, n_high_slot, size_missed);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_wg_slots (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [3:0] done;
    tb_wg_slots_unit #(.NSLOT(1), .CW(11)) u1 (.clk(clk), .rst(rst), .done(done[0]));
    tb_wg_slots_unit #(.NSLOT(2), .CW(4))  u2 (.clk(clk), .rst(rst), .done(done[1]));
    tb_wg_slots_unit #(.NSLOT(3), .CW(4))  u3 (.clk(clk), .rst(rst), .done(done[2]));
    tb_wg_slots_unit #(.NSLOT(4), .CW(11)) u4 (.clk(clk), .rst(rst), .done(done[3]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_wg_slots");
            $finish;
        end
    end
endmodule

`default_nettype wire
