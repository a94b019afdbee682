// SPDX-License-Identifier: MIT
//
// ice40_ebr_mem: a global memory in block RAM (iCE40 EBR, SB_RAM40_4K, inferred by yosys),
// for boards without SPRAM such as the iCE40HX8K: BYTES bytes as BYTES / (MEM_DW / 8)
// lines of MEM_DW bits, a slave of the global-memory bus (docs/architecture.md, "The
// global-memory bus").
//
// Each byte lane is its own RAM array, so a byte strobe is simply that lane's write enable
// and yosys maps every lane to 8-bit-or-narrower EBR configurations (512 x 8 ... 2048 x 2)
// without needing bit masks: the defaults (64 bits, 8 KiB) take 16 SB_RAM40_4K.
//
// Bus behaviour
//   - req_ready is always 1: one request per cycle, applied in the order accepted.
//   - A read returns its line LATENCY cycles (1 or 2) after the cycle that accepted it,
//     in request order, never back-pressured.
//   - Addresses are byte addresses aligned to the line; the offset bits are ignored.
//     Writes at or above BYTES are dropped; reads there return unspecified data.
`default_nettype none

module ice40_ebr_mem #(
    parameter integer MEM_DW = 64,          // line width: a power of two, 16 .. 256
    parameter integer BYTES = 8192,         // size: a power of two, >= 2 lines
    parameter integer LATENCY = 1           // read latency in cycles: 1 or 2
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                mem_req_valid,
    output wire                mem_req_ready,
    input  wire                mem_req_we,
    input  wire [31:0]         mem_req_addr,
    input  wire [MEM_DW-1:0]   mem_req_wdata,
    input  wire [MEM_DW/8-1:0] mem_req_wstrb,
    output wire                mem_rsp_valid,
    output wire [MEM_DW-1:0]   mem_rsp_data
);
    localparam integer LANES = MEM_DW / 8;
    localparam integer OB = $clog2(LANES);           // byte-offset bits
    localparam integer SB = $clog2(BYTES);           // byte-address bits in range
    localparam integer WB = SB - OB;                 // line-index bits
    localparam integer DEPTH = BYTES / LANES;

    wire          in_range = (mem_req_addr[31:SB] == {(32 - SB){1'b0}});
    wire          write = mem_req_valid && mem_req_we && in_range;
    wire [WB-1:0] line = mem_req_addr[SB-1:OB];
    wire [MEM_DW-1:0] rdata;

    genvar b;
    generate
        for (b = 0; b < LANES; b = b + 1) begin : g_lane
            reg [7:0] ram [0:DEPTH-1];
            reg [7:0] q;
            always @(posedge clk) begin
                if (write && mem_req_wstrb[b]) ram[line] <= mem_req_wdata[8 * b +: 8];
                q <= ram[line];
            end
            assign rdata[8 * b +: 8] = q;
        end
    endgenerate

    reg rd_q;
    always @(posedge clk) rd_q <= !rst && mem_req_valid && !mem_req_we;

    generate
        if (LATENCY >= 2) begin : g_outreg
            reg              rd_q2;
            reg [MEM_DW-1:0] data_q2;
            always @(posedge clk) begin
                rd_q2   <= !rst && rd_q;
                data_q2 <= rdata;
            end
            assign mem_rsp_valid = rd_q2;
            assign mem_rsp_data  = data_q2;
        end else begin : g_direct
            assign mem_rsp_valid = rd_q;
            assign mem_rsp_data  = rdata;
        end
    endgenerate

    assign mem_req_ready = 1'b1;

    // The byte offset within a line is ignored (the bus aligns addresses to the line).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [OB:0] unused_offset = {1'b0, mem_req_addr[OB-1:0]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
