// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_atomic over several MEM_DW/DEPTH/latency sets. The memory
// model holds 32-bit words (a hash of the address until written), applies requests in the
// order it accepts them and answers reads in order after a latency (fixed L in the
// directed phases, random in L..LAT_MAX in the random ones) with random mem_req_ready.
// The reference model performs every request at its fire, in order, on its own copy of
// memory (a SystemVerilog ocl_atomic_alu), which gives the expected old value of each
// response. Phases per instance:
//   1. latency: isolated requests while idle, memory always ready: a miss (a word never
//      used) must have rsp_valid exactly L + 2 cycles after the fire, a hit (the same
//      word again) exactly 1 cycle after;
//   2. same word: one fire per cycle to one word, pop always, memory always ready:
//      exactly one memory read, one response per cycle once the read is back;
//   3. spread: one word per line, each new: throughput is displayed (bus-bound, ~1/2);
//   4. random A: random ops (all 16 encodings) mostly on 1-4 hot words, partly on a pool
//      of about 2 x the unit's table size (evictions) and anywhere; random fire, pop and
//      ready rates; while the unit is idle, now and then another agent stores to hot
//      words and clear is pulsed (sometimes together with a fire);
//   5. drain, then the same "other unit" stores and a clear, then random B, drain.
// Always checked: every response against the reference; idle == nothing waiting and no
// write owed; one memory write per writing op (ops 0..10) and none otherwise; write
// strobes are one aligned word, reads have none; an offered request that memory refuses
// stays the same until accepted; at the end memory equals the reference copy.
`default_nettype none

module tb_atomic_unit #(
    parameter int MEM_DW = 512,
    parameter int DEPTH = 8,
    parameter int LAT = 4,          // latency of the directed phases
    parameter int LAT_MAX = 10,     // random phases: latency in LAT..LAT_MAX
    parameter int CYCLES = 50000,   // per random phase
    parameter int OP = -1,          // the unit's OP: -1 random operations, else only this one
    parameter int RESULT = 1,       // 0: the unit pops by itself (rsp_pop is driven but ignored)
    parameter int HEAD_REG = 0      // the descriptor FIFO's head in flip-flops (the ECP5's)
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int LB = MEM_DW / 8;
    localparam int NW = MEM_DW / 32;
    localparam int NE = DEPTH + (DEPTH < 4 ? DEPTH : 4);  // the unit's table size
    localparam int NPOOL = 2 * NE + 6;      // spread words: more than the table holds

    logic              clear = 1'b0, req_fire = 1'b0, rsp_pop = 1'b0;
    logic [AW-1:0]     req_addr = '0;
    logic [3:0]        req_op = '0;
    logic [31:0]       req_a = '0, req_b = '0;
    logic              req_can_accept, rsp_valid, idle, writes_done;
    logic [31:0]       rsp_data;
    logic              mem_req_valid, mem_req_ready = 1'b1, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0]     mem_req_wstrb;
    logic              mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;

    ocl_atomic #(.MEM_DW(MEM_DW), .AW(AW), .DEPTH(DEPTH), .OP(OP), .RESULT(RESULT),
                 .HEAD_REG(HEAD_REG)) dut (
        .clk(clk), .rst(rst), .clear(clear), .req_can_accept(req_can_accept),
        .req_fire(req_fire), .req_addr(req_addr), .req_op(req_op), .req_a(req_a),
        .req_b(req_b), .rsp_valid(rsp_valid), .rsp_pop(rsp_pop), .rsp_data(rsp_data),
        .idle(idle), .writes_done(writes_done),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    // ------------------------------------------------------------------ reference
    `include "ocl_atomic_ref.svh"

    function automatic logic [31:0] init_word(logic [AW-3:0] w);
        logic [31:0] h;
        h = {w, 2'b00} * 32'h9E37_79B1;
        return h ^ {w[7:0], 24'h0};
    endfunction

    // Words by word address (byte address >> 2): memory as the model holds it, and the
    // reference copy (updated at each fire).
    logic [31:0] mem[logic [AW-3:0]];
    logic [31:0] ref_mem[logic [AW-3:0]];

    function automatic logic [31:0] mem_word(logic [AW-3:0] w);
        return mem.exists(w) != 0 ? mem[w] : init_word(w);
    endfunction

    function automatic logic [31:0] ref_word(logic [AW-3:0] w);
        return ref_mem.exists(w) != 0 ? ref_mem[w] : init_word(w);
    endfunction

    // Another agent's plain store while the unit is idle: memory and reference alike.
    function automatic void poke(logic [AW-1:0] a, logic [31:0] v);
        mem[a[AW-1:2]] = v;
        ref_mem[a[AW-1:2]] = v;
    endfunction

    logic [31:0]   exp_old[$];
    bit            exp_writes[$];       // the request's op writes memory (0..10)
    int            writes_owed = 0;     // writing ops popped, write not yet on the bus
    longint        n_fire = 0, n_pop = 0, n_reads = 0, n_writes = 0, n_write_ops = 0;
    longint        n_clear = 0, n_clear_fire = 0;

    // ------------------------------------------------------------------ memory model
    longint            due_cycle[$];
    logic [MEM_DW-1:0] due_data[$];
    longint            last_due = 0;
    int                lat_min = LAT, lat_max = LAT;
    logic              prev_refused = 1'b0;
    logic              prev_we;
    logic [AW-1:0]     prev_addr;
    logic [MEM_DW-1:0] prev_wdata;
    logic [LB-1:0]     prev_wstrb;

    // ------------------------------------------------------------------ stimulus
    typedef enum int { P_LAT, P_STREAM, P_SPREAD, P_RAND, P_DRAIN } phase_t;
    phase_t        phase = P_LAT;
    int            rand_round = 0;      // 0: random A, 1: random B
    longint        cyc = 0, t_fire = 0, phase_start = 0;
    int            fire_pct = 100, pop_pct = 100, ready_pct = 100;
    int            lat_tests = 0, n_hot = 1;
    bit            waiting = 0, expect_hit = 0;
    longint        stream_reads = 0, win_rsp = 0, win_fire = 0;
    logic [AW-1:0] hot[4];
    logic [AW-1:0] pool[NPOOL];
    initial done = 1'b0;

    // Hot words: two in one line (one word apart unless lines are one word), two in
    // other lines.
    initial begin
        hot[0] = 32'h0000_1000;
        hot[1] = 32'h0000_1000 + (NW > 1 ? 32'd4 : 32'(LB));
        hot[2] = 32'h0000_1000 + 32'(5 * LB) + 32'(4 * (NW - 1));
        hot[3] = 32'h0007_fff8;
        for (int k = 0; k < NPOOL; k++) pool[k] = 32'h0002_0000 + 32'(k * (LB + 4));
    end

    function automatic logic [AW-1:0] pick_addr();
        int r;
        r = $urandom_range(99);
        if (r < 70) return hot[$urandom_range(n_hot - 1)];
        if (r < 93) return pool[$urandom_range(NPOOL - 1)];
        return $urandom & 32'hffff_fffc;
    endfunction

    // Next request to addr a: a random op; a is sometimes the current value (CMPXCHG
    // succeeds, min/max ties), small or random otherwise.
    task automatic next_req(logic [AW-1:0] a, bit writes_only);
        logic [3:0]  f;
        logic [31:0] cur;
        cur = ref_word(a[AW-1:2]);
        f = writes_only ? 4'($urandom_range(10)) : 4'($urandom_range(15));
        if (OP >= 0) f = 4'(OP);
        req_addr <= a;
        req_op <= f;
        case ($urandom_range(3))
            0: req_a <= cur;
            1: req_a <= 32'($urandom_range(7)) - 32'd3;
            default: req_a <= $urandom;
        endcase
        req_b <= $urandom;
    endtask

    always @(posedge clk) begin
        if (rst) begin
            req_fire <= 1'b0;
            rsp_pop <= 1'b0;
            clear <= 1'b0;
        end else if (!done) begin
            bit fire, pop, mem_take, pop_writes;
            cyc++;
            fire = req_fire && req_can_accept;
            pop = (RESULT != 0 ? rsp_pop : 1'b1) && rsp_valid;
            mem_take = mem_req_valid && mem_req_ready;

            // idle against the state before this cycle's events (idle is registered).
            if (idle !== (exp_old.size() == 0 && writes_owed == 0))
                $error("atomic MEM_DW%0d DEPTH%0d cycle %0d: idle %b with %0d requests, %0d writes outstanding",
                       MEM_DW, DEPTH, cyc, idle, exp_old.size(), writes_owed);
            if (writes_done !== (writes_owed == 0 && (RESULT != 0 || exp_old.size() == 0)))
                $error("atomic MEM_DW%0d DEPTH%0d RESULT%0d cycle %0d: writes_done %b with %0d requests, %0d writes outstanding",
                       MEM_DW, DEPTH, RESULT, cyc, writes_done, exp_old.size(), writes_owed);

            // ------------------------------------------------ memory side
            if (prev_refused && (!mem_req_valid || mem_req_we !== prev_we ||
                                 mem_req_addr !== prev_addr || mem_req_wstrb !== prev_wstrb ||
                                 (prev_we && mem_req_wdata !== prev_wdata)))
                $error("atomic MEM_DW%0d DEPTH%0d cycle %0d: refused request changed", MEM_DW,
                       DEPTH, cyc);
            prev_refused = mem_req_valid && !mem_req_ready;
            prev_we = mem_req_we;
            prev_addr = mem_req_addr;
            prev_wdata = mem_req_wdata;
            prev_wstrb = mem_req_wstrb;
            if (mem_take) begin
                if (mem_req_addr % LB != 0)
                    $error("atomic MEM_DW%0d: unaligned line address %h", MEM_DW, mem_req_addr);
                if (mem_req_we) begin
                    int nb, first;
                    nb = 0;
                    first = -1;
                    for (int k = 0; k < LB; k++)
                        if (mem_req_wstrb[k]) begin
                            nb++;
                            if (first < 0) first = k;
                        end
                    if (nb != 4 || first % 4 != 0 || mem_req_wstrb[first +: 4] !== 4'hf)
                        $error("atomic MEM_DW%0d: write strobes %h", MEM_DW, mem_req_wstrb);
                    for (int k = 0; k < NW; k++)
                        if (mem_req_wstrb[4 * k])
                            mem[30'(mem_req_addr >> 2) + 30'(k)] = mem_req_wdata[32 * k +: 32];
                    n_writes++;
                    if (writes_owed == 0)
                        $error("atomic MEM_DW%0d DEPTH%0d cycle %0d: a write no op asked for",
                               MEM_DW, DEPTH, cyc);
                    else
                        writes_owed--;
                end else begin
                    logic [MEM_DW-1:0] line;
                    longint due;
                    if (mem_req_wstrb !== '0)
                        $error("atomic MEM_DW%0d: a read with strobes %h", MEM_DW, mem_req_wstrb);
                    for (int k = 0; k < NW; k++)
                        line[32 * k +: 32] = mem_word(30'(mem_req_addr >> 2) + 30'(k));
                    due = cyc + longint'($urandom_range(lat_max, lat_min));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    due_data.push_back(line);
                    n_reads++;
                    if (phase == P_STREAM) stream_reads++;
                end
            end

            // ------------------------------------------------ pipeline side
            if (rsp_valid && exp_old.size() == 0)
                $error("atomic MEM_DW%0d DEPTH%0d: rsp_valid without a request", MEM_DW, DEPTH);
            if (clear && !idle)
                $error("atomic bench: clear while not idle");
            pop_writes = 0;
            if (pop && exp_old.size() != 0) begin
                logic [31:0] want;
                want = exp_old.pop_front();
                pop_writes = exp_writes.pop_front();
                n_pop++;
                if (rsp_data !== want)
                    $error("atomic MEM_DW%0d DEPTH%0d cycle %0d: old value %h, expected %h",
                           MEM_DW, DEPTH, cyc, rsp_data, want);
            end
            if (fire) begin
                logic [31:0] o;
                o = ref_word(req_addr[AW-1:2]);
                exp_old.push_back(o);
                exp_writes.push_back(req_op <= 4'd10);
                if (req_op <= 4'd10) begin
                    ref_mem[req_addr[AW-1:2]] = ref_alu(req_op, o, req_a, req_b);
                    n_write_ops++;
                end
                n_fire++;
                if (clear) n_clear_fire++;
                // The unit relies on a free table entry for every miss it accepts.
                if (!dut.hit && dut.e_free == '0)
                    $error("atomic MEM_DW%0d DEPTH%0d cycle %0d: a miss accepted with no free entry",
                           MEM_DW, DEPTH, cyc);
            end
            // Writes are owed from the pop of their request (the unit computes there).
            // Counted after the bus check above: a pop's write reaches the bus a cycle
            // later at the earliest.
            if (pop_writes) writes_owed++;
            if (clear) n_clear++;

            // ------------------------------------------------ phases
            clear <= 1'b0;
            case (phase)
                P_LAT: begin
                    // One request at a time while idle: a miss on a word never used, then
                    // a hit on the same word.
                    if (waiting && rsp_valid) begin
                        int want;
                        want = expect_hit ? 1 : LAT + 2;
                        if (cyc - t_fire != longint'(want))
                            $error("atomic MEM_DW%0d DEPTH%0d L%0d: %s latency %0d, expected %0d",
                                   MEM_DW, DEPTH, LAT, expect_hit ? "hit " : "miss",
                                   cyc - t_fire, want);
                        if (lat_tests <= 2)
                            $display("atomic MEM_DW%0d DEPTH%0d L%0d: %s latency %0d cycles",
                                     MEM_DW, DEPTH, LAT, expect_hit ? "hit " : "miss",
                                     cyc - t_fire);
                        waiting = 0;
                    end
                    req_fire <= 1'b0;
                    if (fire) begin
                        t_fire = cyc;
                        waiting = 1;
                    end else if (!waiting && !req_fire && exp_old.size() == 0 &&
                                 writes_owed == 0 && due_cycle.size() == 0) begin
                        if (lat_tests == 20) begin
                            phase = P_STREAM;
                            phase_start = cyc;
                            next_req(32'h5000_0000, 1);
                            req_fire <= 1'b1;
                        end else begin
                            expect_hit = lat_tests % 2 == 1;
                            next_req(expect_hit ? req_addr : 32'h4000_0000 + 32'(LB * lat_tests),
                                     0);
                            req_fire <= 1'b1;
                            lat_tests++;
                        end
                    end
                    rsp_pop <= 1'b1;
                    mem_req_ready <= 1'b1;
                end
                P_STREAM: begin
                    // One word, a fire every cycle, writing ops only.
                    if (fire) next_req(32'h5000_0000, 1);
                    req_fire <= 1'b1;
                    if (cyc - phase_start >= longint'(LAT) + 8 && cyc - phase_start < 308) begin
                        if (pop) win_rsp++;
                        if (fire) win_fire++;
                    end
                    if (cyc - phase_start == 308) begin
                        $display("atomic MEM_DW%0d DEPTH%0d L%0d: same word: %0d responses, %0d fires in %0d cycles, %0d memory read(s)",
                                 MEM_DW, DEPTH, LAT, win_rsp, win_fire, 300 - LAT, stream_reads);
                        if (stream_reads != 1)
                            $error("atomic MEM_DW%0d DEPTH%0d: same-word stream read memory %0d times",
                                   MEM_DW, DEPTH, stream_reads);
                        if (DEPTH >= 2 && (win_rsp < 299 - longint'(LAT) || win_fire < 299 - longint'(LAT)))
                            $error("atomic MEM_DW%0d DEPTH%0d: same-word stream below one per cycle",
                                   MEM_DW, DEPTH);
                        phase = P_SPREAD;
                        phase_start = cyc;
                        win_rsp = 0;
                        win_fire = 0;
                        next_req(32'h6000_0000, 1);
                    end
                end
                P_SPREAD: begin
                    // A new word in a new line every fire.
                    if (fire) next_req(req_addr + 32'(LB), 1);
                    req_fire <= 1'b1;
                    if (cyc - phase_start >= longint'(2 * LAT + 8) &&
                        cyc - phase_start < longint'(2 * LAT + 308)) begin
                        if (pop) win_rsp++;
                    end
                    if (cyc - phase_start == longint'(2 * LAT + 308)) begin
                        $display("atomic MEM_DW%0d DEPTH%0d L%0d: new words: %0d responses in 300 cycles",
                                 MEM_DW, DEPTH, LAT, win_rsp);
                        // Read + write per request on one bus: one per two cycles. A
                        // unit popping by itself frees a slot as soon as the line is back.
                        if ((DEPTH >= LAT + 3 || (RESULT == 0 && 2 * DEPTH >= LAT + 3)) &&
                            win_rsp < 140)
                            $error("atomic MEM_DW%0d DEPTH%0d: new-word stream below 1/2 per cycle",
                                   MEM_DW, DEPTH);
                        phase = P_RAND;
                        phase_start = cyc;
                        lat_min = LAT;
                        lat_max = LAT_MAX;
                        req_fire <= 1'b0;
                    end
                end
                P_RAND: begin
                    if ((cyc - phase_start) % 256 == 0) begin
                        fire_pct = 20 + 20 * $urandom_range(4);
                        pop_pct = 20 + 20 * $urandom_range(4);
                        ready_pct = 30 + 35 * $urandom_range(2);
                        n_hot = 1 + $urandom_range(3);
                    end
                    // Hold the request while it is not accepted, as a pipeline would.
                    if (!req_fire || fire) begin
                        req_fire <= $urandom_range(99) < fire_pct;
                        next_req(pick_addr(), 0);
                    end
                    // Idle now and next cycle: now and then another agent's stores, then a
                    // clear (a fire may come in its cycle).
                    if (exp_old.size() == 0 && writes_owed == 0 && $urandom_range(99) < 5) begin
                        poke(hot[$urandom_range(3)], $urandom);
                        poke(pool[$urandom_range(NPOOL - 1)], $urandom);
                        clear <= 1'b1;
                    end
                    rsp_pop <= $urandom_range(99) < pop_pct;
                    mem_req_ready <= $urandom_range(99) < ready_pct;
                    if (cyc - phase_start > longint'(CYCLES)) begin
                        phase = P_DRAIN;
                        req_fire <= 1'b0;
                    end
                end
                P_DRAIN: begin
                    req_fire <= 1'b0;
                    rsp_pop <= $urandom_range(1) == 1;
                    mem_req_ready <= 1'b1;
                    if (!req_fire && exp_old.size() == 0 && writes_owed == 0 &&
                        due_cycle.size() == 0) begin
                        check_memory();
                        if (rand_round == 0) begin
                            // Between two kernels: other stores to remembered words, then
                            // clear together with the first fire of the next phase.
                            for (int k = 0; k < 4; k++) poke(hot[k], 32'h1000_0000 * k + 7);
                            for (int k = 0; k < NPOOL; k += 3) poke(pool[k], $urandom);
                            clear <= 1'b1;
                            next_req(hot[0], 0);
                            req_fire <= 1'b1;
                            rand_round = 1;
                            phase = P_RAND;
                            phase_start = cyc;
                        end else begin
                            $display("atomic MEM_DW%0d DEPTH%0d L%0d..%0d: %0d requests, %0d memory reads, %0d writes, %0d clears (%0d with a fire)",
                                     MEM_DW, DEPTH, LAT, LAT_MAX, n_fire, n_reads, n_writes,
                                     n_clear, n_clear_fire);
                            if (n_writes != n_write_ops || n_pop != n_fire)
                                $error("atomic MEM_DW%0d DEPTH%0d: %0d writes for %0d writing ops, %0d pops for %0d fires",
                                       MEM_DW, DEPTH, n_writes, n_write_ops, n_pop, n_fire);
                            if (n_clear_fire == 0)
                                $error("atomic MEM_DW%0d DEPTH%0d: no clear together with a fire",
                                       MEM_DW, DEPTH);
                            done <= 1'b1;
                        end
                    end
                end
            endcase

            // ------------------------------------------------ memory responses
            if (due_cycle.size() != 0 && due_cycle[0] == cyc + 1) begin
                logic [MEM_DW-1:0] d;
                void'(due_cycle.pop_front());
                d = due_data.pop_front();
                mem_rsp_valid <= 1'b1;
                mem_rsp_data <= d;
            end else begin
                mem_rsp_valid <= 1'b0;
                mem_rsp_data <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
            end
        end
    end

    task automatic check_memory();
        foreach (ref_mem[w]) begin
            if (mem_word(w) !== ref_mem[w])
                $error("atomic MEM_DW%0d DEPTH%0d: memory word %h is %h, expected %h", MEM_DW,
                       DEPTH, {w, 2'b00}, mem_word(w), ref_mem[w]);
        end
        foreach (mem[w]) begin
            if (mem[w] !== ref_word(w))
                $error("atomic MEM_DW%0d DEPTH%0d: memory word %h is %h, expected %h", MEM_DW,
                       DEPTH, {w, 2'b00}, mem[w], ref_word(w));
        end
    endtask
endmodule

module tb_ocl_atomic (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [12:0] done;
    tb_atomic_unit #(.MEM_DW(512), .DEPTH(32), .LAT(20), .LAT_MAX(40))
        u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_atomic_unit #(.MEM_DW(512), .DEPTH(8), .LAT(4), .LAT_MAX(12))
        u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_atomic_unit #(.MEM_DW(32), .DEPTH(4), .LAT(1), .LAT_MAX(6))
        u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(4), .LAT(3), .LAT_MAX(8))
        u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_atomic_unit #(.MEM_DW(128), .DEPTH(1), .LAT(2), .LAT_MAX(5))
        u4 (.clk(clk), .rst(rst), .done(done[4]));
    tb_atomic_unit #(.MEM_DW(256), .DEPTH(3), .LAT(6), .LAT_MAX(9))
        u5 (.clk(clk), .rst(rst), .done(done[5]));
    // One operation per unit, as kernels instantiate it: ADD (a histogram), CMPXCHG (keeps
    // req_b), LOAD (writes nothing).
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(9), .LAT(1), .LAT_MAX(4), .OP(0))
        u6 (.clk(clk), .rst(rst), .done(done[6]));
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(4), .LAT(2), .LAT_MAX(6), .OP(3))
        u7 (.clk(clk), .rst(rst), .done(done[7]));
    tb_atomic_unit #(.MEM_DW(32), .DEPTH(4), .LAT(1), .LAT_MAX(3), .OP(11))
        u8 (.clk(clk), .rst(rst), .done(done[8]));
    // No result read (atomic_add as a statement): the unit pops by itself; an ADD unit
    // as a 64-bit hardware board gets it, then the iCEBreaker's DEPTH 2 with all operations.
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(3), .LAT(1), .LAT_MAX(4), .OP(0), .RESULT(0))
        u9 (.clk(clk), .rst(rst), .done(done[9]));
    tb_atomic_unit #(.MEM_DW(128), .DEPTH(2), .LAT(1), .LAT_MAX(8), .RESULT(0))
        u10 (.clk(clk), .rst(rst), .done(done[10]));
    // As the ULX3S builds them: the descriptor FIFO's head in flip-flops.
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(7), .LAT(11), .LAT_MAX(20), .OP(0), .RESULT(0),
                     .HEAD_REG(1)) u11 (.clk(clk), .rst(rst), .done(done[11]));
    tb_atomic_unit #(.MEM_DW(64), .DEPTH(4), .LAT(3), .LAT_MAX(8), .HEAD_REG(1))
        u12 (.clk(clk), .rst(rst), .done(done[12]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_atomic");
            $finish;
        end
    end
endmodule

`default_nettype wire
