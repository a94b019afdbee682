// SPDX-License-Identifier: MIT
//
// ocl_fp_minmax: fully pipelined IEEE-754 binary32 minimum/maximum, one per enabled clock.
//
// Computes OpenCL/C99 fmin (max = 0) or fmax (max = 1), i.e. IEEE-754 minNum/maxNum:
//   no NaN operand        the smaller (larger) operand; of +0 and -0, min gives -0 and
//                         max gives +0 (-0 is treated as below +0)
//   one NaN operand       the other operand, bit for bit (quiet and signalling NaNs alike,
//                         as the OpenCL C spec says: "If one argument is a NaN, fmin()
//                         returns the other argument")
//   two NaN operands      the canonical quiet NaN 32'h7FC00000
//
// Ports
//   en    when low, the output register holds (the unit stalls with the pipeline)
//   a, b  binary32 operands; max selects the operation (all sampled at enabled edges)
//   y     result (registered)
//
// Timing contract: LATENCY = 2 enabled cycles (localparam below). Operands of a cycle whose
// edge is enabled appear at y right after the 2nd enabled edge counted from that one. There
// is no reset and no valid bit.
//
// Stage plan
//   1  compare: a total order on the non-NaN patterns (one 32-bit comparison of the
//      patterns with the magnitude bits of negative ones and the sign bit flipped); the
//      NaN tests and max give "take a" for both outcomes; the operands wait beside them
//   2  select the operand or the canonical NaN (the select, with its fanout of 32, does
//      not fit after the comparison's carry chain in one 40 MHz iCE40 cycle)
// Denormals need no special treatment: their patterns order like their values.
`default_nettype none

module ocl_fp_minmax (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire        max,
    output reg  [31:0] y
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 2;
    /* verilator lint_on UNUSEDPARAM */

    localparam [31:0] QNAN = 32'h7FC00000;

    // ---- stage 1: compare, NaN tests
    wire a_nan  = (a[30:23] == 8'hFF) & (a[22:0] != 23'd0);
    wire b_nan  = (b[30:23] == 8'hFF) & (b[22:0] != 23'd0);
    // a before b in the order -inf < ... < -0 < +0 < ... < +inf (no NaNs). Flipping the
    // magnitude bits of negative patterns and the sign bit (key) turns that order into
    // the unsigned order of the keys, so one 32-bit carry chain with a single LUT level
    // before it decides. Equal patterns make the choice irrelevant, so
    // equal keys need no case of their own.
    wire [31:0] key_a  = {~a[31], a[30:0] ^ {31{a[31]}}};
    wire [31:0] nkey_b = ~{~b[31], b[30:0] ^ {31{b[31]}}};
    // key_a - key_b = key_a + ~key_b + 1 (the +1 is the carry out of the appended bit 0);
    // no carry out: key_a < key_b.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [33:0] diff    = {1'b0, key_a, 1'b1} + {1'b0, nkey_b, 1'b1};
    /* verilator lint_on UNUSEDSIGNAL */
    wire        a_first = ~diff[33];
    // One NaN: the other operand; two: the canonical NaN (stage 2). "Take a" for both
    // outcomes of the comparison, so that stage 1 ends with the carry chain.
    wire take_a_if_first = b_nan | (~a_nan & ~max);
    wire take_a_if_not   = b_nan | (~a_nan & max);

    reg        s1_a_first, s1_take_a_if_first, s1_take_a_if_not, s1_both_nan;
    reg [31:0] s1_a, s1_b;
    always @(posedge clk) begin
        if (en) begin
            s1_a_first         <= a_first;
            s1_take_a_if_first <= take_a_if_first;
            s1_take_a_if_not   <= take_a_if_not;
            s1_both_nan        <= a_nan & b_nan;
            s1_a               <= a;
            s1_b               <= b;
        end
    end

    // ---- stage 2: select
    wire take_a = s1_a_first ? s1_take_a_if_first : s1_take_a_if_not;
    always @(posedge clk) begin
        if (en) y <= s1_both_nan ? QNAN : take_a ? s1_a : s1_b;
    end
endmodule

`default_nettype wire
