// SPDX-License-Identifier: MIT
/*
 * Values: what each LLVM value is in the hardware IR. An instruction's value is defined when
 * it is lowered (lower_define); an operand's is looked up (lower_operand), a constant's made
 * at its first use: a number, a float's bits, the address of a __local variable
 * (lower_private.c) or a constant address expression. getelementptr, an instruction's or a
 * constant's, becomes adds of scaled indices (sizes from the module's data layout). Types
 * give the values their widths in the datapath.
 */
#include <string.h>

#include "lower_shared.h"

unsigned lower_type_width(struct lower *l, LLVMTypeRef t, unsigned line)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        if (w > 64) {
            lower_error(l, line, "%u-bit integers are not supported (at most 64 bits)", w);
            return 0;
        }
        return w;
    }
    case LLVMPointerTypeKind:
        return 32; /* -target spir: 32-bit pointers */
    case LLVMFloatTypeKind:
        return 32;
    case LLVMHalfTypeKind: /* storage only: lower_float.c rejects arithmetic */
        return 16;
    case LLVMDoubleTypeKind:
        lower_error(l, line, "double is not supported (the device has no cl_khr_fp64): use float");
        return 0;
    case LLVMVectorTypeKind:
        lower_error(l, line, "vector types are not supported yet");
        return 0;
    default:
        lower_error(l, line, "values of this type (aggregate or other) are not supported yet");
        return 0;
    }
}

/* The operation's float type is binary32: half and double are reported. */
int lower_check_float_type(struct lower *l, LLVMTypeRef t, unsigned line)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    switch (LLVMGetTypeKind(t)) {
    case LLVMFloatTypeKind:
        return 0;
    case LLVMHalfTypeKind:
        return lower_error(l, line,
                           "half arithmetic is not supported (half is a storage type: "
                           "use vload_half/vstore_half to convert to and from float)");
    case LLVMDoubleTypeKind:
        return lower_error(l, line,
                           "double is not supported (the device has no cl_khr_fp64): use float");
    default:
        return lower_error(l, line, "this floating-point type is not supported");
    }
}

/* A float constant's bits; half constants are rejected by their type (no half arithmetic). */
static int float_constant(struct lower *l, LLVMValueRef v, unsigned line)
{
    if (lower_check_float_type(l, LLVMTypeOf(v), line))
        return HIR_NONE;
    LLVMBool loses = 0;
    float f = (float)LLVMConstRealGetDouble(v, &loses);
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return hir_const(l->k, 32, bits);
}

static int add32(struct lower *l, int a, int b)
{
    if (hir_is_const(l->k, b, 0))
        return a;
    int ops[2] = {a, b};
    return hir_emit(l->k, HIR_ADD, 32, 2, ops);
}

static int lower_constant(struct lower *l, LLVMValueRef v, unsigned line)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    if (LLVMIsAGlobalValue(v)) {
        long long at = hls_constant_offset(l->ctx->constants, v);
        if (LLVMGetPointerAddressSpace(t) == 3)
            return lower_local_variable(l, v, line);
        if (at >= 0 && l->constant_base != HIR_NONE) { /* a __constant variable in memory */
            int addr = add32(l, l->constant_base, hir_const(l->k, 32, (uint64_t)at));
            if (addr != HIR_NONE && lower_set_base_arg(l, addr, l->k->constant_arg))
                return HIR_NONE;
            return addr;
        }
        else
            lower_error(l, line,
                        "program-scope variables and function pointers are not supported yet");
        return HIR_NONE;
    }
    unsigned width = lower_type_width(l, t, line);
    if (!width)
        return HIR_NONE;
    if (LLVMIsAConstantInt(v))
        return hir_const(l->k, width, LLVMConstIntGetZExtValue(v));
    if (LLVMIsAConstantFP(v))
        return float_constant(l, v, line);
    if (LLVMIsAConstantPointerNull(v) || LLVMIsUndef(v) || LLVMIsPoison(v) ||
        LLVMIsAConstantAggregateZero(v))
        return hir_const(l->k, width, 0); /* any value is correct for undef; 0 is cheap */
    if (LLVMIsAConstantExpr(v)) {         /* addresses in __local variables: &tile[0][3] */
        LLVMOpcode opc = LLVMGetConstOpcode(v);
        if (opc == LLVMGetElementPtr && !lower_gep(l, v, line))
            return valmap_get(&l->values, v, HIR_NONE);
        if (opc == LLVMAddrSpaceCast || opc == LLVMBitCast)
            return lower_operand(l, LLVMGetOperand(v, 0), line);
    }
    lower_error(l, line, "unsupported constant expression");
    return HIR_NONE;
}

int lower_operand(struct lower *l, LLVMValueRef v, unsigned line)
{
    int id = valmap_get(&l->values, v, HIR_NONE);
    if (id != HIR_NONE)
        return id;
    if (LLVMIsConstant(v))
        return lower_constant(l, v, line);
    lower_error(l, line, "internal error: value used before it is defined");
    return HIR_NONE;
}

int lower_define(struct lower *l, LLVMValueRef inst, int id, unsigned line)
{
    if (id == HIR_NONE)
        return lower_error(l, line, "out of memory");
    if (!l->k->ops[id].line)
        l->k->ops[id].line = line;
    if (valmap_put(&l->values, inst, id))
        return lower_error(l, line, "out of memory");
    return 0;
}

/* index (any width) as a 32-bit byte offset times scale. */
static int scaled_index(struct lower *l, LLVMValueRef idx, uint64_t scale, unsigned line)
{
    unsigned w = lower_type_width(l, LLVMTypeOf(idx), line);
    if (!w)
        return HIR_NONE;
    if (LLVMIsAConstantInt(idx))
        return hir_const(l->k, 32, (uint64_t)LLVMConstIntGetSExtValue(idx) * scale);
    int v = lower_operand(l, idx, line);
    if (v == HIR_NONE)
        return HIR_NONE;
    if (w != 32)
        v = hir_emit(l->k, w > 32 ? HIR_TRUNC : HIR_SEXT, 32, 1, &v);
    if (scale == 1)
        return v;
    if (!(scale & (scale - 1))) { /* power of two: a shift is wiring, not a multiplier */
        int ops[2] = {v, hir_const(l->k, 32, (uint64_t)__builtin_ctzll(scale))};
        return hir_emit(l->k, HIR_SHL, 32, 2, ops);
    }
    int ops[2] = {v, hir_const(l->k, 32, scale)};
    return hir_emit(l->k, HIR_MUL, 32, 2, ops);
}

int lower_gep_at(struct lower *l, LLVMValueRef gep, int base, unsigned line)
{
    if (LLVMGetTypeKind(LLVMTypeOf(gep)) != LLVMPointerTypeKind)
        return lower_error(l, line, "vector getelementptr is not supported yet"), HIR_NONE;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned nidx = (unsigned)LLVMGetNumOperands(gep) - 1;
    int addr = base;

    for (unsigned i = 0; i < nidx; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i + 1);
        int off;
        if (i == 0) {
            off = scaled_index(l, idx, LLVMABISizeOfType(l->td, t), line);
        } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
            off = hir_const(l->k, 32, LLVMOffsetOfElement(l->td, t, field));
            t = LLVMStructGetTypeAtIndex(t, field);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind ||
                   LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
            t = LLVMGetElementType(t);
            off = scaled_index(l, idx, LLVMABISizeOfType(l->td, t), line);
        } else {
            return lower_error(l, line, "unsupported getelementptr"), HIR_NONE;
        }
        if (off == HIR_NONE || (addr = add32(l, addr, off)) == HIR_NONE)
            return HIR_NONE;
    }
    int b = lower_base_arg(l, base);
    if (b != HIR_NONE && lower_set_base_arg(l, addr, b))
        return HIR_NONE;
    if (!l->k->ops[addr].line)
        l->k->ops[addr].line = line;
    return addr;
}

int lower_gep(struct lower *l, LLVMValueRef gep, unsigned line)
{
    int base = lower_operand(l, LLVMGetOperand(gep, 0), line);
    int addr = base == HIR_NONE ? HIR_NONE : lower_gep_at(l, gep, base, line);
    if (addr == HIR_NONE)
        return -1;
    if (valmap_put(&l->values, gep, addr))
        return lower_error(l, line, "out of memory");
    return 0;
}
