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
// Timing contract: LATENCY = 1 enabled cycle (localparam below). Operands of a cycle whose
// edge is enabled appear at y right after that edge. There is no reset and no valid bit.
//
// Stage plan: one stage. A total order on the non-NaN patterns (the negative one first when
// the signs differ, otherwise one 31-bit magnitude comparison) picks an operand, which is
// registered. Denormals need no special treatment: their patterns order like their values.
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
    localparam integer LATENCY = 1;
    /* verilator lint_on UNUSEDPARAM */

    localparam [31:0] QNAN = 32'h7FC00000;

    wire a_nan  = (a[30:23] == 8'hFF) & (a[22:0] != 23'd0);
    wire b_nan  = (b[30:23] == 8'hFF) & (b[22:0] != 23'd0);
    wire mag_lt = a[30:0] < b[30:0];
    wire mag_gt = b[30:0] < a[30:0];

    // a strictly before b in the order -inf < ... < -0 < +0 < ... < +inf (no NaNs).
    reg a_first;
    always @* begin
        if (a[31] != b[31]) a_first = a[31];
        else if (a[31]) a_first = mag_gt;
        else a_first = mag_lt;
    end

    // Equal patterns make the choice irrelevant, so "a first" alone decides.
    wire [31:0] picked = (a_first ^ max) ? a : b;

    always @(posedge clk) begin
        if (en) begin
            if (a_nan & b_nan) y <= QNAN;
            else if (a_nan) y <= b;
            else if (b_nan) y <= a;
            else y <= picked;
        end
    end
endmodule

`default_nettype wire
