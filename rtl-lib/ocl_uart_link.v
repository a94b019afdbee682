// SPDX-License-Identifier: MIT
//
// ocl_uart_link: the SPI host link's frames (docs/host-link-protocol.md: CRC, sequence
// numbers, retries, idle bytes) carried over a UART, for boards whose USB chip has no SPI
// engine (the ULX3S's FT231X). It is an SPI master for ocl_spi_link: each data byte the
// host sends over the UART is shifted into the link (SPI mode 0, MSB first) and the byte
// shifted out at the same time goes back over the UART, one for one. Chip select is
// framing on the UART (docs/host-link-protocol.md, "UART framing"):
//   0xC0          END: the frame ends (CS_n rises; the next data byte lowers it again),
//                 also right after an ESC
//   0xDB 0xDC     a data byte 0xC0
//   0xDB 0xDD     a data byte 0xDB
//   other         a data byte
// So an exchange of n bytes with CS_n low is the n bytes escaped, then END, and n bytes
// come back.
//
// It runs in its own clock (link_clk, fixed: the kernel clock's PLL follows the routed
// design's Fmax, a baud divisor cannot) and meets ocl_spi_link's conditions for any kernel
// clock of at least 4 * link_clk / SCLK_DIV: SCLK = link_clk / SCLK_DIV, each level
// SCLK_DIV / 2 link_clk cycles; CS_n falls SCLK_DIV cycles before the first rise and stays
// high at least 4 * SCLK_DIV cycles after it rises. MISO (asynchronous: ocl_spi_link is
// clocked by the kernel clock) passes a 2-FF synchroniser and is sampled at each SCLK rise,
// SCLK_DIV / 2 + 2 link_clk cycles after it may last have changed.
//
// UART: 8N1, CLKS_PER_BIT link_clk cycles per bit (48 MHz / 16 = 3 Mbaud on the ULX3S);
// rx passes a 2-FF synchroniser, each bit is sampled in its middle. A byte's SPI shift
// (8 * SCLK_DIV cycles) must be shorter than one UART byte (10 * CLKS_PER_BIT): then no
// more than one answer byte waits for the transmitter, and a 2-entry buffer never fills.
// A framing error (stop bit 0) drops the byte and waits for the line to go high: the
// frame's CRC catches it and the host retries, as it does for an SPI frame cut short.
`default_nettype none

module ocl_uart_link #(
    parameter integer CLKS_PER_BIT = 16,
    parameter integer SCLK_DIV = 16         // even, >= 4
) (
    input  wire link_clk,
    input  wire link_rst,

    input  wire uart_rx,                    // from the host (idle high)
    output reg  uart_tx = 1'b1,             // to the host

    // SPI master side, toward ocl_spi_link (asynchronous to the link's clock).
    output reg  spi_sclk = 1'b0,
    output reg  spi_cs_n = 1'b1,
    output reg  spi_mosi = 1'b0,
    input  wire spi_miso
);
    localparam integer CW = $clog2(CLKS_PER_BIT * 10 + 1);
    localparam integer HALF = SCLK_DIV / 2;
    localparam integer SW = $clog2(SCLK_DIV * 4 + 1);
    localparam integer I_BIT = CLKS_PER_BIT - 1, I_MID = CLKS_PER_BIT / 2 - 1,
                       I_HALF = HALF - 1, I_SETUP = SCLK_DIV - 1, I_GAP = SCLK_DIV * 4 - 1;
    localparam [CW-1:0] K_BIT = I_BIT[CW-1:0], K_MID = I_MID[CW-1:0];
    localparam [SW-1:0] K_HALF = I_HALF[SW-1:0], K_SETUP = I_SETUP[SW-1:0],
                        K_GAP = I_GAP[SW-1:0];

    // ---------------------------------------------------------------- receiver
    reg [1:0]    rx_s = 2'b11;
    reg          rx_busy;
    reg          rx_hold;            // after a bad stop bit: wait for the line to go high
    reg [CW-1:0] rx_cnt;
    reg [3:0]    rx_bit;             // 0 start, 1..8 data, 9 stop
    reg [7:0]    rx_sh;
    reg          rx_valid;           // one cycle: rx_byte holds a received byte
    reg          rx_bad;             // one cycle: a byte was lost (bad stop bit)
    reg [7:0]    rx_byte;

    always @(posedge link_clk) begin
        rx_s     <= {rx_s[0], uart_rx};
        rx_valid <= 1'b0;
        rx_bad   <= 1'b0;
        if (rx_hold) begin
            rx_hold <= !rx_s[1];
        end else if (!rx_busy) begin
            if (!rx_s[1]) begin      // start bit: sample in the middle of each bit
                rx_busy <= 1'b1;
                rx_cnt  <= K_MID;
                rx_bit  <= 4'd0;
            end
        end else if (rx_cnt != 0) begin
            rx_cnt <= rx_cnt - 1'b1;
        end else begin
            rx_cnt <= K_BIT;
            rx_bit <= rx_bit + 1'b1;
            if (rx_bit == 4'd0) begin
                if (rx_s[1]) rx_busy <= 1'b0;            // a glitch, not a start bit
            end else if (rx_bit == 4'd9) begin
                rx_busy <= 1'b0;
                if (rx_s[1]) begin                       // stop bit: keep the byte
                    rx_valid <= 1'b1;
                    rx_byte  <= rx_sh;
                end else begin
                    rx_hold <= 1'b1;
                    rx_bad  <= 1'b1;
                end
            end else begin
                rx_sh <= {rx_s[1], rx_sh[7:1]};          // LSB first
            end
        end
        if (link_rst) begin
            rx_busy  <= 1'b0;
            rx_hold  <= 1'b0;
            rx_bad   <= 1'b0;
            rx_valid <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- framing, SPI
    // A data byte or END waits here for the SPI engine (it is idle whenever a byte
    // arrives: its work takes less than a UART byte).
    reg       esc;
    reg       pend, pend_end;
    reg [7:0] pend_byte;

    localparam [2:0] P_IDLE = 3'd0, P_SETUP = 3'd1, P_LOW = 3'd2, P_HIGH = 3'd3,
                     P_GAP = 3'd4;
    reg [2:0]    ph;
    reg [SW-1:0] pcnt;
    reg [2:0]    nbit;
    reg [7:0]    sh_out, sh_in;
    reg [1:0]    miso_s;
    reg          ans_valid;          // one cycle: ans_byte is an answer byte
    reg [7:0]    ans_byte;

    always @(posedge link_clk) begin
        miso_s    <= {miso_s[0], spi_miso};
        ans_valid <= 1'b0;
        if (rx_valid) begin
            if (rx_byte == 8'hC0) begin             // END, even right after ESC
                esc      <= 1'b0;
                pend     <= 1'b1;
                pend_end <= 1'b1;
            end else if (esc) begin
                esc       <= 1'b0;
                pend      <= 1'b1;
                pend_end  <= 1'b0;
                pend_byte <= rx_byte == 8'hDC ? 8'hC0 : rx_byte == 8'hDD ? 8'hDB : rx_byte;
            end else if (rx_byte == 8'hDB) begin
                esc <= 1'b1;
            end else begin
                pend      <= 1'b1;
                pend_end  <= 1'b0;
                pend_byte <= rx_byte;
            end
        end
        if (rx_bad) esc <= 1'b0;                     // the escaped byte was lost

        if (pcnt != 0) pcnt <= pcnt - 1'b1;
        case (ph)
            P_IDLE: if (pend) begin
                pend <= 1'b0;
                if (pend_end) begin
                    if (!spi_cs_n) begin
                        spi_cs_n <= 1'b1;
                        ph       <= P_GAP;
                        pcnt     <= K_GAP;
                    end
                end else begin
                    sh_out <= pend_byte;
                    nbit   <= 3'd0;
                    if (spi_cs_n) begin
                        spi_cs_n <= 1'b0;
                        ph       <= P_SETUP;
                        pcnt     <= K_SETUP;
                    end else begin
                        ph   <= P_LOW;
                        pcnt <= K_HALF;
                    end
                    spi_mosi <= pend_byte[7];
                end
            end
            P_SETUP: if (pcnt == 0) begin
                ph   <= P_LOW;
                pcnt <= K_HALF;
            end
            P_LOW: begin
                spi_mosi <= sh_out[7];
                if (pcnt == 0) begin
                    spi_sclk <= 1'b1;                    // the slave samples MOSI
                    sh_in    <= {sh_in[6:0], miso_s[1]}; // and we MISO
                    ph       <= P_HIGH;
                    pcnt     <= K_HALF;
                end
            end
            P_HIGH: if (pcnt == 0) begin
                spi_sclk <= 1'b0;
                sh_out   <= {sh_out[6:0], 1'b0};
                nbit     <= nbit + 1'b1;
                if (nbit == 3'd7) begin
                    ans_valid <= 1'b1;
                    ans_byte  <= sh_in;
                    ph        <= P_IDLE;
                end else begin
                    ph   <= P_LOW;
                    pcnt <= K_HALF;
                end
            end
            default: if (pcnt == 0) ph <= P_IDLE;         // P_GAP: CS_n high long enough
        endcase
        if (link_rst) begin
            esc      <= 1'b0;
            pend     <= 1'b0;
            ph       <= P_IDLE;
            pcnt     <= {SW{1'b0}};
            spi_cs_n <= 1'b1;
            spi_sclk <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- transmitter
    reg [7:0]    q0, q1;             // answer bytes waiting, q0 first
    reg [1:0]    qn;
    reg          tx_busy;
    reg [CW-1:0] tx_cnt;
    reg [3:0]    tx_bit;
    reg [8:0]    tx_sh;              // {stop, data} after the start bit

    // The next byte may start in the last cycle of the stop bit: a byte then lasts exactly
    // 10 * CLKS_PER_BIT cycles, as long as a byte the host sends, so answers never fall
    // behind a host sending at the same rate (one extra cycle per byte would overflow the
    // 2-entry queue after 2 * 10 * CLKS_PER_BIT back-to-back bytes).
    wire tx_last = tx_busy && tx_cnt == 0 && tx_bit == 4'd9;
    wire tx_take = (!tx_busy || tx_last) && qn != 2'd0;

    always @(posedge link_clk) begin
        if (tx_take) begin
            tx_busy <= 1'b1;
            tx_sh   <= {1'b1, q0};
            uart_tx <= 1'b0;                             // start bit
            tx_cnt  <= K_BIT;
            tx_bit  <= 4'd0;
        end else if (tx_busy) begin
            if (tx_cnt != 0) begin
                tx_cnt <= tx_cnt - 1'b1;
            end else if (tx_bit == 4'd9) begin
                tx_busy <= 1'b0;                         // the stop bit has lasted
            end else begin
                uart_tx <= tx_sh[0];
                tx_sh   <= {1'b1, tx_sh[8:1]};
                tx_cnt  <= K_BIT;
                tx_bit  <= tx_bit + 1'b1;
            end
        end
        // The queue: push from the SPI engine, pop by the transmitter.
        case ({ans_valid, tx_take})
            2'b10: begin
                if (qn == 2'd0) q0 <= ans_byte;
                else q1 <= ans_byte;
                qn <= qn == 2'd2 ? qn : qn + 1'b1;
            end
            2'b01: begin
                q0 <= q1;
                qn <= qn - 1'b1;
            end
            2'b11: begin
                if (qn == 2'd1) q0 <= ans_byte;
                else begin
                    q0 <= q1;
                    q1 <= ans_byte;
                end
            end
            default: ;
        endcase
        if (link_rst) begin
            tx_busy <= 1'b0;
            uart_tx <= 1'b1;
            qn      <= 2'd0;
        end
    end
endmodule

`default_nettype wire
