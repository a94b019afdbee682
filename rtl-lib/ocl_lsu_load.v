// SPDX-License-Identifier: MIT
//
// ocl_lsu_load: global-memory load unit for a statically scheduled pipeline. Requests
// are answered in order; consecutive requests to one memory line share one memory read.
//
// Parameters
//   DW      load width in bits: 8, 16, 32 or 64
//   MEM_DW  memory line width in bits (bus width): a power of two, >= DW and >= 16
//   AW      byte-address width
//   DEPTH   requests that may be waiting for their data (descriptor FIFO entries), and
//           lines the response FIFO holds
//   CACHE   1: coalesce a request with the most recent memory read when they are in the
//           same line (and no clear came in between); 0: every request reads memory
//   MQ_DEPTH  line reads queued toward memory (memory request FIFO entries; default
//           min(4, DEPTH)); they wait there only while memory refuses requests. 2 is the
//           least that still sends one miss per clock while memory is ready
//   HEAD_REG  1: the oldest descriptor in flip-flops in front of a descriptor FIFO one entry
//           shorter (needs DEPTH >= 2), so that rsp_valid is one LUT of three flip-flops
//           instead of a read of the FIFO's memory: it holds up the kernel's pipeline, whose
//           stall enables every pipeline register (the ECP5's LUT RAM answers late). The
//           same cycles and capacity as 0
//   SLACK   1 (needs HEAD_REG, DEPTH >= 3, MQ_DEPTH >= 2): the pipeline's stall comes from a
//           register, decided a cycle ahead (the ECP5: a combinational stall ORed over the
//           LSUs of a segment spread over the die was its critical path). req_can_accept
//           then means room for two requests, so a request fired this cycle still finds
//           room next cycle, and rsp_valid has a second bit: the response after the oldest
//           has its data too (valid next cycle even if the oldest is popped now). The unit
//           behaves as with 0; only what it reports is more cautious
//
// Pipeline side
//   clear           1-cycle pulse at kernel start: forget the line of the last read
//                   (takes effect for a request fired in the same cycle too)
//   req_can_accept  a request may be fired this cycle; a function of registers only
//   req_fire        take req_addr (ignored while req_can_accept is low)
//   req_addr        byte address, naturally aligned to DW/8
//   rsp_valid       [0]: the oldest unanswered request has its data; registers only.
//                   [1] (SLACK = 1): so does the next one
//   rsp_pop         consume it (ignored while rsp_valid is low)
//   rsp_data        the data, valid while rsp_valid
//   idle            no request waiting for or holding its data (registered; low from the
//                   cycle after a fire until the cycle after its response is popped)
// Memory side: bus master (docs/architecture.md), reads only (we, wdata, wstrb = 0).
//
// Structure: a request pushes a descriptor {new_line, word index} into the descriptor
// FIFO; a request that needs a new line also pushes the line address into the memory
// request FIFO. Memory responses go into the response FIFO. The data of the head
// descriptor is the head of the response FIFO if new_line, else the current line (the
// line of the last popped new_line descriptor); popping a new_line descriptor moves the
// response FIFO head into the current line.
//
// Credits: every line that is requested, in flight or in the response FIFO belongs to a
// new_line descriptor still in the descriptor FIFO, so lines outstanding + buffered <=
// descriptors <= DEPTH = response FIFO size. The descriptor FIFO's full flag is
// therefore the credit check; no separate counter is kept (it would never be the one
// that stops a request).
//
// Timing contract (L = memory latency: a read accepted in cycle c is answered in
// cycle c + L)
//   - A request that reads memory (a miss), fired in cycle t when no earlier request is
//     waiting and memory accepts at once, has rsp_valid in cycle t + L + 2: the line
//     address is offered to memory in cycle t + 1, answered in t + 1 + L, visible at the
//     response FIFO head in t + L + 2. Queued or refused memory requests add their
//     waiting time.
//   - A coalesced request (a hit) fired in cycle t is answered in cycle t + 1 at the
//     earliest, and never before the requests fired before it.
//   - Throughput: one request per cycle in and one response per cycle out. A descriptor
//     slot is taken at the fire (cycle t) and freed by the pop of its response; the slot
//     is usable again in the cycle after the pop. If the pipeline pops every response K
//     cycles after its fire (K >= L + 2), one request per cycle needs DEPTH >= K + 1,
//     i.e. DEPTH >= L + 3 at the shortest distance (hits and misses alike: responses
//     are in order). req_can_accept = descriptor FIFO not full and memory request FIFO
//     (MQ_DEPTH entries) not full; the latter only fills while memory refuses requests.
`default_nettype none

module ocl_lsu_load #(
    parameter integer DW = 32,
    parameter integer MEM_DW = 512,
    parameter integer AW = 32,
    parameter integer DEPTH = 32,
    parameter integer CACHE = 1,
    parameter integer MQ_DEPTH = (DEPTH < 4) ? DEPTH : 4,
    parameter integer HEAD_REG = 0,
    parameter integer SLACK = 0
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              clear,
    output wire              req_can_accept,
    input  wire              req_fire,
    input  wire [AW-1:0]     req_addr,
    output wire [SLACK:0]    rsp_valid,
    input  wire              rsp_pop,
    output wire [DW-1:0]     rsp_data,
    output wire              idle,

    output wire              mem_req_valid,
    input  wire              mem_req_ready,
    output wire              mem_req_we,
    output wire [AW-1:0]     mem_req_addr,
    output wire [MEM_DW-1:0] mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire              mem_rsp_valid,
    input  wire [MEM_DW-1:0] mem_rsp_data
);
    localparam integer OFFW = $clog2(MEM_DW / 8);       // byte offset bits within a line
    localparam integer BW = $clog2(DW / 8);             // byte offset bits within a word
    localparam integer NW = MEM_DW / DW;                // words per line
    localparam integer IW = (NW > 1) ? $clog2(NW) : 1;  // word index bits
    localparam integer LW = AW - OFFW;                  // line address bits

    // ---------------------------------------------------------------- request side
    wire [LW-1:0] req_line = req_addr[AW-1:OFFW];
    wire [IW-1:0] req_word;
    generate
        if (NW > 1) begin : g_word
            assign req_word = req_addr[OFFW-1:BW];
        end else begin : g_one_word
            assign req_word = 1'b0;
        end
    endgenerate
    // The byte bits below the word are zero by contract (aligned requests).
    /* verilator lint_off UNUSED */
    wire [OFFW-1:0] unused_offset = req_addr[OFFW-1:0];
    /* verilator lint_on UNUSED */

    wire          desc_full, desc_empty;
    wire          mq_full, mq_empty;
    wire          desc_head_new;
    wire [IW-1:0] desc_head_word;
    wire          rq_empty;
    wire [MEM_DW-1:0] rq_head;
    wire [$clog2(MQ_DEPTH+1)-1:0] mq_count;
    wire [$clog2(DEPTH+1)-1:0]    rq_count;

    wire accept = req_fire & ~desc_full & ~mq_full;

    // Coalescing: the line of the most recent memory read, valid until clear.
    wire new_line;
    generate
        if (CACHE != 0) begin : g_coalesce
            reg          last_valid;
            reg [LW-1:0] last_line;
            assign new_line = ~last_valid | clear | (req_line != last_line);
            always @(posedge clk) begin
                if (rst) begin
                    last_valid <= 1'b0;
                    last_line  <= {LW{1'b0}};
                end else if (accept & new_line) begin
                    last_valid <= 1'b1;
                    last_line  <= req_line;
                end else if (clear) begin
                    last_valid <= 1'b0;
                end
            end
        end else begin : g_no_coalesce
            assign new_line = 1'b1;
            // Nothing to forget without coalescing.
            /* verilator lint_off UNUSED */
            wire unused_clear = clear;
            /* verilator lint_on UNUSED */
        end
    endgenerate

    wire head_ready;  // rsp_valid[0]
    wire pop = rsp_pop & head_ready;

    generate
        if (HEAD_REG != 0 && DEPTH >= 2) begin : g_head_reg
            // The head register is empty only while the FIFO behind it is: it takes a new
            // descriptor itself when it is free and the FIFO empty, else from the FIFO.
            reg          head_valid;
            reg          head_new;
            reg [IW-1:0] head_word;
            wire         q_empty;
            wire [IW:0]  q_head;
            wire [$clog2(DEPTH)-1:0] q_count;
            wire head_free = ~head_valid | pop;
            wire push_head = accept & head_free & q_empty;
            // With SLACK the second descriptor is read too: in flip-flops as well.
            ocl_fifo #(
                .WIDTH(1 + IW),
                .DEPTH(DEPTH - 1),
                .HEAD_REG(SLACK != 0 ? 1 : 0)
            ) u_desc (
                .clk(clk),
                .rst(rst),
                .push(accept & ~push_head),
                .push_data({new_line, req_word}),
                .pop(head_free),
                .pop_data(q_head),
                .empty(q_empty),
                .full(desc_full),
                .count(q_count)
            );
            always @(posedge clk) begin
                if (rst) head_valid <= 1'b0;
                else if (head_free) head_valid <= ~q_empty | accept;
            end
            always @(posedge clk) begin
                if (head_free) {head_new, head_word} <= q_empty ? {new_line, req_word} : q_head;
            end
            assign desc_empty     = ~head_valid;
            assign desc_head_new  = head_new;
            assign desc_head_word = head_word;
            if (SLACK != 0) begin : g_slack
                // Room for two in every queue; the next descriptor's data: its own line in
                // the response FIFO behind the oldest's, or (a hit) the oldest's line.
                wire [31:0] q_count32  = {{(32 - $clog2(DEPTH)){1'b0}}, q_count};
                wire [31:0] mq_count32 = {{(32 - $clog2(MQ_DEPTH + 1)){1'b0}}, mq_count};
                wire [31:0] rq_count32 = {{(32 - $clog2(DEPTH + 1)){1'b0}}, rq_count};
                wire [31:0] rq_need    = {31'd0, head_new} + {31'd0, q_head[IW]};
                assign req_can_accept = (q_count32 + 3 <= DEPTH) & (mq_count32 + 2 <= MQ_DEPTH);
                assign rsp_valid[SLACK] = head_ready & ~q_empty & (rq_count32 >= rq_need);
            end else begin : g_no_slack
                assign req_can_accept = ~desc_full & ~mq_full;
                /* verilator lint_off UNUSED */
                wire unused_counts = &{1'b0, q_count, mq_count, rq_count};
                /* verilator lint_on UNUSED */
            end
        end else begin : g_desc_fifo
            ocl_fifo #(
                .WIDTH(1 + IW),
                .DEPTH(DEPTH)
            ) u_desc (
                .clk(clk),
                .rst(rst),
                .push(accept),
                .push_data({new_line, req_word}),
                .pop(pop),
                .pop_data({desc_head_new, desc_head_word}),
                .empty(desc_empty),
                .full(desc_full),
                // Unneeded FIFO status outputs are left open.
                /* verilator lint_off PINCONNECTEMPTY */
                .count()
                /* verilator lint_on PINCONNECTEMPTY */
            );
            // SLACK needs the head register (the second descriptor's flag is read).
            assign req_can_accept = ~desc_full & ~mq_full;
            /* verilator lint_off UNUSED */
            wire unused_counts = &{1'b0, mq_count, rq_count};
            /* verilator lint_on UNUSED */
        end
    endgenerate

    // ---------------------------------------------------------------- memory side
    wire [LW-1:0] mq_head;
    ocl_fifo #(
        .WIDTH(LW),
        .DEPTH(MQ_DEPTH)
    ) u_mreq (
        .clk(clk),
        .rst(rst),
        .push(accept & new_line),
        .push_data(req_line),
        .pop(mem_req_ready),
        .pop_data(mq_head),
        .empty(mq_empty),
        .full(mq_full),
        .count(mq_count)
    );

    assign mem_req_valid = ~mq_empty;
    assign mem_req_we    = 1'b0;
    assign mem_req_addr  = {mq_head, {OFFW{1'b0}}};
    assign mem_req_wdata = {MEM_DW{1'b0}};
    assign mem_req_wstrb = {(MEM_DW / 8){1'b0}};

    // Never full when a response arrives (see Credits above).
    ocl_fifo #(
        .WIDTH(MEM_DW),
        .DEPTH(DEPTH)
    ) u_rsp (
        .clk(clk),
        .rst(rst),
        .push(mem_rsp_valid),
        .push_data(mem_rsp_data),
        .pop(pop & desc_head_new),
        .pop_data(rq_head),
        .empty(rq_empty),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .full(),
        /* verilator lint_on PINCONNECTEMPTY */
        .count(rq_count)
    );

    // ---------------------------------------------------------------- response side
    wire [MEM_DW-1:0] line;
    generate
        if (CACHE != 0) begin : g_cur_line
            reg [MEM_DW-1:0] cur_line;
            always @(posedge clk) begin
                if (pop & desc_head_new) cur_line <= rq_head;
            end
            assign line = desc_head_new ? rq_head : cur_line;
        end else begin : g_no_cur_line
            assign line = rq_head;
        end
    endgenerate

    assign head_ready   = ~desc_empty & (~desc_head_new | ~rq_empty);
    assign rsp_valid[0] = head_ready;
    assign rsp_data  = line[desc_head_word * DW +: DW];
    assign idle      = desc_empty;
endmodule

`default_nettype wire
