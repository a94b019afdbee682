// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_cmp against the host's comparison (fp_ref_cmp). Operands
// mix the edge values (+-0, +-inf, quiet and signalling NaNs, smallest/largest denormal,
// smallest/largest normal, 1) with random bit patterns and random normal values; b is
// often derived from a (equal, one ulp apart, negated) so that ties and near ties occur.
// en is random (with long stalls). A model shifts the expected flags through a LATENCY deep
// queue on every enabled edge, and lt/eq/uno are compared with the oldest entry in every
// cycle (also while stalled: the outputs must hold).
`default_nettype none

module tb_ocl_fp_cmp (
    input logic clk
);
    `include "fp_ref.svh"

    localparam int LATENCY = 1;
    localparam int CHECKS = 200000;

    logic        en = 1'b0;
    logic [31:0] a = '0, b = '0;
    logic        lt, eq, uno;

    ocl_fp_cmp dut (.clk(clk), .en(en), .a(a), .b(b), .lt(lt), .eq(eq), .uno(uno));

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
            // random normal value of moderate magnitude
            default: return {1'($urandom), 8'($urandom_range(107, 147)), 23'($urandom)};
        endcase
    endfunction

    function automatic logic [31:0] pick_b(logic [31:0] x);
        case ($urandom_range(7))
            0: return x;                       // equal
            1: return x + 32'd1;               // one ulp away (in pattern order)
            2: return x - 32'd1;
            3: return x ^ 32'h8000_0000;       // negated (+0 vs -0 among these)
            4: return edge_value();
            5: return $urandom;
            default: return {1'($urandom), 8'($urandom_range(107, 147)), 23'($urandom)};
        endcase
    endfunction

    logic [2:0] pipe[$];
    logic [2:0] expect_out = '0;
    logic       expect_valid = 1'b0;
    logic       expect_fresh = 1'b0;  // expect_out not compared yet: counts as one operation
    int         checks = 0, cycles_checked = 0, stall_left = 0;
    logic [31:0] next_a;

    always @(posedge clk) begin
        if (expect_valid) begin
            if ({uno, eq, lt} !== expect_out)
                $error("fp_cmp: got uno %b eq %b lt %b, expected uno %b eq %b lt %b",
                       uno, eq, lt, expect_out[2], expect_out[1], expect_out[0]);
            cycles_checked++;
            if (expect_fresh) checks++;
            expect_fresh = 1'b0;
        end
        if (en) begin
            pipe.push_back(3'(fp_ref_cmp(a, b)));
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
        if (checks >= CHECKS) begin
            $display("PASS tb_ocl_fp_cmp: %0d comparisons checked (%0d cycle checks)", checks,
                     cycles_checked);
            $finish;
        end
    end
endmodule

`default_nettype wire
