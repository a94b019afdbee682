// SPDX-License-Identifier: MIT
//
// ocl_fp_mul: fully pipelined IEEE-754 binary32 multiplier, one product per enabled clock,
// rounding to nearest, ties to even.
//
// Parameters
//   none
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline around it)
//   a, b  operands (binary32 bit patterns, sampled at enabled edges)
//   y     the correctly rounded product a * b (registered output)
//
// Timing contract: LATENCY = 6 enabled cycles (localparam LATENCY below; the HLS scheduler
// relies on it). Operands presented in a cycle whose edge is enabled appear at y right
// after the 6th enabled edge counted from that one; with en always high, operands of cycle
// t are visible in cycle t + 6. There is no reset and no valid bit: the pipeline only
// carries data; the caller tracks which results are meaningful.
//
// Stage plan (the 48-bit significand product P, its leading one normally at bit 47 or 46):
//   1 unpack: significands with hidden bit (denormals see below), the product's exponent
//     if its leading one were at bit 47 (exp_top) and two offsets of it, sign, operand
//     classes (NaN, inf, zero)
//   2 P = 24 x 24 multiply on the stage-1 registers (Verilog *, DSPs), registered; decode
//     the underflow right shift and the normalisation limit from exp_top; special result;
//     P with the limit's marker bit ORed in, registered apart for stage 3's count
//   3 right shift of P with sticky for results below the normal range, leading-zero count
//     of P limited by the exponent (both from stage-2 registers, in parallel)
//   4 normalise: shift left by that count, result exponent
//   5 rounding decision: guard bit, sticky OR of the low bits, exponent field, overflow
//   6 round (one 31-bit increment), pack, special-case/overflow select
//
// Special cases: a NaN operand, or 0 * inf, gives the canonical quiet NaN 32'h7FC00000;
// inf * (nonzero) gives inf; a zero operand gives zero; products beyond the largest finite
// value become inf. The sign is always the XOR of the operand signs (also for zeros and
// infinities).
//
// Denormals are supported in full. A denormal operand 0.f * 2^-126 enters as the
// significand {f, 0} with exponent field 0 (the same value; this keeps the denormal fix-up
// away from the exponent carry chains); its product then has leading zeros, which the
// normalising left shift removes as long as the exponent stays at least that of the
// smallest normal. Products below that range are shifted right (the shifted-out bits kept
// in the sticky bit) so that they line up with the denormal format (exponent field 0),
// then rounded once; rounding up to 2^-126 carries into the exponent field and gives the
// smallest normal. Products too small for the smallest denormal round to zero (or to it
// when above half of it).
`default_nettype none

module ocl_fp_mul (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 6;
    /* verilator lint_on UNUSEDPARAM */

    localparam [31:0] QNAN = 32'h7FC00000;

    // ---- Stage 1: unpack, special cases ---------------------------------------------
    wire [7:0] a_exp = a[30:23];
    wire [7:0] b_exp = b[30:23];
    wire a_zero = ~(|a[30:0]);
    wire b_zero = ~(|b[30:0]);
    wire a_nan  = (&a_exp) & (|a[22:0]);
    wire b_nan  = (&b_exp) & (|b[22:0]);
    wire a_inf  = (&a_exp) & ~(|a[22:0]);
    wire b_inf  = (&b_exp) & ~(|b[22:0]);
    wire sign   = a[31] ^ b[31];

    // Only classified here; the special result is formed in stage 2 (shorter paths).
    wire in_nan_op = a_nan | b_nan;
    wire in_inf    = a_inf | b_inf;
    wire in_zero   = a_zero | b_zero;

    // Raw exponent fields (no denormal fix-up in front of the carry chains): a denormal
    // 0.f * 2^-126 is taken as the significand {f, 0} with exponent field 0. With
    // significands 1.f * 2^23 the product's bit 46 weighs 2^(ea + eb - 254); a leading one
    // at bit 47 gives the exponent field ea + eb - 126 (signed: -126 .. 382).
    wire [9:0] exp_sum = {2'b00, a_exp} + {2'b00, b_exp};

    reg        s1_sign, s1_nan_op, s1_inf, s1_zero;
    reg [23:0] s1_a_sig, s1_b_sig;
    reg [9:0]  s1_exp_top, s1_right, s1_marker;

    always @(posedge clk) begin
        if (en) begin
            s1_sign        <= sign;
            s1_a_sig       <= (|a_exp) ? {1'b1, a[22:0]} : {a[22:0], 1'b0};
            s1_b_sig       <= (|b_exp) ? {1'b1, b[22:0]} : {b[22:0], 1'b0};
            s1_exp_top     <= exp_sum - 10'd126;
            // Stage 2 only decodes these two (see there), computed here in parallel.
            s1_right       <= 10'd127 - exp_sum;  // 1 - exp_top
            s1_marker      <= 10'd174 - exp_sum;  // 48 - exp_top
            s1_nan_op      <= in_nan_op;
            s1_inf         <= in_inf;
            s1_zero        <= in_zero;
        end
    end

    // ---- Stage 2: multiply; decode the right shift and the normalisation limit ---------
    // exp_top <= 0: shift right by 1 - exp_top so that bit 47 has exponent field 1;
    // 63 and more move every bit out.
    wire       right_shift = ~s1_right[9] & (|s1_right[8:0]);
    wire [5:0] shift_r = !right_shift ? 6'd0 : (|s1_right[8:6]) ? 6'd63 : s1_right[5:0];
    // exp_top >= 1: the left shift may be at most exp_top - 1 (exponent stays >= 1); a
    // marker bit at position 48 - exp_top caps the leading-zero count there. For
    // exp_top <= 1 the marker at bit 47 forbids any left shift; above 48 none is needed.
    wire        marker_none = s1_marker[9];
    wire        marker_top  = (|s1_marker[8:6]) | (s1_marker[5:0] >= 6'd47);
    wire [47:0] limit = marker_none ? 48'd0 :
                        marker_top  ? {1'b1, 47'd0} : (48'd1 << s1_marker[5:0]);

    wire [47:0] product = s1_a_sig * s1_b_sig;

    // NaN operand, or 0 * inf.
    wire s1_nan = s1_nan_op | (s1_inf & s1_zero);

    reg        s2_sign, s2_special;
    reg [31:0] s2_special_val;
    reg [47:0] s2_prod;
    reg [47:0] s2_lz_in;  // the product with the limit marker ORed in
    reg [5:0]  s2_shift_r;
    reg [9:0]  s2_exp_top;

    always @(posedge clk) begin
        if (en) begin
            s2_sign        <= s1_sign;
            s2_special     <= s1_nan_op | s1_inf | s1_zero;
            s2_special_val <= s1_nan ? QNAN :
                              s1_inf ? {s1_sign, 8'hFF, 23'd0} : {s1_sign, 31'd0};
            s2_prod        <= product;
            // The OR is done here, beside the multiplier, so that stage 3's count starts
            // from registers (it would cost the tree a LUT level).
            s2_lz_in       <= product | limit;
            s2_shift_r     <= shift_r;
            s2_exp_top     <= s1_exp_top;
        end
    end

    // ---- Stage 3: underflow right shift with sticky, limited leading-zero count -------
    // At most one of the two shifts is nonzero: a right shift forces the count to 0.
    wire [47:0] prod_r = s2_prod >> s2_shift_r;
    wire        lost   = |(s2_prod & ~({48{1'b1}} << s2_shift_r));

    // Leading zeros of the product, capped by the marker; ones below keep the padded
    // value non-zero.
    wire [5:0] prod_lz;
    ocl_lzc #(.W(64)) prod_lzc (.v({s2_lz_in, 16'hFFFF}), .count(prod_lz));

    reg        s3_sign, s3_special;
    reg [31:0] s3_special_val;
    reg [47:0] s3_prod;
    reg [5:0]  s3_lz;
    reg [9:0]  s3_exp_top;

    always @(posedge clk) begin
        if (en) begin
            s3_sign        <= s2_sign;
            s3_special     <= s2_special;
            s3_special_val <= s2_special_val;
            s3_prod        <= {prod_r[47:1], prod_r[0] | lost};
            s3_lz          <= prod_lz;
            s3_exp_top     <= s2_exp_top;
        end
    end

    // ---- Stage 4: normalise ----------------------------------------------------------
    reg        s4_sign, s4_special;
    reg [31:0] s4_special_val;
    reg [47:0] s4_norm;
    reg [9:0]  s4_exp;

    always @(posedge clk) begin
        if (en) begin
            s4_sign        <= s3_sign;
            s4_special     <= s3_special;
            s4_special_val <= s3_special_val;
            s4_norm        <= s3_prod << s3_lz;
            s4_exp         <= s3_exp_top - {4'd0, s3_lz};
        end
    end

    // ---- Stage 5: rounding decision --------------------------------------------------
    // s4_norm: [47] hidden bit, [46:24] fraction, [23] guard, [22:0] sticky bits. Without a
    // hidden bit the value is a denormal (or zero): exponent field 0. With it, s4_exp is in
    // 1 .. 382; 255 and more overflow.
    wire hidden = s4_norm[47];

    reg        s5_sign, s5_special, s5_overflow, s5_round_up;
    reg [31:0] s5_special_val;
    reg [30:0] s5_trunc;

    always @(posedge clk) begin
        if (en) begin
            s5_sign        <= s4_sign;
            s5_special     <= s4_special;
            s5_special_val <= s4_special_val;
            s5_overflow    <= hidden & (s4_exp >= 10'd255);
            s5_round_up    <= s4_norm[23] & ((|s4_norm[22:0]) | s4_norm[24]);
            s5_trunc       <= {(hidden ? s4_exp[7:0] : 8'd0), s4_norm[46:24]};
        end
    end

    // ---- Stage 6: round, pack ---------------------------------------------------------
    // A fraction carry out of the increment raises the exponent (possibly to inf).
    wire [30:0] rounded = s5_trunc + {30'd0, s5_round_up};

    always @(posedge clk) begin
        if (en) begin
            if (s5_special) y <= s5_special_val;
            else if (s5_overflow) y <= {s5_sign, 8'hFF, 23'd0};
            else y <= {s5_sign, rounded};
        end
    end
endmodule

`default_nettype wire
