// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_loop_admit: several CAP instances (1, 2, 5 and the default
// 16). A model of the occupancy count predicts every output in every cycle (out_valid,
// sel_back, entry_pop, back_pop, count, empty), and count must never exceed CAP.
//
// Each instance first runs a directed script:
//   fill     entry tokens only, body always taking, no exit: count climbs to CAP and
//            stays there (the entry is refused, out_valid low)
//   back     entry and back tokens both waiting, with exits: the back token wins in
//            every cycle, also once exits have made room
//   refill   entry tokens with exits in the same cycles (count unchanged by the pair;
//            at CAP = 1 they alternate, as an admission needs count 0)
//   clear    a few admissions, then clear together with an admission and an exit:
//            count is 0 in the next cycle
// then random stimulus in phases (admission-heavy to saturate at CAP, draining,
// back-heavy, balanced, and one where take is driven regardless of out_valid, which the
// module must ignore), with an occasional clear. The stimulus honours the contract:
// exit_fire only while the model count is above 0, take (outside that one phase) only
// while the model says out_valid.
`default_nettype none

module tb_loop_admit_unit #(
    parameter int CAP = 1,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int CW = $clog2(CAP + 1);

    // Directed script: step ranges.
    localparam int FILL_END   = CAP + 4;            // [0, FILL_END)          fill
    localparam int BACK_END   = FILL_END + CAP + 2; // [FILL_END, BACK_END)   back wins
    localparam int REFILL_END = BACK_END + 8;       // [BACK_END, REFILL_END) refill
    localparam int CLEAR_STEP = REFILL_END + 3;     // admissions, then clear here
    localparam int DIRECTED_END = CLEAR_STEP + 1;

    logic          clear = 1'b0;
    logic          entry_valid = 1'b0;
    logic          back_valid = 1'b0;
    logic          take = 1'b0;
    logic          exit_fire = 1'b0;
    logic          out_valid, sel_back, entry_pop, back_pop, empty;
    logic [CW-1:0] count;

    ocl_loop_admit #(.CAP(CAP)) dut (
        .clk(clk), .rst(rst), .clear(clear), .entry_valid(entry_valid),
        .back_valid(back_valid), .take(take), .out_valid(out_valid), .sel_back(sel_back),
        .entry_pop(entry_pop), .back_pop(back_pop), .exit_fire(exit_fire), .count(count),
        .empty(empty)
    );

    int mcount = 0;   // model: tokens inside the loop
    int cyc = 0;
    int step = 0;     // step of the stimulus applied in the current cycle
    int ev_pct = 50, bv_pct = 50, take_pct = 50, exit_pct = 50;
    bit raw_take = 1'b0;
    // Coverage.
    int n_refused = 0, n_back_over_entry = 0, n_pop_and_exit = 0, n_clear_busy = 0;
    int n_take_ignored = 0, n_exit_at_cap = 0, n_back_pop = 0;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            mcount = 0;
            step = 0;
            clear       <= 1'b0;
            entry_valid <= 1'b0;
            back_valid  <= 1'b0;
            take        <= 1'b0;
            exit_fire   <= 1'b0;
        end else if (!done) begin
            bit room, e_out_valid, e_entry_pop, e_back_pop;
            bit ev, bv, tk, ex, cl;

            // Check every output before this edge against the model.
            room        = mcount < CAP;
            e_out_valid = back_valid || (entry_valid && room);
            e_entry_pop = take && !back_valid && entry_valid && room;
            e_back_pop  = take && back_valid;
            if (out_valid !== e_out_valid)
                $error("loop_admit CAP%0d cycle %0d: out_valid=%b, expected %b (count %0d)",
                       CAP, cyc, out_valid, e_out_valid, mcount);
            if (sel_back !== back_valid)
                $error("loop_admit CAP%0d cycle %0d: sel_back=%b, back_valid=%b", CAP, cyc,
                       sel_back, back_valid);
            if (entry_pop !== e_entry_pop)
                $error("loop_admit CAP%0d cycle %0d: entry_pop=%b, expected %b (count %0d)",
                       CAP, cyc, entry_pop, e_entry_pop, mcount);
            if (back_pop !== e_back_pop)
                $error("loop_admit CAP%0d cycle %0d: back_pop=%b, expected %b", CAP, cyc,
                       back_pop, e_back_pop);
            if (count !== CW'(mcount))
                $error("loop_admit CAP%0d cycle %0d: count=%0d, model %0d", CAP, cyc, count,
                       mcount);
            if (int'(count) > CAP)
                $error("loop_admit CAP%0d cycle %0d: count=%0d above CAP", CAP, cyc, count);
            if (empty !== (mcount == 0))
                $error("loop_admit CAP%0d cycle %0d: empty=%b, model count %0d", CAP, cyc,
                       empty, mcount);

            // Directed checks (independent of the model).
            if (step == FILL_END && count !== CW'(CAP))
                $error("loop_admit CAP%0d: fill ended at count %0d, expected CAP", CAP, count);
            if (step >= FILL_END && step < BACK_END &&
                (!sel_back || !out_valid || !back_pop || entry_pop))
                $error("loop_admit CAP%0d step %0d: back token did not win (sel_back %b out_valid %b back_pop %b entry_pop %b, count %0d)",
                       CAP, step, sel_back, out_valid, back_pop, entry_pop, count);
            if (step == CLEAR_STEP + 1 && (count !== '0 || !empty))
                $error("loop_admit CAP%0d: count %0d (empty %b) after clear", CAP, count,
                       empty);

            // Coverage of the cases that matter.
            if (entry_valid && !back_valid && mcount == CAP) n_refused++;
            if (back_valid && entry_valid && room && take) n_back_over_entry++;
            if (e_entry_pop && exit_fire) n_pop_and_exit++;
            if (clear && mcount > 0) n_clear_busy++;
            if (take && !e_out_valid) n_take_ignored++;
            if (exit_fire && mcount == CAP) n_exit_at_cap++;
            if (e_back_pop) n_back_pop++;

            // Apply this cycle to the model: clear wins over admission and exit.
            if (clear) mcount = 0;
            else mcount = mcount + int'(e_entry_pop) - int'(exit_fire);

            // Next stimulus: raw wishes, then qualified by the contract against the count
            // the next cycle will see (mcount now).
            step++;
            cl = 1'b0;
            if (step < FILL_END) begin
                ev = 1'b1; bv = 1'b0; tk = 1'b1; ex = 1'b0;
            end else if (step < BACK_END) begin
                // Exits bring the count down to 1 (to 0 at CAP = 1 after the first one).
                ev = 1'b1; bv = 1'b1; tk = 1'b1; ex = mcount > 1 || step == FILL_END;
            end else if (step < REFILL_END) begin
                ev = 1'b1; bv = 1'b0; tk = 1'b1; ex = 1'b1;
            end else if (step < DIRECTED_END) begin
                ev = 1'b1; bv = 1'b0; tk = 1'b1; ex = step == CLEAR_STEP;
                cl = step == CLEAR_STEP;
            end else begin
                if ((step - DIRECTED_END) % 64 == 0) begin
                    raw_take = 1'b0;
                    case ($urandom_range(4))
                        0: begin ev_pct = 90; bv_pct = 10; take_pct = 90; exit_pct = 10; end
                        1: begin ev_pct = 20; bv_pct = 30; take_pct = 80; exit_pct = 70; end
                        2: begin ev_pct = 80; bv_pct = 80; take_pct = 70; exit_pct = 40; end
                        3: begin ev_pct = 50; bv_pct = 50; take_pct = 50; exit_pct = 50; end
                        default: begin
                            ev_pct = 50; bv_pct = 30; take_pct = 70; exit_pct = 40;
                            raw_take = 1'b1;
                        end
                    endcase
                end
                ev = $urandom_range(99) < ev_pct;
                bv = $urandom_range(99) < bv_pct;
                tk = $urandom_range(99) < take_pct;
                ex = $urandom_range(99) < exit_pct;
                cl = $urandom_range(255) == 0;
            end
            if (!raw_take) tk = tk && (bv || (ev && mcount < CAP));
            ex = ex && mcount > 0;
            clear       <= cl;
            entry_valid <= ev;
            back_valid  <= bv;
            take        <= tk;
            exit_fire   <= ex;

            cyc++;
            if (cyc == CYCLES) begin
                // An admission needs count < CAP and an exit count > 0: both in one cycle
                // is impossible at CAP = 1.
                if (n_refused == 0 || n_back_over_entry == 0 ||
                    (CAP > 1 && n_pop_and_exit == 0) ||
                    n_clear_busy == 0 || n_take_ignored == 0 || n_exit_at_cap == 0 ||
                    n_back_pop == 0)
                    $error("loop_admit CAP%0d: weak coverage (refused %0d, back over entry %0d, pop+exit %0d, clear while busy %0d, take ignored %0d, exit at CAP %0d, back pops %0d)",
                           CAP, n_refused, n_back_over_entry, n_pop_and_exit, n_clear_busy,
                           n_take_ignored, n_exit_at_cap, n_back_pop);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_loop_admit (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [3:0] done;
    tb_loop_admit_unit #(.CAP(1))  u1  (.clk(clk), .rst(rst), .done(done[0]));
    tb_loop_admit_unit #(.CAP(2))  u2  (.clk(clk), .rst(rst), .done(done[1]));
    tb_loop_admit_unit #(.CAP(5))  u5  (.clk(clk), .rst(rst), .done(done[2]));
    tb_loop_admit_unit #(.CAP(16)) u16 (.clk(clk), .rst(rst), .done(done[3]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_loop_admit");
            $finish;
        end
    end
endmodule

`default_nettype wire
