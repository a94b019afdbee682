// SPDX-License-Identifier: MIT
/* verilator lint_off DECLFILENAME */
//
// A stand-in oclhls_system for tests/unit/test_lib_units.c: every rtl-lib unit that a sim
// model runs as a compiled library unit (board-support/sim/build/lib_units.c) beside a copy
// of itself that stays inline (ref_<module>, the same text renamed by the test), both fed
// the same pseudo-random operands and enables, their outputs compared every cycle.
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
                diffs <= diffs + {31'd0, lib_out != ref_out};
                sum <= {sum[30:0], sum[31]} ^ fold(lib_out);
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
