// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_lzc at W = 8, 16, 32 and 64 against a behavioural count (a
// scan from the top bit). W = 8 and W = 16 are exhaustive (every value, in counting
// order); W = 32 and W = 64 take random vectors whose highest one sits at a random
// position (so every count is equally likely) with random bits below it. A zero vector,
// outside the callers' use, must give W-1. The count is combinational: the inputs set at
// one edge are checked at the next.
`default_nettype none

module tb_ocl_lzc (
    input logic clk
);
    localparam int RANDOM_CHECKS = 200000;

    logic [7:0]  v8 = '0;
    logic [15:0] v16 = '0;
    logic [31:0] v32 = '0;
    logic [63:0] v64 = '0;
    logic [2:0]  c8;
    logic [3:0]  c16;
    logic [4:0]  c32;
    logic [5:0]  c64;

    ocl_lzc #(.W(8))  lzc8  (.v(v8),  .count(c8));
    ocl_lzc #(.W(16)) lzc16 (.v(v16), .count(c16));
    ocl_lzc #(.W(32)) lzc32 (.v(v32), .count(c32));
    ocl_lzc #(.W(64)) lzc64 (.v(v64), .count(c64));

    // Zeros above the highest one; W-1 for a zero vector (the tree's value there).
    function automatic int expected(logic [63:0] v, int w);
        for (int i = w - 1; i >= 0; i--)
            if (v[i]) return w - 1 - i;
        return w - 1;
    endfunction

    // A random w-bit vector with its highest one at a random position (zero sometimes).
    function automatic logic [63:0] random_vector(int w);
        logic [63:0] v = {$urandom, $urandom};
        int top;
        if ($urandom_range(999) == 0) return '0;
        top = $urandom_range(w - 1);
        v &= (64'd1 << top) - 64'd1;  // random bits below the leading one
        return v | (64'd1 << top);
    endfunction

    int cycle = 0;
    int errors = 0;

    task automatic check(string name, logic [63:0] v, int w, int got);
        if (got != expected(v, w)) begin
            if (errors < 10)
                $display("FAIL %s: v=%h count=%0d expected %0d", name, v, got, expected(v, w));
            errors++;
        end
    endtask

    always @(posedge clk) begin
        if (cycle > 0) begin
            check("W=8", {56'd0, v8}, 8, int'(c8));
            check("W=16", {48'd0, v16}, 16, int'(c16));
            check("W=32", {32'd0, v32}, 32, int'(c32));
            check("W=64", v64, 64, int'(c64));
        end
        if (errors > 0) $fatal(1, "tb_ocl_lzc: %0d mismatches", errors);
        if (cycle >= 65536 + RANDOM_CHECKS) begin
            $display("PASS tb_ocl_lzc: %0d vectors per width (W=8, 16 every value; W=32, 64 random)",
                     cycle);
            $finish;
        end
        v8 <= 8'(cycle);
        v16 <= 16'(cycle);
        v32 <= 32'(random_vector(32));
        v64 <= random_vector(64);
        cycle <= cycle + 1;
    end
endmodule
