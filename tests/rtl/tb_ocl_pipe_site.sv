// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_pipe_site (DEPTH 2, 3, 8, 16; CW 40, 64, 544).
// The pipeline side fires commands (each with a unique sequence number) through a
// combinational req_fire = want && (req_can_accept || try), so it sometimes fires while
// req_can_accept is low; such a command carries a "refused" mark (bit 31 of the sequence
// field) and must never reach the arbiter. The arbiter side has random m_req_ready (also
// while m_req_valid is low, as ocl_mem_arbiter with N = 1 does) and answers every accepted
// command in order after 1..20 cycles with a payload derived from the command. Answers are
// popped at random times (also while rsp_valid is low). Rates change every 400 cycles,
// with spells of no pops (the answer FIFO fills to DEPTH) and no ready (the command queue
// fills). Now and then a clear: the arbiter stops taking commands until every command it
// took is answered ("nothing is in flight", the contract), then clear for one cycle with
// commands and answers still queued. Checked every cycle:
//   - a fire while req_can_accept is low is not taken: no command, answer or credit;
//   - commands reach the arbiter exactly once, in order, unchanged, and an offered command
//     is held until taken; m_req_valid == a taken command is queued;
//   - answers come out in order with their data; rsp_valid == an answer is queued; answers
//     queued never exceed DEPTH;
//   - req_can_accept is low whenever DEPTH commands are between fire and pop, and high when
//     fewer are and none is waiting for the arbiter;
//   - idle == no command between fire and pop;
//   - clear drops every queued command and answer and all credits.
// Coverage (checked at the end): credits exhausted, refused fires both with credits
// exhausted and with a full command queue, the answer FIFO full, clears with work queued.
`default_nettype none

module tb_site_unit #(
    parameter int CW = 64,           // >= 33: the low 32 bits of a command carry its number
    parameter int AW = 35,
    parameter int DEPTH = 8,
    parameter int COMMANDS = 5000    // commands taken before the drain
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int XW = AW + CW;     // a whole command {addr, wdata}
    localparam int MAX_LAT = 20;

    logic          clear = 1'b0, want_fire = 1'b0, try_refused = 1'b0, rsp_pop = 1'b0;
    logic          m_req_ready = 1'b0, m_rsp_valid = 1'b0;
    logic [CW-1:0] m_rsp_data = '0;
    logic [XW-1:0] next_cmd = '0, refused_cmd = '0;
    logic          req_can_accept, req_fire, rsp_valid, m_req_valid, idle;
    logic [AW-1:0] req_addr, m_req_addr;
    logic [CW-1:0] req_wdata, rsp_data, m_req_wdata;

    // Like a pipeline stage: fires when it wants and the site accepts; sometimes it fires
    // regardless, with a command marked as refused.
    assign req_fire = want_fire && (req_can_accept || try_refused);
    assign {req_addr, req_wdata} = req_can_accept ? next_cmd : refused_cmd;

    ocl_pipe_site #(.CW(CW), .AW(AW), .DEPTH(DEPTH)) dut (
        .clk(clk), .rst(rst), .clear(clear),
        .req_can_accept(req_can_accept), .req_fire(req_fire), .req_addr(req_addr),
        .req_wdata(req_wdata), .rsp_valid(rsp_valid), .rsp_pop(rsp_pop), .rsp_data(rsp_data),
        .m_req_valid(m_req_valid), .m_req_ready(m_req_ready), .m_req_addr(m_req_addr),
        .m_req_wdata(m_req_wdata), .m_rsp_valid(m_rsp_valid), .m_rsp_data(m_rsp_data),
        .idle(idle)
    );

    function automatic logic [CW-1:0] random_bits();
        logic [CW+31:0] v;
        v = '0;
        for (int k = 0; k <= CW / 32; k++) v = {v[CW-1:0], $urandom};
        return v[CW-1:0];
    endfunction

    // A command: random opcode/argument and data, its number in the low 32 bits.
    function automatic logic [XW-1:0] make_cmd(logic [31:0] number);
        logic [CW-1:0] data;
        data = random_bits();
        data[31:0] = number;
        return {AW'({$urandom, $urandom}), data};
    endfunction

    // The arbiter's answer to a command: its data inverted, mixed with a hash of all of it.
    function automatic logic [CW-1:0] answer_of(logic [XW-1:0] cmd);
        logic [31:0] h;
        h = 32'h2545_F491;
        for (int k = 0; k < XW; k += 32) h = (h ^ 32'(cmd >> k)) * 32'h9E37_79B1;
        return ~cmd[CW-1:0] ^ CW'({(CW / 32 + 1){h}});
    endfunction

    // Model of the site.
    logic [XW-1:0] cmd_queue[$];     // taken, not yet taken by the arbiter
    logic [CW-1:0] answers[$];       // answers of the commands taken, in order, not popped
    logic [31:0]   answer_numbers[$];  // their commands' numbers
    int            outstanding = 0;  // commands between fire and pop
    int            answers_queued = 0;
    // Arbiter model: answers due, in order.
    longint        due_cycle[$];
    logic [XW-1:0] due_cmd[$];
    longint        last_due = 0;
    // Held-offer check.
    logic          prev_offer_stalled = 1'b0;
    logic [XW-1:0] prev_offer = '0;

    // Stimulus state.
    longint        cyc = 0;
    logic [31:0]   number = 32'd1, refused_number = 32'h8000_0000;
    int            fire_pct = 60, try_pct = 30, pop_pct = 60, ready_pct = 60, clear_pct = 0;
    bit            clear_pending = 0, draining = 0;
    int            n_taken = 0, n_err = 0;
    int            cov_credit_full = 0, cov_refused_credit = 0, cov_refused_cmd_full = 0,
                   cov_rsp_full = 0, cov_clears = 0, cov_refused_pop_full = 0;
    initial done = 1'b0;

    task automatic fail(string msg);
        $error("pipe_site CW%0d DEPTH%0d cycle %0d: %s", CW, DEPTH, cyc, msg);
        n_err++;
        if (n_err >= 20) $finish;  // the model is out of step: stop the flood
    endtask

    always @(posedge clk) begin
        if (rst) begin
            want_fire <= 1'b0;
            clear <= 1'b0;
            m_req_ready <= 1'b0;
            m_rsp_valid <= 1'b0;
            next_cmd <= make_cmd(number);
            refused_cmd <= make_cmd(refused_number);
        end else if (!done) begin
            bit taken, refused, sent, popped, answer_due;
            cyc++;
            taken = req_fire && req_can_accept;
            refused = req_fire && !req_can_accept;
            sent = m_req_valid && m_req_ready;
            popped = rsp_pop && rsp_valid;

            // ------------------------------------------------ credits, idle
            if (outstanding > DEPTH)
                fail($sformatf("%0d commands outstanding", outstanding));
            if (idle !== (outstanding == 0))
                fail($sformatf("idle %b with %0d commands outstanding", idle, outstanding));
            if (req_can_accept === 1'b1 && outstanding >= DEPTH)
                fail($sformatf("req_can_accept with %0d commands outstanding", outstanding));
            if (req_can_accept !== 1'b1 && outstanding < DEPTH && cmd_queue.size() == 0)
                fail($sformatf("req_can_accept %b with %0d outstanding and none queued",
                               req_can_accept, outstanding));
            if (outstanding == DEPTH) cov_credit_full++;
            if (refused) begin
                if (outstanding == DEPTH && cmd_queue.size() < 2) cov_refused_credit++;
                if (cmd_queue.size() == 2) cov_refused_cmd_full++;
                if (cmd_queue.size() == 2 && m_req_ready) cov_refused_pop_full++;
                refused_number++;
                refused_cmd <= make_cmd(refused_number);
            end

            // ------------------------------------------------ arbiter side
            if (m_req_valid !== (cmd_queue.size() != 0))
                fail($sformatf("m_req_valid %b with %0d commands queued", m_req_valid,
                               cmd_queue.size()));
            if (prev_offer_stalled && (m_req_valid !== 1'b1 ||
                                       {m_req_addr, m_req_wdata} !== prev_offer))
                fail("the offered command changed before the arbiter took it");
            prev_offer_stalled = m_req_valid && !m_req_ready && !clear;
            prev_offer = {m_req_addr, m_req_wdata};
            if (sent) begin
                if (m_req_wdata[31])
                    fail($sformatf("refused command %0d reached the arbiter",
                                   m_req_wdata[30:0]));
                else if (cmd_queue.size() == 0)
                    fail($sformatf("command %0d reached the arbiter, none expected",
                                   m_req_wdata[31:0]));
                else if ({m_req_addr, m_req_wdata} !== cmd_queue[0])
                    fail($sformatf("command %0d reached the arbiter, expected %0d (or changed)",
                                   m_req_wdata[31:0], cmd_queue[0][31:0]));
                if (cmd_queue.size() != 0) void'(cmd_queue.pop_front());
                begin
                    longint due;
                    due = cyc + longint'($urandom_range(MAX_LAT, 1));
                    last_due = due > last_due ? due : last_due + 1;
                    due_cycle.push_back(last_due);
                    due_cmd.push_back({m_req_addr, m_req_wdata});
                end
            end
            // ------------------------------------------------ pipeline side
            if (rsp_valid !== (answers_queued != 0))
                fail($sformatf("rsp_valid %b with %0d answers queued", rsp_valid,
                               answers_queued));
            if (popped) begin
                if (answers.size() == 0) begin
                    fail("an answer popped with no command outstanding");
                end else begin
                    logic [CW-1:0] want;
                    logic [31:0]   want_number;
                    want = answers.pop_front();
                    want_number = answer_numbers.pop_front();
                    if (rsp_data !== want)
                        fail($sformatf("answer %h, expected %h (answer of command %0d)",
                                       rsp_data, want, want_number));
                end
                outstanding--;
                answers_queued--;
            end
            if (m_rsp_valid) begin
                // An answer arriving with DEPTH queued would overflow the answer FIFO.
                if (answers_queued + (popped ? 1 : 0) >= DEPTH)
                    fail($sformatf("an answer arrived with %0d queued",
                                   answers_queued + (popped ? 1 : 0)));
                answers_queued++;
            end
            if (answers_queued == DEPTH) cov_rsp_full++;
            if (taken) begin
                cmd_queue.push_back(next_cmd);
                answers.push_back(answer_of(next_cmd));
                answer_numbers.push_back(number);
                outstanding++;
                n_taken++;
                number++;
                next_cmd <= make_cmd(number);
            end
            if (clear) begin
                // The bench clears only with nothing at the arbiter and no fire.
                if (taken || sent || m_rsp_valid || due_cycle.size() != 0)
                    fail("bench: clear with a command in flight");
                if (outstanding != 0) cov_clears++;
                cmd_queue.delete();
                answers.delete();
                answer_numbers.delete();
                outstanding = 0;
                answers_queued = 0;
            end
            if (answers_queued > outstanding || cmd_queue.size() > outstanding)
                fail("model out of step");

            // ------------------------------------------------ arbiter answers
            answer_due = due_cycle.size() != 0 && due_cycle[0] == cyc + 1;
            if (answer_due) begin
                void'(due_cycle.pop_front());
                m_rsp_valid <= 1'b1;
                m_rsp_data <= answer_of(due_cmd.pop_front());
            end else begin
                m_rsp_valid <= 1'b0;
                m_rsp_data <= random_bits();
            end

            // ------------------------------------------------ next stimulus
            if (cyc % 400 == 0) begin
                fire_pct = 10 * $urandom_range(10);
                try_pct = 25 * $urandom_range(4);
                pop_pct = $urandom_range(3) == 0 ? 0 : 10 * $urandom_range(10);
                ready_pct = $urandom_range(4) == 0 ? 0 : 10 * $urandom_range(10);
                clear_pct = $urandom_range(2) == 0 ? 1 : 0;
            end
            if (!draining && n_taken >= COMMANDS) draining = 1;
            if (!clear_pending && !draining && $urandom_range(999) < clear_pct * 5)
                clear_pending = 1;
            clear <= 1'b0;
            want_fire <= !draining && $urandom_range(99) < fire_pct;
            try_refused <= $urandom_range(99) < try_pct;
            rsp_pop <= $urandom_range(99) < (draining ? 50 : pop_pct);
            m_req_ready <= $urandom_range(99) < (draining ? 70 : ready_pct);
            if (clear_pending) begin
                // Nothing more goes to the arbiter; clear once every command it took is
                // answered (and the last answer is in).
                m_req_ready <= 1'b0;
                if (due_cycle.size() == 0 && !answer_due) begin
                    clear <= 1'b1;
                    want_fire <= 1'b0;
                    clear_pending = 0;
                end
            end
            if (draining && !clear_pending && !clear && !req_fire && outstanding == 0 &&
                due_cycle.size() == 0) begin
                if (cov_credit_full == 0 || cov_refused_credit == 0 ||
                    cov_refused_cmd_full == 0 || cov_refused_pop_full == 0 ||
                    cov_rsp_full == 0 || cov_clears == 0)
                    fail($sformatf("weak coverage: credits exhausted %0d cycles, refused fires %0d/%0d/%0d, answers full %0d cycles, clears %0d",
                                   cov_credit_full, cov_refused_credit, cov_refused_cmd_full,
                                   cov_refused_pop_full, cov_rsp_full, cov_clears));
                $display("pipe_site CW%0d DEPTH%0d: %0d commands, %0d cycles, refused fires %0d/%0d/%0d, clears %0d",
                         CW, DEPTH, n_taken, cyc, cov_refused_credit, cov_refused_cmd_full,
                         cov_refused_pop_full, cov_clears);
                done <= 1'b1;
            end
        end
    end
endmodule

module tb_ocl_pipe_site (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [4:0] done;
    tb_site_unit #(.CW(64), .DEPTH(8))  u0 (.clk(clk), .rst(rst), .done(done[0]));
    tb_site_unit #(.CW(64), .DEPTH(2))  u1 (.clk(clk), .rst(rst), .done(done[1]));
    tb_site_unit #(.CW(544), .DEPTH(8)) u2 (.clk(clk), .rst(rst), .done(done[2]));
    tb_site_unit #(.CW(40), .DEPTH(3))  u3 (.clk(clk), .rst(rst), .done(done[3]));
    tb_site_unit #(.CW(544), .DEPTH(16), .AW(4)) u4 (.clk(clk), .rst(rst), .done(done[4]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_pipe_site");
            $finish;
        end
    end
endmodule

`default_nettype wire
