// SPDX-License-Identifier: MIT
//
// ocl_fp_cmp: fully pipelined IEEE-754 binary32 comparison, one per enabled clock.
//
// Ports
//   en    when low, the output register holds (the unit stalls with the pipeline)
//   a, b  binary32 operands (sampled at enabled edges)
//   lt    a < b
//   eq    a == b (+0 == -0; a NaN equals nothing, not even itself)
//   uno   unordered: a or b is a NaN (then lt = eq = 0)
// The three flags are the relations the HLS emitter needs for <, <=, ==, !=, >, >= and
// isunordered (a > b is lt with the operands swapped; a != b is !eq, true for NaNs).
//
// Timing contract: LATENCY = 1 enabled cycle (localparam below). Operands of a cycle whose
// edge is enabled appear at lt/eq/uno right after that edge. There is no reset and no
// valid bit: the pipeline only carries data.
//
// Stage plan: one stage. The comparison is decided combinationally from the operands and
// registered: for two non-NaN operands that are not both zero, the sign-magnitude
// patterns order like the values (larger magnitude = larger value when positive, smaller
// when negative), so one 31-bit magnitude comparison plus the signs decide lt.
//
// Special cases: NaN (quiet or signalling) in either operand -> uno, lt = eq = 0;
// +-0 compare equal; infinities order as the largest/smallest values. Denormals need no
// special treatment: their patterns order like their values.
`default_nettype none

module ocl_fp_cmp (
    input  wire        clk,
    input  wire        en,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg         lt,
    output reg         eq,
    output reg         uno
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = 1;
    /* verilator lint_on UNUSEDPARAM */

    wire a_nan      = (a[30:23] == 8'hFF) & (a[22:0] != 23'd0);
    wire b_nan      = (b[30:23] == 8'hFF) & (b[22:0] != 23'd0);
    wire both_zero  = (a[30:0] == 31'd0) & (b[30:0] == 31'd0);
    wire mag_lt     = a[30:0] < b[30:0];
    wire mag_gt     = b[30:0] < a[30:0];
    wire same_bits  = a == b;

    // Ordered a < b, assuming no NaN: with different signs the negative one is smaller
    // (unless both are zeros); with equal signs the magnitudes decide.
    reg ordered_lt;
    always @* begin
        if (a[31] != b[31]) ordered_lt = a[31] & ~both_zero;
        else if (a[31]) ordered_lt = mag_gt;
        else ordered_lt = mag_lt;
    end

    always @(posedge clk) begin
        if (en) begin
            uno <= a_nan | b_nan;
            lt  <= ~(a_nan | b_nan) & ordered_lt;
            eq  <= ~(a_nan | b_nan) & (same_bits | both_zero);
        end
    end
endmodule

`default_nettype wire
