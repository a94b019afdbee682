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
//          both 24-bit significands (hidden bit included; nonzero only for denormals),
//          ea - eb + 127 of the biased exponents (denormals count as 1)
//   2      normalise: shift both significands left by their counts (top bit set); the
//          biased result exponent E = ea - eb + 127 - count_a + count_b
//   3..28  26 restoring-division steps, one quotient bit each (a 26-bit compare-subtract
//          of the 25-bit partial remainder and the 24-bit divisor): the first is the
//          integer bit (ma >= mb), then 25 fraction bits
//   29     select the 25 significant bits (24 + round bit) by the integer bit (E - 1
//          when it is 0), sticky = lost quotient bit | remainder nonzero; decide the
//          underflow right shift (1 - E, at most 26) and overflow (E >= 255 -> inf)
//   30     denormal right shift, with the shifted-out bits ORed into the sticky bit
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

    // Leading zeros of a 24-bit significand (24 for zero).
    function [4:0] lead_zeros(input [23:0] v);
        integer i;
        reg     found;
        begin
            lead_zeros = 5'd0;
            found = 1'b0;
            for (i = 23; i >= 0; i = i - 1) begin
                if (v[i]) found = 1'b1;
                else if (!found) lead_zeros = lead_zeros + 5'd1;
            end
        end
    endfunction

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
            u_lz_a  <= lead_zeros(a_sig);
            u_lz_b  <= lead_zeros(b_sig);
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

    genvar s;
    generate
        for (s = 0; s <= STEPS; s = s + 1) begin : g_stage
            reg [24:0] r;
            reg [25:0] q;
            reg [23:0] d;
            reg [10:0] e;
            reg [1:0]  kind;
            reg        sign;
            if (s == 0) begin : g_norm
                always @(posedge clk) begin
                    if (en) begin
                        r    <= {1'b0, u_sig_a << u_lz_a};
                        q    <= 26'd0;
                        d    <= u_sig_b << u_lz_b;
                        e    <= norm_exp;
                        kind <= u_kind;
                        sign <= u_sign;
                    end
                end
            end else begin : g_bit
                wire [24:0] r_in = r_v[(s-1)*25 +: 25];
                wire [23:0] d_in = d_v[(s-1)*24 +: 24];
                // Subtract the divisor if it fits; the remainder stays below d < 2^24
                // (diff[24] is 0 when it fits), so doubling it fits 25 bits.
                /* verilator lint_off UNUSEDSIGNAL */
                wire [25:0] diff = {1'b0, r_in} - {2'b00, d_in};
                /* verilator lint_on UNUSEDSIGNAL */
                wire        fits = ~diff[25];
                wire [23:0] kept = fits ? diff[23:0] : r_in[23:0];
                always @(posedge clk) begin
                    if (en) begin
                        r    <= {kept, 1'b0};
                        q    <= {q_v[(s-1)*26 +: 25], fits};
                        d    <= d_in;
                        e    <= e_v[(s-1)*11 +: 11];
                        kind <= kind_v[(s-1)*2 +: 2];
                        sign <= sign_v[s-1];
                    end
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
    wire signed [10:0] e_last    = e_v[STEPS*11 +: 11];
    wire        [1:0]  kind_last = kind_v[STEPS*2 +: 2];
    wire               sign_last = sign_v[STEPS];
    // The divisor of the last stage is not needed any more.
    /* verilator lint_off UNUSEDSIGNAL */
    wire        [23:0] d_unused  = d_v[STEPS*24 +: 24];
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- stage 29: select the significant bits, plan underflow and overflow ----
    // The result exponent is e_last, or e_last - 1 without the integer bit: every test
    // on it is made on e_last for both cases in parallel, then selected.
    wire               int_bit  = q_last[25];
    wire        [24:0] sel_sig  = int_bit ? q_last[25:1] : q_last[24:0];
    wire               sel_st   = (int_bit & q_last[0]) | (r_last != 25'd0);
    wire        [7:0]  sel_exp  = int_bit ? e_last[7:0] : e_last[7:0] - 8'd1;
    wire               sel_den  = int_bit ? (e_last <= 11'sd0) : (e_last <= 11'sd1);
    wire               sel_ovf  = int_bit ? (e_last >= 11'sd255) : (e_last >= 11'sd256);
    // Underflow shift 1 - exponent, at most 26 (then every bit lands in the sticky bit).
    wire               sh_max   = int_bit ? (e_last < -11'sd25) : (e_last < -11'sd24);
    wire        [4:0]  sh_low   = (int_bit ? 5'd1 : 5'd2) - e_last[4:0];
    wire        [4:0]  sel_sh   = !sel_den ? 5'd0 : sh_max ? 5'd26 : sh_low;

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
            p_sh   <= sel_sh;
            p_exp  <= sel_den ? 8'd0 : sel_exp;
            p_kind <= (kind_last == K_FINITE && sel_ovf) ? K_INF : kind_last;
            p_sign <= sign_last;
        end
    end

    // ---- stage 30: underflow right shift with sticky ----
    // Bit 50 is the hidden bit of a normal result: the exponent field implies it.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [50:0] shifted = {p_sig, 26'd0} >> p_sh;
    /* verilator lint_on UNUSEDSIGNAL */

    reg  [23:0] s_sig;
    reg         s_st;
    reg  [7:0]  s_exp;
    reg  [1:0]  s_kind;
    reg         s_sign;
    always @(posedge clk) begin
        if (en) begin
            s_sig  <= shifted[49:26];
            s_st   <= p_st | (shifted[25:0] != 26'd0);
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
