// SPDX-License-Identifier: MIT
//
// ice40_shell: the shell shared by the iCE40 boards (iCEBreaker, HX8K breakout). The
// board's top module (board-support/<board>/<board>_top.v) owns the pins and the PLL and
// instantiates this with its clock, the PLL lock and the SPI pins.
//
//   SPI pins -> ocl_spi_link (host link, docs/host-link-protocol.md)
//                 |- CSR master -> shell_regs (shell registers, CSR routing) -> oclhls_system
//                 '- memory master ---------------------.
//   oclhls_system memory master -> [ocl_mem_slice] -----+-> ocl_mem_arbiter (round robin)
//                                                             -> global memory
//
// The global memory is chosen by USE_SPRAM: 1 = ice40_spram_mem (UP5K: 128 KiB in the
// four SPRAM blocks, MEM_DW must be 64), 0 = ice40_ebr_mem (block RAM, MEM_BYTES bytes).
// Both memories are always ready and answer reads after MEM_LATENCY cycles; the arbiter
// routes each response to the master that asked, in request order per master.
//
// SYS_SLICE = 1 puts a register slice (ocl_mem_slice) on the system's requests: it cuts
// the combinational path from the kernels' arbiter grant through the shell's arbiter into
// the memory (the UP5K's critical path without it). Off by default: on the UP5K at 80 %
// fill it cost about 257 logic cells and moved Fmax by less than nextpnr's seed-to-seed
// spread (docs/performance.md); it is there for when that path limits again. With it, the
// system sees reads answered MEM_LATENCY + 1 cycles after they leave it. The board's
// mem_latency_cycles stays the memory's latency (the host link, which does not pass through
// the slice, times its reads by it): the compiler's load latency, mem_latency_cycles + 6
// (hls/schedule/schedule.c), already covers the extra cycle (a load's round trip is then 4 cycles).
// The POLL word of the host link is {31'b0, busy}.
//
// Reset: ice40_reset_sync holds rst from configuration until the PLL has been locked for
// RESET_HOLD cycles (and again if lock is lost); the whole shell and the system use it.
`default_nettype none

module ice40_shell #(
    parameter integer MEM_DW = 64,          // global-memory line width (board mem_width_bits)
    parameter integer USE_SPRAM = 1,        // 1: SPRAM memory (UP5K), 0: block RAM memory
    parameter integer MEM_BYTES = 8192,     // size of the block RAM memory
    parameter integer MEM_LATENCY = 1,      // read latency of the memory: 1 or 2
    parameter integer RESET_HOLD = 16,      // clk cycles of reset after the PLL locks
    parameter integer SYS_SLICE = 0         // 1: register slice on the system's requests
) (
    input  wire clk,
    input  wire pll_lock,

    // SPI slave pins (asynchronous to clk; SCLK at most clk / 4).
    input  wire spi_sclk,
    input  wire spi_cs_n,
    input  wire spi_mosi,
    output wire spi_miso,
    output wire spi_miso_oe,                // to the output enable of the MISO pad

    output wire busy                        // a kernel is running (e.g. for an LED)
);
    localparam integer SW = MEM_DW / 8;

    wire rst;
    ice40_reset_sync #(
        .HOLD_CYCLES(RESET_HOLD)
    ) u_reset (
        .clk(clk),
        .pll_lock(pll_lock),
        .rst(rst)
    );

    // ---------------------------------------------------------------- host link
    wire              link_csr_wr, link_csr_rd;
    wire [31:0]       link_csr_addr, link_csr_wdata, link_csr_rdata;
    wire              link_csr_rvalid;
    wire              link_req_valid, link_req_ready, link_req_we;
    wire [31:0]       link_req_addr;
    wire [MEM_DW-1:0] link_req_wdata;
    wire [SW-1:0]     link_req_wstrb;
    wire              link_rsp_valid;

    // Shared by both masters: the arbiter's response data.
    wire [MEM_DW-1:0] rsp_data;

    ocl_spi_link #(
        .MEM_DW(MEM_DW)
    ) u_link (
        .clk(clk),
        .rst(rst),
        .spi_sclk(spi_sclk),
        .spi_cs_n(spi_cs_n),
        .spi_mosi(spi_mosi),
        .spi_miso(spi_miso),
        .spi_miso_oe(spi_miso_oe),
        .csr_wr(link_csr_wr),
        .csr_rd(link_csr_rd),
        .csr_addr(link_csr_addr),
        .csr_wdata(link_csr_wdata),
        .csr_rdata(link_csr_rdata),
        .csr_rvalid(link_csr_rvalid),
        .mem_req_valid(link_req_valid),
        .mem_req_ready(link_req_ready),
        .mem_req_we(link_req_we),
        .mem_req_addr(link_req_addr),
        .mem_req_wdata(link_req_wdata),
        .mem_req_wstrb(link_req_wstrb),
        .mem_rsp_valid(link_rsp_valid),
        .mem_rsp_data(rsp_data),
        .poll_status({31'd0, busy})
    );

    // ---------------------------------------------------------------- registers, system
    wire        sys_csr_wr, sys_csr_rd;
    wire [15:0] sys_csr_addr;
    wire [31:0] sys_csr_wdata, sys_csr_rdata;
    wire        sys_busy;

    shell_regs #(
        .VERSION(32'd1),
        .CYCLE_COUNTER(0)  // nothing reads it; it would cost about 200 logic cells
    ) u_regs (
        .clk(clk),
        .rst(rst),
        .csr_wr(link_csr_wr),
        .csr_rd(link_csr_rd),
        .csr_addr(link_csr_addr),
        .csr_wdata(link_csr_wdata),
        .csr_rdata(link_csr_rdata),
        .csr_rvalid(link_csr_rvalid),
        .sys_csr_wr(sys_csr_wr),
        .sys_csr_rd(sys_csr_rd),
        .sys_csr_addr(sys_csr_addr),
        .sys_csr_wdata(sys_csr_wdata),
        .sys_csr_rdata(sys_csr_rdata),
        .sys_busy(sys_busy)
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
        .clk(clk),
        .rst(rst),
        .csr_wr(sys_csr_wr),
        .csr_rd(sys_csr_rd),
        .csr_addr(sys_csr_addr),
        .csr_wdata(sys_csr_wdata),
        .csr_rdata(sys_csr_rdata),
        .busy(sys_busy),
        .mem_req_valid(sys_req_valid),
        .mem_req_ready(sys_req_ready),
        .mem_req_we(sys_req_we),
        .mem_req_addr(sys_req_addr),
        .mem_req_wdata(sys_req_wdata),
        .mem_req_wstrb(sys_req_wstrb),
        .mem_rsp_valid(sys_rsp_valid),
        .mem_rsp_data(sys_rsp_data)
    );

    assign busy = sys_busy;

    // ---------------------------------------------------------------- register slice
    wire              slice_req_valid, slice_req_ready, slice_req_we;
    wire [31:0]       slice_req_addr;
    wire [MEM_DW-1:0] slice_req_wdata;
    wire [SW-1:0]     slice_req_wstrb;
    wire              slice_rsp_valid;

    generate
        if (SYS_SLICE != 0) begin : g_slice
            ocl_mem_slice #(
                .MEM_DW(MEM_DW),
                .AW(32),
                .RSP_REG(0)
            ) u_sys_slice (
                .clk(clk),
                .rst(rst),
                .m_req_valid(sys_req_valid),
                .m_req_ready(sys_req_ready),
                .m_req_we(sys_req_we),
                .m_req_addr(sys_req_addr),
                .m_req_wdata(sys_req_wdata),
                .m_req_wstrb(sys_req_wstrb),
                .m_rsp_valid(sys_rsp_valid),
                .m_rsp_data(sys_rsp_data),
                .mem_req_valid(slice_req_valid),
                .mem_req_ready(slice_req_ready),
                .mem_req_we(slice_req_we),
                .mem_req_addr(slice_req_addr),
                .mem_req_wdata(slice_req_wdata),
                .mem_req_wstrb(slice_req_wstrb),
                .mem_rsp_valid(slice_rsp_valid),
                .mem_rsp_data(rsp_data)
            );
        end else begin : g_no_slice
            assign slice_req_valid = sys_req_valid;
            assign sys_req_ready   = slice_req_ready;
            assign slice_req_we    = sys_req_we;
            assign slice_req_addr  = sys_req_addr;
            assign slice_req_wdata = sys_req_wdata;
            assign slice_req_wstrb = sys_req_wstrb;
            assign sys_rsp_valid   = slice_rsp_valid;
            assign sys_rsp_data    = rsp_data;
        end
    endgenerate

    // ---------------------------------------------------------------- global memory
    wire              mem_req_valid, mem_req_ready, mem_req_we;
    wire [31:0]       mem_req_addr;
    wire [MEM_DW-1:0] mem_req_wdata;
    wire [SW-1:0]     mem_req_wstrb;
    wire              mem_rsp_valid;
    wire [MEM_DW-1:0] mem_rsp_data;

    // Master 0: host link, master 1: system (through the slice). Reads in flight are
    // bounded by the memory latency (always ready), so a 4-entry tag queue never limits
    // them.
    ocl_mem_arbiter #(
        .N(2),
        .MEM_DW(MEM_DW),
        .AW(32),
        .TAGQ_DEPTH(4)
    ) u_arbiter (
        .clk(clk),
        .rst(rst),
        .m_req_valid({slice_req_valid, link_req_valid}),
        .m_req_ready({slice_req_ready, link_req_ready}),
        .m_req_we({slice_req_we, link_req_we}),
        .m_req_addr({slice_req_addr, link_req_addr}),
        .m_req_wdata({slice_req_wdata, link_req_wdata}),
        .m_req_wstrb({slice_req_wstrb, link_req_wstrb}),
        .m_rsp_valid({slice_rsp_valid, link_rsp_valid}),
        .m_rsp_data(rsp_data),
        .mem_req_valid(mem_req_valid),
        .mem_req_ready(mem_req_ready),
        .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb),
        .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    generate
        if (USE_SPRAM != 0) begin : g_spram
            ice40_spram_mem #(
                .LATENCY(MEM_LATENCY)
            ) u_mem (
                .clk(clk),
                .rst(rst),
                .mem_req_valid(mem_req_valid),
                .mem_req_ready(mem_req_ready),
                .mem_req_we(mem_req_we),
                .mem_req_addr(mem_req_addr),
                .mem_req_wdata(mem_req_wdata),
                .mem_req_wstrb(mem_req_wstrb),
                .mem_rsp_valid(mem_rsp_valid),
                .mem_rsp_data(mem_rsp_data)
            );
        end else begin : g_ebr
            ice40_ebr_mem #(
                .MEM_DW(MEM_DW),
                .BYTES(MEM_BYTES),
                .LATENCY(MEM_LATENCY)
            ) u_mem (
                .clk(clk),
                .rst(rst),
                .mem_req_valid(mem_req_valid),
                .mem_req_ready(mem_req_ready),
                .mem_req_we(mem_req_we),
                .mem_req_addr(mem_req_addr),
                .mem_req_wdata(mem_req_wdata),
                .mem_req_wstrb(mem_req_wstrb),
                .mem_rsp_valid(mem_rsp_valid),
                .mem_rsp_data(mem_rsp_data)
            );
        end
    endgenerate
endmodule

`default_nettype wire
