// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_pipe_port: a writer end and a reader end of one pipe object
// (ring buffer in a byte-array memory, header as in the issue 8 contract), on one memory
// port through ocl_mem_arbiter. Memory: fixed latency LAT, random ready.
// Per unit (tb_pipe_pair), phases:
//   FILL   the writer PUTs until refused: refusals and successes are exact (reader idle);
//          NUM/MAX exact; when the writer is idle its write index is in memory.
//   EMPTY  the reader GETs until refused: same checks, read index in memory.
//   CONC   both run at once with random gaps and back-pressure: PUT/GET, reservations
//          (RESERVE, PUT_AT/GET_AT in random order, PUTs/GETs in between, COMMIT), NUM, MAX.
//   FINAL  the reader takes what is left; both idle; header indices and ring contents checked.
// Checks on every response: packet i read == packet i written (order and content), a refusal
// only when the pipe was full/empty for the header in memory when the command was accepted,
// a success only when the header allows it, RESERVE's index, NUM bounds, MAX.
// Bus checks: every access inside the pipe object; the writer writes only packets and bytes
// 0..3, the reader only bytes 4..7; nobody writes bytes 8..63.
// THRU = 1: a writer PUT and a reader GET every cycle (memory always ready): packets per
// cycle over NPKT packets must reach 0.95.
`default_nettype none

module tb_pipe_pair #(
    parameter int MEM_DW = 512,
    parameter int PW = 32,
    parameter int MAXP = 100,
    parameter int LAT = 20,
    parameter int READY_PCT = 70,
    parameter int RSP_PCT = 80,
    parameter int NPKT = 2000,
    parameter int THRU = 0,
    parameter logic [31:0] INIT_IDX = 32'd0
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int LB = MEM_DW / 8;
    localparam int STRIDE = PW / 8;
    localparam int ALLOC = ((64 + MAXP * STRIDE + 63) / 64) * 64;
    localparam logic [31:0] BASE = 32'h0004_0000;
    localparam logic [31:0] NONE = 32'hFFFFFFFF;
    localparam logic [2:0] OP_PUT = 0, OP_GET = 1, OP_RES = 2, OP_PUT_AT = 3, OP_GET_AT = 4,
                           OP_COMMIT = 5, OP_NUM = 6, OP_MAX = 7;

    // ------------------------------------------------------------------ DUTs and bus
    logic          start = 0;
    logic [1:0]    cmd_valid = '0, cmd_ready, rsp_valid, rsp_ready = '0, idle;
    logic [2:0]    cmd_op[2];
    logic [31:0]   cmd_arg[2];
    logic [PW-1:0] cmd_data[2];
    logic [PW-1:0] rsp_data[2];
    logic [31:0]   rsp_status[2];
    logic [1:0]    m_req_valid, m_req_ready, m_req_we, m_rsp_valid;
    logic [63:0]   m_req_addr;
    logic [2*MEM_DW-1:0] m_req_wdata;
    logic [2*LB-1:0] m_req_wstrb;
    logic [MEM_DW-1:0] m_rsp_data;
    logic          mem_req_valid, mem_req_ready = 0, mem_req_we;
    logic [31:0]   mem_req_addr;
    logic [MEM_DW-1:0] mem_req_wdata;
    logic [LB-1:0] mem_req_wstrb;
    logic          mem_rsp_valid = 0;
    logic [MEM_DW-1:0] mem_rsp_data = '0;

    for (genvar e = 0; e < 2; e++) begin : g_end
        // End 0 writes the pipe, end 1 reads it.
        ocl_pipe_port #(.MEM_DW(MEM_DW), .PW(PW), .WRITE_END(e == 0 ? 1 : 0)) dut (
            .clk(clk), .rst(rst), .start(start), .base(BASE),
            .cmd_valid(cmd_valid[e]), .cmd_ready(cmd_ready[e]), .cmd_op(cmd_op[e]),
            .cmd_arg(cmd_arg[e]), .cmd_data(cmd_data[e]), .rsp_valid(rsp_valid[e]),
            .rsp_ready(rsp_ready[e]), .rsp_data(rsp_data[e]), .rsp_status(rsp_status[e]),
            .mem_req_valid(m_req_valid[e]), .mem_req_ready(m_req_ready[e]),
            .mem_req_we(m_req_we[e]), .mem_req_addr(m_req_addr[32*e +: 32]),
            .mem_req_wdata(m_req_wdata[MEM_DW*e +: MEM_DW]),
            .mem_req_wstrb(m_req_wstrb[LB*e +: LB]), .mem_rsp_valid(m_rsp_valid[e]),
            .mem_rsp_data(m_rsp_data), .idle(idle[e]));
    end

    ocl_mem_arbiter #(.N(2), .MEM_DW(MEM_DW), .AW(32), .TAGQ_DEPTH(64)) arb (
        .clk(clk), .rst(rst), .m_req_valid(m_req_valid), .m_req_ready(m_req_ready),
        .m_req_we(m_req_we), .m_req_addr(m_req_addr), .m_req_wdata(m_req_wdata),
        .m_req_wstrb(m_req_wstrb), .m_rsp_valid(m_rsp_valid), .m_rsp_data(m_rsp_data),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data));

    // ------------------------------------------------------------------ memory
    logic [7:0] mem[ALLOC];
    typedef struct packed {
        logic [63:0] due;
        logic [MEM_DW-1:0] data;
    } rd_t;
    rd_t rdq[$];
    longint cyc = 0;

    function automatic logic [31:0] word_at(int off);
        return {mem[off + 3], mem[off + 2], mem[off + 1], mem[off]};
    endfunction
    function automatic logic [31:0] hdr_wi();
        return word_at(0);
    endfunction
    function automatic logic [31:0] hdr_ri();
        return word_at(4);
    endfunction

    initial begin
        for (int i = 0; i < ALLOC; i++) mem[i] = 8'($urandom);
        for (int i = 0; i < 64; i++) mem[i] = 8'h00;
        {mem[3], mem[2], mem[1], mem[0]} = INIT_IDX;
        {mem[7], mem[6], mem[5], mem[4]} = INIT_IDX;
        {mem[11], mem[10], mem[9], mem[8]} = 32'(MAXP);
        {mem[15], mem[14], mem[13], mem[12]} = 32'(STRIDE);
        {mem[19], mem[18], mem[17], mem[16]} = 32'(STRIDE);
        done = 1'b0;
    end

    // ------------------------------------------------------------------ reference model
    typedef struct packed {
        logic [2:0]   op;
        logic [31:0]  arg;
        logic [127:0] data;
        logic [31:0]  snap;   // the other end's header index when the command was accepted
    } cmd_t;
    cmd_t            inflight[2][$];
    logic [127:0]    sent[logic [31:0]], got[logic [31:0]], hist[logic [31:0]];
    logic [31:0]     w_model = INIT_IDX, r_model = INIT_IDX;
    int              n_matched = 0, n_refused[2] = '{0, 0}, n_res[2] = '{0, 0};
    int              n_at[2] = '{0, 0};

    function automatic void note_sent(logic [31:0] idx, logic [127:0] d);
        hist[idx] = d;
        if (got.exists(idx) != 0) begin
            if (got[idx] !== d)
                $error("pipe MEM_DW%0d PW%0d: packet %h read as %h, written %h", MEM_DW, PW,
                       idx, got[idx], d);
            got.delete(idx);
            n_matched++;
        end else sent[idx] = d;
    endfunction
    function automatic void note_got(logic [31:0] idx, logic [127:0] d);
        if (sent.exists(idx) != 0) begin
            if (sent[idx] !== d)
                $error("pipe MEM_DW%0d PW%0d: packet %h read as %h, written %h", MEM_DW, PW,
                       idx, d, sent[idx]);
            sent.delete(idx);
            n_matched++;
        end else got[idx] = d;
    endfunction

    // ------------------------------------------------------------------ drivers' state
    typedef enum int { P_RESET, P_FILL, P_FILL_IDLE, P_EMPTY, P_EMPTY_IDLE, P_CONC, P_FINAL,
                       P_END } phase_t;
    phase_t      phase = P_RESET;
    longint      phase_start = 0;
    bit          refused_seen[2] = '{0, 0};
    bit          num_asked[2] = '{0, 0};
    bit          exact = 0;          // the other end is idle: answers are exact
    bit          wait_res[2] = '{0, 0}, res_active[2] = '{0, 0};
    logic [31:0] res_base[2];
    int          res_left[2][$];
    int          pause[2] = '{0, 0};
    longint      thru_first = -1, thru_last = -1;
    int          thru_got = 0;
    logic [31:0] thru_start_idx = INIT_IDX;

    function automatic logic [127:0] rnd_pkt();
        return 128'({$urandom, $urandom, $urandom, $urandom}) & ((128'd1 << PW) - 1);
    endfunction

    // Next command of end e (0 = writer); returns 0 when it issues nothing this cycle.
    function automatic bit next_cmd(int e, output logic [2:0] op, output logic [31:0] arg,
                                    output logic [127:0] d);
        bit active;
        int r;
        op = OP_NUM;
        arg = 0;
        d = rnd_pkt();
        if (wait_res[e]) return 0;
        case (phase)
            P_FILL: active = e == 0 && !refused_seen[0];
            P_EMPTY: active = e == 1 && !refused_seen[1];
            P_CONC: active = e == 1 || w_model - thru_start_idx < NPKT || res_active[0];
            P_FINAL: active = e == 1 && (r_model != w_model || res_active[1]);
            default: active = 0;
        endcase
        if (!active) return 0;
        if (THRU != 0 || phase == P_FILL || phase == P_EMPTY) begin
            op = e == 0 ? OP_PUT : OP_GET;
            return 1;
        end
        if (pause[e] > 0) begin
            pause[e]--;
            return 0;
        end
        r = $urandom_range(999);
        if (r < 5) begin
            pause[e] = $urandom_range(40);   // quiet spell: idle flush / publish
            return 0;
        end
        if (res_active[e]) begin
            if (res_left[e].size() == 0) begin
                op = OP_COMMIT;
                res_active[e] = 0;
                return 1;
            end
            if (r < 600) begin
                op = e == 0 ? OP_PUT_AT : OP_GET_AT;
                arg = res_base[e] + 32'(res_left[e].pop_front());
                return 1;
            end
        end else if (r < 40 && phase == P_CONC) begin
            op = OP_RES;
            arg = r < 5 ? 32'(MAXP + 1) : 32'($urandom_range(1, MAXP < 6 ? MAXP : 6));
            wait_res[e] = 1;
            return 1;
        end
        if (r < 60) op = OP_NUM;
        else if (r < 70) op = OP_MAX;
        else if (r < 850) op = e == 0 ? OP_PUT : OP_GET;
        else return 0;
        return 1;
    endfunction

    // Check the response of end e to command c.
    task automatic check_rsp(int e, cmd_t c, logic [31:0] st, logic [127:0] d);
        logic [31:0] have, other_now;
        other_now = e == 0 ? hdr_ri() : hdr_wi();
        case (c.op)
            OP_PUT, OP_GET: begin
                // Packets in the pipe when the command was accepted, by the header.
                have = e == 0 ? w_model - c.snap : c.snap - r_model;
                if (st == 0) begin
                    if (e == 0) begin
                        if (w_model - other_now >= MAXP)
                            $error("pipe MEM_DW%0d PW%0d: PUT done on a full pipe", MEM_DW, PW);
                        note_sent(w_model, c.data);
                        w_model++;
                    end else begin
                        if (other_now - r_model == 0 || other_now - r_model > MAXP)
                            $error("pipe MEM_DW%0d PW%0d: GET done on an empty pipe", MEM_DW, PW);
                        note_got(r_model, d & ((128'd1 << PW) - 1));
                        r_model++;
                    end
                end else if (st == NONE) begin
                    n_refused[e]++;
                    refused_seen[e] = 1;
                    if ((e == 0 && have != MAXP) || (e == 1 && have != 0))
                        $error("pipe MEM_DW%0d PW%0d: %s refused with %0d packets in the pipe",
                               MEM_DW, PW, e == 0 ? "PUT" : "GET", have);
                end else $error("pipe: bad status %h", st);
            end
            OP_RES: begin
                logic [31:0] fits;
                wait_res[e] = 0;
                fits = e == 0 ? MAXP - (w_model - c.snap) : c.snap - r_model;
                if (st == NONE) begin
                    n_refused[e]++;
                    if (c.arg != 0 && c.arg <= MAXP && c.arg <= fits)
                        $error("pipe MEM_DW%0d PW%0d: RESERVE %0d refused, %0d fit", MEM_DW, PW,
                               c.arg, fits);
                end else begin
                    logic [31:0] idx = e == 0 ? w_model : r_model;
                    if (st != idx)
                        $error("pipe MEM_DW%0d PW%0d: RESERVE gave %h, expected %h", MEM_DW, PW,
                               st, idx);
                    if (e == 0 && w_model + c.arg - other_now > MAXP)
                        $error("pipe: RESERVE beyond the room");
                    if (e == 1 && other_now - r_model < c.arg)
                        $error("pipe: RESERVE beyond the packets present");
                    n_res[e]++;
                    res_active[e] = 1;
                    res_base[e] = st;
                    res_left[e] = {};
                    for (int i = 0; i < int'(c.arg); i++) res_left[e].push_back(i);
                    res_left[e].shuffle();
                    if (e == 0) w_model += c.arg;
                    else r_model += c.arg;
                end
            end
            OP_PUT_AT, OP_GET_AT: begin
                if (st != 0) $error("pipe MEM_DW%0d PW%0d: %s refused", MEM_DW, PW,
                                    e == 0 ? "PUT_AT" : "GET_AT");
                else if (e == 0) note_sent(c.arg, c.data);
                else note_got(c.arg, d & ((128'd1 << PW) - 1));
                n_at[e]++;
            end
            OP_COMMIT: if (st != 0) $error("pipe: COMMIT status %h", st);
            OP_NUM: begin
                // A stale view: between the exact count (the header now) and max / 0.
                have = e == 0 ? w_model - other_now : other_now - r_model;
                if (exact ? st != have : (e == 0 ? (st < have || st > MAXP) : st > have))
                    $error("pipe MEM_DW%0d PW%0d end %0d: NUM %0d, pipe holds %0d (exact %0d)",
                           MEM_DW, PW, e, st, have, exact);
            end
            default: if (st != MAXP) $error("pipe: MAX %0d, expected %0d", st, MAXP);
        endcase
    endtask

    // ------------------------------------------------------------------ main loop
    int   idle_cnt = 0;
    always @(posedge clk) begin
        if (rst) begin
            cmd_valid <= '0;
            start <= 0;
        end else if (!done) begin
            cyc++;
            start <= cyc == 3;

            // Bus rules, per end.
            for (int e = 0; e < 2; e++)
                if (m_req_valid[e] && m_req_ready[e] && m_req_we[e]) begin
                    logic [31:0] a = m_req_addr[32*e +: 32];
                    logic [LB-1:0] s = m_req_wstrb[LB*e +: LB];
                    if (a == BASE) begin
                        if ((s & ~(LB'(8'h0F) << (4 * e))) != 0)
                            $error("pipe: end %0d writes header bytes %b", e, s);
                    end else if (e == 1) $error("pipe: the reader writes at %h", a);
                end

            // Memory: apply accepted requests, answer reads after LAT cycles.
            if (mem_req_valid && mem_req_ready) begin
                int off = int'(mem_req_addr - BASE);
                logic [MEM_DW-1:0] line;
                rd_t r;
                if (off < 0 || off + LB > ALLOC || off % LB != 0)
                    $error("pipe: access at %h outside the pipe object", mem_req_addr);
                else if (mem_req_we) begin
                    for (int k = 0; k < LB; k++)
                        if (mem_req_wstrb[k]) mem[off + k] = mem_req_wdata[8*k +: 8];
                end else begin
                    for (int k = 0; k < LB; k++) line[8*k +: 8] = mem[off + k];
                    r.due = 64'(cyc + longint'(LAT));
                    r.data = line;
                    rdq.push_back(r);
                end
            end
            mem_rsp_valid <= 0;
            if (rdq.size() != 0 && rdq[0].due == 64'(cyc + 1)) begin
                mem_rsp_valid <= 1;
                mem_rsp_data <= rdq[0].data;
                void'(rdq.pop_front());
            end
            mem_req_ready <= THRU != 0 || $urandom_range(99) < READY_PCT;

            // Responses, then commands.
            for (int e = 0; e < 2; e++) begin
                if (rsp_valid[e] && rsp_ready[e]) begin
                    if (inflight[e].size() == 0) $error("pipe: response without a command");
                    else begin
                        cmd_t c = inflight[e].pop_front();
                        if (THRU != 0 && e == 1 && c.op == OP_GET && rsp_status[e] == 0) begin
                            thru_got++;
                            if (thru_got == NPKT) thru_last = cyc;
                        end
                        check_rsp(e, c, rsp_status[e], 128'(rsp_data[e]));
                    end
                end
                rsp_ready[e] <= THRU != 0 || $urandom_range(99) < RSP_PCT;
                if (cmd_valid[e] && cmd_ready[e]) begin
                    cmd_t c;
                    c.op = cmd_op[e];
                    c.arg = cmd_arg[e];
                    c.data = 128'(cmd_data[e]);
                    c.snap = e == 0 ? hdr_ri() : hdr_wi();
                    inflight[e].push_back(c);
                    if (THRU != 0 && thru_first < 0) thru_first = cyc;
                end
                if (!cmd_valid[e] || cmd_ready[e]) begin
                    logic [2:0] op;
                    logic [31:0] arg;
                    logic [127:0] d;
                    bit go = next_cmd(e, op, arg, d);
                    cmd_valid[e] <= go;
                    cmd_op[e] <= op;
                    cmd_arg[e] <= arg;
                    cmd_data[e] <= PW'(d);
                end
            end

            if (cyc == 1000000)
                $error("pipe MEM_DW%0d PW%0d: stuck in phase %0d: written %h read %h header %h/%h, %0d/%0d commands pending, idle %b, reserving %b/%b",
                       MEM_DW, PW, phase, w_model, r_model, hdr_wi(), hdr_ri(),
                       inflight[0].size(), inflight[1].size(), idle, res_active[0],
                       res_active[1]);

            // Phases.
            idle_cnt = (&idle && cmd_valid == 0 && inflight[0].size() == 0 &&
                        inflight[1].size() == 0) ? idle_cnt + 1 : 0;
            case (phase)
                P_RESET: if (cyc == 10) begin
                    phase = THRU != 0 ? P_CONC : P_FILL;
                    exact = THRU == 0;
                    phase_start = cyc;
                end
                P_FILL, P_EMPTY: begin
                    int e = phase == P_FILL ? 0 : 1;
                    if (refused_seen[e] && !cmd_valid[e] && inflight[e].size() == 0) begin
                        if (!num_asked[e]) begin
                            num_asked[e] = 1;
                            cmd_valid[e] <= 1;
                            cmd_op[e] <= OP_NUM;
                        end else begin
                            phase = phase == P_FILL ? P_FILL_IDLE : P_EMPTY_IDLE;
                            phase_start = cyc;
                        end
                    end
                end
                P_FILL_IDLE, P_EMPTY_IDLE: begin
                    if (idle_cnt == 3) begin
                        if (hdr_wi() != w_model || hdr_ri() != r_model)
                            $error("pipe MEM_DW%0d PW%0d: header %h/%h, expected %h/%h", MEM_DW,
                                   PW, hdr_wi(), hdr_ri(), w_model, r_model);
                        if (phase == P_FILL_IDLE && w_model - r_model != MAXP)
                            $error("pipe MEM_DW%0d PW%0d: filled with %0d packets", MEM_DW, PW,
                                   w_model - r_model);
                        phase = phase == P_FILL_IDLE ? P_EMPTY : P_CONC;
                        exact = 0;
                        thru_start_idx = w_model;
                        phase_start = cyc;
                    end
                    if (cyc - phase_start > 3000) $error("pipe: an end never became idle");
                end
                P_CONC: if (w_model - thru_start_idx >= NPKT && !res_active[0] && !wait_res[0] &&
                            inflight[0].size() == 0) begin
                    phase = P_FINAL;
                    phase_start = cyc;
                end
                P_FINAL: if (r_model == w_model && !res_active[1] && !wait_res[1] && idle_cnt == 3) begin
                    if (hdr_wi() != w_model || hdr_ri() != r_model)
                        $error("pipe MEM_DW%0d PW%0d: header %h/%h at the end, expected %h/%h",
                               MEM_DW, PW, hdr_wi(), hdr_ri(), w_model, r_model);
                    // The ring holds the last MAXP packets at their slots. Slots count on
                    // from INIT_IDX mod MAXP (the same as idx mod MAXP until the index wraps
                    // at 2^32; see ocl_pipe_port's note on the wrap).
                    for (int k = 1; k <= MAXP; k++) begin
                        logic [31:0] idx = w_model - 32'(k);
                        if (hist.exists(idx) != 0) begin
                            logic [31:0] first_slot = INIT_IDX % 32'(MAXP);
                            logic [31:0] dist_i = idx - INIT_IDX;
                            logic [63:0] slot = ({32'd0, first_slot} + {32'd0, dist_i}) %
                                                64'(MAXP);
                            int off = 64 + int'(slot) * STRIDE;
                            for (int b = 0; b < STRIDE; b++)
                                if (mem[off + b] !== hist[idx][8*b +: 8])
                                    $error("pipe MEM_DW%0d PW%0d: packet %h not at slot %0d",
                                           MEM_DW, PW, idx, slot);
                        end
                    end
                    if (sent.size() != 0 || got.size() != 0)
                        $error("pipe MEM_DW%0d PW%0d: %0d packets written never read, %0d read never written",
                               MEM_DW, PW, sent.size(), got.size());
                    if (THRU != 0) begin
                        real rate = real'(NPKT) / real'(thru_last - thru_first + 1);
                        $display("pipe throughput MEM_DW%0d PW%0d LAT%0d max %0d: %0d packets in %0d cycles = %.3f packets/cycle",
                                 MEM_DW, PW, LAT, MAXP, NPKT, thru_last - thru_first + 1, rate);
                        if (rate < 0.95) $error("pipe: throughput %.3f < 0.95", rate);
                    end else begin
                        $display("pipe MEM_DW%0d PW%0d max %0d LAT%0d: %0d packets matched, refusals %0d/%0d, reservations %0d/%0d, PUT_AT %0d, GET_AT %0d",
                                 MEM_DW, PW, MAXP, LAT, n_matched, n_refused[0], n_refused[1],
                                 n_res[0], n_res[1], n_at[0], n_at[1]);
                        if (n_res[0] < 3 || n_res[1] < 3 || n_refused[1] < 2)
                            $error("pipe: weak coverage");
                    end
                    phase = P_END;
                    done <= 1;
                end
                default: ;
            endcase
        end
    end
endmodule

module tb_ocl_pipe_port (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [7:0] done;
    tb_pipe_pair #(.MEM_DW(512), .PW(32), .MAXP(100), .LAT(20), .INIT_IDX(32'hFFFF_FFC0))
        u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_pipe_pair #(.MEM_DW(64), .PW(8), .MAXP(5), .LAT(1), .READY_PCT(50), .INIT_IDX(32'd7))
        u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_pipe_pair #(.MEM_DW(128), .PW(64), .MAXP(100), .LAT(20), .READY_PCT(80),
                   .INIT_IDX(32'hFFFF_FFFE))
        u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_pipe_pair #(.MEM_DW(256), .PW(128), .MAXP(5), .LAT(20), .RSP_PCT(50),
                   .INIT_IDX(32'h1234_5678))
        u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_pipe_pair #(.MEM_DW(64), .PW(64), .MAXP(7), .LAT(1), .INIT_IDX(32'hFFFF_FFF0))
        u4 (.clk(clk), .rst(rst), .done(done[4]));
    tb_pipe_pair #(.MEM_DW(512), .PW(8), .MAXP(100), .LAT(1), .READY_PCT(40))
        u5 (.clk(clk), .rst(rst), .done(done[5]));
    tb_pipe_pair #(.MEM_DW(128), .PW(128), .MAXP(1), .LAT(20), .NPKT(300))
        u6 (.clk(clk), .rst(rst), .done(done[6]));
    tb_pipe_pair #(.MEM_DW(512), .PW(32), .MAXP(1000), .LAT(20), .NPKT(4096), .THRU(1),
                   .INIT_IDX(32'hFFFF_F000))
        u7 (.clk(clk), .rst(rst), .done(done[7]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_pipe_port");
            $finish;
        end
    end
endmodule

`default_nettype wire
