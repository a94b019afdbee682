// SPDX-License-Identifier: MIT
//
// ocl_fp_fma: fully pipelined IEEE-754 binary32 fused multiply-add, one operation per
// enabled clock: y = a * b + c computed exactly and rounded ONCE, to nearest, ties to even
// (IEEE-754 fusedMultiplyAdd, C fmaf).
//
// Parameters: none.
//
// Ports
//   en       when low, every stage holds (the unit stalls with the pipeline around it)
//   a, b, c  operands (sampled at enabled edges)
//   y        result (registered)
//
// Timing contract: LATENCY = 9 enabled cycles (localparam LATENCY below). Operands of an
// enabled edge appear at y after the 9th enabled edge counted from that one; with en
// always high, operands of cycle t are visible in cycle t + 9. No reset, no valid bit: the
// pipeline only carries data.
//
// Datapath. Significands are 24-bit integers m (hidden bit included) with the value
// m * 2^(e-150), where e is the exponent field and denormals use e = 1. The exact product
// ma*mb (48 bits) and c are added in a 78-bit fixed-point window: the product sits at
// window bits [50:3]; c's significand is placed with its lsb at bit 3 + (ec - ea - eb + 150)
// when that is at most 53 (c not far above the product), else clamped to bits [76:53]. Once
// clamped, the product is below c's lsb by at least two bits and only acts as a sticky
// amount, so where it lies further down does not change the rounding. Bits of c that fall
// below window bit 1 are ORed into the sticky bit 0; that happens only when the product
// (at least one normal operand) is so much larger that the result's round bit lies at
// bit 1 or higher. The sum's magnitude is normalised by a leading-zero count that is
// capped (a marker bit) where the exponent would drop below 1, so denormal results come
// out of the same shift.
//
// Stage plan
//   1  decode, operand classes; exponent sums: c's alignment shift and its sticky limit
//   2  48-bit product ma*mb (Verilog *, DSPs); c coarse shift (by 16s); window exponent
//      (its normalisation limit); special cases (and the tiny-product zero case)
//   3  c fine shift (0..15); c sticky (OR of c's bits below the window); c complemented
//      when the signs differ (X = C or ~C); the limit marker's position; the product waits
//   4  P + X as three 26-bit pieces, each for both carry-ins (carry select); resolve
//      the pieces' carries for P + C, P - C = P + X + 1 and, when that is negative,
//      C - P = ~(P + X) into the choice of each piece and the complement flag
//   5  select the pieces of the non-negative magnitude and its sign; decode the
//      normalisation-limit marker and OR it into a copy of the magnitude
//   6  leading-zero count of magnitude | marker (tree); exact-zero test
//   7  normalising left shift by 8s; biased exponent
//   8  shift by 0..7; round bit, sticky, round-up decision (ties to even), whether the
//      fraction is all ones; the three candidate exponent fields and their overflow
//      tests; an exact zero sum becomes a special result
//   9  add the round-up to the fraction; pick exp - 1 + hidden bit + fraction carry
//      (prepared in stage 8: denormal to normal, overflow to inf); special cases
//
// Special cases
//   any NaN operand, inf*0, inf*x + (-inf)   y = 32'h7FC00000 (canonical quiet NaN)
//   inf*x + c (c finite or same-signed inf)  +-inf with the product's sign
//   finite a*b + (+-inf)                     c
//   overflow after rounding                  +-inf
//   exact zero sum                           -0 only when the product and c are both
//                                            zeros and both negative; otherwise +0
//                                            (x + (-x) = +0)
//   nonzero sum that rounds to zero          zero with the sum's sign
// Denormals: full support, no flush to zero, on every operand and on the result.
`default_nettype none

module ocl_fp_fma (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 9;
    /* verilator lint_on UNUSEDPARAM */

    // What the result is when it does not come from the datapath.
    localparam [1:0] K_NONE = 2'd0;  // datapath result
    localparam [1:0] K_NAN  = 2'd1;  // canonical NaN
    localparam [1:0] K_INF  = 2'd2;  // inf with sign k_sign
    localparam [1:0] K_ZERO = 2'd3;  // zero with sign k_sign (product far below the
                                     // smallest denormal, c zero; from stage 8 on
                                     // also an exact zero sum)

    // Leading-zero count of a 128-bit vector that is never zero, as a tree of 2:1 choices
    // (level lv merges pairs of 2^lv-bit groups; the count of group g sits at cnt[7g+:7]).
    function [6:0] lzc128(input [127:0] x);
        reg [63:0]  any;
        reg [447:0] cnt;
        integer     g, lv;
        begin
            for (g = 0; g < 64; g = g + 1) begin
                any[g]         = x[2*g+1] | x[2*g];
                cnt[g*7 +: 7]  = {6'd0, ~x[2*g+1]};
            end
            for (lv = 1; lv < 7; lv = lv + 1) begin
                for (g = 0; g < (64 >> lv); g = g + 1) begin
                    cnt[g*7 +: 7] = any[2*g+1] ? cnt[(2*g+1)*7 +: 7]
                                               : (cnt[(2*g)*7 +: 7] | (7'd1 << lv));
                    any[g]        = any[2*g+1] | any[2*g];
                end
            end
            lzc128 = cnt[6:0];
        end
    endfunction

    // ---- stage 1: decode -------------------------------------------------------------
    wire [7:0] xa = a[30:23];
    wire [7:0] xb = b[30:23];
    wire [7:0] xc = c[30:23];
    wire a_zero = (xa == 8'd0) & (a[22:0] == 23'd0);
    wire b_zero = (xb == 8'd0) & (b[22:0] == 23'd0);
    wire c_zero = (xc == 8'd0) & (c[22:0] == 23'd0);
    wire a_inf  = (xa == 8'hFF) & (a[22:0] == 23'd0);
    wire b_inf  = (xb == 8'hFF) & (b[22:0] == 23'd0);
    wire c_inf  = (xc == 8'hFF) & (c[22:0] == 23'd0);
    wire a_nan  = (xa == 8'hFF) & (a[22:0] != 23'd0);
    wire b_nan  = (xb == 8'hFF) & (b[22:0] != 23'd0);
    wire c_nan  = (xc == 8'hFF) & (c[22:0] != 23'd0);

    wire p_sign = a[31] ^ b[31];
    wire p_zero = a_zero | b_zero;
    wire p_inf  = a_inf | b_inf;
    // NaN operands and inf * 0; inf - inf is added in stage 2 (the special result is
    // formed there, away from stage 1's wide zero tests).
    wire nan_in = a_nan | b_nan | c_nan | (a_inf & b_zero) | (a_zero & b_inf);

    // Denormals share exponent 1 with the smallest normals.
    wire [7:0] ea = (xa == 8'd0) ? 8'd1 : xa;
    wire [7:0] eb = (xb == 8'd0) ? 8'd1 : xb;
    wire [7:0] ec = (xc == 8'd0) ? 8'd1 : xc;

    // ea + eb: product lsb weight 2^(ea+eb-300). c's shift to the right from its clamped
    // position (lsb at window bit 53): ea + eb - ec - 100; c bits below index
    // (that - 52) fall below window bit 1.
    // Summed as (ea - ec) + (eb - 100) and (ea - ec) + (eb - 152): two carry chains in
    // a row, not three.
    wire [8:0]  xp      = {1'b0, ea} + {1'b0, eb};
    wire [10:0] ea_ec   = {3'b0, ea} - {3'b0, ec};
    wire [10:0] eb_100  = {3'b0, eb} - 11'd100;
    wire [10:0] eb_152  = {3'b0, eb} - 11'd152;
    wire [10:0] c_shift = ea_ec + eb_100;
    wire [10:0] c_cut   = ea_ec + eb_152;

    reg        s1_nan_in, s1_p_inf, s1_c_inf;
    reg [23:0] s1_ma, s1_mb, s1_mc;
    reg        s1_p_sign, s1_c_sign, s1_p_zero, s1_c_zero;
    reg [8:0]  s1_xp;
    reg [7:0]  s1_ec;
    reg [10:0] s1_c_shift, s1_c_cut;
    always @(posedge clk) begin
        if (en) begin
            s1_nan_in  <= nan_in;
            s1_p_inf   <= p_inf;
            s1_c_inf   <= c_inf;
            s1_ma      <= {xa != 8'd0, a[22:0]};
            s1_mb      <= {xb != 8'd0, b[22:0]};
            s1_mc      <= {xc != 8'd0, c[22:0]};
            s1_p_sign  <= p_sign;
            s1_c_sign  <= c[31];
            s1_p_zero  <= p_zero;
            s1_c_zero  <= c_zero;
            s1_xp      <= xp;
            s1_ec      <= ec;
            s1_c_shift <= c_shift;
            s1_c_cut   <= c_cut;
        end
    end

    // ---- stage 2: product, c coarse alignment, window exponent -------------------------
    wire [47:0] product = {24'd0, s1_ma} * {24'd0, s1_mb};

    // c at the top of the window when it is far above the product or the product is zero
    // (then c's exponent scales the window). A zero c leaves the window to the product.
    wire       shift_neg = s1_c_shift[10];
    wire       c_top     = s1_p_zero | (shift_neg & ~s1_c_zero);
    wire [6:0] shift_amt = (shift_neg | s1_p_zero) ? 7'd0 :
                           (|s1_c_shift[9:7]) ? 7'd127 : s1_c_shift[6:0];
    // c at window bits [76:53]; window bit 0 is c's sticky bit, so the shifter holds bits
    // 76..1 only (index 0 here is window bit 1).
    wire [75:0] c_placed = {s1_mc, 52'd0};
    wire [75:0] c_coarse = c_placed >> {shift_amt[6:4], 4'd0};

    // How many low bits of c land at window bit 0 or below (0..24).
    wire [4:0] cut_amt = (s1_c_cut[10] | s1_p_zero) ? 5'd0 :
                         (s1_c_cut[9:0] > 10'd24) ? 5'd24 : s1_c_cut[4:0];

    // Normalisation limit: the left shift that brings window bit 77 to exponent 1, i.e. the
    // biased exponent of bit 77 minus 1 (the window's scale + 76).
    wire [9:0] norm_limit = c_top ? {2'd0, s1_ec} : ({1'b0, s1_xp} - 10'd100);

    // A nonzero product with ea + eb < 100 is below 2^-152, a quarter of the smallest
    // denormal: alone (c zero) it rounds to a zero of its sign (decided here, not in
    // stage 1, to keep the exponent sum out of stage 1's path).
    wire tiny = s1_c_zero & ~s1_p_zero & (s1_xp < 9'd100);
    wire is_nan = s1_nan_in | (s1_p_inf & s1_c_inf & (s1_p_sign != s1_c_sign));

    reg [1:0]  s2_kind;
    reg        s2_k_sign;
    reg [47:0] s2_mp;
    reg [75:0] s2_c_coarse;
    reg [3:0]  s2_c_fine;
    reg [23:0] s2_mc;
    reg [4:0]  s2_cut;
    reg [9:0]  s2_limit;
    reg        s2_p_sign, s2_c_sign;
    always @(posedge clk) begin
        if (en) begin
            s2_kind     <= is_nan ? K_NAN : (s1_p_inf | s1_c_inf) ? K_INF
                                              : tiny ? K_ZERO : K_NONE;
            s2_k_sign   <= (s1_c_inf & ~s1_p_inf) ? s1_c_sign : s1_p_sign;
            s2_mp       <= product;
            s2_c_coarse <= c_coarse;
            s2_c_fine   <= shift_amt[3:0];
            s2_mc       <= s1_mc;
            s2_cut      <= cut_amt;
            s2_limit    <= norm_limit;
            s2_p_sign   <= s1_p_sign;
            s2_c_sign   <= s1_c_sign;
        end
    end

    // ---- stage 3: c fine alignment, c sticky ---------------------------------------------
    wire [75:0] c_fine   = s2_c_coarse >> s2_c_fine;
    wire [23:0] cut_mask = ~(24'hFFFFFF << s2_cut);
    wire        c_sticky = |(s2_mc & cut_mask);

    reg [1:0]  s3_kind;
    reg        s3_k_sign;
    reg [47:0] s3_mp;
    reg [77:0] s3_cx;  // c's window, complemented when subtracting
    reg        s3_sub;
    reg [9:0]  s3_limit;
    reg        s3_mark_on;   // the limit marker lies inside the window ...
    reg [6:0]  s3_mark_pos;  // ... at bit 77 - limit
    reg        s3_p_sign, s3_c_sign;
    always @(posedge clk) begin
        if (en) begin
            s3_kind   <= s2_kind;
            s3_k_sign <= s2_k_sign;
            s3_mp     <= s2_mp;
            s3_cx     <= {1'b0, c_fine, c_sticky} ^ {78{s2_p_sign ^ s2_c_sign}};
            s3_sub    <= s2_p_sign ^ s2_c_sign;
            s3_limit  <= s2_limit;
            s3_mark_on  <= ~s2_limit[9] & (s2_limit <= 10'd77);
            s3_mark_pos <= 7'd77 - s2_limit[6:0];
            s3_p_sign <= s2_p_sign;
            s3_c_sign <= s2_c_sign;
        end
    end

    // ---- stage 4: P + X in three 26-bit pieces, for both carry-ins ------------------
    // X is C, or ~C when subtracting (complemented in stage 3, so no inverter sits before
    // the carry chains). P + C is P + X + 0 and P - C is P + X + 1; when C > P the
    // magnitude C - P is ~(P + ~C) = ~(P + X + 0). Each piece is added for both carry-ins
    // (carry select); the pieces' carries are resolved here, behind the chains, into the
    // choice of each piece, so that stage 5 only selects.
    wire [77:0] pw   = {27'd0, s3_mp, 3'd0};
    wire [26:0] lo0  = {1'b0, pw[25:0]} + {1'b0, s3_cx[25:0]};
    wire [26:0] lo1  = {1'b0, pw[25:0]} + {1'b0, s3_cx[25:0]} + 27'd1;
    wire [26:0] mid0 = {1'b0, pw[51:26]} + {1'b0, s3_cx[51:26]};
    wire [26:0] mid1 = {1'b0, pw[51:26]} + {1'b0, s3_cx[51:26]} + 27'd1;
    wire [26:0] hi0  = {1'b0, pw[77:52]} + {1'b0, s3_cx[77:52]};
    wire [26:0] hi1  = {1'b0, pw[77:52]} + {1'b0, s3_cx[77:52]} + 27'd1;

    // Carries into the middle and upper pieces: pc = P + X + sub; sx = P + X + 0 (its
    // complement is C - P). One LUT level behind the chains is resolved here.
    wire pc_mid_cy = s3_sub ? lo1[26] : lo0[26];
    wire sx_hi_cy  = lo0[26] ? mid1[26] : mid0[26];

    reg [1:0]  s4_kind;
    reg        s4_k_sign;
    reg [25:0] s4_lo0, s4_lo1, s4_mid0, s4_mid1, s4_hi0, s4_hi1;
    reg        s4_sub;
    reg        s4_pc_mid_cy, s4_sx_mid_cy, s4_sx_hi_cy;  // carries into the pieces
    reg        s4_mid0_cy, s4_mid1_cy, s4_hi0_cy, s4_hi1_cy;  // carries out of them
    reg [9:0]  s4_limit;
    reg        s4_mark_on;
    reg [6:0]  s4_mark_pos;
    reg        s4_p_sign, s4_c_sign;
    always @(posedge clk) begin
        if (en) begin
            s4_kind      <= s3_kind;
            s4_k_sign    <= s3_k_sign;
            s4_lo0       <= lo0[25:0];
            s4_lo1       <= lo1[25:0];
            s4_mid0      <= mid0[25:0];
            s4_mid1      <= mid1[25:0];
            s4_hi0       <= hi0[25:0];
            s4_hi1       <= hi1[25:0];
            s4_sub       <= s3_sub;
            s4_pc_mid_cy <= pc_mid_cy;
            s4_sx_mid_cy <= lo0[26];
            s4_sx_hi_cy  <= sx_hi_cy;
            s4_mid0_cy   <= mid0[26];
            s4_mid1_cy   <= mid1[26];
            s4_hi0_cy    <= hi0[26];
            s4_hi1_cy    <= hi1[26];
            s4_limit     <= s3_limit;
            s4_mark_on   <= s3_mark_on;
            s4_mark_pos  <= s3_mark_pos;
            s4_p_sign    <= s3_p_sign;
            s4_c_sign    <= s3_c_sign;
        end
    end

    // ---- stage 5: magnitude, limit marker ------------------------------------------------
    wire pc_hi_cy  = s4_pc_mid_cy ? s4_mid1_cy : s4_mid0_cy;
    // Subtracting, no carry out of P + ~C + 1 means P < C: the magnitude is C - P.
    wire c_wins    = s4_sub & ~(pc_hi_cy ? s4_hi1_cy : s4_hi0_cy);
    wire sel_lo    = s4_sub & ~c_wins;  // pieces with carry-in 1
    wire sel_mid   = c_wins ? s4_sx_mid_cy : s4_pc_mid_cy;
    wire sel_hi    = c_wins ? s4_sx_hi_cy : pc_hi_cy;

    // Marker at window bit 77 - limit: the leading-zero count never exceeds the limit.
    // (Its position is computed in stage 3; only the decoder is left here.)
    wire [77:0] marker   = s4_mark_on ? (78'd1 << s4_mark_pos) : 78'd0;

    wire [77:0] mag = {78{c_wins}} ^ {sel_hi ? s4_hi1 : s4_hi0,
                                      sel_mid ? s4_mid1 : s4_mid0,
                                      sel_lo ? s4_lo1 : s4_lo0};

    reg [1:0]  s5_kind;
    reg        s5_k_sign;
    reg [77:0] s5_mag;
    reg [77:0] s5_lz_in;  // the magnitude with the limit marker ORed in
    reg        s5_sign, s5_zero_sign;
    reg [9:0]  s5_limit;
    always @(posedge clk) begin
        if (en) begin
            s5_kind      <= s4_kind;
            s5_k_sign    <= s4_k_sign;
            s5_mag       <= mag;
            s5_lz_in     <= mag | marker;
            s5_sign      <= c_wins ? s4_c_sign : s4_p_sign;
            s5_zero_sign <= s4_p_sign & s4_c_sign;
            s5_limit     <= s4_limit;
        end
    end

    // ---- stage 6: leading-zero count ---------------------------------------------------
    // The 1 below the window ends the count at 78 when magnitude and marker are zero.
    wire [6:0] lead = lzc128({s5_lz_in, 1'b1, 49'd0});

    reg [1:0]  s6_kind;
    reg        s6_k_sign;
    reg [77:0] s6_mag;
    reg [6:0]  s6_lead;
    reg        s6_zero, s6_sign;
    reg [9:0]  s6_limit;
    always @(posedge clk) begin
        if (en) begin
            s6_kind   <= s5_kind;
            s6_k_sign <= s5_k_sign;
            s6_mag    <= s5_mag;
            s6_lead   <= lead;
            s6_zero   <= ~|s5_mag;
            s6_sign   <= (~|s5_mag) ? s5_zero_sign : s5_sign;
            s6_limit  <= s5_limit;
        end
    end

    // ---- stage 7: normalise by 8s, exponent ----------------------------------------------
    reg [1:0]  s7_kind;
    reg        s7_k_sign;
    reg [77:0] s7_mag;
    reg [2:0]  s7_fine;
    reg [9:0]  s7_exp_m1;
    reg        s7_zero, s7_sign;
    always @(posedge clk) begin
        if (en) begin
            s7_kind   <= s6_kind;
            s7_k_sign <= s6_k_sign;
            s7_mag    <= s6_mag << {s6_lead[6:3], 3'd0};
            s7_fine   <= s6_lead[2:0];
            // Biased exponent - 1 of the result's bit 77 (0 for denormals).
            s7_exp_m1 <= s6_limit - {3'd0, s6_lead};
            s7_zero   <= s6_zero;
            s7_sign   <= s6_sign;
        end
    end

    // ---- stage 8: normalise by 0..7, round decision ------------------------------------
    /* verilator lint_off UNUSEDSIGNAL */
    wire [77:0] nrm = s7_mag << s7_fine;  // bits 45..0 are covered by the sticky below
    /* verilator lint_on UNUSEDSIGNAL */
    // Sticky: everything below the round bit, |nrm[52:0] = |s7_mag[52-fine:0]; the OR of
    // s7_mag[45:0] does not wait for the shift.
    wire        sticky   = (|s7_mag[45:0]) | (|nrm[52:46]);
    wire        round_up = nrm[53] & (sticky | nrm[54]);

    // The packed result is (exp - 1) * 2^23 + significand + round_up: the hidden bit adds
    // the 1 back for normals, a denormal (hidden 0, exp - 1 = 0) packs as it is, and the
    // rounding carry moves into the exponent. Stage 9 adds only the 23-bit fraction; the
    // exponent field is exp - 1 plus 0, 1 or 2 (hidden bit + fraction carry), prepared
    // here with its overflow test.
    wire [9:0] exp_m1 = s7_exp_m1;
    wire [9:0] exp_p0 = exp_m1;
    wire [9:0] exp_p1 = exp_m1 + 10'd1;
    wire [9:0] exp_p2 = exp_m1 + 10'd2;

    reg [1:0]  s8_kind;
    reg        s8_k_sign;
    reg [22:0] s8_frac;
    reg        s8_hidden, s8_round_up, s8_frac_ones;
    reg [7:0]  s8_exp_p0, s8_exp_p1, s8_exp_p2;
    reg        s8_ovf_p0, s8_ovf_p1, s8_ovf_p2;
    reg        s8_sign;
    always @(posedge clk) begin
        if (en) begin
            // An exact zero sum is a zero of s7_sign: a special result from here on.
            s8_kind      <= (s7_kind == K_NONE && s7_zero) ? K_ZERO : s7_kind;
            s8_k_sign    <= (s7_kind == K_NONE) ? s7_sign : s7_k_sign;
            s8_frac      <= nrm[76:54];
            s8_hidden    <= nrm[77];
            s8_round_up  <= round_up;
            s8_frac_ones <= &nrm[76:54];  // a round-up carries into the exponent
            s8_exp_p0    <= exp_p0[7:0];
            s8_exp_p1    <= exp_p1[7:0];
            s8_exp_p2    <= exp_p2[7:0];
            s8_ovf_p0    <= exp_p0 >= 10'd255;
            s8_ovf_p1    <= exp_p1 >= 10'd255;
            s8_ovf_p2    <= exp_p2 >= 10'd255;
            s8_sign      <= s7_sign;
        end
    end

    // ---- stage 9: round, pack, special cases -------------------------------------------
    // The fraction's carry out (all ones + round-up) is known without the carry chain,
    // so the exponent selection runs beside the increment.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [23:0] frac_up   = {1'b0, s8_frac} + {23'd0, s8_round_up};
    /* verilator lint_on UNUSEDSIGNAL */
    wire        frac_cy   = s8_round_up & s8_frac_ones;
    wire [1:0]  exp_step  = {1'b0, s8_hidden} + {1'b0, frac_cy};
    wire [7:0]  exp_field = exp_step[1] ? s8_exp_p2 : exp_step[0] ? s8_exp_p1 : s8_exp_p0;
    wire        overflow  = exp_step[1] ? s8_ovf_p2 : exp_step[0] ? s8_ovf_p1 : s8_ovf_p0;

    always @(posedge clk) begin
        if (en) begin
            case (s8_kind)
                K_NAN:   y <= 32'h7FC00000;
                K_INF:   y <= {s8_k_sign, 8'hFF, 23'd0};
                K_ZERO:  y <= {s8_k_sign, 31'd0};
                default: y <= overflow ? {s8_sign, 8'hFF, 23'd0}
                                       : {s8_sign, exp_field, frac_up[22:0]};
            endcase
        end
    end
endmodule

`default_nettype wire
