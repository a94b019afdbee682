// SPDX-License-Identifier: MIT
//
// ulx3s_shell: the shell of the ULX3S (ECP5 LFE5U-85F, 32 MB SDRAM, FT231X USB UART). The
// board's top (ulx3s_top.v) owns the pins and the PLLs and instantiates this with the
// kernel clock, the link clock and the pins' signals.
//
//   UART (link_clk) -> ocl_uart_link -> SPI wires -> ocl_spi_link (clk, host link)
//                 |- CSR master -> shell_regs -> oclhls_system
//                 '- memory master -> ocl_mem_slice ----.
//   oclhls_system memory master -> ocl_mem_slice ------+-> ocl_mem_arbiter -> ocl_sdram_ctrl
//
// The host link's frames are the iCE40 boards' (docs/host-link-protocol.md), carried over
// the UART by ocl_uart_link ("UART framing"); its SPI side is asynchronous to clk, as the
// iCE40 boards' SPI pins are, so the kernel clock may be anything from 4 * link_clk /
// SCLK_DIV up. The SDRAM controller runs in the kernel clock; CLK_MHZ and REFRESH_MHZ are
// the highest and lowest kernel clock the flow may choose (ocl_sdram_ctrl.v). Reads in
// flight: the controller holds one request and has at most 3 reads in its pipeline, so an
// 8-entry tag queue in the arbiter never limits them.
// Reset: ice40_reset_sync (plain Verilog, no iCE40 cells) holds rst until the kernel PLL
// has been locked for RESET_HOLD cycles; link_rst likewise from the link PLL.
// The POLL word of the host link is {30'b0, sdram_ready, busy}.
`default_nettype none

module ulx3s_shell #(
    parameter integer MEM_DW = 64,          // global-memory line width (board mem_width_bits)
    parameter integer CLK_MHZ = 80,         // the kernel clock's highest setting
    parameter integer REFRESH_MHZ = 40,     // and its lowest
    parameter integer CLKS_PER_BIT = 25,    // link_clk / baud (75 MHz / 3 Mbaud)
    parameter integer SCLK_DIV = 24,        // link_clk / SCLK of the link's SPI side
    parameter integer RESET_HOLD = 16
) (
    input  wire        clk,
    input  wire        pll_lock,
    input  wire        link_clk,
    input  wire        link_pll_lock,

    input  wire        uart_rx,             // from the FT231X's TXD
    output wire        uart_tx,             // to the FT231X's RXD

    output wire        sdram_cke,
    output wire        sdram_cs_n,
    output wire        sdram_ras_n,
    output wire        sdram_cas_n,
    output wire        sdram_we_n,
    output wire [1:0]  sdram_ba,
    output wire [12:0] sdram_a,
    output wire [1:0]  sdram_dqm,
    output wire [15:0] sdram_dq_o,
    output wire        sdram_dq_oe,
    input  wire [15:0] sdram_dq_i,

    output wire        busy                 // a kernel is running (an LED)
);
    localparam integer SW = MEM_DW / 8;

    wire rst, link_rst;
    ice40_reset_sync #(.HOLD_CYCLES(RESET_HOLD)) u_reset (
        .clk(clk), .pll_lock(pll_lock), .rst(rst)
    );
    ice40_reset_sync #(.HOLD_CYCLES(RESET_HOLD)) u_link_reset (
        .clk(link_clk), .pll_lock(link_pll_lock), .rst(link_rst)
    );

    // ---------------------------------------------------------------- host link
    wire spi_sclk, spi_cs_n, spi_mosi, spi_miso;
    /* verilator lint_off PINCONNECTEMPTY */
    ocl_uart_link #(
        .CLKS_PER_BIT(CLKS_PER_BIT),
        .SCLK_DIV(SCLK_DIV)
    ) u_uart (
        .link_clk(link_clk), .link_rst(link_rst),
        .uart_rx(uart_rx), .uart_tx(uart_tx),
        .spi_sclk(spi_sclk), .spi_cs_n(spi_cs_n), .spi_mosi(spi_mosi), .spi_miso(spi_miso)
    );

    wire              link_csr_wr, link_csr_rd;
    wire [31:0]       link_csr_addr, link_csr_wdata, link_csr_rdata;
    wire              link_csr_rvalid;
    wire              link_req_valid, link_req_ready, link_req_we;
    wire [31:0]       link_req_addr;
    wire [MEM_DW-1:0] link_req_wdata;
    wire [SW-1:0]     link_req_wstrb;
    wire              link_rsp_valid;
    wire [MEM_DW-1:0] link_rsp_data;
    wire [MEM_DW-1:0] rsp_data;
    wire              sdram_ready;

    ocl_spi_link #(
        .MEM_DW(MEM_DW)
    ) u_link (
        .clk(clk), .rst(rst),
        .spi_sclk(spi_sclk), .spi_cs_n(spi_cs_n), .spi_mosi(spi_mosi),
        .spi_miso(spi_miso), .spi_miso_oe(),
        .csr_wr(link_csr_wr), .csr_rd(link_csr_rd), .csr_addr(link_csr_addr),
        .csr_wdata(link_csr_wdata), .csr_rdata(link_csr_rdata), .csr_rvalid(link_csr_rvalid),
        .mem_req_valid(link_req_valid), .mem_req_ready(link_req_ready),
        .mem_req_we(link_req_we), .mem_req_addr(link_req_addr),
        .mem_req_wdata(link_req_wdata), .mem_req_wstrb(link_req_wstrb),
        .mem_rsp_valid(link_rsp_valid), .mem_rsp_data(link_rsp_data),
        .poll_status({30'd0, sdram_ready, busy})
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ---------------------------------------------------------------- registers, system
    wire        sys_csr_wr, sys_csr_rd;
    wire [15:0] sys_csr_addr;
    wire [31:0] sys_csr_wdata, sys_csr_rdata;
    wire        sys_busy;

    shell_regs #(
        .VERSION(32'd1),
        .CYCLE_COUNTER(1)
    ) u_regs (
        .clk(clk), .rst(rst),
        .csr_wr(link_csr_wr), .csr_rd(link_csr_rd), .csr_addr(link_csr_addr),
        .csr_wdata(link_csr_wdata), .csr_rdata(link_csr_rdata), .csr_rvalid(link_csr_rvalid),
        .sys_csr_wr(sys_csr_wr), .sys_csr_rd(sys_csr_rd), .sys_csr_addr(sys_csr_addr),
        .sys_csr_wdata(sys_csr_wdata), .sys_csr_rdata(sys_csr_rdata), .sys_busy(sys_busy)
    );

    wire              sys_req_valid, sys_req_ready, sys_req_we;
    wire [31:0]       sys_req_addr;
    wire [MEM_DW-1:0] sys_req_wdata;
    wire [SW-1:0]     sys_req_wstrb;
    wire              sys_rsp_valid;
    wire [MEM_DW-1:0] sys_rsp_data;

    oclhls_system #(
        .MEM_DW(MEM_DW)
    ) u_system (
        .clk(clk), .rst(rst),
        .csr_wr(sys_csr_wr), .csr_rd(sys_csr_rd), .csr_addr(sys_csr_addr),
        .csr_wdata(sys_csr_wdata), .csr_rdata(sys_csr_rdata), .busy(sys_busy),
        .mem_req_valid(sys_req_valid), .mem_req_ready(sys_req_ready), .mem_req_we(sys_req_we),
        .mem_req_addr(sys_req_addr), .mem_req_wdata(sys_req_wdata),
        .mem_req_wstrb(sys_req_wstrb), .mem_rsp_valid(sys_rsp_valid),
        .mem_rsp_data(sys_rsp_data)
    );

    assign busy = sys_busy;

    // ---------------------------------------------------------------- global memory
    wire              mem_req_valid, mem_req_ready, mem_req_we;
    wire [31:0]       mem_req_addr;
    wire [MEM_DW-1:0] mem_req_wdata;
    wire [SW-1:0]     mem_req_wstrb;
    wire              mem_rsp_valid;
    wire [MEM_DW-1:0] mem_rsp_data;

    // A register slice on the system's requests (ocl_mem_slice, as the iCE40 shell's
    // SYS_SLICE): without it a load unit's request FIFO, the kernel's and this arbiter's
    // grants and the SDRAM controller's check of a read against its queued writes were one
    // combinational path, the ULX3S examples' critical path (about 14 ns: 71 MHz for
    // vector_add, docs/performance.md). The system's reads come back a cycle later, which the
    // compiler's load latency (mem_latency_cycles + 6) covers. The host link's requests pass
    // a slice of their own: its engine's state, this arbiter and the controller's check were
    // matmul's critical path once the kernel's were cut (12.4 ns); the link waits for its
    // answers, so the cycle more costs it nothing else.
    wire              slice_req_valid, slice_req_ready, slice_req_we;
    wire [31:0]       slice_req_addr;
    wire [MEM_DW-1:0] slice_req_wdata;
    wire [SW-1:0]     slice_req_wstrb;
    wire              slice_rsp_valid;

    ocl_mem_slice #(
        .MEM_DW(MEM_DW),
        .AW(32),
        .RSP_REG(0)
    ) u_sys_slice (
        .clk(clk), .rst(rst),
        .m_req_valid(sys_req_valid), .m_req_ready(sys_req_ready), .m_req_we(sys_req_we),
        .m_req_addr(sys_req_addr), .m_req_wdata(sys_req_wdata), .m_req_wstrb(sys_req_wstrb),
        .m_rsp_valid(sys_rsp_valid), .m_rsp_data(sys_rsp_data),
        .mem_req_valid(slice_req_valid), .mem_req_ready(slice_req_ready),
        .mem_req_we(slice_req_we), .mem_req_addr(slice_req_addr),
        .mem_req_wdata(slice_req_wdata), .mem_req_wstrb(slice_req_wstrb),
        .mem_rsp_valid(slice_rsp_valid), .mem_rsp_data(rsp_data)
    );

    wire              lslice_req_valid, lslice_req_ready, lslice_req_we;
    wire [31:0]       lslice_req_addr;
    wire [MEM_DW-1:0] lslice_req_wdata;
    wire [SW-1:0]     lslice_req_wstrb;
    wire              lslice_rsp_valid;

    ocl_mem_slice #(
        .MEM_DW(MEM_DW),
        .AW(32),
        .RSP_REG(0)
    ) u_link_slice (
        .clk(clk), .rst(rst),
        .m_req_valid(link_req_valid), .m_req_ready(link_req_ready), .m_req_we(link_req_we),
        .m_req_addr(link_req_addr), .m_req_wdata(link_req_wdata),
        .m_req_wstrb(link_req_wstrb), .m_rsp_valid(link_rsp_valid), .m_rsp_data(link_rsp_data),
        .mem_req_valid(lslice_req_valid), .mem_req_ready(lslice_req_ready),
        .mem_req_we(lslice_req_we), .mem_req_addr(lslice_req_addr),
        .mem_req_wdata(lslice_req_wdata), .mem_req_wstrb(lslice_req_wstrb),
        .mem_rsp_valid(lslice_rsp_valid), .mem_rsp_data(rsp_data)
    );

    // Master 0: host link, master 1: system (each through its slice).
    ocl_mem_arbiter #(
        .N(2),
        .MEM_DW(MEM_DW),
        .AW(32),
        .TAGQ_DEPTH(8)
    ) u_arbiter (
        .clk(clk), .rst(rst),
        .m_req_valid({slice_req_valid, lslice_req_valid}),
        .m_req_ready({slice_req_ready, lslice_req_ready}),
        .m_req_we({slice_req_we, lslice_req_we}),
        .m_req_addr({slice_req_addr, lslice_req_addr}),
        .m_req_wdata({slice_req_wdata, lslice_req_wdata}),
        .m_req_wstrb({slice_req_wstrb, lslice_req_wstrb}),
        .m_rsp_valid({slice_rsp_valid, lslice_rsp_valid}),
        .m_rsp_data(rsp_data),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_we(mem_req_we), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_rsp_valid(mem_rsp_valid), .mem_rsp_data(mem_rsp_data)
    );

    ocl_sdram_ctrl #(
        .MEM_DW(MEM_DW),
        .CLK_MHZ(CLK_MHZ),
        .REFRESH_MHZ(REFRESH_MHZ)
    ) u_sdram (
        .clk(clk), .rst(rst),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data),
        .sdram_cke(sdram_cke), .sdram_cs_n(sdram_cs_n), .sdram_ras_n(sdram_ras_n),
        .sdram_cas_n(sdram_cas_n), .sdram_we_n(sdram_we_n), .sdram_ba(sdram_ba),
        .sdram_a(sdram_a), .sdram_dqm(sdram_dqm), .sdram_dq_o(sdram_dq_o),
        .sdram_dq_oe(sdram_dq_oe), .sdram_dq_i(sdram_dq_i), .init_done(sdram_ready)
    );
endmodule

`default_nettype wire
