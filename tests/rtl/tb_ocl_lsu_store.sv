// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_lsu_store over several DW/MEM_DW/DEPTH sets. A byte-array
// memory (same random initial contents as the reference) applies every accepted write
// with its strobes; the reference applies every fired store in program order. Phases:
//   1. combine: bursts of stores with flush low, then flush until idle: memory must equal
//      the reference and the number of line writes must equal the number of runs of
//      consecutive stores to one line (exact combining);
//   2. stream: memory always ready, a store every cycle, a new line every cycle or two:
//      with DEPTH >= 2 req_can_accept must never drop;
//   3. random: random stores (repeats of one address, runs, jumps), random flush, fire
//      and ready; whenever idle rises memory must equal the reference.
// Every write must be a write (we = 1), line-aligned, with at least one strobe.
// SLACK = 1: a store is fired only when req_can_accept was high the cycle before (as a
// pipeline whose stall is a register does) and must be taken then (the memory check
// fails otherwise); the stream phase needs DEPTH >= 3 for it never to drop.
`default_nettype none

module tb_store_unit #(
    parameter int DW = 32,
    parameter int MEM_DW = 512,
    parameter int DEPTH = 4,
    parameter int SLACK = 0,
    parameter int CYCLES = 15000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int LB = MEM_DW / 8;
    localparam int WB = DW / 8;
    localparam int NLINES = 16;              // memory region: NLINES lines at BASE
    localparam int BYTES = NLINES * LB;
    localparam logic [AW-1:0] BASE = 32'h0002_0000;

    logic              req_fire = 1'b0, flush = 1'b0;
    logic [AW-1:0]     req_addr = BASE;
    logic [DW-1:0]     req_data = '0;
    logic              req_can_accept, idle;
    // SLACK: req_can_accept of the cycle before, which allows this cycle's fire.
    logic              accept_q = 1'b0;
    wire               dut_fire = req_fire & (SLACK == 0 || accept_q);
    always @(posedge clk) accept_q <= !rst && req_can_accept;
    logic              mem_req_valid, mem_req_ready = 1'b1, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0]     mem_req_wstrb;

    ocl_lsu_store #(.DW(DW), .MEM_DW(MEM_DW), .AW(AW), .DEPTH(DEPTH), .SLACK(SLACK)) dut (
        .clk(clk), .rst(rst), .req_can_accept(req_can_accept), .req_fire(dut_fire),
        .req_addr(req_addr), .req_data(req_data), .flush(flush), .idle(idle),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(1'b0), .mem_rsp_data('0)
    );

    logic [7:0] mem[BYTES];
    logic [7:0] ref_mem[BYTES];
    initial begin
        for (int i = 0; i < BYTES; i++) begin
            mem[i] = 8'($urandom);
            ref_mem[i] = mem[i];
        end
        done = 1'b0;
    end

    typedef enum int { P_COMB, P_COMB_FLUSH, P_STREAM, P_RAND, P_DRAIN } phase_t;
    phase_t        phase = P_COMB;
    longint        cyc = 0, phase_start = 0;
    int            n_writes = 0, n_runs = 0, bursts = 0, burst_left = 0;
    bit            have_last = 0;
    logic [AW-1:0] last_line = '0;
    int            fire_pct = 100, ready_pct = 100, flush_pct = 0, run_left = 0;
    logic          prev_idle = 1'b1;
    int            n_idle_checks = 0;

    function automatic logic [AW-1:0] pick_addr(logic [AW-1:0] prev);
        logic [AW-1:0] off;
        if (run_left > 0) begin
            run_left--;
            off = prev - BASE + AW'(WB);
        end else begin
            case ($urandom_range(5))
                0: off = prev - BASE;                                   // same address
                1: begin run_left = $urandom_range(2 * LB / WB); off = prev - BASE + AW'(WB); end
                2: off = prev - BASE + AW'(LB);                         // next line
                default: off = AW'($urandom_range(BYTES - 1));
            endcase
        end
        off = off % AW'(BYTES);
        return BASE + (off & ~AW'(WB - 1));
    endfunction

    task automatic compare(string when);
        for (int i = 0; i < BYTES; i++)
            if (mem[i] !== ref_mem[i]) begin
                $error("store DW%0d MEM_DW%0d DEPTH%0d (%s, cycle %0d): byte %h is %h, expected %h",
                       DW, MEM_DW, DEPTH, when, cyc, BASE + AW'(i), mem[i], ref_mem[i]);
                break;
            end
    endtask

    always @(posedge clk) begin
        if (rst) begin
            req_fire <= 1'b0;
            flush <= 1'b0;
        end else if (!done) begin
            bit fire;
            cyc++;
            fire = req_fire && (SLACK != 0 ? accept_q : req_can_accept);

            // Memory applies an accepted write.
            if (mem_req_valid && mem_req_ready) begin
                int base_off;
                if (mem_req_we !== 1'b1) $error("store: a read on the bus");
                if (mem_req_addr % AW'(LB) != 0) $error("store: unaligned write %h", mem_req_addr);
                if (mem_req_wstrb == '0) $error("store: write without strobes at %h", mem_req_addr);
                base_off = int'(mem_req_addr - BASE);
                if (base_off < 0 || base_off >= BYTES) begin
                    $error("store: write to %h outside the stored region", mem_req_addr);
                end else begin
                    for (int k = 0; k < LB; k++)
                        if (mem_req_wstrb[k]) mem[base_off + k] = mem_req_wdata[8*k +: 8];
                end
                n_writes++;
            end

            // Memory must be up to date whenever the unit is idle (after the first cycle
            // of idleness, i.e. when idle rises; skip the very first check).
            if (idle && !prev_idle) begin
                compare("idle");
                n_idle_checks++;
            end
            prev_idle = idle;

            // Reference: the fired store, in program order.
            if (fire) begin
                logic [AW-1:0] line;
                for (int k = 0; k < WB; k++)
                    ref_mem[int'(req_addr - BASE) + k] = req_data[8*k +: 8];
                line = req_addr & ~AW'(LB - 1);
                if (!have_last || line != last_line) n_runs++;
                have_last = 1;
                last_line = line;
            end

            case (phase)
                P_COMB: begin
                    flush <= 1'b0;
                    mem_req_ready <= $urandom_range(99) < 70;
                    if (!req_fire || fire) begin
                        if (burst_left == 0) begin
                            req_fire <= 1'b0;
                            phase = P_COMB_FLUSH;
                        end else begin
                            req_fire <= $urandom_range(99) < 80;
                            if (fire || !req_fire) begin
                                req_addr <= pick_addr(req_addr);
                                req_data <= DW'({$urandom, $urandom});
                            end
                            if ($urandom_range(99) < 80) burst_left--;
                        end
                    end
                end
                P_COMB_FLUSH: begin
                    req_fire <= 1'b0;
                    flush <= 1'b1;
                    mem_req_ready <= $urandom_range(99) < 70;
                    if (idle && !req_fire && flush) begin
                        compare("after a flush");
                        if (n_writes != n_runs)
                            $error("store DW%0d MEM_DW%0d DEPTH%0d: %0d line writes for %0d runs of stores to one line",
                                   DW, MEM_DW, DEPTH, n_writes, n_runs);
                        n_writes = 0;
                        n_runs = 0;
                        have_last = 0;
                        flush <= 1'b0;
                        bursts++;
                        burst_left = $urandom_range(1, 60);
                        if (bursts == 40) begin
                            phase = P_STREAM;
                            phase_start = cyc;
                        end else begin
                            phase = P_COMB;
                        end
                    end
                end
                P_STREAM: begin
                    if (DEPTH >= 2 + SLACK && cyc - phase_start > 1 && !req_can_accept)
                        $error("store DW%0d MEM_DW%0d DEPTH%0d: req_can_accept dropped with memory always ready",
                               DW, MEM_DW, DEPTH);
                    mem_req_ready <= 1'b1;
                    flush <= (cyc - phase_start) % 37 == 0;
                    req_fire <= 1'b1;
                    if (fire || !req_fire) begin
                        // Mostly a new line every cycle, sometimes the next word.
                        req_addr <= BASE + ((req_addr - BASE + AW'(cyc % 3 == 0 ? WB : LB))
                                            % AW'(BYTES));
                        req_data <= DW'({$urandom, $urandom});
                    end
                    if (cyc - phase_start == 400) begin
                        phase = P_RAND;
                        phase_start = cyc;
                        req_fire <= 1'b0;
                    end
                end
                P_RAND: begin
                    if ((cyc - phase_start) % 200 == 0) begin
                        fire_pct = 20 + 20 * $urandom_range(4);
                        ready_pct = 20 + 40 * $urandom_range(2);
                        flush_pct = 5 * $urandom_range(4);
                    end
                    if (!req_fire || fire) begin
                        req_fire <= $urandom_range(99) < fire_pct;
                        req_addr <= pick_addr(req_addr);
                        req_data <= DW'({$urandom, $urandom});
                    end
                    flush <= $urandom_range(99) < flush_pct;
                    mem_req_ready <= $urandom_range(99) < ready_pct;
                    if (cyc - phase_start > longint'(CYCLES)) begin
                        phase = P_DRAIN;
                        req_fire <= 1'b0;
                    end
                end
                P_DRAIN: begin
                    req_fire <= 1'b0;
                    flush <= 1'b1;
                    mem_req_ready <= $urandom_range(1) == 1;
                    if (idle && !req_fire && flush) begin
                        compare("at the end");
                        if (n_idle_checks < 50)
                            $error("store DW%0d: weak coverage: idle rose %0d times", DW,
                                   n_idle_checks);
                        done <= 1'b1;
                    end
                end
            endcase
        end
    end
endmodule

module tb_ocl_lsu_store (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [7:0] done;
    tb_store_unit #(.DW(32), .MEM_DW(512), .DEPTH(4)) u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_store_unit #(.DW(8),  .MEM_DW(64),  .DEPTH(1)) u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_store_unit #(.DW(64), .MEM_DW(128), .DEPTH(2)) u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_store_unit #(.DW(16), .MEM_DW(16),  .DEPTH(3)) u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_store_unit #(.DW(64), .MEM_DW(64),  .DEPTH(2)) u4 (.clk(clk), .rst(rst), .done(done[4]));
    tb_store_unit #(.DW(16), .MEM_DW(256), .DEPTH(5)) u5 (.clk(clk), .rst(rst), .done(done[5]));
    // The ULX3S's registered stall: room for two, one entry more than without it.
    tb_store_unit #(.DW(64), .MEM_DW(64), .DEPTH(3), .SLACK(1)) u6 (.clk(clk), .rst(rst),
                                                                   .done(done[6]));
    tb_store_unit #(.DW(32), .MEM_DW(64), .DEPTH(2), .SLACK(1)) u7 (.clk(clk), .rst(rst),
                                                                   .done(done[7]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_lsu_store");
            $finish;
        end
    end
endmodule

`default_nettype wire
