// SPDX-License-Identifier: MIT
/*
 * Lowering of float (binary32) instructions and intrinsics: arithmetic, square root, fused
 * multiply-add, min/max, comparisons and conversions become unit operations (float_units.c);
 * negation, fabs and copysign are bit operations on the 32-bit value. `half` is a storage
 * type only (its bits move as 16-bit integers: vload_half/vstore_half convert in the builtin
 * library) and `double` is not supported: both are reported with their line.
 */
#include <string.h>

#include "lower_shared.h"

#define SIGN_BIT UINT64_C(0x80000000)

static int emit_n(struct lower *l, enum hir_opcode op, unsigned w, int n, const int *ops)
{
    for (int i = 0; i < n; i++)
        if (ops[i] == HIR_NONE)
            return HIR_NONE;
    return hir_emit(l->k, op, w, n, ops);
}

static int emit_bits(struct lower *l, enum hir_opcode op, int a, uint64_t mask)
{
    int ops[2] = {a, hir_const(l->k, 32, mask)};
    return emit_n(l, op, 32, 2, ops);
}

static enum hir_fcmp fcmp_predicate(LLVMRealPredicate p)
{
    switch (p) {
    case LLVMRealOEQ:
        return HIR_FCMP_OEQ;
    case LLVMRealOGT:
        return HIR_FCMP_OGT;
    case LLVMRealOGE:
        return HIR_FCMP_OGE;
    case LLVMRealOLT:
        return HIR_FCMP_OLT;
    case LLVMRealOLE:
        return HIR_FCMP_OLE;
    case LLVMRealONE:
        return HIR_FCMP_ONE;
    case LLVMRealORD:
        return HIR_FCMP_ORD;
    case LLVMRealUNO:
        return HIR_FCMP_UNO;
    case LLVMRealUEQ:
        return HIR_FCMP_UEQ;
    case LLVMRealUGT:
        return HIR_FCMP_UGT;
    case LLVMRealUGE:
        return HIR_FCMP_UGE;
    case LLVMRealULT:
        return HIR_FCMP_ULT;
    case LLVMRealULE:
        return HIR_FCMP_ULE;
    default:
        return HIR_FCMP_UNE;
    }
}

static int lower_fcmp(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMRealPredicate p = LLVMGetFCmpPredicate(inst);
    if (p == LLVMRealPredicateFalse || p == LLVMRealPredicateTrue)
        return lower_define(l, inst, hir_const(l->k, 1, p == LLVMRealPredicateTrue), line);
    int ops[2] = {lower_operand(l, LLVMGetOperand(inst, 0), line),
                  lower_operand(l, LLVMGetOperand(inst, 1), line)};
    if (ops[0] == HIR_NONE || ops[1] == HIR_NONE)
        return -1;
    int v = hir_emit(l->k, HIR_FCMP, 1, 2, ops);
    if (v != HIR_NONE)
        l->k->ops[v].aux = fcmp_predicate(p);
    return lower_define(l, inst, v, line);
}

static int lower_conversion(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line)
{
    int to_int = opc == LLVMFPToSI || opc == LLVMFPToUI;
    LLVMValueRef from = LLVMGetOperand(inst, 0);
    if (lower_check_float_type(l, to_int ? LLVMTypeOf(from) : LLVMTypeOf(inst), line))
        return -1;
    LLVMTypeRef int_type = to_int ? LLVMTypeOf(inst) : LLVMTypeOf(from);
    unsigned w = lower_type_width(l, int_type, line);
    if (!w)
        return -1;
    int a = lower_operand(l, from, line);
    if (a == HIR_NONE)
        return -1;
    enum hir_opcode op = opc == LLVMFPToSI   ? HIR_FPTOSI
                         : opc == LLVMFPToUI ? HIR_FPTOUI
                         : opc == LLVMSIToFP ? HIR_SITOFP
                                             : HIR_UITOFP;
    return lower_define(l, inst, hir_emit(l->k, op, to_int ? w : 32, 1, &a), line);
}

int lower_float_instruction(struct lower *l, LLVMValueRef inst, LLVMOpcode opc, unsigned line)
{
    if (opc == LLVMFPToSI || opc == LLVMFPToUI || opc == LLVMSIToFP || opc == LLVMUIToFP)
        return lower_conversion(l, inst, opc, line);
    if (opc == LLVMFPTrunc || opc == LLVMFPExt) {
        LLVMTypeRef a = LLVMTypeOf(LLVMGetOperand(inst, 0)), b = LLVMTypeOf(inst);
        if (lower_check_float_type(l, a, line) || lower_check_float_type(l, b, line))
            return -1;
        return lower_error(l, line, "internal error: float to float conversion");
    }
    if (lower_check_float_type(l, LLVMTypeOf(LLVMGetOperand(inst, 0)), line))
        return -1;
    if (opc == LLVMFCmp)
        return lower_fcmp(l, inst, line);
    int a = lower_operand(l, LLVMGetOperand(inst, 0), line);
    if (a == HIR_NONE)
        return -1;
    if (opc == LLVMFNeg)
        return lower_define(l, inst, emit_bits(l, HIR_XOR, a, SIGN_BIT), line);
    if (opc == LLVMFRem)
        return lower_error(l, line, "the float remainder operation is not supported (use fmod)");
    int ops[2] = {a, lower_operand(l, LLVMGetOperand(inst, 1), line)};
    if (ops[1] == HIR_NONE)
        return -1;
    enum hir_opcode op = opc == LLVMFAdd   ? HIR_FADD
                         : opc == LLVMFSub ? HIR_FSUB
                         : opc == LLVMFMul ? HIR_FMUL
                                           : HIR_FDIV;
    return lower_define(l, inst, hir_emit(l->k, op, 32, 2, ops), line);
}

struct float_intrinsic {
    const char *prefix;
    enum hir_opcode opcode; /* HIR_OPCODE_COUNT: bit operations, below */
    int nargs;
};

static const struct float_intrinsic float_intrinsics[] = {
    {"llvm.fma.", HIR_FMA, 3},
    {"llvm.fmuladd.", HIR_FMA, 3},
    {"llvm.sqrt.", HIR_FSQRT, 1},
    {"llvm.minnum.", HIR_FMIN, 2},
    {"llvm.maxnum.", HIR_FMAX, 2},
    {"llvm.fptosi.sat.", HIR_FPTOSI, 1},
    {"llvm.fptoui.sat.", HIR_FPTOUI, 1},
    {"llvm.fabs.", HIR_OPCODE_COUNT, 1},
    {"llvm.copysign.", HIR_OPCODE_COUNT, 2},
};

static int compare_bits(struct lower *l, enum hir_opcode op, int a, uint64_t value)
{
    int ops[2] = {a, hir_const(l->k, 32, value)};
    return emit_n(l, op, 1, 2, ops);
}

/*
 * llvm.is.fpclass(x, mask): x is in one of the classes of mask (bit 0 signalling NaN, 1 quiet
 * NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf), tested
 * on the bits: the magnitude's range tells the class, the top bit the sign.
 */
static int lower_is_fpclass(struct lower *l, LLVMValueRef call, int x, unsigned line)
{
    LLVMValueRef mask_value = LLVMGetOperand(call, 1);
    if (!LLVMIsAConstantInt(mask_value))
        return lower_error(l, line, "llvm.is.fpclass with a run-time class mask");
    unsigned mask = (unsigned)LLVMConstIntGetZExtValue(mask_value);
    int mag = emit_bits(l, HIR_AND, x, SIGN_BIT - 1);
    int neg = compare_bits(l, HIR_UGE, x, SIGN_BIT);
    int pos = hir_not1(l->k, neg);
    /* the magnitude classes, in order: [0], (0, 2^23), [2^23, inf), inf, qNaN/sNaN ranges */
    int zero = compare_bits(l, HIR_EQ, mag, 0);
    int below_normal = compare_bits(l, HIR_ULT, mag, 0x00800000);
    int below_inf = compare_bits(l, HIR_ULT, mag, 0x7f800000);
    int inf = compare_bits(l, HIR_EQ, mag, 0x7f800000);
    int nan = compare_bits(l, HIR_UGT, mag, 0x7f800000);
    int quiet = compare_bits(l, HIR_UGE, mag, 0x7fc00000);
    int denormal = hir_and1(l->k, below_normal, hir_not1(l->k, zero));
    int normal = hir_and1(l->k, below_inf, hir_not1(l->k, below_normal));
    const int magnitude_class[10] = {hir_and1(l->k, nan, hir_not1(l->k, quiet)),
                                     quiet,
                                     inf,
                                     normal,
                                     denormal,
                                     zero,
                                     zero,
                                     denormal,
                                     normal,
                                     inf};
    int result = hir_const(l->k, 1, 0);
    for (int bit = 0; bit < 10; bit++) {
        if (!(mask >> bit & 1))
            continue;
        int mirror = 11 - bit; /* the same magnitude class with the other sign: 2-9, 3-8 ... */
        int term = magnitude_class[bit];
        if (bit >= 2 && !(mask >> mirror & 1))
            term = hir_and1(l->k, term, bit < 6 ? neg : pos);
        result = hir_or1(l->k, result, term);
    }
    return lower_define(l, call, result, line);
}

int lower_float_intrinsic(struct lower *l, LLVMValueRef call, const char *name, unsigned line)
{
    if (!strncmp(name, "llvm.is.fpclass.", 16)) {
        if (lower_check_float_type(l, LLVMTypeOf(LLVMGetOperand(call, 0)), line))
            return -1;
        int x = lower_operand(l, LLVMGetOperand(call, 0), line);
        return x == HIR_NONE ? -1 : lower_is_fpclass(l, call, x, line);
    }
    const struct float_intrinsic *fi = NULL;
    for (size_t i = 0; i < sizeof(float_intrinsics) / sizeof(float_intrinsics[0]); i++)
        if (!strncmp(name, float_intrinsics[i].prefix, strlen(float_intrinsics[i].prefix)))
            fi = &float_intrinsics[i];
    if (!fi)
        return lower_error(l, line, "'%s': no hardware for this floating-point intrinsic", name);
    if (lower_check_float_type(l, LLVMTypeOf(LLVMGetOperand(call, 0)), line))
        return -1;
    int ops[3];
    for (int i = 0; i < fi->nargs; i++)
        if ((ops[i] = lower_operand(l, LLVMGetOperand(call, (unsigned)i), line)) == HIR_NONE)
            return -1;
    if (fi->opcode == HIR_FPTOSI || fi->opcode == HIR_FPTOUI) {
        unsigned w = lower_type_width(l, LLVMTypeOf(call), line);
        return w ? lower_define(l, call, hir_emit(l->k, fi->opcode, w, 1, ops), line) : -1;
    }
    if (fi->opcode != HIR_OPCODE_COUNT)
        return lower_define(l, call, hir_emit(l->k, fi->opcode, 32, fi->nargs, ops), line);
    int magnitude = emit_bits(l, HIR_AND, ops[0], SIGN_BIT - 1);
    if (fi->nargs == 1) /* fabs */
        return lower_define(l, call, magnitude, line);
    int with_sign[2] = {magnitude, emit_bits(l, HIR_AND, ops[1], SIGN_BIT)};
    return lower_define(l, call, emit_n(l, HIR_OR, 32, 2, with_sign), line);
}
