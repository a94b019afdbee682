// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_fp_from_int against the host's conversion (fp_ref_from_int):
// every W in {8,16,32,64} x SIGNED {0,1} x ROUND {0,1,2,3}. Operands mix the edge values
// (0, 1, -1, MIN, MAX, powers of two and their neighbours, 2^24 +- small, i.e. the end of
// the exact range) with rounding cases (exact halfway ties, ties +- 1, values with only a
// sticky bit below the kept 24 bits), small magnitudes and random patterns. en is random
// (with long stalls). A model shifts the expected results through a LATENCY deep queue on
// every enabled edge, and y is compared with the oldest entry in every cycle (also while
// stalled: the output must hold).
`default_nettype none

module tb_from_int_unit #(
    parameter int W = 8,
    parameter int SIGNED = 0,
    parameter int ROUND = 0,
    parameter int CHECKS = 8000
) (
    input  logic clk,
    input  logic rst,
    output logic done,
    output int   checks
);
    `include "fp_ref.svh"

    localparam int LATENCY = 4;

    logic         en = 1'b0;
    logic [W-1:0] a = '0;
    logic [31:0]  y;

    ocl_fp_from_int #(.W(W), .SIGNED(SIGNED), .ROUND(ROUND)) dut (
        .clk(clk), .en(en), .a(a), .y(y)
    );

    localparam logic [W-1:0] MIN = {1'b1, {(W - 1){1'b0}}};
    localparam logic [W-1:0] MAX = {1'b0, {(W - 1){1'b1}}};

    // A value with 24 significant bits (top bit at position top) followed by a chosen
    // pattern of the bits below them: exact tie, tie +- 1, sticky only, or random.
    function automatic logic [W-1:0] rounding_case();
        int          top, low;
        logic [63:0] v, half;
        top = $urandom_range(W - 1, 24);
        low = top - 23;                         // bits below the kept 24
        v = {$urandom, $urandom};
        v = (v | (64'd1 << 23)) & ((64'd1 << 24) - 1);
        v = v << low;
        half = 64'd1 << (low - 1);
        case ($urandom_range(4))
            0: v = v | half;                    // exact tie
            1: v = v | (half - 1);              // just below the tie
            2: v = v | half | 64'd1;            // just above the tie
            3: v = v | 64'd1;                   // sticky only
            default: v = v | ({$urandom, $urandom} & ((64'd1 << low) - 1));
        endcase
        return W'(v);
    endfunction

    function automatic logic [W-1:0] pick_operand();
        logic [W-1:0] v;
        v = W'({$urandom, $urandom});
        case ($urandom_range(13))
            0: return '0;
            1: return W'(1);
            2: return '1;
            3: return MIN;
            4: return MAX;
            5: return (W'(1) << $urandom_range(W - 1)) + W'($urandom_range(2)) - W'(1);
            6: return (W >= 32) ? W'(64'd16777216 + 64'($urandom_range(8)) - 64'd4) : v;
            7: return (W >= 32) ? rounding_case() : v;
            8: return (W >= 32) ? -rounding_case() : v;
            9: return MIN + W'($urandom_range(255));
            10: return MAX - W'($urandom_range(255));
            11: return v >> $urandom_range(W - 1);         // small magnitude
            12: return -(v >> $urandom_range(W - 1));      // small negative
            default: return v;
        endcase
    endfunction

    function automatic logic [31:0] reference(logic [W-1:0] x);
        logic [63:0] ext;
        ext = (SIGNED != 0) ? 64'($signed(x)) : 64'(x);
        return fp_ref_from_int(ext, SIGNED, ROUND);
    endfunction

    logic [31:0] pipe[$];
    logic [31:0] expect_out = '0;
    logic        expect_valid = 1'b0;
    logic        expect_fresh = 1'b0;  // expect_out not compared yet: counts as one operation
    logic [W-1:0] last_a[$];           // operands in flight, for the error message
    logic [W-1:0] expect_a = '0;
    int          stall_left = 0;
    initial done = 1'b0;
    initial checks = 0;

    always @(posedge clk) begin
        if (rst) begin
            en <= 1'b0;
        end else if (!done) begin
            if (expect_valid) begin
                if (y !== expect_out)
                    $error("from_int W%0d SIGNED%0d ROUND%0d: a %h gave %h, expected %h", W,
                           SIGNED, ROUND, expect_a, y, expect_out);
                if (expect_fresh) checks++;
                expect_fresh = 1'b0;
            end
            if (en) begin
                pipe.push_back(reference(a));
                last_a.push_back(a);
                if (pipe.size() == LATENCY) begin
                    expect_out = pipe.pop_front();
                    expect_a = last_a.pop_front();
                    expect_valid = 1'b1;
                    expect_fresh = 1'b1;
                end
            end
            // Stimulus: mostly enabled, random single-cycle and long stalls.
            if (stall_left > 0) begin
                stall_left--;
                en <= 1'b0;
            end else if ($urandom_range(99) < 3) begin
                stall_left = $urandom_range(4 * LATENCY);
                en <= 1'b0;
            end else begin
                en <= $urandom_range(99) < 80;
            end
            a <= pick_operand();
            if (checks >= CHECKS) done <= 1'b1;
        end
    end
endmodule

module tb_ocl_fp_from_int (
    input logic clk
);
    logic rst = 1'b1;
    int   rst_cnt = 0;
    always @(posedge clk) begin
        rst_cnt <= rst_cnt + 1;
        if (rst_cnt == 4) rst <= 1'b0;
    end

    localparam int WIDTHS[4] = '{8, 16, 32, 64};
    localparam int UNITS = 4 * 2 * 4;

    logic [UNITS-1:0] done;
    int               checks[UNITS];

    for (genvar wi = 0; wi < 4; wi++) begin : g_w
        for (genvar s = 0; s < 2; s++) begin : g_signed
            for (genvar r = 0; r < 4; r++) begin : g_round
                tb_from_int_unit #(.W(WIDTHS[wi]), .SIGNED(s), .ROUND(r)) u (
                    .clk(clk), .rst(rst), .done(done[wi*8+s*4+r]),
                    .checks(checks[wi*8+s*4+r])
                );
            end
        end
    end

    always @(posedge clk) begin
        if (&done) begin
            automatic int total = 0;
            foreach (checks[i]) total += checks[i];
            $display("PASS tb_ocl_fp_from_int: %0d conversions checked in %0d parameter sets",
                     total, UNITS);
            $finish;
        end
    end
endmodule

`default_nettype wire
