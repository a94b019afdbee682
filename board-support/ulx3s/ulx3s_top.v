// SPDX-License-Identifier: MIT
//
// ulx3s_top: the pins of the ULX3S (ECP5 LFE5U-85F, CABGA381; ulx3s.lpf) around
// ulx3s_shell.
//   - Kernel clock: EHXPLLL from the 25 MHz oscillator (G2); the flow sets PLL_* from the
//     Fmax the routed design reaches (board-support/ecp5/flow/ecp5_pll.c): f = 25 MHz *
//     PLL_CLKFB_DIV / PLL_CLKI_DIV, VCO = f * PLL_CLKOP_DIV (400..800 MHz).
//   - Link clock: a second EHXPLLL at 75 MHz (25 * 3, VCO 600 MHz): 25 clocks per bit of
//     3 Mbaud, whatever the kernel clock.
//   - Both PLLs carry the loop-filter settings (charge-pump current, filter resistor) that
//     Project Trellis' `ecppll` writes for any frequency it generates (yowasp-ecppll 0.11,
//     `ecppll -i 25 -o 80`); without them nextpnr writes those fields of the PLL's
//     configuration as zeros, a setting no Lattice tool produces.
//   - SDRAM clock: the kernel clock, forwarded through an output DDR register (ODDRX1F, D0
//     = 1, D1 = 0) so that it leaves the pad with the same delay as the SDRAM's commands,
//     which come from flip-flops the flow packs into the I/O cells. The SDRAM samples the
//     command on the next rising edge; read data is sampled by the controller one CAS
//     latency later (ocl_sdram_ctrl, RD_EXTRA 0). docs/boards.md, "ULX3S", says what of
//     this has not been tried on a board.
//   - UART: ftdi_txd (M1) in, ftdi_rxd (L4) out; led[0] (B2) lit while a kernel runs,
//     led[1] (C2) while both PLLs are locked.
`default_nettype none

module ulx3s_top #(
    parameter integer PLL_CLKI_DIV = 5,     // 40 MHz until the flow sets these
    parameter integer PLL_CLKFB_DIV = 8,
    parameter integer PLL_CLKOP_DIV = 15,
    parameter integer PLL_CLKOP_CPHASE = 7,
    parameter integer CLK_MHZ = 80,         // the kernel clock's highest setting
    parameter integer REFRESH_MHZ = 40      // and its lowest
) (
    input  wire        clk_25mhz,
    input  wire        ftdi_txd,            // FT231X TXD -> FPGA
    output wire        ftdi_rxd,            // FPGA -> FT231X RXD
    output wire [1:0]  led,

    output wire        sdram_clk,
    output wire        sdram_cke,
    output wire        sdram_csn,
    output wire        sdram_rasn,
    output wire        sdram_casn,
    output wire        sdram_wen,
    output wire [1:0]  sdram_ba,
    output wire [12:0] sdram_a,
    output wire [1:0]  sdram_dqm,
    inout  wire [15:0] sdram_d
);
    wire clk, pll_lock, link_clk, link_lock;

    /* verilator lint_off PINCONNECTEMPTY */
    (* FREQUENCY_PIN_CLKI="25" *)
    (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"),
        .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(PLL_CLKI_DIV), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(PLL_CLKOP_DIV),
        .CLKOP_CPHASE(PLL_CLKOP_CPHASE), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"),
        .CLKFB_DIV(PLL_CLKFB_DIV)
    ) u_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_25mhz), .CLKOP(clk), .CLKFB(clk),
        .CLKINTFB(), .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1),
        .PHASESTEP(1'b1), .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0),
        .ENCLKOS(1'b0), .ENCLKOS2(1'b0), .ENCLKOS3(1'b0), .CLKOS(), .CLKOS2(), .CLKOS3(),
        .INTLOCK(), .REFCLK(), .LOCK(pll_lock)
    );

    (* FREQUENCY_PIN_CLKI="25" *)
    (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"),
        .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(1), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(8), .CLKOP_CPHASE(3),
        .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"), .CLKFB_DIV(3)
    ) u_link_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_25mhz), .CLKOP(link_clk), .CLKFB(link_clk),
        .CLKINTFB(), .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1),
        .PHASESTEP(1'b1), .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0),
        .ENCLKOS(1'b0), .ENCLKOS2(1'b0), .ENCLKOS3(1'b0), .CLKOS(), .CLKOS2(), .CLKOS3(),
        .INTLOCK(), .REFCLK(), .LOCK(link_lock)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    ODDRX1F u_sdram_clk (
        .D0(1'b1), .D1(1'b0), .SCLK(clk), .RST(1'b0), .Q(sdram_clk)
    );

    wire [15:0] dq_o;
    wire        dq_oe, busy;
    assign sdram_d = dq_oe ? dq_o : 16'bz;

    ulx3s_shell #(
        .MEM_DW(64),
        .CLK_MHZ(CLK_MHZ),
        .REFRESH_MHZ(REFRESH_MHZ)
    ) u_shell (
        .clk(clk), .pll_lock(pll_lock), .link_clk(link_clk), .link_pll_lock(link_lock),
        .uart_rx(ftdi_txd), .uart_tx(ftdi_rxd),
        .sdram_cke(sdram_cke), .sdram_cs_n(sdram_csn), .sdram_ras_n(sdram_rasn),
        .sdram_cas_n(sdram_casn), .sdram_we_n(sdram_wen), .sdram_ba(sdram_ba),
        .sdram_a(sdram_a), .sdram_dqm(sdram_dqm), .sdram_dq_o(dq_o), .sdram_dq_oe(dq_oe),
        .sdram_dq_i(sdram_d), .busy(busy)
    );

    assign led = {link_lock & pll_lock, busy};
endmodule

`default_nettype wire
