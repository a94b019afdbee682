// SPDX-License-Identifier: MIT
/*
 * Atomic instructions: atomicrmw, cmpxchg, and atomic loads and stores (what the OpenCL atomic
 * functions of frontend/builtins/atomics.cl become). Each is one HIR_LOAD whose `atomic` names
 * the read-modify-write: its value is the old word, its operands the address and up to two
 * data values. Memory orders and scopes are not distinguished: every atomic site is one unit
 * at the memory that performs its operations one at a time, in order, which is stronger than
 * any of them asks (docs/architecture.md, "Atomics").
 */
#include "lower_shared.h"

/* A predicated atomic operation on the 32-bit word at ptr; its value (the old word). */
static int emit_atomic(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, enum hir_atomic_op aop,
                       int a, int b, unsigned line)
{
    unsigned as;
    int addr = lower_access_address(l, inst, ptr, 4, &as, line);
    if (addr == HIR_NONE)
        return HIR_NONE;
    if (as == 2) {
        lower_error(l, line, "atomic operation on __constant memory");
        return HIR_NONE;
    }
    int pred = ifc_block_pred(l, l->cur_block); /* may add operations: before taking op */
    int zero = hir_const(l->k, 32, 0);
    int ops[3] = {addr, a == HIR_NONE ? zero : a, b == HIR_NONE ? zero : b};
    int v = hir_emit(l->k, HIR_LOAD, 32, 3, ops);
    if (v == HIR_NONE || zero == HIR_NONE) {
        lower_error(l, line, "out of memory");
        return HIR_NONE;
    }
    struct hir_op *op = &l->k->ops[v];
    op->pred = pred;
    op->atomic = 1 + (int)aop;
    op->addr_space = as;
    op->fence_seq = l->global_fences;
    op->base_arg = lower_base_arg(l, addr);
    if (op->base_arg <= HIR_PRIVATE_BASE(0)) /* a __local memory in block RAM */
        op->parray = HIR_PRIVATE_OF(op->base_arg);
    op->line = line;
    return v;
}

/* Only 32-bit integer words: the atomic units are 32 bits wide. */
static int check_word(struct lower *l, LLVMTypeRef t, unsigned line)
{
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32)
        return 0;
    if (LLVMGetTypeKind(t) == LLVMFloatTypeKind)
        return lower_error(l, line, "atomic operations on float are not supported yet");
    return lower_error(l, line,
                       "atomic operations are supported on 32-bit int and uint only (this one is "
                       "on a %u-bit value)",
                       LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0);
}

static int rmw_operation(LLVMAtomicRMWBinOp op, enum hir_atomic_op *out)
{
    switch (op) {
    case LLVMAtomicRMWBinOpXchg:
        *out = HIR_ATOMIC_XCHG;
        return 0;
    case LLVMAtomicRMWBinOpAdd:
        *out = HIR_ATOMIC_ADD;
        return 0;
    case LLVMAtomicRMWBinOpSub:
        *out = HIR_ATOMIC_SUB;
        return 0;
    case LLVMAtomicRMWBinOpAnd:
        *out = HIR_ATOMIC_AND;
        return 0;
    case LLVMAtomicRMWBinOpOr:
        *out = HIR_ATOMIC_OR;
        return 0;
    case LLVMAtomicRMWBinOpXor:
        *out = HIR_ATOMIC_XOR;
        return 0;
    case LLVMAtomicRMWBinOpMax:
        *out = HIR_ATOMIC_SMAX;
        return 0;
    case LLVMAtomicRMWBinOpMin:
        *out = HIR_ATOMIC_SMIN;
        return 0;
    case LLVMAtomicRMWBinOpUMax:
        *out = HIR_ATOMIC_UMAX;
        return 0;
    case LLVMAtomicRMWBinOpUMin:
        *out = HIR_ATOMIC_UMIN;
        return 0;
    default:
        return -1; /* nand, floating point, wrapping increments */
    }
}

int lower_atomic_rmw(struct lower *l, LLVMValueRef inst, unsigned line)
{
    enum hir_atomic_op aop;
    if (check_word(l, LLVMTypeOf(inst), line))
        return -1;
    if (rmw_operation(LLVMGetAtomicRMWBinOp(inst), &aop))
        return lower_error(l, line,
                           "this atomic operation is not supported (LLVM atomicrmw "
                           "operation %d)",
                           (int)LLVMGetAtomicRMWBinOp(inst));
    int a = lower_operand(l, LLVMGetOperand(inst, 1), line);
    if (a == HIR_NONE)
        return -1;
    int v = emit_atomic(l, inst, LLVMGetOperand(inst, 0), aop, a, HIR_NONE, line);
    if (v == HIR_NONE || valmap_put(&l->values, inst, v))
        return v == HIR_NONE ? -1 : lower_error(l, line, "out of memory");
    return 0;
}

/*
 * cmpxchg yields {old, success}. Its users are extractvalues, defined here so that lower.c
 * never sees the pair: element 0 is the old word, element 1 is old == expected.
 */
int lower_atomic_cmpxchg(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef expected = LLVMGetOperand(inst, 1);
    if (check_word(l, LLVMTypeOf(expected), line))
        return -1;
    int a = lower_operand(l, expected, line);
    int b = lower_operand(l, LLVMGetOperand(inst, 2), line);
    if (a == HIR_NONE || b == HIR_NONE)
        return -1;
    int old = emit_atomic(l, inst, LLVMGetOperand(inst, 0), HIR_ATOMIC_CMPXCHG, a, b, line);
    if (old == HIR_NONE)
        return -1;
    int eq_ops[2] = {old, a};
    int success = hir_emit(l->k, HIR_EQ, 1, 2, eq_ops);
    if (success == HIR_NONE)
        return lower_error(l, line, "out of memory");
    for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(user) || LLVMGetNumIndices(user) != 1)
            return lower_error(l, line,
                               "the {old value, success} pair of a compare-exchange is used as a "
                               "whole, which is not supported");
        int which = (int)LLVMGetIndices(user)[0];
        if (valmap_put(&l->values, user, which == 0 ? old : success))
            return lower_error(l, line, "out of memory");
    }
    return 0;
}

/* An atomic load: the unit's LOAD operation, so it sees the unit's latest value. */
int lower_atomic_load(struct lower *l, LLVMValueRef inst, unsigned line)
{
    if (check_word(l, LLVMTypeOf(inst), line))
        return -1;
    int v =
        emit_atomic(l, inst, LLVMGetOperand(inst, 0), HIR_ATOMIC_LOAD, HIR_NONE, HIR_NONE, line);
    if (v == HIR_NONE || valmap_put(&l->values, inst, v))
        return v == HIR_NONE ? -1 : lower_error(l, line, "out of memory");
    return 0;
}

/* An atomic store: an exchange whose old value nobody reads. */
int lower_atomic_store(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef val = LLVMGetOperand(inst, 0);
    if (check_word(l, LLVMTypeOf(val), line))
        return -1;
    int a = lower_operand(l, val, line);
    if (a == HIR_NONE)
        return -1;
    return emit_atomic(l, inst, LLVMGetOperand(inst, 1), HIR_ATOMIC_XCHG, a, HIR_NONE, line) ==
                   HIR_NONE
               ? -1
               : 0;
}
