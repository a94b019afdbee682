// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_sqrt against the host's IEEE-754 square root
// (fp_ref_sqrt). Operands mix edge values (+-0, +-inf, quiet and signalling NaNs, smallest
// and largest denormals and normals, 1, 2, 4, 1 +- 1 ulp), random bit patterns (negative
// ones give NaN), random positive normals and denormals, exact squares (exact roots, zero
// remainder; some of them denormal) and squares of rounding midpoints (roots within a
// hair of a tie, both exponent parities). en is random (with long stalls). A model shifts
// the expected results through a LATENCY deep queue on every enabled edge, and y is
// compared with the oldest entry in every cycle (also while stalled: the output must
// hold). A NaN result must be the canonical quiet NaN 32'h7FC00000.
`default_nettype none

module tb_ocl_fp_sqrt (
    input logic clk
);
    `include "fp_ref.svh"

    localparam int LATENCY = 29;
    localparam int OPERATIONS = 400000;  // results checked (each in every cycle it is shown)

    logic        rst = 1'b1;
    int          rst_cnt = 0;
    logic        en = 1'b0;
    logic [31:0] a = '0;
    logic        a_near_tie = 1'b0;
    logic [31:0] y;

    ocl_fp_sqrt dut (.clk(clk), .en(en), .a(a), .y(y));

    localparam int N_EDGE = 20;
    localparam logic [31:0] EDGE[N_EDGE] = '{
        32'h00000000, 32'h7F800000, 32'h7FC00000, 32'h7FA00000, 32'h7FFFFFFF,
        32'h00000001, 32'h00000002, 32'h007FFFFF, 32'h00400000, 32'h00800000,
        32'h00800001, 32'h7F7FFFFF, 32'h7F000000, 32'h3F800000, 32'h40000000,
        32'h40800000, 32'h3F000000, 32'h3F7FFFFF, 32'h3F800001, 32'h3FFFFFFF
    };

    // A positive finite value with the given exponent field (0: denormal).
    function automatic logic [31:0] with_exp(int e);
        return {1'b0, 8'(e), 23'($urandom)};
    endfunction

    // A value whose root lies within a hair of a rounding tie: the square of a midpoint
    // K of the root's 24-bit grid (K a 25-bit odd integer) cut to a 24-bit significand,
    // with K drawn until the cut-off bits start with 8 equal bits: 8 zeros leave the
    // value just below K^2 (root just below the tie), 8 ones are rounded up to just above
    // it (root just above). The exponent parity keeps K^2's scaling an even power of 2.
    function automatic logic [31:0] midpoint_square();
        logic [24:0] k;
        logic [49:0] sq;
        logic [25:0] cut;
        logic [23:0] sig;
        int          e;
        for (int i = 0; i < 4000; i++) begin
            k = {1'b1, 23'($urandom), 1'b1};
            sq = 50'(k) * 50'(k);
            cut = sq[49] ? sq[25:0] : {sq[24:0], 1'b0};
            if (cut[25:18] == 8'h00 || cut[25:18] == 8'hFF) break;
        end
        sig = sq[49] ? sq[49:26] : sq[48:25];
        if (cut[25:18] == 8'hFF && sig != '1) sig = sig + 24'd1;  // round the cut up
        e = 2 * int'($urandom_range(1, 126)) + (sq[49] ? 0 : 1);
        return {1'b0, 8'(e), sig[22:0]};
    endfunction

    // Whether r * r == x exactly, for finite non-negative r and x: the significands
    // compared at a common scale (r^2 has 48 bits, so 128 bits cannot overflow).
    function automatic bit is_exact_root(logic [31:0] r, logic [31:0] x);
        logic [127:0] sr, sx;
        int           er, ex, d;
        sr = 128'({r[30:23] != 0, r[22:0]});
        sx = 128'({x[30:23] != 0, x[22:0]});
        er = r[30:23] == 0 ? 1 : int'(r[30:23]);
        ex = x[30:23] == 0 ? 1 : int'(x[30:23]);
        d = 2 * er - ex - 150;  // r^2 = sr^2 2^(2er-300), x = sx 2^(ex-150)
        if (d > 60 || d < -60) return 1'b0;
        if (d >= 0) return (sr * sr) << d == sx;
        return sr * sr == sx << (-d);
    endfunction

    // Returns {near-tie, operand}.
    function automatic logic [32:0] pick_operand();
        logic [31:0] r;
        int mode;
        // Drawn once (a case expression may be evaluated once per item).
        mode = $urandom_range(11);
        case (mode)
            0, 1: return {1'b0, 1'($urandom), EDGE[$urandom_range(N_EDGE - 1)][30:0]};
            2: return {1'b0, 32'($urandom)};
            3: return {2'b00, 31'($urandom)};
            4: return {1'b0, with_exp(0)};
            5: return {2'b00, 31'(1) << $urandom_range(22)};
            6: return {1'b0, with_exp($urandom_range(100, 154))};
            7, 8: begin
                // Exact squares of 12-bit significands (normal and denormal squares).
                r = {1'b0, 8'($urandom_range(55, 190)), 23'($urandom) & 23'h7FF000};
                return {1'b0, fp_ref_mul(r, r)};
            end
            9, 10: return {1'b1, midpoint_square()};
            default: return {1'b0, with_exp($urandom_range(1, 254))};
        endcase
    endfunction

    function automatic bit is_nan(logic [31:0] v);
        return v[30:23] == 8'hFF && v[22:0] != 0;
    endfunction

    logic [31:0] pipe[$];
    logic [31:0] ops_a[$];
    logic [31:0] expect_y = '0, expect_a = '0;
    logic        expect_valid = 1'b0;
    int          checks = 0, operations = 0, errors = 0, stall_left = 0;
    int          n_nan = 0, n_zero = 0, n_denormal_in = 0, n_exact = 0, n_near_tie = 0;
    logic [32:0] pick;

    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
        if (rst) begin
            en <= 1'b0;
        end else begin
            if (expect_valid) begin
                if (is_nan(expect_y) ? (y !== 32'h7FC00000) : (y !== expect_y)) begin
                    $error("fp_sqrt %h: got %h, expected %h", expect_a, y, expect_y);
                    errors++;
                end
                checks++;
            end
            if (en) begin
                pipe.push_back(fp_ref_sqrt(a));
                ops_a.push_back(a);
                if (a_near_tie) n_near_tie++;
                if (pipe.size() == LATENCY) begin
                    expect_y = pipe.pop_front();
                    expect_a = ops_a.pop_front();
                    expect_valid = 1'b1;
                    operations++;
                    if (is_nan(expect_y)) n_nan++;
                    else if (expect_y[30:0] == 0) n_zero++;
                    else if (expect_y[30:23] != 8'hFF && is_exact_root(expect_y, expect_a))
                        n_exact++;
                    if (expect_a[30:23] == 0 && expect_a[22:0] != 0) n_denormal_in++;
                end
            end
            // Stimulus: mostly enabled, random single-cycle and long stalls.
            if (stall_left > 0) begin
                stall_left--;
                en <= 1'b0;
            end else if ($urandom_range(99) < 2) begin
                stall_left = $urandom_range(2 * LATENCY);
                en <= 1'b0;
            end else begin
                en <= $urandom_range(99) < 85;
            end
            pick = pick_operand();
            a <= pick[31:0];
            a_near_tie <= pick[32];
            if (operations >= OPERATIONS) begin
                $display("tb_ocl_fp_sqrt: %0d square roots checked in %0d cycles, %0d errors",
                         operations, checks, errors);
                $display("tb_ocl_fp_sqrt: %0d NaN, %0d zero results, %0d denormal operands",
                         n_nan, n_zero, n_denormal_in);
                $display("tb_ocl_fp_sqrt: %0d exact roots, %0d roots near a rounding tie",
                         n_exact, n_near_tie);
                if (errors == 0) $display("PASS tb_ocl_fp_sqrt");
                $finish;
            end
        end
    end
endmodule

`default_nettype wire
