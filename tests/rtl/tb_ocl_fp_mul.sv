// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_mul: a * b against the host's binary32 arithmetic
// (fp_ref_mul, DPI). Operands mix edge values (+-0, +-inf, quiet and signalling NaNs,
// smallest/largest denormal and normal, 1), denormal times normal, products that overflow
// to inf, underflow to denormals and to zero, short significands (exact products and
// rounding ties, also in the denormal range), random bit patterns and random normals. en is
// random (with long stalls). A model shifts the expected results through a LATENCY deep
// queue on every enabled edge, and y is compared with the oldest entry in every cycle
// (also while stalled: the output must hold). Any NaN expected result must be the
// canonical quiet NaN 32'h7FC00000.
`default_nettype none

`include "fp_ref.svh"

module tb_ocl_fp_mul (
    input logic clk
);
    localparam int LATENCY = 6;
    localparam int OPS = 250000;  // operations to check

    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    logic        en = 1'b0;
    logic [31:0] a = '0, b = '0;
    logic [31:0] y;

    ocl_fp_mul dut (.clk(clk), .en(en), .a(a), .b(b), .y(y));

    function automatic logic [31:0] edge_value();
        logic s;
        s = 1'($urandom);
        case ($urandom_range(13))
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
            default: return {s, 8'h7F, 23'($urandom)};
        endcase
    endfunction

    // A fraction with only its top `bits` bits random (1 .. 23, others zero): products of
    // two such significands are exact or, when the bits add up to about 25, rounding ties.
    function automatic logic [22:0] short_frac(int bits);
        if (bits >= 23) return 23'($urandom);
        return 23'($urandom) & ~((23'd1 << (23 - bits)) - 23'd1);
    endfunction

    // A fraction with one or two bits set anywhere: products of such significands have
    // long runs of zeros between their set bits (the sticky bit alone decides a tie).
    function automatic logic [22:0] sparse_frac();
        logic [22:0] f;
        f = '0;
        for (int i = $urandom_range(3) / 2; i >= 0; i--) f[$urandom_range(22)] = 1'b1;
        return f;
    endfunction

    function automatic logic [31:0] random_normal();
        return {1'($urandom), 8'($urandom_range(254, 1)), 23'($urandom)};
    endfunction

    // Exponent fields ex, ez (0 .. 254) that add up to `sum` (0 .. 508); the product's
    // unbiased exponent is then about sum - 254.
    task automatic exps_for(int sum, output logic [7:0] ex, output logic [7:0] ez);
        int e1, e2;
        e1 = $urandom_range(254);
        e2 = sum - e1;
        if (e2 < 0 || e2 > 254) begin
            e2 = (e2 < 0) ? 0 : 254;
            e1 = sum - e2;
        end
        ex = 8'(e1);
        ez = 8'(e2);
    endtask

    task automatic pick(output logic [31:0] x, output logic [31:0] z);
        logic [7:0] ex, ez;
        int         bits;
        case ($urandom_range(12))
            0: begin
                x = edge_value();
                z = edge_value();
            end
            1: begin
                x = edge_value();
                z = 1'($urandom) ? random_normal() : $urandom;
            end
            2: begin
                x = $urandom;
                z = $urandom;
            end
            3: begin
                x = random_normal();
                z = random_normal();
            end
            4, 5: begin
                // Results around the denormal range: unbiased exponent -155 .. -120
                // (sum of the exponent fields 99 .. 134), short or sparse significands
                // for ties.
                exps_for($urandom_range(134, 99), ex, ez);
                bits = $urandom_range(23, 1);
                x = {1'($urandom), ex, short_frac(bits)};
                if ($urandom_range(3) == 0) x[22:0] = sparse_frac();
                case ($urandom_range(3))
                    0: z = {1'($urandom), ez, short_frac(23 - bits + $urandom_range(2))};
                    1: z = {1'($urandom), ez, short_frac($urandom_range(23, 1))};
                    2: z = {1'($urandom), ez, sparse_frac()};
                    default: z = {1'($urandom), ez, 23'($urandom)};
                endcase
            end
            6: begin
                // Overflow range: unbiased exponent 124 .. 130.
                exps_for($urandom_range(130, 124) + 254, ex, ez);
                x = {1'($urandom), ex, 23'($urandom)};
                z = {1'($urandom), ez, 23'($urandom)};
            end
            7: begin
                // Denormal times normal, the result anywhere from overflow to zero.
                x = {1'($urandom), 8'h00, 23'($urandom) >> $urandom_range(22)};
                z = {1'($urandom), 8'($urandom_range(254, 1)), 23'($urandom)};
                if (1'($urandom)) {x, z} = {z, x};
            end
            8, 9: begin
                // Normal range, short significands: exact products and ties.
                bits = $urandom_range(23, 1);
                x = {1'($urandom), 8'($urandom_range(180, 70)), short_frac(bits)};
                z = {1'($urandom), 8'($urandom_range(180, 70)),
                     short_frac((bits >= 23) ? 1 : 24 - bits)};
                if ($urandom_range(3) == 0) begin
                    x[22:0] = sparse_frac();
                    z[22:0] = sparse_frac();
                end
            end
            10: begin
                // Denormal results of sparse significands such as (1 + 2^-i) * (1 + 2^-j):
                // the bits shifted out below the format decide ties.
                exps_for($urandom_range(127, 104), ex, ez);
                x = {1'($urandom), ex, sparse_frac()};
                z = {1'($urandom), ez, sparse_frac()};
                if (1'($urandom)) begin
                    // (1 + 2^-23) * (1 + (2^k - 1) * 2^-23) = 1 + 2^(k-23) + (2^k - 1) * 2^-46:
                    // 23 zero bits between the two parts. With the exponent fields adding
                    // up to 127 - k the result's guard bit is 2^(k-23) and the low part is
                    // shifted out entirely: only the sticky bit says it is above the tie.
                    bits = $urandom_range(22, 1);
                    exps_for(127 - bits + $urandom_range(2) - 1, ex, ez);
                    x = {1'($urandom), ex, 23'd1};
                    z = {1'($urandom), ez, (23'd1 << bits) - 23'd1};
                    if (1'($urandom)) {x, z} = {z, x};
                end
            end
            11: begin
                // Powers of two times anything (exact unless they leave the range).
                x = {1'($urandom), 8'($urandom_range(254)), 23'd0};
                z = $urandom;
            end
            default: begin
                x = {1'($urandom), 8'($urandom_range(3)), 23'($urandom)};
                z = $urandom;
            end
        endcase
    endtask

    function automatic logic is_nan(logic [31:0] v);
        return (&v[30:23]) && (|v[22:0]);
    endfunction

    // Queue entries: {a, b, expected y}.
    logic [95:0] pipe[$];
    logic [95:0] expect_entry = '0;
    logic [31:0] expect_y;
    assign expect_y = expect_entry[31:0];
    logic        expect_valid = 1'b0;
    int          ops = 0, stall_left = 0;
    logic        done = 1'b0;

    always @(posedge clk) begin
        if (rst) begin
            en <= 1'b0;
        end else if (!done) begin
            if (expect_valid) begin
                // Any NaN matches any NaN, and the unit must give the canonical one.
                if (is_nan(expect_y) ? (y !== 32'h7FC00000) : (y !== expect_y))
                    $error("fp_mul: %h * %h: got %h, expected %h", expect_entry[95:64],
                           expect_entry[63:32], y, expect_y);
            end
            if (en) begin
                pipe.push_back({a, b, fp_ref_mul(a, b)});
                if (pipe.size() == LATENCY) begin
                    expect_entry = pipe.pop_front();
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
                logic [31:0] x, z;
                pick(x, z);
                a <= x;
                b <= z;
            end
            if (ops >= OPS) done <= 1'b1;
        end else begin
            $display("PASS tb_ocl_fp_mul: %0d operations checked", ops);
            $finish;
        end
    end
endmodule

`default_nettype wire
