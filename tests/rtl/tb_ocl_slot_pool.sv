// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_slot_pool: N = 1, 2, 5, 64 and 100. A model of the busy
// bitmap predicts every output in every cycle (alloc_ready, alloc_id = lowest free slot,
// all_free) and takes the releases, allocations and clears of each edge.
//
// Each instance first runs a directed script:
//   fill     alloc in every cycle: slots 0, 1, ..., N-1 are handed out in order, then
//            alloc_ready is low (and alloc, still high for two more cycles, is ignored)
//   reuse    release slot M = N/2: alloc_ready stays low in that cycle and rises in the
//            next with alloc_id M; allocate it while releasing slot N-1 (same cycle);
//            then N-1 is offered; release slot 0 (when M > 0): 0 is offered next, the
//            lowest, and is taken back
//   clear    clear together with an alloc and a release while slots are taken: every
//            slot is free in the next cycle (all_free, alloc_id 0)
// then random stimulus in phases (allocation-heavy to fill the pool, release-heavy to
// drain it, balanced, and one where alloc is driven regardless of alloc_ready, which the
// module must ignore), with an occasional clear. Releases always name a slot the model
// holds busy; outside that one phase alloc is only driven while alloc_ready.
`default_nettype none

module tb_slot_pool_unit #(
    parameter int N = 5,
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int IW = (N > 1) ? $clog2(N) : 1;

    // Directed script: step ranges (step 0 is the idle cycle after reset).
    localparam int FILL_END = 1 + N + 2;     // [1, FILL_END)  alloc every cycle
    localparam int M        = N / 2;         // released first
    localparam int OTHER    = N - 1;         // released together with the reuse of M
    localparam int R0       = FILL_END;      // release M
    localparam int R1       = R0 + 1;        // alloc (gets M), release OTHER
    localparam int R2       = R1 + 1;        // release 0 (when M > 0)
    localparam int R3       = R2 + 1;        // alloc (gets 0)
    localparam int R4       = R3 + 1;        // nothing
    localparam int CLEAR_STEP = R4 + 1;      // clear with an alloc and a release
    localparam int DIRECTED_END = CLEAR_STEP + 1;

    logic          clear = 1'b0;
    logic          alloc = 1'b0;
    logic          release_en = 1'b0;
    logic [IW-1:0] release_id = '0;
    logic          alloc_ready, all_free;
    logic [IW-1:0] alloc_id;

    ocl_slot_pool #(.N(N)) dut (
        .clk(clk), .rst(rst), .clear(clear), .alloc_ready(alloc_ready), .alloc_id(alloc_id),
        .alloc(alloc), .release_en(release_en), .release_id(release_id), .all_free(all_free)
    );

    bit mbusy[N];     // model: slot i is taken
    int cyc = 0;
    int step = 0;     // step of the stimulus applied in the current cycle
    int alloc_pct = 50, rel_pct = 50;
    bit raw_alloc = 1'b0;
    // Coverage.
    int n_full = 0, n_all_free_after_use = 0, n_alloc_and_rel = 0, n_clear_busy = 0;
    int n_alloc_ignored = 0, n_high_id = 0, n_rel_to_full = 0;
    initial done = 1'b0;

    // Random slot the model holds busy (-1 when none).
    function automatic int pick_busy();
        int n, k;
        n = 0;
        for (int i = 0; i < N; i++) if (mbusy[i]) n++;
        if (n == 0) return -1;
        k = $urandom_range(n - 1);
        for (int i = 0; i < N; i++) begin
            if (mbusy[i]) begin
                if (k == 0) return i;
                k--;
            end
        end
        return -1;
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            for (int i = 0; i < N; i++) mbusy[i] = 1'b0;
            step = 0;
            clear      <= 1'b0;
            alloc      <= 1'b0;
            release_en <= 1'b0;
        end else if (!done) begin
            int low, nbusy, rid;
            bit e_ready, al, rl, cl;

            // Check every output before this edge against the model.
            low = -1;
            nbusy = 0;
            for (int i = N - 1; i >= 0; i--) begin
                if (!mbusy[i]) low = i;
                else nbusy++;
            end
            e_ready = low >= 0;
            if (alloc_ready !== e_ready)
                $error("slot_pool N%0d cycle %0d: alloc_ready=%b, expected %b (%0d taken)", N,
                       cyc, alloc_ready, e_ready, nbusy);
            if (e_ready && alloc_id !== IW'(low))
                $error("slot_pool N%0d cycle %0d: alloc_id=%0d, lowest free slot %0d", N, cyc,
                       alloc_id, low);
            if (all_free !== (nbusy == 0))
                $error("slot_pool N%0d cycle %0d: all_free=%b, %0d taken", N, cyc, all_free,
                       nbusy);

            // Directed checks (independent of the model).
            if (step >= 1 && step <= N && (!alloc_ready || alloc_id !== IW'(step - 1)))
                $error("slot_pool N%0d step %0d: fill: alloc_ready %b alloc_id %0d, expected slot %0d",
                       N, step, alloc_ready, alloc_id, step - 1);
            if (step > N && step <= R0 && (alloc_ready || all_free))
                $error("slot_pool N%0d step %0d: full pool: alloc_ready %b all_free %b", N,
                       step, alloc_ready, all_free);
            if (step == R1 && (!alloc_ready || alloc_id !== IW'(M)))
                $error("slot_pool N%0d: released slot %0d not offered (alloc_ready %b alloc_id %0d)",
                       N, M, alloc_ready, alloc_id);
            if (step == R2 && (OTHER != M ? (!alloc_ready || alloc_id !== IW'(OTHER))
                                          : alloc_ready))
                $error("slot_pool N%0d: after reuse of %0d: alloc_ready %b alloc_id %0d", N, M,
                       alloc_ready, alloc_id);
            if (step == R3 && M > 0 && (!alloc_ready || alloc_id !== '0))
                $error("slot_pool N%0d: released slot 0 not offered first (alloc_ready %b alloc_id %0d)",
                       N, alloc_ready, alloc_id);
            if (step == CLEAR_STEP + 1 && (!all_free || !alloc_ready || alloc_id !== '0))
                $error("slot_pool N%0d: after clear: all_free %b alloc_ready %b alloc_id %0d", N,
                       all_free, alloc_ready, alloc_id);

            // Coverage of the cases that matter.
            if (!e_ready) n_full++;
            if (nbusy == 0 && step > DIRECTED_END) n_all_free_after_use++;
            if (alloc && e_ready && release_en) n_alloc_and_rel++;
            if (clear && nbusy > 0) n_clear_busy++;
            if (alloc && !e_ready) n_alloc_ignored++;
            if (alloc && e_ready && low >= N / 2) n_high_id++;
            if (release_en && !e_ready) n_rel_to_full++;

            // Apply this cycle to the model: clear wins over release and alloc.
            if (clear) begin
                for (int i = 0; i < N; i++) mbusy[i] = 1'b0;
            end else begin
                if (release_en) mbusy[int'(release_id)] = 1'b0;
                if (alloc && e_ready) mbusy[low] = 1'b1;
            end

            // Next stimulus: raw wishes, then qualified by the contract against the state
            // the next cycle will see (mbusy now).
            step++;
            cl = 1'b0;
            rid = -1;
            if (step < FILL_END) begin
                al = 1'b1; rl = 1'b0;
            end else if (step == R0) begin
                al = 1'b0; rl = 1'b1; rid = M;
            end else if (step == R1) begin
                al = 1'b1; rl = OTHER != M; rid = OTHER;
            end else if (step == R2) begin
                al = 1'b0; rl = M > 0; rid = 0;
            end else if (step == R3) begin
                al = 1'b1; rl = 1'b0;
            end else if (step == R4) begin
                al = 1'b0; rl = 1'b0;
            end else if (step == CLEAR_STEP) begin
                al = 1'b1; rl = 1'b1; cl = 1'b1;
            end else begin
                if ((step - DIRECTED_END) % 256 == 0) begin
                    raw_alloc = 1'b0;
                    case ($urandom_range(4))
                        0: begin alloc_pct = 90; rel_pct = 10; end
                        1: begin alloc_pct = 10; rel_pct = 90; end
                        2: begin alloc_pct = 50; rel_pct = 50; end
                        3: begin alloc_pct = 70; rel_pct = 60; end
                        default: begin alloc_pct = 80; rel_pct = 40; raw_alloc = 1'b1; end
                    endcase
                end
                al = $urandom_range(99) < alloc_pct;
                rl = $urandom_range(99) < rel_pct;
                cl = $urandom_range(511) == 0;
            end
            // The fill steps keep alloc high on a full pool on purpose.
            if (!raw_alloc && step >= FILL_END) begin
                bit any_free;
                any_free = 1'b0;
                for (int i = 0; i < N; i++) if (!mbusy[i]) any_free = 1'b1;
                al = al && any_free;
            end
            if (rl && (rid < 0 || !mbusy[rid])) rid = pick_busy();
            rl = rl && rid >= 0;
            clear      <= cl;
            alloc      <= al;
            release_en <= rl;
            release_id <= rl ? IW'(rid) : IW'($urandom_range(N - 1));

            cyc++;
            if (cyc == CYCLES) begin
                // One slot: an alloc needs it free and a release needs it taken.
                if (n_full == 0 || n_all_free_after_use == 0 ||
                    (N > 1 && n_alloc_and_rel == 0) || n_clear_busy == 0 ||
                    n_alloc_ignored == 0 || n_high_id == 0 || n_rel_to_full == 0)
                    $error("slot_pool N%0d: weak coverage (full %0d, all free again %0d, alloc+release %0d, clear while busy %0d, alloc ignored %0d, upper ids %0d, release from full %0d)",
                           N, n_full, n_all_free_after_use, n_alloc_and_rel, n_clear_busy,
                           n_alloc_ignored, n_high_id, n_rel_to_full);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_slot_pool (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [4:0] done;
    tb_slot_pool_unit #(.N(1))   u1   (.clk(clk), .rst(rst), .done(done[0]));
    tb_slot_pool_unit #(.N(2))   u2   (.clk(clk), .rst(rst), .done(done[1]));
    tb_slot_pool_unit #(.N(5))   u5   (.clk(clk), .rst(rst), .done(done[2]));
    tb_slot_pool_unit #(.N(64))  u64  (.clk(clk), .rst(rst), .done(done[3]));
    tb_slot_pool_unit #(.N(100)) u100 (.clk(clk), .rst(rst), .done(done[4]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_slot_pool");
            $finish;
        end
    end
endmodule

`default_nettype wire
