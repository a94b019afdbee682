// SPDX-License-Identifier: MIT
//
// ocl_lsu_store: write-combining global-memory store unit for a statically scheduled
// pipeline. Consecutive stores to one memory line are merged into one masked line write.
//
// Parameters
//   DW      store width in bits: 8, 16, 32 or 64
//   MEM_DW  memory line width in bits (bus width): a power of two, >= DW and >= 16
//   AW      byte-address width
//   DEPTH   line writes queued toward memory (request FIFO entries, >= 1)
//   SLACK   1 (DEPTH >= 2): req_can_accept means room for two line writes, so a store fired
//           this cycle (or a flush) still finds room next cycle: the pipeline's stall may
//           then come from a register decided a cycle ahead (ocl_lsu_load SLACK)
//
// Pipeline side
//   req_can_accept  a store may be fired this cycle: the request FIFO is not full
//                   (a function of registers only; SLACK: room for two)
//   req_fire        take req_addr/req_data (ignored while req_can_accept is low)
//   req_addr        byte address, naturally aligned to DW/8
//   req_data        the DW-bit value, little-endian in memory
//   flush           level: while high, the combining buffer is written out as soon as
//                   possible (also right after a store fired in the same cycle)
//   idle            combining buffer empty and nothing queued toward memory (registered)
// Memory side: bus master (docs/architecture.md), writes only (we = 1). mem_rsp_valid
// and mem_rsp_data only keep the bus uniform and are not used.
//
// Behaviour: the combining buffer holds one line address, its data and byte strobes.
//   - store to the buffer's line: merged; later stores to a byte overwrite earlier ones
//   - store to another line: the buffer goes into the request FIFO, the store starts a
//     new buffer
//   - flush high, store fired: the merged buffer (or, if the store is to another line,
//     the old buffer) goes into the FIFO in this cycle; a new buffer left behind goes out
//     in the next cycle if flush is still high
//   - flush high, no store: the buffer goes into the FIFO when the FIFO has room
// Memory applies writes in FIFO order, so program order is kept.
//
// Timing: one store per cycle. A line pushed into the FIFO in cycle t is offered to
// memory from cycle t + 1; idle rises in the cycle after memory accepts the last write.
// E.g. flush high, memory ready, last store in cycle t to the buffer's line: pushed in
// t, written in t + 1, idle in t + 2 (t + 3 if the store started a new line). With
// DEPTH >= 2 and memory always ready, req_can_accept never drops; DEPTH = 1 allows one
// line change every other cycle.
`default_nettype none

module ocl_lsu_store #(
    parameter integer DW = 32,
    parameter integer MEM_DW = 512,
    parameter integer AW = 32,
    parameter integer DEPTH = 4,
    parameter integer SLACK = 0
) (
    input  wire                clk,
    input  wire                rst,

    output wire                req_can_accept,
    input  wire                req_fire,
    input  wire [AW-1:0]       req_addr,
    input  wire [DW-1:0]       req_data,
    input  wire                flush,
    output wire                idle,

    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [AW-1:0]       mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    /* verilator lint_off UNUSED */
    input  wire                mem_rsp_valid,  // writes have no response: bus uniformity
    input  wire [MEM_DW-1:0]   mem_rsp_data
    /* verilator lint_on UNUSED */
);
    localparam integer LB = MEM_DW / 8;                 // bytes per line
    localparam integer WB = DW / 8;                     // bytes per word
    localparam integer OFFW = $clog2(LB);
    localparam integer BW = $clog2(WB);
    localparam integer NW = MEM_DW / DW;                // words per line
    localparam integer IW = (NW > 1) ? $clog2(NW) : 1;
    localparam integer LW = AW - OFFW;
    localparam integer EW = LW + MEM_DW + LB;           // FIFO entry: line, data, strobes

    wire [LW-1:0] req_line = req_addr[AW-1:OFFW];
    wire [IW-1:0] req_word;
    generate
        if (NW > 1) begin : g_word
            assign req_word = req_addr[OFFW-1:BW];
        end else begin : g_one_word
            assign req_word = 1'b0;
        end
    endgenerate
    // The byte bits below the word are zero by contract (aligned stores).
    /* verilator lint_off UNUSED */
    wire [OFFW-1:0] unused_offset = req_addr[OFFW-1:0];
    /* verilator lint_on UNUSED */

    // The store as a line: data replicated into every word slot (no shifter); strobes and
    // mask cover only its own slot. Each is one shift of a constant by the word's bit
    // offset, which synthesis reduces to a lane decoder, and which a Verilated model
    // computes with one wide shift instead of a compare per lane and bit.
    localparam [LB-1:0]     WORD_STRB = ~({LB{1'b1}} << WB);      // low WB bits
    localparam [MEM_DW-1:0] WORD_MASK = ~({MEM_DW{1'b1}} << DW);  // low DW bits
    wire [MEM_DW-1:0] st_data = {NW{req_data}};
    wire [LB-1:0]     st_strb = WORD_STRB << (req_word * WB);
    wire [MEM_DW-1:0] st_mask = WORD_MASK << (req_word * DW);

    // Combining buffer; buf_strb is all zero while !buf_valid.
    reg              buf_valid;
    reg [LW-1:0]     buf_line;
    reg [MEM_DW-1:0] buf_data;
    reg [LB-1:0]     buf_strb;

    wire fifo_full, fifo_empty;
    wire [$clog2(DEPTH+1)-1:0] fifo_count;
    wire accept    = req_fire & ~fifo_full;
    wire same_line = buf_valid & (req_line == buf_line);
    wire start_new = accept & buf_valid & ~same_line;   // old buffer out, store starts anew

    wire [MEM_DW-1:0] merged_data = (buf_data & ~st_mask) | (st_data & st_mask);
    wire [LB-1:0]     merged_strb = buf_strb | st_strb;

    // At most one FIFO push per cycle: the old buffer, or the buffer with this store in it.
    wire push_old    = start_new | (~accept & flush & buf_valid & ~fifo_full);
    wire push_merged = accept & flush & ~start_new;
    wire push        = push_old | push_merged;
    wire [EW-1:0] push_entry = push_old ? {buf_line, buf_data, buf_strb}
                                        : {req_line, merged_data, merged_strb};

    always @(posedge clk) begin
        if (rst) begin
            buf_valid <= 1'b0;
            buf_strb  <= {LB{1'b0}};
        end else if (accept & ~push_merged) begin
            buf_valid <= 1'b1;
            buf_strb  <= start_new ? st_strb : merged_strb;
        end else if (push) begin
            buf_valid <= 1'b0;
            buf_strb  <= {LB{1'b0}};
        end
    end

    // Data and line need no reset: only strobed bytes matter.
    always @(posedge clk) begin
        if (accept) begin
            buf_line <= req_line;
            buf_data <= merged_data;
        end
    end

    wire [EW-1:0] head;
    ocl_fifo #(
        .WIDTH(EW),
        .DEPTH(DEPTH)
    ) u_req (
        .clk(clk),
        .rst(rst),
        .push(push),
        .push_data(push_entry),
        .pop(mem_req_ready),
        .pop_data(head),
        .empty(fifo_empty),
        .full(fifo_full),
        .count(fifo_count)
    );

    generate
        if (SLACK != 0) begin : g_slack
            // At most one push per cycle (above): room for two now is room for one next cycle.
            wire [31:0] count32 = {{(32 - $clog2(DEPTH + 1)){1'b0}}, fifo_count};
            assign req_can_accept = count32 + 2 <= DEPTH;
        end else begin : g_no_slack
            assign req_can_accept = ~fifo_full;
            /* verilator lint_off UNUSED */
            wire unused_count = &{1'b0, fifo_count};
            /* verilator lint_on UNUSED */
        end
    endgenerate
    assign idle           = ~buf_valid & fifo_empty;

    assign mem_req_valid = ~fifo_empty;
    assign mem_req_we    = 1'b1;
    assign mem_req_addr  = {head[EW-1 -: LW], {OFFW{1'b0}}};
    assign mem_req_wdata = head[LB +: MEM_DW];
    assign mem_req_wstrb = head[LB-1:0];
endmodule

`default_nettype wire
