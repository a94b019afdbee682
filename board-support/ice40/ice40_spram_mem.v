// SPDX-License-Identifier: MIT
//
// ice40_spram_mem: the global memory of the iCE40UP5K boards: the four SB_SPRAM256KA
// blocks (16K x 16 bits each) side by side as one 16K x 64-bit memory = 128 KiB, a slave
// of the global-memory bus (docs/architecture.md, "The global-memory bus").
//
// Line k of the bus (byte address 8k, MEM_DW = 64) is word k of every block; block j holds
// bytes 2j and 2j+1 of the line. A byte strobe enables two 4-bit nibbles of MASKWREN.
//
// Bus behaviour
//   - req_ready is always 1: one request per cycle, applied in the order accepted.
//   - A read returns its line LATENCY cycles after the cycle that accepted it (1: straight
//     from the SPRAM output register; 2: through one more register, which takes the
//     SPRAM's slow clock-to-out (about 1.8 ns more than an LC flip-flop) off the paths
//     of the logic behind it). Responses come in request order, never back-pressured.
//   - Addresses are byte addresses aligned to the line; the low 3 bits are ignored, and
//     so are the bits from 17 up: addresses wrap at 128 KiB. The runtime allocates no
//     buffer beyond the board's global_mem_bytes, so only a kernel writing out of bounds
//     reaches such an address. Checking the upper bits instead kept them alive in every
//     LSU FIFO and pipeline register of the kernels, about 200 flip-flops in vector_add,
//     which then did not fit the UP5K.
//
// The blocks are never put into standby, sleep or power-off: their contents survive the
// shell's reset (only the response pipeline is reset).
`default_nettype none

module ice40_spram_mem #(
    parameter integer LATENCY = 1           // read latency in cycles: 1 or 2
) (
    input  wire        clk,
    input  wire        rst,

    input  wire        mem_req_valid,
    output wire        mem_req_ready,
    input  wire        mem_req_we,
    input  wire [31:0] mem_req_addr,
    input  wire [63:0] mem_req_wdata,
    input  wire [7:0]  mem_req_wstrb,
    output wire        mem_rsp_valid,
    output wire [63:0] mem_rsp_data
);
    wire        access = mem_req_valid;
    wire [13:0] word = mem_req_addr[16:3];
    wire [63:0] dataout;

    genvar j;
    generate
        for (j = 0; j < 4; j = j + 1) begin : g_block
            SB_SPRAM256KA u_spram (
                .ADDRESS(word),
                .DATAIN(mem_req_wdata[16 * j +: 16]),
                // One strobe bit per byte, one MASKWREN bit per nibble.
                .MASKWREN({{2{mem_req_wstrb[2 * j + 1]}}, {2{mem_req_wstrb[2 * j]}}}),
                .WREN(mem_req_we),
                .CHIPSELECT(access),
                .CLOCK(clk),
                .STANDBY(1'b0),
                .SLEEP(1'b0),
                .POWEROFF(1'b1),            // active low: 1 = powered
                .DATAOUT(dataout[16 * j +: 16])
            );
        end
    endgenerate

    // The read pipeline: a read accepted in cycle t is in dataout after the edge ending t.
    reg rd_q;
    always @(posedge clk) rd_q <= !rst && mem_req_valid && !mem_req_we;

    generate
        if (LATENCY >= 2) begin : g_outreg
            reg        rd_q2;
            reg [63:0] data_q2;
            always @(posedge clk) begin
                rd_q2   <= !rst && rd_q;
                data_q2 <= dataout;
            end
            assign mem_rsp_valid = rd_q2;
            assign mem_rsp_data  = data_q2;
        end else begin : g_direct
            assign mem_rsp_valid = rd_q;
            assign mem_rsp_data  = dataout;
        end
    endgenerate

    assign mem_req_ready = 1'b1;

    // The byte offset within a line is ignored (the bus aligns addresses to the line), and
    // the bits above 128 KiB (addresses wrap).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0] unused_bits = {mem_req_addr[31:17], mem_req_addr[2:0]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
