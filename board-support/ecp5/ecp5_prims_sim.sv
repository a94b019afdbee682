// SPDX-License-Identifier: MIT
//
// Simulation models of the ECP5 primitives the ULX3S top uses, for Verilator (lint and
// co-simulation): enough behaviour for the shell, none of the silicon's analogue timing.
//   EHXPLLL  CLKOP follows CLKI (a co-simulation runs every clock at the rate it steps it);
//            LOCK rises LOCK_CYCLES CLKI cycles after the start.
//   ODDRX1F  Q = D0 in the first half of SCLK's cycle, D1 in the second: with D0 = 1, D1 = 0
//            it forwards the clock.
// Their ports and parameters are those of the vendor's library that yosys' cells_bb.v
// declares, so the same top reads in synthesis and here.
`default_nettype none

/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
    parameter CLKI_DIV = 1, parameter CLKFB_DIV = 1, parameter CLKOP_DIV = 8,
    parameter CLKOS_DIV = 8, parameter CLKOS2_DIV = 8, parameter CLKOS3_DIV = 8,
    parameter CLKOP_ENABLE = "ENABLED", parameter CLKOS_ENABLE = "DISABLED",
    parameter CLKOS2_ENABLE = "DISABLED", parameter CLKOS3_ENABLE = "DISABLED",
    parameter CLKOP_CPHASE = 0, parameter CLKOS_CPHASE = 0, parameter CLKOS2_CPHASE = 0,
    parameter CLKOS3_CPHASE = 0, parameter CLKOP_FPHASE = 0, parameter CLKOS_FPHASE = 0,
    parameter CLKOS2_FPHASE = 0, parameter CLKOS3_FPHASE = 0, parameter FEEDBK_PATH = "CLKOP",
    parameter CLKOP_TRIM_POL = "RISING", parameter CLKOP_TRIM_DELAY = 0,
    parameter CLKOS_TRIM_POL = "RISING", parameter CLKOS_TRIM_DELAY = 0,
    parameter OUTDIVIDER_MUXA = "DIVA", parameter OUTDIVIDER_MUXB = "DIVB",
    parameter OUTDIVIDER_MUXC = "DIVC", parameter OUTDIVIDER_MUXD = "DIVD",
    parameter PLL_LOCK_MODE = 0, parameter PLL_LOCK_DELAY = 200,
    parameter STDBY_ENABLE = "DISABLED", parameter REFIN_RESET = "DISABLED",
    parameter SYNC_ENABLE = "DISABLED", parameter INT_LOCK_STICKY = "ENABLED",
    parameter DPHASE_SOURCE = "DISABLED", parameter PLLRST_ENA = "DISABLED",
    parameter INTFB_WAKE = "DISABLED", parameter integer LOCK_CYCLES = 8
) (
    input  wire CLKI, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
    input  wire STDBY, PLLWAKESYNC, RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
    output wire CLKOP, CLKOS, CLKOS2, CLKOS3, LOCK, INTLOCK, REFCLK, CLKINTFB
);
    integer n = 0;
    always @(posedge CLKI) if (n < LOCK_CYCLES) n <= n + 1;
    assign CLKOP = CLKI;
    assign CLKOS = CLKI;
    assign CLKOS2 = CLKI;
    assign CLKOS3 = CLKI;
    assign LOCK = n >= LOCK_CYCLES;
    assign INTLOCK = LOCK;
    assign REFCLK = CLKI;
    assign CLKINTFB = CLKI;
endmodule

module ODDRX1F (
    input  wire SCLK, RST, D0, D1,
    output wire Q
);
    assign Q = SCLK ? D0 : D1;
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
