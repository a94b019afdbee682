// SPDX-License-Identifier: MIT
//
// ocl_pipe_port: a kernel's end of an OpenCL 2.0 pipe object kept as a ring buffer in global
// memory (layout: issue 8 contract; header at base: u32 write index @0, read index @4,
// max_packets @8; packet i at base + 64 + (i mod max_packets) * stride). One instance per
// pipe argument; WRITE_END selects the writer or the reader end.
//
// Parameters
//   MEM_DW      memory line width in bits: a power of two, 64..512
//   PW          packet bits the kernel uses: 8 * stride (power of two, 8..MEM_DW)
//   WRITE_END   1: the kernel writes the pipe; 0: it reads it
//   DEPTH       reader: lines fetched ahead (in flight + buffered, >= 1)
//   IDLE_FLUSH  cycles without a packet command after which the writer writes its partial
//               line and both ends publish their index
//
// Ports
//   start       1-cycle pulse at kernel launch: (re)load the header from base; commands wait
//               until it is loaded. The port must be idle when start comes.
//   base        the pipe's device address (64-byte aligned), stable from start to the end
//   cmd_*       one command per accepted cycle (valid/ready); cmd_ready depends on registers
//               only. Ops: 0 PUT data, 1 GET, 2 RESERVE arg=n, 3 PUT_AT arg=index data,
//               4 GET_AT arg=index, 5 COMMIT, 6 NUM, 7 MAX.
//   rsp_*       one response per command, in command order (registered, 2-entry FIFO):
//               rsp_status 0 = done, 0xFFFFFFFF = refused (full/empty/no room/bad index or an op
//               of the other end); RESERVE: the reservation's first packet index; NUM: packets
//               in the pipe as this end knows them; MAX: max_packets. rsp_data: GET/GET_AT.
//   mem_*       global-memory bus master (docs/architecture.md), responses in order
//   idle        no command pending, no memory request queued or in flight, every packet
//               written is in memory and this end's index is published (registered)
//
// Behaviour
//   Writer: PUTs and PUT_ATs merge into a line buffer (byte strobes); the buffer is written
//   when a packet goes to another line, when the pipe looks full, or after IDLE_FLUSH quiet
//   cycles. After line writes the write index word is written (same queue: data first).
//   Reader: whole lines of known packets are fetched ahead (DEPTH lines in flight or held)
//   and GETs are served from them; the read index is written after each finished line and
//   after IDLE_FLUSH quiet cycles. Each end polls the other end's index word (one poll in
//   flight at most) while it runs low and commands came recently, and re-reads it once
//   before answering full / empty / no room.
//   Reservations: RESERVE takes n packet indices at once (the reader first drops its
//   fetched lines, then refetches after the reservation). PUT_AT/GET_AT take absolute
//   indices inside reservations. The published index stops at the first reservation while
//   any is outstanding (COMMITs count them down; reservations commit in order).
//   Packet slots are computed from an anchor (the index of the oldest uncommitted packet),
//   so no division is needed except the one at start (index mod max_packets, 32 cycles).
//
// Note: a RESERVE that succeeds with index 0xFFFFFFFF looks like a refusal; the caller
// should check (status == 0xFFFFFFFF) together with NUM or retry.
`default_nettype none

module ocl_pipe_port #(
    parameter integer MEM_DW = 512,
    parameter integer PW = 32,
    parameter integer WRITE_END = 1,
    parameter integer DEPTH = 8,
    parameter integer IDLE_FLUSH = 4
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                start,
    input  wire [31:0]         base,

    input  wire                cmd_valid,
    output wire                cmd_ready,
    input  wire [2:0]          cmd_op,
    input  wire [31:0]         cmd_arg,
    input  wire [PW-1:0]       cmd_data,
    output wire                rsp_valid,
    input  wire                rsp_ready,
    output wire [PW-1:0]       rsp_data,
    output wire [31:0]         rsp_status,

    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [31:0]         mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data,

    output wire                idle
);
    localparam IS_W = (WRITE_END != 0);
    localparam integer LB = MEM_DW / 8;               // bytes per line
    localparam integer SB = $clog2(PW / 8);           // log2(stride)
    localparam integer PPL = MEM_DW / PW;             // packets per line
    localparam integer WW = (PPL > 1) ? $clog2(PPL) : 1;
    localparam integer CW = $clog2(PPL) + 1;          // packet count in a line: 1..PPL
    localparam [31:0] PPL_M1 = PPL - 1;
    localparam [WW-1:0] WMASK = PPL_M1[WW-1:0];
    localparam integer HDR_LINES = (LB >= 12) ? 1 : 2;
    localparam integer RQW = 2 + 1 + 32 + MEM_DW + LB;  // request entry: tag, we, addr, data, strb
    localparam integer TQ_DEPTH = DEPTH + 4;
    localparam [31:0] NONE = 32'hFFFFFFFF;
    localparam [2:0] OP_PUT = 3'd0, OP_GET = 3'd1, OP_RESERVE = 3'd2, OP_PUT_AT = 3'd3,
                     OP_GET_AT = 3'd4, OP_COMMIT = 3'd5, OP_NUM = 3'd6, OP_MAX = 3'd7;
    localparam [1:0] T_HDR = 2'd0, T_POLL = 2'd1, T_FETCH = 2'd2, T_DIRECT = 2'd3;
    // The index word this end publishes and the one it polls (word k of line 0).
    localparam integer OWN_WORD = IS_W ? 0 : 1;
    localparam integer OTHER_WORD = IS_W ? 1 : 0;
    localparam [7:0] ACTIVE_CYCLES = 8'd64;

    // ------------------------------------------------------------------ state
    reg         loading;        // header requested, not all of it back yet (or dividing)
    reg  [1:0]  hdr_sent, hdr_got;
    reg  [5:0]  div_left;       // start: own_slot = own_idx mod max, one bit per cycle
    reg         hdr_ok;
    reg  [31:0] max_p;
    reg  [31:0] own_idx, own_slot;   // next packet this end allocates (PUT/GET/RESERVE)
    reg  [31:0] other_idx;           // the other end's index as last read
    reg  [31:0] anc_idx, anc_slot;   // first packet of the oldest outstanding reservation
    reg  [31:0] outs;                // outstanding reservations
    reg  [31:0] pub_sent, pub_want;  // index written / to write to this end's word
    reg  [2:0]  pushes_since_pub;
    reg         poll_busy;           // a poll is queued or in flight
    reg  [7:0]  active;              // counts down after each command
    reg  [7:0]  quiet;               // cycles since the last packet command (saturating)

    reg          cur_valid;
    reg  [2:0]   cur_op;
    reg  [31:0]  cur_arg;
    reg  [PW-1:0] cur_data;
    reg          cur_pollreq, cur_polled;   // fresh re-read of the other index for this cmd
    reg          cur_dreq, cur_dgot;        // GET_AT line read issued / back
    reg  [MEM_DW-1:0] direct_line;

    // ------------------------------------------------------------------ helpers
    wire [31:0] used = own_idx - other_idx;        // writer: packets in the pipe it knows
    wire [31:0] avail = other_idx - own_idx;       // reader: known packets not taken
    wire [31:0] room = max_p - used;
    wire [31:0] a_idx = (outs == 32'd0) ? own_idx : anc_idx;
    wire [31:0] a_slot = (outs == 32'd0) ? own_slot : anc_slot;
    wire [31:0] pub_now = a_idx;   // everything before it is complete

    function automatic [31:0] slot_addr(input [31:0] slot);
        slot_addr = base + 32'd64 + (slot << SB);
    endfunction
    // slot mod PPL: the packet's place in its line (lines hold whole packets).
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [WW-1:0] slot_word(input [31:0] slot);
        slot_word = slot[WW-1:0] & WMASK;
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function automatic [31:0] line_of(input [31:0] addr);
        line_of = addr & ~(LB - 1);
    endfunction

    // Slot of an absolute index (PUT_AT/GET_AT): valid while it is within max of the anchor.
    wire [31:0] at_dist = cur_arg - a_idx;
    wire        at_ok = at_dist < max_p;
    // Ring arithmetic, (slot + n) mod max for slot < max and n <= max: the wrapped sum is
    // below max, so 32 bits of the difference suffice.
    wire [32:0] at_sum = {1'b0, a_slot} + {1'b0, at_dist};
    wire [31:0] at_slot = (at_sum >= {1'b0, max_p}) ? at_sum[31:0] - max_p : at_sum[31:0];
    wire [31:0] at_addr = slot_addr(at_slot);

    // ------------------------------------------------------------------ memory request queue
    wire           rq_full, rq_empty;
    wire [RQW-1:0] rq_head;
    reg            rq_push;
    reg  [RQW-1:0] rq_entry;
    wire           tq_empty;
    wire [1:0]     tq_head;

    ocl_fifo #(
        .WIDTH(RQW),
        .DEPTH(4)
    ) u_rq (
        .clk(clk),
        .rst(rst),
        .push(rq_push),
        .push_data(rq_entry),
        .pop(mem_req_ready),
        .pop_data(rq_head),
        .empty(rq_empty),
        .full(rq_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );
    assign mem_req_valid = ~rq_empty;
    assign mem_req_we    = rq_head[RQW-3];
    assign mem_req_addr  = rq_head[RQW-4 -: 32];
    assign mem_req_wdata = rq_head[LB +: MEM_DW];
    assign mem_req_wstrb = rq_head[LB-1:0];

    // Tags of reads in flight: responses come back in order.
    wire mem_read_fire = mem_req_valid & mem_req_ready & ~mem_req_we;
    ocl_fifo #(
        .WIDTH(2),
        .DEPTH(TQ_DEPTH)
    ) u_tq (
        .clk(clk),
        .rst(rst),
        .push(mem_read_fire),
        .push_data(rq_head[RQW-1 -: 2]),
        .pop(mem_rsp_valid),
        .pop_data(tq_head),
        .empty(tq_empty),
        // Never full: reads in flight <= DEPTH fetches + 2 header lines + poll + direct.
        /* verilator lint_off PINCONNECTEMPTY */
        .full(),
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );
    wire rsp_hdr    = mem_rsp_valid & (tq_head == T_HDR);
    wire rsp_poll   = mem_rsp_valid & (tq_head == T_POLL);
    wire rsp_fetch  = mem_rsp_valid & (tq_head == T_FETCH);
    wire rsp_direct = mem_rsp_valid & (tq_head == T_DIRECT);
    wire [31:0] rsp_other_word = mem_rsp_data[32*OTHER_WORD +: 32];

    function automatic [RQW-1:0] rd_entry(input [1:0] tag, input [31:0] addr);
        rd_entry = {tag, 1'b0, line_of(addr), {MEM_DW{1'b0}}, {LB{1'b0}}};
    endfunction
    wire [LB-1:0] pub_strb = {{(LB - 4){1'b0}}, 4'hF} << (4 * OWN_WORD);
    wire [RQW-1:0] pub_entry = {T_HDR, 1'b1, base, {(MEM_DW / 32){pub_want}}, pub_strb};

    // ------------------------------------------------------------------ writer line buffer
    reg              buf_valid;
    reg [31:0]       buf_line;
    reg [MEM_DW-1:0] buf_data;
    reg [LB-1:0]     buf_strb;

    // ------------------------------------------------------------------ reader fetch state
    reg  [31:0]  f_idx, f_slot;       // next packet to fetch
    reg  [CW-1:0] consumed;           // packets taken from the head line
    wire         desc_full, desc_empty, line_empty;
    wire [WW-1:0] head_word;
    wire [CW-1:0] head_cnt;
    wire [MEM_DW-1:0] head_line;
    wire         head_ok = ~desc_empty & ~line_empty;
    wire [WW-1:0] get_word = head_word + consumed[WW-1:0];

    // Fetch size: to the end of the line, the ring, or the known packets.
    wire [WW-1:0] f_word = slot_word(f_slot);
    wire [31:0]  f_left_line = PPL - {{(32 - WW){1'b0}}, f_word};
    wire [31:0]  f_left_ring = max_p - f_slot;
    wire [31:0]  f_left_known = other_idx - f_idx;
    wire [31:0]  f_cnt_a = (f_left_line < f_left_ring) ? f_left_line : f_left_ring;
    wire [31:0]  f_cnt = (f_cnt_a < f_left_known) ? f_cnt_a : f_left_known;
    wire [32:0]  f_sum = {1'b0, f_slot} + {1'b0, f_cnt};

    // ------------------------------------------------------------------ command decode
    wire is_put   = cur_valid & (cur_op == OP_PUT);
    wire is_get   = cur_valid & (cur_op == OP_GET);
    wire is_res   = cur_valid & (cur_op == OP_RESERVE);
    wire is_putat = cur_valid & (cur_op == OP_PUT_AT);
    wire is_getat = cur_valid & (cur_op == OP_GET_AT);
    wire own_op   = IS_W ? ~(is_get | is_getat) : ~(is_put | is_putat);

    wire rspq_full;
    wire res_bad  = (cur_arg == 32'd0) | (cur_arg > max_p);
    wire res_fits = IS_W ? (cur_arg <= room) : (cur_arg <= avail);
    wire put_room = used != max_p;

    // Writer: the packet this command writes, and whether the buffer must go out first.
    wire [31:0]   w_slot = is_put ? own_slot : at_slot;
    wire [31:0]   w_line = line_of(slot_addr(w_slot));
    wire [WW-1:0] w_word = slot_word(w_slot);
    wire          w_cmd = IS_W & hdr_ok & ((is_put & put_room) | (is_putat & at_ok));
    wire          w_other_line = buf_valid & (buf_line != w_line);
    // Reader: RESERVE drops fetched lines first; fetching stops while it waits.
    wire          drained = desc_empty;

    // Waiting for a fresh read of the other end's index before a refusal.
    wire need_fresh = hdr_ok & ~cur_polled & own_op &
                      (IS_W ? ((is_put & ~put_room) | (is_res & ~res_bad & ~res_fits))
                            : ((is_get & ~head_ok & (avail == 32'd0)) |
                               (is_res & ~res_bad & drained & ~res_fits)));

    // ------------------------------------------------------------------ request selection
    // Priority: header, writer line, index publish (first if 2+ lines went out without it),
    // poll, direct read, fetch. One push per cycle.
    wire flush_want = buf_valid & (quiet >= IDLE_FLUSH[7:0] | need_fresh);
    wire line_want  = IS_W & buf_valid & ((w_cmd & w_other_line) | flush_want);
    wire pub_want_q = hdr_ok & (pub_want != pub_sent);
    wire pub_first  = pub_want_q & (pushes_since_pub >= 3'd2);
    wire fresh_poll_want = need_fresh & ~cur_pollreq & ~poll_busy & ~buf_valid &
                           (pub_want == pub_now) & (pub_sent == pub_now);
    wire bg_poll_want = hdr_ok & (active != 8'd0) & ~poll_busy &
                        (IS_W ? ({used, 1'b0} >= {1'b0, max_p})
                              : ((other_idx - f_idx) < PPL));
    wire poll_want  = fresh_poll_want | bg_poll_want;
    wire direct_want = ~IS_W & hdr_ok & is_getat & at_ok & ~cur_dreq;
    wire fetch_want = ~IS_W & hdr_ok & ~is_res & (f_idx != other_idx) & ~desc_full;
    wire hdr_want   = loading & (hdr_sent != HDR_LINES[1:0]);

    reg g_hdr, g_line, g_pub, g_poll, g_direct, g_fetch;
    always @(*) begin
        g_hdr = 1'b0;
        g_line = 1'b0;
        g_pub = 1'b0;
        g_poll = 1'b0;
        g_direct = 1'b0;
        g_fetch = 1'b0;
        rq_entry = rd_entry(T_HDR, base + {30'd0, hdr_sent} * LB);
        if (!rq_full) begin
            if (hdr_want) g_hdr = 1'b1;
            else if (line_want && !pub_first) g_line = 1'b1;
            else if (pub_want_q) g_pub = 1'b1;
            else if (poll_want) g_poll = 1'b1;
            else if (direct_want) g_direct = 1'b1;
            else if (fetch_want) g_fetch = 1'b1;
        end
        if (g_line) rq_entry = {T_HDR, 1'b1, buf_line, buf_data, buf_strb};
        if (g_pub) rq_entry = pub_entry;
        if (g_poll) rq_entry = rd_entry(T_POLL, base);
        if (g_direct) rq_entry = rd_entry(T_DIRECT, at_addr);
        if (g_fetch) rq_entry = rd_entry(T_FETCH, slot_addr(f_slot));
        rq_push = g_hdr | g_line | g_pub | g_poll | g_direct | g_fetch;
    end

    // ------------------------------------------------------------------ command completion
    reg          done;
    reg [31:0]   status;
    reg [PW-1:0] rdata;
    always @(*) begin
        done = 1'b0;
        status = 32'd0;
        rdata = {PW{1'b0}};
        if (cur_valid && hdr_ok && !rspq_full) begin
            if (!own_op) begin
                done = 1'b1;
                status = NONE;
            end else begin
                case (cur_op)
                    OP_PUT: begin
                        if (put_room) done = ~w_other_line | g_line;
                        else if (cur_polled) begin
                            done = 1'b1;
                            status = NONE;
                        end
                    end
                    OP_PUT_AT: begin
                        done = ~at_ok | ~w_other_line | g_line;
                        status = at_ok ? 32'd0 : NONE;
                    end
                    OP_GET: begin
                        rdata = head_line[{{(32 - WW){1'b0}}, get_word} * PW +: PW];
                        if (head_ok) done = 1'b1;
                        else if (avail == 32'd0 && cur_polled) begin
                            done = 1'b1;
                            status = NONE;
                        end
                    end
                    OP_GET_AT: begin
                        rdata = direct_line[slot_word(at_slot) * PW +: PW];
                        done = ~at_ok | cur_dgot;
                        status = at_ok ? 32'd0 : NONE;
                    end
                    OP_RESERVE: begin
                        status = NONE;
                        if (res_bad) done = 1'b1;
                        else if (IS_W || drained) begin
                            if (res_fits) begin
                                done = 1'b1;
                                status = own_idx;
                            end else done = cur_polled;
                        end
                    end
                    OP_COMMIT: done = 1'b1;
                    OP_NUM: begin
                        done = 1'b1;
                        status = IS_W ? used : avail;
                    end
                    OP_MAX: begin
                        done = 1'b1;
                        status = max_p;
                    end
                endcase
            end
        end
    end

    // What a done command does to the indices.
    wire take_one = done & (status == 32'd0) & (is_put | is_get);
    wire take_res = done & is_res & (status != NONE);
    wire put_into_buf = done & (status == 32'd0) & (is_put | is_putat);
    wire head_pop = ~IS_W & ((take_one & (consumed + 1'b1 == head_cnt)) |
                             (((is_res & ~res_bad) | loading) & head_ok));
    wire [31:0] n_take = take_res ? cur_arg : 32'd1;
    wire [31:0] own_idx_next = (take_one | take_res) ? own_idx + n_take : own_idx;
    wire [32:0] own_sum = {1'b0, own_slot} + {1'b0, n_take};
    wire [31:0] own_slot_add = (own_sum >= {1'b0, max_p}) ? own_sum[31:0] - max_p : own_sum[31:0];
    wire [31:0] own_slot_next = (take_one | take_res) ? own_slot_add : own_slot;

    assign cmd_ready = ~cur_valid | done;

    always @(posedge clk) begin
        if (rst) begin
            cur_valid <= 1'b0;
            cur_pollreq <= 1'b0;
            cur_polled <= 1'b0;
            cur_dreq <= 1'b0;
            cur_dgot <= 1'b0;
        end else begin
            if (cmd_ready) begin
                cur_valid <= cmd_valid;
                cur_pollreq <= 1'b0;
                cur_polled <= 1'b0;
                cur_dreq <= 1'b0;
                cur_dgot <= 1'b0;
            end else begin
                if (g_poll && fresh_poll_want) cur_pollreq <= 1'b1;
                if (rsp_poll && cur_pollreq) cur_polled <= 1'b1;
                if (g_direct) cur_dreq <= 1'b1;
                if (rsp_direct) cur_dgot <= 1'b1;
            end
        end
    end
    always @(posedge clk) begin
        if (cmd_ready) begin
            cur_op <= cmd_op;
            cur_arg <= cmd_arg;
            cur_data <= cmd_data;
        end
        if (rsp_direct) direct_line <= mem_rsp_data;
    end

    // ------------------------------------------------------------------ indices and header
    wire [31:0] hdr_w0 = mem_rsp_data[31:0];
    wire [31:0] hdr_w1 = mem_rsp_data[63:32];
    wire [31:0] hdr_max = mem_rsp_data[((HDR_LINES == 1) ? 64 : 0) +: 32];
    wire [4:0]  div_bit = div_left[4:0] - 5'd1;   // 31 down to 0
    wire [32:0] div_rem2 = {own_slot, own_idx[div_bit]};
    wire [31:0] div_sub = div_rem2[31:0] - max_p;
    wire [31:0] pub_after = (outs == 32'd0 && !take_res) ? own_idx_next : a_idx;

    always @(posedge clk) begin
        if (rst) begin
            loading <= 1'b0;
            hdr_ok <= 1'b0;
            hdr_sent <= 2'd0;
            hdr_got <= 2'd0;
            div_left <= 6'd0;
            outs <= 32'd0;
            poll_busy <= 1'b0;
            active <= 8'd0;
            quiet <= 8'd0;
            pushes_since_pub <= 3'd0;
            pub_sent <= 32'd0;
            pub_want <= 32'd0;
        end else if (start) begin
            loading <= 1'b1;
            hdr_ok <= 1'b0;
            hdr_sent <= 2'd0;
            hdr_got <= 2'd0;
            div_left <= 6'd32;
            outs <= 32'd0;
            active <= 8'd0;
            quiet <= 8'd0;
        end else begin
            if (g_hdr) hdr_sent <= hdr_sent + 1'b1;
            if (rsp_hdr) begin
                hdr_got <= hdr_got + 1'b1;
                if (hdr_got == 2'd0) begin
                    own_idx <= IS_W ? hdr_w0 : hdr_w1;
                    other_idx <= IS_W ? hdr_w1 : hdr_w0;
                    pub_sent <= IS_W ? hdr_w0 : hdr_w1;
                    pub_want <= IS_W ? hdr_w0 : hdr_w1;
                    own_slot <= 32'd0;
                end
                if (hdr_got == HDR_LINES[1:0] - 2'd1) max_p <= hdr_max;
            end
            if (loading && hdr_got == HDR_LINES[1:0]) begin
                // Restoring division, remainder only: own_slot = own_idx mod max_p.
                if (div_left != 6'd0) begin
                    div_left <= div_left - 6'd1;
                    own_slot <= (div_rem2 >= {1'b0, max_p}) ? div_sub[31:0] : div_rem2[31:0];
                end else if (desc_empty && !poll_busy) begin
                    loading <= 1'b0;
                    hdr_ok <= 1'b1;
                end
            end
            if (g_poll) poll_busy <= 1'b1;
            if (rsp_poll) begin
                poll_busy <= 1'b0;
                if (hdr_ok) other_idx <= rsp_other_word;
            end

            if (hdr_ok) begin
                own_idx <= own_idx_next;
                own_slot <= own_slot_next;
            end
            if (take_res && outs == 32'd0) begin
                anc_idx <= own_idx;
                anc_slot <= own_slot;
            end
            if (take_res) outs <= outs + 32'd1;
            else if (done && cur_op == OP_COMMIT && own_op && outs != 32'd0) outs <= outs - 32'd1;

            if (cmd_valid && cmd_ready) active <= ACTIVE_CYCLES;
            else if (active != 8'd0) active <= active - 8'd1;
            if (done && (is_put | is_putat | is_get | is_getat)) quiet <= 8'd0;
            else if (quiet != 8'hFF) quiet <= quiet + 8'd1;

            // Publishing: the writer may publish what precedes its line buffer; the reader
            // what it has taken, after a finished line or a quiet spell.
            if (IS_W) begin
                if (g_line || !buf_valid) pub_want <= pub_now;
            end else if (hdr_ok) begin
                if (head_pop && !is_res) pub_want <= pub_after;
                else if (quiet >= IDLE_FLUSH[7:0] || need_fresh) pub_want <= pub_now;
            end
            if (g_pub) begin
                pub_sent <= pub_want;
                pushes_since_pub <= 3'd0;
            end else if (g_line && pushes_since_pub != 3'd7) begin
                pushes_since_pub <= pushes_since_pub + 3'd1;
            end
        end
    end

    // ------------------------------------------------------------------ writer line buffer
    // The packet goes to every lane of the line; w_word's lane is selected by its strobes and
    // mask, each one shift of a constant (as in ocl_lsu_store).
    localparam [LB-1:0]     PKT_STRB = ~({LB{1'b1}} << (PW / 8));  // low PW/8 bits
    localparam [MEM_DW-1:0] PKT_MASK = ~({MEM_DW{1'b1}} << PW);    // low PW bits
    wire [MEM_DW-1:0] put_data = {PPL{cur_data}};
    wire [LB-1:0]     put_strb = PKT_STRB << (w_word * (PW / 8));
    wire [MEM_DW-1:0] put_mask = PKT_MASK << (w_word * PW);
    // A new buffer when the old one goes out this cycle (merging it would write it twice).
    wire fresh_buf = ~buf_valid | w_other_line | g_line;

    always @(posedge clk) begin
        if (rst || start) begin
            buf_valid <= 1'b0;
        end else if (IS_W && put_into_buf) begin
            buf_valid <= 1'b1;
            buf_line <= w_line;
            buf_strb <= (fresh_buf ? {LB{1'b0}} : buf_strb) | put_strb;
            buf_data <= (buf_data & ~put_mask) | (put_data & put_mask);
        end else if (g_line) begin
            buf_valid <= 1'b0;
        end
    end

    // ------------------------------------------------------------------ reader fetch queue
    ocl_fifo #(
        .WIDTH(WW + CW),
        .DEPTH(DEPTH)
    ) u_desc (
        .clk(clk),
        .rst(rst),
        .push(g_fetch),
        .push_data({f_word, f_cnt[CW-1:0]}),
        .pop(head_pop),
        .pop_data({head_word, head_cnt}),
        .empty(desc_empty),
        .full(desc_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );
    // Never full when a line arrives: lines in flight + held <= descriptors <= DEPTH.
    ocl_fifo #(
        .WIDTH(MEM_DW),
        .DEPTH(DEPTH)
    ) u_lines (
        .clk(clk),
        .rst(rst),
        .push(rsp_fetch),
        .push_data(mem_rsp_data),
        .pop(head_pop),
        .pop_data(head_line),
        .empty(line_empty),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .full(),
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );

    always @(posedge clk) begin
        if (rst || start) begin
            consumed <= {CW{1'b0}};
        end else if (head_pop) begin
            consumed <= {CW{1'b0}};
        end else if (take_one && !IS_W) begin
            consumed <= consumed + 1'b1;
        end
    end
    always @(posedge clk) begin
        if ((loading && div_left == 6'd0) || (is_res && drained)) begin
            // Fetching restarts at the first packet not taken.
            f_idx <= own_idx_next;
            f_slot <= own_slot_next;
        end else if (g_fetch) begin
            f_idx <= f_idx + f_cnt;
            f_slot <= (f_sum >= {1'b0, max_p}) ? f_sum[31:0] - max_p : f_sum[31:0];
        end
    end

    // ------------------------------------------------------------------ responses
    wire [PW+31:0] rspq_head;
    wire           rspq_empty;
    ocl_fifo #(
        .WIDTH(PW + 32),
        .DEPTH(2)
    ) u_rspq (
        .clk(clk),
        .rst(rst),
        .push(done),
        .push_data({rdata, status}),
        .pop(rsp_ready),
        .pop_data(rspq_head),
        .empty(rspq_empty),
        .full(rspq_full),
        // Unneeded FIFO status outputs are left open.
        /* verilator lint_off PINCONNECTEMPTY */
        .count()
        /* verilator lint_on PINCONNECTEMPTY */
    );
    assign rsp_valid  = ~rspq_empty;
    assign rsp_data   = rspq_head[PW+31:32];
    assign rsp_status = rspq_head[31:0];

    assign idle = ~loading & ~cur_valid & rq_empty & tq_empty & ~poll_busy & ~buf_valid &
                  (~hdr_ok | ((pub_sent == pub_now) & (pub_want == pub_now)));
endmodule

`default_nettype wire
