// SPDX-License-Identifier: MIT
//
// Behavioural models of the iCE40 primitives the board tops use, for Verilator: the bench
// tests/rtl/tb_ice40_shell.sv and the iCEBreaker's co-simulation (board-support/icebreaker/
// cosim): SB_PLL40_PAD, SB_PLL40_CORE and SB_IO (the tristate-output
// mode of the MISO pad). The yosys library (/usr/share/yosys/ice40/cells_sim.v) has no
// behaviour for the PLLs (blackboxes) and its SB_IO does not go through Verilator as a
// non-top module with constant clock enables, so these stand in; SB_SPRAM256KA still comes
// from cells_sim.v (read with -v, -DNO_ICE40_DEFAULT_ASSIGNMENTS; -Wno-MODDUP because
// cells_sim.v declares SB_IO and the PLLs too: these declarations come first and win).
//
// The PLL models pass the reference clock through (the bench runs in clock cycles, the
// frequency does not matter), raise LOCK after LOCK_CYCLES reference edges, and check the
// divider settings against the iCE40 sysCLOCK PLL limits for a 12 MHz reference
// (Lattice TN1251): PFD 10-133 MHz, VCO 533-1066 MHz, output 16-275 MHz.
`default_nettype none

/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */

module ice40_pll_model #(
    parameter [3:0] DIVR = 4'd0,
    parameter [6:0] DIVF = 7'd0,
    parameter [2:0] DIVQ = 3'd0,
    parameter [2:0] FILTER_RANGE = 3'd0,
    parameter integer LOCK_CYCLES = 10
) (
    input  wire ref_clk,
    input  wire resetb,
    output wire out_clk,
    output reg  lock
);
    localparam real F_REF = 12.0;
    localparam real F_PFD = F_REF / (DIVR + 1);
    localparam real F_VCO = F_PFD * (DIVF + 1);
    localparam real F_OUT = F_VCO / (2.0 ** DIVQ);

    initial begin
        lock = 1'b0;
        if (F_PFD < 10.0 || F_PFD > 133.0) $error("PLL: PFD %f MHz out of 10-133", F_PFD);
        if (F_VCO < 533.0 || F_VCO > 1066.0) $error("PLL: VCO %f MHz out of 533-1066", F_VCO);
        if (F_OUT < 16.0 || F_OUT > 275.0) $error("PLL: output %f MHz out of 16-275", F_OUT);
        if (DIVQ == 3'd0 || FILTER_RANGE == 3'd0) $error("PLL: DIVQ and FILTER_RANGE >= 1");
    end

    integer edges = 0;
    always @(posedge ref_clk) begin
        if (!resetb) begin
            edges <= 0;
            lock  <= 1'b0;
        end else if (edges < LOCK_CYCLES) begin
            edges <= edges + 1;
        end else begin
            lock <= 1'b1;
        end
    end
    assign out_clk = ref_clk;
endmodule

module SB_PLL40_PAD #(
    parameter FEEDBACK_PATH = "SIMPLE",
    parameter [3:0] DIVR = 4'd0,
    parameter [6:0] DIVF = 7'd0,
    parameter [2:0] DIVQ = 3'd0,
    parameter [2:0] FILTER_RANGE = 3'd0
) (
    input  wire       PACKAGEPIN,
    output wire       PLLOUTCORE,
    output wire       PLLOUTGLOBAL,
    input  wire       EXTFEEDBACK,
    input  wire [7:0] DYNAMICDELAY,
    output wire       LOCK,
    input  wire       BYPASS,
    input  wire       RESETB,
    input  wire       LATCHINPUTVALUE,
    output wire       SDO,
    input  wire       SDI,
    input  wire       SCLK
);
    ice40_pll_model #(.DIVR(DIVR), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(FILTER_RANGE))
        u_model (.ref_clk(PACKAGEPIN), .resetb(RESETB), .out_clk(PLLOUTGLOBAL), .lock(LOCK));
    assign PLLOUTCORE = PLLOUTGLOBAL;
    assign SDO = 1'b0;
endmodule

module SB_PLL40_CORE #(
    parameter FEEDBACK_PATH = "SIMPLE",
    parameter [3:0] DIVR = 4'd0,
    parameter [6:0] DIVF = 7'd0,
    parameter [2:0] DIVQ = 3'd0,
    parameter [2:0] FILTER_RANGE = 3'd0
) (
    input  wire       REFERENCECLK,
    output wire       PLLOUTCORE,
    output wire       PLLOUTGLOBAL,
    input  wire       EXTFEEDBACK,
    input  wire [7:0] DYNAMICDELAY,
    output wire       LOCK,
    input  wire       BYPASS,
    input  wire       RESETB,
    input  wire       LATCHINPUTVALUE,
    output wire       SDO,
    input  wire       SDI,
    input  wire       SCLK
);
    ice40_pll_model #(.DIVR(DIVR), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(FILTER_RANGE))
        u_model (.ref_clk(REFERENCECLK), .resetb(RESETB), .out_clk(PLLOUTGLOBAL), .lock(LOCK));
    assign PLLOUTCORE = PLLOUTGLOBAL;
    assign SDO = 1'b0;
endmodule

// SB_IO in the one mode the tops use: PIN_TYPE 1010_01, a combinational output with enable.
module SB_IO #(
    parameter [5:0] PIN_TYPE = 6'b000000,
    parameter [0:0] PULLUP = 1'b0
) (
    inout  wire PACKAGE_PIN,
    input  wire LATCH_INPUT_VALUE,
    input  wire CLOCK_ENABLE,
    input  wire INPUT_CLK,
    input  wire OUTPUT_CLK,
    input  wire OUTPUT_ENABLE,
    input  wire D_OUT_0,
    input  wire D_OUT_1,
    output wire D_IN_0,
    output wire D_IN_1
);
    initial if (PIN_TYPE != 6'b1010_01) $error("SB_IO model: PIN_TYPE %b not modelled", PIN_TYPE);
    assign PACKAGE_PIN = OUTPUT_ENABLE ? D_OUT_0 : 1'bz;
    assign D_IN_0 = PACKAGE_PIN;
    assign D_IN_1 = PACKAGE_PIN;
endmodule

/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
