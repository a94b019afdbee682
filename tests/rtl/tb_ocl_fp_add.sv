// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_add: a + b and a - b (sub chosen at random per operation)
// against the host's binary32 arithmetic (fp_ref_add / fp_ref_sub, DPI). Operands mix edge
// values (+-0, +-inf, quiet and signalling NaNs, smallest/largest denormal and normal, 1),
// exact and near cancellation, exponent differences 0..30 with trailing-zero significands
// (rounding ties), overflow to inf, denormal results, random bit patterns and random
// normals. en is random (with long stalls). A model shifts the expected results through a
// LATENCY deep queue on every enabled edge, and y is compared with the oldest entry in
// every cycle (also while stalled: the output must hold). Any NaN expected result must be
// the canonical quiet NaN 32'h7FC00000.
`default_nettype none

`include "fp_ref.svh"

module tb_ocl_fp_add (
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

    logic        en = 1'b0, sub = 1'b0;
    logic [31:0] a = '0, b = '0;
    logic [31:0] y;

    ocl_fp_add dut (.clk(clk), .en(en), .a(a), .b(b), .sub(sub), .y(y));

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

    // A significand whose low bits are zero (makes exact sums and rounding ties likely).
    function automatic logic [22:0] frac_with_zeros();
        return 23'($urandom) & ~((23'd1 << $urandom_range(23)) - 23'd1);
    endfunction

    function automatic logic [31:0] random_normal();
        return {1'($urandom), 8'($urandom_range(254, 1)), 23'($urandom)};
    endfunction

    // Operands and operation of one check.
    task automatic pick(output logic [31:0] x, output logic [31:0] z, output logic s);
        int k, e;
        s = 1'($urandom);
        case ($urandom_range(11))
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
            4, 5, 6: begin
                // Exponent difference 0..30, low significand bits zero (ties).
                x = {1'($urandom), 8'($urandom_range(254, 0)), frac_with_zeros()};
                k = $urandom_range(30);
                e = int'(x[30:23]) - k;
                if (e < 0) e = 0;
                z = {1'($urandom), 8'(e), frac_with_zeros()};
                if ($urandom_range(1) != 0) {x, z} = {z, x};
            end
            7: begin
                // Exact cancellation: x - x or x + (-x).
                x = 1'($urandom) ? random_normal() : $urandom;
                z = s ? x : {~x[31], x[30:0]};
            end
            8: begin
                // Near cancellation: a few low bits differ, result needs a long normalisation.
                x = 1'($urandom) ? random_normal() : {1'($urandom), 8'($urandom_range(3)),
                                                              23'($urandom)};
                z = x ^ (32'($urandom) >> $urandom_range(31, 9));
                z[31] = s ? x[31] : ~x[31];
            end
            9: begin
                // Overflow: two large values of the same effective sign.
                x = {1'($urandom), 8'($urandom_range(254, 252)), 23'($urandom)};
                z = {x[31] ^ s, 8'($urandom_range(254, 252)), 23'($urandom)};
            end
            default: begin
                // Denormal and smallest-normal range, results that go denormal.
                x = {1'($urandom), 8'($urandom_range(2)), 23'($urandom)};
                z = {1'($urandom), 8'($urandom_range(2)), 23'($urandom)};
            end
        endcase
    endtask

    function automatic logic [31:0] reference(logic [31:0] x, logic [31:0] z, logic s);
        return s ? fp_ref_sub(x, z) : fp_ref_add(x, z);
    endfunction

    function automatic logic is_nan(logic [31:0] v);
        return (&v[30:23]) && (|v[22:0]);
    endfunction

    // Queue entries: {a, b, sub, expected y}.
    logic [96:0] pipe[$];
    logic [96:0] expect_entry = '0;
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
                    $error("fp_add: %h %s %h: got %h, expected %h", expect_entry[96:65],
                           expect_entry[32] ? "-" : "+", expect_entry[64:33], y, expect_y);
            end
            if (en) begin
                pipe.push_back({a, b, sub, reference(a, b, sub)});
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
                logic        s;
                pick(x, z, s);
                a   <= x;
                b   <= z;
                sub <= s;
            end
            if (ops >= OPS) done <= 1'b1;
        end else begin
            $display("PASS tb_ocl_fp_add: %0d operations checked", ops);
            $finish;
        end
    end
endmodule

`default_nettype wire
