// SPDX-License-Identifier: MIT
//
// ocl_atomic_alu: the value an OpenCL 32-bit atomic operation leaves in memory, given the
// word's old value and the operands (combinational). Used by ocl_atomic and by the
// generated code of atomics on private/local arrays; the compiler emits these op
// numbers (hls/ir/hir.h, enum hir_atomic_op), so the encoding must not change.
//
//   op  name     new_value
//    0  ADD      old + a
//    1  SUB      old - a
//    2  XCHG     a
//    3  CMPXCHG  old == a ? b : old
//    4  SMIN     signed min(old, a)
//    5  SMAX     signed max(old, a)
//    6  UMIN     unsigned min(old, a)
//    7  UMAX     unsigned max(old, a)
//    8  AND      old & a
//    9  OR       old | a
//   10  XOR      old ^ a
//   11  LOAD     old (nothing changes)
//   12..15       old (reserved)
// b is only used by CMPXCHG. inc/dec are ADD/SUB with a = 1.
`default_nettype none

module ocl_atomic_alu (
    input  wire [3:0]  op,
    input  wire [31:0] old,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] new_value
);
    wire a_lt_signed   = $signed(a) < $signed(old);
    wire a_lt_unsigned = a < old;

    always @(*) begin
        case (op)
            4'd0:    new_value = old + a;
            4'd1:    new_value = old - a;
            4'd2:    new_value = a;
            4'd3:    new_value = (old == a) ? b : old;
            4'd4:    new_value = a_lt_signed ? a : old;
            4'd5:    new_value = a_lt_signed ? old : a;
            4'd6:    new_value = a_lt_unsigned ? a : old;
            4'd7:    new_value = a_lt_unsigned ? old : a;
            4'd8:    new_value = old & a;
            4'd9:    new_value = old | a;
            4'd10:   new_value = old ^ a;
            default: new_value = old;
        endcase
    end
endmodule

`default_nettype wire
