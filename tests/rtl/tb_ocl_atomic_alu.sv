// SPDX-License-Identifier: MIT
//
// Self-checking bench of ocl_atomic_alu. Every cycle one {op, old, a, b} is applied and
// the previous cycle's result is compared with a reference model written here with
// SystemVerilog's signed/unsigned types. Cases:
//   1. every op over all pairs (old, a) of edge values (0, 1, 2, -1, -2, INT_MIN,
//      INT_MIN + 1, INT_MAX, INT_MAX - 1, 0x0000ffff, 0xffff0000), so CMPXCHG sees equal and
//      unequal operands, min/max see every sign combination, add/sub wrap;
//   2. random cases: random ops and operands, a == old in a quarter of them.
`default_nettype none

module tb_ocl_atomic_alu (
    input logic clk
);
    localparam int NEDGE = 11;
    localparam int NRAND = 200000;
    localparam logic [31:0] EDGE[NEDGE] = '{
        32'h0000_0000, 32'h0000_0001, 32'h0000_0002, 32'hffff_ffff, 32'hffff_fffe,
        32'h8000_0000, 32'h8000_0001, 32'h7fff_ffff, 32'h7fff_fffe, 32'h0000_ffff,
        32'hffff_0000
    };

    logic [3:0]  op = '0;
    logic [31:0] old = '0, a = '0, b = '0;
    logic [31:0] new_value;

    ocl_atomic_alu dut (.op(op), .old(old), .a(a), .b(b), .new_value(new_value));

    `include "ocl_atomic_ref.svh"

    int  n = 0, checked = 0;
    bit  have = 0;
    int  per_op[16] = '{default: 0};

    always @(posedge clk) begin
        // Check the case applied in the previous cycle (inputs are stable since then).
        if (have) begin
            logic [31:0] want;
            want = ref_alu(op, old, a, b);
            if (new_value !== want)
                $error("op %0d old %h a %h b %h: new_value %h, expected %h", op, old, a, b,
                       new_value, want);
            checked++;
            per_op[op]++;
        end

        if (n < 16 * NEDGE * NEDGE) begin
            // Edge pairs; b is a third edge value so it differs from both most of the time.
            op <= 4'(n / (NEDGE * NEDGE));
            old <= EDGE[(n / NEDGE) % NEDGE];
            a <= EDGE[n % NEDGE];
            b <= EDGE[(n * 7 + 3) % NEDGE];
            have <= 1;
        end else if (n < 16 * NEDGE * NEDGE + NRAND) begin
            logic [31:0] o;
            o = $urandom;
            op <= 4'($urandom_range(15));
            old <= o;
            a <= ($urandom_range(3) == 0) ? o : $urandom;
            b <= $urandom;
            have <= 1;
        end else begin
            for (int f = 0; f < 16; f++)
                if (per_op[f] < 1000) $error("op %0d only checked %0d times", f, per_op[f]);
            $display("tb_ocl_atomic_alu: %0d cases checked", checked);
            $display("PASS tb_ocl_atomic_alu");
            $finish;
        end
        n++;
    end
endmodule

`default_nettype wire
