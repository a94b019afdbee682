// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_minmax against the host's fmin/fmax (fp_ref_min/max).
// Operands mix the edge values (+-0, +-inf, quiet and signalling NaNs, smallest/largest
// denormal, smallest/largest normal, 1) with random bit patterns and random normal values;
// b is often derived from a (equal, one ulp apart, negated). max is random per operation.
// en is random (with long stalls). A model shifts the expected results through a LATENCY
// deep queue on every enabled edge, and y is compared with the oldest entry in every cycle
// (also while stalled: the output must hold).
//
// Where the unit's contract (OpenCL fmin/fmax) is stricter than, or differs from, the
// host's answer, the bench checks the contract instead:
//   +0 vs -0          min gives -0, max gives +0 (the host returns either operand)
//   two NaNs          exactly the canonical 32'h7FC00000 (the host returns some NaN)
//   one sNaN operand  the other operand, as the OpenCL C spec says ("If one argument is a
//                     NaN, fmin() returns the other argument"); glibc's fmin/fmax return a
//                     NaN for signalling NaNs (IEEE 754-2019 / C23 behaviour)
// For one quiet NaN operand the host agrees with the contract and is checked as is.
`default_nettype none

module tb_ocl_fp_minmax (
    input logic clk
);
    `include "fp_ref.svh"

    localparam int LATENCY = 2;
    localparam int CHECKS = 200000;

    logic        en = 1'b0;
    logic [31:0] a = '0, b = '0;
    logic        max = 1'b0;
    logic [31:0] y;

    ocl_fp_minmax dut (.clk(clk), .en(en), .a(a), .b(b), .max(max), .y(y));

    function automatic logic [31:0] edge_value();
        logic [31:0] v;
        case ($urandom_range(11))
            0: v = 32'h0000_0000;                                      // zero
            1: v = 32'h7F80_0000;                                      // inf
            2: v = 32'h7FC0_0000;                                      // canonical qNaN
            3: v = 32'h7FC0_0000 | ($urandom & 32'h003F_FFFF);         // qNaN with payload
            4: v = 32'h7F80_0001 | ($urandom & 32'h003F_FFFF);         // sNaN
            5: v = 32'h0000_0001;                                      // smallest denormal
            6: v = 32'h007F_FFFF;                                      // largest denormal
            7: v = 32'h0080_0000;                                      // smallest normal
            8: v = 32'h7F7F_FFFF;                                      // largest normal
            9: v = 32'h3F80_0000;                                      // 1
            10: v = $urandom & 32'h007F_FFFF;                          // random denormal
            default: v = 32'h3F80_0000 + ($urandom & 32'h0000_000F);   // just above 1
        endcase
        return {1'($urandom), v[30:0]};
    endfunction

    function automatic logic [31:0] pick_a();
        case ($urandom_range(3))
            0: return edge_value();
            1: return $urandom;
            default: return {1'($urandom), 8'($urandom_range(107, 147)), 23'($urandom)};
        endcase
    endfunction

    function automatic logic [31:0] pick_b(logic [31:0] x);
        case ($urandom_range(7))
            0: return x;
            1: return x + 32'd1;
            2: return x - 32'd1;
            3: return x ^ 32'h8000_0000;
            4: return edge_value();
            5: return $urandom;
            default: return {1'($urandom), 8'($urandom_range(107, 147)), 23'($urandom)};
        endcase
    endfunction

    function automatic logic is_nan(logic [31:0] x);
        return x[30:23] == 8'hFF && x[22:0] != 0;
    endfunction

    int overrides_zero = 0, overrides_nan2 = 0, overrides_snan = 0;

    function automatic logic [31:0] reference(logic [31:0] x, logic [31:0] z, logic is_max);
        logic [31:0] host;
        host = is_max ? fp_ref_max(x, z) : fp_ref_min(x, z);
        if (x[30:0] == 0 && z[30:0] == 0 && x[31] != z[31]) begin
            overrides_zero++;
            return is_max ? 32'h0000_0000 : 32'h8000_0000;
        end
        if (is_nan(x) && is_nan(z)) begin
            overrides_nan2++;
            if (!is_nan(host)) $error("fp_minmax: host gave %h for two NaNs", host);
            return 32'h7FC0_0000;
        end
        if (is_nan(x) != is_nan(z) && is_nan(host)) begin
            // Only a signalling NaN makes the host return a NaN here.
            if ((is_nan(x) && x[22]) || (is_nan(z) && z[22]))
                $error("fp_minmax: host gave NaN %h for one quiet NaN", host);
            overrides_snan++;
            return is_nan(x) ? z : x;
        end
        return host;
    endfunction

    logic [31:0] pipe[$];
    logic [31:0] expect_out = '0;
    logic        expect_valid = 1'b0;
    logic        expect_fresh = 1'b0;  // expect_out not compared yet: counts as one operation
    int          checks = 0, cycles_checked = 0, stall_left = 0;
    logic [31:0] next_a;

    always @(posedge clk) begin
        if (expect_valid) begin
            if (y !== expect_out) $error("fp_minmax: got %h, expected %h", y, expect_out);
            cycles_checked++;
            if (expect_fresh) checks++;
            expect_fresh = 1'b0;
        end
        if (en) begin
            pipe.push_back(reference(a, b, max));
            if (pipe.size() == LATENCY) begin
                expect_out = pipe.pop_front();
                expect_valid = 1'b1;
                expect_fresh = 1'b1;
            end
        end
        // Stimulus: mostly enabled, random single-cycle and long stalls.
        if (stall_left > 0) begin
            stall_left--;
            en <= 1'b0;
        end else if ($urandom_range(99) < 3) begin
            stall_left = $urandom_range(20);
            en <= 1'b0;
        end else begin
            en <= $urandom_range(99) < 80;
        end
        next_a = pick_a();
        a <= next_a;
        b <= pick_b(next_a);
        max <= 1'($urandom);
        if (checks >= CHECKS) begin
            $display("PASS tb_ocl_fp_minmax: %0d operations checked (%0d cycle checks; %0d",
                     checks, cycles_checked, overrides_zero,
                     " +0/-0, %0d two-NaN and %0d sNaN cases checked against the contract)",
                     overrides_nan2, overrides_snan);
            $finish;
        end
    end
endmodule

`default_nettype wire
