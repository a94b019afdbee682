// SPDX-License-Identifier: MIT
//
// ocl_mem_slice: a register slice on the global-memory bus (docs/architecture.md, "The
// global-memory bus"), to cut a long combinational request path (e.g. a kernel arbiter's
// grant feeding the shell's arbiter and the memory) at one cycle of latency.
//
// Parameters
//   MEM_DW   line width in bits (multiple of 8)
//   AW       byte-address width
//   RSP_REG  0: responses pass straight through; 1: responses are registered too (one
//            more cycle of read latency)
//
// Ports: m_* is the bus of the master (this module is its slave), mem_* the bus towards
// memory (this module is its master).
//
// Behaviour
//   - Requests: a two-entry FIFO. A request accepted in cycle t is offered on mem_req_*
//     from cycle t + 1, in acceptance order; one request per cycle sustained while
//     memory is ready. m_req_ready (fewer than two held) and mem_req_valid (one held)
//     are registers and mem_req_* come from registers through a 2:1 multiplexer: no
//     combinational path crosses the slice in either direction. The second entry
//     catches the request accepted in a cycle in which memory refused the one offered.
//   - An offered request stays unchanged until memory accepts it (valid/ready).
//   - Responses: the bus has no response back-pressure and no tags; reads leave in the
//     order they came in, so responses need no reordering: they are passed on (RSP_REG
//     0) or delayed by one register (RSP_REG 1), in order.
//   - Read latency seen by the master: memory's latency + 1 (+ 1 with RSP_REG).
`default_nettype none

module ocl_mem_slice #(
    parameter integer MEM_DW = 64,
    parameter integer AW = 32,
    parameter integer RSP_REG = 0
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                m_req_valid,
    output wire                m_req_ready,
    input  wire                m_req_we,
    input  wire [AW-1:0]       m_req_addr,
    input  wire [MEM_DW-1:0]   m_req_wdata,
    input  wire [MEM_DW/8-1:0] m_req_wstrb,
    output wire                m_rsp_valid,
    output wire [MEM_DW-1:0]   m_rsp_data,

    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [AW-1:0]       mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    localparam integer SW = MEM_DW / 8;
    localparam integer PW = 1 + AW + MEM_DW + SW;   // {we, addr, wdata, wstrb}

    wire [PW-1:0] in_req = {m_req_we, m_req_addr, m_req_wdata, m_req_wstrb};

    // Two entries written and read in turn. A request goes straight from the master into
    // an entry register (an enable, no data multiplexer: the master's side is usually the
    // long one); the 2:1 choice of the entry to offer sits on the memory side.
    reg [PW-1:0]  entry0, entry1;
    reg           wr_sel;       // the entry the next accepted request goes to
    reg           rd_sel;       // the entry offered to memory
    reg           not_empty;    // mem_req_valid
    reg           full;         // two requests held: m_req_ready low

    wire take = m_req_valid & ~full;                    // accepted from the master
    wire fire = not_empty & mem_req_ready;              // accepted by memory

    always @(posedge clk) begin
        if (rst) begin
            wr_sel    <= 1'b0;
            rd_sel    <= 1'b0;
            not_empty <= 1'b0;
            full      <= 1'b0;
        end else begin
            if (take) wr_sel <= ~wr_sel;
            if (fire) rd_sel <= ~rd_sel;
            if (take != fire) begin
                // one more held (take) or one fewer (fire)
                not_empty <= take | full;
                full      <= take & not_empty;
            end
        end
    end

    // Payloads carry no reset: they matter only while their entry is held.
    always @(posedge clk) begin
        if (take && !wr_sel) entry0 <= in_req;
        if (take && wr_sel) entry1 <= in_req;
    end

    assign m_req_ready   = ~full;
    assign mem_req_valid = not_empty;
    assign {mem_req_we, mem_req_addr, mem_req_wdata, mem_req_wstrb} = rd_sel ? entry1 : entry0;

    generate
        if (RSP_REG != 0) begin : g_rsp_reg
            reg              rsp_valid_q;
            reg [MEM_DW-1:0] rsp_data_q;
            always @(posedge clk) begin
                rsp_valid_q <= ~rst & mem_rsp_valid;
                rsp_data_q  <= mem_rsp_data;
            end
            assign m_rsp_valid = rsp_valid_q;
            assign m_rsp_data  = rsp_data_q;
        end else begin : g_rsp_wire
            assign m_rsp_valid = mem_rsp_valid;
            assign m_rsp_data  = mem_rsp_data;
        end
    endgenerate
endmodule

`default_nettype wire
