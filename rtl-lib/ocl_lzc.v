// SPDX-License-Identifier: MIT
//
// ocl_lzc: leading-zero count of a W-bit vector, combinational, for the normalisation
// steps of the float units (ocl_fp_add, ocl_fp_mul, ocl_fp_div, ocl_fp_sqrt).
//
// Parameters
//   W      input width: 4 * 2^k bits, at least 8 (the float units use 32 and 64)
//
// Ports
//   v      the vector; callers pad it so that it is never zero (e.g. with ones below)
//   count  number of zeros above the highest one of v (0 .. W-1); a zero v gives W-1
//
// Timing contract: no clock, no latency; the caller registers count. The count is a tree
// of log2(W) - 1 levels: each nibble gives a 2-bit count and a zero flag (one LUT level),
// then every level merges neighbouring groups (a zero upper group adds its width to the
// lower group's count) in one LUT level. A chain of "found" tests down the vector would be
// W logic levels deep; the units rely on this depth to meet 40 MHz on the iCE40 UP5K.
`default_nettype none

module ocl_lzc #(
    parameter integer W = 32
) (
    input  wire [W-1:0]         v,
    output wire [$clog2(W)-1:0] count
);
    localparam integer CW = $clog2(W);  // count width
    localparam integer NIBBLES = W / 4;

    // The counts of group g at one level sit at cnt[CW*g +: CW] (unused high bits zero),
    // its zero flag at zero[g]; each level halves the number of groups in place.
    function [CW-1:0] tree_count(input [W-1:0] x);
        reg [NIBBLES-1:0]    zero;
        reg [CW*NIBBLES-1:0] cnt;
        reg [3:0]            nib;
        integer              g, lv;
        begin
            for (g = 0; g < NIBBLES; g = g + 1) begin
                nib = x[4*g +: 4];
                zero[g] = ~(|nib);
                cnt[CW*g +: CW] = {{(CW - 2){1'b0}},
                                   nib[3] ? 2'd0 : nib[2] ? 2'd1 : nib[1] ? 2'd2 : 2'd3};
            end
            // Level lv merges groups of 2^(lv+1) bits into groups of 2^(lv+2) bits: a zero
            // upper group contributes its width 2^(lv+1), the bit the new count adds.
            for (lv = 1; lv < CW - 1; lv = lv + 1) begin
                for (g = 0; g < (NIBBLES >> lv); g = g + 1) begin
                    cnt[CW*g +: CW] = zero[2*g+1]
                        ? (cnt[CW*(2*g) +: CW] | ({{(CW - 1){1'b0}}, 1'b1} << (lv + 1)))
                        : cnt[CW*(2*g+1) +: CW];
                    zero[g]         = zero[2*g+1] & zero[2*g];
                end
            end
            tree_count = cnt[CW-1:0];
        end
    endfunction

    assign count = tree_count(v);
endmodule

`default_nettype wire
