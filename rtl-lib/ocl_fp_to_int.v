// SPDX-License-Identifier: MIT
//
// ocl_fp_to_int: fully pipelined IEEE-754 binary32 to integer conversion, one per enabled
// clock.
//
// Computes the C conversion (truncation toward zero) with saturation, i.e. OpenCL's
// convert_<int type>_sat_rtz:
//   NaN                     0
//   |a| < 1 (zeros, denormals, -0.5, 0.999...)   0
//   beyond the range        the nearest end: unsigned MAX for large positives and +inf,
//                           0 for every negative (unsigned); signed MAX / MIN for large
//                           positives / negatives and +-inf
//   otherwise               trunc(a), exact (every such value is an integer plus a
//                           fraction that is dropped)
//
// Parameters
//   W       integer width: 8, 16, 32 or 64
//   SIGNED  0: unsigned result; 1: two's complement
//
// Ports
//   en    when low, every stage holds (the unit stalls with the pipeline)
//   a     binary32 operand (sampled at enabled edges)
//   y     integer result (registered)
//
// Timing contract: LATENCY = 3 enabled cycles for every parameter set (localparam below).
// Operands of a cycle whose edge is enabled appear at y right after the 3rd enabled edge
// counted from that one. There is no reset and no valid bit: the pipeline only carries data.
//
// Stage plan
//   1  decode: classify (zero result, saturation, in range) from the exponent with 8-bit
//      comparisons; the shift amount is the unbiased exponent e - 127 (in 0..W-1 when in
//      range)
//   2  shift: the 24-bit significand 1.f moved left by e - 127 into a (W+23)-bit field;
//      its top W bits are the truncated magnitude (the low 23 bits are the dropped fraction)
//   3  sign and saturation: W-bit negation for negative values, or the saturation value
//
// Denormal inputs are below 1 in magnitude and give 0 like any other |a| < 1.
`default_nettype none

module ocl_fp_to_int #(
    parameter integer W = 32,
    parameter integer SIGNED = 0
) (
    input  wire         clk,
    input  wire         en,
    input  wire [31:0]  a,
    output reg  [W-1:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 3;
    /* verilator lint_on UNUSEDPARAM */

    // Shift amount width (log2 W). Values of magnitude >= 2^LIMIT_LOG2 saturate: 2^W
    // unsigned, 2^(W-1) signed (whose -2^(W-1) is exactly MIN, the saturation value anyway).
    localparam integer SW = (W <= 8) ? 3 : (W <= 16) ? 4 : (W <= 32) ? 5 : 6;
    localparam integer LIMIT_LOG2 = (SIGNED != 0) ? W - 1 : W;
    localparam integer E_SAT_I = 127 + LIMIT_LOG2;
    localparam [7:0]   E_SAT = E_SAT_I[7:0];
    localparam [W-1:0] INT_MAX = (SIGNED != 0) ? {1'b0, {(W - 1){1'b1}}} : {W{1'b1}};
    localparam [W-1:0] INT_MIN = (SIGNED != 0) ? {1'b1, {(W - 1){1'b0}}} : {W{1'b0}};

    wire       a_sign = a[31];
    wire [7:0] a_exp  = a[30:23];
    wire       a_nan  = (a_exp == 8'hFF) & (a[22:0] != 23'd0);

    // ---- stage 1: decode
    reg          s1_sign;
    reg          s1_zero;  // result 0: NaN, |a| < 1, or a negative value when unsigned
    reg          s1_sat;   // result is an end of the range
    reg [SW-1:0] s1_sh;
    reg [23:0]   s1_mant;
    always @(posedge clk) begin
        if (en) begin
            s1_sign <= a_sign;
            s1_zero <= a_nan | (a_exp < 8'd127) | ((SIGNED == 0) & a_sign);
            s1_sat  <= a_exp >= E_SAT;
            // e - 127 modulo 2^SW equals e + 1 modulo 2^SW (127 = 128 - 1).
            s1_sh   <= a_exp[SW-1:0] + 1'b1;
            s1_mant <= {1'b1, a[22:0]};
        end
    end

    // ---- stage 2: shift
    wire [W+22:0] shifted = {{(W - 1){1'b0}}, s1_mant} << s1_sh;
    reg           s2_sign;
    reg           s2_zero;
    reg           s2_sat;
    reg [W-1:0]   s2_mag;
    always @(posedge clk) begin
        if (en) begin
            s2_sign <= s1_sign;
            s2_zero <= s1_zero;
            s2_sat  <= s1_sat;
            s2_mag  <= shifted[W+22:23];
        end
    end
    // The dropped fraction bits are the truncation itself: nothing reads them.
    /* verilator lint_off UNUSED */
    wire [22:0] dropped_fraction = shifted[22:0];
    /* verilator lint_on UNUSED */

    // ---- stage 3: sign and saturation
    always @(posedge clk) begin
        if (en) begin
            if (s2_zero) y <= {W{1'b0}};
            else if (s2_sat) y <= s2_sign ? INT_MIN : INT_MAX;
            else y <= s2_sign ? (~s2_mag + 1'b1) : s2_mag;
        end
    end
endmodule

`default_nettype wire
