// SPDX-License-Identifier: MIT
//
// sim_shell: top module of the sim board, Verilated together with the generated system
// (oclhls_system) and rtl-lib into the model .so (board-support/sim/sim_model.cpp drives it).
//
// A thin wrapper: the CSR register block and routing live in board-support/common/
// shell_regs.v (shared with the iCE40 shells); the global-memory bus goes straight to the
// C++ memory model of the harness, which plays the DDR channel (bus protocol:
// docs/architecture.md, "The global-memory bus").
//
// MEM_DW is the board's mem_width_bits (a multiple of 8); set with -GMEM_DW=<bits>.

module sim_shell #(
    parameter MEM_DW = 512
) (
    input  wire                clk,
    input  wire                rst,

    // Host CSR bus (map: board-support/common/shell_regs.v).
    input  wire                csr_wr,
    input  wire                csr_rd,
    input  wire [31:0]         csr_addr,
    input  wire [31:0]         csr_wdata,
    output wire [31:0]         csr_rdata,
    output wire                csr_rvalid,
    output wire                busy,

    // Global memory, toward the harness's memory model.
    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [31:0]         mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    wire        sys_csr_wr;
    wire        sys_csr_rd;
    wire [15:0] sys_csr_addr;
    wire [31:0] sys_csr_wdata;
    wire [31:0] sys_csr_rdata;
    wire        sys_busy;

    shell_regs #(
        .VERSION(32'd1)
    ) u_regs (
        .clk(clk),
        .rst(rst),
        .csr_wr(csr_wr),
        .csr_rd(csr_rd),
        .csr_addr(csr_addr),
        .csr_wdata(csr_wdata),
        .csr_rdata(csr_rdata),
        .csr_rvalid(csr_rvalid),
        .sys_csr_wr(sys_csr_wr),
        .sys_csr_rd(sys_csr_rd),
        .sys_csr_addr(sys_csr_addr),
        .sys_csr_wdata(sys_csr_wdata),
        .sys_csr_rdata(sys_csr_rdata),
        .sys_busy(sys_busy)
    );

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
        .mem_req_valid(mem_req_valid),
        .mem_req_ready(mem_req_ready),
        .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb),
        .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data)
    );

    assign busy = sys_busy;
endmodule
