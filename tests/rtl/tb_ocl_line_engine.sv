// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_line_engine (the memory side of a line kernel) over several
// R/S/MEM_DW/EW/AW sets. Each instance has its own memory model and its own "kernel", a
// combinational function of each lane's loaded elements and global id standing in for the
// generated lanes: store 0 = ld0 + 3*ld1 + 5*ld2 + 7*ld3 + gid, with the ids taken from
// next_gid registered on take (as the generated lanes do for what depends on ids alone);
// store 1 = (ld0 ^ {gid, ~gid}) - ld[R-1], with the ids from step_gid. Store predicates,
// chosen per run: all true, gid % 3 != 1 (store 1: gid % 5 != 2), data dependent, or all
// false. The memory model is a byte array of MBYTES bytes at MBASE (wrapping at 2^AW, so
// some instances' memories straddle the top of the address space); mem_req_ready is always
// high or pseudo-random (an LFSR: 1/2, 7/8 or 1/4), writes apply their strobes, and reads
// are answered in order 1 cycle, LAT cycles or a random 1..LAT cycles after acceptance
// (chosen per run).
//
// Every instance runs a list of ranges: whole lines; the first id not aligned and the last
// not at a line end; a range inside one line; a single work-item; ids around 2^(IW-1) and
// up to 2^IW - 1, the engine's largest (IW = AW - log2(EW/8): an element index of the AW-bit
// address space); an in-place update (store streams on the
// buffers of load streams: each step must read its lines before it writes them); a run in
// which no lane stores; long runs at full memory rate; then random ones. Before each start
// the bench writes the run's pointers and first id (GLOBAL_OFFSET x) over the host bus, as
// the runtime does, and a word the engine must not take; the writes often begin in the
// first cycle busy is low (back to back). While busy, random writes to the same words
// must be ignored. Checks:
//   - the bus carries exactly the rotation of the header, in order: step j's reads
//     0 .. R-2, step j-1's writes 0 .. S-1, step j's read R-1; every address, strobe and
//     strobed data byte as the reference computes them from memory before the run; address
//     bits from AW up are 0 and addresses are line-aligned;
//   - take and compute alternate (take first), the compute's step_gid is the next_gid of
//     the take before it and the next step of the range, lane_on the lanes in the range,
//     and ld_line the lines memory held at the step's load addresses;
//   - after each run every byte of memory equals a reference that applies the kernel
//     work-item by work-item (so bytes outside the ranges must be unchanged);
//   - protocol, every cycle: a request waiting for ready stays valid and unchanged; busy
//     rises the cycle after start, never without one, and falls only once every access of
//     the run is done and answered; no request, take or compute while busy is low;
//   - performance: with 1-cycle memory always ready and R >= 2, a run of n steps takes at
//     most (R + S) * n + R + S + 4 cycles from start to busy low. The long runs report
//     their cycles per step (R + S: 3.0 for (a), the iCEBreaker's vector_add).
`default_nettype none

module tb_line_unit #(
    parameter string NAME = "a",
    parameter int R = 2,
    parameter int S = 1,
    parameter int MEM_DW = 64,
    parameter int EW = 32,
    parameter int AW = 17,
    parameter int LAT = 2,                // the memory's longest read latency
    parameter logic [31:0] MBASE = 32'h0, // the memory: MBYTES bytes from MBASE
    parameter int MBYTES = 8192,
    parameter int RANDOM_RUNS = 150,
    parameter logic [15:0] SEED = 16'hACE1
) (
    input  logic clk,
    input  logic rst,
    output logic done
);
    localparam int RP = R > 0 ? R : 1;
    localparam int W = MEM_DW / EW;         // lanes
    localparam int EB = EW / 8;             // bytes per element
    localparam int LINE = MEM_DW / 8;       // bytes per line
    localparam int MAXR = 4;                // the kernel functions take up to 4 loads
    localparam longint AMASK = (longint'(1) << AW) - 1;
    localparam longint IDS = (longint'(1) << AW) / (longint'(EW) / 8);  // ids the engine covers
    localparam logic [63:0] EMASK = EW == 64 ? 64'hFFFF_FFFF_FFFF_FFFF : (64'd1 << EW) - 1;
    // Each stream's region of a run lies in its own chunk of memory.
    localparam int CHUNK = MBYTES / (R + S) / LINE * LINE;
    localparam int SMAX = CHUNK / LINE;     // the most steps a run can have
    localparam int NFIXED = 10;             // directed runs, then RANDOM_RUNS random ones
    localparam int NRUNS = NFIXED + RANDOM_RUNS;
    localparam longint WL = longint'(W), SMAXL = longint'(SMAX);  // for 64-bit arithmetic
    localparam longint RSL = longint'(R) + longint'(S), LATL = longint'(LAT);

    typedef struct packed {
        logic [31:0]        first, last;
        logic [RP*AW-1:0]   ld;
        logic [S*AW-1:0]    st;
        logic [1:0]         pred;        // lane_pred mode
        logic [1:0]         lat_mode;    // reads: 0 = 1 cycle, 1 = LAT, 2 = random 1..LAT
        logic [1:0]         ready_mode;  // 0 = always ready, else LFSR 1/2, 7/8, 1/4
        logic               aliased;     // store streams on load streams' buffers
        logic               perf;        // report the cycles per step
        logic [3:0]         gap;         // idle cycles before this run (0: back to back)
    } run_t;

    typedef struct packed {              // one expected bus access
        logic               we;
        logic [7:0]         stream;
        logic [31:0]        gid;         // the step's lane-0 id
        logic [31:0]        addr;
        logic [LINE-1:0]    strb;
        logic [MEM_DW-1:0]  data;
    } access_t;

    typedef struct packed {              // one expected compute cycle
        logic [31:0]        gid;
        logic [W-1:0]       on;
        logic [RP*MEM_DW-1:0] lines;
    } step_t;

    // ---------------------------------------------------------------- the engine
    logic                   start, busy, compute;
    logic                   take;
    logic [31:0]            last_gid, step_gid, next_gid;
    logic                   host_wr;
    logic [7:0]             host_word;
    logic [31:0]            host_wdata;
    logic [W-1:0]           lane_on;
    logic [RP*MEM_DW-1:0]   ld_line;
    logic [S*MEM_DW-1:0]    st_data;
    logic [S*W-1:0]         st_lane_we;
    logic                   mem_req_valid, mem_req_ready, mem_req_we;
    logic [31:0]            mem_req_addr;
    logic [MEM_DW-1:0]      mem_req_wdata;
    logic [LINE-1:0]        mem_req_wstrb;
    logic                   mem_rsp_valid;
    logic [MEM_DW-1:0]      mem_rsp_data;

    // The CSR words of the pointers: load stream k at 0x20 + k, store stream s at 0x28 + s.
    localparam logic [63:0] LD_ALL = 64'h2726_2524_2322_2120, ST_ALL = 64'h2F2E_2D2C_2B2A_2928;
    localparam logic [8*RP-1:0] LD_WORDS = LD_ALL[8*RP-1:0];
    localparam logic [8*S-1:0] ST_WORDS = ST_ALL[8*S-1:0];
    localparam logic [7:0] OFFSET_WORD = 8'h04, NOISE_WORD = 8'h05;  // GLOBAL_OFFSET x, y

    ocl_line_engine #(.R(R), .S(S), .MEM_DW(MEM_DW), .EW(EW), .AW(AW), .LD_WORDS(LD_WORDS),
                      .ST_WORDS(ST_WORDS)) dut (
        .clk(clk), .rst(rst), .host_wr(host_wr), .host_word(host_word),
        .host_wdata(host_wdata), .start(start), .last_gid(last_gid), .busy(busy),
        .step_gid(step_gid),
        .next_gid(next_gid), .take(take), .lane_on(lane_on), .ld_line(ld_line), .compute(compute), .st_data(st_data),
        .st_lane_we(st_lane_we),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_we(mem_req_we), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_rsp_valid(mem_rsp_valid), .mem_rsp_data(mem_rsp_data)
    );

    // The next run (nxt) is loaded over the host bus once busy is low and want_start is
    // set: its load pointers, store pointers, first id and a noise word, one a cycle, then
    // start; last_gid is presented from the cycle of start (cur: the running run).
    localparam int NLOAD = R + S + 2;
    run_t cur, nxt;
    logic want_start;
    int   load_k;                       // host writes of nxt's launch state so far
    logic junk_wr;                      // while busy: a write the engine must ignore
    logic [7:0] junk_word;
    logic [31:0] junk_data;
    logic [7:0] load_word;
    logic [31:0] load_data;
    always_comb begin
        if (load_k < R) begin
            load_word = LD_WORDS[8 * load_k +: 8];
            load_data = 32'(nxt.ld[load_k * AW +: AW]);
        end else if (load_k < R + S) begin
            load_word = ST_WORDS[8 * (load_k - R) +: 8];
            load_data = 32'(nxt.st[(load_k - R) * AW +: AW]);
        end else if (load_k == R + S) begin
            load_word = OFFSET_WORD;
            load_data = nxt.first;
        end else begin
            load_word = NOISE_WORD;
            load_data = junk_data;
        end
    end
    wire loading = want_start && !busy && !rst && load_k < NLOAD;
    assign start = want_start && !busy && !rst && load_k == NLOAD;
    assign host_wr = loading || busy && junk_wr;
    assign host_word = busy ? junk_word : load_word;
    assign host_wdata = busy ? junk_data : load_data;
    assign last_gid = start ? nxt.last : cur.last;
    always @(posedge clk) begin
        junk_wr <= $urandom_range(3) == 0;
        junk_data <= $urandom;
        case ($urandom_range(2))
            0: junk_word <= OFFSET_WORD;
            1: junk_word <= R > 0 ? LD_WORDS[8 * $urandom_range(RP - 1) +: 8] : NOISE_WORD;
            default: junk_word <= ST_WORDS[8 * $urandom_range(S - 1) +: 8];
        endcase
    end

    // ---------------------------------------------------------------- the kernel
    function automatic logic [63:0] lane_value(int s, logic [MAXR-1:0][63:0] ld,
                                               logic [31:0] gid);
        logic [63:0] v;
        if (s == 0) begin
            v = {32'd0, gid};
            for (int k = 0; k < R; k++) v += ld[k] * 64'(2 * k + 1);
        end else begin
            v = ld[0] ^ {gid, ~gid};
            if (R > 1) v -= ld[RP-1];
        end
        return v & EMASK;
    endfunction

    function automatic logic lane_pred(int s, logic [1:0] mode, logic [MAXR-1:0][63:0] ld,
                                       logic [31:0] gid);
        logic [31:0] h;
        h = gid ^ ld[0][31:0] ^ ld[RP-1][34:3];
        case (mode)
            2'd0: return 1'b1;
            2'd1: return s == 0 ? gid % 3 != 1 : gid % 5 != 2;
            2'd2: return s == 0 ? !h[1] : h[2] ^ h[0];
            default: return 1'b0;
        endcase
    endfunction

    // The lanes: every lane computes, in or out of the range (the engine masks). Store 0
    // takes its ids from next_gid, registered on take, as the generated lanes do for what
    // depends on the ids alone; store 1 takes them from step_gid during compute.
    logic [31:0] taken_gid;
    always @(posedge clk)
        if (take) taken_gid <= next_gid;

    always_comb begin
        logic [MAXR-1:0][63:0] ldv;
        logic [31:0]           g;
        st_data = '0;
        st_lane_we = '0;
        for (int l = 0; l < W; l++) begin
            ldv = '0;
            for (int k = 0; k < R; k++) ldv[k] = 64'(ld_line[k * MEM_DW + l * EW +: EW]);
            for (int s = 0; s < S; s++) begin
                g = (s == 0 ? taken_gid : step_gid) + 32'(l);
                st_data[s * MEM_DW + l * EW +: EW] = EW'(lane_value(s, ldv, g));
                st_lane_we[s * W + l] = lane_pred(s, cur.pred, ldv, g);
            end
        end
    end

    // ---------------------------------------------------------------- memory and reference
    logic [7:0] mem[MBYTES];      // the memory model
    logic [7:0] ref_mem[MBYTES];  // what memory must hold after the runs so far
    logic [7:0] snap[MBYTES];     // memory before the current run

    // Index in the arrays of a byte address (-1 when outside the memory).
    function automatic int mem_index(longint addr);
        longint i;
        i = (addr - longint'(MBASE)) & AMASK;
        return i < longint'(MBYTES) ? int'(i) : -1;
    endfunction

    // The address of stream pointer ptr's element gid (AW-bit arithmetic).
    function automatic logic [31:0] elem_addr(logic [AW-1:0] ptr, longint gid);
        return 32'((longint'(ptr) + gid * EB) & AMASK);
    endfunction

    function automatic logic [MEM_DW-1:0] snap_line(logic [31:0] addr);
        logic [MEM_DW-1:0] v;
        int i;
        i = mem_index(longint'(addr));
        for (int b = 0; b < LINE; b++) v[8 * b +: 8] = snap[i + b];
        return v;
    endfunction

    function automatic logic [MAXR-1:0][63:0] lane_loads(logic [RP*MEM_DW-1:0] lines, int l);
        logic [MAXR-1:0][63:0] ldv;
        ldv = '0;
        for (int k = 0; k < R; k++) ldv[k] = 64'(lines[k * MEM_DW + l * EW +: EW]);
        return ldv;
    endfunction

    function automatic logic [MEM_DW-1:0] junk_line();
        logic [MEM_DW-1:0] v;
        for (int b = 0; b < MEM_DW; b += 8) v[b +: 8] = 8'($urandom);
        return v;
    endfunction

    // ---------------------------------------------------------------- the runs
    // Directed runs (idx < NFIXED), then random ones. Each stream's region sits in its own
    // chunk (an aliased store in its load's); the pointers are chosen so that the range's
    // first line lands at the region, whatever the ids: ptr = region - aligned(first) * EB
    // modulo 2^AW.
    function automatic run_t make_run(int idx);
        run_t   rn;
        longint first, last, items, room, afirst, steps;
        int     base[8];
        int     rot;
        rn = '0;
        rn.pred = 2'd1;
        rn.gap = 4'd1;
        first = 0;
        last = 0;
        case (idx)
            0: begin first = 0; last = 4 * W - 1; rn.pred = 2'd0; end
            1: begin first = 8 * WL + 1; last = 12 * WL + (W > 2 ? WL - 2 : 0); rn.gap = 4'd0; end
            2: begin  // inside one line
                first = 20 * WL + (W >= 4 ? 1 : 0);
                last = 20 * WL + (W >= 4 ? WL - 2 : WL - 1);
                rn.gap = 4'd0;
            end
            3: begin first = 29; last = 29; rn.pred = 2'd0; rn.gap = 4'd0; end
            4: begin  // ids above the middle of the engine's range
                first = IDS / 2 + 5;
                last = first + 5 * W + 2;
                rn.lat_mode = 2'd2;
                rn.ready_mode = 2'd1;
            end
            5: begin last = IDS - 1; first = last - 3 * W; rn.pred = 2'd0; rn.gap = 4'd0; end
            6: begin  // in place: c = f(a, ...) with c == a
                first = 2;
                last = 6 * W + 3;
                rn.aliased = R > 0;
                rn.lat_mode = 2'd1;
                rn.ready_mode = 2'd2;
            end
            7: begin first = 0; last = SMAX * W - 1; rn.pred = 2'd0; rn.perf = 1'b1; rn.gap = 4'd3; end
            8: begin
                first = IDS / 2 - 13;
                last = first + (SMAXL - 1) * WL - 1;
                rn.aliased = R > 0;
                rn.perf = 1'b1;
                rn.gap = 4'd0;
            end
            9: begin first = 1000; last = first + 3 * W + 5; rn.pred = 2'd3; rn.lat_mode = 2'd1; end
            default: begin
                case ($urandom_range(4))
                    0: first = longint'($urandom_range(2000));
                    1: first = longint'($urandom) % IDS;
                    2: first = IDS / 2 - 16 + longint'($urandom_range(64));
                    3: first = IDS - 1 - longint'($urandom_range(32'(SMAX * W)));
                    default: first = longint'($urandom_range(100));
                endcase
                room = SMAXL * WL - first % WL;
                if (room > IDS - first) room = IDS - first;
                case ($urandom_range(3))
                    0: items = 1;
                    1: items = 1 + longint'($urandom_range(32'(W - 1)));
                    default: items = 1 + longint'($urandom_range(32'(room - 1)));
                endcase
                if (items > room) items = room;
                last = first + items - 1;
                rn.pred = $urandom_range(9) == 0 ? 2'd3 : 2'($urandom_range(2));
                rn.lat_mode = 2'($urandom_range(2));
                rn.ready_mode = 2'($urandom_range(3));
                rn.aliased = R > 0 && $urandom_range(3) == 0;
                rn.gap = $urandom_range(1) == 0 ? 4'd0 : 4'($urandom_range(5, 1));
            end
        endcase
        rn.first = 32'(first);
        rn.last = 32'(last);
        afirst = first & ~(WL - 1);
        steps = ((last & ~(WL - 1)) - afirst) / WL + 1;
        if (steps > SMAXL || last >= IDS || last < first)
            $error("line_engine %s: bench bug: run %0d (%0d..%0d) does not fit", NAME, idx,
                   first, last);
        for (int c = 0; c < R + S; c++)
            base[c] = c * CHUNK + LINE * int'($urandom_range(32'(SMAXL - steps)));
        rot = int'($urandom_range(32'(RP - 1)));
        for (int k = 0; k < RP; k++)  // R = 0: a pointer the engine must not use
            rn.ld[k * AW +: AW] = R > 0 ? AW'((longint'(MBASE) + longint'(base[k]) - afirst * EB) & AMASK)
                                        : AW'({$urandom, $urandom});
        for (int s = 0; s < S; s++) begin
            int b;
            b = rn.aliased && s < R ? base[(s + rot) % RP] : base[R + s];
            rn.st[s * AW +: AW] = AW'((longint'(MBASE) + longint'(b) - afirst * EB) & AMASK);
        end
        return rn;
    endfunction

    run_t      run;           // the current run (bookkeeping copy of cur)
    int        run_idx;       // runs started
    bit        running;
    longint    cyc, t0, t_end, n_steps;
    int        gap_left;
    access_t   exp_acc[$];    // the bus accesses still to come, in order
    step_t     exp_step[$];   // the compute cycles still to come
    longint    due_cyc[$];    // memory model: read responses due
    logic [MEM_DW-1:0] due_data[$];
    longint    last_due;
    logic [1:0] lat_mode, ready_mode;
    logic [15:0] lfsr;
    bit        prev_stall, prev_start;
    bit        announced;     // a take whose compute has not come yet
    logic [31:0] announced_gid;
    int        n_takes;
    logic      prev_we;
    logic [31:0] prev_addr;
    logic [MEM_DW-1:0] prev_wdata;
    logic [LINE-1:0] prev_wstrb;
    int        n_errors, n_stalls, n_b2b, n_aliased, n_reads, n_writes, n_computes;

    initial begin
        for (int b = 0; b < MBYTES; b++) begin
            mem[b] = 8'($urandom);
            ref_mem[b] = mem[b];
        end
    end

    task automatic fail(string what);
        $error("line_engine %s (R%0d S%0d MEM_DW%0d EW%0d AW%0d) run %0d [%h..%h], cycle %0d of the run: %s",
               NAME, R, S, MEM_DW, EW, AW, run_idx - 1, run.first, run.last, cyc - t0, what);
        n_errors++;
        if (n_errors == 20) begin
            $display("line_engine %s: too many errors, stopping", NAME);
            $finish;
        end
    endtask

    // The expected accesses and compute cycles of the run, and its effect on ref_mem.
    task automatic begin_run();
        longint    afirst, sg, g;
        step_t     st;
        access_t   a, wr[$], prev_wr[$];
        logic [MAXR-1:0][63:0] ldv;
        logic [63:0] v;
        int        i;
        run = nxt;
        for (int b = 0; b < MBYTES; b++) snap[b] = ref_mem[b];
        afirst = longint'(run.first) & ~(WL - 1);
        n_steps = ((longint'(run.last) & ~(WL - 1)) - afirst) / WL + 1;
        exp_acc.delete();
        exp_step.delete();
        prev_wr.delete();
        for (longint j = 0; j < n_steps; j++) begin
            sg = afirst + j * WL;
            st.gid = 32'(sg);
            st.lines = '0;
            for (int k = 0; k < R; k++)
                st.lines[k * MEM_DW +: MEM_DW] = snap_line(elem_addr(run.ld[k * AW +: AW], sg));
            for (int l = 0; l < W; l++)
                st.on[l] = sg + longint'(l) >= longint'(run.first) && sg + longint'(l) <= longint'(run.last);
            exp_step.push_back(st);
            wr.delete();
            for (int s = 0; s < S; s++) begin
                a.we = 1'b1;
                a.stream = 8'(s);
                a.gid = 32'(sg);
                a.addr = elem_addr(run.st[s * AW +: AW], sg);
                a.strb = '0;
                a.data = '0;
                for (int l = 0; l < W; l++) begin
                    ldv = lane_loads(st.lines, l);
                    a.data[l * EW +: EW] = EW'(lane_value(s, ldv, 32'(sg + longint'(l))));
                    if (st.on[l] && lane_pred(s, run.pred, ldv, 32'(sg + longint'(l))))
                        a.strb[l * EB +: EB] = '1;
                end
                wr.push_back(a);
            end
            // The rotation: reads 0 .. R-2, the previous step's writes, read R-1.
            a = '0;
            a.gid = 32'(sg);
            for (int k = 0; k < R - 1; k++) begin
                a.stream = 8'(k);
                a.addr = elem_addr(run.ld[k * AW +: AW], sg);
                exp_acc.push_back(a);
            end
            while (prev_wr.size() != 0) exp_acc.push_back(prev_wr.pop_front());
            if (R > 0) begin
                a.stream = 8'(R - 1);
                a.addr = elem_addr(run.ld[(RP - 1) * AW +: AW], sg);
                exp_acc.push_back(a);
            end
            prev_wr = wr;
        end
        while (prev_wr.size() != 0) exp_acc.push_back(prev_wr.pop_front());

        // The reference, work-item by work-item, from memory as it was before the run.
        for (g = longint'(run.first); g <= longint'(run.last); g++) begin
            ldv = '0;
            for (int k = 0; k < R; k++) begin
                i = mem_index(longint'(elem_addr(run.ld[k * AW +: AW], g)));
                for (int b = 0; b < EB; b++) ldv[k][8 * b +: 8] = snap[i + b];
            end
            for (int s = 0; s < S; s++)
                if (lane_pred(s, run.pred, ldv, 32'(g))) begin
                    v = lane_value(s, ldv, 32'(g));
                    i = mem_index(longint'(elem_addr(run.st[s * AW +: AW], g)));
                    for (int b = 0; b < EB; b++) ref_mem[i + b] = v[8 * b +: 8];
                end
        end

        n_takes = 0;
        if (run.aliased) n_aliased++;
        t0 = cyc;
        running = 1;
        lat_mode = run.lat_mode;
        ready_mode = run.ready_mode;
        run_idx++;
    endtask

    task automatic end_run();
        longint cycles, bound;
        int     bad;
        cycles = cyc - t0;
        t_end = cyc;
        running = 0;
        if (exp_acc.size() != 0)
            fail($sformatf("busy fell with %0d accesses still to come (the next: %s of stream %0d, step %h, address %h)",
                           exp_acc.size(), exp_acc[0].we ? "write" : "read", exp_acc[0].stream,
                           exp_acc[0].gid, exp_acc[0].addr));
        if (exp_step.size() != 0)
            fail($sformatf("busy fell with %0d steps not computed (the next: step %h)",
                           exp_step.size(), exp_step[0].gid));
        if (longint'(n_takes) != n_steps)
            fail($sformatf("%0d takes for %0d steps", n_takes, n_steps));
        if (announced)
            fail($sformatf("busy fell after a take of step %h without its compute",
                           announced_gid));
        announced = 0;
        if (due_cyc.size() != 0)
            fail($sformatf("busy fell with %0d read responses still to come", due_cyc.size()));
        bad = 0;
        for (int b = 0; b < MBYTES; b++)
            if (mem[b] !== ref_mem[b]) begin
                if (bad < 4)
                    fail($sformatf("memory byte %h is %h, expected %h (before the run: %h)",
                                   32'((longint'(MBASE) + longint'(b)) & AMASK), mem[b], ref_mem[b], snap[b]));
                bad++;
            end
        if (bad != 0) begin
            fail($sformatf("%0d bytes of memory differ from the reference after the run", bad));
            for (int b = 0; b < MBYTES; b++) mem[b] = ref_mem[b];  // check the next runs afresh
        end
        // With R < 2 nothing overlaps the wait for a step's line (R = 1: the read right
        // before its compute; R = 0: the empty slot): one cycle more per step.
        bound = (R >= 2 ? RSL : longint'(S) + 2) * n_steps + RSL + 4;
        if (run.lat_mode == 2'd0 && run.ready_mode == 2'd0 && cycles > bound)
            fail($sformatf("too slow: %0d steps took %0d cycles from start to busy low, more than %s = %0d",
                           n_steps, cycles, R >= 2 ? "(R+S)*n + R+S+4" : "(S+2)*n + R+S+4",
                           bound));
        if (run.perf)
            $display("line_engine %s (R=%0d S=%0d W=%0d), from gid %h, 1-cycle memory always ready: %0d steps in %0d cycles, %0.3f cycles per step",
                     NAME, R, S, W, run.first, n_steps, cycles, real'(cycles) / real'(n_steps));
    endtask

    always @(posedge clk) begin
        if (rst) begin
            done <= 1'b0;
            want_start <= 1'b0;
            load_k <= 0;
            mem_req_ready <= 1'b1;
            mem_rsp_valid <= 1'b0;
            mem_rsp_data <= '0;
            cyc = 1;
            t0 = 0;
            t_end = -1;
            running = 0;
            run_idx = 0;
            run = '0;
            cur <= '0;
            nxt <= make_run(0);
            gap_left = 3;
            exp_acc.delete();
            exp_step.delete();
            due_cyc.delete();
            due_data.delete();
            last_due = 0;
            lat_mode = 2'd0;
            ready_mode = 2'd0;
            lfsr = SEED;
            prev_stall = 0;
            prev_start = 0;
            announced = 0;
            n_takes = 0;
            n_errors = 0;
            n_stalls = 0;
            n_b2b = 0;
            n_aliased = 0;
            n_reads = 0;
            n_writes = 0;
            n_computes = 0;
        end else if (!done) begin
            cyc++;

            // ---- protocol
            if (prev_start && busy !== 1'b1) fail("busy did not rise the cycle after start");
            if (busy === 1'b1 && !running) fail("busy high without a start");
            if (busy !== 1'b1 && mem_req_valid !== 1'b0) fail("a request while busy is low");
            if (busy !== 1'b1 && compute !== 1'b0) fail("compute while busy is low");
            if (busy !== 1'b1 && take !== 1'b0) fail("take while busy is low");
            if (prev_stall) begin
                if (mem_req_valid !== 1'b1)
                    fail("mem_req_valid dropped before mem_req_ready");
                else if (mem_req_we !== prev_we || mem_req_addr !== prev_addr ||
                         (prev_we && (mem_req_wdata !== prev_wdata || mem_req_wstrb !== prev_wstrb)))
                    fail($sformatf("a request changed while waiting for ready: %s %h -> %s %h",
                                   prev_we ? "write" : "read", prev_addr,
                                   mem_req_we ? "write" : "read", mem_req_addr));
            end
            prev_stall = mem_req_valid === 1'b1 && !mem_req_ready;
            if (prev_stall) n_stalls++;
            prev_we = mem_req_we;
            prev_addr = mem_req_addr;
            prev_wdata = mem_req_wdata;
            prev_wstrb = mem_req_wstrb;
            prev_start = start;

            // ---- memory: an accepted request
            if (mem_req_valid === 1'b1 && mem_req_ready) begin
                int      i;
                access_t e;
                i = mem_index(longint'(mem_req_addr));
                if (AW < 32 && (longint'(mem_req_addr) & ~AMASK) != 0)
                    fail($sformatf("address %h has bits set above AW", mem_req_addr));
                if (mem_req_addr % LINE != 0)
                    fail($sformatf("address %h is not aligned to the line", mem_req_addr));
                if (exp_acc.size() == 0) begin
                    fail($sformatf("an unexpected %s of %h", mem_req_we ? "write" : "read",
                                   mem_req_addr));
                end else begin
                    e = exp_acc.pop_front();
                    if (mem_req_we !== e.we || mem_req_addr !== e.addr) begin
                        fail($sformatf("bus: %s of %h, expected the %s of stream %0d for step %h at %h",
                                       mem_req_we ? "write" : "read", mem_req_addr,
                                       e.we ? "write" : "read", e.stream, e.gid, e.addr));
                    end else if (e.we) begin
                        if (mem_req_wstrb !== e.strb)
                            fail($sformatf("write of stream %0d, step %h: strobes %b, expected %b",
                                           e.stream, e.gid, mem_req_wstrb, e.strb));
                        for (int l = 0; l < W; l++)
                            if (e.strb[l * EB] && mem_req_wdata[l * EW +: EW] !== e.data[l * EW +: EW])
                                fail($sformatf("write of stream %0d, lane %0d (gid %h): data %h, expected %h",
                                               e.stream, l, e.gid + 32'(l),
                                               mem_req_wdata[l * EW +: EW], e.data[l * EW +: EW]));
                    end
                end
                if (i < 0 || i % LINE != 0) begin
                    fail($sformatf("access to %h, outside the memory", mem_req_addr));
                end else if (mem_req_we) begin
                    for (int b = 0; b < LINE; b++)
                        if (mem_req_wstrb[b]) mem[i + b] = mem_req_wdata[8 * b +: 8];
                    n_writes++;
                end
                if (!mem_req_we) begin  // (outside the memory: junk, so responses keep order)
                    longint due;
                    logic [MEM_DW-1:0] line;
                    line = junk_line();
                    if (i >= 0 && i % LINE == 0)
                        for (int b = 0; b < LINE; b++) line[8 * b +: 8] = mem[i + b];
                    due = cyc + (lat_mode == 2'd0 ? 1 : lat_mode == 2'd1 ? LATL
                                 : longint'($urandom_range(32'(LAT), 1)));
                    if (due <= last_due) due = last_due + 1;
                    last_due = due;
                    due_cyc.push_back(due);
                    due_data.push_back(line);
                    n_reads++;
                end
            end

            // ---- a compute cycle
            if (compute === 1'b1) begin
                n_computes++;
                if (exp_step.size() == 0) begin
                    fail($sformatf("compute with no step left (step_gid %h)", step_gid));
                end else begin
                    step_t st;
                    st = exp_step.pop_front();
                    if (step_gid !== st.gid)
                        fail($sformatf("compute: step_gid %h, expected %h", step_gid, st.gid));
                    if (lane_on !== st.on)
                        fail($sformatf("compute of step %h: lane_on %b, expected %b", st.gid,
                                       lane_on, st.on));
                    for (int k = 0; k < R; k++)
                        if (ld_line[k * MEM_DW +: MEM_DW] !== st.lines[k * MEM_DW +: MEM_DW])
                            fail($sformatf("compute of step %h: ld_line of stream %0d is %h, expected %h",
                                           st.gid, k, ld_line[k * MEM_DW +: MEM_DW],
                                           st.lines[k * MEM_DW +: MEM_DW]));
                end
                if (!announced)
                    fail($sformatf("compute of step %h without a take before it", step_gid));
                else if (announced_gid !== step_gid)
                    fail($sformatf("compute of step %h, but the last take announced step %h",
                                   step_gid, announced_gid));
                announced = 0;
            end
            // (after the compute: the take of a cycle with a compute is of the next step)
            if (take === 1'b1) begin
                if (announced)
                    fail($sformatf("take of step %h before the compute of step %h", next_gid,
                                   announced_gid));
                announced = 1;
                announced_gid = next_gid;
                n_takes++;
            end

            // ---- the runs: the end of one, the start of the next (maybe in one cycle)
            if (running && cyc > t0 + 1 && busy !== 1'b1) end_run();
            if (running && cyc - t0 > 8 * (RSL + LATL) * n_steps + 1000) begin
                fail("busy still high long after the run should have ended");
                running = 0;
            end
            if (loading) begin
                if (load_k == 0 && cyc == t_end) n_b2b++;  // from the first cycle busy is low
                load_k <= load_k + 1;
            end
            if (start) begin
                run_t rn;
                load_k <= 0;
                begin_run();
                cur <= nxt;
                if (run_idx < NRUNS) begin
                    rn = make_run(run_idx);
                    nxt <= rn;
                    gap_left = int'(rn.gap);
                    want_start <= rn.gap == 0;
                end else begin
                    gap_left = -1;
                    want_start <= 1'b0;
                end
            end else if (!running && gap_left > 0) begin
                gap_left--;
                if (gap_left == 0) want_start <= 1'b1;
            end
            if (!running && run_idx == NRUNS && !start) begin
                if (n_stalls == 0 || n_b2b < 5 || n_aliased == 0 && R > 0)
                    fail($sformatf("weak coverage: %0d stalled requests, %0d back-to-back starts, %0d in-place runs",
                                   n_stalls, n_b2b, n_aliased));
                $display("line_engine %s: %0d runs, %0d computes, %0d reads, %0d writes, %0d stalled request cycles, %0d back-to-back starts",
                         NAME, run_idx, n_computes, n_reads, n_writes, n_stalls, n_b2b);
                done <= 1'b1;
            end

            // ---- memory: next cycle's ready and response
            lfsr = {1'b0, lfsr[15:1]} ^ (lfsr[0] ? 16'hB400 : 16'h0000);
            case (ready_mode)
                2'd0: mem_req_ready <= 1'b1;
                2'd1: mem_req_ready <= lfsr[0];
                2'd2: mem_req_ready <= lfsr[2:0] != 3'd0;
                default: mem_req_ready <= lfsr[1:0] == 2'd0;
            endcase
            if (due_cyc.size() != 0 && due_cyc[0] == cyc + 1) begin
                logic [MEM_DW-1:0] line;
                void'(due_cyc.pop_front());
                line = due_data.pop_front();
                mem_rsp_valid <= 1'b1;
                mem_rsp_data <= line;
            end else begin
                mem_rsp_valid <= 1'b0;
                mem_rsp_data <= junk_line();
            end
        end
    end
endmodule

module tb_ocl_line_engine (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic [8:0] done;
    // (a) the iCEBreaker vector_add: c = a + b, 32-bit elements, 64-bit memory
    tb_line_unit #(.NAME("a"), .R(2), .S(1), .MEM_DW(64), .EW(32), .AW(17), .LAT(2),
                   .MBASE(32'h1_F000), .SEED(16'hACE1)) ua (.clk(clk), .rst(rst), .done(done[0]));
    // (b) store only (a fill)
    tb_line_unit #(.NAME("b"), .R(0), .S(1), .MEM_DW(64), .EW(32), .AW(17), .LAT(3),
                   .MBASE(32'h0_0400), .MBYTES(4096), .SEED(16'h1234)) ub (.clk(clk), .rst(rst), .done(done[1]));
    // (c) one load, two stores of bytes
    tb_line_unit #(.NAME("c"), .R(1), .S(2), .MEM_DW(64), .EW(8), .AW(17), .LAT(4),
                   .MBASE(32'h0), .SEED(16'h5A5A)) uc (.clk(clk), .rst(rst), .done(done[2]));
    // (d) three loads, two stores of 16-bit elements; memory across the top of 2^20
    tb_line_unit #(.NAME("d"), .R(3), .S(2), .MEM_DW(64), .EW(16), .AW(20), .LAT(3),
                   .MBASE(32'hF_F800), .SEED(16'hBEEF)) ud (.clk(clk), .rst(rst), .done(done[3]));
    // (e) the sim board's 512-bit line, full 32-bit addresses, memory across 2^32
    tb_line_unit #(.NAME("e"), .R(1), .S(1), .MEM_DW(512), .EW(32), .AW(32), .LAT(5),
                   .MBASE(32'hFFFF_E000), .MBYTES(16384), .SEED(16'h0F0F)) ue (.clk(clk), .rst(rst), .done(done[4]));
    // (f) 64-bit elements on a 64-bit line: one lane
    tb_line_unit #(.NAME("f"), .R(2), .S(1), .MEM_DW(64), .EW(64), .AW(32), .LAT(3),
                   .MBASE(32'h4000_0000), .SEED(16'h7777)) uf (.clk(clk), .rst(rst), .done(done[5]));
    // (g) two loads, two stores, 8 lanes of 16 bits, slow memory
    tb_line_unit #(.NAME("g"), .R(2), .S(2), .MEM_DW(128), .EW(16), .AW(16), .LAT(7),
                   .MBASE(32'hC000), .SEED(16'h3C3C)) ug (.clk(clk), .rst(rst), .done(done[6]));
    // (h) store only, two streams of 64-bit elements, two lanes
    tb_line_unit #(.NAME("h"), .R(0), .S(2), .MEM_DW(128), .EW(64), .AW(17), .LAT(1),
                   .MBASE(32'h1_0000), .MBYTES(4096), .SEED(16'h9999)) uh (.clk(clk), .rst(rst), .done(done[7]));
    // (i) four loads, 32 byte lanes
    tb_line_unit #(.NAME("i"), .R(4), .S(1), .MEM_DW(256), .EW(8), .AW(24), .LAT(2),
                   .MBASE(32'h12_3400), .MBYTES(10240), .SEED(16'h2468)) ui (.clk(clk), .rst(rst), .done(done[8]));

    always @(posedge clk) begin
        if (&done) begin
            $display("PASS tb_ocl_line_engine");
            $finish;
        end
    end
endmodule

`default_nettype wire
