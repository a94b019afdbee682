// SPDX-License-Identifier: MIT
//
// ocl_fp_div: fully pipelined IEEE-754 binary32 division y = a / b, correctly rounded
// (round to nearest, ties to even), one division per enabled clock.
//
// Parameters: none.
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline around it)
//   a     dividend, b divisor (binary32 bit patterns, sampled at enabled edges)
//   y     quotient (registered output)
//
// Timing contract: LATENCY = 31 enabled cycles (localparam LATENCY below). Operands of a
// cycle whose edge is enabled appear at y right after the 31st enabled edge counted from
// that one; with en always high, operands of cycle t are visible in cycle t + 31. There
// is no reset and no valid bit: the pipeline only carries data.
//
// Stage plan (one register stage each)
//   1      unpack: classify the operands (zero, inf, NaN), count the leading zeros of
//          both 24-bit significands (hidden bit included; nonzero only for denormals)
//          with a log-depth tree, ea - eb + 127 of the biased exponents (denormals
//          count as 1)
//   2      normalise: shift both significands left by their counts (top bit set); the
//          biased exponent E = ea - eb + 127 - count_a + count_b; the divisor enters
//          the pipeline complemented (~d), so that each step's r - d = r + ~d + 1 needs
//          no inverter in front of its carry chain
//   3..28  26 restoring-division steps, one quotient bit each (a 26-bit compare-subtract
//          of the 25-bit partial remainder and the 24-bit divisor): the first is the
//          integer bit (ma >= mb), then 25 fraction bits; step 2 lowers E by 1 when the
//          integer bit is 0 (E is then the result exponent); beside steps 27 and 28 the
//          exponent tests are made: denormal result (E <= 0, underflow right shift
//          1 - E, at most 26) and overflow (E >= 255 -> inf)
//   29     select the 25 significant bits (24 + round bit) by the integer bit; sticky =
//          lost quotient bit | remainder nonzero | bits the underflow shift will drop
//   30     denormal right shift
//   31     round to nearest even: {exponent field, fraction} + round-up (a carry out of
//          the fraction correctly bumps the exponent, denormal -> normal, max -> inf);
//          special results are selected here
//
// Special cases: NaN operand, 0/0 and inf/inf -> canonical quiet NaN 32'h7FC00000;
// x/0 for x != 0 and inf/finite -> infinity; finite/inf -> zero; results that
// overflow -> infinity. Every non-NaN result has the sign a[31] ^ b[31].
//
// Denormals: denormal operands are normalised first (leading-zero count, exponent
// 1 - count); results below the normal range are shifted right with sticky before
// rounding, giving denormals or zero exactly as IEEE-754 (no flush to zero).
`default_nettype none

module ocl_fp_div (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 31;
    /* verilator lint_on UNUSEDPARAM */

    // Quotient bits: 24 significant + round bit, one more when the integer bit is 0.
    localparam integer STEPS = 26;

    // Result kinds carried next to the data: the special cases are decided at stage 1.
    localparam [1:0] K_FINITE = 2'd0;
    localparam [1:0] K_NAN    = 2'd1;
    localparam [1:0] K_INF    = 2'd2;
    localparam [1:0] K_ZERO   = 2'd3;

    // ---- stage 1: unpack ----
    wire a_exp_max  = a[30:23] == 8'hFF;
    wire b_exp_max  = b[30:23] == 8'hFF;
    wire a_exp_zero = a[30:23] == 8'h00;
    wire b_exp_zero = b[30:23] == 8'h00;
    wire a_frac_nz  = a[22:0] != 23'd0;
    wire b_frac_nz  = b[22:0] != 23'd0;
    wire a_nan  = a_exp_max & a_frac_nz;
    wire b_nan  = b_exp_max & b_frac_nz;
    wire a_inf  = a_exp_max & ~a_frac_nz;
    wire b_inf  = b_exp_max & ~b_frac_nz;
    wire a_zero = a_exp_zero & ~a_frac_nz;
    wire b_zero = b_exp_zero & ~b_frac_nz;

    reg [1:0] in_kind;
    always @* begin
        if (a_nan | b_nan | (a_zero & b_zero) | (a_inf & b_inf)) in_kind = K_NAN;
        else if (a_inf | b_zero) in_kind = K_INF;
        else if (a_zero | b_inf) in_kind = K_ZERO;
        else in_kind = K_FINITE;
    end

    wire [23:0] a_sig = {~a_exp_zero, a[22:0]};
    wire [23:0] b_sig = {~b_exp_zero, b[22:0]};
    // Leading zeros of the 24-bit significand (24 for zero): the fraction padded with
    // ones below (never zero) through the tree; the hidden bit (from the slower
    // exponent test) enters only at the end.
    wire [4:0] a_frac_lz, a_lz;
    ocl_lzc #(.W(32)) a_lzc (.v({1'b0, a[22:0], 8'hFF}), .count(a_frac_lz));
    assign a_lz = a_sig[23] ? 5'd0 : a_frac_lz;
    wire [4:0] b_frac_lz, b_lz;
    ocl_lzc #(.W(32)) b_lzc (.v({1'b0, b[22:0], 8'hFF}), .count(b_frac_lz));
    assign b_lz = b_sig[23] ? 5'd0 : b_frac_lz;

    wire [10:0] exp_diff = {3'b000, a_exp_zero ? 8'd1 : a[30:23]}
                         - {3'b000, b_exp_zero ? 8'd1 : b[30:23]} + 11'd127;

    reg  [1:0]  u_kind;
    reg         u_sign;
    reg  [23:0] u_sig_a, u_sig_b;
    reg  [4:0]  u_lz_a, u_lz_b;
    reg  [10:0] u_exp;  // ea - eb + 127 of the effective exponents (denormals: 1)
    always @(posedge clk) begin
        if (en) begin
            u_kind  <= in_kind;
            u_sign  <= a[31] ^ b[31];
            u_sig_a <= a_sig;
            u_sig_b <= b_sig;
            u_lz_a  <= a_lz;
            u_lz_b  <= b_lz;
            u_exp   <= exp_diff;
        end
    end

    // ---- stage 2 (recurrence stage 0): normalise ----
    // Per recurrence stage s (0 = normalised operands, s = 1..STEPS after s quotient
    // bits): partial remainder r (dividend significand at s = 0), quotient bits q
    // shifted in from the right, divisor d, biased exponent e (signed), kind and sign.
    // Published on flat vectors (slice s) for stage s + 1, like ocl_div.
    wire [25*(STEPS+1)-1:0] r_v;
    // Each stage passes on only the low 25 quotient bits (the top one is still empty).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [26*(STEPS+1)-1:0] q_v;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [24*(STEPS+1)-1:0] d_v;
    wire [11*(STEPS+1)-1:0] e_v;
    wire [2*(STEPS+1)-1:0]  kind_v;
    wire [STEPS:0]          sign_v;

    wire [10:0] norm_exp = u_exp - {6'b000000, u_lz_a} + {6'b000000, u_lz_b};

    /* verilator lint_off UNUSEDSIGNAL */
    wire [23:0] norm_b     = u_sig_b << u_lz_b;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [22:0] norm_b_low = ~norm_b[22:0];

    genvar s;
    generate
        for (s = 0; s <= STEPS; s = s + 1) begin : g_stage
            reg [24:0] r;
            // Quotient bits: stage s has developed s of them, at the bottom. Only those
            // are flip-flops; the bits above are constant zeros, not registers reset to
            // zero, which synthesis would find constant one stage per round of its
            // optimisations (27 rounds of yosys' opt passes over the whole design).
            wire [25:0] q;
            // The divisor, complemented (see g_bit). Its top bit is a constant 0 (the
            // normalised divisor's 1), so only the 23 below are flip-flops.
            reg [22:0] d_low;
            wire [23:0] d = {1'b0, d_low};
            reg [10:0] e;
            reg [1:0]  kind;
            reg        sign;
            if (s == 0) begin : g_norm
                always @(posedge clk) begin
                    if (en) begin
                        r    <= {1'b0, u_sig_a << u_lz_a};
                        // The normalised divisor's top bit is 1 (b = 0 has a special
                        // result): a constant 0 once complemented.
                        d_low <= norm_b_low;
                        e    <= norm_exp;
                        kind <= u_kind;
                        sign <= u_sign;
                    end
                end
                assign q = 26'd0;
            end else begin : g_bit
                wire [24:0] r_in = r_v[(s-1)*25 +: 25];
                wire [23:0] d_in = d_v[(s-1)*24 +: 24];
                // Subtract the divisor if it fits; the remainder stays below d < 2^24
                // (bit 24 of r - d, diff[25], is 0 when it fits), so doubling it fits
                // 25 bits. r - d is r + ~d + 1 with ~d kept in the pipeline: a carry
                // chain input cannot absorb an inverter, so complementing d here would
                // cost a LUT per bit and stage. The +1 is the carry out of the appended
                // bit 0 (1 + 1).
                /* verilator lint_off UNUSEDSIGNAL */
                wire [26:0] diff = {1'b0, r_in, 1'b1} + {2'b11, d_in, 1'b1};
                /* verilator lint_on UNUSEDSIGNAL */
                wire        fits = ~diff[26];
                wire [23:0] kept = fits ? diff[24:1] : r_in[23:0];
                // Without the integer bit (the first quotient bit, q_in[0] at step 2)
                // the result exponent is one lower: corrected once, here.
                wire [10:0] e_in = e_v[(s-1)*11 +: 11];
                wire [10:0] e_next = (s == 2 && !q_v[(s-1)*26]) ? e_in - 11'd1 : e_in;
                always @(posedge clk) begin
                    if (en) begin
                        r    <= {kept, 1'b0};
                        d_low <= d_in[22:0];
                        e    <= e_next;
                        kind <= kind_v[(s-1)*2 +: 2];
                        sign <= sign_v[s-1];
                    end
                end
                reg [s-1:0] q_bits;
                if (s == 1) begin : g_first
                    always @(posedge clk)
                        if (en) q_bits <= fits;
                end else begin : g_next
                    always @(posedge clk)
                        if (en) q_bits <= {q_v[(s-1)*26 +: s-1], fits};
                end
                if (s < 26) begin : g_pad
                    assign q = {{(26 - s){1'b0}}, q_bits};
                end else begin : g_full
                    assign q = q_bits;
                end
            end
            assign r_v[s*25 +: 25]  = r;
            assign q_v[s*26 +: 26]  = q;
            assign d_v[s*24 +: 24]  = d;
            assign e_v[s*11 +: 11]  = e;
            assign kind_v[s*2 +: 2] = kind;
            assign sign_v[s]        = sign;
        end
    endgenerate

    wire        [24:0] r_last    = r_v[STEPS*25 +: 25];
    wire        [25:0] q_last    = q_v[STEPS*26 +: 26];
    wire        [1:0]  kind_last = kind_v[STEPS*2 +: 2];
    wire               sign_last = sign_v[STEPS];
    // The divisor and the exponent of the last stage are not needed any more: the
    // exponent's tests are registered beside the last two steps (t_*, f_* below).
    /* verilator lint_off UNUSEDSIGNAL */
    wire        [23:0] d_unused  = d_v[STEPS*24 +: 24];
    wire        [10:0] e_unused  = e_v[STEPS*11 +: 11];
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- beside stages 27 and 28 (the last two steps): exponent tests ----
    // The result exponent e does not change during the last steps: its underflow shift
    // and overflow are decided in parallel with them, so stage 29 only selects.
    wire signed [10:0] e_pen = e_v[(STEPS-2)*11 +: 11];
    reg                t_den;    // e <= 0: denormal result
    reg                t_shmax;  // underflow shift 1 - e would exceed 26
    reg         [4:0]  t_shlow;  // 1 - e, low bits
    reg                t_ovf;    // e >= 255: infinity
    reg         [7:0]  t_exp;
    always @(posedge clk) begin
        if (en) begin
            t_den   <= e_pen <= 11'sd0;
            t_shmax <= e_pen < -11'sd25;
            t_shlow <= 5'd1 - e_pen[4:0];
            t_ovf   <= e_pen >= 11'sd255;
            t_exp   <= e_pen[7:0];
        end
    end

    reg         [7:0]  f_exp;  // exponent field (0 for a denormal result)
    reg                f_ovf;
    reg         [4:0]  f_sh;   // underflow right shift, at most 26 (all into the sticky)
    always @(posedge clk) begin
        if (en) begin
            f_exp <= t_den ? 8'd0 : t_exp;
            f_ovf <= t_ovf;
            f_sh  <= !t_den ? 5'd0 : t_shmax ? 5'd26 : t_shlow;
        end
    end

    // ---- stage 29: select the significant bits, the sticky bit ----
    wire               int_bit  = q_last[25];
    wire        [24:0] sel_sig  = int_bit ? q_last[25:1] : q_last[24:0];
    // The underflow shift of stage 30 drops the bits below f_sh: their OR joins the
    // sticky bit here, where there is time, so stage 30 is only a shifter.
    wire        [24:0] lost     = sel_sig & ~({25{1'b1}} << f_sh);
    wire               sel_st   = (int_bit & q_last[0]) | (r_last != 25'd0)
                                | (lost != 25'd0);

    reg  [24:0] p_sig;
    reg         p_st;
    reg  [4:0]  p_sh;
    reg  [7:0]  p_exp;
    reg  [1:0]  p_kind;
    reg         p_sign;
    always @(posedge clk) begin
        if (en) begin
            p_sig  <= sel_sig;
            p_st   <= sel_st;
            p_sh   <= f_sh;
            p_exp  <= f_exp;
            p_kind <= (kind_last == K_FINITE && f_ovf) ? K_INF : kind_last;
            p_sign <= sign_last;
        end
    end

    // ---- stage 30: underflow right shift ----
    // Bit 24 is the hidden bit of a normal result: the exponent field implies it.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [24:0] shifted = p_sig >> p_sh;
    /* verilator lint_on UNUSEDSIGNAL */

    reg  [23:0] s_sig;
    reg         s_st;
    reg  [7:0]  s_exp;
    reg  [1:0]  s_kind;
    reg         s_sign;
    always @(posedge clk) begin
        if (en) begin
            s_sig  <= shifted[23:0];
            s_st   <= p_st;
            s_exp  <= p_exp;
            s_kind <= p_kind;
            s_sign <= p_sign;
        end
    end

    // ---- stage 31: round to nearest even, select special results ----
    // s_sig[23:1] is the fraction field, s_sig[0] the round bit.
    wire        round_up = s_sig[0] & (s_st | s_sig[1]);
    wire [30:0] rounded  = {s_exp, s_sig[23:1]} + {30'd0, round_up};

    always @(posedge clk) begin
        if (en) begin
            case (s_kind)
                K_NAN:   y <= 32'h7FC00000;
                K_INF:   y <= {s_sign, 8'hFF, 23'd0};
                K_ZERO:  y <= {s_sign, 31'd0};
                default: y <= {s_sign, rounded};
            endcase
        end
    end
endmodule

`default_nettype wire
