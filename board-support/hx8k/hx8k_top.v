// SPDX-License-Identifier: MIT
//
// hx8k_top: top module of the iCE40-HX8K Breakout Board (iCE40HX8K-CT256). Pins: hx8k.pcf.
//
// The 12 MHz oscillator (ball J3) reaches the fabric through its input pad and feeds an
// SB_PLL40_CORE; the PLL makes the one clock of the design,
// f = 12 MHz * (PLL_DIVF + 1) / ((PLL_DIVR + 1) * 2^PLL_DIVQ) (Lattice TN1251). The
// defaults give 36 MHz (DIVR 0, DIVF 47, DIVQ 4: VCO 576 MHz, within 533-1066 MHz); the
// build flow sets the four parameters with yosys `chparam` from the achieved timing.
// Until the PLL locks, and for a few cycles after, the shell is held in reset.
//
// The HX8K has no SPRAM: global memory is block RAM (ice40_ebr_mem, 8 KiB of 64-bit lines
// in 16 of the 32 SB_RAM40_4K). The host link is the FT2232H channel A SPI on the
// configuration wires, as on the iCEBreaker (ice40_shell; docs/boards.md).
`default_nettype none

module hx8k_top #(
    parameter [3:0] PLL_DIVR = 4'd0,
    parameter [6:0] PLL_DIVF = 7'd47,
    parameter [2:0] PLL_DIVQ = 3'd4,
    parameter [2:0] PLL_FILTER_RANGE = 3'd1
) (
    input  wire clk_12m,            // J3, 12 MHz oscillator
    input  wire spi_sck,            // R11, SPI_SCK
    input  wire spi_ss_n,           // R12, SPI_SS_B
    input  wire spi_mosi,           // P12, SPI_SO of the FPGA as master = flash SDI
    inout  wire spi_miso,           // P11, SPI_SI of the FPGA as master = flash SDO
    output wire led_busy            // C3, LED D2: lit while a kernel runs
);
    wire clk;
    wire pll_lock;

    SB_PLL40_CORE #(
        .FEEDBACK_PATH("SIMPLE"),
        .DIVR(PLL_DIVR),
        .DIVF(PLL_DIVF),
        .DIVQ(PLL_DIVQ),
        .FILTER_RANGE(PLL_FILTER_RANGE)
    ) u_pll (
        .REFERENCECLK(clk_12m),
        .PLLOUTGLOBAL(clk),
        .LOCK(pll_lock),
        .BYPASS(1'b0),
        .RESETB(1'b1),
        // Unused PLL outputs and dynamic-configuration inputs.
        /* verilator lint_off PINCONNECTEMPTY */
        .PLLOUTCORE(),
        .SDO(),
        /* verilator lint_on PINCONNECTEMPTY */
        .EXTFEEDBACK(1'b0),
        .DYNAMICDELAY(8'd0),
        .LATCHINPUTVALUE(1'b0),
        .SDI(1'b0),
        .SCLK(1'b0)
    );

    wire miso, miso_oe, busy;

    ice40_shell #(
        .MEM_DW(64),
        .USE_SPRAM(0),
        .MEM_BYTES(8192),
        .MEM_LATENCY(1)
    ) u_shell (
        .clk(clk),
        .pll_lock(pll_lock),
        .spi_sclk(spi_sck),
        .spi_cs_n(spi_ss_n),
        .spi_mosi(spi_mosi),
        .spi_miso(miso),
        .spi_miso_oe(miso_oe),
        .busy(busy)
    );

    // MISO pad: plain tristate output (PIN_TYPE 1010_01: output with enable, no registers;
    // simple input, unused).
    SB_IO #(
        .PIN_TYPE(6'b1010_01),
        .PULLUP(1'b0)
    ) u_miso_pad (
        .PACKAGE_PIN(spi_miso),
        .OUTPUT_ENABLE(miso_oe),
        .D_OUT_0(miso),
        .D_OUT_1(1'b0),
        .CLOCK_ENABLE(1'b1),
        .INPUT_CLK(1'b0),
        .OUTPUT_CLK(1'b0),
        .LATCH_INPUT_VALUE(1'b0),
        /* verilator lint_off PINCONNECTEMPTY */
        .D_IN_0(),
        .D_IN_1()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    assign led_busy = busy;
endmodule

`default_nettype wire
