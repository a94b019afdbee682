// SPDX-License-Identifier: MIT
//
// ocl_line_engine: the memory side of a line kernel (docs/architecture.md "Line kernels"):
// an NDRange kernel whose every global access is a[get_global_id(0)] of one element size,
// run a memory line at a time. A step is the W = MEM_DW / EW work-items of one line: it
// reads one line of each load stream, the kernel's lanes (generated, one copy of the
// datapath per work-item of the line) compute from those lines in one cycle, and the
// engine writes one line of each store stream, masked to the lanes in the range whose
// store predicate holds. Nothing is queued: one line register per load stream but the
// last (whose line the lanes take straight off the bus) and one per store stream.
//
// Parameters
//   R       load streams (0 or more)
//   S       store streams (1 or more)
//   MEM_DW  memory line width in bits (a power of two, >= EW and >= 16, as for the LSUs)
//   EW      element width in bits: 8, 16, 32 or 64
//   AW      byte-address bits the engine drives (the rest of mem_req_addr is 0); pointers
//           must be aligned to the line (the runtime aligns buffers to 128 bytes)
//   LD_WORDS, ST_WORDS
//           the kernel CSR words (byte offset / 4, docs/architecture.md "Within a kernel
//           window") of the streams' base pointers, stream k at [8k +: 8]
//   OFFSET_WORD  the CSR word of GLOBAL_OFFSET x (0x04)
//
// Launch state: the engine keeps what it walks through itself, loaded from the host's
// writes to the kernel's CSR window while it is idle (a write while busy is not its): the
// line of the first step and its lane from GLOBAL_OFFSET x, and the line part of each
// stream's pointer in a ring of registers that turns by one slot per access slot, so the
// slot's pointer is always the ring's first (no multiplexer of pointers) and a run, a
// whole number of turns, leaves the ring as loaded. The CSR's own copies of those words
// then have no reader and synthesis drops them. A run changes the line register: the
// host writes GLOBAL_OFFSET x again before each start (the runtime does, for every row).
//
// Ids: the engine counts lines, not work-items, in the IW = AW - log2(EW/8) bits of an
// element index of the AW-bit address space: the first and last ids must be below 2^IW.
// Nothing is lost by that: a work-item with a larger id has every element it could access
// outside the memory, so it may not access one (the runtime clamps the range to the meta's
// line_ids, docs/architecture.md "Line kernels"), and the ids the lanes see are exact.
//
// Ports
//   host_wr, host_word, host_wdata
//                  the host's writes to the kernel's CSR window (word index, data)
//   start          1-cycle pulse: run from GLOBAL_OFFSET x as last written to last_gid
//                  (x only; a range of several rows is run once per row by the runtime)
//   last_gid       the range's last id; read throughout the run (it must hold while busy,
//                  as the kernel's CSR register does); bits from IW up are not read
//   busy           high from the cycle after start until the last line is written
//   step_gid       during compute: the global id of the step's lane 0 (aligned to W;
//                  bits from IW up are 0, as in next_gid)
//   next_gid, take the same a step earlier: in a cycle with take high, next_gid is the id
//                  of the step whose compute comes next (at least a cycle later, and before
//                  the next take). Lanes register what they compute from the ids alone on
//                  take, so that logic is off the path from the memory to the stores.
//   lane_on        during compute: the lanes whose global id is in the range
//   ld_line        during compute: load stream k's line at [k*MEM_DW +: MEM_DW]
//   compute        1-cycle: the lanes' st_data and st_lane_we are taken in this cycle
//   st_data        store stream s's line at [s*MEM_DW +: MEM_DW], from the lanes
//   st_lane_we     store stream s's lane l writes (its predicate) at [s*W + l]
//   mem_*          bus master (docs/architecture.md "The global-memory bus"); responses
//                  come back in order, any number of cycles after the request
//
// Order of the memory accesses (a rotation per step j, one access per cycle when memory is
// ready): the reads of step j's load streams 0 .. R-2, the writes of step j-1's store
// streams 0 .. S-1, the read of step j's load stream R-1. So with a 1-cycle memory the
// last line of step j arrives (compute) while step j+1's first read goes out, and step j's
// writes follow it: R + S cycles per W work-items, memory busy every cycle (with R < 2, one
// cycle more: the results are not back when the first write's slot comes). Every step
// writes a line of every store stream, with all strobes low if no lane stores. A step's loads
// are read before its stores write, as in each work-item's program order (a load after a
// store to the same address keeps a kernel off the engine: hls/transform/line_kernel.c). With R = 0
// the read slot is an empty cycle; its compute comes a cycle later.
`default_nettype none

module ocl_line_engine #(
    parameter integer R = 2,
    parameter integer S = 1,
    parameter integer MEM_DW = 64,
    parameter integer EW = 32,
    parameter integer AW = 17,
    parameter LD_WORDS = 16'h2120,              // R = 0: one word, not read
    parameter ST_WORDS = 8'h22,
    parameter [7:0] OFFSET_WORD = 8'h04
) (
    input  wire                       clk,
    input  wire                       rst,
    input  wire                       host_wr,
    input  wire [7:0]                 host_word,
    input  wire [31:0]                host_wdata,
    input  wire                       start,
    input  wire [31:0]                last_gid,
    output reg                        busy,

    output wire [31:0]                step_gid,
    output wire [31:0]                next_gid,
    output wire                       take,
    output wire [W-1:0]               lane_on,
    output wire [RP*MEM_DW-1:0]       ld_line,
    output wire                       compute,
    input  wire [S*MEM_DW-1:0]        st_data,
    input  wire [S*W-1:0]             st_lane_we,

    output wire                       mem_req_valid,
    input  wire                       mem_req_ready,
    output wire                       mem_req_we,
    output wire [31:0]                mem_req_addr,
    output wire [MEM_DW-1:0]          mem_req_wdata,
    output wire [MEM_DW/8-1:0]        mem_req_wstrb,
    input  wire                       mem_rsp_valid,
    input  wire [MEM_DW-1:0]          mem_rsp_data
);
    localparam integer RP = R > 0 ? R : 1;      // read slots (R = 0: one empty slot)
    localparam integer W = MEM_DW / EW;         // lanes: work-items per line
    localparam integer LB = W > 1 ? $clog2(W) : 1;
    localparam integer EB = EW / 8;             // bytes per element
    localparam integer P = RP + S;              // slots of a rotation
    localparam integer PB = P > 1 ? $clog2(P) : 1;
    localparam integer RB = RP > 1 ? $clog2(RP) : 1;
    localparam integer LINE_BYTES = MEM_DW / 8;
    localparam integer LBY = LINE_BYTES > 1 ? $clog2(LINE_BYTES) : 0;
    localparam integer LANE_BITS = W > 1 ? $clog2(W) : 0;
    localparam integer LAW = AW - LBY;          // line-index bits

    localparam integer P_M1 = P - 1, RP_M1 = RP - 1;
    localparam [PB-1:0] LAST_SLOT = P_M1[PB-1:0];     // read R-1 (R = 0: the empty slot)
    localparam [PB-1:0] FIRST_WRITE = RP_M1[PB-1:0];  // the slots of the writes follow
    localparam [PB-1:0] LAST_WRITE = P_M1[PB-1:0] - 1'b1;
    localparam [RB-1:0] LAST_READ = RP_M1[RB-1:0];

    /* verilator lint_off UNUSED */  // the pointers' bits within the line are 0; ids < 2^IW
                                     // (IW = LAW + LANE_BITS)
    wire unused_bits = |{host_wdata, last_gid};
    /* verilator lint_on UNUSED */
    wire           load = host_wr & !busy;  // the host's write, while idle

    reg  [PB-1:0]  slot;
    // A line counter, moved on when a step's writes are done: in the rotation of step j
    // it holds j - 1 until the writes of step j - 1 are out (so its reads before them go
    // to line + 1, the writes to line) and j from then on (the last read, take, compute).
    // The first step has no writes before it: line starts at it.
    reg  [LAW-1:0] line;
    reg            first_step;     // the range's first step is not out yet
    /* verilator lint_off UNUSED */  // W = 1: one lane
    reg  [LB-1:0]  first_lane;     // the range's first lane
    /* verilator lint_on UNUSED */
    reg            issue_done;     // every step's reads are out
    /* verilator lint_off UNUSED */  // W = 1: every lane is in the range
    reg            compute_first, compute_last;  // the step being computed is the first, last
    /* verilator lint_on UNUSED */
    reg            pending;        // a step's stores are still to be written
    reg            results_valid;
    reg  [RB-1:0]  rsp_count;      // responses of the current step so far
    reg  [S*MEM_DW-1:0] res_data;
    reg  [S*W-1:0]      res_we;

    wire           is_read_slot;
    wire           ahead;  // a read before the writes while they are pending: line + 1
    generate
        if (RP > 1) begin : g_reads_first
            assign is_read_slot = slot < FIRST_WRITE || slot == LAST_SLOT;
        end else begin : g_read_last
            assign is_read_slot = slot == LAST_SLOT;
        end
    endgenerate
    wire [PB-1:0]  write_index = slot - FIRST_WRITE;
    wire [PB-1:0]  next_slot = slot == LAST_SLOT ? {PB{1'b0}} : slot + 1'b1;
    wire           last_now = line == last_gid[LANE_BITS +: LAW];  // at a take: the last

    // This slot's access; a slot with nothing to do passes in one cycle.
    wire read_now  = is_read_slot & !issue_done & (R > 0);
    wire write_now = !is_read_slot & pending & results_valid;
    wire wait_now  = !is_read_slot & pending & !results_valid;
    wire advance   = (read_now | write_now) ? mem_req_ready : !wait_now;
    wire closes_step = slot == LAST_SLOT & !issue_done & advance;
    wire writes_done = write_now & mem_req_ready & slot == LAST_WRITE;

    // ahead: slots 0 .. R-2 of every rotation but the first (the writes of the step before
    // are pending then), registered: it is the carry into the address adder, on the path
    // to memory.
    generate
        if (RP > 1) begin : g_ahead
            reg ahead_q;
            always @(posedge clk)
                if (start)
                    ahead_q <= 1'b0;
                else if (busy && advance)
                    ahead_q <= next_slot < FIRST_WRITE && !(first_step && !closes_step);
            assign ahead = ahead_q;
        end else begin : g_no_ahead
            assign ahead = 1'b0;
        end
    endgenerate

    // The ring of pointers: entry e holds the pointer of slot (slot + e) mod P, so entry
    // 0 is this slot's. Loaded in slot order while idle (slot 0), turned on each advance.
    wire [P*LAW-1:0] ring;
    genvar e;
    generate
        for (e = 0; e < P; e = e + 1) begin : g_ring
            // slot e's pointer word: reads 0 .. R-2, the writes, read R-1 last
            wire [7:0] word;
            if (e < RP - 1 || e == P - 1) begin : g_read
                assign word = LD_WORDS[8 * (e == P - 1 ? RP - 1 : e) +: 8];
            end else begin : g_write
                assign word = ST_WORDS[8 * (e - (RP - 1)) +: 8];
            end
            reg [LAW-1:0] ptr;
            always @(posedge clk)
                if (load && host_word == word)
                    ptr <= host_wdata[LBY +: LAW];
                else if (busy && advance)
                    ptr <= ring[((e + 1) % P) * LAW +: LAW];
            assign ring[e * LAW +: LAW] = ptr;
        end
    endgenerate
    wire [LAW-1:0] ptr_line = ring[LAW-1:0];

    assign mem_req_valid = busy & (read_now | write_now);
    assign mem_req_we    = write_now;
    // Reads ahead of the writes: the adder's carry in, so no multiplexer of lines.
    wire [LAW-1:0] line_addr = ptr_line + line + {{(LAW - 1){1'b0}}, ahead};
    assign mem_req_addr = {{(32 - LAW){1'b0}}, line_addr} << LBY;
    assign mem_req_wdata = res_data[write_index * MEM_DW +: MEM_DW];
    genvar b;
    generate
        for (b = 0; b < MEM_DW / 8; b = b + 1) begin : g_strobe
            assign mem_req_wstrb[b] = res_we[write_index * W + b / EB];
        end
    endgenerate

    // The lines: stream k < R-1 from its register, the last stream off the bus.
    generate
        if (R > 1) begin : g_lines
            reg [(R - 1) * MEM_DW - 1:0] lines;
            integer k;
            always @(posedge clk)
                for (k = 0; k < R - 1; k = k + 1)
                    if (mem_rsp_valid && rsp_count == k[RB-1:0])
                        lines[k * MEM_DW +: MEM_DW] <= mem_rsp_data;
            assign ld_line = {mem_rsp_data, lines};
        end else if (R == 1) begin : g_bus_line
            assign ld_line = mem_rsp_data;
        end else begin : g_no_line
            assign ld_line = {MEM_DW{1'b0}};
            /* verilator lint_off UNUSED */
            wire unused_rsp = |mem_rsp_data;
            /* verilator lint_on UNUSED */
        end
        if (R > 0) begin : g_compute_read
            assign compute = mem_rsp_valid & rsp_count == LAST_READ;
        end else begin : g_compute_empty
            reg empty_rsp;  // the empty read slot's "response", a cycle after it
            always @(posedge clk) empty_rsp <= !rst && busy && closes_step;
            assign compute = empty_rsp;
        end
    endgenerate
    // A step's compute comes after its take and before its writes, so line is that step
    // then as at the take.
    assign step_gid = {{(32 - LAW){1'b0}}, line} << LANE_BITS;
    assign next_gid = step_gid;
    assign take = busy & closes_step;

    genvar l;
    generate
        for (l = 0; l < W; l = l + 1) begin : g_lane_on
            localparam [LB-1:0] LANE = l;
            wire after_first, before_last;
            // the highest lane is never before the first, the lowest never after the last
            if (l == W - 1) begin : g_highest
                assign after_first = 1'b1;
            end else begin : g_below_highest
                assign after_first = !compute_first || first_lane <= LANE;
            end
            if (l == 0) begin : g_lowest
                assign before_last = 1'b1;
            end else begin : g_above_lowest
                assign before_last = !compute_last || last_gid[LB-1:0] >= LANE;
            end
            assign lane_on[l] = after_first & before_last;
        end
    endgenerate

    // The first step's line and lane, from the host's write of GLOBAL_OFFSET x; the line
    // moves on as each step's writes are done (only while busy, when the host's are not).
    always @(posedge clk)
        if (load && host_word == OFFSET_WORD) begin
            line <= host_wdata[LANE_BITS +: LAW];
            first_lane <= host_wdata[LB-1:0];
        end else if (writes_done) begin
            line <= line + 1'b1;
        end

    integer k;
    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
            slot <= {PB{1'b0}};
            issue_done <= 1'b1;
            pending <= 1'b0;
            results_valid <= 1'b0;
            rsp_count <= {RB{1'b0}};
        end else if (start) begin
            busy <= 1'b1;
            first_step <= 1'b1;
            issue_done <= 1'b0;
            pending <= 1'b0;
            results_valid <= 1'b0;
            rsp_count <= {RB{1'b0}};
        end else if (busy) begin
            if (advance)
                slot <= next_slot;
            if (closes_step) begin
                first_step <= 1'b0;
                compute_first <= first_step;
                compute_last <= last_now;
                issue_done <= last_now;
                pending <= 1'b1;
            end
            if (mem_rsp_valid)
                rsp_count <= rsp_count == LAST_READ ? {RB{1'b0}} : rsp_count + 1'b1;
            if (compute)
                results_valid <= 1'b1;
            if (writes_done) begin
                pending <= 1'b0;
                results_valid <= 1'b0;
            end
            // the last write is out, so this is the final slot: it passes (to slot 0,
            // the ring turned whole again) as busy falls
            if (issue_done && !pending)
                busy <= 1'b0;
        end
    end

    always @(posedge clk) begin
        if (compute) begin
            res_data <= st_data;
            for (k = 0; k < S; k = k + 1)
                res_we[k * W +: W] <= st_lane_we[k * W +: W] & lane_on;
        end
    end
endmodule

`default_nettype wire
