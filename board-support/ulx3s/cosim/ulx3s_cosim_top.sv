// SPDX-License-Identifier: MIT
//
// ulx3s_cosim_top: the ULX3S as the co-simulation runs it. The board's real shell
// (ulx3s_shell: ocl_uart_link, ocl_spi_link, shell_regs, the system, ocl_mem_arbiter,
// ocl_sdram_ctrl) with the SDRAM model (tests/rtl/sdram_model.svh: data, and every timing
// rule of the controller's datasheet table, each violation an $error that stops the model)
// on its SDRAM pins. The top replaces ulx3s_top only where a simulation has to: one clock
// (the PLLs' outputs are the oscillator in simulation anyway, ecp5_prims_sim.sv), the DQ
// pad split into its two directions (the model takes them apart), and the UART's bit time.
//
// The UART runs at CLKS_PER_BIT = 8 clocks per bit and the link's SPI side at SCLK_DIV = 8
// (the board: 25 and 24 of a 75 MHz link clock), so a byte costs 80 clocks instead of
// 250: the protocol's only conditions are ocl_uart_link's (an SPI byte, 8 SCLK_DIV clocks,
// shorter than a UART byte, 10 CLKS_PER_BIT) and ocl_spi_link's (SCLK at most clk / 4).
// One cycle stands for 12.5 ns (TCK_PS): the SDRAM model checks the controller's timing at
// the highest kernel clock it was synthesised for, CLK_MHZ = 80.
`default_nettype none

module ulx3s_cosim_top #(
    parameter integer CLKS_PER_BIT = 8,
    parameter integer SCLK_DIV = 8
) (
    input  wire clk,
    input  wire uart_rx,                // the FT231X's TXD
    output wire uart_tx,                // the FT231X's RXD
    output wire busy,
    output wire sdram_errors            // the model saw a timing violation
);
    reg [3:0] lock_cnt = 4'd0;          // the PLLs lock a few cycles after the start
    wire      lock = lock_cnt[3];
    always @(posedge clk) if (!lock) lock_cnt <= lock_cnt + 4'd1;

    wire        cke, cs_n, ras_n, cas_n, we_n, dq_oe, dq_o_oe;
    wire [1:0]  ba, dqm;
    wire [12:0] a;
    wire [15:0] dq_o, dq_from_sdram;

    ulx3s_shell #(
        .MEM_DW(64), .CLK_MHZ(80), .REFRESH_MHZ(40),
        .CLKS_PER_BIT(CLKS_PER_BIT), .SCLK_DIV(SCLK_DIV)
    ) u_shell (
        .clk(clk), .pll_lock(lock), .link_clk(clk), .link_pll_lock(lock),
        .uart_rx(uart_rx), .uart_tx(uart_tx),
        .sdram_cke(cke), .sdram_cs_n(cs_n), .sdram_ras_n(ras_n), .sdram_cas_n(cas_n),
        .sdram_we_n(we_n), .sdram_ba(ba), .sdram_a(a), .sdram_dqm(dqm),
        .sdram_dq_o(dq_o), .sdram_dq_oe(dq_oe), .sdram_dq_i(dq_from_sdram), .busy(busy)
    );

    longint n_errors;
    /* verilator lint_off UNUSEDSIGNAL */
    longint n_refresh, n_act;           // the model's statistics: its bench reads them
    wire unused = dq_o_oe;
    /* verilator lint_on UNUSEDSIGNAL */
    sdram_model #(.TCK_PS(12500), .NAME("ulx3s sdram")) u_sdram (
        .clk(clk), .cke(cke), .cs_n(cs_n), .ras_n(ras_n), .cas_n(cas_n), .we_n(we_n),
        .ba(ba), .a(a), .dqm(dqm), .dq_i(dq_o), .dq_i_oe(dq_oe), .dq_o(dq_from_sdram),
        .dq_o_oe(dq_o_oe), .n_refresh(n_refresh), .n_act(n_act), .n_errors(n_errors)
    );
    assign sdram_errors = n_errors != 0;
endmodule

`default_nettype wire
