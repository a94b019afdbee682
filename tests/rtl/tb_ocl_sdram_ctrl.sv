// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_sdram_ctrl against the timing-checking SDRAM model
// (sdram_model.svh), in four configurations: 64-bit lines at 100 MHz (CAS latency 2),
// 128-bit lines at 133 MHz (CAS latency 3, DQ through one more input register), 32-bit
// lines at 25 MHz (every timing one or two cycles), and 64-bit lines synthesised for
// 40..100 MHz clocked at 50 (REFRESH_MHZ: the ULX3S's case). Each runs, after the
// controller's 200-us initialisation:
//   - random traffic: reads and writes (partial byte strobes too) to a few rows of every
//     bank, so that accesses hit the open row, find the bank closed or another row open,
//     at request rates from back-to-back to sparse, checked line by line against a
//     reference memory (responses in request order, each read seeing every earlier write);
//   - idle for several refresh intervals (refresh with no traffic);
//     a third of the requests go to four hot lines, so that reads come after queued writes
//     to their own line (they must wait for them) and to other lines (they pass them), and
//     the run fails unless both happened often (the controller's reordering is exercised);
//   - streaming: 2048 consecutive lines written, then read back, back to back, each phase
//     at least 90 % of the SDRAM data bus (one 16-bit beat per cycle; 60 % with 32-bit
//     lines, whose bursts are shorter than a request's three cycles); the figure printed
//     is the sustained share the controller reaches (docs/performance.md derives it);
//   - a copy: line i of one stream read, line i of another (another bank) written, the
//     two interleaved request by request as a kernel's load and store units offer them,
//     checked like the random traffic, at least 80 % of the data bus with 64-bit lines
//     and wider (the controller batches the writes: without that a direction change per
//     line caps it near 70 %).
// The model fails the run on any timing, initialisation, refresh or bus rule broken. A
// fourth unit drives a model with a script of commands that each break one rule, and
// checks that the model reports exactly that many violations (the model's checks work).
`default_nettype none

`include "sdram_model.svh"

module tb_sdram_unit #(
    parameter int MEM_DW = 64,
    parameter int CLK_MHZ = 100,
    parameter int REFRESH_MHZ = 0,
    parameter int TCK_PS = 10000,
    parameter int RD_EXTRA = 0,
    parameter int N_RANDOM = 6000,
    parameter int N_STREAM = 2048
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int SW = MEM_DW / 8;
    localparam int BL = MEM_DW / 16;
    localparam string NAME = $sformatf("sdram%0d@%0d", MEM_DW, CLK_MHZ);

    logic              req_valid = 1'b0, req_we = 1'b0;
    logic [31:0]       req_addr = '0;
    logic [MEM_DW-1:0] req_wdata = '0;
    logic [SW-1:0]     req_wstrb = '0;
    logic              req_ready, rsp_valid, init_done;
    logic [MEM_DW-1:0] rsp_data;

    logic        cke, cs_n, ras_n, cas_n, we_n, dq_oe, m_oe;
    logic [1:0]  ba, dqm;
    logic [12:0] a;
    logic [15:0] dq_c, m_dq, dq_in;
    longint      n_refresh, n_act, n_errors;

    ocl_sdram_ctrl #(
        .MEM_DW(MEM_DW), .CLK_MHZ(CLK_MHZ), .REFRESH_MHZ(REFRESH_MHZ), .RD_EXTRA(RD_EXTRA)
    ) dut (
        .clk(clk), .rst(rst),
        .mem_req_valid(req_valid), .mem_req_ready(req_ready), .mem_req_we(req_we),
        .mem_req_addr(req_addr), .mem_req_wdata(req_wdata), .mem_req_wstrb(req_wstrb),
        .mem_rsp_valid(rsp_valid), .mem_rsp_data(rsp_data),
        .sdram_cke(cke), .sdram_cs_n(cs_n), .sdram_ras_n(ras_n), .sdram_cas_n(cas_n),
        .sdram_we_n(we_n), .sdram_ba(ba), .sdram_a(a), .sdram_dqm(dqm), .sdram_dq_o(dq_c),
        .sdram_dq_oe(dq_oe), .sdram_dq_i(dq_in), .init_done(init_done)
    );

    sdram_model #(.TCK_PS(TCK_PS), .NAME(NAME)) u_sdram (
        .clk(clk), .cke(cke), .cs_n(cs_n), .ras_n(ras_n), .cas_n(cas_n), .we_n(we_n),
        .ba(ba), .a(a), .dqm(dqm), .dq_i(dq_c), .dq_i_oe(dq_oe), .dq_o(m_dq), .dq_o_oe(m_oe),
        .n_refresh(n_refresh), .n_act(n_act), .n_errors(n_errors)
    );

    // The pad: what the controller samples (garbage while nobody drives), RD_EXTRA
    // registers later.
    logic [15:0] pad;
    assign pad = m_oe ? m_dq : (dq_oe ? dq_c : 16'hDEAD);
    generate
        if (RD_EXTRA != 0) begin : g_inreg
            logic [15:0] q;
            always @(posedge clk) q <= pad;
            assign dq_in = q;
        end else begin : g_direct
            assign dq_in = pad;
        end
    endgenerate

    // ---------------------------------------------------------------- reference
    logic [MEM_DW-1:0] ref_mem [longint];
    logic [MEM_DW-1:0] expect_q [$];

    function automatic logic [MEM_DW-1:0] ref_line(logic [31:0] addr);
        logic [MEM_DW-1:0] v;
        if (ref_mem.exists(longint'(addr)) != 0) return ref_mem[longint'(addr)];
        for (int i = 0; i < BL; i++)
            v[16 * i +: 16] = sdram_fill_word(longint'(addr[31:1]) + longint'(i));
        return v;
    endfunction

    function automatic logic [31:0] rand_addr(int rows);
        logic [12:0] row;
        logic [1:0]  bank;
        logic [8:0]  col;
        int          r;
        if ($urandom_range(2, 0) == 0)      // a hot line: row 0 of bank 0 or 1, column 0 or BL
            return {21'd0, 1'($urandom), 9'($urandom_range(1, 0) * BL), 1'b0};
        r = $urandom_range(rows + 1, 0);
        row = r == rows + 1 ? 13'($urandom) : (r == rows ? 13'h1FFF : 13'(r));
        bank = 2'($urandom);
        col = 9'($urandom) & ~9'(BL - 1);
        return {7'd0, row, bank, col, 1'b0};
    endfunction

    // ---------------------------------------------------------------- traffic
    // Phases: 0 wait for init, 1 random, 2 idle, 3 stream writes, 4 stream reads, 5 copy,
    // 6 end.
    int     phase = 0, issued = 0, req_pct = 100, rows = 3;
    // Reordering seen: reads taken with a queued write to their line (they wait), reads
    // served while writes taken before them are still queued (they passed).
    int     n_waits = 0, n_passes = 0;
    always @(posedge clk) begin
        if (dut.take_req && !req_we && dut.any_match) n_waits++;
        if (dut.sel_r && !dut.wq_empty) n_passes++;
    end
    longint cyc = 0, idle_until = 0, t_first = 0, t_last = 0, refs_at = 0;
    int     n_reads = 0, n_hits_checked = 0;

    initial done = 1'b0;

    // The request offered next cycle (req_* follow these at each edge).
    logic              q_valid = 1'b0, q_we = 1'b0;
    logic [31:0]       q_addr = '0;
    logic [MEM_DW-1:0] q_wdata = '0;
    logic [SW-1:0]     q_wstrb = '0;

    task automatic new_request(logic we, logic [31:0] addr, logic full);
        q_valid = 1'b1;
        q_we = we;
        q_addr = addr;
        for (int i = 0; i < MEM_DW / 32; i++) q_wdata[32 * i +: 32] = $urandom;
        q_wstrb = full ? '1 : SW'({(SW / 16 + 1){$urandom}});
    endtask

    // Bus share of a stream: beats moved per cycle from its first request to its end.
    function automatic int share_pct(longint from, longint to, int lines);
        return int'((longint'(lines) * BL * 1000) / (to - from)) ;
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            req_valid <= 1'b0;
            q_valid = 1'b0;
        end else if (!done) begin
            logic take;
            cyc++;
            take = req_valid && req_ready;

            // Responses, in request order.
            if (rsp_valid) begin
                if (expect_q.size() == 0) begin
                    $error("%s cycle %0d: response with no read outstanding", NAME, cyc);
                end else begin
                    logic [MEM_DW-1:0] e;
                    e = expect_q.pop_front();
                    if (rsp_data !== e)
                        $error("%s cycle %0d: read data %h, expected %h", NAME, cyc, rsp_data, e);
                    n_hits_checked++;
                end
                t_last = cyc;
            end

            // The accepted request takes effect in the reference now.
            if (take) begin
                if (req_we) begin
                    logic [MEM_DW-1:0] v;
                    v = ref_line(req_addr);
                    for (int k = 0; k < SW; k++)
                        if (req_wstrb[k]) v[8 * k +: 8] = req_wdata[8 * k +: 8];
                    ref_mem[longint'(req_addr)] = v;
                    t_last = cyc;
                end else begin
                    expect_q.push_back(ref_line(req_addr));
                    n_reads++;
                end
                issued++;
                q_valid = 1'b0;
            end

            case (phase)
                0: if (init_done) begin
                    phase = 1;
                    issued = 0;
                end
                1: begin
                    // Every 500 requests: another request rate and row spread.
                    if (issued % 500 == 0 && take) begin
                        req_pct = $urandom_range(2, 0) == 0 ? 100 : int'($urandom_range(90, 5));
                        rows = $urandom_range(4, 1);
                    end
                    if (!q_valid && issued < N_RANDOM && $urandom_range(99, 0) < req_pct)
                        new_request($urandom_range(9, 0) < 4, rand_addr(rows),
                                    $urandom_range(9, 0) < 7);
                    if (issued >= N_RANDOM && !q_valid && expect_q.size() == 0) begin
                        phase = 2;
                        refs_at = n_refresh;
                        idle_until = cyc + longint'(4 * 7800 * CLK_MHZ / 1000);
                    end
                end
                2: if (cyc >= idle_until) begin
                    if (n_refresh - refs_at < 3)
                        $error("%s: only %0d refreshes in 4 idle refresh intervals", NAME,
                               n_refresh - refs_at);
                    phase = 3;
                    issued = 0;
                    t_first = cyc;
                end
                3, 4, 5: begin
                    int n;
                    n = phase == 5 ? 2 * N_STREAM : N_STREAM;
                    if (!q_valid && issued < n) begin
                        if (phase == 5)     // read line i of one stream, write line i of another
                            new_request(issued % 2 == 1, (issued % 2 == 1 ? 32'h0030_0400 : 32'h0020_0000)
                                        + 32'((issued / 2) * SW), 1'b1);
                        else
                            new_request(phase == 3, 32'h0010_0000 + 32'(issued * SW), 1'b1);
                    end
                    // The end: every request taken and answered, and the queued writes
                    // gone (the last one's beats end BL - 1 cycles after it leaves).
                    if (issued >= n && !q_valid && expect_q.size() == 0 && dut.wq_empty &&
                        !dut.h_valid && !dut.sdram_dq_oe) begin
                        int pct;
                        string what;
                        what = phase == 3 ? "streaming writes" : phase == 4 ? "streaming reads"
                             : "a copy (reads and writes interleaved)";
                        if (phase != 4) t_last = cyc - 1;
                        pct = share_pct(t_first, t_last + 1, n);
                        $display("%s: %0s: %0d lines in %0d cycles, %0d.%0d %% of the data bus",
                                 NAME, what, n, t_last + 1 - t_first, pct / 10, pct % 10);
                        // 64-bit lines and wider: bursts back to back; 32-bit: a request
                        // per 3 cycles (ocl_sdram_ctrl.v, "Bus behaviour"). A copy pays a
                        // direction change per batch of writes.
                        if (pct < (BL < 4 ? 600 : phase == 5 ? 800 : 900))
                            $error("%s: %0s below %0d %% of the data bus", NAME, what,
                                   BL < 4 ? 60 : phase == 5 ? 80 : 90);
                        phase++;
                        issued = 0;
                        t_first = cyc;
                    end
                end
                default: begin
                    $display("%s: %0d reads checked, %0d activates, %0d refreshes", NAME,
                             n_hits_checked, n_act, n_refresh);
                    $display("%s: %0d reads waited for a queued write to their line, %0d passed queued writes",
                             NAME, n_waits, n_passes);
                    if (n_hits_checked < N_RANDOM / 4 || n_waits < N_RANDOM / 50 ||
                        n_passes < N_RANDOM / 20)
                        $error("%s: weak coverage", NAME);
                    done <= 1'b1;
                end
            endcase
            req_valid <= q_valid;
            req_we    <= q_we;
            req_addr  <= q_addr;
            req_wdata <= q_wdata;
            req_wstrb <= q_wstrb;
        end
    end
endmodule

// Each rule broken once by a scripted command sequence: the model must count every one.
module tb_sdram_rules (
    input  logic clk,
    output logic done
);
    localparam int TCK = 10000;     // 100 MHz: tRCD/tRP 3 cycles, tRC/tRFC 7, tRAS 5, tWR 2
    logic        cs_n = 1'b1, ras_n = 1'b1, cas_n = 1'b1, we_n = 1'b1;
    logic [1:0]  ba = '0, dqm = '0;
    logic [12:0] a = '0;
    logic [15:0] dq = '0;
    logic        oe = 1'b0, m_oe;
    logic [15:0] m_dq;
    longint      n_ref, n_act, n_err;

    sdram_model #(.TCK_PS(TCK), .T_INIT_US(1), .REPORT(0), .NAME("rules")) u_sdram (
        .clk(clk), .cke(1'b1), .cs_n(cs_n), .ras_n(ras_n), .cas_n(cas_n), .we_n(we_n),
        .ba(ba), .a(a), .dqm(dqm), .dq_i(dq), .dq_i_oe(oe), .dq_o(m_dq), .dq_o_oe(m_oe),
        .n_refresh(n_ref), .n_act(n_act), .n_errors(n_err)
    );

    // The script: {cycle, command, bank, address, drive DQ, violations counted after it}.
    typedef struct { int at; logic [3:0] cmd; int bank; int addr; logic oe; int errs; } step_t;
    localparam logic [3:0] NOP = 4'b0111, ACT = 4'b0011, RD = 4'b0101, WR = 4'b0100,
                           PRE = 4'b0010, REF = 4'b0001, MRS = 4'b0000;
    step_t script [$];
    int    t = 0, k = 0, kd = 0;
    task automatic add(int at, logic [3:0] cmd, int bank, int addr, logic drive, int errs);
        step_t st;
        st.at = at;
        st.cmd = cmd;
        st.bank = bank;
        st.addr = addr;
        st.oe = drive;
        st.errs = errs;
        script.push_back(st);
    endtask
    initial begin
        done = 1'b0;
        add(10, ACT, 0, 0, 0, 1); // a command in the power-up wait (1 us here)
        add(200, PRE, 0, 1024, 0, 1); // PRECHARGE ALL
        add(201, REF, 0, 0, 0, 2); // tRP
        add(210, REF, 0, 0, 0, 2);
        add(212, REF, 0, 0, 0, 3); // tRFC
        add(230, MRS, 0, 'h022, 0, 3); // CAS latency 2, burst length 4
        add(231, ACT, 0, 5, 0, 4); // tMRD
        add(240, ACT, 1, 5, 0, 4);
        add(241, ACT, 2, 5, 0, 5); // tRRD
        add(250, RD, 1, 0, 0, 5);
        add(251, RD, 2, 0, 0, 6); // cuts the burst before short
        add(260, PRE, 1, 0, 0, 6);
        add(262, ACT, 1, 6, 0, 7); // tRP
        add(280, RD, 3, 0, 0, 8); // no open row in bank 3
        add(290, ACT, 3, 1, 0, 8);
        add(291, RD, 3, 0, 0, 9); // tRCD
        add(292, PRE, 3, 0, 0, 11); // tRAS, and the read burst cut short
        add(400, WR, 0, 0, 1, 11); // a write burst, data driven
        add(401, NOP, 0, 0, 1, 11);
        add(402, NOP, 0, 0, 1, 11);
        add(403, NOP, 0, 0, 1, 11);
        add(404, PRE, 0, 0, 0, 12); // tWR (last beat at 403)
        add(420, ACT, 0, 7, 0, 12);
        add(430, RD, 0, 0, 0, 12); // beats on DQ in the cycles ending at 432..435
        add(433, NOP, 0, 0, 1, 15); // contention, no turnaround, DQ outside a write
        add(501, REF, 0, 0, 0, 18); // REFRESH with banks 0, 1, 2 open
        add(1400, NOP, 0, 0, 0, 19); // no REFRESH for more than tREFI since 501
        add(12500, NOP, 0, 0, 0, 22); // tRAS max (120 us) of banks 2, 1, 0
    end

    always @(posedge clk) begin
        if (!done) begin
            t++;
            {cs_n, ras_n, cas_n, we_n} <= NOP;
            oe <= 1'b0;
            dq <= 16'($urandom);
            if (kd < script.size() && script[kd].at == t + 1) begin
                {cs_n, ras_n, cas_n, we_n} <= script[kd].cmd;
                ba <= 2'(script[kd].bank);
                a <= 13'(script[kd].addr);
                oe <= script[kd].oe;
                kd++;
            end
            // The count after the edge that sampled step k.
            if (k < script.size() && script[k].at == t - 1) begin
                if (n_err != longint'(script[k].errs))
                    $error("rules: after step %0d (cycle %0d) the model counted %0d violations, expected %0d",
                           k, script[k].at, n_err, script[k].errs);
                k++;
            end
            if (k == script.size()) begin
                $display("rules: the model caught each of the %0d scripted violations",
                         script[k - 1].errs);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_sdram_ctrl (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [4:0] done;
    tb_sdram_unit #(.MEM_DW(64), .CLK_MHZ(100), .TCK_PS(10000)) u1 (
        .clk(clk), .rst(rst), .done(done[0]));
    tb_sdram_unit #(.MEM_DW(128), .CLK_MHZ(133), .TCK_PS(7518), .RD_EXTRA(1)) u2 (
        .clk(clk), .rst(rst), .done(done[1]));
    tb_sdram_unit #(.MEM_DW(32), .CLK_MHZ(25), .TCK_PS(40000)) u3 (
        .clk(clk), .rst(rst), .done(done[2]));
    tb_sdram_rules u4 (.clk(clk), .done(done[3]));
    // Synthesised for 40..100 MHz (the ULX3S's PLL range), clocked at 50.
    tb_sdram_unit #(.MEM_DW(64), .CLK_MHZ(100), .REFRESH_MHZ(40), .TCK_PS(20000), .N_RANDOM(2000))
        u5 (.clk(clk), .rst(rst), .done(done[4]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_sdram_ctrl");
            $finish;
        end
    end
endmodule

`default_nettype wire
