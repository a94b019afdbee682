// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_printf_counter: N sites firing adds of random sizes at random
// rates (only when the site can accept), popping their answers at random rates, against a
// memory with random ready. The reference counts the fires of a cycle in site order, so it
// knows the answer each site must get, in the site's order. Checked: every answer; a
// site's fire is refused only while its queue is full; whenever writes_done is high, the
// word in memory holds the counter (and is written only at the counter's address, only
// its 4 bytes); after a drain, idle is high and memory holds the total; a clear starts the
// count again at 0 (three rounds); a load (a compute unit taking the lock, while idle) sets
// the counter, with the adds of its cycle on top, and `now` is the counter. Instances: 3 sites on a 512-bit bus, 1 site with one
// answer slot on a 32-bit bus, 4 sites on a 64-bit bus with the word in the line's upper half.
`default_nettype none

module tb_counter_unit #(
    parameter int N = 3,
    parameter int MEM_DW = 512,
    parameter int DEPTH = 4,
    parameter logic [31:0] WORD_ADDR = 32'h0000_1040,
    parameter int CYCLES = 4000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int LB = MEM_DW / 8;
    localparam int NW = MEM_DW / 32;

    logic [N-1:0]      req_fire = '0, rsp_pop = '0;
    logic              clear = 1'b0, load = 1'b0;
    logic [31:0]       load_count = '0, now;
    logic [N*AW-1:0]   req_addr = {N{WORD_ADDR}};
    logic [N*32-1:0]   req_a = '0;
    logic [N-1:0]      req_can_accept, rsp_valid, idle, writes_done;
    logic [N*32-1:0]   rsp_data;
    logic              mem_req_valid, mem_req_ready = 1'b0, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0]     mem_req_wstrb;

    ocl_printf_counter #(.N(N), .DEPTH(DEPTH), .MEM_DW(MEM_DW), .AW(AW)) dut (
        .clk(clk), .rst(rst), .clear(clear), .load(load), .load_count(load_count),
        .now(now), .req_can_accept(req_can_accept),
        .req_fire(req_fire), .req_addr(req_addr), .req_op({(N * 4){1'b0}}), .req_a(req_a),
        .req_b({(N * 32){1'b0}}), .rsp_valid(rsp_valid), .rsp_pop(rsp_pop),
        .rsp_data(rsp_data), .idle(idle), .writes_done(writes_done),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(1'b0), .mem_rsp_data({MEM_DW{1'b0}})
    );

    logic [31:0] count = 0, mem_word = 0;  // the runtime zeroes the word before a launch
    // Each site's expected answers: a ring of DEPTH + 1 (Verilator 5.006 mishandles an
    // unpacked array of queues).
    logic [31:0] ring[N][DEPTH + 1];
    int          head[N], size[N], held[N];
    int          cyc = 0, round = 0, drain_wait = 0, answers = 0;
    logic        draining = 1'b0;

    initial done = 1'b0;
    initial for (int s = 0; s < N; s++) begin
        head[s] = 0;
        size[s] = 0;
        held[s] = 0;
    end

    // The word's lane and bytes within a line.
    localparam int WORD = (WORD_ADDR % LB) / 4;
    localparam logic [AW-1:0] LINE = WORD_ADDR & ~(AW'(LB - 1));

    always @(posedge clk) begin
        if (!rst && !done) begin
            cyc <= cyc + 1;
            // memory: take a write whenever ready is high; check what it writes
            if (mem_req_valid && mem_req_ready) begin
                if (!mem_req_we || mem_req_addr != LINE ||
                    mem_req_wstrb != (LB'(4'hf) << (WORD * 4)))
                    $error("counter N%0d cycle %0d: write to 0x%h strobes %h, want line 0x%h word %0d",
                           N, cyc, mem_req_addr, mem_req_wstrb, LINE, WORD);
                mem_word <= mem_req_wdata[WORD*32 +: 32];
            end
            if (!clear && now != count)  // (the reference is 0 already in clear's cycle)
                $error("counter N%0d cycle %0d: now 0x%h, counter 0x%h", N, cyc, now, count);
            if (writes_done[0] && !(mem_req_valid && mem_req_ready) && mem_word != count)
                $error("counter N%0d cycle %0d: writes_done with 0x%h in memory, counter 0x%h",
                       N, cyc, mem_word, count);
            // answers taken this cycle (held: the answers each site held before them)
            for (int s = 0; s < N; s++) begin
                held[s] = size[s];
                if (rsp_pop[s] && rsp_valid[s]) begin
                    if (size[s] == 0)
                        $error("counter N%0d: site %0d answered with nothing expected", N, s);
                    else begin
                        if (rsp_data[s*32 +: 32] != ring[s][head[s]])
                            $error("counter N%0d cycle %0d: site %0d got 0x%h, want 0x%h", N,
                                   cyc, s, rsp_data[s*32 +: 32], ring[s][head[s]]);
                        head[s] = (head[s] + 1) % (DEPTH + 1);
                        size[s] = size[s] - 1;
                        answers <= answers + 1;
                    end
                end
            end
            // fires this cycle, in site order
            begin
                logic [31:0] c;
                c = load ? load_count : count;
                for (int s = 0; s < N; s++) begin
                    if (!req_can_accept[s] && held[s] < DEPTH)
                        $error("counter N%0d cycle %0d: site %0d refuses with %0d of %0d answers held",
                               N, cyc, s, held[s], DEPTH);
                    if (req_fire[s] && req_can_accept[s]) begin
                        if (size[s] == DEPTH + 1)
                            $error("counter N%0d: site %0d took more than %0d requests", N, s,
                                   DEPTH);
                        else begin
                            ring[s][(head[s] + size[s]) % (DEPTH + 1)] = c;
                            size[s] = size[s] + 1;
                        end
                        c = c + req_a[s*32 +: 32];
                    end
                end
                count <= c;
            end
            // drive the next cycle: a load now and then while quiet (the word in memory then
            // holds the loaded value, as another copy wrote it)
            clear <= 1'b0;
            load <= 1'b0;
            if (!draining && !load && writes_done[0] && !mem_req_valid &&
                !(|(req_fire & req_can_accept)) && $urandom % 10 == 0) begin
                load <= 1'b1;
                load_count <= $urandom;
            end
            if (load)
                mem_word <= load_count;
            mem_req_ready <= ($urandom % 3) != 0;
            for (int s = 0; s < N; s++) begin
                req_fire[s] <= !draining && ($urandom % 4) != 0;
                req_a[s*32 +: 32] <= ($urandom % 8 == 0) ? $urandom : 4 * (1 + $urandom % 30);
                rsp_pop[s] <= draining || ($urandom % 3) != 0;
            end
            if (cyc % CYCLES == CYCLES - 200)
                draining <= 1'b1;
            if (draining) begin
                drain_wait <= drain_wait + 1;
                if (idle[0] && !load && !(|rsp_valid) && !(|(req_fire & req_can_accept))) begin
                    if (mem_word != count)
                        $error("counter N%0d round %0d: idle with 0x%h in memory, counter 0x%h",
                               N, round, mem_word, count);
                    for (int s = 0; s < N; s++)
                        if (size[s] != 0)
                            $error("counter N%0d round %0d: site %0d still expects %0d answers",
                                   N, round, s, size[s]);
                    // the next round starts from 0 after a clear (the runtime zeroes the word)
                    clear <= 1'b1;
                    count <= 0;
                    mem_word <= 0;
                    draining <= 1'b0;
                    drain_wait <= 0;
                    round <= round + 1;
                    req_fire <= '0;
                    if (round == 2) begin
                        if (answers < 1000)
                            $error("counter N%0d: only %0d answers checked", N, answers);
                        done <= 1'b1;
                    end
                end else if (drain_wait > 500)
                    $error("counter N%0d round %0d: not idle 500 cycles after the last fire",
                           N, round);
            end
        end
    end
endmodule

module tb_ocl_printf_counter (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_counter_unit #(.N(3)) u3 (.clk(clk), .rst(rst), .done(done[0]));
    tb_counter_unit #(.N(1), .MEM_DW(32), .DEPTH(1), .WORD_ADDR(32'h10)) u1 (
        .clk(clk), .rst(rst), .done(done[1]));
    tb_counter_unit #(.N(4), .MEM_DW(64), .DEPTH(2), .WORD_ADDR(32'h2c)) u4 (
        .clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_printf_counter");
            $finish;
        end
    end
endmodule

`default_nettype wire
