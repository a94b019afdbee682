// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_barrier, in two parts: tb_barrier_unit (the barrier without
// parked work-items: park and unpark tied to 0) and tb_barrier_park (parked work-items of
// a barrier loop, described at that module).
//
// tb_barrier_unit: NSLOT in {1, 2, 3} x MAXWG in {1, 4, 16}, plus
// NSLOT 3 with MAXWG 5 (not a power of two), widths 8 to 70, CW minimal or wider. A
// reference model, which knows nothing of phases (the gathering in progress of each slot
// with its tokens in arrival order; the tokens of the complete gatherings in release
// order, with their slots and completion cycles in completion order; the release
// position in the leaving one), checks in every cycle:
//   - in_ready is 1;
//   - out_valid only while some gathering is complete, and out_data is then the next
//     token of the model (the oldest complete gathering, arrival order): every token out
//     is checked, in order;
//   - out_valid && !out_ready: out_valid and out_data hold in the next cycle;
//   - latency: once the oldest complete gathering completed 2 cycles ago, out_valid must
//     be high (a gathering starts leaving at most 2 cycles after its last token arrived,
//     and the next one follows the last token of the previous one without a gap);
//   - empty exactly when the model holds no token;
//   - done_valid (done_slot the arriving token's) exactly when the arrival completes its
//     slot's gathering (not with clear);
//   - park_ready is 1 in every cycle without an arrival (park_slot is tied to 0; with an
//     arrival it may be low, which nothing here uses).
// The stimulus respects the contract, and nothing more: a token arrives for a slot at any
// time, except the one completing the slot's gathering, which arrives only once the
// slot's previous complete gathering has left in full (at the earliest in the cycle after
// its last token left). So the next gathering of a slot collects while the previous one
// waits behind other slots or is leaving, with out_ready low or high (it then writes the
// other phase of the slot: a single phase would overwrite tokens not yet read). The
// bench checks its own stimulus against that rule. A slot's next group starts after its
// last token left. wg_size changes only together with clear (the start of a launch), in
// turn 1, MAXWG, (MAXWG+1)/2, 2 and MAXWG-1 (those within 1..MAXWG).
//
// Each instance first runs a directed script:
//   one      wg_size 1: a lone token in slot NSLOT-1 leaves 2 cycles later; empty after
//   order    wg_size MAXWG, out_ready low: tokens of slots NSLOT-1, ..., 0 in turn, so the
//            slots complete in consecutive cycles (a single in port completes at most one
//            slot per cycle), in the order NSLOT-1, ..., 0; out_ready stays low for 8
//            more cycles: out_valid high, out_data the first token of slot NSLOT-1 and
//            stable; then out_ready high: all NSLOT*MAXWG tokens leave back to back, slot
//            by slot in completion order, each slot's in arrival order
//   tput     wg_size MAXWG, out_ready high: groups sent to slots 0, 1, ... in turn, one
//            token per cycle when the contract allows (a slot's next group collects
//            while its previous one leaves). The first group leaves in MAXWG consecutive
//            cycles, the last one at most MAXWG+2 cycles after it completed. Cycles
//            without input (the completing token waits) and without output (after the
//            first token out) are exactly: none with NSLOT >= 3, or NSLOT 2 and
//            MAXWG >= 2 (one in and one out per cycle); 1 and 1 with NSLOT 2 and
//            MAXWG 1; 2 and 2 per group after the first with NSLOT 1 (a group completes
//            at the earliest the cycle after the previous one's last token left, and
//            leaves 2 cycles later)
// then random stimulus in phases (arrival rate, out_ready rate, groups sent one at a
// time or interleaved across slots, loops), with an occasional clear. In a loop, every
// token of a slot's group that leaves comes back to the same slot (fresh data) after a
// latency of 1, 2 or 3 cycles (fixed, or drawn per token, so the tokens may come back in
// another order), for several rounds: the slot gathers again while its previous gathering
// is leaving. Returning tokens have the in port first; the other slots take random
// arrivals meanwhile (only to gatherings in progress, so that slots become free for
// loops). The first three random phases are the extreme: wg_size MAXWG, out_ready always
// high, no other arrival, every slot loops 6 rounds with a latency of 1, then 2, then 3
// cycles; the fourth is the same with a latency of 1..3 per token and out_ready high 70%
// of the cycles (each of the four lasts until every loop ended, without clear).
`default_nettype none

module tb_barrier_unit #(
    parameter int W = 32,
    parameter int NSLOT = 2,
    parameter int MAXWG = 4,
    parameter int CW = 3,
    parameter int OUT_REG = 0,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int SW = (NSLOT > 1) ? $clog2(NSLOT) : 1;
    localparam int LAT = 2 + OUT_REG;                        // completion to head

    // Directed script: step ranges (step 0 is the idle cycle after reset).
    localparam int ONE_IN     = 1;                           // the lone token arrives
    localparam int ONE_OUT    = ONE_IN + LAT;                // it is the head
    localparam int ONE_EMPTY  = ONE_OUT + 1;                 // empty; clear here
    localparam int ORD0       = ONE_EMPTY + 1;               // [ORD0, ORD_IN_END) arrivals
    localparam int ORD_IN_END = ORD0 + NSLOT * MAXWG;
    localparam int HOLD       = 8;                           // out_ready low after them
    localparam int REL        = ORD_IN_END + HOLD;           // [REL, ORD_END) back to back
    localparam int ORD_END    = REL + NSLOT * MAXWG;         // empty; clear here
    localparam int TP0        = ORD_END + 1;                 // throughput stream from here
    localparam int TP_GROUPS  = (2 * NSLOT > 3) ? 2 * NSLOT : 3;
    // Cycles without input and without output expected in the throughput stream.
    localparam int TP_IDLE    = NSLOT == 1 ? LAT * (TP_GROUPS - 1) :
                                (NSLOT == 2 && MAXWG == 1) ? 1 + OUT_REG : 0;
    localparam int LOOP_FORCED = 4;                          // first random phases: loops
    localparam int LOOP_ROUNDS = 6;                          // passes of their groups

    logic          clear = 1'b0;
    logic [CW-1:0] wg_size = CW'(1);
    logic          in_valid = 1'b0;
    logic [W-1:0]  in_data = '0;
    logic [SW-1:0] in_slot = '0;
    logic          out_ready = 1'b0;
    logic          in_ready, out_valid, empty;
    logic [W-1:0]  out_data;
    logic          done_valid;
    logic [SW-1:0] done_slot;
    logic          park_ready;

    ocl_barrier #(.W(W), .NSLOT(NSLOT), .MAXWG(MAXWG), .CW(CW), .OUT_REG(OUT_REG)) dut (
        .clk(clk), .rst(rst), .clear(clear), .wg_size(wg_size), .in_valid(in_valid),
        .in_ready(in_ready), .in_data(in_data), .in_slot(in_slot), .out_valid(out_valid),
        .out_ready(out_ready), .out_data(out_data), .empty(empty), .park_valid(1'b0),
        .park_slot(SW'(0)), .unpark_valid(1'b0), .unpark_slot(SW'(0)),
        .done_valid(done_valid), .done_slot(done_slot), .park_ready(park_ready)
    );

    // Model.
    logic [W-1:0] mdata[NSLOT * MAXWG];  // slot s's gathering in progress: [s*MAXWG +: mcnt[s]]
    int           mcnt[NSLOT];           // tokens of that gathering that arrived
    logic [W-1:0] rdata[$];              // tokens of the complete gatherings, release order
    int           corder[$];             // their slots in completion order; [0] leaves
    int           ctimes[$];             // their completion cycles
    int           rpos = 0;              // tokens of corder[0] already out
    int           left_at[NSLOT];        // cycle the slot's last token out left
    int           gsz = 1;               // wg_size of the launch

    int           cyc = 0;
    int           step = 0;              // step of the stimulus applied in the current cycle
    int           seq = 0;               // token number (low bits of the data)
    int           launches = 0;
    logic [W-1:0] dir_first = '0;        // first token of the directed one / order scripts
    // Previous cycle's head, for the hold check.
    bit           prev_hold = 1'b0;
    logic [W-1:0] prev_data = '0;
    // Throughput stream.
    bit           tput = 1'b0;
    int           tp_group = 0, tp_sent = 0, tp_stalls = 0, tp_fires = 0, tp_gaps = 0;
    int           tp_c0 = -1;
    // Random stimulus.
    bit           rnd = 1'b0;
    int           rstep = 0;
    int           phase_no = 0, phase_end = 0;
    int           in_pct = 50, ready_pct = 50;
    bit           stick = 1'b0;
    int           last_slot = 0;
    // Loops: a slot's tokens that leave come back to it.
    bit           loop_mode = 1'b0;      // the phase starts loops
    bit           forced = 1'b0;         // one of the first LOOP_FORCED phases
    int           phase_lat = 1;         // the phase's loop latency, 0: drawn per token
    int           loop_starts = 0;       // loops the forced phase still starts
    bit           loop_own[NSLOT];       // the slot's tokens loop (no random arrival)
    int           loop_left[NSLOT];      // passes still to come after the one inside
    int           loop_lat[NSLOT];       // 1..3, 0: drawn per token
    int           loop_pass[NSLOT];      // gatherings of the loop complete so far
    int           fb_slot[$];            // tokens on their way back: slot,
    int           fb_due[$];             //   cycle they are due at the in port,
    int           fb_lat[$];             //   latency (0: first pass)
    // Coverage.
    int n_two_waiting = 0, n_hold = 0, n_complete_at_pop = 0, n_back_to_back = 0;
    int n_clear_busy = 0, n_interleaved = 0, n_in_and_out = 0, n_checked = 0;
    int n_release_one = 0, n_release_max = 0, n_release_mid = 0;
    int n_early_wait = 0, n_early_leave = 0, n_early_stalled = 0, n_loop_overlap = 0;
    int n_tight = 0, n_fb_now = 0, n_loops_done = 0;
    int n_regather[4];                   // per loop latency (0: drawn per token)
    bit prev_last_out = 1'b0;
    initial done = 1'b0;

    function automatic int size_of(int k);
        int s;
        case (k % 5)
            0: s = 1;
            1: s = MAXWG;
            2: s = (MAXWG + 1) / 2;
            3: s = 2;
            default: s = MAXWG - 1;
        endcase
        return (s < 1 || s > MAXWG) ? MAXWG : s;
    endfunction

    // Slot s has a complete gathering not yet left in full.
    function automatic bit pending(int s);
        foreach (corder[i]) if (corder[i] == s) return 1'b1;
        return 1'b0;
    endfunction

    // The contract allows a token of slot s in the next cycle. Random arrivals go only to
    // slots that do not loop, and in a phase that starts loops only to gatherings in
    // progress, so that slots become idle for loops.
    function automatic bit can_arrive(int s);
        return !loop_own[s] && (mcnt[s] + 1 < gsz || !pending(s)) &&
               (!loop_mode || mcnt[s] > 0);
    endfunction

    function automatic bit idle(int s);
        return !loop_own[s] && mcnt[s] == 0 && !pending(s);
    endfunction

    function automatic bit loops_busy();
        for (int s = 0; s < NSLOT; s++) if (loop_own[s]) return 1'b1;
        return fb_slot.size() != 0;
    endfunction

    function automatic int tokens_inside();
        int n;
        n = rdata.size();
        for (int s = 0; s < NSLOT; s++) n += mcnt[s];
        return n;
    endfunction

    function automatic void model_clear();
        for (int s = 0; s < NSLOT; s++) begin
            mcnt[s] = 0;
            left_at[s] = -10;
            loop_own[s] = 1'b0;
        end
        rdata.delete();
        corder.delete();
        ctimes.delete();
        rpos = 0;
        fb_slot.delete();
        fb_due.delete();
        fb_lat.delete();
        loop_starts = 0;
    endfunction

    function automatic void fb_push(int s, int due, int lat);
        fb_slot.push_back(s);
        fb_due.push_back(due);
        fb_lat.push_back(lat);
    endfunction

    function automatic logic [W-1:0] next_data();
        logic [95:0] r;
        r = {$urandom, $urandom, $urandom};
        r[15:0] = 16'(seq);   // distinct among the tokens inside (at most 2*NSLOT*MAXWG)
        seq++;
        return W'(r);
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            model_clear();
            gsz = 1;
            step = 0;
            prev_hold = 1'b0;
            for (int i = 0; i < 4; i++) n_regather[i] = 0;
            clear     <= 1'b0;
            wg_size   <= CW'(1);
            in_valid  <= 1'b0;
            out_ready <= 1'b0;
        end else if (!done) begin
            int           n_in, hs, s, pick, lat;
            bit           fire, last_out, iv, rd, cl, pend_in;
            logic [W-1:0] e_data;

            // Check every output before this edge against the model.
            n_in = tokens_inside();
            hs = corder.size() > 0 ? corder[0] : -1;
            e_data = hs >= 0 ? rdata[0] : '0;
            if (in_ready !== 1'b1)
                $error("barrier N%0d M%0d cycle %0d: in_ready=%b", NSLOT, MAXWG, cyc, in_ready);
            if (out_valid === 1'b1 && hs < 0)
                $error("barrier N%0d M%0d cycle %0d: out_valid while no group is complete (%0d tokens inside)",
                       NSLOT, MAXWG, cyc, n_in);
            if (out_valid === 1'b1 && hs >= 0) begin
                n_checked++;
                if (out_data !== e_data)
                    $error("barrier N%0d M%0d cycle %0d: out_data=%h, expected %h (slot %0d, token %0d of %0d)",
                           NSLOT, MAXWG, cyc, out_data, e_data, hs, rpos, gsz);
            end
            if (out_valid !== 1'b1 && hs >= 0 && cyc >= ctimes[0] + LAT)
                $error("barrier N%0d M%0d cycle %0d: out_valid=%b, slot %0d completed in cycle %0d (token %0d of %0d due)",
                       NSLOT, MAXWG, cyc, out_valid, hs, ctimes[0], rpos, gsz);
            if (prev_hold && (out_valid !== 1'b1 || out_data !== prev_data))
                $error("barrier N%0d M%0d cycle %0d: head not held while out_ready low (out_valid %b out_data %h, was %h)",
                       NSLOT, MAXWG, cyc, out_valid, out_data, prev_data);
            // No parks here: a gathering completes with the arrival of its wg_size-th
            // token.
            if (done_valid !== (in_valid && !clear && mcnt[int'(in_slot)] + 1 == gsz) ||
                (done_valid && done_slot !== in_slot))
                $error("barrier N%0d M%0d cycle %0d: done_valid=%b done_slot=%0d, arrival %b in slot %0d (%0d of %0d there)",
                       NSLOT, MAXWG, cyc, done_valid, done_slot, in_valid, in_slot,
                       mcnt[int'(in_slot)], gsz);
            if (empty !== (n_in == 0))
                $error("barrier N%0d M%0d cycle %0d: empty=%b, model holds %0d tokens", NSLOT,
                       MAXWG, cyc, empty, n_in);
            // park_slot is tied to 0 here: park_ready may be low only with an arrival.
            if (!in_valid && park_ready !== 1'b1)
                $error("barrier N%0d M%0d cycle %0d: park_ready=%b without an arrival", NSLOT,
                       MAXWG, cyc, park_ready);

            // Directed checks (independent of the model).
            if (step == ONE_IN + 1 && empty)
                $error("barrier N%0d M%0d: empty right after a token arrived", NSLOT, MAXWG);
            if (step == ONE_OUT && (out_valid !== 1'b1 || out_data !== dir_first))
                $error("barrier N%0d M%0d: group of 1 not released %0d cycles after it arrived (out_valid %b)",
                       NSLOT, MAXWG, LAT, out_valid);
            if ((step == ONE_EMPTY || step == ORD_END) && (out_valid || !empty))
                $error("barrier N%0d M%0d step %0d: every token left: out_valid %b empty %b",
                       NSLOT, MAXWG, step, out_valid, empty);
            if (step > ORD_IN_END + OUT_REG && step <= REL &&
                (out_valid !== 1'b1 || out_data !== dir_first))
                $error("barrier N%0d M%0d step %0d: out_ready low: out_valid %b out_data %h, expected the first token of slot %0d %h",
                       NSLOT, MAXWG, step, out_valid, out_data, NSLOT - 1, dir_first);
            if (step >= REL && step < ORD_END && out_valid !== 1'b1)
                $error("barrier N%0d M%0d step %0d: complete groups not released back to back",
                       NSLOT, MAXWG, step);

            fire = out_valid === 1'b1 && out_ready && hs >= 0;
            last_out = fire && rpos + 1 == gsz;

            // Throughput stream checks.
            if (tput && !clear) begin
                if (fire) begin
                    tp_fires++;
                    if (tp_fires == MAXWG && cyc > tp_c0 + MAXWG + LAT)
                        $error("barrier N%0d M%0d: first group (completed in cycle %0d) out by cycle %0d, expected %0d at the latest",
                               NSLOT, MAXWG, tp_c0, cyc, tp_c0 + MAXWG + LAT);
                end else if (tp_fires > 0 && tp_fires < MAXWG) begin
                    $error("barrier N%0d M%0d cycle %0d: first group not released back to back (%0d of %0d out)",
                           NSLOT, MAXWG, cyc, tp_fires, MAXWG);
                end else if (tp_fires > 0 && tp_fires < TP_GROUPS * MAXWG) begin
                    tp_gaps++;
                end
            end

            // Coverage of the cases that matter.
            pend_in = in_valid && pending(int'(in_slot));
            if (corder.size() >= 2) n_two_waiting++;
            if (out_valid && !out_ready && hs >= 0) n_hold++;
            if (fire && rpos == 0 && prev_last_out) n_back_to_back++;
            if (clear && n_in > 0) n_clear_busy++;
            if (in_valid && fire) n_in_and_out++;
            if (last_out) begin
                if (gsz == 1) n_release_one++;
                if (gsz == MAXWG) n_release_max++;
                if (gsz > 1 && gsz < MAXWG) n_release_mid++;
            end
            if (pend_in && !clear) begin
                // A token of the slot's next gathering while the previous one is inside.
                if (hs != int'(in_slot)) n_early_wait++;
                else if (fire) n_early_leave++;
                else n_early_stalled++;
                if (loop_own[int'(in_slot)]) n_loop_overlap++;
            end
            prev_last_out = last_out && !clear;

            // Apply this cycle to the model: clear wins over the arrival and the release.
            if (clear) begin
                model_clear();
                gsz = int'(wg_size);
            end else begin
                if (fire) begin
                    void'(rdata.pop_front());
                    if (loop_own[hs] && loop_left[hs] > 0) begin
                        // Back at the in port lat cycles later: in cycle cyc + lat.
                        lat = loop_lat[hs] > 0 ? loop_lat[hs] : 1 + int'($urandom_range(2));
                        fb_push(hs, cyc + lat, lat);
                    end
                    rpos++;
                    if (rpos == gsz) begin
                        rpos = 0;
                        void'(corder.pop_front());
                        void'(ctimes.pop_front());
                        left_at[hs] = cyc;
                        if (loop_own[hs]) begin
                            if (loop_left[hs] > 0) begin
                                loop_left[hs]--;
                            end else begin
                                loop_own[hs] = 1'b0;
                                n_loops_done++;
                            end
                        end
                    end
                end
                if (in_valid) begin
                    s = int'(in_slot);
                    if (mcnt[s] > 0 && mcnt[s] < gsz && s != last_slot) n_interleaved++;
                    if (step == ONE_IN || step == ORD0) dir_first = in_data;
                    mdata[s * MAXWG + mcnt[s]] = in_data;
                    mcnt[s]++;
                    if (mcnt[s] == gsz) begin
                        // The bench's own contract: the previous gathering left in full.
                        if (pend_in)
                            $error("barrier N%0d M%0d cycle %0d: bench error: slot %0d completes again before its previous gathering left",
                                   NSLOT, MAXWG, cyc, s);
                        if (last_out) n_complete_at_pop++;
                        if (left_at[s] == cyc - 1) n_tight++;
                        for (int k = 0; k < gsz; k++) rdata.push_back(mdata[s * MAXWG + k]);
                        corder.push_back(s);
                        ctimes.push_back(cyc);
                        mcnt[s] = 0;
                        if (loop_own[s]) begin
                            loop_pass[s]++;
                            if (loop_pass[s] >= 2) n_regather[loop_lat[s]]++;
                        end
                        if (tput && tp_c0 < 0) tp_c0 = cyc;
                    end
                    last_slot = s;
                end
            end
            prev_hold = out_valid === 1'b1 && !out_ready && !clear;
            prev_data = out_data;

            // Next stimulus, against the state the next cycle will see.
            step++;
            iv = 1'b0;
            rd = 1'b1;
            cl = 1'b0;
            s = $urandom_range(NSLOT - 1);
            if (step == TP0) tput = 1'b1;
            if (tput && tp_group == TP_GROUPS && tokens_inside() == 0) begin
                tput = 1'b0;
                rnd = 1'b1;
                if (tp_stalls != TP_IDLE || tp_gaps != TP_IDLE)
                    $error("barrier N%0d M%0d: throughput stream: %0d cycles without input, %0d without output, expected %0d and %0d",
                           NSLOT, MAXWG, tp_stalls, tp_gaps, TP_IDLE, TP_IDLE);
            end
            if (step == ONE_IN) begin
                iv = 1'b1;
                s = NSLOT - 1;
            end else if (step == ONE_EMPTY) begin
                cl = 1'b1;
                wg_size <= CW'(MAXWG);
            end else if (step >= ORD0 && step < ORD_IN_END) begin
                iv = 1'b1;
                s = NSLOT - 1 - (step - ORD0) % NSLOT;
                rd = 1'b0;
            end else if (step >= ORD_IN_END && step < REL) begin
                rd = 1'b0;
            end else if (step == ORD_END) begin
                cl = 1'b1;
            end else if (tput) begin
                if (tp_group < TP_GROUPS) begin
                    s = tp_group % NSLOT;
                    if (can_arrive(s)) begin
                        iv = 1'b1;
                        tp_sent++;
                        if (tp_sent == MAXWG) begin
                            tp_group++;
                            tp_sent = 0;
                        end
                    end else begin
                        tp_stalls++;
                    end
                end
            end else if (rnd) begin
                if (rstep >= phase_end && !(forced && loops_busy())) begin
                    phase_no++;
                    phase_end = rstep + 128;
                    forced = phase_no <= LOOP_FORCED;
                    loop_mode = 1'b0;
                    if (forced) begin
                        // Latency 1, 2, 3 with out_ready high, then 1..3 per token with
                        // out_ready low at times.
                        in_pct = 0; ready_pct = phase_no < LOOP_FORCED ? 100 : 70;
                        stick = 1'b0;
                        loop_mode = 1'b1;
                        phase_lat = phase_no < LOOP_FORCED ? phase_no : 0;
                        loop_starts = NSLOT;
                    end else begin
                        case ($urandom_range(7))
                            0: begin in_pct = 90; ready_pct = 100; stick = 1'b1; end
                            1: begin in_pct = 90; ready_pct = 50; stick = 1'b0; end
                            2: begin in_pct = 50; ready_pct = 90; stick = 1'b0; end
                            3: begin in_pct = 100; ready_pct = 100; stick = 1'b0; end
                            4: begin in_pct = 60; ready_pct = 20; stick = 1'b1; end
                            5: begin
                                in_pct = 50; ready_pct = 100; stick = 1'b0;
                                loop_mode = 1'b1;
                            end
                            6: begin
                                in_pct = 30; ready_pct = 60; stick = 1'b1;
                                loop_mode = 1'b1;
                            end
                            default: begin in_pct = 70; ready_pct = 70; stick = 1'b0; end
                        endcase
                        phase_lat = int'($urandom_range(3));
                    end
                end
                rstep++;
                // Start a loop on an idle slot: its group's first pass. The forced phases
                // start one on every slot at once.
                for (int i = 0; i < NSLOT; i++) begin
                    if (loop_mode && idle(i) &&
                        (forced ? loop_starts > 0 : $urandom_range(15) == 0)) begin
                        loop_own[i] = 1'b1;
                        loop_left[i] = forced ? LOOP_ROUNDS - 1 : 1 + int'($urandom_range(6));
                        loop_lat[i] = phase_lat;
                        loop_pass[i] = 0;
                        for (int k = 0; k < gsz; k++) fb_push(i, cyc + 1, 0);
                        if (forced) loop_starts--;
                    end
                end
                // Tokens due back have the in port first, the earliest one first.
                pick = -1;
                foreach (fb_due[i])
                    if (fb_due[i] <= cyc + 1 && (pick < 0 || fb_due[i] < fb_due[pick])) pick = i;
                if (pick >= 0) begin
                    iv = 1'b1;
                    s = fb_slot[pick];
                    if (fb_lat[pick] == 1 && fb_due[pick] == cyc + 1) n_fb_now++;
                    fb_slot.delete(pick);
                    fb_due.delete(pick);
                    fb_lat.delete(pick);
                end else if ($urandom_range(99) < in_pct) begin
                    int n_ok, k;
                    if (stick && can_arrive(last_slot)) begin
                        iv = 1'b1;
                        s = last_slot;
                    end else begin
                        n_ok = 0;
                        for (int i = 0; i < NSLOT; i++) if (can_arrive(i)) n_ok++;
                        if (n_ok > 0) begin
                            k = $urandom_range(n_ok - 1);
                            for (int i = 0; i < NSLOT; i++) begin
                                if (can_arrive(i)) begin
                                    if (k == 0) s = i;
                                    k--;
                                end
                            end
                            iv = 1'b1;
                        end
                    end
                end
                rd = $urandom_range(99) < ready_pct;
                cl = !forced && $urandom_range(1023) == 0;
                if (cl) begin
                    launches++;
                    wg_size <= CW'(size_of(launches));
                end
            end
            clear     <= cl;
            in_valid  <= iv;
            in_slot   <= SW'(s);
            in_data   <= next_data();
            out_ready <= rd;

            cyc++;
            if (cyc == CYCLES) begin
                // One slot: a group completes only after the previous one left, so groups
                // never leave back to back and no gathering waits behind another. MAXWG 1:
                // every token completes its gathering, so none arrives early (with one slot
                // then, no token arrives in a cycle where one leaves).
                if (!rnd || phase_no <= LOOP_FORCED || n_checked < 1000 ||
                    (NSLOT > 1 && n_two_waiting == 0) ||
                    n_hold == 0 || (NSLOT > 1 && n_complete_at_pop == 0) ||
                    (NSLOT > 1 && n_back_to_back == 0) || n_clear_busy == 0 ||
                    (NSLOT > 1 && MAXWG > 1 && n_interleaved == 0) ||
                    ((NSLOT > 1 || MAXWG > 1) && n_in_and_out == 0) ||
                    n_release_one == 0 || n_release_max == 0 ||
                    (MAXWG > 2 && n_release_mid == 0))
                    $error("barrier N%0d M%0d: weak coverage (random phase reached %b, phases %0d, tokens checked %0d, two slots waiting %0d, head held %0d, completion as a group left %0d, groups back to back %0d, clear while busy %0d, interleaved arrivals %0d, in+out %0d, released groups of 1 %0d, of MAXWG %0d, in between %0d)",
                           NSLOT, MAXWG, rnd, phase_no, n_checked, n_two_waiting, n_hold,
                           n_complete_at_pop, n_back_to_back, n_clear_busy, n_interleaved,
                           n_in_and_out, n_release_one, n_release_max, n_release_mid);
                if ((MAXWG > 1 && (n_early_leave == 0 || n_early_stalled == 0 ||
                                   n_loop_overlap == 0)) ||
                    (NSLOT > 1 && MAXWG > 1 && n_early_wait == 0) ||
                    n_tight == 0 || n_fb_now == 0 || n_loops_done < LOOP_FORCED * NSLOT ||
                    n_regather[1] == 0 || n_regather[2] == 0 || n_regather[3] == 0 ||
                    n_regather[0] == 0)
                    $error("barrier N%0d M%0d: weak coverage of a slot gathering again (next gathering's tokens while the previous one waits %0d, leaves %0d, is held %0d, in a loop %0d; completion the cycle after the previous one left %0d; tokens back after 1 cycle %0d; loops ended %0d; gatherings again in loops of latency 1 %0d, 2 %0d, 3 %0d, 1-3 %0d)",
                           NSLOT, MAXWG, n_early_wait, n_early_leave, n_early_stalled,
                           n_loop_overlap, n_tight, n_fb_now, n_loops_done, n_regather[1],
                           n_regather[2], n_regather[3], n_regather[0]);
                done <= 1'b1;
            end
        end
    end
endmodule

// Bench of parked work-items (the barrier loop of a tree reduction): every slot runs
// work-groups of WG work-items, one after the other, each for 1..MAX_ROUNDS rounds of a
// barrier loop. In each round every work-item still in the loop either arrives (a token)
// or parks (it leaves the loop for good), at a random cycle once it is back from the
// previous round (1..3 cycles after it left); the slots' events interleave, in phases of
// 256 cycles with events in 90, 50 or 25% of the cycles. A cycle may bring an arrival and
// a park, of the same slot or (more often) of two different slots. The bench requests a
// park and drives park_valid = request && park_ready, as the generated pipeline does: a
// refused park stays requested and goes through in a later cycle (arrivals go on
// meanwhile). After the last round the tokens leave the loop; once every work-item of
// the group has parked or left, the slot is unparked (the gate's completion) and a fresh
// group starts in it, at the earliest in the next cycle. The groups park in turn: like a
// tree reduction (work-item i parks in round r once i >= H >> r, H the largest power of
// two below WG, so the last of 4 rounds parks everyone), at random (30% or 60% per
// round), never, or all at once in a random round. Sometimes a park of the unparked slot
// comes with the unpark (it loses: the next group must count from 0 parked; dropped if
// refused), and every 2000..3000 cycles a clear while some work-items are parked (parked
// counts restart from 0). out_ready is random, in phases of 256 cycles (100, 70, 30, 10%).
// The reference model is the work-items themselves (who is still due in the round, which
// tokens arrived, in order), independent of the barrier's counts; it checks in every cycle:
//   - out_valid only while a round is complete, out_data its next token (arrival order):
//     every round releases exactly its arrived tokens, a round where everyone remaining
//     parked releases nothing;
//   - hold while out_ready is low, latency (out_valid from 2 cycles after completion on,
//     back to back across rounds), empty exactly when no token is inside;
//   - done_valid/done_slot exactly at the completing edges, the completing slot being the
//     arrival's or the park's (never both: see park_ready);
//   - park_ready low exactly when an arrival and the park port's slot are of different
//     slots and each of the two slots lacks exactly one work-item (arrival or park) to
//     complete its gathering, counted from the model's work-items (those of the group
//     neither parked nor arrived in the gathering in progress); checked in every cycle,
//     whatever park_slot holds (a request or a random slot).
module tb_barrier_park #(
    parameter int W = 16,
    parameter int NSLOT = 2,
    parameter int MAXWG = 8,
    parameter int CW = 4,
    parameter int WG = 8,
    parameter int OUT_REG = 0,
    parameter int CYCLES = 30000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int SW = (NSLOT > 1) ? $clog2(NSLOT) : 1;
    localparam int MAX_ROUNDS = 5;
    // Work-item states.
    localparam int DUE = 0;     // acts in the slot's current round from cycle due on
    localparam int INSIDE = 1;  // its token arrived in a round that has not left yet
    localparam int PARKED = 2;
    localparam int LEFT = 3;    // went through every round
    // Slot states.
    localparam int RUNNING = 0; // a group runs
    localparam int ENDED = 1;   // the group is over, unpark at unpark_at
    localparam int FREE = 2;    // unparked (or cleared), next group from start_at

    logic          clear = 1'b0;
    logic [CW-1:0] wg_size = CW'(WG);
    logic          in_valid = 1'b0;
    logic [W-1:0]  in_data = '0;
    logic [SW-1:0] in_slot = '0;
    logic          park_req = 1'b0;      // a park is requested: park_valid once park_ready
    logic [SW-1:0] park_slot = '0;
    logic          unpark_valid = 1'b0;
    logic [SW-1:0] unpark_slot = '0;
    logic          out_ready = 1'b0;
    logic          in_ready, out_valid, empty, done_valid, park_ready, park_valid;
    logic [W-1:0]  out_data;
    logic [SW-1:0] done_slot;

    // As the generated pipeline: park only while the barrier accepts it (park_ready does
    // not depend on park_valid, so this is no loop).
    assign park_valid = park_req && park_ready;

    ocl_barrier #(.W(W), .NSLOT(NSLOT), .MAXWG(MAXWG), .CW(CW), .OUT_REG(OUT_REG)) dut (
        .clk(clk), .rst(rst), .clear(clear), .wg_size(wg_size), .in_valid(in_valid),
        .in_ready(in_ready), .in_data(in_data), .in_slot(in_slot), .out_valid(out_valid),
        .out_ready(out_ready), .out_data(out_data), .empty(empty), .park_valid(park_valid),
        .park_slot(park_slot), .unpark_valid(unpark_valid), .unpark_slot(unpark_slot),
        .done_valid(done_valid), .done_slot(done_slot), .park_ready(park_ready)
    );

    // Model: the work-items of each slot's group.
    int           st[NSLOT][WG];         // state of work-item i of slot s
    int           due[NSLOT][WG];
    bit           parks[NSLOT][WG];      // in its round it parks (else it arrives)
    int           sstate[NSLOT];
    int           mode[NSLOT], rounds[NSLOT], round_no[NSLOT], all_park_round[NSLOT];
    int           todo[NSLOT];           // work-items still to arrive or park this round
    logic [W-1:0] got[NSLOT][WG];        // tokens arrived this round, in order
    int           got_id[NSLOT][WG];     //   and their work-items
    int           ngot[NSLOT];           //   how many
    int           unpark_at[NSLOT], start_at[NSLOT], unparked_in[NSLOT];
    // Complete rounds, oldest first: their tokens in release order, and per round.
    logic [W-1:0] tdata[$];
    int           tslot[$], tid[$];
    bit           tlast[$];              // the token's round was its group's last
    int           ctime[$], csize[$];
    int           rpos = 0;
    // This cycle's stimulus, for the model: the work-items of the arrival and of the
    // requested park (-1: none), whether the park is a lone one that comes with an unpark,
    // and whether the request was refused in an earlier cycle.
    int           arr_id = -1, park_id = -1;
    bit           stray = 1'b0, refused = 1'b0;

    int           cyc = 0, seq = 0, ready_pct = 100, ev_pct = 90, groups = 0;
    int           next_clear = 2000;
    bit           prev_hold = 1'b0;
    logic [W-1:0] prev_data = '0;
    // Coverage.
    int n_checked = 0, n_hold = 0, n_done = 0, n_done_by_park = 0, n_done_by_both = 0;
    int n_both = 0, n_all_park = 0, n_all_park_r0 = 0, n_stray = 0, n_tight_start = 0;
    int n_rel_one = 0, n_rel_part = 0, n_rel_full = 0, n_interleave = 0, n_unpark_busy = 0;
    int n_clear_parked = 0, n_tree = 0, n_back_to_back = 0;
    // Arrival and park of different slots in one cycle; a refused park that went through
    // later; a completion by the arrival with a park of another slot, and the reverse; a
    // refusal although the park would release nothing (every other work-item parked).
    int n_split = 0, n_refused = 0, n_retry_ok = 0, n_done_arr_split = 0;
    int n_done_park_split = 0, n_refused_empty = 0, n_parks = 0;
    bit prev_last_out = 1'b0;
    initial done = 1'b0;

    // Largest power of two below WG (0 for WG 1): the tree's first stride.
    function automatic int tree_h();
        int h;
        h = 1;
        while (2 * h < WG) h *= 2;
        return WG > 1 ? h : 0;
    endfunction

    // Work-item i of slot s, in the slot's current round, parks?
    function automatic bit decide(int s, int i);
        int r;
        r = round_no[s];
        case (mode[s])
            0: return i >= (tree_h() >> r);
            1: return $urandom_range(99) < 30;
            2: return $urandom_range(99) < 60;
            3: return r == all_park_round[s];
            default: return 1'b0;
        endcase
    endfunction

    function automatic void start_group(int s, int c);
        groups++;
        sstate[s] = RUNNING;
        mode[s] = int'($urandom_range(4));
        rounds[s] = mode[s] == 0 ? 4 : 1 + int'($urandom_range(MAX_ROUNDS - 1));
        all_park_round[s] = int'($urandom_range(rounds[s] - 1));
        round_no[s] = 0;
        todo[s] = WG;
        ngot[s] = 0;
        if (mode[s] == 0) n_tree++;
        for (int i = 0; i < WG; i++) begin
            st[s][i] = DUE;
            due[s][i] = c + int'($urandom_range(3));
            parks[s][i] = decide(s, i);
        end
    endfunction

    function automatic void model_clear(int c);
        for (int s = 0; s < NSLOT; s++) begin
            sstate[s] = FREE;
            start_at[s] = c + 1 + int'($urandom_range(3));
            unparked_in[s] = -10;
            ngot[s] = 0;
        end
        tdata.delete();
        tslot.delete();
        tid.delete();
        tlast.delete();
        ctime.delete();
        csize.delete();
        rpos = 0;
    endfunction

    function automatic int tokens_inside();
        int n;
        n = tdata.size();
        for (int s = 0; s < NSLOT; s++) n += ngot[s];
        return n;
    endfunction

    function automatic int parked_in(int s);
        int n;
        n = 0;
        if (sstate[s] != FREE)
            for (int i = 0; i < WG; i++) if (st[s][i] == PARKED) n++;
        return n;
    endfunction

    // Work-items of slot s's group that its gathering in progress still lacks: neither
    // parked nor arrived in it (the tokens of released rounds come back to it). One
    // arrival or park would complete it when this is 1. A free slot has no parked one.
    function automatic int missing(int s);
        return WG - parked_in(s) - ngot[s];
    endfunction

    // A random running slot other than avoid with a work-item that may arrive (p 0) or
    // park (p 1) in cycle c, -1 if none.
    function automatic int slot_with(int c, bit p, int avoid);
        int n, k, r;
        n = 0;
        r = -1;
        for (int t = 0; t < NSLOT; t++)
            if (t != avoid && sstate[t] == RUNNING && pick(t, c, p) >= 0) n++;
        if (n == 0) return -1;
        k = int'($urandom_range(n - 1));
        for (int t = 0; t < NSLOT; t++) begin
            if (t != avoid && sstate[t] == RUNNING && pick(t, c, p) >= 0) begin
                if (k == 0) r = t;
                k--;
            end
        end
        return r;
    endfunction

    // Every work-item due in slot s's round has arrived or parked after this cycle's events
    // (an arrival by_arr, a park by_park of that slot): its arrived tokens are released.
    function automatic void end_round(int s, int c, bit by_arr, bit by_park);
        if (ngot[s] > 0) begin
            n_done++;
            if (!by_arr) n_done_by_park++;
            if (by_arr && by_park) n_done_by_both++;
            if (ngot[s] == 1) n_rel_one++;
            else if (ngot[s] < WG) n_rel_part++;
            else n_rel_full++;
            for (int i = 0; i < ngot[s]; i++) begin
                tdata.push_back(got[s][i]);
                tslot.push_back(s);
                tid.push_back(got_id[s][i]);
                tlast.push_back(round_no[s] + 1 == rounds[s]);
            end
            ctime.push_back(c);
            csize.push_back(ngot[s]);
            todo[s] = ngot[s];
            ngot[s] = 0;
            round_no[s]++;
        end else begin
            // Everyone remaining parked: nothing to release.
            if (round_no[s] > 0) n_all_park++;
            else n_all_park_r0++;
        end
    endfunction

    // The work-items of slot s that may act in cycle c and arrive (p 0) or park (p 1).
    function automatic int pick(int s, int c, bit p);
        int n, k, r;
        n = 0;
        r = -1;
        for (int i = 0; i < WG; i++) if (st[s][i] == DUE && due[s][i] <= c && parks[s][i] == p) n++;
        if (n == 0) return -1;
        k = int'($urandom_range(n - 1));
        for (int i = 0; i < WG; i++) begin
            if (st[s][i] == DUE && due[s][i] <= c && parks[s][i] == p) begin
                if (k == 0) r = i;
                k--;
            end
        end
        return r;
    endfunction

    function automatic logic [W-1:0] next_data();
        logic [63:0] r;
        r = {$urandom, $urandom};
        r[15:0] = 16'(seq);
        seq++;
        return W'(r);
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            model_clear(0);
            arr_id = -1;
            park_id = -1;
            stray = 1'b0;
            refused = 1'b0;
            prev_hold = 1'b0;
            clear        <= 1'b0;
            in_valid     <= 1'b0;
            park_req     <= 1'b0;
            unpark_valid <= 1'b0;
            out_ready    <= 1'b0;
        end else if (!done) begin
            int           es, ia, ip, pany, hs, n_in, nc, s, a, n_ok, n_exp;
            bit           exp_done, exp_ready, fire, last_out, iv, pv, uv, cl, keep;
            logic [W-1:0] e_data;

            // Checks of the outputs before this edge.
            n_in = tokens_inside();
            hs = tslot.size() > 0 ? tslot[0] : -1;
            e_data = hs >= 0 ? tdata[0] : '0;
            if (in_ready !== 1'b1)
                $error("park N%0d WG%0d cycle %0d: in_ready=%b", NSLOT, WG, cyc, in_ready);
            if (out_valid === 1'b1 && hs < 0)
                $error("park N%0d WG%0d cycle %0d: out_valid while no round is complete (%0d tokens inside)",
                       NSLOT, WG, cyc, n_in);
            if (out_valid === 1'b1 && hs >= 0) begin
                n_checked++;
                if (out_data !== e_data)
                    $error("park N%0d WG%0d cycle %0d: out_data=%h, expected %h (slot %0d, token %0d of %0d)",
                           NSLOT, WG, cyc, out_data, e_data, hs, rpos, csize[0]);
            end
            if (out_valid !== 1'b1 && hs >= 0 && cyc >= ctime[0] + 2 + OUT_REG)
                $error("park N%0d WG%0d cycle %0d: out_valid=%b, slot %0d's round completed in cycle %0d",
                       NSLOT, WG, cyc, out_valid, hs, ctime[0]);
            if (prev_hold && (out_valid !== 1'b1 || out_data !== prev_data))
                $error("park N%0d WG%0d cycle %0d: head not held while out_ready low", NSLOT,
                       WG, cyc);
            if (empty !== (n_in == 0))
                $error("park N%0d WG%0d cycle %0d: empty=%b, model holds %0d tokens", NSLOT, WG,
                       cyc, empty, n_in);
            // The model's own consistency: a running round lacks exactly its due ones.
            for (int t = 0; t < NSLOT; t++)
                if (sstate[t] == RUNNING && todo[t] != missing(t))
                    $error("park N%0d WG%0d cycle %0d: bench error: slot %0d has %0d due, %0d missing",
                           NSLOT, WG, cyc, t, todo[t], missing(t));
            // park_ready: refused only when the arrival and the park would each complete
            // their (different) slots, whatever park_slot holds.
            exp_ready = !(in_valid && in_slot != park_slot && missing(int'(in_slot)) == 1 &&
                          missing(int'(park_slot)) == 1);
            if (park_ready !== exp_ready)
                $error("park N%0d WG%0d cycle %0d: park_ready=%b, expected %b (arrival %b slot %0d missing %0d, park slot %0d missing %0d, requested %b)",
                       NSLOT, WG, cyc, park_ready, exp_ready, in_valid, in_slot,
                       missing(int'(in_slot)), park_slot, missing(int'(park_slot)), park_req);
            // The events of this cycle: the arrival's slot ia, the park's ip (a lone park
            // with an unpark counts for nothing), pany any park's.
            ia = in_valid ? int'(in_slot) : -1;
            pany = park_valid ? int'(park_slot) : -1;
            ip = stray ? -1 : pany;
            // A round completes when its last due work-item arrives or parks, with at least
            // one token arrived; at most one per cycle.
            n_exp = 0;
            es = -1;
            for (int t = 0; t < NSLOT; t++) begin
                int na, np;
                na = int'(ia == t);
                np = int'(ip == t);
                if (!clear && na + np > 0 && todo[t] - na - np == 0 && ngot[t] + na > 0) begin
                    n_exp++;
                    es = t;
                end
            end
            if (n_exp > 1)
                $error("park N%0d WG%0d cycle %0d: the arrival (slot %0d) and the park (slot %0d) both complete their slot, park_ready=%b",
                       NSLOT, WG, cyc, ia, ip, park_ready);
            exp_done = n_exp > 0;
            if (done_valid !== exp_done || (exp_done && int'(done_slot) != es))
                $error("park N%0d WG%0d cycle %0d: done_valid=%b done_slot=%0d, expected %b slot %0d (arrival %b slot %0d, park %b slot %0d)",
                       NSLOT, WG, cyc, done_valid, done_slot, exp_done, es, in_valid,
                       in_slot, park_valid, park_slot);

            fire = out_valid === 1'b1 && out_ready && hs >= 0;
            last_out = fire && rpos + 1 == csize[0];
            if (out_valid && !out_ready && hs >= 0) n_hold++;
            if (fire && rpos == 0 && prev_last_out) n_back_to_back++;
            if (!clear) begin
                if (ia >= 0 && ip >= 0) n_both++;
                if (ip >= 0) n_parks++;
                if (ia >= 0 && pany >= 0 && ia != pany) n_split++;
                if (park_req && !park_ready) begin
                    n_refused++;
                    if (!stray && ngot[int'(park_slot)] == 0) n_refused_empty++;
                end
                if (park_valid && refused) n_retry_ok++;
                if (es >= 0 && es == ia && pany >= 0 && pany != ia) n_done_arr_split++;
                if (es >= 0 && es == ip && ia >= 0 && ia != ip) n_done_park_split++;
                if (unpark_valid && (ia >= 0 || ip >= 0)) n_unpark_busy++;
                for (int e = 0; e < 2; e++) begin
                    s = e == 0 ? ia : ip;
                    if (s >= 0 && unparked_in[s] == cyc - 1) n_tight_start++;
                    if (s >= 0 && NSLOT > 1)
                        for (int t = 0; t < NSLOT; t++)
                            if (t != s && sstate[t] == RUNNING && todo[t] < WG) n_interleave++;
                end
            end
            prev_last_out = last_out && !clear;
            // A refused park (of a work-item) is requested again in the next cycle.
            keep = park_req && !park_valid && !clear && !stray;

            // Apply this cycle: clear wins over everything.
            if (clear) begin
                for (int t = 0; t < NSLOT; t++) if (parked_in(t) > 0) n_clear_parked++;
                model_clear(cyc);
            end else begin
                if (fire) begin
                    s = tslot[0];
                    a = tid[0];
                    if (tlast[0]) begin
                        st[s][a] = LEFT;
                    end else begin
                        // Back at the loop's barrier 1..3 cycles later.
                        st[s][a] = DUE;
                        due[s][a] = cyc + 1 + int'($urandom_range(2));
                        parks[s][a] = decide(s, a);
                    end
                    void'(tdata.pop_front());
                    void'(tslot.pop_front());
                    void'(tid.pop_front());
                    void'(tlast.pop_front());
                    rpos++;
                    if (rpos == csize[0]) begin
                        rpos = 0;
                        void'(ctime.pop_front());
                        void'(csize.pop_front());
                    end
                end
                if (stray && park_valid) n_stray++;
                if (ia >= 0) begin
                    if (sstate[ia] != RUNNING || st[ia][arr_id] != DUE || parks[ia][arr_id])
                        $error("park N%0d WG%0d cycle %0d: bench error: arrival of work-item %0d", NSLOT, WG, cyc, arr_id);
                    st[ia][arr_id] = INSIDE;
                    got[ia][ngot[ia]] = in_data;
                    got_id[ia][ngot[ia]] = arr_id;
                    ngot[ia]++;
                    todo[ia]--;
                end
                if (ip >= 0) begin
                    if (sstate[ip] != RUNNING || st[ip][park_id] != DUE || !parks[ip][park_id])
                        $error("park N%0d WG%0d cycle %0d: bench error: park of work-item %0d", NSLOT, WG, cyc, park_id);
                    st[ip][park_id] = PARKED;
                    todo[ip]--;
                end
                if (ia >= 0 && todo[ia] == 0) end_round(ia, cyc, 1'b1, ip == ia);
                if (ip >= 0 && ip != ia && todo[ip] == 0) end_round(ip, cyc, 1'b0, 1'b1);
                if (unpark_valid) begin
                    s = int'(unpark_slot);
                    if (sstate[s] != ENDED)
                        $error("park N%0d WG%0d cycle %0d: bench error: unpark of slot %0d", NSLOT, WG, cyc, s);
                    sstate[s] = FREE;
                    unparked_in[s] = cyc;
                    start_at[s] = cyc + 1 + ($urandom_range(1) == 0 ? 0 : int'($urandom_range(5)));
                end
                // A group is over once every work-item parked or left.
                for (int t = 0; t < NSLOT; t++) begin
                    if (sstate[t] == RUNNING) begin
                        n_ok = 0;
                        for (int i = 0; i < WG; i++) if (st[t][i] == PARKED || st[t][i] == LEFT) n_ok++;
                        if (n_ok == WG) begin
                            sstate[t] = ENDED;
                            unpark_at[t] = cyc + 1 + int'($urandom_range(3));
                        end
                    end
                end
            end
            prev_hold = out_valid === 1'b1 && !out_ready && !clear;
            prev_data = out_data;

            // Next cycle's stimulus.
            nc = cyc + 1;
            iv = 1'b0;
            pv = 1'b0;
            uv = 1'b0;
            // A clear every 2000..3000 cycles, once some slot has parked work-items.
            cl = 1'b0;
            if (nc >= next_clear)
                for (int t = 0; t < NSLOT; t++) if (parked_in(t) > 0) cl = 1'b1;
            if (cl) next_clear = nc + 2000 + int'($urandom_range(1000));
            refused = keep;
            arr_id = -1;
            stray = 1'b0;
            ia = -1;
            ip = -1;
            s = 0;
            if (nc % 256 == 0) begin
                case ($urandom_range(3))
                    0: ready_pct = 100;
                    1: ready_pct = 70;
                    2: ready_pct = 30;
                    default: ready_pct = 10;
                endcase
                // Fewer events let work-items of several slots wait together: more pairs of
                // an arrival and a park of different slots.
                case ($urandom_range(2))
                    0: ev_pct = 90;
                    1: ev_pct = 50;
                    default: ev_pct = 25;
                endcase
            end
            for (int t = 0; t < NSLOT; t++)
                if (sstate[t] == FREE && start_at[t] <= nc) start_group(t, nc);
            // One unpark per cycle at most.
            for (int t = 0; t < NSLOT; t++) begin
                if (!uv && sstate[t] == ENDED && unpark_at[t] <= nc) begin
                    uv = 1'b1;
                    s = t;
                end
            end
            // The park port: the refused request again; else sometimes a lone park of the
            // unparked slot with the unpark (dropped if refused); else a work-item's park.
            if (keep) begin
                pv = 1'b1;
                ip = int'(park_slot);
            end else if (uv && $urandom_range(3) == 0) begin
                stray = 1'b1;
                pv = 1'b1;
                ip = s;
                park_id = -1;
            end
            // The events (in ev_pct% of the cycles, a requested park aside): a park of a
            // random slot, and an arrival: of another slot than the park's in 7 cases of 8
            // when one can arrive, else (or without a park) of any slot in 3 cases of 4. A
            // park with no arrival of another slot to go with it waits in 1 case of 2, so
            // that such pairs are common.
            if ($urandom_range(99) < ev_pct) begin
                if (!pv && $urandom_range(3) != 0) ip = slot_with(nc, 1'b1, -1);
                if (ip >= 0 && !pv && NSLOT > 1 && slot_with(nc, 1'b0, ip) < 0 &&
                    $urandom_range(1) == 0)
                    ip = -1;
                if (ip >= 0 && $urandom_range(7) != 0) ia = slot_with(nc, 1'b0, ip);
                if (ia < 0 && $urandom_range(3) != 0) ia = slot_with(nc, 1'b0, -1);
                if (ia < 0 && !pv && ip < 0) begin
                    ia = slot_with(nc, 1'b0, -1);
                    if (ia < 0) ip = slot_with(nc, 1'b1, -1);
                end
                if (ia >= 0) begin
                    arr_id = pick(ia, nc, 1'b0);
                    iv = 1'b1;
                end
                if (!pv && ip >= 0) begin
                    park_id = pick(ip, nc, 1'b1);
                    pv = 1'b1;
                end
            end
            clear        <= cl;
            in_valid     <= iv;
            // The slot of an idle port is random: it must not matter (park_ready is still
            // checked against it).
            in_slot      <= SW'(iv ? ia : int'($urandom_range(NSLOT - 1)));
            in_data      <= next_data();
            park_req     <= pv;
            park_slot    <= SW'(pv ? ip : int'($urandom_range(NSLOT - 1)));
            unpark_valid <= uv;
            unpark_slot  <= SW'(s);
            out_ready    <= $urandom_range(99) < ready_pct;

            cyc++;
            if (cyc == CYCLES) begin
                // WG 1: a round is its one work-item's arrival or park, never both, and an
                // arrival always completes it (so never alongside a completing park); a
                // park of another slot alongside can only be the lone one of an unpark.
                // One slot: no two slots in a cycle.
                if (n_checked < 1000 || n_hold == 0 ||
                    (WG > 1 && (n_done_by_park == 0 || n_done_by_both == 0 || n_both == 0 ||
                                n_rel_part == 0 || (NSLOT > 1 && n_interleave == 0))) ||
                    n_all_park == 0 || n_all_park_r0 == 0 || n_stray == 0 ||
                    n_tight_start == 0 || n_rel_one == 0 || (WG > 1 && n_rel_full == 0) ||
                    (NSLOT > 1 && (n_unpark_busy == 0 ||
                                   n_back_to_back == 0)) ||
                    n_clear_parked == 0 || n_tree == 0 || groups < 50)
                    $error("park N%0d WG%0d: weak coverage (tokens checked %0d, held %0d, rounds done %0d, by a park %0d, by arrival+park %0d, arrival+park %0d, everyone parked %0d / in round 0 %0d, unpark+park %0d, group right after unpark %0d, released 1 %0d / some %0d / all %0d, interleaved %0d, unpark while busy %0d, back to back %0d, clear while parked %0d, tree groups %0d, groups %0d)",
                           NSLOT, WG, n_checked, n_hold, n_done, n_done_by_park,
                           n_done_by_both, n_both, n_all_park, n_all_park_r0, n_stray,
                           n_tight_start, n_rel_one, n_rel_part, n_rel_full, n_interleave,
                           n_unpark_busy, n_back_to_back, n_clear_parked, n_tree, groups);
                if (NSLOT > 1 && (n_split == 0 || n_retry_ok == 0 || n_done_arr_split == 0 ||
                                  (WG > 1 && (n_done_park_split == 0 ||
                                              n_refused == n_refused_empty))))
                    $error("park N%0d WG%0d: weak coverage of parks beside arrivals of another slot (same cycle %0d, refused %0d of which %0d would release nothing, through after a refusal %0d, completion by the arrival %0d, by the park %0d)",
                           NSLOT, WG, n_split, n_refused, n_refused_empty, n_retry_ok,
                           n_done_arr_split, n_done_park_split);
                $display("park N%0d WG%0d: %0d groups, %0d rounds released (%0d completed by a park, %0d by arrival+park), %0d all-parked rounds, %0d tokens checked",
                         NSLOT, WG, groups, n_done, n_done_by_park, n_done_by_both,
                         n_all_park + n_all_park_r0, n_checked);
                $display("park N%0d WG%0d: %0d parks, arrival+park of two slots %0d cycles, completion by the arrival %0d / by the park %0d; parks refused %0d cycles (%0d with nothing to release), through after a refusal %0d",
                         NSLOT, WG, n_parks, n_split, n_done_arr_split, n_done_park_split,
                         n_refused, n_refused_empty, n_retry_ok);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_barrier (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [13:0] done;
    tb_barrier_unit #(.W(8),  .NSLOT(1), .MAXWG(1),  .CW(1))
        u11 (.clk(clk), .rst(rst), .done(done[0]));
    tb_barrier_unit #(.W(16), .NSLOT(1), .MAXWG(4),  .CW(3))
        u14 (.clk(clk), .rst(rst), .done(done[1]));
    tb_barrier_unit #(.W(32), .NSLOT(1), .MAXWG(16), .CW(5))
        u116 (.clk(clk), .rst(rst), .done(done[2]));
    tb_barrier_unit #(.W(33), .NSLOT(2), .MAXWG(1),  .CW(2))
        u21 (.clk(clk), .rst(rst), .done(done[3]));
    tb_barrier_unit #(.W(8),  .NSLOT(2), .MAXWG(4),  .CW(5))
        u24 (.clk(clk), .rst(rst), .done(done[4]));
    tb_barrier_unit #(.W(70), .NSLOT(2), .MAXWG(16), .CW(5))
        u216 (.clk(clk), .rst(rst), .done(done[5]));
    tb_barrier_unit #(.W(8),  .NSLOT(3), .MAXWG(1),  .CW(1))
        u31 (.clk(clk), .rst(rst), .done(done[6]));
    tb_barrier_unit #(.W(12), .NSLOT(3), .MAXWG(4),  .CW(3))
        u34 (.clk(clk), .rst(rst), .done(done[7]));
    tb_barrier_unit #(.W(32), .NSLOT(3), .MAXWG(16), .CW(6))
        u316 (.clk(clk), .rst(rst), .done(done[8]));
    // MAXWG not a power of two: slot s's words start at s*5.
    tb_barrier_unit #(.W(16), .NSLOT(3), .MAXWG(5),  .CW(3))
        u35 (.clk(clk), .rst(rst), .done(done[9]));
    // The head from a flip-flop after the block RAM's read register (the ECP5's OUT_REG).
    tb_barrier_unit #(.W(8),  .NSLOT(1), .MAXWG(4),  .CW(3), .OUT_REG(1))
        r14 (.clk(clk), .rst(rst), .done(done[10]));
    tb_barrier_unit #(.W(33), .NSLOT(2), .MAXWG(1),  .CW(2), .OUT_REG(1))
        r21 (.clk(clk), .rst(rst), .done(done[11]));
    tb_barrier_unit #(.W(16), .NSLOT(2), .MAXWG(16), .CW(5), .OUT_REG(1))
        r216 (.clk(clk), .rst(rst), .done(done[12]));
    tb_barrier_unit #(.W(16), .NSLOT(3), .MAXWG(5),  .CW(3), .OUT_REG(1))
        r35 (.clk(clk), .rst(rst), .done(done[13]));

    // Parked work-items: wg_size MAXWG, below MAXWG, not a power of two, one slot, 1.
    logic [5:0] pdone;
    tb_barrier_park #(.W(16), .NSLOT(2), .MAXWG(8), .CW(4), .WG(8))
        p28 (.clk(clk), .rst(rst), .done(pdone[0]));
    tb_barrier_park #(.W(16), .NSLOT(2), .MAXWG(8), .CW(4), .WG(5))
        p25 (.clk(clk), .rst(rst), .done(pdone[1]));
    tb_barrier_park #(.W(12), .NSLOT(3), .MAXWG(5), .CW(3), .WG(5))
        p35 (.clk(clk), .rst(rst), .done(pdone[2]));
    tb_barrier_park #(.W(8),  .NSLOT(1), .MAXWG(4), .CW(3), .WG(3))
        p13 (.clk(clk), .rst(rst), .done(pdone[3]));
    tb_barrier_park #(.W(16), .NSLOT(2), .MAXWG(1), .CW(1), .WG(1))
        p21 (.clk(clk), .rst(rst), .done(pdone[4]));
    tb_barrier_park #(.W(16), .NSLOT(2), .MAXWG(8), .CW(4), .WG(5), .OUT_REG(1))
        r25 (.clk(clk), .rst(rst), .done(pdone[5]));

    always @(posedge clk) begin
        if (&done && &pdone) begin
            $display("PASS tb_ocl_barrier");
            $finish;
        end
    end
endmodule

`default_nettype wire
