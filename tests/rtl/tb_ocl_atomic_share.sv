// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_atomic_share: N sites firing random atomic operations (all 16
// encodings) at random rates, mostly on a few hot words that every site hammers, with random
// pop rates per site and a memory with random latency and random ready. The reference
// performs each request when the shared unit takes it (in the unit's order, on its own copy
// of memory): that gives the old value each site must get, in its own request order. A site
// with its RESULTS bit clear never pops (its answers are dropped inside). Checked: every
// answer a site takes; the unit takes the requests in the order they fired (by site within
// a cycle); a site never has more than DEPTH requests in flight; idle only when nothing is
// in flight; after the drain, memory equals the reference copy and every fired
// request was performed exactly once. Instances: 3 sites (one dropping its answers), 1 site,
// and 4 sites with DEPTH 2 on a 64-bit bus.
`default_nettype none

module tb_share_unit #(
    parameter int N = 3,
    parameter int MEM_DW = 512,
    parameter int DEPTH = 8,
    parameter logic [N-1:0] RESULTS = '1,
    parameter int CYCLES = 30000
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int AW = 32;
    localparam int LB = MEM_DW / 8;
    localparam int NW = MEM_DW / 32;
    localparam int FW = DEPTH > 1 ? $clog2(DEPTH + 1) : 1;  // the unit's in-flight counters

    logic [N-1:0]      req_fire = '0, rsp_pop = '0;
    logic [N*AW-1:0]   req_addr = '0;
    logic [N*4-1:0]    req_op = '0;
    logic [N*32-1:0]   req_a = '0, req_b = '0;
    logic [N-1:0]      req_can_accept, rsp_valid, idle, writes_done;
    logic [N*32-1:0]   rsp_data;
    logic              mem_req_valid, mem_req_ready = 1'b1, mem_req_we;
    logic [AW-1:0]     mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0]     mem_req_wstrb;
    logic              mem_rsp_valid = 1'b0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;

    ocl_atomic_share #(.N(N), .MEM_DW(MEM_DW), .AW(AW), .DEPTH(DEPTH), .RESULTS(RESULTS)) dut (
        .clk(clk), .rst(rst), .clear(1'b0), .req_can_accept(req_can_accept),
        .req_fire(req_fire), .req_addr(req_addr), .req_op(req_op), .req_a(req_a),
        .req_b(req_b), .rsp_valid(rsp_valid), .rsp_pop(rsp_pop), .rsp_data(rsp_data),
        .idle(idle), .writes_done(writes_done),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    `include "ocl_atomic_ref.svh"

    function automatic logic [31:0] init_word(logic [AW-3:0] w);
        return {w, 2'b00} * 32'h9E37_79B1;
    endfunction

    logic [31:0] mem[logic [AW-3:0]];
    logic [31:0] ref_mem[logic [AW-3:0]];

    function automatic logic [31:0] mem_word(logic [AW-3:0] w);
        return mem.exists(w) != 0 ? mem[w] : init_word(w);
    endfunction

    function automatic logic [31:0] ref_word(logic [AW-3:0] w);
        return ref_mem.exists(w) != 0 ? ref_mem[w] : init_word(w);
    endfunction

    // Expected old values in the unit's order, each with its site (a site's answers come in
    // this order too).
    int          exp_site[$];
    int          fire_order[$];  // sites in the order their requests fired (by site in a cycle)
    logic [31:0] exp_old[$];
    int          inflight[N];
    longint      n_fire = 0, n_unit = 0, n_pop = 0, cyc = 0;
    longint      due_cycle[$];
    logic [MEM_DW-1:0] due_data[$];
    longint      last_due = 0;
    logic [AW-1:0] hot[4];
    int          fire_pct[N], pop_pct[N];
    bit          draining = 0;
    initial done = 1'b0;

    initial begin
        hot[0] = 32'h0000_1000;
        hot[1] = 32'h0000_1004;
        hot[2] = 32'h0000_1000 + 32'(3 * LB);
        hot[3] = 32'h0003_0000;
        for (int s = 0; s < N; s++) begin
            fire_pct[s] = 30 + 20 * (s % 4);
            pop_pct[s] = 40 + 15 * ((s + 1) % 4);
            inflight[s] = 0;
        end
    end

    function automatic int inflight_model(int s);
        return int'(dut.inflight[s*FW +: FW]);
    endfunction

    task automatic next_req(int s);
        logic [AW-1:0] a;
        a = $urandom_range(9) < 8 ? hot[$urandom_range(3)]
                                  : 32'h0002_0000 + 32'($urandom_range(63) * 4);
        req_addr[s*AW +: AW] <= a;
        req_op[s*4 +: 4] <= 4'($urandom_range(15));
        req_a[s*32 +: 32] <= $urandom_range(1) != 0 ? ref_word(a[AW-1:2]) : 32'($urandom_range(7));
        req_b[s*32 +: 32] <= $urandom;
    endtask

    always @(posedge clk) begin
        if (rst) begin
            req_fire <= '0;
            rsp_pop <= '0;
        end else if (!done) begin
            cyc++;
            // idle against the state before this cycle's events (it is registered)
            if (idle[0] && n_fire != n_unit)
                $error("share N%0d cycle %0d: idle with %0d requests not yet in the unit", N,
                       cyc, n_fire - n_unit);
            // The memory: writes land at once, reads answer in order after 2..6 cycles.
            if (mem_req_valid && mem_req_ready) begin
                if (mem_req_we) begin
                    for (int k = 0; k < NW; k++)
                        if (mem_req_wstrb[4 * k])
                            mem[30'(mem_req_addr >> 2) + 30'(k)] = mem_req_wdata[32 * k +: 32];
                end else begin
                    logic [MEM_DW-1:0] line;
                    longint due;
                    for (int k = 0; k < NW; k++)
                        line[32 * k +: 32] = mem_word(30'(mem_req_addr >> 2) + 30'(k));
                    due = cyc + longint'($urandom_range(6, 2));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    due_data.push_back(line);
                end
            end
            mem_rsp_valid <= 1'b0;
            if (due_cycle.size() != 0 && due_cycle[0] <= cyc + 1) begin
                logic [MEM_DW-1:0] line;
                void'(due_cycle.pop_front());
                line = due_data.pop_front();
                mem_rsp_data <= line;
                mem_rsp_valid <= 1'b1;
            end
            mem_req_ready <= $urandom_range(3) != 0;


            // The unit takes a request: the reference performs it.
            if (dut.u_fire) begin
                logic [AW-1:0] a;
                logic [3:0] f;
                logic [31:0] o, x, y;
                int s;
                s = int'(dut.grant32);
                if (fire_order.size() == 0 || fire_order[0] != s)
                    $error("share N%0d cycle %0d: the unit took site %0d, the oldest request is site %0d",
                           N, cyc, s, fire_order.size() != 0 ? fire_order[0] : -1);
                if (fire_order.size() != 0) void'(fire_order.pop_front());
                a = dut.u_req[AW + 67 : 68];
                f = dut.u_req[67:64];
                x = dut.u_req[63:32];
                y = dut.u_req[31:0];
                o = ref_word(a[AW-1:2]);
                if (f <= 4'd10) ref_mem[a[AW-1:2]] = ref_alu(f, o, x, y);
                if (RESULTS[s]) begin
                    exp_site.push_back(s);
                    exp_old.push_back(o);
                end
                n_unit++;
            end

            for (int s = 0; s < N; s++) begin
                bit fire, pop;
                fire = req_fire[s] && req_can_accept[s];
                pop = rsp_pop[s] && rsp_valid[s];
                if (pop) begin
                    int at;
                    at = -1;
                    for (int e = 0; e < exp_site.size() && at < 0; e++)
                        if (exp_site[e] == s) at = e;
                    if (at < 0)
                        $error("share N%0d cycle %0d: site %0d answered with nothing expected",
                               N, cyc, s);
                    else begin
                        if (rsp_data[s*32 +: 32] !== exp_old[at])
                            $error("share N%0d cycle %0d: site %0d old value %h, expected %h", N,
                                   cyc, s, rsp_data[s*32 +: 32], exp_old[at]);
                        exp_site.delete(at);
                        exp_old.delete(at);
                    end
                    n_pop++;
                end
                if (writes_done[s] && !RESULTS[s] && inflight_model(s) != 0)
                    $error("share N%0d cycle %0d: site %0d drops its answers, has %0d in flight, writes_done", N, cyc, s, inflight_model(s));
                if (!RESULTS[s] && rsp_valid[s])
                    $error("share N%0d: site %0d drops its answers but shows rsp_valid", N, s);
                if (fire) begin
                    n_fire++;
                    fire_order.push_back(s);
                end
                if (int'(dut.inflight[s*FW +: FW]) > DEPTH)
                    $error("share N%0d: site %0d has %0d requests in flight", N, s,
                           dut.inflight[s*FW +: FW]);
                if (fire) next_req(s);
                req_fire[s] <= !draining && $urandom_range(99) < fire_pct[s];
                rsp_pop[s] <= RESULTS[s] && (draining || $urandom_range(99) < pop_pct[s]);
            end
            if (cyc == longint'(CYCLES)) draining = 1;
            if (draining && cyc > longint'(CYCLES) + 20 && &idle) begin
                if (exp_old.size() != 0)
                    $error("share N%0d: %0d answers never taken", N, exp_old.size());
                if (n_fire != n_unit)
                    $error("share N%0d: %0d requests fired, %0d performed", N, n_fire, n_unit);
                foreach (ref_mem[w])
                    if (mem_word(w) !== ref_mem[w])
                        $error("share N%0d: word %h is %h, the reference %h", N, {w, 2'b00},
                               mem_word(w), ref_mem[w]);
                if (n_unit < longint'(CYCLES) / 8)
                    $error("share N%0d: weak coverage, %0d requests", N, n_unit);
                $display("share N%0d DEPTH%0d MEM_DW%0d: %0d requests, %0d answers taken", N,
                         DEPTH, MEM_DW, n_unit, n_pop);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_atomic_share (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [2:0] done;
    tb_share_unit #(.N(3), .RESULTS(3'b101)) u3 (.clk(clk), .rst(rst), .done(done[0]));
    tb_share_unit #(.N(1)) u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_share_unit #(.N(4), .MEM_DW(64), .DEPTH(2)) u4 (.clk(clk), .rst(rst), .done(done[2]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_atomic_share");
            $finish;
        end
    end
endmodule

`default_nettype wire
