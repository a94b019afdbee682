// SPDX-License-Identifier: MIT
//
// ocl_atomic_share: N atomic call sites of a kernel that may touch the same words, on one
// ocl_atomic unit, so that their operations are atomic with each other. Each site sees the
// pipeline side of an ocl_atomic of its own (same signals, same meaning); the unit performs
// the sites' requests one at a time in the order the arbiter takes them, and answers each
// site in that site's own request order.
//
// Parameters
//   N       sites (>= 1)
//   MEM_DW, AW   as ocl_atomic
//   DEPTH   requests a site may have in flight (fired, response not yet popped): the size of
//           its response queue, and the unit's own DEPTH
//   RESULTS bit i: site i takes its old values (rsp_pop); 0: its responses are dropped as
//           they come (as ocl_atomic RESULT = 0)
//
// Site side (bits/fields [i] are site i; per-site buses flattened, site i at [i*W +: W])
//   req_can_accept  registers only: the site's request slot is free and it has fewer than
//                   DEPTH requests in flight
//   req_fire, req_addr, req_op, req_a, req_b      as ocl_atomic, each request its own op
//   rsp_valid, rsp_pop, rsp_data                  the site's oldest unanswered request
//   idle            the whole share is idle (nothing queued, in flight or owed to memory)
//   writes_done     every write of a request the unit has answered is accepted by memory
//                   (the unit's writes_done: a site's popped requests are among those); for a
//                   site that drops its answers, also none of its requests is in flight
// Memory side: the unit's bus port.
//
// Structure: a one-entry request slot per site (filled at a fire, emptied when the unit takes
// it), the full slots in the order their requests fired (the unit takes the oldest: a
// work-item's requests at two sites of increasing stages reach the unit in program order,
// so the compiler needs no wait between them), a queue of the site numbers in the unit's
// order (DEPTH entries: the unit holds at most DEPTH requests), and per
// site a response queue of DEPTH entries. The unit's answer is popped into its site's queue
// as soon as it is valid: a site never has more than DEPTH requests in flight, so there is
// always room, and no site waits behind another site's unpopped answer.
//
// Timing: a request fired at edge t reaches the unit at edge t + 1 at the earliest (t + 1 +
// the requests that fired before it), and its answer reaches the site one cycle after the
// unit has it; the unit takes one request per cycle from all sites together.
`default_nettype none

module ocl_atomic_share #(
    parameter integer N = 2,
    parameter integer MEM_DW = 512,
    parameter integer AW = 32,
    parameter integer DEPTH = 8,
    parameter [N-1:0] RESULTS = {N{1'b1}}
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                clear,
    output wire [N-1:0]        req_can_accept,
    input  wire [N-1:0]        req_fire,
    input  wire [N*AW-1:0]     req_addr,
    input  wire [N*4-1:0]      req_op,
    input  wire [N*32-1:0]     req_a,
    input  wire [N*32-1:0]     req_b,
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
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    localparam integer SW = (N > 1) ? $clog2(N) : 1;        // a site number
    localparam integer FW = (DEPTH > 1) ? $clog2(DEPTH + 1) : 1;
    localparam integer RW = AW + 4 + 64;                     // a request: addr, op, a, b

    // The unit.
    wire            u_can_accept, u_rsp_valid, u_idle, u_written;
    wire [31:0]     u_rsp_data;
    wire            u_fire;
    wire [RW-1:0]   u_req;
    wire            u_pop;

    // Request slots.
    reg  [N-1:0]    slot_full;
    reg  [N*RW-1:0] slot;

    // Requests in flight per site (fired, answer not yet popped or dropped).
    reg  [N*FW-1:0] inflight;

    // Site numbers in the unit's order.
    wire            tag_empty;
    wire [SW-1:0]   tag_head;

    // The sites whose slots are full, in the order their requests fired (several in one
    // cycle: by site number): the unit takes the oldest, so a work-item's requests from two
    // sites reach it in the order of their stages.
    localparam integer CNW = $clog2(N + 1);
    reg  [N*SW-1:0] order;
    reg  [CNW-1:0]  queued;
    reg  [N*SW-1:0] order_next;
    reg  [CNW-1:0]  queued_next;
    wire [SW-1:0]   grant = order[SW-1:0];
    wire            granted = queued != {CNW{1'b0}};
    wire [N-1:0]    fired_now = req_fire & req_can_accept;

    integer k;
    /* verilator lint_off UNUSED */
    reg [31:0] at;    // 32 bits for width-exact arithmetic; the low CNW bits are used
    reg [31:0] site;  // and the low SW bits
    /* verilator lint_on UNUSED */
    always @(*) begin
        order_next = order;
        queued_next = queued;
        at = 32'd0;
        site = 32'd0;
        if (u_fire) begin
            order_next = order >> SW;
            queued_next = queued - 1'b1;
        end
        for (k = 0; k < N; k = k + 1)
            if (fired_now[k]) begin
                at = {{(32 - CNW){1'b0}}, queued_next};
                site = k;
                order_next[at * SW +: SW] = site[SW-1:0];
                queued_next = queued_next + 1'b1;
            end
    end

    always @(posedge clk) begin
        if (rst) begin
            order <= {(N * SW){1'b0}};
            queued <= {CNW{1'b0}};
        end else begin
            order <= order_next;
            queued <= queued_next;
        end
    end

    wire [31:0] grant32 = {{(32 - SW){1'b0}}, grant};
    wire [31:0] head32;

    assign u_fire = granted & u_can_accept;
    assign u_req = slot[grant32 * RW +: RW];

    genvar i;
    generate
        for (i = 0; i < N; i = i + 1) begin : g_site
            wire            rq_empty, rq_full;
            wire [FW-1:0]   rq_count;
            wire            take = u_pop & (head32 == i);
            wire            keep = RESULTS[i];
            wire            fired = req_fire[i] & req_can_accept[i];
            wire            done_one = keep ? (rsp_pop[i] & ~rq_empty) : take;
            wire [FW-1:0]   n = inflight[i*FW +: FW];

            assign req_can_accept[i] = ~slot_full[i] & ({{(32 - FW){1'b0}}, n} < DEPTH);
            assign rsp_valid[i] = keep & ~rq_empty;
            assign idle[i] = u_idle & ~|slot_full & tag_empty;
            // A site that pops gets its answer after the unit performed the request, so the
            // unit's written covers it; one whose answers are dropped must also have none
            // left in flight (as ocl_atomic RESULT = 0: every request fired).
            assign writes_done[i] = u_written & (keep | (n == {FW{1'b0}}));

            always @(posedge clk) begin
                if (rst) begin
                    slot_full[i] <= 1'b0;
                    inflight[i*FW +: FW] <= {FW{1'b0}};
                end else begin
                    if (fired) begin
                        slot_full[i] <= 1'b1;
                        slot[i*RW +: RW] <= {req_addr[i*AW +: AW], req_op[i*4 +: 4],
                                             req_a[i*32 +: 32], req_b[i*32 +: 32]};
                    end else if (u_fire && grant32 == i) begin
                        slot_full[i] <= 1'b0;
                    end
                    if (fired & ~done_one)
                        inflight[i*FW +: FW] <= n + 1'b1;
                    else if (done_one & ~fired)
                        inflight[i*FW +: FW] <= n - 1'b1;
                end
            end

            /* verilator lint_off UNUSED */
            wire [FW-1:0] rq_count_unused = rq_count;
            wire          rq_full_unused = rq_full;
            /* verilator lint_on UNUSED */
            ocl_fifo #(.WIDTH(32), .DEPTH(DEPTH)) u_rsp (
                .clk(clk), .rst(rst), .push(take & keep), .push_data(u_rsp_data),
                .pop(rsp_pop[i] & keep), .pop_data(rsp_data[i*32 +: 32]),
                .empty(rq_empty), .full(rq_full), .count(rq_count));
        end
    endgenerate

    // A site's queue has room for every answer it may get (at most DEPTH in flight).
    assign u_pop = u_rsp_valid;

    /* verilator lint_off UNUSED */
    wire           tag_full;
    wire [FW-1:0]  tag_count;
    /* verilator lint_on UNUSED */
    ocl_fifo #(.WIDTH(SW), .DEPTH(DEPTH)) u_tags (
        .clk(clk), .rst(rst), .push(u_fire), .push_data(grant), .pop(u_pop),
        .pop_data(tag_head), .empty(tag_empty), .full(tag_full), .count(tag_count));
    assign head32 = {{(32 - SW){1'b0}}, tag_head};

    ocl_atomic #(.MEM_DW(MEM_DW), .AW(AW), .DEPTH(DEPTH), .OP(-1), .RESULT(1)) u_unit (
        .clk(clk), .rst(rst), .clear(clear),
        .req_can_accept(u_can_accept), .req_fire(u_fire),
        .req_addr(u_req[RW-1 -: AW]), .req_op(u_req[67:64]), .req_a(u_req[63:32]),
        .req_b(u_req[31:0]),
        .rsp_valid(u_rsp_valid), .rsp_pop(u_pop), .rsp_data(u_rsp_data),
        .idle(u_idle), .writes_done(u_written),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready), .mem_req_we(mem_req_we),
        .mem_req_addr(mem_req_addr), .mem_req_wdata(mem_req_wdata),
        .mem_req_wstrb(mem_req_wstrb), .mem_rsp_valid(mem_rsp_valid),
        .mem_rsp_data(mem_rsp_data));
endmodule

`default_nettype wire
