// SPDX-License-Identifier: MIT
//
// ocl_fp_sqrt: fully pipelined IEEE-754 binary32 square root y = sqrt(a), correctly
// rounded (round to nearest, ties to even), one square root per enabled clock.
//
// Parameters: none.
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline around it)
//   a     operand (binary32 bit pattern, sampled at enabled edges)
//   y     square root (registered output)
//
// Timing contract: LATENCY = 29 enabled cycles (localparam LATENCY below). Operands of a
// cycle whose edge is enabled appear at y right after the 29th enabled edge counted from
// that one; with en always high, operands of cycle t are visible in cycle t + 29. There
// is no reset and no valid bit: the pipeline only carries data.
//
// Stage plan (one register stage each)
//   1      unpack: classify the operand (zero, inf, NaN, negative), count the leading
//          zeros of the 24-bit significand (hidden bit included; nonzero for denormals)
//          with a log-depth tree
//   2      normalise: shift the significand left by the count; make the exponent even
//          (an odd unbiased exponent doubles the significand, so the radicand m is in
//          [1, 4)); result exponent field = (effective biased exponent + 127) / 2
//   3..27  25 digit-by-digit steps, one root bit each: 2 radicand bits are brought
//          down, and 4R+1 is subtracted from the partial remainder when it fits
//          (the remainder is below 2^(s+1) after s steps, so step s needs a compare-subtract
//          only s + 3 bits wide, at most 28), giving R = floor(sqrt(m) 2^24):
//          the hidden bit, 23 fraction bits and the round bit. The root bits travel
//          complemented, so that pulled - (4R + 1) = pulled + {~R, 10} + 1 needs no
//          inverter in front of the carry chain
//   28     sticky = remainder nonzero; round-up = round & (sticky | lsb)
//   29     {exponent field, fraction} + round-up (a carry out of the fraction bumps the
//          exponent); special results are selected here
//
// Special cases: NaN -> canonical quiet NaN 32'h7FC00000; +-0 -> +-0 (sqrt(-0) = -0);
// any other negative operand, -inf included -> NaN; +inf -> +inf.
//
// Denormals: denormal operands are normalised first (leading-zero count, effective
// exponent 1 - count). The result of a finite positive operand always lies between
// 2^-75 and 2^64, so it is always normal: no underflow or overflow handling is needed.
`default_nettype none

module ocl_fp_sqrt (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 29;
    /* verilator lint_on UNUSEDPARAM */

    localparam integer STEPS = 25;  // root bits: hidden + 23 fraction + round

    // Result kinds carried next to the data: the special cases are decided at stage 1.
    localparam [1:0] K_FINITE = 2'd0;
    localparam [1:0] K_NAN    = 2'd1;
    localparam [1:0] K_INF    = 2'd2;
    localparam [1:0] K_ZERO   = 2'd3;

    // ---- stage 1: unpack ----
    wire exp_max  = a[30:23] == 8'hFF;
    wire exp_zero = a[30:23] == 8'h00;
    wire frac_nz  = a[22:0] != 23'd0;
    wire is_zero  = exp_zero & ~frac_nz;

    reg [1:0] in_kind;
    always @* begin
        if (exp_max & frac_nz) in_kind = K_NAN;
        else if (is_zero) in_kind = K_ZERO;
        else if (a[31]) in_kind = K_NAN;
        else if (exp_max) in_kind = K_INF;
        else in_kind = K_FINITE;
    end

    wire [23:0] a_sig = {~exp_zero, a[22:0]};
    // Leading zeros of the 24-bit significand (24 for zero): the fraction padded with
    // ones below (never zero) through the tree; the hidden bit (from the slower
    // exponent test) enters only at the end.
    wire [4:0] a_frac_lz, a_lz;
    ocl_lzc #(.W(32)) a_lzc (.v({1'b0, a[22:0], 8'hFF}), .count(a_frac_lz));
    assign a_lz = a_sig[23] ? 5'd0 : a_frac_lz;

    reg  [1:0]  u_kind;
    reg         u_sign;
    reg  [23:0] u_sig;
    reg  [4:0]  u_lz;
    reg  [7:0]  u_exp;  // effective biased exponent: denormals count as 1
    always @(posedge clk) begin
        if (en) begin
            u_kind <= in_kind;
            u_sign <= a[31];
            u_sig  <= a_sig;
            u_lz   <= a_lz;
            u_exp  <= exp_zero ? 8'd1 : a[30:23];
        end
    end

    // ---- stage 2 (recurrence stage 0): normalise, make the exponent even ----
    // Effective biased exponent (-22..254); the unbiased one is odd when it is even.
    wire signed [9:0] norm_exp = $signed({2'b00, u_exp}) - $signed({5'b00000, u_lz});
    wire        [9:0] half_sum = norm_exp + 10'sd127;  // 105..381: positive
    wire       [23:0] norm_sig = u_sig << u_lz;

    // Per recurrence stage s (0 = radicand, s = 1..STEPS after s root bits): radicand
    // bits still to bring down x (top 2 first), partial remainder r, root bits q shifted
    // in from the right, result exponent field e, kind and sign. Published on flat
    // vectors (slice s) for stage s + 1, like ocl_div.
    wire [26*(STEPS+1)-1:0] x_v;
    wire [26*(STEPS+1)-1:0] r_v;
    wire [25*(STEPS+1)-1:0] q_v;
    wire [8*(STEPS+1)-1:0]  e_v;
    wire [2*(STEPS+1)-1:0]  kind_v;
    wire [STEPS:0]          sign_v;

    genvar s;
    generate
        for (s = 0; s <= STEPS; s = s + 1) begin : g_stage
            // Radicand bits still to bring down and root bits: stage s has used 2s radicand
            // bits and developed s root bits. Only the bits that still vary are flip-flops
            // (g_x, g_q); the others are constants here rather than registers that
            // synthesis would find constant one stage per round of its optimisations.
            wire [25:0] x;
            reg [25:0] r;
            wire [24:0] q;  // root bits, complemented (see g_bit)
            reg [7:0]  e;
            reg [1:0]  kind;
            reg        sign;
            if (s == 0) begin : g_norm
                // Radicand m = x / 2^24 in [1, 4): the significand at 2^22 (even
                // unbiased exponent) or 2^23 (odd: doubled).
                always @(posedge clk) begin
                    if (en) begin
                        r    <= 26'd0;
                        e    <= half_sum[8:1];
                        kind <= u_kind;
                        sign <= u_sign;
                    end
                end
                reg [25:0] x_all;
                always @(posedge clk)
                    if (en) x_all <= norm_exp[0] ? {1'b0, norm_sig, 1'b0} : {norm_sig, 2'b00};
                assign x = x_all;
                assign q = {25{1'b1}};
            end else begin : g_bit
                /* verilator lint_off UNUSEDSIGNAL */
                wire [25:0] x_in = x_v[(s-1)*26 +: 26];  // its low 2s - 2 bits are zeros
                wire [25:0] r_in = r_v[(s-1)*26 +: 26];
                /* verilator lint_on UNUSEDSIGNAL */
                wire [24:0] q_in = q_v[(s-1)*25 +: 25];
                // Bring down two radicand bits; the next root bit is 1 when 4q+1 fits.
                // After s - 1 steps the root q has s - 1 bits and the remainder is at
                // most 2q, below 2^s: the trial difference needs only TW = s + 3 bits
                // (s + 2 for pulled, a sign bit), and the new remainder s + 1 bits (the
                // rest are registered as constant zeros, which synthesis drops).
                // The root bits travel complemented: pulled - (4q + 1) is
                // pulled + {~q, 2'b10} + 1 without an inverter per bit before the carry
                // chain (which cannot absorb one); the +1 is the carry out of the
                // appended bit 0 (1 + 1). ~q's unused top bits are ones.
                localparam integer TW = s + 3;
                localparam [25:0] RMASK = (s >= 25) ? {26{1'b1}}
                                                    : ((26'd1 << (s + 1)) - 26'd1);
                /* verilator lint_off UNUSEDSIGNAL */
                wire [27:0]   pulled  = {r_in, x_in[25:24]};
                wire [29:0]   operand = {3'b111, q_in, 2'b10};
                wire [TW:0]   sum     = {1'b0, pulled[TW-2:0], 1'b1}
                                      + {operand[TW-1:0], 1'b1};
                wire [TW-1:0] diff    = sum[TW:1];
                wire [28:0]   diff29  = {{(29 - TW){1'b0}}, diff};
                /* verilator lint_on UNUSEDSIGNAL */
                wire          fits    = ~diff[TW-1];
                always @(posedge clk) begin
                    if (en) begin
                        r    <= (fits ? diff29[25:0] : pulled[25:0]) & RMASK;
                        e    <= e_v[(s-1)*8 +: 8];
                        kind <= kind_v[(s-1)*2 +: 2];
                        sign <= sign_v[s-1];
                    end
                end
                localparam integer XB = (2 * s < 26) ? 26 - 2 * s : 0;  // radicand bits left
                if (XB > 0) begin : g_x
                    reg [XB-1:0] x_bits;
                    always @(posedge clk)
                        if (en) x_bits <= x_in[23 -: XB];
                    assign x = {x_bits, {(2 * s){1'b0}}};
                end else begin : g_x_done
                    assign x = 26'd0;
                end
                reg [s-1:0] q_bits;
                if (s == 1) begin : g_q_first
                    always @(posedge clk)
                        if (en) q_bits <= ~fits;
                end else begin : g_q_next
                    always @(posedge clk)
                        if (en) q_bits <= {q_in[s-2:0], ~fits};
                end
                if (s < 25) begin : g_q_ones
                    assign q = {{(25 - s){1'b1}}, q_bits};
                end else begin : g_q_full
                    assign q = q_bits;
                end
            end
            assign x_v[s*26 +: 26]  = x;
            assign r_v[s*26 +: 26]  = r;
            assign q_v[s*25 +: 25]  = q;
            assign e_v[s*8 +: 8]    = e;
            assign kind_v[s*2 +: 2] = kind;
            assign sign_v[s]        = sign;
        end
    endgenerate

    wire [25:0] r_last    = r_v[STEPS*26 +: 26];
    wire [24:0] q_last    = ~q_v[STEPS*25 +: 25];
    wire [7:0]  e_last    = e_v[STEPS*8 +: 8];
    wire [1:0]  kind_last = kind_v[STEPS*2 +: 2];
    wire        sign_last = sign_v[STEPS];
    // Unused: the radicand is used up after the last step; q_last[24] is the hidden bit
    // (always 1), implied by the exponent field; half_sum[0] is the dropped half.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [25:0] x_unused  = x_v[STEPS*26 +: 26];
    wire        h_unused  = q_last[24] ^ half_sum[0] ^ half_sum[9];
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- stage 28: rounding decision ----
    reg  [30:0] p_mag;
    reg         p_up;
    reg  [1:0]  p_kind;
    reg         p_sign;
    always @(posedge clk) begin
        if (en) begin
            p_mag  <= {e_last, q_last[23:1]};
            p_up   <= q_last[0] & ((r_last != 26'd0) | q_last[1]);
            p_kind <= kind_last;
            p_sign <= sign_last;
        end
    end

    // ---- stage 29: round, select special results ----
    always @(posedge clk) begin
        if (en) begin
            case (p_kind)
                K_NAN:   y <= 32'h7FC00000;
                K_INF:   y <= 32'h7F800000;
                K_ZERO:  y <= {p_sign, 31'd0};
                default: y <= {1'b0, p_mag + {30'd0, p_up}};
            endcase
        end
    end
endmodule

`default_nettype wire
