// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_to_int against the host's conversion (fp_ref_to_int):
// every W in {8,16,32,64} x SIGNED {0,1}. Operands mix the edge values (+-0, +-inf, quiet
// and signalling NaNs, denormals, +-0.5, +-0.999..., +-1, the largest normal) with the
// conversion boundaries and their one-ulp neighbours (2^24, 2^31, 2^32, 2^63, 2^64,
// -2^31, -2^63, and 2^(W-1), 2^W for the unit's own W), values of every exponent up to just
// beyond the range, random normal values and random patterns. en is random (with long
// stalls). A model shifts the expected results through a LATENCY deep queue on every
// enabled edge, and y is compared with the oldest entry in every cycle (also while
// stalled: the output must hold).
//
// The reference is fp_ref_to_int's sign/zero-extended result, low W bits.
`default_nettype none

module tb_to_int_unit #(
    parameter int W = 8,
    parameter int SIGNED = 0,
    parameter int CHECKS = 25000
) (
    input  logic clk,
    input  logic rst,
    output logic done,
    output int   checks
);
    `include "fp_ref.svh"

    localparam int LATENCY = 3;

    logic         en = 1'b0;
    logic [31:0]  a = '0;
    logic [W-1:0] y;

    ocl_fp_to_int #(.W(W), .SIGNED(SIGNED)) dut (.clk(clk), .en(en), .a(a), .y(y));

    // +-2^k (k = unbiased exponent) with a random, zero or all-ones fraction, or nudged by
    // one ulp either way.
    function automatic logic [31:0] power_case(int k);
        logic [31:0] v;
        v = {1'($urandom), 8'(127 + k), 23'd0};
        case ($urandom_range(4))
            0: return v;
            1: return v + 32'd1;                           // one ulp above in magnitude
            2: return v - 32'd1;                           // one ulp below in magnitude
            3: return v | 32'h007F_FFFF;                   // just below 2^(k+1)
            default: return v | {9'd0, 23'($urandom)};
        endcase
    endfunction

    function automatic logic [31:0] pick_operand();
        logic [31:0] v;
        case ($urandom_range(15))
            0: v = 32'h0000_0000;                                  // zero
            1: v = 32'h7F80_0000;                                  // inf
            2: v = 32'h7FC0_0000 | ($urandom & 32'h003F_FFFF);     // qNaN
            3: v = 32'h7F80_0001 | ($urandom & 32'h003F_FFFF);     // sNaN
            4: v = $urandom & 32'h007F_FFFF;                       // denormal
            5: v = 32'h3F00_0000 + 32'($urandom_range(2)) - 32'd1; // 0.5 and neighbours
            6: v = 32'h3F7F_FFFF;                                  // 0.999...
            7: v = 32'h3F80_0000;                                  // 1
            8: v = 32'h7F7F_FFFF;                                  // largest normal
            // the fixed boundaries: 2^24, 2^31, 2^32, 2^63, 2^64
            9: begin
                case ($urandom_range(4))
                    0: v = power_case(24);
                    1: v = power_case(31);
                    2: v = power_case(32);
                    3: v = power_case(63);
                    default: v = power_case(64);
                endcase
            end
            // the unit's own boundaries
            10: v = power_case(W - 1 + $urandom_range(1));
            11: v = power_case(W - 2 + $urandom_range(3));
            // every exponent from below 1 to beyond the range
            12: v = power_case($urandom_range(W + 3) - 2);
            13: v = {1'($urandom), 8'($urandom_range(120, 127 + W + 2)), 23'($urandom)};
            default: v = $urandom;
        endcase
        return (v[30:0] == 31'd0 || $urandom_range(3) == 0) ? {1'($urandom), v[30:0]} : v;
    endfunction

    function automatic logic [W-1:0] reference(logic [31:0] x);
        return W'(fp_ref_to_int(x, W, SIGNED));
    endfunction

    logic [W-1:0] pipe[$];
    logic [W-1:0] expect_out = '0;
    logic         expect_valid = 1'b0;
    logic         expect_fresh = 1'b0;  // expect_out not compared yet: counts as one operation
    logic [31:0]  last_a[$];            // operands in flight, for the error message
    logic [31:0]  expect_a = '0;
    int           stall_left = 0;
    initial done = 1'b0;
    initial checks = 0;

    always @(posedge clk) begin
        if (rst) begin
            en <= 1'b0;
        end else if (!done) begin
            if (expect_valid) begin
                if (y !== expect_out)
                    $error("to_int W%0d SIGNED%0d: a %h gave %h, expected %h", W, SIGNED,
                           expect_a, y, expect_out);
                if (expect_fresh) checks++;
                expect_fresh = 1'b0;
            end
            if (en) begin
                pipe.push_back(reference(a));
                last_a.push_back(a);
                if (pipe.size() == LATENCY) begin
                    expect_out = pipe.pop_front();
                    expect_a = last_a.pop_front();
                    expect_valid = 1'b1;
                    expect_fresh = 1'b1;
                end
            end
            // Stimulus: mostly enabled, random single-cycle and long stalls.
            if (stall_left > 0) begin
                stall_left--;
                en <= 1'b0;
            end else if ($urandom_range(99) < 3) begin
                stall_left = $urandom_range(4 * LATENCY);
                en <= 1'b0;
            end else begin
                en <= $urandom_range(99) < 80;
            end
            a <= pick_operand();
            if (checks >= CHECKS) done <= 1'b1;
        end
    end
endmodule

module tb_ocl_fp_to_int (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    localparam int WIDTHS[4] = '{8, 16, 32, 64};
    localparam int UNITS = 4 * 2;

    logic [UNITS-1:0] done;
    int               checks[UNITS];

    for (genvar wi = 0; wi < 4; wi++) begin : g_w
        for (genvar s = 0; s < 2; s++) begin : g_signed
            tb_to_int_unit #(.W(WIDTHS[wi]), .SIGNED(s)) u (
                .clk(clk), .rst(rst), .done(done[wi*2+s]), .checks(checks[wi*2+s])
            );
        end
    end

    always @(posedge clk) begin
        if (&done) begin
            automatic int total = 0;
            foreach (checks[i]) total += checks[i];
            $display("PASS tb_ocl_fp_to_int: %0d conversions checked in %0d parameter sets",
                     total, UNITS);
            $finish;
        end
    end
endmodule

`default_nettype wire
