// SPDX-License-Identifier: MIT
//
// ocl_atomic: global-memory atomic unit for a statically scheduled pipeline. Each request
// is an atomic read-modify-write of one 32-bit word: the word's old value is answered (like
// a load), ocl_atomic_alu(op, old, a, b) is written back. Requests are performed and
// answered in order, so atomicity holds among all requests of this unit, which must be the
// only agent doing atomics on that memory while the kernel runs. Requests to one word
// forward their results to each other instead of re-reading memory, so a stream to one
// word (a counter, a histogram bin) runs at one request per cycle.
//
// Parameters
//   MEM_DW  memory line width in bits (bus width): a power of two, >= 32
//   AW      byte-address width (> log2(MEM_DW / 8))
//   DEPTH   requests that may be waiting for their data or holding it (fired, response
//           not yet popped): descriptor FIFO entries, >= 1 (DEPTH = 1 takes one request
//           every other cycle)
//   OP      -1: each request brings its operation (req_op); 0..15: every request does this
//           one (a kernel's atomic site has one), so the descriptor FIFO stores neither
//           req_op nor, unless OP is CMPXCHG, req_b, and the ALU folds to that operation
//   RESULT  1: the pipeline takes each old value (rsp_pop). 0: no one reads the old values
//           (atomic_add(p, x) as a statement): the unit pops each response itself as soon
//           as it is valid, rsp_pop is ignored and writes_done waits for every request
//           fired, so the pipeline treats the unit like a store LSU and DEPTH only sets
//           how many requests may be in flight
//   HEAD_REG  1: the descriptor FIFO's head in flip-flops (ocl_fifo HEAD_REG; the ECP5
//           keeps the FIFO in LUT RAM, read about 2 ns after the clock in front of the
//           word table and the ALU). The same behaviour
//
// Pipeline side (as ocl_lsu_load)
//   clear           1-cycle pulse at kernel start, only while idle: forget every
//                   remembered word (takes effect for a request fired in the same cycle too)
//   req_can_accept  a request may be fired this cycle; a function of registers only
//   req_fire        take req_addr/req_op/req_a/req_b (ignored while req_can_accept is low)
//   req_addr        byte address of the word, 4-byte aligned
//   req_op          operation, ocl_atomic_alu's encoding (0 ADD ... 11 LOAD)
//   req_a, req_b    operands (req_b: CMPXCHG's new value)
//   rsp_valid       the oldest unanswered request has its old value; registers only
//   rsp_pop         consume it: this is when the new value is computed and queued for
//                   memory (ignored while rsp_valid is low)
//   rsp_data        the old value of the word, valid while rsp_valid
//   idle            nothing waiting, holding its data or queued toward memory (a function
//                   of registers only; low from the cycle after a fire until the cycle
//                   after the request's write is accepted by memory, or after its pop for
//                   ops that do not write)
//   writes_done     every popped request's write has been accepted by memory (registers
//                   only). Unlike idle it does not wait for requests not yet popped: a
//                   pipeline access ordered after its own work-item's atomic waits for this,
//                   which later work-items' requests, stalled behind it, cannot hold up.
//                   With RESULT = 0 it is idle: every fired request's write is done.
// Memory side: bus master (docs/architecture.md). Reads whole lines; writes the new value
// as a masked line write (wstrb on its 4 bytes). Ops 11..15 (LOAD, reserved) leave the
// word unchanged and write nothing.
//
// Structure
//   Word table: NE = DEPTH + WQ entries {valid, word address, ready, value, refs}, one per
//   word (two words of one line are two entries). refs counts the waiting requests and
//   queued writes that refer to the entry. A fired request looks its word up in the table
//   (all entries compared at once):
//     - hit: the request refers to that entry; it reads no memory;
//     - miss: it takes an entry with refs == 0, the word's line is read, and the response
//       fills the entry's value (ready).
//   History: the entries no request or write refers to keep their words and values, so
//   the history is NE minus the words in use: up to NE words, at least 1 whenever
//   a request can be accepted. A miss takes the first free entry after the one taken
//   last (round-robin), so words leave the history roughly in the order they were taken
//   (not by last use).
//   The descriptor FIFO holds {entry, op, a, b} per request. The head is answered once its
//   entry is ready: rsp_data = the entry's value. The pop computes the new value, writes it
//   into the entry (so the next request to the word sees it one cycle later) and pushes
//   the line write into the write queue (WQ = min(DEPTH, 4) entries, so a small unit
//   keeps a small table); the request's reference passes to the write and is dropped
//   when memory accepts the write.
//   Memory order: an entry is reused only when no request or queued write refers to it,
//   so a word leaves the table only after its last write was accepted by memory; a later
//   miss on it reads after that write, and the bus keeps one master's requests in order.
//   Reads and writes share the bus port: alternating when both wait, an offered request
//   is held until memory accepts it.
//   Room: at most DEPTH - 1 requests wait and at most WQ writes are queued while a request
//   can be accepted, so some entry has refs == 0 whenever req_can_accept is high.
//
// Timing contract (L = memory latency: a read accepted in cycle c is answered in cycle
// c + L)
//   - A miss fired in cycle t when no earlier request is waiting, no write is queued and
//     memory accepts at once has rsp_valid in cycle t + L + 2: the read is offered in
//     t + 1, answered in t + 1 + L, the entry is ready in t + L + 2. Each queued write
//     that memory takes first (at most every other bus slot) and refused memory requests
//     add their cycles.
//   - A hit on a ready entry fired in cycle t is answered in cycle t + 1 at the earliest,
//     never before the requests fired before it (a hit on an entry still being read waits
//     for that read).
//   - Throughput: one request per cycle in and one response per cycle out, for hits on
//     one word too: a value popped in cycle p is the next request's old value in p + 1.
//     Misses and writes share the bus, so a stream of distinct words runs at one per two
//     cycles at best. A descriptor slot is usable again in the cycle after the pop of its
//     response: as ocl_lsu_load, one request per cycle needs DEPTH >= K + 1 when the
//     pipeline pops each response K cycles after its fire (DEPTH >= L + 3 for misses).
//     req_can_accept = descriptor FIFO not full and read queue (min(4, DEPTH) entries)
//     not full; rsp_valid also waits while the write queue is full (memory refusing).
//
// Limitation: words stay remembered until clear. A word this unit has in its table is
// not re-read, so a plain store by another unit to it during the kernel is not seen, and
// may be overwritten by this unit's next write to the word; a load by another unit sees
// an atomic's result once its write has been accepted by memory. The compiler orders plain
// accesses and atomics to one buffer; this unit does not.
`default_nettype none

module ocl_atomic #(
    parameter integer MEM_DW = 512,
    parameter integer AW = 32,
    parameter integer DEPTH = 32,
    parameter integer OP = -1,
    parameter integer RESULT = 1,
    parameter integer HEAD_REG = 0
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                clear,
    output wire                req_can_accept,
    input  wire                req_fire,
    input  wire [AW-1:0]       req_addr,
    input  wire [3:0]          req_op,
    input  wire [31:0]         req_a,
    input  wire [31:0]         req_b,
    output wire                rsp_valid,
    input  wire                rsp_pop,
    output wire [31:0]         rsp_data,
    output wire                idle,
    output wire                writes_done,

    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [AW-1:0]       mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    localparam integer LB = MEM_DW / 8;                 // bytes per line
    localparam integer OFFW = $clog2(LB);               // byte offset bits within a line
    localparam integer NW = MEM_DW / 32;                // words per line
    localparam integer IW = (NW > 1) ? $clog2(NW) : 1;  // word index bits
    localparam integer LW = AW - OFFW;                  // line address bits
    localparam integer WAW = AW - 2;                    // word address bits
    localparam integer WQ_DEPTH = (DEPTH < 4) ? DEPTH : 4;  // write queue entries
    localparam integer NE = DEPTH + WQ_DEPTH;           // word table entries (see Room)
    localparam integer EW = $clog2(NE);                 // entry index bits (NE >= 2)
    localparam integer RW = $clog2(DEPTH + WQ_DEPTH + 1);  // refs bits
    localparam integer MQ_DEPTH = (DEPTH < 4) ? DEPTH : 4;
    localparam integer OP_CMPXCHG = 3;
    localparam integer DESC_OPW = (OP < 0) ? 4 : 0;    // operation bits per request
    localparam integer DESC_BW = (OP < 0 || OP == OP_CMPXCHG) ? 32 : 0;  // req_b bits
    localparam integer DESCW = EW + DESC_OPW + 32 + DESC_BW;
    localparam integer WQW = EW + LW + IW + 32;
    localparam integer OP_LOAD = 11;                    // ops >= this write nothing

    // ---------------------------------------------------------------- request fields
    wire [WAW-1:0] req_waddr = req_addr[AW-1:2];
    wire [LW-1:0]  req_line = req_addr[AW-1:OFFW];
    wire [IW-1:0]  req_word;
    generate
        if (NW > 1) begin : g_word
            assign req_word = req_addr[OFFW-1:2];
        end else begin : g_one_word
            assign req_word = 1'b0;
        end
    endgenerate
    // The byte bits below the word are zero by contract (aligned requests).
    /* verilator lint_off UNUSED */
    wire [1:0] unused_byte = req_addr[1:0];
    /* verilator lint_on UNUSED */

    wire desc_full, desc_empty, rq_full, rq_empty, wq_full, wq_empty;
    wire tag_empty;

    assign req_can_accept = ~desc_full & ~rq_full;
    wire accept = req_fire & req_can_accept;

    // ---------------------------------------------------------------- word table
    wire [NE-1:0]     e_ready;
    wire [NE-1:0]     e_free;     // refs == 0
    wire [NE-1:0]     e_match;    // valid and holding the requested word
    // The entries' values and word addresses as arrays: the head's is one array read (a
    // variable part select of a flat NE-word vector is a general wide select in C++).
    wire [31:0]       e_value [0:NE-1];
    wire [WAW-1:0]    e_addr [0:NE-1];

    // Lookup. At most one valid entry holds a word, so the hit index is the OR of the
    // matching indices. A clear in the same cycle makes every entry stale.
    wire hit = (|e_match) & ~clear;
    wire miss_take = accept & ~hit;
    reg  [EW-1:0] hit_e;
    integer k;
    always @(*) begin
        hit_e = {EW{1'b0}};
        for (k = 0; k < NE; k = k + 1) begin
            if (e_match[k]) hit_e = hit_e | k[EW-1:0];
        end
    end

    // Replacement: the first free entry at or after rr_ptr, else the first free one.
    // Scanned from the top so that the lowest index is written last.
    reg  [EW-1:0] rr_ptr;
    reg  [EW-1:0] pick_e;
    reg           pick_up;
    wire [31:0]   rr_ptr32 = {{(32 - EW){1'b0}}, rr_ptr};
    always @(*) begin
        pick_e = {EW{1'b0}};
        pick_up = 1'b0;
        for (k = NE - 1; k >= 0; k = k - 1) begin
            if (e_free[k] && k >= rr_ptr32) begin
                pick_e = k[EW-1:0];
                pick_up = 1'b1;
            end
        end
        if (!pick_up) begin
            for (k = NE - 1; k >= 0; k = k - 1) begin
                if (e_free[k]) pick_e = k[EW-1:0];
            end
        end
    end
    wire [31:0] pick_e32 = {{(32 - EW){1'b0}}, pick_e};

    always @(posedge clk) begin
        if (rst) begin
            rr_ptr <= {EW{1'b0}};
        end else if (miss_take) begin
            rr_ptr <= (pick_e32 == NE - 1) ? {EW{1'b0}} : pick_e + 1'b1;
        end
    end

    wire [EW-1:0] req_e = hit ? hit_e : pick_e;

    // Head of the descriptor FIFO and the operation done at its pop.
    wire [EW-1:0] head_e;
    wire [3:0]    head_op;
    wire [31:0]   head_a, head_b;
    wire [31:0]   old_value = e_value[head_e];
    wire [31:0]   new_value;
    wire          pop_req;
    generate
        if (RESULT != 0) begin : g_result
            assign pop_req = rsp_pop;
        end else begin : g_no_result
            assign pop_req = 1'b1;
            /* verilator lint_off UNUSED */
            wire unused_pop = rsp_pop;
            /* verilator lint_on UNUSED */
        end
    endgenerate
    wire          pop = pop_req & rsp_valid;
    wire          head_writes = head_op < OP_LOAD[3:0];
    wire          wq_push = pop & head_writes;

    ocl_atomic_alu u_alu (
        .op(head_op),
        .old(old_value),
        .a(head_a),
        .b(head_b),
        .new_value(new_value)
    );

    // Memory read responses fill the entry of the oldest outstanding read.
    wire [EW-1:0]     tag_e;
    wire [IW-1:0]     tag_word;
    wire [31:0]       fill_value = mem_rsp_data[tag_word * 32 +: 32];

    // Write queue head, for the reference dropped when memory accepts it.
    wire [WQW-1:0]    wq_head;
    wire [EW-1:0]     wq_head_e = wq_head[WQW-1 -: EW];
    wire              wq_take;

    genvar i;
    generate
        for (i = 0; i < NE; i = i + 1) begin : g_entry
            reg           valid;
            reg           ready;
            reg [WAW-1:0] addr;
            reg [31:0]    value;
            reg [RW-1:0]  refs;

            wire take    = miss_take & (pick_e == i);             // taken by a miss
            wire ref_inc = accept & (req_e == i);                 // a request refers to it
            wire pop_dec = pop & ~head_writes & (head_e == i);    // answered, nothing to write
            wire wr_dec  = wq_take & (wq_head_e == i);            // its write left
            wire fill    = mem_rsp_valid & ~tag_empty & (tag_e == i);  // its line came back
            wire upd     = wq_push & (head_e == i);               // popped: new value

            always @(posedge clk) begin
                if (rst) begin
                    valid <= 1'b0;
                    refs  <= {RW{1'b0}};
                end else begin
                    if (take) valid <= 1'b1;
                    else if (clear) valid <= 1'b0;
                    refs <= refs + {{(RW - 1){1'b0}}, ref_inc}
                                 - {{(RW - 1){1'b0}}, pop_dec}
                                 - {{(RW - 1){1'b0}}, wr_dec};
                end
            end

            // Contents need no reset: only valid entries are looked up, and a request
            // refers to an entry only after it was taken (ready cleared).
            always @(posedge clk) begin
                if (take) begin
                    addr  <= req_waddr;
                    ready <= 1'b0;
                end else if (fill) begin
                    ready <= 1'b1;
                end
                // fill and upd never meet: a filling entry is not ready, so not popped.
                if (fill) value <= fill_value;
                else if (upd) value <= new_value;
            end

            assign e_ready[i] = ready;
            assign e_free[i]  = (refs == {RW{1'b0}});
            assign e_match[i] = valid & (addr == req_waddr);
            assign e_value[i] = value;
            assign e_addr[i]  = addr;
        end
    endgenerate

    // ---------------------------------------------------------------- requests
    // A descriptor {entry, op, a, b} keeps only the fields that vary (OP).
    wire [DESCW-1:0] desc_in, desc_out;
    generate
        if (OP < 0) begin : g_any_op
            assign desc_in = {req_e, req_op, req_a, req_b};
            assign {head_e, head_op, head_a, head_b} = desc_out;
        end else if (OP == OP_CMPXCHG) begin : g_cmpxchg
            assign desc_in = {req_e, req_a, req_b};
            assign {head_e, head_a, head_b} = desc_out;
            assign head_op = OP_CMPXCHG[3:0];
            /* verilator lint_off UNUSED */
            wire unused_op = ^req_op;
            /* verilator lint_on UNUSED */
        end else begin : g_one_op
            assign desc_in = {req_e, req_a};
            assign {head_e, head_a} = desc_out;
            assign head_op = OP[3:0];
            assign head_b = 32'd0;
            /* verilator lint_off UNUSED */
            wire unused_op_b = ^{req_op, req_b};
            /* verilator lint_on UNUSED */
        end
    endgenerate

    ocl_fifo #(
        .WIDTH(DESCW),
        .DEPTH(DEPTH),
        .HEAD_REG(HEAD_REG)
    ) u_desc (
        .clk(clk),
        .rst(rst),
        .push(accept),
        .push_data(desc_in),
        .pop(pop),
        .pop_data(desc_out),
        .empty(desc_empty),
        .full(desc_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    assign rsp_valid = ~desc_empty & e_ready[head_e] & ~wq_full;
    assign rsp_data  = old_value;
    assign idle      = desc_empty & wq_empty;
    // Without a result nothing pops from outside: a fired request is owed like a write.
    assign writes_done = (RESULT != 0) ? wq_empty : idle;

    // ---------------------------------------------------------------- memory side
    // Line reads waiting for the bus.
    wire [LW-1:0] rq_head;
    wire          rq_take;
    ocl_fifo #(
        .WIDTH(LW),
        .DEPTH(MQ_DEPTH)
    ) u_rq (
        .clk(clk),
        .rst(rst),
        .push(miss_take),
        .push_data(req_line),
        .pop(rq_take),
        .pop_data(rq_head),
        .empty(rq_empty),
        .full(rq_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // Reads issued or waiting, in order: which entry and word each response fills. Each
    // belongs to a waiting miss, so DEPTH entries never overflow.
    ocl_fifo #(
        .WIDTH(EW + IW),
        .DEPTH(DEPTH)
    ) u_tag (
        .clk(clk),
        .rst(rst),
        .push(miss_take),
        .push_data({pick_e, req_word}),
        .pop(mem_rsp_valid),
        .pop_data({tag_e, tag_word}),
        .empty(tag_empty),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .full(),
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // Word writes waiting for the bus.
    wire [IW-1:0] head_word;
    wire [LW-1:0] head_line;
    wire [LW-1:0] wq_line = wq_head[32 + IW +: LW];
    wire [IW-1:0] wq_word = wq_head[32 +: IW];
    wire [31:0]   wq_data = wq_head[31:0];
    ocl_fifo #(
        .WIDTH(WQW),
        .DEPTH(WQ_DEPTH)
    ) u_wq (
        .clk(clk),
        .rst(rst),
        .push(wq_push),
        .push_data({head_e, head_line, head_word, new_value}),
        .pop(wq_take),
        .pop_data(wq_head),
        .empty(wq_empty),
        .full(wq_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    // The head's word address, from its entry (fixed while a request refers to it).
    wire [WAW-1:0] head_waddr = e_addr[head_e];
    assign head_line = head_waddr[WAW-1 -: LW];
    generate
        if (NW > 1) begin : g_head_word
            assign head_word = head_waddr[IW-1:0];
        end else begin : g_head_one_word
            assign head_word = 1'b0;
        end
    endgenerate

    // Bus port: an offered request is held until memory accepts it (hold, hold_write);
    // otherwise writes and reads alternate while both wait.
    reg  hold, hold_write, prefer_write;
    wire sel_write = hold ? hold_write : (~wq_empty & (rq_empty | prefer_write));
    wire mem_take  = mem_req_valid & mem_req_ready;
    assign wq_take = mem_take & sel_write;
    assign rq_take = mem_take & ~sel_write;

    always @(posedge clk) begin
        if (rst) begin
            hold         <= 1'b0;
            hold_write   <= 1'b0;
            prefer_write <= 1'b0;
        end else begin
            hold       <= mem_req_valid & ~mem_req_ready;
            hold_write <= sel_write;
            if (mem_take) prefer_write <= ~sel_write;
        end
    end

    // The write as a line: the value in every word slot (no shifter), strobes on its own.
    wire [LB-1:0] word_strb = ~({LB{1'b1}} << 4);  // low 4 bits (all when LB == 4)

    assign mem_req_valid = ~wq_empty | ~rq_empty;
    assign mem_req_we    = sel_write;
    assign mem_req_addr  = {sel_write ? wq_line : rq_head, {OFFW{1'b0}}};
    assign mem_req_wdata = {NW{wq_data}};
    assign mem_req_wstrb = sel_write ? (word_strb << (wq_word * 4)) : {LB{1'b0}};
endmodule

`default_nettype wire
