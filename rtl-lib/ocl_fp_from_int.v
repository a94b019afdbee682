// SPDX-License-Identifier: MIT
//
// ocl_fp_from_int: fully pipelined integer to IEEE-754 binary32 conversion, one per
// enabled clock.
//
// Parameters
//   W       integer width: 8, 16, 32 or 64
//   SIGNED  0: unsigned; 1: two's complement
//   ROUND   rounding of values that do not fit 24 significant bits (only possible for
//           W = 32, 64): 0 to nearest, ties to even (C/OpenCL default); 1 toward zero;
//           2 toward +inf; 3 toward -inf (the convert_float_rt{e,z,p,n} variants)
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline)
//   a     integer operand (sampled at enabled edges)
//   y     binary32 result (registered)
//
// Timing contract: LATENCY = 4 enabled cycles for every parameter set (localparam below).
// Operands of a cycle whose edge is enabled appear at y right after the 4th enabled edge
// counted from that one. There is no reset and no valid bit: the pipeline only carries data.
//
// Stage plan
//   1  sign and magnitude (W-bit negation of negative signed operands; the magnitude of
//      the most negative value, 2^(W-1), fits W unsigned bits)
//   2  leading-zero count of the magnitude, as a tree (log2(W) + 1 LUT levels); zero test
//   3  normalising left shift by the count; the biased exponent 127 + W - 1 - count (0 for
//      zero); below the 24 kept bits, a guard bit and the bits below it
//   4  rounding: the sticky OR of those bits and the increment decision run beside the
//      carry chain of {exponent, fraction} + 1 (a carry out of the fraction bumps the
//      exponent: 2^24 - 1 rounding up becomes 2^24, etc.); the increment picks it
//
// Special cases: 0 gives +0 in every rounding mode. Every |a| < 2^24 is exact. No
// overflow is possible (the largest result, 2^64, is far below the binary32 range), and
// results are never denormal.
`default_nettype none

module ocl_fp_from_int #(
    parameter integer W = 32,
    parameter integer SIGNED = 0,
    parameter integer ROUND = 0
) (
    input  wire         clk,
    input  wire         en,
    input  wire [W-1:0] a,
    output reg  [31:0]  y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 4;
    /* verilator lint_on UNUSEDPARAM */

    // Count bits (log2 W) and the exponent of a value whose top bit is set.
    localparam integer LW = (W <= 8) ? 3 : (W <= 16) ? 4 : (W <= 32) ? 5 : 6;
    localparam integer EXP_TOP_I = 127 + W - 1;
    localparam [7:0]   EXP_TOP = EXP_TOP_I[7:0];
    // The normalised magnitude followed by zeros, so that 24 kept bits, a guard bit and
    // the bits below it exist for every W.
    localparam integer XW = W + 25;

    // Leading zeros of x (W = 2^LW bits; meaningless for zero, which is caught by the
    // normalised top bit), as a tree of 2:1 choices: level lv merges pairs of 2^lv-bit
    // groups, the count of group g sits at cnt[LW*g +: LW]. A shift-and-test loop would
    // chain log2(W) zero tests and shifts in one stage.
    function [LW-1:0] one_at(input integer bit_pos);
        one_at = {{(LW - 1){1'b0}}, 1'b1} << bit_pos;
    endfunction

    function [LW-1:0] lead_zeros(input [W-1:0] x);
        reg [W/2-1:0]    any;
        reg [LW*W/2-1:0] cnt;
        integer           g, lv;
        begin
            for (g = 0; g < W / 2; g = g + 1) begin
                any[g]           = x[2*g+1] | x[2*g];
                cnt[g*LW +: LW]  = {{(LW - 1){1'b0}}, ~x[2*g+1]};
            end
            for (lv = 1; lv < LW; lv = lv + 1) begin
                for (g = 0; g < (W / 2 >> lv); g = g + 1) begin
                    cnt[g*LW +: LW] = any[2*g+1] ? cnt[(2*g+1)*LW +: LW]
                                                 : (cnt[(2*g)*LW +: LW] | one_at(lv));
                    any[g]          = any[2*g+1] | any[2*g];
                end
            end
            lead_zeros = cnt[LW-1:0];
        end
    endfunction

    // ---- stage 1: sign and magnitude
    wire         a_neg = (SIGNED != 0) & a[W-1];
    wire [W-1:0] mag;
    generate
        if (W > 32) begin : g_split
            // One 64-bit carry chain is too slow. -a = ~a + 1, and the +1 reaches a
            // 16-bit piece exactly when every bit of a below it is zero: each piece is
            // incremented on its own, and that zero test (a shallow OR tree beside the
            // carry chains) picks the incremented piece.
            genvar k;
            wire [W-1:0] flip = a ^ {W{a_neg}};
            for (k = 0; k < W / 16; k = k + 1) begin : g_piece
                wire [15:0] up = flip[16*k +: 16] + 16'd1;
                wire        cin;
                if (k == 0) begin : g_first
                    assign cin = a_neg;
                end else begin : g_next
                    assign cin = a_neg & ~|a[16*k-1:0];
                end
                assign mag[16*k +: 16] = cin ? up : flip[16*k +: 16];
            end
        end else begin : g_whole
            assign mag = a_neg ? (~a + 1'b1) : a;
        end
    endgenerate

    reg         s1_sign;
    reg [W-1:0] s1_mag;
    always @(posedge clk) begin
        if (en) begin
            s1_sign <= a_neg;
            s1_mag  <= mag;
        end
    end

    // ---- stage 2: leading-zero count
    reg          s2_sign;
    reg          s2_zero;
    reg [W-1:0]  s2_mag;
    reg [LW-1:0] s2_lz;
    always @(posedge clk) begin
        if (en) begin
            s2_sign <= s1_sign;
            s2_zero <= s1_mag == {W{1'b0}};
            s2_mag  <= s1_mag;
            s2_lz   <= lead_zeros(s1_mag);
        end
    end

    // ---- stage 3: normalise, exponent
    // The top bit of norm is the hidden bit, implied by the exponent field.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [W-1:0]  norm    = s2_mag << s2_lz;
    wire [XW-1:0] ext     = {norm, 25'd0};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]    exp_b   = s2_zero ? 8'd0 : EXP_TOP - {{(8 - LW){1'b0}}, s2_lz};

    reg          s3_sign;
    reg [30:0]   s3_packed;  // {biased exponent, 23 fraction bits}, truncated
    reg          s3_guard;
    reg [XW-26:0] s3_low;    // the bits below the guard bit
    always @(posedge clk) begin
        if (en) begin
            s3_sign   <= s2_sign;
            s3_packed <= {exp_b, ext[XW-2 -: 23]};
            s3_guard  <= ext[XW-25];
            s3_low    <= ext[XW-26:0];
        end
    end

    // ---- stage 4: round
    wire        sticky = |s3_low;
    wire [30:0] bumped = s3_packed + 31'd1;
    reg inc;
    always @* begin
        case (ROUND)
            1:       inc = 1'b0;
            2:       inc = ~s3_sign & (s3_guard | sticky);
            3:       inc = s3_sign & (s3_guard | sticky);
            default: inc = s3_guard & (sticky | s3_packed[0]);
        endcase
    end

    always @(posedge clk) begin
        if (en) y <= {s3_sign, inc ? bumped : s3_packed};
    end
endmodule

`default_nettype wire
