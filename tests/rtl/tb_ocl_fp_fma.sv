// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_fma: a * b + c against the host's fmaf (fp_ref_fma, DPI).
// Operands mix edge values (+-0, +-inf, quiet and signalling NaNs, smallest/largest
// denormal and normal, 1), c equal to or a few ulps from -(a*b) rounded (massive
// cancellation), c within +-30 binades of the product, c far above or below it, denormal
// products and results, constructed rounding ties (odd multiples of half an ulp of c) and
// near-ties, sparse significands (exact sums, ties), overflow, zero operands, random bit
// patterns and random normals. en is random (with long stalls). A model shifts the
// expected results through a LATENCY deep queue on every enabled edge, and y is compared
// with the oldest entry in every cycle (also while stalled: the output must hold). Any NaN
// expected result must be the canonical quiet NaN 32'h7FC00000.
`default_nettype none

`include "fp_ref.svh"

module tb_ocl_fp_fma (
    input logic clk
);
    localparam int LATENCY = 9;
    localparam int OPS = 300000;  // operations to check

    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic        en = 1'b0;
    logic [31:0] a = '0, b = '0, c = '0;
    logic [31:0] y;

    ocl_fp_fma dut (.clk(clk), .en(en), .a(a), .b(b), .c(c), .y(y));

    function automatic logic [31:0] edge_value();
        logic s;
        s = 1'($urandom);
        case ($urandom_range(15))
            0: return {s, 31'h00000000};               // zero
            1: return {s, 31'h7F800000};               // inf
            2: return {s, 31'h7FC00000};               // quiet NaN
            3: return {s, 8'hFF, 1'b1, 22'($urandom)};  // quiet NaN with payload
            4: return {s, 8'hFF, 1'b0, 22'($urandom) | 22'd1};  // signalling NaN
            5: return {s, 31'h00000001};               // smallest denormal
            6: return {s, 31'h007FFFFF};               // largest denormal
            7: return {s, 31'h00800000};               // smallest normal
            8: return {s, 31'h7F7FFFFF};               // largest normal
            9: return {s, 31'h3F800000};               // 1
            10: return {s, 8'h00, 23'($urandom)};      // random denormal
            11: return {s, 8'h01, 23'($urandom)};      // next to the denormals
            12: return {s, 8'hFE, 23'($urandom)};      // near overflow
            13: return {s, 31'h40000000};              // 2
            14: return {s, 31'h3F000000};              // 0.5
            default: return {s, 8'h7F, 23'($urandom)};
        endcase
    endfunction

    // A significand whose low bits are zero (exact sums, cancellations and ties are likely).
    function automatic logic [22:0] sparse_frac();
        return 23'($urandom) & ~((23'd1 << $urandom_range(23)) - 23'd1);
    endfunction

    function automatic logic [31:0] random_normal();
        return {1'($urandom), 8'($urandom_range(254, 1)), 23'($urandom)};
    endfunction

    // A value with biased exponent e clamped to 0..254 (0: denormal) and significand f.
    function automatic logic [31:0] make(int e, logic [22:0] f);
        if (e < 0) e = 0;
        if (e > 254) e = 254;
        return {1'($urandom), 8'(e), f};
    endfunction

    // 2^t as a float (t in -149..127; denormal below -126).
    function automatic logic [31:0] power_of_two(int t);
        if (t >= -126) return {1'b0, 8'(t + 127), 23'd0};
        return 32'd1 << (t + 149);
    endfunction

    function automatic logic is_finite(logic [31:0] v);
        return !(&v[30:23]);
    endfunction

    // c within +-spread binades of the (approximate) product exponent ea + eb - 127.
    function automatic logic [31:0] near_product(logic [31:0] x, logic [31:0] z, int spread,
                                                 logic sparse);
        int e;
        e = int'(x[30:23]) + int'(z[30:23]) - 127 + int'($urandom_range(2 * spread)) - spread;
        return make(e, sparse ? sparse_frac() : 23'($urandom));
    endfunction

    // c = -(a*b rounded), nudged by a few ulps or by low-bit noise: the sum is the
    // product's rounding error or a few ulps, far below both (massive cancellation).
    function automatic logic [31:0] cancel_product(logic [31:0] x, logic [31:0] z);
        logic [31:0] p;
        p = fp_ref_mul(x, z);
        if (!is_finite(p)) return random_normal();
        p[31] = ~p[31];
        case ($urandom_range(3))
            0: return p;
            1: return p + 32'($urandom_range(3));
            2: return p - 32'($urandom_range(3));
            default: return p ^ (32'($urandom) >> $urandom_range(31, 12));
        endcase
    endfunction

    // a * b = an odd multiple of half an ulp of c (a rounding tie unless the sum changes
    // binade), sometimes nudged one ulp off (near tie).
    task automatic make_tie(output logic [31:0] x, output logic [31:0] z, output logic [31:0] w);
        int ulp, s, t;
        w = {1'($urandom), 8'($urandom_range(3) == 0 ? $urandom_range(2) : $urandom_range(253)),
             23'($urandom)};  // a quarter in or next to the denormals
        ulp = (w[30:23] == 8'd0 ? 1 : int'(w[30:23])) - 150;  // ulp(c) = 2^ulp
        s = $urandom_range(4);
        t = ulp - 1 + s;
        // x = odd / 2^s, z = 2^(ulp - 1 + s)
        x = fp_ref_mul(fp_ref_from_int(64'($urandom_range(15) * 2 + 1), 0, 0),
                       power_of_two(-s));
        if (t < -149) begin
            t = -149;  // too small for a float: scale x down instead (still a tie)
            x = fp_ref_mul(x, power_of_two(ulp - 1 + s - t));
        end
        z = power_of_two(t);
        x[31] = 1'($urandom);
        z[31] = 1'($urandom);
        if ($urandom_range(3) == 0) x = x + ($urandom_range(1) != 0 ? 32'd1 : -32'd1);
        if ($urandom_range(1) != 0) {x, z} = {z, x};
    endtask

    // Operands of one check.
    task automatic pick(output logic [31:0] x, output logic [31:0] z, output logic [31:0] w);
        int pe;  // a chosen biased exponent of the product, ea + eb - 127
        case ($urandom_range(16))
            0: begin
                x = edge_value();
                z = edge_value();
                w = edge_value();
            end
            1: begin
                // One or two edge values among random ones.
                x = 1'($urandom) ? edge_value() : random_normal();
                z = 1'($urandom) ? edge_value() : $urandom;
                w = 1'($urandom) ? edge_value() : random_normal();
            end
            2: begin
                x = $urandom;
                z = $urandom;
                w = $urandom;
            end
            3: begin
                // Random normals, c within +-30 binades of the product.
                x = make($urandom_range(190, 64), 23'($urandom));
                z = make($urandom_range(190, 64), 23'($urandom));
                w = near_product(x, z, 30, 1'b0);
            end
            4, 5: begin
                // Massive cancellation: c close to -a*b.
                x = 1'($urandom) ? random_normal() : make($urandom_range(160, 90), 23'($urandom));
                z = 1'($urandom) ? make($urandom_range(160, 90), 23'($urandom)) : $urandom;
                w = cancel_product(x, z);
            end
            6: begin
                // c far above or far below the product.
                x = make($urandom_range(200, 50), 23'($urandom));
                z = make($urandom_range(200, 50), 23'($urandom));
                w = near_product(x, z, 1'($urandom) ? 80 : 300, 1'($urandom));
            end
            7: begin
                // Denormal products: biased product exponent -40..+5, c near it or zero.
                x = make($urandom_range(126, 0), 23'($urandom));
                pe = int'($urandom_range(45)) - 40;
                z = make(pe + 127 - int'(x[30:23]), 1'($urandom) ? 23'($urandom) : sparse_frac());
                case ($urandom_range(3))
                    0: w = {1'($urandom), 31'd0};
                    1: w = {1'($urandom), 8'($urandom_range(2)), 23'($urandom)};
                    2: w = cancel_product(x, z);
                    default: w = near_product(x, z, 25, 1'($urandom));
                endcase
            end
            8, 9: begin
                make_tie(x, z, w);
            end
            10, 11: begin
                // Sparse significands with overlapping exponents: exact sums, exact
                // cancellations and ties.
                x = make($urandom_range(180, 70), sparse_frac());
                z = make($urandom_range(180, 70), sparse_frac());
                w = near_product(x, z, 26, 1'b1);
            end
            12: begin
                // Overflow: large products, c large of either sign.
                x = make($urandom_range(254, 190), 23'($urandom));
                z = make($urandom_range(254, 317 - int'(x[30:23])), 23'($urandom));
                w = 1'($urandom) ? make($urandom_range(254, 240), 23'($urandom))
                                 : random_normal();
                if ($urandom_range(3) == 0) begin
                    // The largest normal plus about half its ulp (2^103): inf or not.
                    x = {1'($urandom), 31'h7F7FFFFF};
                    z = {x[31], 31'h3F800000};
                    w = {1'b0, 8'(127 + 103 + $urandom_range(1)), sparse_frac()};
                    if ($urandom_range(1) != 0) w = w - 32'd1;
                    w[31] = 1'($urandom);
                end
            end
            13: begin
                // Zero product or zero c, the other anything finite or denormal.
                x = 1'($urandom) ? {1'($urandom), 31'd0} : $urandom;
                z = 1'($urandom) ? make($urandom_range(2), 23'($urandom)) : random_normal();
                w = 1'($urandom) ? {1'($urandom), 31'd0}
                                 : (1'($urandom) ? make($urandom_range(2), 23'($urandom))
                                                 : random_normal());
                if ($urandom_range(1) != 0) {x, z} = {z, x};
            end
            14: begin
                // a*b exact with 25 or 26 significant bits (13-bit odd significands): often
                // an exact tie, broken only by a c far below it (or kept by c = 0).
                x = make($urandom_range(170, 85), {12'($urandom) | 12'd1, 11'd0});
                z = make($urandom_range(170, 85), {12'($urandom) | 12'd1, 11'd0});
                pe = int'(x[30:23]) + int'(z[30:23]) - 127;
                case ($urandom_range(3))
                    0: w = {1'($urandom), 31'd0};
                    1: w = make(pe - int'($urandom_range(60, 25)), 23'd0);  // a power of two
                    2: w = make(pe - int'($urandom_range(60, 25)), sparse_frac());
                    default: w = make(pe - int'($urandom_range(200, 25)), 23'($urandom));
                endcase
            end
            15: begin
                // Denormal c against products of its size (denormal results).
                x = make($urandom_range(140, 0), 23'($urandom));
                pe = int'($urandom_range(24)) - 23;
                z = make(pe + 127 - int'(x[30:23]), 23'($urandom));
                w = {1'($urandom), 8'($urandom_range(1)), 23'($urandom)};
            end
            default: begin
                // Products of magnitude near 1, c anywhere in the normal range.
                x = make($urandom_range(140, 115), 23'($urandom));
                z = make($urandom_range(140, 115), 23'($urandom));
                w = near_product(x, z, 1'($urandom) ? 3 : 50, 1'($urandom));
            end
        endcase
    endtask

    function automatic logic is_nan(logic [31:0] v);
        return (&v[30:23]) && (|v[22:0]);
    endfunction

    logic [127:0] pipe[$];  // {a, b, c, expected}
    logic [127:0] expect_op = '0;
    logic         expect_valid = 1'b0;
    int           ops = 0, errors = 0, stall_left = 0;
    logic         done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            en <= 1'b0;
        end else if (!done) begin
            if (expect_valid) begin
                // Any NaN matches any NaN, and the unit must give the canonical one.
                if (is_nan(expect_op[31:0]) ? (y !== 32'h7FC00000) : (y !== expect_op[31:0])) begin
                    if (errors < 20)
                        $error("fp_fma: fma(%h, %h, %h) got %h, expected %h", expect_op[127:96],
                               expect_op[95:64], expect_op[63:32], y, expect_op[31:0]);
                    errors++;
                end
            end
            if (en) begin
                pipe.push_back({a, b, c, fp_ref_fma(a, b, c)});
                if (pipe.size() == LATENCY) begin
                    expect_op = pipe.pop_front();
                    if (expect_valid) ops++;
                    expect_valid = 1'b1;
                end
            end
            // Stimulus: mostly enabled, random single-cycle and long stalls.
            if (stall_left > 0) begin
                stall_left--;
                en <= 1'b0;
            end else if ($urandom_range(99) < 3) begin
                stall_left = $urandom_range(2 * LATENCY);
                en <= 1'b0;
            end else begin
                en <= $urandom_range(99) < 80;
            end
            begin
                logic [31:0] x, z, w;
                pick(x, z, w);
                a <= x;
                b <= z;
                c <= w;
            end
            if (ops >= OPS) done <= 1'b1;
        end else begin
            $display("tb_ocl_fp_fma: %0d operations checked, %0d mismatches", ops, errors);
            if (errors == 0) $display("PASS tb_ocl_fp_fma");
            $finish;
        end
    end
endmodule

`default_nettype wire
