// SPDX-License-Identifier: MIT
//
// ocl_div: fully pipelined integer divider, one division per enabled clock.
//
// Parameters
//   W       operand width: 8, 16, 32 or 64
//   SIGNED  0: unsigned division; 1: two's-complement signed division
//
// Ports
//   en    when low, every stage holds (the divider stalls with the pipeline around it)
//   a     dividend, b divisor (sampled at enabled edges)
//   quot  quotient, rem remainder (registered outputs)
//
// Timing contract: LATENCY = W + 2 enabled cycles (localparam LATENCY below; the HLS
// scheduler relies on it, hls_div_latency()). Operands presented in a cycle whose edge is
// enabled appear at quot/rem right after the (W+2)-th enabled edge counted from that one;
// with en always high, operands of cycle t are visible in cycle t + W + 2. Stage 0
// registers magnitudes and signs, stages 1..W develop one quotient bit each (restoring
// division), stage W+1 restores the signs. There is no reset and no valid bit: the
// pipeline only carries data; the caller tracks which results are meaningful.
//
// Semantics (C, truncation toward zero; the remainder has the sign of the dividend):
//   b != 0                quot = a / b, rem = a % b
//   SIGNED, MIN / -1      quot = MIN, rem = 0 (the magnitude quotient 2^(W-1) wraps)
//   b == 0, unsigned      quot = all ones, rem = a
//   b == 0, SIGNED        the magnitude quotient is all ones and the divisor counts as
//                         non-negative: quot = -1 (all ones) when a >= 0, quot = +1 when
//                         a < 0; rem = a
`default_nettype none

module ocl_div #(
    parameter integer W = 32,
    parameter integer SIGNED = 0
) (
    input  wire         clk,
    input  wire         en,
    input  wire [W-1:0] a,
    input  wire [W-1:0] b,
    output reg  [W-1:0] quot,
    output reg  [W-1:0] rem
);
    // The contract above, for readers and tools that look for it (nothing inside uses it).
    /* verilator lint_off UNUSEDPARAM */
    localparam integer LATENCY = W + 2;
    /* verilator lint_on UNUSEDPARAM */

    // Per stage s (0..W): partial remainder r, shift register q (remaining dividend bits
    // at the top, developed quotient bits at the bottom), divisor magnitude d, and the
    // signs to restore. Stage 0 holds the operand magnitudes. Each stage's registers are
    // published on flat vectors (slice s) so that stage s+1 can read them; the last stage
    // needs no divisor.
    wire [W*(W+1)-1:0] r_v;
    wire [W*(W+1)-1:0] q_v;
    wire [W*W-1:0]     d_v;
    wire [W:0]         qneg_v;
    wire [W:0]         rneg_v;

    wire a_neg = (SIGNED != 0) & a[W-1];
    wire b_neg = (SIGNED != 0) & b[W-1];

    genvar s;
    generate
        for (s = 0; s <= W; s = s + 1) begin : g_stage
            reg [W-1:0] r;
            reg [W-1:0] q;
            reg         qneg;
            reg         rneg;
            if (s == 0) begin : g_in
                always @(posedge clk) begin
                    if (en) begin
                        r    <= {W{1'b0}};
                        q    <= a_neg ? (~a + 1'b1) : a;
                        qneg <= a_neg ^ b_neg;
                        rneg <= a_neg;
                    end
                end
            end else begin : g_bit
                wire [W-1:0] r_in = r_v[(s-1)*W +: W];
                wire [W-1:0] q_in = q_v[(s-1)*W +: W];
                wire [W-1:0] d_in = d_v[(s-1)*W +: W];
                // Bring down the next dividend bit; subtract the divisor if it fits.
                wire [W:0]   trial = {r_in, q_in[W-1]};
                wire [W:0]   diff  = trial - {1'b0, d_in};
                wire         fits  = ~diff[W];
                always @(posedge clk) begin
                    if (en) begin
                        r    <= fits ? diff[W-1:0] : trial[W-1:0];
                        q    <= {q_in[W-2:0], fits};
                        qneg <= qneg_v[s-1];
                        rneg <= rneg_v[s-1];
                    end
                end
            end
            assign r_v[s*W +: W] = r;
            assign q_v[s*W +: W] = q;
            if (s < W) begin : g_d
                reg [W-1:0] d;
                if (s == 0) begin : g_in
                    always @(posedge clk) begin
                        if (en) d <= b_neg ? (~b + 1'b1) : b;
                    end
                end else begin : g_pass
                    always @(posedge clk) begin
                        if (en) d <= d_v[(s-1)*W +: W];
                    end
                end
                assign d_v[s*W +: W] = d;
            end
            assign qneg_v[s]     = qneg;
            assign rneg_v[s]     = rneg;
        end
    endgenerate

    wire [W-1:0] r_last = r_v[W*W +: W];
    wire [W-1:0] q_last = q_v[W*W +: W];

    always @(posedge clk) begin
        if (en) begin
            quot <= qneg_v[W] ? (~q_last + 1'b1) : q_last;
            rem  <= rneg_v[W] ? (~r_last + 1'b1) : r_last;
        end
    end
endmodule

`default_nettype wire
