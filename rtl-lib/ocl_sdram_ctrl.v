// SPDX-License-Identifier: MIT
//
// ocl_sdram_ctrl: a single-data-rate SDRAM (16-bit data bus, 4 banks) as a slave of the
// global-memory bus (docs/architecture.md, "The global-memory bus"). Written for the
// ULX3S's 32 MB part (4 banks x 8192 rows x 512 columns x 16 bits: AS4C16M16SA /
// IS42S16160 class); docs/boards.md, "ULX3S", says where its numbers come from.
//
// Timing (parameters in ns, turned into clock cycles for CLK_MHZ, rounded up): the
// defaults are the slowest of the -7 speed grade of Alliance Memory's AS4C16M16SA
// datasheet (Rev. 3.0, March 2015, Table 16) and ISSI's IS42S16160B (-7):
//   tRCD 21 ns, tRP 21 ns, tRC 63 ns, tRFC 63 ns, tRAS 42 ns (max 120 us), tWR 14 ns (and
//   at least 2 clocks: ISSI's tDPL), tRRD 14 ns, tMRD 14 ns (and at least 2 clocks),
//   tREFI 7.8 us (8192 refreshes every 64 ms), CAS latency 2 up to 100 MHz (tCK 10 ns),
//   3 up to 143 MHz (tCK 7 ns). Initialisation (AS4C16M16SA note 11, IS42S16160 "power-up"):
//   200 us of NOPs with the clock running, PRECHARGE ALL, INIT_REFRESHES (>= 2; 8 covers
//   every part of the class) AUTO REFRESHes, LOAD MODE REGISTER, then tMRD.
// Clock: every minimum time (and the power-up wait) is counted in cycles of CLK_MHZ, the
// refresh interval in cycles of REFRESH_MHZ (0: CLK_MHZ). The controller is correct at any
// clock from REFRESH_MHZ to CLK_MHZ: a board whose PLL follows the routed design's Fmax
// (the ULX3S) synthesises it with its highest and lowest kernel clock.
//
// Line mapping: a line of MEM_DW bits is one burst of BL = MEM_DW / 16 beats (the mode
// register's burst length, sequential order), beat i = bytes 2i, 2i+1 of the line.
// Byte address -> column [COL_BITS:1], bank [COL_BITS+2:COL_BITS+1], row above: a stream
// through consecutive addresses fills a 1 KiB row, then moves to the next bank.
//
// Scheduling: writes wait in a queue of WQ_DEPTH lines, reads one at a time in a holding
// register; the controller serves one request at a time. Reads go first, in the order
// accepted, so that the data bus changes direction once per batch of writes rather than
// once per line (a WRITE after a READ waits for the read's data to leave the bus plus one
// cycle of turnaround: CL + BL + 1 cycles against BL between bursts of one direction).
// The queued writes go, oldest first, when no read is held, and all of them (a batch)
// once the queue is full, until it is empty. A read passes queued writes only to other
// lines: a read whose line has a queued write waits until the queue is empty, so that it
// sees every earlier write, as the bus requires; a write is never accepted while a read
// is held, so no write passes an earlier read. One open row per bank (open-row policy: a
// bank stays open after its access and is precharged only when another row of it is
// wanted or for the refresh). Consecutive bursts to open rows follow each other without
// a gap on the data bus (a READ or WRITE every BL cycles). A refresh (every tREFI minus
// the longest time a pending access can delay it) precharges all banks, then refreshes.
//
// Bus behaviour: mem_req_ready = no read is held and the write queue has room. A request
// goes from the holding register or the queue into service in one cycle, and its first
// cycle there only compares its row with the bank's open one (off the command decision's
// path: the ECP5's critical path without it), so requests are served at most one per
// three cycles: bursts of BL >= 4 (64-bit lines and wider) still follow each other without
// a gap, BL 2 (32-bit lines) fills 2/3 of the data bus at best. Reads answer in order, at
// the earliest CL + BL + RD_EXTRA + 4 cycles after the cycle they are taken in (holding
// register, row compare, decision, the burst, the response register); at most
// ceil((CL + BL + RD_EXTRA + 2) / BL) + 2 reads are in flight (the shell's arbiter must
// route back that many). Writes have no response. Addresses above the device wrap.
//
// Pins: every SDRAM output comes straight from a register (the top puts them in the I/O
// cells); sdram_dq_i is sampled RD_EXTRA cycles after the edge at which the SDRAM drives
// it valid (RD_EXTRA = 1 when the top registers the input pad once more).
`default_nettype none

module ocl_sdram_ctrl #(
    parameter integer MEM_DW = 64,          // line width: 32, 64 or 128 (BL 2, 4, 8)
    parameter integer CLK_MHZ = 50,         // the highest clock, MHz, rounded up (<= 142)
    parameter integer REFRESH_MHZ = 0,      // the lowest clock, MHz, rounded down (0: CLK_MHZ)
    parameter integer ROW_BITS = 13,
    parameter integer COL_BITS = 9,
    parameter integer RD_EXTRA = 0,         // extra input register stages on DQ
    parameter integer WQ_DEPTH = 8,         // queued writes: 2, 4, 8 or 16
    parameter integer T_RCD_NS = 21,
    parameter integer T_RP_NS = 21,
    parameter integer T_RC_NS = 63,
    parameter integer T_RFC_NS = 63,
    parameter integer T_RAS_NS = 42,
    parameter integer T_WR_NS = 14,
    parameter integer T_RRD_NS = 14,
    parameter integer T_MRD_NS = 14,
    parameter integer T_REFI_NS = 7800,
    parameter integer T_INIT_US = 200,
    parameter integer INIT_REFRESHES = 8
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                mem_req_valid,
    output wire                mem_req_ready,
    input  wire                mem_req_we,
    input  wire [31:0]         mem_req_addr,
    input  wire [MEM_DW-1:0]   mem_req_wdata,
    input  wire [MEM_DW/8-1:0] mem_req_wstrb,
    output reg                 mem_rsp_valid,
    output reg  [MEM_DW-1:0]   mem_rsp_data,

    // Power-on values (the FPGA's flip-flops after configuration, before rst ends): CKE
    // high and INHIBIT (an all-zero command would be LOAD MODE REGISTER).
    output reg                 sdram_cke = 1'b1,
    output reg                 sdram_cs_n = 1'b1,
    output reg                 sdram_ras_n,
    output reg                 sdram_cas_n,
    output reg                 sdram_we_n,
    output reg  [1:0]          sdram_ba,
    output reg  [12:0]         sdram_a,
    output reg  [1:0]          sdram_dqm = 2'b11,
    output reg  [15:0]         sdram_dq_o,
    output reg                 sdram_dq_oe = 1'b0,
    input  wire [15:0]         sdram_dq_i,

    output wire                init_done    // initialisation finished (for a status bit)
);
    localparam integer BL = MEM_DW / 16;
    localparam integer CL = CLK_MHZ > 100 ? 3 : 2;
    localparam [2:0] BL_CODE = BL == 2 ? 3'd1 : BL == 4 ? 3'd2 : 3'd3;
    localparam integer BB = $clog2(MEM_DW / 8);             // byte-in-line bits
    localparam integer CB = COL_BITS - (BB - 1);            // column bits above the line

    function automatic integer cyc(input integer ns, input integer min_cycles);
        integer c;
        begin
            c = (ns * CLK_MHZ + 999) / 1000;
            cyc = c < min_cycles ? min_cycles : c;
        end
    endfunction

    localparam integer T_RCD = cyc(T_RCD_NS, 1);
    localparam integer T_RP  = cyc(T_RP_NS, 1);
    localparam integer T_RC  = cyc(T_RC_NS, 1);
    localparam integer T_RFC = cyc(T_RFC_NS, 1);
    localparam integer T_RAS = cyc(T_RAS_NS, 1);
    localparam integer T_WR  = cyc(T_WR_NS, 2);
    localparam integer T_RRD = cyc(T_RRD_NS, 1);
    localparam integer T_MRD = cyc(T_MRD_NS, 2);
    // Spacings from a command to the next one it constrains (cycles between decisions).
    localparam integer WR_TO_PRE = BL - 1 + T_WR;            // last data-in + tWR
    localparam integer RD_TO_WR  = CL + BL + 1 + RD_EXTRA;   // read data off the bus
    // A refresh falls due this long before tREFI runs out: the longest a pending access
    // can hold it (an ACT just issued: tRAS or a write's recovery, then tRP) plus slack.
    localparam integer REF_SLACK = T_RAS + BL + T_WR + T_RP + T_RCD + 8;
    localparam integer REF_MHZ = REFRESH_MHZ == 0 ? CLK_MHZ : REFRESH_MHZ;
    localparam integer T_REFI = (T_REFI_NS * REF_MHZ) / 1000 - REF_SLACK;
    localparam integer T_INIT = T_INIT_US * CLK_MHZ + 1;
    // Timer width: the longest spacing (RD_TO_WR, at most 13 at 142 MHz with RD_EXTRA 1) fits
    // in 5 bits; narrower timers keep their compares short (the decision is the controller's
    // critical path on the ECP5).
    localparam integer TW = 5;
    localparam integer LW = 17;                               // long timer width
    localparam integer RDP = CL + BL + RD_EXTRA;              // read pipeline length

    // Timer values: a timer loaded with T - 1 reaches 0 T cycles after the command.
    localparam integer I_RC = T_RC - 1, I_RCD = T_RCD - 1, I_RAS = T_RAS - 1,
                       I_RRD = T_RRD - 1, I_RFC = T_RFC - 1, I_MRD = T_MRD - 1,
                       I_RP = T_RP - 1, I_BL = BL - 1, I_RD_TO_WR = RD_TO_WR - 1,
                       I_WR_TO_PRE = WR_TO_PRE - 1;
    localparam [TW-1:0] K_RC = I_RC[TW-1:0], K_RCD = I_RCD[TW-1:0], K_RAS = I_RAS[TW-1:0],
                        K_RRD = I_RRD[TW-1:0], K_RFC = I_RFC[TW-1:0], K_MRD = I_MRD[TW-1:0],
                        K_RP = I_RP[TW-1:0], K_BL = I_BL[TW-1:0],
                        K_RD_TO_WR = I_RD_TO_WR[TW-1:0], K_WR_TO_PRE = I_WR_TO_PRE[TW-1:0];
    localparam [LW-1:0] K_REFI = T_REFI[LW-1:0], K_INIT = T_INIT[LW-1:0];
    // A spacing that does not fit the timers stops elaboration (no such module).
    generate
        if (I_RC > 31 || I_RFC > 31 || I_RD_TO_WR > 31 || I_WR_TO_PRE > 31 || I_RAS > 31 ||
            I_MRD > 31 || I_RRD > 31 || I_RCD > 31 || I_RP > 31) begin : g_timer_too_narrow
            ocl_sdram_ctrl_timing_exceeds_timer_width u_bad ();
        end
    endgenerate
    localparam [3:0]    K_INIT_REFS = INIT_REFRESHES[3:0], K_BEATS = I_BL[3:0];
    localparam [2:0]    K_CL = CL[2:0];

    // Commands {cs_n, ras_n, cas_n, we_n}.
    localparam [3:0] C_NOP = 4'b0111, C_ACT = 4'b0011, C_READ = 4'b0101,
                     C_WRITE = 4'b0100, C_PRE = 4'b0010, C_REF = 4'b0001,
                     C_MRS = 4'b0000;

    // ---------------------------------------------------------------- requests
    // The request in service: the decision below issues its commands.
    reg                  h_valid, h_we;
    reg [ROW_BITS-1:0]   h_row;
    reg [1:0]            h_bank;
    reg [CB-1:0]         h_col;
    reg [MEM_DW-1:0]     h_wdata;
    reg [MEM_DW/8-1:0]   h_wstrb;

    // A line address {row, bank, column above the line}: the byte address's bits from BB.
    localparam integer LNW = ROW_BITS + 2 + CB;
    localparam integer QB = $clog2(WQ_DEPTH);
    localparam [QB:0]  K_WQ_FULL = WQ_DEPTH[QB:0];
    generate
        if (WQ_DEPTH != 2 && WQ_DEPTH != 4 && WQ_DEPTH != 8 && WQ_DEPTH != 16) begin : g_bad_wq
            ocl_sdram_ctrl_wq_depth_must_be_2_4_8_or_16 u_bad ();
        end
    endgenerate
    wire [LNW-1:0] req_line = mem_req_addr[BB +: LNW];

    // The write queue (oldest at wq_head) and the held read.
    reg [LNW-1:0]      wq_line [0:WQ_DEPTH-1];
    reg [MEM_DW-1:0]   wq_data [0:WQ_DEPTH-1];
    reg [MEM_DW/8-1:0] wq_strb [0:WQ_DEPTH-1];
    reg [WQ_DEPTH-1:0] wq_valid;
    reg [QB-1:0]       wq_head, wq_tail;
    reg [QB:0]         wq_count;
    reg                drain;           // a batch of writes goes until the queue is empty
    reg                r_valid, r_conflict;
    reg [LNW-1:0]      r_line;

    wire wq_empty = wq_count == 0;
    assign mem_req_ready = !r_valid && wq_count != K_WQ_FULL;
    wire take_req = mem_req_valid && mem_req_ready;
    wire push = take_req && mem_req_we;

    // Into service, when nothing is: the held read, unless a batch is going or a queued
    // write is to its line (r_conflict); else the oldest queued write, when no read is
    // held or the read must wait.
    wire sel_r = !h_valid && r_valid && !drain && !(r_conflict && !wq_empty);
    wire sel_w = !h_valid && !wq_empty && (!r_valid || drain || r_conflict);

    // A queued write to the line of the read being taken (no write is taken while a read
    // is held, so the flag stays true until the queue is empty; a write leaving the queue
    // in the same cycle still counts, which only makes the read wait longer).
    reg     any_match;
    integer q;
    always @* begin
        any_match = 1'b0;
        for (q = 0; q < WQ_DEPTH; q = q + 1)
            if (wq_valid[q] && wq_line[q] == req_line) any_match = 1'b1;
    end

    // ---------------------------------------------------------------- state
    localparam [2:0] S_WAIT = 3'd0, S_PREALL = 3'd1, S_REFS = 3'd2, S_MRS = 3'd3,
                     S_RUN = 3'd4;
    reg [2:0]          state;
    reg [LW-1:0]       long_t;          // power-up wait, then the refresh interval
    reg [3:0]          init_refs;       // refreshes still to do in initialisation
    reg                ref_due;

    reg [3:0]          open;            // bank has an open row
    reg [ROW_BITS-1:0] open_row [0:3];
    reg [TW-1:0]       t_act [0:3];     // until ACT (and REF) may go to the bank
    reg [TW-1:0]       t_rw  [0:3];     // until READ/WRITE may go to the bank (tRCD)
    reg [TW-1:0]       t_pre [0:3];     // until PRE may go to the bank
    reg [TW-1:0]       t_rrd, t_rd, t_wr, t_mrd;

    assign init_done = state == S_RUN;

    // ---------------------------------------------------------------- the decision
    wire [TW-1:0] hb_act = t_act[h_bank];
    wire [TW-1:0] hb_rw  = t_rw[h_bank];
    wire [TW-1:0] hb_pre = t_pre[h_bank];
    // h_hit: the held request's row is open in its bank. Compared in the cycle after the
    // request is taken (h_fresh; no command for it goes then) and kept up to date by the
    // ACT and PRE that follow, so the row compare is off the decision's path.
    reg           h_fresh, h_hit;
    wire          hb_hit = h_hit;

    wire all_pre_ok = (!open[0] || t_pre[0] == 0) && (!open[1] || t_pre[1] == 0) &&
                      (!open[2] || t_pre[2] == 0) && (!open[3] || t_pre[3] == 0);
    wire all_act_ok = t_act[0] == 0 && t_act[1] == 0 && t_act[2] == 0 && t_act[3] == 0;

    reg [3:0] cmd;
    reg       do_rw;          // the held request's READ or WRITE goes now
    always @* begin
        cmd   = C_NOP;
        do_rw = 1'b0;
        if (state == S_PREALL) begin
            if (long_t == 0) cmd = C_PRE;
        end else if (state == S_REFS) begin
            if (all_act_ok) cmd = C_REF;
        end else if (state == S_MRS) begin
            if (all_act_ok) cmd = C_MRS;
        end else if (state == S_RUN && t_mrd == 0) begin
            if (ref_due) begin
                if (open != 4'b0) begin
                    if (all_pre_ok) cmd = C_PRE;               // all banks
                end else if (all_act_ok) begin
                    cmd = C_REF;
                end
            end else if (h_valid && !h_fresh) begin
                if (hb_hit) begin
                    if (hb_rw == 0 && (h_we ? t_wr == 0 : t_rd == 0)) begin
                        cmd   = h_we ? C_WRITE : C_READ;
                        do_rw = 1'b1;
                    end
                end else if (open[h_bank]) begin
                    if (hb_pre == 0) cmd = C_PRE;                // this bank
                end else if (hb_act == 0 && t_rrd == 0) begin
                    cmd = C_ACT;
                end
            end
        end
    end

    // A PRECHARGE of every bank: in initialisation and for the refresh.
    wire pre_all = state != S_RUN || ref_due;

    // ---------------------------------------------------------------- timers, banks
    // The later of a running timer and a new spacing (both as timer values).
    function automatic [TW-1:0] tmax(input [TW-1:0] cur, input [TW-1:0] k);
        begin
            tmax = cur > k ? cur : k;
        end
    endfunction

    function automatic [TW-1:0] tdec(input [TW-1:0] t);
        begin
            tdec = t == 0 ? t : t - 1'b1;
        end
    endfunction

    integer b;
    always @(posedge clk) begin
        t_rrd <= tdec(t_rrd);
        t_rd  <= tdec(t_rd);
        t_wr  <= tdec(t_wr);
        t_mrd <= tdec(t_mrd);
        for (b = 0; b < 4; b = b + 1) begin
            t_act[b] <= tdec(t_act[b]);
            t_rw[b]  <= tdec(t_rw[b]);
            t_pre[b] <= tdec(t_pre[b]);
        end
        case (cmd)
            C_ACT: begin
                t_act[h_bank]    <= K_RC;
                t_rw[h_bank]     <= K_RCD;
                t_pre[h_bank]    <= K_RAS;
                t_rrd            <= K_RRD;
                open[h_bank]     <= 1'b1;
                open_row[h_bank] <= h_row;
            end
            C_PRE: begin
                for (b = 0; b < 4; b = b + 1) begin
                    if (pre_all || h_bank == b[1:0]) begin
                        t_act[b] <= tmax(tdec(t_act[b]), K_RP);
                        open[b]  <= 1'b0;
                    end
                end
            end
            C_REF: begin
                for (b = 0; b < 4; b = b + 1)
                    t_act[b] <= K_RFC;
            end
            C_MRS: t_mrd <= K_MRD;
            C_READ: begin
                t_rd          <= K_BL;
                t_wr          <= K_RD_TO_WR;
                t_pre[h_bank] <= tmax(tdec(t_pre[h_bank]), K_BL);
            end
            C_WRITE: begin
                t_rd          <= K_BL;
                t_wr          <= K_BL;
                t_pre[h_bank] <= tmax(tdec(t_pre[h_bank]), K_WR_TO_PRE);
            end
            default: ;
        endcase
        if (rst) begin
            open  <= 4'b0;
            t_rrd <= 0;
            t_rd  <= 0;
            t_wr  <= 0;
            t_mrd <= 0;
            for (b = 0; b < 4; b = b + 1) begin
                t_act[b] <= 0;
                t_rw[b]  <= 0;
                t_pre[b] <= 0;
            end
        end
    end

    // ---------------------------------------------------------------- sequencing
    always @(posedge clk) begin
        if (long_t != 0) long_t <= long_t - 1'b1;
        case (state)
            S_WAIT: if (long_t == 0) state <= S_PREALL;
            S_PREALL: if (cmd == C_PRE) state <= S_REFS;
            S_REFS: if (cmd == C_REF) begin
                init_refs <= init_refs - 1'b1;
                if (init_refs == 1) state <= S_MRS;
            end
            S_MRS: if (cmd == C_MRS) begin
                state  <= S_RUN;
                long_t <= K_REFI;
            end
            default: begin
                if (long_t == 0) ref_due <= 1'b1;
                if (cmd == C_REF) begin
                    ref_due <= 1'b0;
                    long_t  <= K_REFI;
                end
            end
        endcase
        if (rst) begin
            state     <= S_WAIT;
            long_t    <= K_INIT;
            init_refs <= K_INIT_REFS;
            ref_due   <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- request flow
    wire [QB:0] wq_count_next = wq_count + {{QB{1'b0}}, push} - {{QB{1'b0}}, sel_w};
    always @(posedge clk) begin
        h_fresh <= 1'b0;
        if (h_fresh) h_hit <= open[h_bank] && open_row[h_bank] == h_row;
        if (cmd == C_ACT) h_hit <= 1'b1;
        if (cmd == C_PRE) h_hit <= 1'b0;   // all banks, or the request's bank
        if (do_rw) h_valid <= 1'b0;
        if (sel_r || sel_w) begin          // only while h_valid is low: never with do_rw
            h_fresh <= 1'b1;
            h_valid <= 1'b1;
            h_we    <= sel_w;
            {h_row, h_bank, h_col} <= sel_w ? wq_line[wq_head] : r_line;
            h_wdata <= wq_data[wq_head];
            h_wstrb <= wq_strb[wq_head];
        end

        if (take_req && !mem_req_we) begin
            r_valid    <= 1'b1;
            r_conflict <= any_match;
            r_line     <= req_line;
        end else if (sel_r) begin
            r_valid <= 1'b0;
        end

        if (push) begin
            wq_line[wq_tail]  <= req_line;
            wq_data[wq_tail]  <= mem_req_wdata;
            wq_strb[wq_tail]  <= mem_req_wstrb;
            wq_valid[wq_tail] <= 1'b1;
            wq_tail           <= wq_tail + 1'b1;
        end
        if (sel_w) begin                   // never the entry pushed now (the queue is not
            wq_valid[wq_head] <= 1'b0;     // empty, and a full one takes no push)
            wq_head           <= wq_head + 1'b1;
        end
        wq_count <= wq_count_next;
        if (wq_count_next == 0) drain <= 1'b0;
        else if (wq_count_next == K_WQ_FULL) drain <= 1'b1;

        if (rst) begin
            h_valid  <= 1'b0;
            h_fresh  <= 1'b0;
            r_valid  <= 1'b0;
            wq_valid <= {WQ_DEPTH{1'b0}};
            wq_head  <= {QB{1'b0}};
            wq_tail  <= {QB{1'b0}};
            wq_count <= {(QB + 1){1'b0}};
            drain    <= 1'b0;
        end
    end

    // ---------------------------------------------------------------- pins
    // Write beats still to drive after the WRITE's own (data and byte masks).
    reg [MEM_DW-1:0]   wbuf;
    reg [MEM_DW/8-1:0] wmask;
    reg [3:0]          wbeats;

    wire [COL_BITS-1:0] col_addr = {h_col, {(BB - 1){1'b0}}};
    wire [12:0]         col_a13 = {{(13 - COL_BITS){1'b0}}, col_addr};
    wire [12:0]         row_a13 = {{(13 - ROW_BITS){1'b0}}, h_row};
    wire [12:0]         mode = {3'b000, 1'b0, 2'b00, K_CL, 1'b0, BL_CODE};

    always @(posedge clk) begin
        {sdram_cs_n, sdram_ras_n, sdram_cas_n, sdram_we_n} <= cmd;
        case (cmd)
            C_ACT: begin
                sdram_ba <= h_bank;
                sdram_a  <= row_a13;
            end
            C_READ, C_WRITE: begin
                sdram_ba <= h_bank;
                sdram_a  <= col_a13;           // A10 = 0: no auto precharge
            end
            C_PRE: begin
                sdram_ba <= h_bank;
                sdram_a  <= {2'b00, pre_all, 10'd0};   // A10: all banks
            end
            C_MRS: begin
                sdram_ba <= 2'b00;
                sdram_a  <= mode;
            end
            default: ;
        endcase

        if (cmd == C_WRITE) begin
            sdram_dq_o  <= h_wdata[15:0];
            sdram_dqm   <= ~h_wstrb[1:0];
            sdram_dq_oe <= 1'b1;
            wbuf        <= h_wdata >> 16;
            wmask       <= h_wstrb >> 2;
            wbeats      <= K_BEATS;
        end else if (wbeats != 0) begin
            sdram_dq_o  <= wbuf[15:0];
            sdram_dqm   <= ~wmask[1:0];
            sdram_dq_oe <= 1'b1;
            wbuf        <= wbuf >> 16;
            wmask       <= wmask >> 2;
            wbeats      <= wbeats - 1'b1;
        end else begin
            sdram_dq_oe <= 1'b0;
            // Masks high through the power-up wait, as the datasheets ask; low after, so
            // that reads are never masked (DQM's read latency is 2).
            sdram_dqm   <= {2{state == S_WAIT}};
        end

        if (rst) begin
            {sdram_cs_n, sdram_ras_n, sdram_cas_n, sdram_we_n} <= 4'b1111;  // INHIBIT
            sdram_cke   <= 1'b1;
            sdram_dq_oe <= 1'b0;
            sdram_dqm   <= 2'b11;
            wbeats      <= 4'd0;
        end
    end

    // ---------------------------------------------------------------- read data
    // rd_pipe[k] is set in the k-th cycle after a READ's decision cycle; beat i is on the
    // pins at the edge ending cycle CL + 1 + i (the SDRAM samples the command one edge
    // after it is decided, and drives beat i CL + i edges later).
    reg [RDP-1:0]    rd_pipe;
    reg [MEM_DW-1:0] rd_line;       // beats so far, the latest at the top
    wire             beat_now = |rd_pipe[RDP-1 -: BL];
    wire             last_now = rd_pipe[RDP-1];

    always @(posedge clk) begin
        rd_pipe       <= {rd_pipe[RDP-2:0], cmd == C_READ};
        mem_rsp_valid <= last_now;
        if (beat_now) begin
            rd_line <= {sdram_dq_i, rd_line[MEM_DW-1:16]};
        end
        if (last_now) begin
            mem_rsp_data <= {sdram_dq_i, rd_line[MEM_DW-1:16]};
        end
        if (rst) begin
            rd_pipe       <= {RDP{1'b0}};
            mem_rsp_valid <= 1'b0;
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] unused_addr = mem_req_addr;
    wire [15:0] unused_line = rd_line[15:0];   // the oldest beat shifts out as the last arrives
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
