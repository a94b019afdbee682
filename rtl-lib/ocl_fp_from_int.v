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
// Timing contract: LATENCY = 3 enabled cycles for every parameter set (localparam below).
// Operands of a cycle whose edge is enabled appear at y right after the 3rd enabled edge
// counted from that one. There is no reset and no valid bit: the pipeline only carries data.
//
// Stage plan
//   1  sign and magnitude (W-bit negation of negative signed operands; the magnitude of
//      the most negative value, 2^(W-1), fits W unsigned bits)
//   2  normalisation: log2(W) steps, each shifting left by 2^k when the top 2^k bits are
//      zero, which counts the leading zeros on the way; the biased exponent is
//      127 + W - 1 - (leading zeros); below the 24 kept bits, a guard bit and a sticky bit
//   3  rounding: the increment is added to the packed {exponent, fraction}, so a carry out
//      of the fraction bumps the exponent (2^24 - 1 rounding up becomes 2^24, etc.)
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
    localparam integer LATENCY = 3;
    /* verilator lint_on UNUSEDPARAM */

    // Normalisation steps (log2 W) and the exponent of a value whose top bit is set.
    localparam integer LW = (W <= 8) ? 3 : (W <= 16) ? 4 : (W <= 32) ? 5 : 6;
    localparam integer EXP_TOP_I = 127 + W - 1;
    localparam [7:0]   EXP_TOP = EXP_TOP_I[7:0];
    // The normalised magnitude followed by zeros, so that 24 kept bits, a guard bit and a
    // sticky bit exist for every W.
    localparam integer XW = W + 25;

    // ---- stage 1: sign and magnitude
    wire a_neg = (SIGNED != 0) & a[W-1];
    reg         s1_sign;
    reg [W-1:0] s1_mag;
    always @(posedge clk) begin
        if (en) begin
            s1_sign <= a_neg;
            s1_mag  <= a_neg ? (~a + 1'b1) : a;
        end
    end

    // ---- stage 2: normalise (step k shifts by 2^k when the top 2^k bits are zero)
    reg [W-1:0]  norm;
    reg [LW-1:0] lz;
    integer      k;
    always @* begin
        norm = s1_mag;
        for (k = LW - 1; k >= 0; k = k - 1) begin
            lz[k] = (norm >> (W - (1 << k))) == {W{1'b0}};
            if (lz[k]) norm = norm << (1 << k);
        end
    end

    wire          is_zero = ~norm[W-1];
    wire [XW-1:0] ext     = {norm, 25'd0};
    wire [7:0]    exp_b   = is_zero ? 8'd0 : EXP_TOP - {{(8 - LW){1'b0}}, lz};

    reg        s2_sign;
    reg [30:0] s2_packed;   // {biased exponent, 23 fraction bits}, truncated
    reg        s2_guard;
    reg        s2_sticky;
    always @(posedge clk) begin
        if (en) begin
            s2_sign   <= s1_sign;
            s2_packed <= {exp_b, ext[XW-2 -: 23]};
            s2_guard  <= ext[XW-25];
            s2_sticky <= |ext[XW-26:0];
        end
    end

    // ---- stage 3: round
    reg inc;
    always @* begin
        case (ROUND)
            1:       inc = 1'b0;
            2:       inc = ~s2_sign & (s2_guard | s2_sticky);
            3:       inc = s2_sign & (s2_guard | s2_sticky);
            default: inc = s2_guard & (s2_sticky | s2_packed[0]);
        endcase
    end

    always @(posedge clk) begin
        if (en) y <= {s2_sign, s2_packed + {30'd0, inc}};
    end
endmodule

`default_nettype wire
