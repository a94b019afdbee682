// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_uart_link (16 clocks per UART bit, SCLK = clk / 16). A host
// model sends frames over the UART, each a random number of random bytes (0xC0 and 0xDB
// often, so escapes are common) escaped and closed by END, back to back or with idle time
// between bytes; an SPI slave model (mode 0) answers each byte with the one before it
// XOR 0xA5 (0xFF first in a frame). Checks:
//   - the slave receives exactly the frame's bytes, unescaped, with CS_n low through the
//     frame and high between frames;
//   - SPI timing: every SCLK level lasts at least SCLK_DIV / 2 cycles, the first rise
//     comes at least SCLK_DIV cycles after CS_n falls, CS_n stays high at least
//     4 * SCLK_DIV cycles, MOSI never changes in the cycle SCLK rises;
//   - the host receives one answer byte per data byte, the slave's, in order;
//   - a byte with a bad stop bit is dropped (the slave gets the frame without it and the
//     host one answer fewer), and the link carries on with the next frame;
//   - answers keep up with a host that sends characters back to back at exactly the link's
//     rate (10 * CPB cycles each): two frames of 600 bytes without escapes.
`default_nettype none

module tb_ocl_uart_link (
    input logic clk
);
    localparam int CPB = 16;
    localparam int SDIV = 16;

    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic uart_rx = 1'b1, uart_tx, sclk, cs_n, mosi, miso = 1'b1;

    ocl_uart_link #(.CLKS_PER_BIT(CPB), .SCLK_DIV(SDIV)) dut (
        .link_clk(clk), .link_rst(rst), .uart_rx(uart_rx), .uart_tx(uart_tx),
        .spi_sclk(sclk), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso)
    );

    // ---------------------------------------------------------------- the host
    logic [9:0] line_q [$];         // UART characters to send: {stop, data, start}
    int         gap_q [$];          // idle cycles before each
    logic [7:0] expect_slave [$];   // bytes the slave must receive, per frame in order
    logic [7:0] expect_host [$];    // answer bytes the host must receive
    int         frames_sent = 0, frames_done = 0;
    int         tx_bit = -1, tx_cnt = 0, tx_gap = 0;
    logic [9:0] tx_char;

    task automatic send_char(logic [7:0] b, int gap, logic bad_stop);
        line_q.push_back({~bad_stop, b, 1'b0});
        gap_q.push_back(gap);
    endtask

    // A frame: n data bytes (escaped), END; bad >= 0 marks the data byte sent with a bad
    // stop bit (dropped by the link).
    task automatic send_frame(int n, int bad, logic slow, logic plain = 1'b0);
        logic [7:0] prev;
        prev = 8'hFF;
        for (int i = 0; i < n; i++) begin
            logic [7:0] b;
            int         r;
            int         gap;
            r = $urandom_range(9, 0);
            b = r < 2 ? 8'hC0 : r < 4 ? 8'hDB : 8'($urandom);
            if (plain && (b == 8'hC0 || b == 8'hDB)) b = 8'h5A;
            gap = slow ? $urandom_range(3 * CPB, 0) : 0;
            // After a bad stop bit the line must go high before the next start bit.
            if (i == bad + 1 && bad >= 0) gap = 20 * CPB;
            if (b == 8'hC0 || b == 8'hDB) begin
                send_char(8'hDB, gap, 1'b0);
                send_char(b == 8'hC0 ? 8'hDC : 8'hDD, 0, i == bad);
            end else begin
                send_char(b, gap, i == bad);
            end
            if (i != bad) begin
                expect_slave.push_back(b);
                expect_host.push_back(prev);
                prev = b ^ 8'hA5;
            end
        end
        send_char(8'hC0, bad == n - 1 ? 20 * CPB : 0, 1'b0);
        frames_sent++;
    endtask

    always @(posedge clk) begin
        if (!rst) begin
            if (tx_bit < 0) begin
                if (tx_gap > 0) tx_gap--;
                else if (line_q.size() != 0) begin
                    if (gap_q[0] > 0) begin
                        tx_gap = gap_q[0];
                        gap_q[0] = 0;
                    end else begin
                        tx_char = line_q.pop_front();
                        void'(gap_q.pop_front());
                        tx_bit = 0;
                        tx_cnt = CPB;
                    end
                end
            end
            if (tx_bit >= 0) begin
                uart_rx <= tx_char[tx_bit];
                tx_cnt--;
                if (tx_cnt == 0) begin
                    tx_bit = tx_bit == 9 ? -1 : tx_bit + 1;
                    tx_cnt = CPB;
                    // back to back: the next start bit follows the stop bit at once
                    if (tx_bit < 0 && tx_gap == 0 && line_q.size() != 0 && gap_q[0] == 0) begin
                        tx_char = line_q.pop_front();
                        void'(gap_q.pop_front());
                        tx_bit = 0;
                    end
                end
            end else begin
                uart_rx <= 1'b1;
            end
        end
    end

    // The host's receiver: sample each bit in its middle.
    int         rx_state = -1, rx_cnt = 0, answers = 0;
    logic [7:0] rx_sh;
    always @(posedge clk) begin
        if (!rst) begin
            if (rx_state < 0) begin
                if (!uart_tx) begin
                    rx_state = 0;
                    rx_cnt = CPB / 2;
                end
            end else if (rx_cnt == 1) begin
                rx_cnt = CPB;
                if (rx_state == 0 && uart_tx) $error("uart: start bit too short");
                if (rx_state >= 1 && rx_state <= 8) rx_sh = {uart_tx, rx_sh[7:1]};
                if (rx_state == 9) begin
                    if (!uart_tx) $error("uart: the link sent a bad stop bit");
                    if (expect_host.size() == 0) $error("uart: an answer byte nobody asked for");
                    else begin
                        logic [7:0] e;
                        e = expect_host.pop_front();
                        if (rx_sh !== e) $error("uart: answer %h, expected %h", rx_sh, e);
                    end
                    answers++;
                    rx_state = -1;
                end else begin
                    rx_state++;
                end
            end else begin
                rx_cnt--;
            end
        end
    end

    // ---------------------------------------------------------------- the SPI slave
    logic       p_sclk = 1'b0, p_cs = 1'b1, p_mosi = 1'b0;
    int         cyc = 0, t_edge = 0, t_csfall = 0, t_csrise = 0;
    int         nbits = 0, slave_bytes = 0;
    logic [7:0] in_sh, out_sh = 8'hFF;
    logic       first_rise = 1'b0;

    always @(posedge clk) begin
        cyc++;
        if (!rst) begin
            if (cs_n != p_cs) begin
                if (!cs_n) begin
                    if (cyc - t_csrise < 4 * SDIV && t_csrise != 0)
                        $error("spi: CS_n high for only %0d cycles", cyc - t_csrise);
                    t_csfall = cyc;
                    nbits = 0;
                    out_sh = 8'hFF;
                    first_rise = 1'b1;
                    miso <= 1'b1;
                    if (sclk) $error("spi: CS_n falls with SCLK high");
                end else begin
                    t_csrise = cyc;
                    if (nbits != 0) $error("spi: CS_n rises in the middle of a byte");
                    frames_done++;
                end
            end
            if (sclk != p_sclk) begin
                if (cyc - t_edge < SDIV / 2) $error("spi: an SCLK level of %0d cycles", cyc - t_edge);
                t_edge = cyc;
                if (cs_n) $error("spi: SCLK toggles with CS_n high");
                if (sclk) begin
                    if (first_rise && cyc - t_csfall < SDIV)
                        $error("spi: first SCLK rise %0d cycles after CS_n fell", cyc - t_csfall);
                    first_rise = 1'b0;
                    if (mosi != p_mosi) $error("spi: MOSI changes with the SCLK rise");
                    in_sh = {in_sh[6:0], mosi};
                    nbits++;
                    if (nbits == 8) begin
                        nbits = 0;
                        slave_bytes++;
                        if (expect_slave.size() == 0) $error("spi: a byte nobody sent");
                        else begin
                            logic [7:0] e;
                            e = expect_slave.pop_front();
                            if (in_sh !== e) $error("spi: slave got %h, expected %h", in_sh, e);
                        end
                    end
                end else begin
                    // Mode 0: the next bit goes out on the falling edge.
                    if (nbits == 0) out_sh = in_sh ^ 8'hA5;
                    else out_sh = {out_sh[6:0], 1'b1};
                    miso <= out_sh[7];
                end
            end
            p_sclk = sclk;
            p_cs = cs_n;
            p_mosi = mosi;
        end
    end

    // ---------------------------------------------------------------- the script
    int step = 0;
    always @(posedge clk) begin
        if (!rst && line_q.size() == 0 && tx_bit < 0 && expect_host.size() == 0 &&
            frames_done == frames_sent && rx_state < 0) begin
            if (step < 60) begin
                // Frames of 1..40 bytes; every 7th with idle time between bytes; every
                // 10th with one byte broken.
                send_frame($urandom_range(40, 1), step % 10 == 5 ? int'($urandom_range(3, 0)) : -1,
                           step % 7 == 3);
                step++;
            end else if (step < 62) begin
                send_frame(600, -1, 1'b0, 1'b1);
                step++;
            end else if (step == 62) begin
                if (slave_bytes < 1700 || answers != slave_bytes)
                    $error("uart link: %0d bytes to the slave, %0d answers", slave_bytes, answers);
                $display("PASS tb_ocl_uart_link (%0d frames, %0d bytes)", frames_sent, slave_bytes);
                $finish;
            end
        end
    end
endmodule

`default_nettype wire
