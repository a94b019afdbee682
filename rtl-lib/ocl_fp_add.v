// SPDX-License-Identifier: MIT
//
// ocl_fp_add: fully pipelined IEEE-754 binary32 adder/subtractor, one operation per enabled
// clock, rounding to nearest, ties to even.
//
// Parameters
//   none
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline around it)
//   a, b  operands (binary32 bit patterns, sampled at enabled edges)
//   sub   1: y = a - b, 0: y = a + b (sampled with the operands)
//   y     the correctly rounded result (registered output)
//
// Timing contract: LATENCY = 6 enabled cycles (localparam LATENCY below; the HLS scheduler
// relies on it). Operands presented in a cycle whose edge is enabled appear at y right
// after the 6th enabled edge counted from that one; with en always high, operands of cycle
// t are visible in cycle t + 6. There is no reset and no valid bit: the pipeline only
// carries data; the caller tracks which results are meaningful.
//
// Stage plan (significands carry 3 extra bits below the unit in the last place: guard,
// round and sticky, which is enough for a correctly rounded sum):
//   1 swap by exponent (an 8-bit compare) so that the first operand has the greater or
//     equal exponent, exponent difference, special cases
//   2 align: shift the lesser significand right by the exponent difference; every bit
//     shifted out is ORed into the sticky bit. Also decodes the normalisation limit
//   3 add or subtract the significands (one 28-bit carry chain); with equal exponents
//     the second significand may be the larger one (found in stage 2), then the reversed
//     difference is taken and the sign flips
//   4 leading-zero count of the sum, limited by the exponent (see denormals), zero test
//   5 normalise: shift left by that count, result exponent
//   6 round to nearest even, pack (one 31-bit increment), special-case/overflow select
//
// Special cases: a NaN operand, or inf - inf (as an effective subtraction), gives the
// canonical quiet NaN 32'h7FC00000; an infinite operand otherwise gives that infinity;
// results beyond the largest finite value become +-inf. An exact zero sum of an effective
// subtraction is +0 (x - x = +0); the sum of two zeros of the same sign keeps the sign
// ((-0) + (-0) = -0).
//
// Denormals are supported in full on inputs and outputs: a denormal operand 0.f * 2^-126
// enters as the significand {f, 0} with exponent field 0 (the same value; this keeps the
// denormal fix-up away from the exponent carry chains). The normalising shift is limited
// so that the exponent never drops below that of the smallest normal; a result whose
// leading one is still not at the hidden position then is a denormal (exponent field 0).
// Rounding a denormal up to 2^-126 carries into the exponent field and gives the smallest
// normal.
`default_nettype none

module ocl_fp_add (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire        sub,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 6;
    /* verilator lint_on UNUSEDPARAM */

    localparam [31:0] QNAN = 32'h7FC00000;

    // ---- Stage 1: swap by exponent, exponent difference, special cases ---------------
    wire        b_sign = b[31] ^ sub;  // the sign of b with the operation applied

    wire [7:0] a_exp = a[30:23];
    wire [7:0] b_exp = b[30:23];
    wire a_nan = (&a_exp) & (|a[22:0]);
    wire b_nan = (&b_exp) & (|b[22:0]);
    wire a_inf = (&a_exp) & ~(|a[22:0]);
    wire b_inf = (&b_exp) & ~(|b[22:0]);
    // Raw exponent fields throughout (no denormal fix-up in front of the carry chains):
    // a denormal 0.f * 2^-126 is taken as the significand {f, 0} with exponent field 0.
    wire [7:0] a_minus_b = a_exp - b_exp;
    wire [7:0] b_minus_a = b_exp - a_exp;

    wire [23:0] a_sig = (|a_exp) ? {1'b1, a[22:0]} : {a[22:0], 1'b0};
    wire [23:0] b_sig = (|b_exp) ? {1'b1, b[22:0]} : {b[22:0], 1'b0};

    wire        swap  = b_exp > a_exp;

    wire        in_nan = a_nan | b_nan | (a_inf & b_inf & (a[31] ^ b_sign));
    wire        in_inf = a_inf | b_inf;
    wire        inf_sign = a_inf ? a[31] : b_sign;

    reg        s1_sign, s1_eff_sub, s1_special;
    reg [31:0] s1_special_val;
    reg [7:0]  s1_exp, s1_diff;
    reg [23:0] s1_big_sig, s1_small_sig;

    always @(posedge clk) begin
        if (en) begin
            s1_sign        <= swap ? b_sign : a[31];
            s1_eff_sub     <= a[31] ^ b_sign;
            s1_exp         <= swap ? b_exp : a_exp;
            s1_diff        <= swap ? b_minus_a : a_minus_b;
            s1_big_sig     <= swap ? b_sig : a_sig;
            s1_small_sig   <= swap ? a_sig : b_sig;
            s1_special     <= in_nan | in_inf;
            s1_special_val <= in_nan ? QNAN : {inf_sign, 8'hFF, 23'd0};
        end
    end

    // ---- Stage 2: align the lesser significand, sticky; normalisation limit -----------
    // Shifts of 27 and more move every bit out; saturate the amount at 31.
    wire [4:0]  shift_r  = (|s1_diff[7:5]) ? 5'd31 : s1_diff[4:0];
    wire [26:0] small_ext = {s1_small_sig, 3'b000};
    wire [26:0] shifted  = small_ext >> shift_r;
    wire        lost     = |(small_ext & ~({27{1'b1}} << shift_r));
    // The sum's bit 26 has the weight of the greater operand's hidden bit; the normalising
    // left shift may be at most s1_exp (so that the leading one, at bit 27 afterwards,
    // has an exponent field >= 1). A marker bit at position 27 - s1_exp caps the
    // leading-zero count there (bit 27, no shift, when both operands are denormal).
    wire [27:0] limit = (s1_exp <= 8'd27) ? (28'd1 << (5'd27 - s1_exp[4:0])) : 28'd0;

    // With equal exponents the second significand may be the larger one; a subtraction
    // then takes the reversed difference (exact: nothing was shifted out) and flips the
    // sign. Decided here (a 24-bit compare beside the shifter) to keep stage 3 one chain.
    wire reversed = s1_eff_sub & (s1_diff == 8'd0) & (s1_small_sig > s1_big_sig);

    reg        s2_sign, s2_eff_sub, s2_special, s2_reversed;
    reg [31:0] s2_special_val;
    reg [7:0]  s2_exp;
    reg [23:0] s2_big_sig;
    reg [26:0] s2_small_aligned;
    reg [27:0] s2_limit;

    always @(posedge clk) begin
        if (en) begin
            s2_sign          <= s1_sign;
            s2_eff_sub       <= s1_eff_sub;
            s2_reversed      <= reversed;
            s2_special       <= s1_special;
            s2_special_val   <= s1_special_val;
            s2_exp           <= s1_exp;
            s2_big_sig       <= s1_big_sig;
            s2_small_aligned <= {shifted[26:1], shifted[0] | lost};
            s2_limit         <= limit;
        end
    end

    // ---- Stage 3: add / subtract -----------------------------------------------------
    // The operand of the greater magnitude comes first, so a difference is never negative.
    wire [27:0] big_ext   = {1'b0, s2_big_sig, 3'b000};
    wire [27:0] other_ext = {1'b0, s2_small_aligned};
    wire [27:0] first     = s2_reversed ? other_ext : big_ext;
    wire [27:0] second    = s2_reversed ? big_ext : other_ext;
    wire [27:0] sum       = s2_eff_sub ? first - second : first + second;

    reg        s3_sign, s3_eff_sub, s3_special;
    reg [31:0] s3_special_val;
    reg [7:0]  s3_exp;
    reg [27:0] s3_sum, s3_limit;

    always @(posedge clk) begin
        if (en) begin
            s3_sign        <= s2_sign ^ s2_reversed;
            s3_eff_sub     <= s2_eff_sub;
            s3_special     <= s2_special;
            s3_special_val <= s2_special_val;
            s3_exp         <= s2_exp;
            s3_sum         <= sum;
            s3_limit       <= s2_limit;
        end
    end

    // ---- Stage 4: leading-zero count limited by the exponent, zero sum ------------------
    wire sum_zero = ~(|s3_sum);
    // Ones below the sum keep a zero sum (exact cancellation, no limit) at 28.
    wire [4:0] sum_lz;
    ocl_lzc #(.W(32)) sum_lzc (.v({s3_sum | s3_limit, 4'b1111}), .count(sum_lz));

    reg        s4_sign, s4_special;
    reg [31:0] s4_special_val;
    reg [7:0]  s4_exp;
    reg [27:0] s4_sum;
    reg [4:0]  s4_lz;

    always @(posedge clk) begin
        if (en) begin
            // An exact zero from an effective subtraction is +0 in round to nearest.
            s4_sign        <= s3_sign & ~(sum_zero & s3_eff_sub);
            s4_special     <= s3_special;
            s4_special_val <= s3_special_val;
            s4_exp         <= s3_exp;
            s4_sum         <= s3_sum;
            s4_lz          <= sum_lz;
        end
    end

    // ---- Stage 5: normalise ----------------------------------------------------------
    // Leading one at bit 27 gives exponent s4_exp + 1 - shift; 255 means overflow.
    // The limit keeps it in 1..255, so 8 bits hold it.
    wire [7:0] norm_exp = s4_exp + 8'd1 - {3'd0, s4_lz};

    reg        s5_sign, s5_special, s5_overflow;
    reg [31:0] s5_special_val;
    reg [7:0]  s5_exp;
    reg [27:0] s5_norm;

    always @(posedge clk) begin
        if (en) begin
            s5_sign        <= s4_sign;
            s5_special     <= s4_special;
            s5_special_val <= s4_special_val;
            s5_exp         <= norm_exp;
            s5_overflow    <= norm_exp == 8'hFF;
            s5_norm        <= s4_sum << s4_lz;
        end
    end

    // ---- Stage 6: round to nearest even, pack ------------------------------------------
    // s5_norm: [27] hidden bit, [26:4] fraction, [3] guard, [2:0] round and sticky.
    wire        hidden   = s5_norm[27];
    wire        round_up = s5_norm[3] & ((|s5_norm[2:0]) | s5_norm[4]);
    // No hidden bit: the limit was reached, a denormal (or zero) with exponent field 0.
    // A fraction carry out of the increment raises the exponent (possibly to inf).
    wire [30:0] rounded = {(hidden ? s5_exp : 8'd0), s5_norm[26:4]} + {30'd0, round_up};

    always @(posedge clk) begin
        if (en) begin
            if (s5_special) y <= s5_special_val;
            else if (s5_overflow) y <= {s5_sign, 8'hFF, 23'd0};
            else y <= {s5_sign, rounded};
        end
    end
endmodule

`default_nettype wire
