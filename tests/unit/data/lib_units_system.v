// SPDX-License-Identifier: MIT
/* verilator lint_off DECLFILENAME */
//
// A stand-in oclhls_system for tests/unit/test_lib_units.c: every rtl-lib unit that a sim
// model runs as a compiled library unit (board-support/sim/flow/lib_units.c) beside a copy
// of itself that stays inline (ref_<module>, the same text renamed by the test), both fed
// the same pseudo-random operands and enables, their outputs compared every cycle. The
// load and store units (units only in a design with at least 8 of them, written out one
// by one) run 8 of each against inline copies, in bursts of activity and quiet spells
// (where their units are not stepped), with random handshakes, memory responses, clears
// and resets.
//
// Kernel window 0x0400: write 0x000 = N starts N cycles of random operands (busy while
// they run); read 0x004 = cycles whose outputs differed, 0x008 = a checksum of the
// library units' outputs over the run, 0x00C = cycles that were enabled.

module oclhls_system #(
    parameter MEM_DW = 512
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                csr_wr,
    input  wire                csr_rd,
    input  wire [15:0]         csr_addr,
    input  wire [31:0]         csr_wdata,
    output reg  [31:0]         csr_rdata,
    output wire                busy,
    output wire                mem_req_valid,
    input  wire                mem_req_ready,
    output wire                mem_req_we,
    output wire [31:0]         mem_req_addr,
    output wire [MEM_DW-1:0]   mem_req_wdata,
    output wire [MEM_DW/8-1:0] mem_req_wstrb,
    input  wire                mem_rsp_valid,
    input  wire [MEM_DW-1:0]   mem_rsp_data
);
    assign mem_req_valid = 1'b0;
    assign mem_req_we = 1'b0;
    assign mem_req_addr = 32'd0;
    assign mem_req_wdata = {MEM_DW{1'b0}};
    assign mem_req_wstrb = {(MEM_DW / 8) {1'b0}};

    wire        sel = csr_addr[15:10] == 6'd1;
    wire [9:0]  off = csr_addr[9:0];
    reg  [31:0] left, diffs, sum, enabled;
    reg  [63:0] x;  // xorshift64 state
    reg         en;
    assign busy = left != 32'd0;

    // Operands: the state's halves, and rotations of it; every 8th operand a special value
    // (zero, infinity, NaN, the smallest normal, a denormal) so the units' corners run.
    wire [63:0] r1 = {x[40:0], x[63:41]} ^ 64'h9e37_79b9_7f4a_7c15;
    wire [63:0] r2 = {x[22:0], x[63:23]} ^ 64'hbf58_476d_1ce4_e5b9;
    function automatic [31:0] special(input [31:0] v, input [2:0] k);
        case (k)
        3'd0: special = {v[31], 31'd0};
        3'd1: special = {v[31], 8'hFF, 23'd0};
        3'd2: special = {v[31], 8'hFF, v[22:0] | 23'd1};
        3'd3: special = {v[31], 8'h01, 23'd0};
        3'd4: special = {v[31], 8'h00, v[22:0]};
        default: special = v;
        endcase
    endfunction
    wire [31:0] fa = x[2:0] == 3'd0 ? special(x[31:0], r2[2:0]) : x[31:0];
    wire [31:0] fb = x[5:3] == 3'd0 ? special(x[63:32], r2[5:3]) : x[63:32];
    wire [31:0] fc = r1[31:0];
    wire [63:0] ia = r1;
    wire [63:0] ib = x[9:6] == 4'd0 ? 64'd0 : (r2 >> r2[12:7]);  // small and zero divisors

    // ---- the units and their inline copies ---------------------------------------------
    wire [31:0] add_y, add_ry, mul_y, mul_ry, fma_y, fma_ry, div_y, div_ry, sqrt_y, sqrt_ry;
    wire [31:0] min_y, min_ry, ti32_y, ti32_ry, fi32_y, fi32_ry, fi64_y, fi64_ry;
    wire [63:0] ti64_y, ti64_ry;
    wire [2:0]  cmp_y, cmp_ry;
    wire [31:0] d32_q, d32_rq, d32_r, d32_rr;
    wire [63:0] d64_q, d64_rq, d64_r, d64_rr;

    ocl_fp_add u_add (.clk(clk), .en(en), .a(fa), .b(fb), .sub(r1[40]), .y(add_y));
    ref_ocl_fp_add v_add (.clk(clk), .en(en), .a(fa), .b(fb), .sub(r1[40]), .y(add_ry));
    ocl_fp_mul u_mul (.clk(clk), .en(en), .a(fa), .b(fb), .y(mul_y));
    ref_ocl_fp_mul v_mul (.clk(clk), .en(en), .a(fa), .b(fb), .y(mul_ry));
    ocl_fp_fma u_fma (.clk(clk), .en(en), .a(fa), .b(fb), .c(fc), .y(fma_y));
    ref_ocl_fp_fma v_fma (.clk(clk), .en(en), .a(fa), .b(fb), .c(fc), .y(fma_ry));
    ocl_fp_div u_div (.clk(clk), .en(en), .a(fa), .b(fb), .y(div_y));
    ref_ocl_fp_div v_div (.clk(clk), .en(en), .a(fa), .b(fb), .y(div_ry));
    ocl_fp_sqrt u_sqrt (.clk(clk), .en(en), .a(fa), .y(sqrt_y));
    ref_ocl_fp_sqrt v_sqrt (.clk(clk), .en(en), .a(fa), .y(sqrt_ry));
    ocl_fp_cmp u_cmp (.clk(clk), .en(en), .a(fa), .b(fb), .lt(cmp_y[0]), .eq(cmp_y[1]),
                      .uno(cmp_y[2]));
    ref_ocl_fp_cmp v_cmp (.clk(clk), .en(en), .a(fa), .b(fb), .lt(cmp_ry[0]), .eq(cmp_ry[1]),
                          .uno(cmp_ry[2]));
    ocl_fp_minmax u_min (.clk(clk), .en(en), .a(fa), .b(fb), .max(r1[41]), .y(min_y));
    ref_ocl_fp_minmax v_min (.clk(clk), .en(en), .a(fa), .b(fb), .max(r1[41]), .y(min_ry));
    ocl_fp_to_int #(.W(32), .SIGNED(1)) u_ti32 (.clk(clk), .en(en), .a(fa), .y(ti32_y));
    ref_ocl_fp_to_int #(.W(32), .SIGNED(1)) v_ti32 (.clk(clk), .en(en), .a(fa), .y(ti32_ry));
    ocl_fp_to_int #(.W(64), .SIGNED(0)) u_ti64 (.clk(clk), .en(en), .a(fb), .y(ti64_y));
    ref_ocl_fp_to_int #(.W(64), .SIGNED(0)) v_ti64 (.clk(clk), .en(en), .a(fb), .y(ti64_ry));
    ocl_fp_from_int #(.W(32), .SIGNED(1), .ROUND(0)) u_fi32 (.clk(clk), .en(en), .a(ia[31:0]),
                                                             .y(fi32_y));
    ref_ocl_fp_from_int #(.W(32), .SIGNED(1), .ROUND(0)) v_fi32 (.clk(clk), .en(en),
                                                                 .a(ia[31:0]), .y(fi32_ry));
    ocl_fp_from_int #(.W(64), .SIGNED(0), .ROUND(1)) u_fi64 (.clk(clk), .en(en), .a(ia),
                                                             .y(fi64_y));
    ref_ocl_fp_from_int #(.W(64), .SIGNED(0), .ROUND(1)) v_fi64 (.clk(clk), .en(en), .a(ia),
                                                                 .y(fi64_ry));
    ocl_div #(.W(32), .SIGNED(1)) u_d32 (.clk(clk), .en(en), .a(ia[31:0]), .b(ib[31:0]),
                                         .quot(d32_q), .rem(d32_r));
    ref_ocl_div #(.W(32), .SIGNED(1)) v_d32 (.clk(clk), .en(en), .a(ia[31:0]), .b(ib[31:0]),
                                             .quot(d32_rq), .rem(d32_rr));
    ocl_div #(.W(64), .SIGNED(0)) u_d64 (.clk(clk), .en(en), .a(ia), .b(ib), .quot(d64_q),
                                         .rem(d64_r));
    ref_ocl_div #(.W(64), .SIGNED(0)) v_d64 (.clk(clk), .en(en), .a(ia), .b(ib), .quot(d64_rq),
                                             .rem(d64_rr));


    // ---- load and store units: 8 of each (two parameter sets), against inline copies ----
    // Instance 2*i is the unit, 2*i+1 its inline copy; both get lsu i's inputs. Activity
    // comes in bursts: 192 cycles of random requests, then 64 quiet ones.
    reg  [7:0]   phase;
    wire         active = phase < 8'd192;
    wire [63:0]  r3 = {x[50:0], x[63:51]} ^ 64'h94d0_49bb_1331_11eb;
    wire         lsu_rst = rst | (x[31:22] == 10'd0);  // a reset now and then
    wire [511:0] rsp_line = {4{r1, r2}};
    wire         rsp_in = active & r3[0] & r3[1];
    wire [7:0]   fire = {8{active}} & r3[9:2];
    wire [7:0]   ready = r2[27:20], pop = r1[37:30], flush = r2[57:50];
    wire [7:0]   clr = r2[47:40] & r2[48:41] & r2[49:42] & r2[50:43];
    wire [31:0]  addr [0:7];  // within 4 lines; aligned for 8-, 32- and 64-bit accesses
    wire         s_acc [0:15], s_idle [0:15], s_mv [0:15], s_we [0:15];
    wire [31:0]  s_addr [0:15];
    wire [511:0] s_wd [0:15];
    wire [63:0]  s_ws [0:15];
    wire         l_acc [0:15], l_rv [0:15], l_idle [0:15], l_mv [0:15], l_we [0:15];
    wire [31:0]  l_data [0:15], l_addr [0:15];
    wire [511:0] l_wd [0:15];
    wire [63:0]  l_ws [0:15];
    reg  [7:0]   lsu_diff;
    reg  [31:0]  lsu_fold;
    integer      li;
    always @(*) begin
        lsu_diff = 8'd0;
        lsu_fold = 32'd0;
        for (li = 0; li < 8; li = li + 1) begin
            lsu_diff[li] = {s_acc[2*li], s_idle[2*li], s_mv[2*li], s_we[2*li], s_addr[2*li],
                            s_wd[2*li], s_ws[2*li], l_acc[2*li], l_rv[2*li], l_idle[2*li],
                            l_mv[2*li], l_we[2*li], l_data[2*li], l_addr[2*li], l_wd[2*li],
                            l_ws[2*li]} !=
                           {s_acc[2*li+1], s_idle[2*li+1], s_mv[2*li+1], s_we[2*li+1],
                            s_addr[2*li+1], s_wd[2*li+1], s_ws[2*li+1], l_acc[2*li+1],
                            l_rv[2*li+1], l_idle[2*li+1], l_mv[2*li+1], l_we[2*li+1],
                            l_data[2*li+1], l_addr[2*li+1], l_wd[2*li+1], l_ws[2*li+1]};
            lsu_fold = lsu_fold ^ s_wd[2*li][31:0] ^ s_wd[2*li][511:480] ^ s_addr[2*li] ^
                       s_ws[2*li][31:0] ^ l_data[2*li] ^ l_addr[2*li] ^
                       {22'd0, li[1:0], s_acc[2*li], s_idle[2*li], s_mv[2*li], s_we[2*li],
                        l_acc[2*li], l_rv[2*li], l_idle[2*li], l_mv[2*li]};
        end
    end
    genvar gi;
    generate
        for (gi = 0; gi < 8; gi = gi + 1) begin : g_addr
            assign addr[gi] = {24'd0, r3[gi + 10 +: 2], r1[gi +: 4], 2'd0} &
                              ((gi % 2) == 0 ? 32'hFFFF_FFFC : 32'hFFFF_FFF8);
        end
    endgenerate
    ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st0 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[0]), .req_fire(fire[0]),
        .req_addr(addr[0]), .req_data(r1[7:0]), .flush(flush[0]), .idle(s_idle[0]),
        .mem_req_valid(s_mv[0]), .mem_req_ready(ready[0]), .mem_req_we(s_we[0]),
        .mem_req_addr(s_addr[0]), .mem_req_wdata(s_wd[0]), .mem_req_wstrb(s_ws[0]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) u_ld0 (
        .clk(clk), .rst(lsu_rst), .clear(clr[0]), .req_can_accept(l_acc[0]),
        .req_fire(fire[0]), .req_addr(addr[0]), .rsp_valid(l_rv[0]), .rsp_pop(pop[0]),
        .rsp_data(l_data[0]), .idle(l_idle[0]), .mem_req_valid(l_mv[0]),
        .mem_req_ready(ready[0]), .mem_req_we(l_we[0]), .mem_req_addr(l_addr[0]),
        .mem_req_wdata(l_wd[0]), .mem_req_wstrb(l_ws[0]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) v_st0 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[1]), .req_fire(fire[0]),
        .req_addr(addr[0]), .req_data(r1[7:0]), .flush(flush[0]), .idle(s_idle[1]),
        .mem_req_valid(s_mv[1]), .mem_req_ready(ready[0]), .mem_req_we(s_we[1]),
        .mem_req_addr(s_addr[1]), .mem_req_wdata(s_wd[1]), .mem_req_wstrb(s_ws[1]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) v_ld0 (
        .clk(clk), .rst(lsu_rst), .clear(clr[0]), .req_can_accept(l_acc[1]),
        .req_fire(fire[0]), .req_addr(addr[0]), .rsp_valid(l_rv[1]), .rsp_pop(pop[0]),
        .rsp_data(l_data[1]), .idle(l_idle[1]), .mem_req_valid(l_mv[1]),
        .mem_req_ready(ready[0]), .mem_req_we(l_we[1]), .mem_req_addr(l_addr[1]),
        .mem_req_wdata(l_wd[1]), .mem_req_wstrb(l_ws[1]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) u_st1 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[2]), .req_fire(fire[1]),
        .req_addr(addr[1]), .req_data(r1), .flush(flush[1]), .idle(s_idle[2]),
        .mem_req_valid(s_mv[2]), .mem_req_ready(ready[1]), .mem_req_we(s_we[2]),
        .mem_req_addr(s_addr[2]), .mem_req_wdata(s_wd[2]), .mem_req_wstrb(s_ws[2]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) u_ld1 (
        .clk(clk), .rst(lsu_rst), .clear(clr[1]), .req_can_accept(l_acc[2]),
        .req_fire(fire[1]), .req_addr(addr[1]), .rsp_valid(l_rv[2]), .rsp_pop(pop[1]),
        .rsp_data(l_data[2]), .idle(l_idle[2]), .mem_req_valid(l_mv[2]),
        .mem_req_ready(ready[1]), .mem_req_we(l_we[2]), .mem_req_addr(l_addr[2]),
        .mem_req_wdata(l_wd[2]), .mem_req_wstrb(l_ws[2]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) v_st1 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[3]), .req_fire(fire[1]),
        .req_addr(addr[1]), .req_data(r1), .flush(flush[1]), .idle(s_idle[3]),
        .mem_req_valid(s_mv[3]), .mem_req_ready(ready[1]), .mem_req_we(s_we[3]),
        .mem_req_addr(s_addr[3]), .mem_req_wdata(s_wd[3]), .mem_req_wstrb(s_ws[3]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) v_ld1 (
        .clk(clk), .rst(lsu_rst), .clear(clr[1]), .req_can_accept(l_acc[3]),
        .req_fire(fire[1]), .req_addr(addr[1]), .rsp_valid(l_rv[3]), .rsp_pop(pop[1]),
        .rsp_data(l_data[3]), .idle(l_idle[3]), .mem_req_valid(l_mv[3]),
        .mem_req_ready(ready[1]), .mem_req_we(l_we[3]), .mem_req_addr(l_addr[3]),
        .mem_req_wdata(l_wd[3]), .mem_req_wstrb(l_ws[3]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st2 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[4]), .req_fire(fire[2]),
        .req_addr(addr[2]), .req_data(r1[7:0]), .flush(flush[2]), .idle(s_idle[4]),
        .mem_req_valid(s_mv[4]), .mem_req_ready(ready[2]), .mem_req_we(s_we[4]),
        .mem_req_addr(s_addr[4]), .mem_req_wdata(s_wd[4]), .mem_req_wstrb(s_ws[4]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) u_ld2 (
        .clk(clk), .rst(lsu_rst), .clear(clr[2]), .req_can_accept(l_acc[4]),
        .req_fire(fire[2]), .req_addr(addr[2]), .rsp_valid(l_rv[4]), .rsp_pop(pop[2]),
        .rsp_data(l_data[4]), .idle(l_idle[4]), .mem_req_valid(l_mv[4]),
        .mem_req_ready(ready[2]), .mem_req_we(l_we[4]), .mem_req_addr(l_addr[4]),
        .mem_req_wdata(l_wd[4]), .mem_req_wstrb(l_ws[4]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) v_st2 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[5]), .req_fire(fire[2]),
        .req_addr(addr[2]), .req_data(r1[7:0]), .flush(flush[2]), .idle(s_idle[5]),
        .mem_req_valid(s_mv[5]), .mem_req_ready(ready[2]), .mem_req_we(s_we[5]),
        .mem_req_addr(s_addr[5]), .mem_req_wdata(s_wd[5]), .mem_req_wstrb(s_ws[5]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) v_ld2 (
        .clk(clk), .rst(lsu_rst), .clear(clr[2]), .req_can_accept(l_acc[5]),
        .req_fire(fire[2]), .req_addr(addr[2]), .rsp_valid(l_rv[5]), .rsp_pop(pop[2]),
        .rsp_data(l_data[5]), .idle(l_idle[5]), .mem_req_valid(l_mv[5]),
        .mem_req_ready(ready[2]), .mem_req_we(l_we[5]), .mem_req_addr(l_addr[5]),
        .mem_req_wdata(l_wd[5]), .mem_req_wstrb(l_ws[5]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) u_st3 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[6]), .req_fire(fire[3]),
        .req_addr(addr[3]), .req_data(r1), .flush(flush[3]), .idle(s_idle[6]),
        .mem_req_valid(s_mv[6]), .mem_req_ready(ready[3]), .mem_req_we(s_we[6]),
        .mem_req_addr(s_addr[6]), .mem_req_wdata(s_wd[6]), .mem_req_wstrb(s_ws[6]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) u_ld3 (
        .clk(clk), .rst(lsu_rst), .clear(clr[3]), .req_can_accept(l_acc[6]),
        .req_fire(fire[3]), .req_addr(addr[3]), .rsp_valid(l_rv[6]), .rsp_pop(pop[3]),
        .rsp_data(l_data[6]), .idle(l_idle[6]), .mem_req_valid(l_mv[6]),
        .mem_req_ready(ready[3]), .mem_req_we(l_we[6]), .mem_req_addr(l_addr[6]),
        .mem_req_wdata(l_wd[6]), .mem_req_wstrb(l_ws[6]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) v_st3 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[7]), .req_fire(fire[3]),
        .req_addr(addr[3]), .req_data(r1), .flush(flush[3]), .idle(s_idle[7]),
        .mem_req_valid(s_mv[7]), .mem_req_ready(ready[3]), .mem_req_we(s_we[7]),
        .mem_req_addr(s_addr[7]), .mem_req_wdata(s_wd[7]), .mem_req_wstrb(s_ws[7]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) v_ld3 (
        .clk(clk), .rst(lsu_rst), .clear(clr[3]), .req_can_accept(l_acc[7]),
        .req_fire(fire[3]), .req_addr(addr[3]), .rsp_valid(l_rv[7]), .rsp_pop(pop[3]),
        .rsp_data(l_data[7]), .idle(l_idle[7]), .mem_req_valid(l_mv[7]),
        .mem_req_ready(ready[3]), .mem_req_we(l_we[7]), .mem_req_addr(l_addr[7]),
        .mem_req_wdata(l_wd[7]), .mem_req_wstrb(l_ws[7]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st4 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[8]), .req_fire(fire[4]),
        .req_addr(addr[4]), .req_data(r1[7:0]), .flush(flush[4]), .idle(s_idle[8]),
        .mem_req_valid(s_mv[8]), .mem_req_ready(ready[4]), .mem_req_we(s_we[8]),
        .mem_req_addr(s_addr[8]), .mem_req_wdata(s_wd[8]), .mem_req_wstrb(s_ws[8]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) u_ld4 (
        .clk(clk), .rst(lsu_rst), .clear(clr[4]), .req_can_accept(l_acc[8]),
        .req_fire(fire[4]), .req_addr(addr[4]), .rsp_valid(l_rv[8]), .rsp_pop(pop[4]),
        .rsp_data(l_data[8]), .idle(l_idle[8]), .mem_req_valid(l_mv[8]),
        .mem_req_ready(ready[4]), .mem_req_we(l_we[8]), .mem_req_addr(l_addr[8]),
        .mem_req_wdata(l_wd[8]), .mem_req_wstrb(l_ws[8]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) v_st4 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[9]), .req_fire(fire[4]),
        .req_addr(addr[4]), .req_data(r1[7:0]), .flush(flush[4]), .idle(s_idle[9]),
        .mem_req_valid(s_mv[9]), .mem_req_ready(ready[4]), .mem_req_we(s_we[9]),
        .mem_req_addr(s_addr[9]), .mem_req_wdata(s_wd[9]), .mem_req_wstrb(s_ws[9]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) v_ld4 (
        .clk(clk), .rst(lsu_rst), .clear(clr[4]), .req_can_accept(l_acc[9]),
        .req_fire(fire[4]), .req_addr(addr[4]), .rsp_valid(l_rv[9]), .rsp_pop(pop[4]),
        .rsp_data(l_data[9]), .idle(l_idle[9]), .mem_req_valid(l_mv[9]),
        .mem_req_ready(ready[4]), .mem_req_we(l_we[9]), .mem_req_addr(l_addr[9]),
        .mem_req_wdata(l_wd[9]), .mem_req_wstrb(l_ws[9]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) u_st5 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[10]), .req_fire(fire[5]),
        .req_addr(addr[5]), .req_data(r1), .flush(flush[5]), .idle(s_idle[10]),
        .mem_req_valid(s_mv[10]), .mem_req_ready(ready[5]), .mem_req_we(s_we[10]),
        .mem_req_addr(s_addr[10]), .mem_req_wdata(s_wd[10]), .mem_req_wstrb(s_ws[10]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) u_ld5 (
        .clk(clk), .rst(lsu_rst), .clear(clr[5]), .req_can_accept(l_acc[10]),
        .req_fire(fire[5]), .req_addr(addr[5]), .rsp_valid(l_rv[10]), .rsp_pop(pop[5]),
        .rsp_data(l_data[10]), .idle(l_idle[10]), .mem_req_valid(l_mv[10]),
        .mem_req_ready(ready[5]), .mem_req_we(l_we[10]), .mem_req_addr(l_addr[10]),
        .mem_req_wdata(l_wd[10]), .mem_req_wstrb(l_ws[10]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) v_st5 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[11]), .req_fire(fire[5]),
        .req_addr(addr[5]), .req_data(r1), .flush(flush[5]), .idle(s_idle[11]),
        .mem_req_valid(s_mv[11]), .mem_req_ready(ready[5]), .mem_req_we(s_we[11]),
        .mem_req_addr(s_addr[11]), .mem_req_wdata(s_wd[11]), .mem_req_wstrb(s_ws[11]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) v_ld5 (
        .clk(clk), .rst(lsu_rst), .clear(clr[5]), .req_can_accept(l_acc[11]),
        .req_fire(fire[5]), .req_addr(addr[5]), .rsp_valid(l_rv[11]), .rsp_pop(pop[5]),
        .rsp_data(l_data[11]), .idle(l_idle[11]), .mem_req_valid(l_mv[11]),
        .mem_req_ready(ready[5]), .mem_req_we(l_we[11]), .mem_req_addr(l_addr[11]),
        .mem_req_wdata(l_wd[11]), .mem_req_wstrb(l_ws[11]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) u_st6 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[12]), .req_fire(fire[6]),
        .req_addr(addr[6]), .req_data(r1[7:0]), .flush(flush[6]), .idle(s_idle[12]),
        .mem_req_valid(s_mv[12]), .mem_req_ready(ready[6]), .mem_req_we(s_we[12]),
        .mem_req_addr(s_addr[12]), .mem_req_wdata(s_wd[12]), .mem_req_wstrb(s_ws[12]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) u_ld6 (
        .clk(clk), .rst(lsu_rst), .clear(clr[6]), .req_can_accept(l_acc[12]),
        .req_fire(fire[6]), .req_addr(addr[6]), .rsp_valid(l_rv[12]), .rsp_pop(pop[6]),
        .rsp_data(l_data[12]), .idle(l_idle[12]), .mem_req_valid(l_mv[12]),
        .mem_req_ready(ready[6]), .mem_req_we(l_we[12]), .mem_req_addr(l_addr[12]),
        .mem_req_wdata(l_wd[12]), .mem_req_wstrb(l_ws[12]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(8), .MEM_DW(512), .AW(32), .DEPTH(2)) v_st6 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[13]), .req_fire(fire[6]),
        .req_addr(addr[6]), .req_data(r1[7:0]), .flush(flush[6]), .idle(s_idle[13]),
        .mem_req_valid(s_mv[13]), .mem_req_ready(ready[6]), .mem_req_we(s_we[13]),
        .mem_req_addr(s_addr[13]), .mem_req_wdata(s_wd[13]), .mem_req_wstrb(s_ws[13]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(MEM_DW), .AW(32), .DEPTH(8), .CACHE(1), .MQ_DEPTH(2)) v_ld6 (
        .clk(clk), .rst(lsu_rst), .clear(clr[6]), .req_can_accept(l_acc[13]),
        .req_fire(fire[6]), .req_addr(addr[6]), .rsp_valid(l_rv[13]), .rsp_pop(pop[6]),
        .rsp_data(l_data[13]), .idle(l_idle[13]), .mem_req_valid(l_mv[13]),
        .mem_req_ready(ready[6]), .mem_req_we(l_we[13]), .mem_req_addr(l_addr[13]),
        .mem_req_wdata(l_wd[13]), .mem_req_wstrb(l_ws[13]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) u_st7 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[14]), .req_fire(fire[7]),
        .req_addr(addr[7]), .req_data(r1), .flush(flush[7]), .idle(s_idle[14]),
        .mem_req_valid(s_mv[14]), .mem_req_ready(ready[7]), .mem_req_we(s_we[14]),
        .mem_req_addr(s_addr[14]), .mem_req_wdata(s_wd[14]), .mem_req_wstrb(s_ws[14]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) u_ld7 (
        .clk(clk), .rst(lsu_rst), .clear(clr[7]), .req_can_accept(l_acc[14]),
        .req_fire(fire[7]), .req_addr(addr[7]), .rsp_valid(l_rv[14]), .rsp_pop(pop[7]),
        .rsp_data(l_data[14]), .idle(l_idle[14]), .mem_req_valid(l_mv[14]),
        .mem_req_ready(ready[7]), .mem_req_we(l_we[14]), .mem_req_addr(l_addr[14]),
        .mem_req_wdata(l_wd[14]), .mem_req_wstrb(l_ws[14]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));
    ref_ocl_lsu_store #(.DW(64), .MEM_DW(MEM_DW), .AW(32), .DEPTH(4)) v_st7 (
        .clk(clk), .rst(lsu_rst), .req_can_accept(s_acc[15]), .req_fire(fire[7]),
        .req_addr(addr[7]), .req_data(r1), .flush(flush[7]), .idle(s_idle[15]),
        .mem_req_valid(s_mv[15]), .mem_req_ready(ready[7]), .mem_req_we(s_we[15]),
        .mem_req_addr(s_addr[15]), .mem_req_wdata(s_wd[15]), .mem_req_wstrb(s_ws[15]),
        .mem_rsp_valid(rsp_in), .mem_rsp_data(rsp_line));
    ref_ocl_lsu_load #(.DW(32), .MEM_DW(512), .AW(32), .DEPTH(4), .CACHE(0)) v_ld7 (
        .clk(clk), .rst(lsu_rst), .clear(clr[7]), .req_can_accept(l_acc[15]),
        .req_fire(fire[7]), .req_addr(addr[7]), .rsp_valid(l_rv[15]), .rsp_pop(pop[7]),
        .rsp_data(l_data[15]), .idle(l_idle[15]), .mem_req_valid(l_mv[15]),
        .mem_req_ready(ready[7]), .mem_req_we(l_we[15]), .mem_req_addr(l_addr[15]),
        .mem_req_wdata(l_wd[15]), .mem_req_wstrb(l_ws[15]), .mem_rsp_valid(rsp_in),
        .mem_rsp_data(rsp_line));

    wire [639:0] lib_out = {add_y, mul_y, fma_y, div_y, sqrt_y, min_y, ti32_y, ti64_y, fi32_y,
                            fi64_y, d32_q, d32_r, d64_q, d64_r, 29'd0, cmp_y};
    wire [639:0] ref_out = {add_ry, mul_ry, fma_ry, div_ry, sqrt_ry, min_ry, ti32_ry, ti64_ry,
                            fi32_ry, fi64_ry, d32_rq, d32_rr, d64_rq, d64_rr, 29'd0, cmp_ry};
    function automatic [31:0] fold(input [639:0] v);
        integer i;
        fold = 32'd0;
        for (i = 0; i < 20; i = i + 1)
            fold = fold ^ {v[i*32 +: 32]} ^ {27'd0, i[4:0]};
    endfunction

    always @(posedge clk) begin
        if (rst) begin
            left <= 32'd0;
            x <= 64'h0123_4567_89ab_cdef;
            en <= 1'b0;
            phase <= 8'd0;
            csr_rdata <= 32'd0;
        end else begin
            if (csr_wr && sel && off == 10'h000 && !busy) begin
                left <= csr_wdata;
                diffs <= 32'd0;
                sum <= 32'd0;
                enabled <= 32'd0;
            end else if (busy) begin
                left <= left - 32'd1;
                x <= x ^ (x << 13) ^ ((x ^ (x << 13)) >> 7) ^
                     ((x ^ (x << 13) ^ ((x ^ (x << 13)) >> 7)) << 17);
                en <= x[17:16] != 2'd0;  // enabled three cycles in four
                enabled <= enabled + {31'd0, en};
                phase <= phase + 8'd1;
                diffs <= diffs + {31'd0, lib_out != ref_out || lsu_diff != 8'd0};
                sum <= {sum[30:0], sum[31]} ^ fold(lib_out) ^ lsu_fold;
            end
            csr_rdata <= 32'd0;
            if (csr_rd && sel) begin
                case (off)
                10'h004: csr_rdata <= diffs;
                10'h008: csr_rdata <= sum;
                10'h00C: csr_rdata <= enabled;
                default: csr_rdata <= 32'd0;
                endcase
            end
        end
    end
endmodule
