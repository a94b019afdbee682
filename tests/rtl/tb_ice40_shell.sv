// SPDX-License-Identifier: MIT
//
// Self-checking bench of the iCE40 shell (board-support/ice40/ice40_shell.v) inside the
// real board tops: icebreaker_top (SPRAM global memory, cells_sim.v's SB_SPRAM256KA) and
// hx8k_top (block-RAM global memory), each with the stand-in system
// tests/unit/data/test_system.v and the primitive models of board-support/ice40/ice40_prims_sim.sv.
//
// Each unit plays the host over the board's SPI pins (mode 0, SCLK = clk / 4, the limit
// of the protocol) and checks every answer byte, including sequence numbers and CRCs
// (docs/host-link-protocol.md):
//   - MISO is released (pulled low here) whenever CS_n is high;
//   - after the PLL model locks and the reset is released: POLL before any frame, shell
//     registers (magic 0x4F434C48, version, cycle counter: 0, the iCE40 shells leave it out);
//   - 256-byte writes and reads at unaligned addresses; one distinct pattern at every
//     power-of-two address up to the top of memory (no address bit lost or aliased);
//   - kernel 0 (word copy) started by a CSR write, polled until idle while the host
//     reads memory through the same arbiter, its STATUS done bit and its result;
//   - kernel 1 (line copy: back-to-back reads) and its result;
//   - a frame with a flipped payload bit (CRC_ERR, not executed) and a repeated write
//     (OK_DUP, not executed again).
`default_nettype none

module tb_ice40_unit #(
    parameter int BOARD = 0             // 0: icebreaker_top, 1: hx8k_top
) (
    input  logic clk,
    output logic done
);
    localparam int MEMB = (BOARD == 0) ? 131072 : 8192;     // global memory bytes
    localparam string NAME = (BOARD == 0) ? "icebreaker" : "hx8k";
    localparam logic [7:0] CMD_MW = 8'h01, CMD_MR = 8'h02, CMD_CW = 8'h03, CMD_CR = 8'h04,
                           CMD_POLL = 8'h05;
    localparam logic [7:0] ST_OK = 8'hA0, ST_DUP = 8'hA1, ST_CRC = 8'hE0;

    // ------------------------------------------------------------------ DUT
    logic sck = 1'b0, ss_n = 1'b1, mosi = 1'b1;
    wire  miso;
    wire  led;
    pulldown (miso);                    // shows when nobody drives MISO

    generate
        if (BOARD == 0) begin : g_icebreaker
            icebreaker_top dut (
                .clk_12m(clk), .spi_sck(sck), .spi_ss_n(ss_n), .spi_mosi(mosi),
                .spi_miso(miso), .led_green_n(led)
            );
        end else begin : g_hx8k
            hx8k_top dut (
                .clk_12m(clk), .spi_sck(sck), .spi_ss_n(ss_n), .spi_mosi(mosi),
                .spi_miso(miso), .led_busy(led)
            );
        end
    endgenerate

    function automatic logic [15:0] crc16(logic [15:0] c, logic [7:0] d);
        for (int k = 7; k >= 0; k--)
            c = {c[14:0], 1'b0} ^ ((c[15] ^ d[k]) ? 16'h1021 : 16'h0000);
        return c;
    endfunction

    // ------------------------------------------------------------------ reference memory
    logic [7:0] ref_mem [MEMB];
    bit         known [MEMB];           // written by this bench (else unspecified)

    // ------------------------------------------------------------------ frames
    logic [7:0] txb [600];
    logic [7:0] rxb [600];
    int         nbytes, req_len;
    logic [7:0] seq = 8'd0;
    logic [7:0] f_cmd, f_seq;
    logic [31:0] f_addr;
    int         f_n;                    // payload / answer data bytes
    logic [7:0] f_data [256];           // write payload
    int         n_frames = 0, n_checked_bytes = 0;

    // Builds a frame (new sequence number unless repeat_seq) and its idle bytes.
    task automatic build(logic [7:0] cmd, logic [31:0] addr, int n, bit repeat_seq,
                         bit flip_payload);
        logic [15:0] c;
        int i, wait_bytes, rlen;
        if (!repeat_seq) begin
            f_seq = seq;
            seq = seq + 8'd1;
        end
        f_cmd = cmd;
        f_addr = addr;
        f_n = n;
        i = 0;
        c = 16'hFFFF;
        for (int k = 0; k < 7; k++) begin
            txb[i] = (k == 0) ? cmd : (k == 1) ? f_seq : (k == 6) ? 8'(n - 1)
                   : addr[8 * (5 - k) +: 8];
            c = crc16(c, txb[i]);
            i++;
        end
        txb[i++] = c[15:8];
        txb[i++] = c[7:0];
        if (cmd == CMD_MW || cmd == CMD_CW) begin
            for (int k = 0; k < n; k++) begin
                txb[i++] = f_data[k];
                c = crc16(c, f_data[k]);
            end
            txb[i++] = c[15:8];
            txb[i++] = c[7:0];
            if (flip_payload) txb[9] ^= 8'h10;
        end
        req_len = i;
        // Idle bytes: the protocol's bound at SCLK = clk / 4 (32 clk per byte) for a memory
        // shared with a running kernel (every other cycle), plus a margin.
        wait_bytes = 4 + (2 * n + 8 * (n / 8 + 2) + 40) / 32;
        rlen = (cmd == CMD_MR) ? n : (cmd == CMD_CR) ? 4 : (cmd == CMD_POLL) ? 8 : 0;
        nbytes = req_len + wait_bytes + 4 + rlen;
        for (int k = req_len; k < nbytes; k++) txb[k] = 8'hFF;
    endtask

    // Parses the answer; checks status, sequence number and CRC. Returns the data index.
    function automatic int parse(logic [7:0] exp_status);
        int i, n;
        logic [15:0] c;
        i = 9;
        while (i < nbytes && rxb[i] == 8'hFF) i++;
        if (i >= nbytes) begin
            $error("%s: cmd %h seq %0d: no answer", NAME, f_cmd, f_seq);
            return -1;
        end
        if (rxb[i] != exp_status) begin
            $error("%s: cmd %h seq %0d addr %h: status %h, expected %h", NAME, f_cmd, f_seq,
                   f_addr, rxb[i], exp_status);
            return -1;
        end
        n = (exp_status != ST_OK) ? 0 : (f_cmd == CMD_MR) ? f_n : (f_cmd == CMD_CR) ? 4
          : (f_cmd == CMD_POLL) ? 8 : 0;
        if (i + 4 + n > nbytes) begin
            $error("%s: cmd %h: answer cut off", NAME, f_cmd);
            return -1;
        end
        if (rxb[i + 1] != f_seq) $error("%s: cmd %h: seq %0d, expected %0d", NAME, f_cmd,
                                        rxb[i + 1], f_seq);
        c = 16'hFFFF;
        for (int k = 0; k < 2 + n; k++) c = crc16(c, rxb[i + k]);
        if (c != {rxb[i + 2 + n], rxb[i + 3 + n]})
            $error("%s: cmd %h seq %0d: answer CRC %h%h, expected %h", NAME, f_cmd, f_seq,
                   rxb[i + 2 + n], rxb[i + 3 + n], c);
        n_checked_bytes += 4 + n;
        return i + 2;
    endfunction

    function automatic logic [31:0] word_at(int i);
        return {rxb[i], rxb[i + 1], rxb[i + 2], rxb[i + 3]};
    endfunction

    // A successful write: the reference follows.
    task automatic apply_write();
        for (int k = 0; k < f_n; k++) begin
            ref_mem[f_addr + k] = f_data[k];
            known[f_addr + k] = 1'b1;
        end
    endtask

    task automatic check_read(int d);
        for (int k = 0; k < f_n; k++)
            if (known[f_addr + k] && rxb[d + k] != ref_mem[f_addr + k]) begin
                $error("%s: read %h + %0d: %h, expected %h", NAME, f_addr, k, rxb[d + k],
                       ref_mem[f_addr + k]);
                break;
            end
    endtask

    task automatic random_data(int n);
        for (int k = 0; k < n; k++) f_data[k] = 8'($urandom);
    endtask

    task automatic csr_data(logic [31:0] v);
        f_data[0] = v[31:24];
        f_data[1] = v[23:16];
        f_data[2] = v[15:8];
        f_data[3] = v[7:0];
    endtask

    // ------------------------------------------------------------------ scenario
    // Kernel 0 copies K0_WORDS words from K0_SRC to K0_DST; kernel 1 copies K1_LINES
    // 8-byte lines from K0_DST to K1_DST.
    localparam int K0_SRC = 32'h0000_0100, K0_DST = 32'h0000_0A00, K0_WORDS = 512;
    localparam int K1_DST = 32'h0000_1400, K1_LINES = 64;

    int  step = 0, sub = 0, polls = 0, busy_polls = 0;
    logic [31:0] cycles_lo = '0;

    // Pattern lines: 0, the top line, then 8 << k for every address bit k above the line
    // offset (NPAT lines in all): a lost or shorted address bit makes two of them collide.
    localparam int NPAT = $clog2(MEMB) - 1;
    function automatic logic [31:0] pat_addr(int i);
        return (i == 0) ? 0 : (i == 1) ? MEMB - 8 : 8 << (i - 2);
    endfunction

    // Prepares the frame of the current step/sub-step. Returns 0 when the scenario ends.
    function automatic bit next_frame();
        case (step)
        0: build(CMD_POLL, 0, 8, 0, 0);
        1: build(CMD_CR, 32'h0, 4, 0, 0);                           // magic
        2: build(CMD_CR, 32'h4, 4, 0, 0);                           // version
        3: build(CMD_CR, 32'h8, 4, 0, 0);                           // cycles lo
        4: build(CMD_CR, 32'hC, 4, 0, 0);                           // cycles hi
        5: begin                                                    // source data
            random_data(256);
            build(CMD_MW, K0_SRC + 256 * sub - 3, 256, 0, 0);
        end
        6: build(CMD_MR, K0_SRC + 256 * sub - 3, 256, 0, 0);
        7: begin                                                    // kernel 0 arguments
            csr_data(sub == 0 ? K0_SRC : sub == 1 ? K0_DST : K0_WORDS);
            build(CMD_CW, 32'h480 + 4 * sub, 4, 0, 0);
        end
        8: begin
            csr_data(32'd1);                                        // start kernel 0
            build(CMD_CW, 32'h400, 4, 0, 0);
        end
        9: build(sub % 2 == 0 ? CMD_POLL : CMD_MR, sub % 2 == 0 ? 0 : K0_SRC + 17,
                 sub % 2 == 0 ? 8 : 100, 0, 0);                     // poll, read meanwhile
        10: build(CMD_CR, 32'h404, 4, 0, 0);                        // kernel 0 STATUS
        11: build(CMD_MR, K0_DST + 256 * sub, 256, 0, 0);
        12: begin                                                   // kernel 1
            csr_data(sub == 0 ? K0_DST : sub == 1 ? K1_DST : sub == 2 ? K1_LINES : 1);
            build(CMD_CW, sub == 3 ? 32'h800 : 32'h880 + 4 * sub, 4, 0, 0);
        end
        13: build(CMD_POLL, 0, 8, 0, 0);
        14: build(CMD_MR, K1_DST + 256 * sub, 256, 0, 0);
        15: begin                                                   // one pattern per address bit
            for (int k = 0; k < 8; k++) f_data[k] = 8'(sub * 16 + k);
            build(CMD_MW, pat_addr(sub), 8, 0, 0);
        end
        16: build(CMD_MR, pat_addr(sub), 8, 0, 0);
        17: begin                     // a corrupted frame, a clean one, the clean one again
            if (sub != 2) random_data(40);
            build(CMD_MW, 32'h1F00, 40, sub == 2, sub == 0);
        end
        18: build(CMD_MR, 32'h1F00, 40, 0, 0);
        default: return 0;
        endcase
        return 1;
    endfunction

    // Checks the answer of the current frame and advances the scenario.
    task automatic check_frame();
        int d;
        case (step)
        0: begin
            d = parse(ST_OK);
            if (d >= 0 && {word_at(d), word_at(d + 4)} != 64'h01_00_00_00_00000000)
                $error("%s: first POLL %h %h", NAME, word_at(d), word_at(d + 4));
            step++;
        end
        1, 2, 3, 4: begin
            d = parse(ST_OK);
            if (step == 1 && d >= 0 && word_at(d) != 32'h4F43_4C48)
                $error("%s: magic %h", NAME, word_at(d));
            if (step == 2 && d >= 0 && word_at(d) != 32'd1) $error("%s: version %h", NAME,
                                                                   word_at(d));
            // The iCE40 shells leave the cycle counter out (shell_regs CYCLE_COUNTER = 0).
            if (step == 3 && d >= 0) begin
                cycles_lo = word_at(d);
                if (cycles_lo != 0) $error("%s: cycle counter %0d, expected 0", NAME, cycles_lo);
            end
            if (step == 4 && d >= 0 && word_at(d) != 0) $error("%s: cycles hi %h", NAME,
                                                               word_at(d));
            step++;
        end
        5: begin
            if (parse(ST_OK) >= 0) apply_write();
            if (++sub == 9) begin sub = 0; step++; end
        end
        6, 11, 14, 16, 18: begin
            d = parse(ST_OK);
            if (d >= 0) check_read(d);
            sub++;
            if ((step == 6 && sub == 9) || (step == 11 && sub == K0_WORDS * 4 / 256)
                || (step == 14 && sub == K1_LINES * 8 / 256) || (step == 16 && sub == NPAT)
                || step == 18) begin
                sub = 0;
                step++;
            end
        end
        7, 12: begin
            void'(parse(ST_OK));
            if (++sub == (step == 7 ? 3 : 4)) begin
                sub = 0;
                step = (step == 7) ? 8 : 13;
            end
        end
        8: begin
            void'(parse(ST_OK));
            step++;
        end
        9, 13: begin
            d = parse(ST_OK);
            if (f_cmd == CMD_MR && d >= 0) check_read(d);
            if (f_cmd == CMD_POLL && d >= 0) begin
                polls++;
                if (rxb[d + 1] != f_seq - 8'd1 || rxb[d + 2] != 8'h01)
                    $error("%s: POLL last seq %0d valid %h", NAME, rxb[d + 1], rxb[d + 2]);
                if (rxb[d + 7][0]) begin
                    busy_polls++;
                end else begin
                    // Done: the copy is now in the reference.
                    if (step == 9)
                        for (int k = 0; k < K0_WORDS * 4; k++) begin
                            ref_mem[K0_DST + k] = ref_mem[K0_SRC + k];
                            known[K0_DST + k] = known[K0_SRC + k];
                        end
                    else
                        for (int k = 0; k < K1_LINES * 8; k++) begin
                            ref_mem[K1_DST + k] = ref_mem[K0_DST + k];
                            known[K1_DST + k] = known[K0_DST + k];
                        end
                    sub = -1;
                    step++;
                end
                if (polls > 200) begin
                    $error("%s: kernel never finished", NAME);
                    step = 100;
                end
            end
            sub++;
        end
        10: begin
            d = parse(ST_OK);
            if (d >= 0 && word_at(d) != 32'h2) $error("%s: kernel 0 STATUS %h", NAME,
                                                      word_at(d));
            step++;
        end
        15: begin
            if (parse(ST_OK) >= 0) apply_write();
            if (++sub == NPAT) begin sub = 0; step++; end
        end
        17: begin
            d = parse(sub == 0 ? ST_CRC : sub == 1 ? ST_OK : ST_DUP);
            if (sub == 1 && d >= 0) apply_write();
            if (++sub == 3) begin sub = 0; step++; end
        end
        default: step = 100;
        endcase
    endtask

    // ------------------------------------------------------------------ SPI master
    typedef enum int {H_RESET, H_NEXT, H_RUN, H_CHECK, H_FINISH} hstate_t;
    hstate_t hs = H_RESET;
    int  m_phase, m_cnt, m_bit, wait_cnt = 0;
    initial done = 1'b0;

    always @(posedge clk) begin
        if (ss_n && miso !== 1'b0) $error("%s: MISO driven while SS_n is high", NAME);
        case (hs)
        H_RESET: begin
            // The PLL model locks after 10 edges, the shell leaves reset 2 + 17 later:
            // a frame sent at cycle 40 must be answered.
            for (int k = 0; k < MEMB; k++) known[k] = 1'b0;
            if (++wait_cnt == 40) hs <= H_NEXT;
        end
        H_NEXT: begin
            if (!next_frame()) begin
                hs <= H_FINISH;
            end else begin
                ss_n <= 1'b0;
                m_phase = 0;
                m_cnt = 2;
                m_bit = 0;
                for (int k = 0; k < nbytes; k++) rxb[k] = 8'hFF;
                n_frames++;
                hs <= H_RUN;
            end
        end
        H_RUN: begin
            if (m_cnt > 0) begin
                m_cnt--;
            end else case (m_phase)
            0, 2: begin                                 // SCLK falls, MOSI changes
                if (m_phase == 2) m_bit++;
                sck <= 1'b0;
                if (m_bit == 8 * nbytes) begin
                    m_phase = 3;
                    m_cnt = 1;
                end else begin
                    mosi <= txb[m_bit / 8][7 - m_bit % 8];
                    m_phase = 1;
                    m_cnt = 1;
                end
            end
            1: begin                                    // SCLK rises, sample MISO
                sck <= 1'b1;
                rxb[m_bit / 8][7 - m_bit % 8] = miso;
                m_phase = 2;
                m_cnt = 1;
            end
            3: begin
                ss_n <= 1'b1;
                m_phase = 4;
                m_cnt = 3;
            end
            default: hs <= H_CHECK;
            endcase
        end
        H_CHECK: begin
            check_frame();
            hs <= H_NEXT;
        end
        default: begin
            if (!done) begin
                if (step != 19) $error("%s: scenario stopped at step %0d", NAME, step);
                if (busy_polls == 0) $error("%s: the kernel was never seen busy", NAME);
                if (led != (BOARD == 0 ? 1'b1 : 1'b0)) $error("%s: busy LED lit", NAME);
                $display("tb_ice40_shell %s: %0d frames, %0d answer bytes checked, %0d polls (%0d busy)",
                         NAME, n_frames, n_checked_bytes, polls, busy_polls);
            end
            done <= 1'b1;
        end
        endcase
    end
endmodule

module tb_ice40_shell (
    input logic clk
);
    logic [1:0] done;
    tb_ice40_unit #(.BOARD(0)) u_icebreaker (.clk(clk), .done(done[0]));
    tb_ice40_unit #(.BOARD(1)) u_hx8k (.clk(clk), .done(done[1]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ice40_shell");
            $finish;
        end
    end
endmodule

`default_nettype wire
