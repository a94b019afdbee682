// SPDX-License-Identifier: MIT
//
// ocl_printf_counter: the counter of printf's buffer (docs/printf.md) for the N printf call
// sites of a kernel. A request adds req_a (a record's bytes) to the counter and is answered
// with the counter's value before the add, as an atomic add on the buffer's counter word
// (ocl_atomic) would be. The counter is a register, not a word read from memory: the runtime
// zeroes the word before every launch and nothing else touches it while the kernel runs. So
// the unit never reads memory and holds no word table: on an iCE40 it is a few hundred
// logic cells where an ocl_atomic of the same depth is thousands. The latest value is
// written back to the word whenever it changed, so the host reads the total once the kernel
// is done (the bytes asked for, records that did not fit included).
//
// Requests fired in one cycle are counted in site order (site 0 first); those of later
// cycles after them, so a work-item's requests at sites of increasing stages are counted in
// its program order. Each site's answers come back in its own request order.
//
// Parameters
//   N       call sites, >= 1
//   DEPTH   answers a site may hold (fired, not yet popped), >= 1
//   MEM_DW  memory line width in bits (bus width): a power of two, >= 32
//   AW      byte-address width (> log2(MEM_DW / 8))
//
// Pipeline side, per site i (the ports of ocl_atomic_share, so that the compiler wires both
// alike; req_op and req_b are not used: every request is an add)
//   clear           1-cycle pulse at kernel start, only while idle: the counter to 0
//   req_can_accept  the site's answer queue has room (registers only)
//   req_fire        take req_addr (the counter word's byte address, 4-byte aligned: the
//                   same for every request of a launch) and req_a (ignored while
//                   req_can_accept is low)
//   rsp_valid       the site's oldest answer is there (registers only)
//   rsp_pop         consume it (ignored while rsp_valid is low)
//   rsp_data        the counter before the request's add
//   idle            no answer waiting, the word in memory holds the counter
//   writes_done     the word in memory holds the counter (registers only)
// Compute units (num_compute_units: a copy of the unit per copy of the kernel, one at a time
// holding the lock of ocl_cu_mutex, so only the holder's requests fire)
//   load            1-cycle pulse while idle, when this copy takes the lock: the counter
//                   becomes load_count (the word in memory, as the last holder left it),
//                   with this cycle's requests added to it; clear wins over it
//   load_count      the value to load
//   now             the counter (registers only), for the copies' load_count
// Memory side: bus master, writes only (as ocl_lsu_store): a masked line write of the word,
// one at a time; a write offered is held until memory accepts it.
//
// Timing: a request fired at edge t is answered right after edge t (rsp_valid), and its
// write-back is offered from edge t + 1.
`default_nettype none

module ocl_printf_counter #(
    parameter integer N = 1,
    parameter integer DEPTH = 4,
    parameter integer MEM_DW = 64,
    parameter integer AW = 32
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                clear,
    input  wire                load,
    input  wire [31:0]         load_count,
    output wire [31:0]         now,
    output wire [N-1:0]        req_can_accept,
    input  wire [N-1:0]        req_fire,
    input  wire [N*AW-1:0]     req_addr,
    /* verilator lint_off UNUSED */
    input  wire [N*4-1:0]      req_op,
    input  wire [N*32-1:0]     req_b,
    /* verilator lint_on UNUSED */
    input  wire [N*32-1:0]     req_a,
    output wire [N-1:0]        rsp_valid,
    input  wire [N-1:0]        rsp_pop,
    output wire [N*32-1:0]     rsp_data,
    output wire [N-1:0]        idle,
    output wire [N-1:0]        writes_done,
    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [AW-1:0]       mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    /* verilator lint_off UNUSED */
    input  wire                mem_rsp_valid,  // writes have no response
    input  wire [MEM_DW-1:0]   mem_rsp_data
    /* verilator lint_on UNUSED */
);
    localparam integer LB = MEM_DW / 8;                 // bytes per line
    localparam integer OFFW = $clog2(LB);               // byte offset bits within a line
    localparam integer NW = MEM_DW / 32;                // words per line
    localparam integer IW = (NW > 1) ? $clog2(NW) : 1;  // word index bits
    localparam integer FW = $clog2(DEPTH + 1);

    wire [N-1:0] fired = req_fire & req_can_accept;

    reg  [31:0]   count;
    /* verilator lint_off UNUSED */
    reg  [AW-1:0] word_addr;  // the counter word's byte address (from the requests)
    /* verilator lint_on UNUSED */
    reg           dirty;      // the counter changed since the value being written was taken
    reg           writing;    // a write is offered, not yet accepted
    reg  [31:0]   wvalue;

    // Each fired site's answer: the counter plus the adds of the sites before it.
    reg [N*32-1:0] answer;
    reg [31:0]     total;
    integer k;
    always @(*) begin
        total = load ? load_count : count;
        answer = {(N * 32){1'b0}};
        for (k = 0; k < N; k = k + 1) begin
            answer[k*32 +: 32] = total;
            if (fired[k])
                total = total + req_a[k*32 +: 32];
        end
    end

    always @(posedge clk) begin
        if (rst || clear) begin
            count <= 32'd0;
            dirty <= 1'b0;
            writing <= 1'b0;
        end else begin
            count <= total;
            for (k = 0; k < N; k = k + 1)
                if (fired[k])
                    word_addr <= req_addr[k*AW +: AW];
            if (!writing && dirty) begin
                writing <= 1'b1;
                wvalue <= count;
                dirty <= |fired;
            end else begin
                if (writing && mem_req_ready)
                    writing <= 1'b0;
                if (|fired)
                    dirty <= 1'b1;
            end
        end
    end

    wire quiet = !dirty && !writing;
    wire [N-1:0] rq_empty;

    genvar i;
    generate
        for (i = 0; i < N; i = i + 1) begin : g_site
            wire          rq_full;
            /* verilator lint_off UNUSED */
            wire [FW-1:0] rq_count;
            /* verilator lint_on UNUSED */
            ocl_fifo #(.WIDTH(32), .DEPTH(DEPTH)) u_rsp (
                .clk(clk), .rst(rst), .push(fired[i]), .push_data(answer[i*32 +: 32]),
                .pop(rsp_pop[i]), .pop_data(rsp_data[i*32 +: 32]),
                .empty(rq_empty[i]), .full(rq_full), .count(rq_count));
            assign req_can_accept[i] = ~rq_full;
            assign rsp_valid[i] = ~rq_empty[i];
            assign writes_done[i] = quiet;
        end
    endgenerate
    assign idle = {N{quiet && &rq_empty}};
    assign now = count;

    /* verilator lint_off UNUSED */
    wire [31:0]   word_addr32 = {{(32 - AW){1'b0}}, word_addr};
    /* verilator lint_on UNUSED */
    wire [IW-1:0] word = (NW > 1) ? word_addr32[2 +: IW] : {IW{1'b0}};
    wire [LB-1:0] word_strb = ~({LB{1'b1}} << 4);  // low 4 bits (all when LB == 4)
    assign mem_req_valid = writing;
    assign mem_req_we = 1'b1;
    assign mem_req_addr = {word_addr[AW-1:OFFW], {OFFW{1'b0}}};
    assign mem_req_wdata = {NW{wvalue}};
    assign mem_req_wstrb = word_strb << (word * 4);
endmodule

`default_nettype wire
