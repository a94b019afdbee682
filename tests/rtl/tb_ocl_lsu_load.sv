// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_lsu_load over several DW/MEM_DW/DEPTH/CACHE sets. Memory
// holds a fixed pseudo-random byte pattern; the memory model answers reads in order
// after a latency L (fixed in the directed phases, random in the random phase) with
// random mem_req_ready. Phases per instance:
//   1. latency: isolated misses must have rsp_valid exactly L + 2 cycles after the fire,
//      isolated hits (CACHE=1) exactly 1 cycle after;
//   2. stream: memory always ready, pops always, one fire per cycle; with all-miss
//      traffic and DEPTH >= L + 3 req_can_accept must never drop, and responses must
//      come one per cycle;
//   3. random: address patterns with runs in a line, repeats and jumps, clear pulses
//      (also together with a fire), random fire/pop/ready rates.
// Always checked: data of every response in request order; the memory reads issued are
// exactly the model's misses (coalescing iff same line as the last read and no clear;
// CACHE=0: every request), in order; reads issued minus lines consumed never exceed
// DEPTH; idle == nothing outstanding; we/wstrb = 0.
// SLACK = 1: a request is fired only when req_can_accept was high the cycle before (as a
// pipeline whose stall is a register does) and must be taken then; after rsp_valid[1] and
// a pop, rsp_valid[0] must be high; rsp_valid[1] only with two requests outstanding.
`default_nettype none

module tb_load_unit #(
    parameter int DW = 32,
    parameter int MEM_DW = 512,
    parameter int DEPTH = 8,
    parameter int CACHE = 1,
    parameter int MQ_DEPTH = (DEPTH < 4) ? DEPTH : 4,
    parameter int HEAD_REG = 0,
    parameter int SLACK = 0,
    parameter int LAT = 4,          // latency of the directed phases
    parameter int LAT_MAX = 10,     // random phase: latency in LAT..LAT_MAX
    parameter int CYCLES = 20000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int LB = MEM_DW / 8;
    localparam int WB = DW / 8;

    logic              clear = 1'b0, req_fire = 1'b0, rsp_pop = 1'b0;
    logic [AW-1:0]     req_addr = '0;
    logic              req_can_accept, rsp_valid, idle;
    logic [SLACK:0]    rsp_valid_v;
    logic              prev_valid2 = 1'b0, prev_pop = 1'b0;
    // SLACK: req_can_accept of the cycle before, which allows this cycle's fire.
    logic              accept_q = 1'b0;
    wire               dut_fire = req_fire & (SLACK == 0 || accept_q);
    always @(posedge clk) accept_q <= !rst && req_can_accept;
    assign rsp_valid = rsp_valid_v[0];
    logic [DW-1:0]     rsp_data;
    logic              mem_req_valid, mem_req_ready = 1'b1, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0]     mem_req_wstrb;
    logic              mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;

    ocl_lsu_load #(.DW(DW), .MEM_DW(MEM_DW), .AW(AW), .DEPTH(DEPTH), .CACHE(CACHE),
                   .MQ_DEPTH(MQ_DEPTH), .HEAD_REG(HEAD_REG), .SLACK(SLACK)) dut (
        .clk(clk), .rst(rst), .clear(clear), .req_can_accept(req_can_accept),
        .req_fire(dut_fire), .req_addr(req_addr), .rsp_valid(rsp_valid_v), .rsp_pop(rsp_pop),
        .rsp_data(rsp_data), .idle(idle),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    function automatic logic [7:0] mem_byte(logic [AW-1:0] a);
        logic [31:0] h;
        h = a * 32'h9E37_79B1;
        return h[31:24] ^ a[7:0];
    endfunction

    function automatic logic [MEM_DW-1:0] mem_line(logic [AW-1:0] line_addr);
        logic [MEM_DW-1:0] v;
        for (int k = 0; k < LB; k++) v[8*k +: 8] = mem_byte(line_addr + AW'(k));
        return v;
    endfunction

    function automatic logic [DW-1:0] mem_word(logic [AW-1:0] a);
        logic [DW-1:0] v;
        for (int k = 0; k < WB; k++) v[8*k +: 8] = mem_byte(a + AW'(k));
        return v;
    endfunction

    // Pipeline-side model.
    logic [DW-1:0] exp_data[$];
    bit            exp_miss[$];
    logic [AW-1:0] exp_reads[$];    // line addresses the DUT must read, in order
    logic          m_last_valid = 1'b0;
    logic [AW-1:0] m_last_line = '0;
    int            lines_held = 0;  // reads accepted by memory, line not yet consumed

    // Memory model.
    longint        due_cycle[$];
    logic [AW-1:0] due_line[$];
    longint        last_due = 0;
    int            lat_min = LAT, lat_max = LAT;

    // Stimulus.
    typedef enum int { P_LAT, P_STREAM, P_RAND, P_DRAIN } phase_t;
    phase_t        phase = P_LAT;
    longint        cyc = 0, t_fire = 0, phase_start = 0;
    int            fire_pct = 100, pop_pct = 100, ready_pct = 100, clear_pct = 0;
    int            lat_tests = 0;
    bit            waiting = 0, expect_hit = 0;
    logic [AW-1:0] next_addr = '0;
    int            run_left = 0;
    int            n_rsp_stream = 0;
    initial done = 1'b0;

    function automatic logic [AW-1:0] align(logic [AW-1:0] a);
        return a & ~AW'(WB - 1);
    endfunction

    // Next address of the random phase: runs of consecutive words, repeats, jumps
    // within a few lines and far jumps.
    function automatic logic [AW-1:0] pick_addr(logic [AW-1:0] prev);
        if (run_left > 0) begin
            run_left--;
            return prev + AW'(WB);
        end
        case ($urandom_range(5))
            0: return prev;
            1: begin run_left = $urandom_range(2 * LB / WB); return prev + AW'(WB); end
            2: return align(prev + AW'($urandom_range(4 * LB)));
            3: return align(32'h1000 + AW'($urandom_range(4 * LB)));
            default: return align($urandom);
        endcase
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            req_fire <= 1'b0;
            rsp_pop <= 1'b0;
            clear <= 1'b0;
        end else if (!done) begin
            bit fire, pop;
            cyc++;
            fire = req_fire && (SLACK != 0 ? accept_q : req_can_accept);
            pop = rsp_pop && rsp_valid;
            if (SLACK != 0) begin
                if (prev_valid2 && prev_pop && !rsp_valid)
                    $error("load SLACK: rsp_valid[1] and a pop, then no rsp_valid (cycle %0d)", cyc);
                if (rsp_valid_v[SLACK] && exp_data.size() < 2)
                    $error("load SLACK: rsp_valid[1] with %0d requests outstanding", exp_data.size());
                prev_valid2 = rsp_valid_v[SLACK];
            end
            prev_pop = pop;

            // ------------------------------------------------ memory side checks
            if (mem_req_we !== 1'b0 || mem_req_wstrb !== '0)
                $error("load D%0d/%0d: a write on the bus", DW, MEM_DW);
            if (mem_req_valid && mem_req_ready) begin
                if (exp_reads.size() == 0) begin
                    $error("load DW%0d MEM_DW%0d CACHE%0d: unexpected memory read %h", DW,
                           MEM_DW, CACHE, mem_req_addr);
                end else begin
                    logic [AW-1:0] want;
                    want = exp_reads.pop_front();
                    if (mem_req_addr !== want)
                        $error("load DW%0d MEM_DW%0d CACHE%0d: memory read %h, expected %h", DW,
                               MEM_DW, CACHE, mem_req_addr, want);
                end
                lines_held++;
                if (lines_held > DEPTH)
                    $error("load DW%0d MEM_DW%0d: %0d lines in flight or buffered, DEPTH %0d", DW,
                           MEM_DW, lines_held, DEPTH);
                begin
                    longint due;
                    due = cyc + longint'($urandom_range(lat_max, lat_min));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    due_line.push_back(mem_req_addr);
                end
            end

            // ------------------------------------------------ pipeline side checks
            if (idle !== (exp_data.size() == 0))
                $error("load DW%0d MEM_DW%0d: idle %b with %0d requests outstanding", DW, MEM_DW,
                       idle, exp_data.size());
            if (rsp_valid && exp_data.size() == 0)
                $error("load DW%0d MEM_DW%0d: rsp_valid without a request", DW, MEM_DW);
            if (pop && exp_data.size() != 0) begin
                logic [DW-1:0] want;
                want = exp_data.pop_front();
                if (exp_miss.pop_front()) lines_held--;
                if (rsp_data !== want)
                    $error("load DW%0d MEM_DW%0d DEPTH%0d CACHE%0d cycle %0d: data %h, expected %h",
                           DW, MEM_DW, DEPTH, CACHE, cyc, rsp_data, want);
            end
            if (fire) begin
                bit miss;
                logic [AW-1:0] line;
                line = req_addr & ~AW'(LB - 1);
                miss = CACHE == 0 || !m_last_valid || clear || line != m_last_line;
                if (miss) begin
                    exp_reads.push_back(line);
                    m_last_valid = 1'b1;
                    m_last_line = line;
                end
                exp_data.push_back(mem_word(req_addr));
                exp_miss.push_back(miss);
            end else if (clear) begin
                m_last_valid = 1'b0;
            end

            // ------------------------------------------------ phases
            case (phase)
                P_LAT: begin
                    // One request at a time: a miss to a fresh line, then (CACHE=1) a hit.
                    if (waiting && rsp_valid) begin
                        int want;
                        want = expect_hit ? 1 : LAT + 2;
                        if (cyc - t_fire != longint'(want))
                            $error("load DW%0d MEM_DW%0d CACHE%0d: %s latency %0d, expected %0d",
                                   DW, MEM_DW, CACHE, expect_hit ? "hit" : "miss", cyc - t_fire,
                                   want);
                        waiting = 0;
                    end
                    req_fire <= 1'b0;
                    if (fire) begin
                        t_fire = cyc;
                        waiting = 1;
                    end else if (!waiting && idle && !req_fire && exp_reads.size() == 0 &&
                                 due_cycle.size() == 0) begin
                        if (lat_tests == 20) begin
                            phase = P_STREAM;
                            phase_start = cyc;
                            next_addr = 32'h4000;
                        end else begin
                            expect_hit = CACHE != 0 && (lat_tests % 2 == 1);
                            if (expect_hit)  // another word of the line just read
                                req_addr <= (req_addr & ~AW'(LB - 1)) |
                                            AW'((WB * lat_tests) % LB);
                            else             // a line not read before
                                req_addr <= AW'(32'h100 + LB * lat_tests);
                            req_fire <= 1'b1;
                            lat_tests++;
                        end
                    end
                    rsp_pop <= 1'b1;
                    mem_req_ready <= 1'b1;
                end
                P_STREAM: begin
                    // 150 cycles of all-miss (one line per request), then 150 of
                    // consecutive words, memory always ready, pop always.
                    if (cyc - phase_start > 1 && !req_can_accept && DEPTH >= LAT + 3 + SLACK)
                        $error("load DW%0d MEM_DW%0d DEPTH%0d L%0d: req_can_accept dropped in the stream phase",
                               DW, MEM_DW, DEPTH, LAT);
                    if (rsp_valid) n_rsp_stream++;
                    req_fire <= 1'b1;
                    req_addr <= next_addr;
                    if (fire || cyc - phase_start <= 1)
                        next_addr = next_addr + AW'(cyc - phase_start < 150 ? LB : WB);
                    rsp_pop <= 1'b1;
                    mem_req_ready <= 1'b1;
                    if (cyc - phase_start == 300) begin
                        // Responses flow at one per cycle once the first has arrived.
                        if (DEPTH >= LAT + 3 + SLACK && n_rsp_stream < 300 - (LAT + 4))
                            $error("load DW%0d MEM_DW%0d: only %0d responses in 300 stream cycles",
                                   DW, MEM_DW, n_rsp_stream);
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
                        clear_pct = $urandom_range(1) * 2;
                    end
                    // Hold the request while it is not accepted, as a pipeline would.
                    if (!req_fire || fire) begin
                        req_fire <= $urandom_range(99) < fire_pct;
                        if (fire) begin
                            next_addr = pick_addr(req_addr);
                            req_addr <= next_addr;
                        end
                    end
                    clear <= $urandom_range(99) < clear_pct;
                    rsp_pop <= $urandom_range(99) < pop_pct;
                    mem_req_ready <= $urandom_range(99) < ready_pct;
                    if (cyc - phase_start > longint'(CYCLES)) begin
                        phase = P_DRAIN;
                        req_fire <= 1'b0;
                        clear <= 1'b0;
                    end
                end
                P_DRAIN: begin
                    req_fire <= 1'b0;
                    rsp_pop <= $urandom_range(1) == 1;
                    mem_req_ready <= 1'b1;
                    if (!req_fire && exp_data.size() == 0 && due_cycle.size() == 0 && idle) begin
                        if (lines_held != 0)
                            $error("load: %0d lines left over", lines_held);
                        done <= 1'b1;
                    end
                end
            endcase

            // ------------------------------------------------ memory responses
            if (due_cycle.size() != 0 && due_cycle[0] == cyc + 1) begin
                void'(due_cycle.pop_front());
                mem_rsp_valid <= 1'b1;
                mem_rsp_data <= mem_line(due_line.pop_front());
            end else begin
                mem_rsp_valid <= 1'b0;
                mem_rsp_data <= MEM_DW'({(MEM_DW / 32 + 1){$urandom}});
            end
        end
    end
endmodule

module tb_ocl_lsu_load (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [12:0] done;
    tb_load_unit #(.DW(32), .MEM_DW(512), .DEPTH(32), .CACHE(1), .LAT(20), .LAT_MAX(40))
        u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_load_unit #(.DW(32), .MEM_DW(512), .DEPTH(8), .CACHE(1), .LAT(4), .LAT_MAX(12))
        u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_load_unit #(.DW(8), .MEM_DW(64), .DEPTH(4), .CACHE(1), .LAT(1), .LAT_MAX(6))
        u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_load_unit #(.DW(64), .MEM_DW(128), .DEPTH(3), .CACHE(0), .LAT(6), .LAT_MAX(9))
        u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_load_unit #(.DW(16), .MEM_DW(16), .DEPTH(2), .CACHE(1), .LAT(2), .LAT_MAX(5))
        u4 (.clk(clk), .rst(rst), .done(done[4]));
    tb_load_unit #(.DW(32), .MEM_DW(64), .DEPTH(6), .CACHE(0), .LAT(3), .LAT_MAX(3))
        u5 (.clk(clk), .rst(rst), .done(done[5]));
    // As on the iCEBreaker: 2 queued line reads (hls/emit_memory.c), the SPRAM's latency 1.
    tb_load_unit #(.DW(32), .MEM_DW(64), .DEPTH(8), .CACHE(0), .MQ_DEPTH(2), .LAT(1),
                   .LAT_MAX(6)) u6 (.clk(clk), .rst(rst), .done(done[6]));
    // As on the ULX3S: the head descriptor in flip-flops (HEAD_REG), SDRAM-like latencies;
    // and the least depth it takes, and DEPTH 1, where it is ignored.
    tb_load_unit #(.DW(32), .MEM_DW(64), .DEPTH(18), .CACHE(1), .MQ_DEPTH(2), .HEAD_REG(1),
                   .LAT(11), .LAT_MAX(20)) u7 (.clk(clk), .rst(rst), .done(done[7]));
    tb_load_unit #(.DW(8), .MEM_DW(64), .DEPTH(2), .CACHE(1), .HEAD_REG(1), .LAT(1),
                   .LAT_MAX(5)) u8 (.clk(clk), .rst(rst), .done(done[8]));
    tb_load_unit #(.DW(32), .MEM_DW(64), .DEPTH(5), .CACHE(0), .HEAD_REG(1), .LAT(2),
                   .LAT_MAX(7)) u9 (.clk(clk), .rst(rst), .done(done[9]));
    // The ULX3S's registered stall (SLACK): a 64-bit line load one deeper, 3 queued reads;
    // and the least depths it takes.
    tb_load_unit #(.DW(64), .MEM_DW(64), .DEPTH(19), .CACHE(1), .MQ_DEPTH(3), .HEAD_REG(1),
                   .SLACK(1), .LAT(11), .LAT_MAX(20)) u10 (.clk(clk), .rst(rst), .done(done[10]));
    tb_load_unit #(.DW(32), .MEM_DW(64), .DEPTH(4), .CACHE(0), .MQ_DEPTH(2), .HEAD_REG(1),
                   .SLACK(1), .LAT(1), .LAT_MAX(6)) u11 (.clk(clk), .rst(rst), .done(done[11]));
    tb_load_unit #(.DW(16), .MEM_DW(64), .DEPTH(3), .CACHE(1), .MQ_DEPTH(2), .HEAD_REG(1),
                   .SLACK(1), .LAT(1), .LAT_MAX(4)) u12 (.clk(clk), .rst(rst), .done(done[12]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_lsu_load");
            $finish;
        end
    end
endmodule

`default_nettype wire
