// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_div against the host's IEEE-754 division (fp_ref_div).
// Operand pairs mix edge values (+-0, +-inf, quiet and signalling NaNs, smallest and
// largest denormals and normals, 1, 2, 0.5, 1 +- 1 ulp), random bit patterns, random
// normals, pairs aimed at a chosen result exponent (overflow to inf, the normal/denormal
// border, denormal results, underflow to zero), divisions by powers of two (exact
// results and exact rounding ties among the denormals), exact multiples, and equal or
// neighbouring significands. en is random (with long stalls). A model shifts the expected
// results through a LATENCY deep queue on every enabled edge, and y is compared with the
// oldest entry in every cycle (also while stalled: the output must hold). A NaN result
// must be the canonical quiet NaN 32'h7FC00000.
`default_nettype none

module tb_ocl_fp_div (
    input logic clk
);
    `include "fp_ref.svh"

    localparam int LATENCY = 31;
    localparam int OPERATIONS = 400000;  // results checked (each in every cycle it is shown)

    logic        rst = 1'b1;
    int          rst_cnt = 0;
    logic        en = 1'b0;
    logic [31:0] a = '0, b = '0;
    logic [31:0] y;

    ocl_fp_div dut (.clk(clk), .en(en), .a(a), .b(b), .y(y));

    localparam int N_EDGE = 20;
    localparam logic [31:0] EDGE[N_EDGE] = '{
        32'h00000000, 32'h7F800000, 32'h7FC00000, 32'h7FA00000, 32'h7FFFFFFF,
        32'h00000001, 32'h00000002, 32'h007FFFFF, 32'h00400000, 32'h00800000,
        32'h00800001, 32'h7F7FFFFF, 32'h7F000000, 32'h3F800000, 32'h40000000,
        32'h3F000000, 32'h40400000, 32'h3F7FFFFF, 32'h3F800001, 32'h3FFFFFFF
    };

    function automatic logic [31:0] edge_value();
        return {1'($urandom), EDGE[$urandom_range(N_EDGE - 1)][30:0]};
    endfunction

    // A finite value with the given biased exponent field (0: denormal) and a random
    // fraction and sign.
    function automatic logic [31:0] with_exp(int e);
        return {1'($urandom), 8'(e), 23'($urandom)};
    endfunction

    // Any finite value: mostly normals, some denormals.
    function automatic logic [31:0] finite_value();
        return with_exp($urandom_range(99) < 10 ? 0 : $urandom_range(1, 254));
    endfunction

    // Two operands whose quotient has the unbiased exponent t (within one).
    function automatic logic [63:0] aimed_pair(int t);
        int eb_lo, eb_hi, eb;
        eb_lo = (-126 > -126 - t) ? -126 : -126 - t;
        eb_hi = (127 < 127 - t) ? 127 : 127 - t;
        eb = eb_lo + int'($urandom_range(eb_hi - eb_lo));
        return {with_exp(t + eb + 127), with_exp(eb + 127)};
    endfunction

    function automatic logic [63:0] pick_pair();
        logic [31:0] x, z;
        int          t;
        int mode;
        // Drawn once (a case expression may be evaluated once per item).
        mode = $urandom_range(15);
        case (mode)
            0: return {edge_value(), edge_value()};
            1: return {edge_value(), finite_value()};
            2: return {finite_value(), edge_value()};
            3: return {32'($urandom), 32'($urandom)};
            4: return {with_exp($urandom_range(100, 154)), with_exp($urandom_range(100, 154))};
            5, 6: begin
                // Around the denormal range and underflow to zero.
                t = -int'($urandom_range(120, 155));
                return aimed_pair(t);
            end
            7: begin
                // Around overflow.
                t = int'($urandom_range(124, 129));
                return aimed_pair(t);
            end
            8: begin
                // Division by a power of two: exact results, denormal ties.
                x = $urandom_range(99) < 50 ? {1'($urandom), 31'($urandom_range(1, 64))}
                                            : finite_value();
                z = {1'($urandom), 8'($urandom_range(127, 160)), 23'd0};
                return {x, z};
            end
            9: begin
                // Denormal divisors (large quotients) as powers of two or random.
                z = $urandom_range(1) != 0 ? {1'($urandom), 31'(1) << $urandom_range(22)}
                                      : with_exp(0);
                return {finite_value(), z};
            end
            10: begin
                // Exact multiples: (z * m) / z.
                z = finite_value();
                x = fp_ref_mul(z, {1'($urandom), 8'($urandom_range(120, 140)),
                                   23'($urandom) & 23'h7F0000});
                return {x, z};
            end
            11: begin
                // Equal or neighbouring significands (quotient a power of two or just
                // below or above one).
                z = finite_value();
                x = {1'($urandom), 8'($urandom_range(1, 254)), z[22:0]};
                x[22:0] = x[22:0] + 23'(int'($urandom_range(2)) - 1);
                return {x, z};
            end
            12: return {with_exp(0), with_exp(0)};
            default: return {finite_value(), finite_value()};
        endcase
    endfunction

    function automatic bit is_nan(logic [31:0] v);
        return v[30:23] == 8'hFF && v[22:0] != 0;
    endfunction

    // Whether a / b is an exact rounding tie: b a power of two and the bits a denormal
    // result loses are exactly one half unit (1 then zeros).
    function automatic bit is_tie(logic [31:0] x, logic [31:0] z);
        longint sig, sh;
        if (z[22:0] != 0 || z[30:23] == 0 || z[30:23] == 8'hFF || x[30:23] == 8'hFF)
            return 1'b0;
        sig = longint'({x[30:23] != 0, x[22:0]});
        sh = 1 - ((x[30:23] == 0 ? 1 : longint'(x[30:23])) - (longint'(z[30:23]) - 127));
        if (sh < 1 || sh > 24) return 1'b0;
        return (sig & ((64'sd1 <<< sh) - 1)) == (64'sd1 <<< (sh - 1));
    endfunction

    logic [31:0] pipe[$];
    logic [31:0] expect_y = '0;
    logic [31:0] expect_a = '0, expect_b = '0;
    logic [31:0] ops_a[$], ops_b[$];
    logic        expect_valid = 1'b0;
    int          checks = 0, operations = 0, errors = 0, stall_left = 0;
    int          n_nan = 0, n_inf = 0, n_zero = 0, n_denormal = 0, n_tie = 0;
    logic [63:0] pair;

    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
        if (rst) begin
            en <= 1'b0;
        end else begin
            if (expect_valid) begin
                if (is_nan(expect_y) ? (y !== 32'h7FC00000) : (y !== expect_y)) begin
                    $error("fp_div %h / %h: got %h, expected %h", expect_a, expect_b, y,
                           expect_y);
                    errors++;
                end
                checks++;
            end
            if (en) begin
                pipe.push_back(fp_ref_div(a, b));
                ops_a.push_back(a);
                ops_b.push_back(b);
                if (is_tie(a, b)) n_tie++;
                if (pipe.size() == LATENCY) begin
                    expect_y = pipe.pop_front();
                    expect_a = ops_a.pop_front();
                    expect_b = ops_b.pop_front();
                    expect_valid = 1'b1;
                    operations++;
                    if (is_nan(expect_y)) n_nan++;
                    else if (expect_y[30:0] == 31'h7F800000) n_inf++;
                    else if (expect_y[30:0] == 0) n_zero++;
                    else if (expect_y[30:23] == 0) n_denormal++;
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
            pair = pick_pair();
            a <= pair[63:32];
            b <= pair[31:0];
            if (operations >= OPERATIONS) begin
                $display("tb_ocl_fp_div: %0d divisions checked in %0d cycles, %0d errors",
                         operations, checks, errors);
                $display("tb_ocl_fp_div: results: %0d NaN, %0d inf, %0d zero, %0d denormal, %0d ties",
                         n_nan, n_inf, n_zero, n_denormal, n_tie);
                if (errors == 0) $display("PASS tb_ocl_fp_div");
                $finish;
            end
        end
    end
endmodule

`default_nettype wire
