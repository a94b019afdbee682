// SPDX-License-Identifier: MIT
//
// icebreaker_top: top module of the iCEBreaker board (iCE40UP5K-SG48). Pins: icebreaker.pcf.
//
// The 12 MHz oscillator (pin 35) feeds the PLL pad directly (SB_PLL40_PAD); the PLL makes
// the one clock of the design, f = 12 MHz * (PLL_DIVF + 1) / ((PLL_DIVR + 1) * 2^PLL_DIVQ)
// (iCE40 sysCLOCK PLL, Lattice TN1251). The defaults give 24 MHz (DIVR 0, DIVF 63,
// DIVQ 5: VCO 768 MHz, within 533-1066 MHz); the build flow sets the four parameters
// with yosys `chparam` from the achieved timing (`icepll -i 12 -o <MHz>` finds them).
// Until the PLL locks, and for a few cycles after, the shell is held in reset.
//
// The host link is the FT2232H channel A SPI, which reaches the FPGA on the configuration
// flash's wires: the FPGA listens as an SPI slave (SCK, SS_n, MOSI = flash IO0) and drives
// MISO (flash IO1) only while SS_n is low, so the flash and the FT2232H are never fought
// with. The host must keep the flash deselected or in deep power-down while it talks to
// the FPGA (docs/boards.md).
`default_nettype none

module icebreaker_top #(
    parameter [3:0] PLL_DIVR = 4'd0,
    parameter [6:0] PLL_DIVF = 7'd63,
    parameter [2:0] PLL_DIVQ = 3'd5,
    parameter [2:0] PLL_FILTER_RANGE = 3'd1
) (
    input  wire clk_12m,            // pin 35, 12 MHz oscillator
    input  wire spi_sck,            // pin 15, FLASH_SCK
    input  wire spi_ss_n,           // pin 16, FLASH_SSB
    input  wire spi_mosi,           // pin 14, FLASH_IO0 (FT2232H ADBUS1 -> flash DI)
    inout  wire spi_miso,           // pin 17, FLASH_IO1 (flash DO -> FT2232H ADBUS2)
    output wire led_green_n         // pin 37, LEDG_N: lit while a kernel runs
);
    wire clk;
    wire pll_lock;

    SB_PLL40_PAD #(
        .FEEDBACK_PATH("SIMPLE"),
        .DIVR(PLL_DIVR),
        .DIVF(PLL_DIVF),
        .DIVQ(PLL_DIVQ),
        .FILTER_RANGE(PLL_FILTER_RANGE)
    ) u_pll (
        .PACKAGEPIN(clk_12m),
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
        .USE_SPRAM(1),
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

    assign led_green_n = !busy;
endmodule

`default_nettype wire
