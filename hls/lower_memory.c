// SPDX-License-Identifier: MIT
/*
 * Address arithmetic and memory accesses. getelementptr becomes adds of scaled indices
 * (sizes from the module's data layout); loads and stores carry their block's predicate so
 * a path not taken neither reads nor writes memory. Each pointer remembers the kernel
 * argument it derives from, for alias analysis in memory_order.c.
 */
#include "lower_internal.h"

int lower_base_arg(struct lower *l, int ptr_value)
{
    return valmap_get(&l->base_arg, (const void *)(intptr_t)(ptr_value + 1), HIR_NONE);
}

int lower_set_base_arg(struct lower *l, int ptr_value, int arg)
{
    if (valmap_put(&l->base_arg, (const void *)(intptr_t)(ptr_value + 1), arg))
        return hls_error(l->ctx, 0, "out of memory");
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

static int add32(struct lower *l, int a, int b)
{
    if (hir_is_const(l->k, b, 0))
        return a;
    int ops[2] = {a, b};
    return hir_emit(l->k, HIR_ADD, 32, 2, ops);
}

int lower_gep(struct lower *l, LLVMValueRef gep, unsigned line)
{
    int base = lower_operand(l, LLVMGetOperand(gep, 0), line);
    if (base == HIR_NONE)
        return -1;
    if (LLVMGetTypeKind(LLVMTypeOf(gep)) != LLVMPointerTypeKind)
        return hls_error(l->ctx, line, "vector getelementptr is not supported yet");
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
            return hls_error(l->ctx, line, "unsupported getelementptr");
        }
        if (off == HIR_NONE || (addr = add32(l, addr, off)) == HIR_NONE)
            return -1;
    }
    int b = lower_base_arg(l, base);
    if (b >= 0 && lower_set_base_arg(l, addr, b))
        return -1;
    if (valmap_put(&l->values, gep, addr))
        return hls_error(l->ctx, line, "out of memory");
    if (!l->k->ops[addr].line)
        l->k->ops[addr].line = line;
    return 0;
}

/* Checks the address space and alignment of an access; returns its address value. */
static int access_address(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned bytes,
                          unsigned *as, unsigned line)
{
    *as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (*as == 3)
        return hls_error(l->ctx, line, "__local memory is not supported yet"), HIR_NONE;
    if (*as == 0 || *as == 4)
        return hls_error(l->ctx, line,
                         "private or generic memory accesses are not supported yet "
                         "(private arrays, or pointers to private variables)"),
               HIR_NONE;
    if (*as != 1 && *as != 2)
        return hls_error(l->ctx, line, "unsupported address space %u", *as), HIR_NONE;
    if (LLVMGetAlignment(inst) < bytes)
        return hls_error(l->ctx, line, "unaligned %u-byte access (alignment %u)", bytes,
                         LLVMGetAlignment(inst)),
               HIR_NONE;
    return lower_operand(l, ptr, line);
}

static int memory_width(struct lower *l, LLVMTypeRef t, unsigned line)
{
    unsigned w = lower_type_width(l, t, line);
    if (w && w != 8 && w != 16 && w != 32 && w != 64) {
        hls_error(l->ctx, line, "%u-bit memory accesses are not supported", w);
        return 0;
    }
    return (int)w;
}

int lower_load(struct lower *l, LLVMValueRef inst, unsigned line)
{
    int w = memory_width(l, LLVMTypeOf(inst), line);
    if (!w)
        return -1;
    unsigned as;
    int addr = access_address(l, inst, LLVMGetOperand(inst, 0), (unsigned)w / 8, &as, line);
    if (addr == HIR_NONE)
        return -1;
    int pred = ifc_block_pred(l, l->cur_block); /* may add operations: before taking op */
    int v = hir_emit(l->k, HIR_LOAD, (unsigned)w, 1, &addr);
    if (v == HIR_NONE)
        return hls_error(l->ctx, line, "out of memory");
    struct hir_op *op = &l->k->ops[v];
    op->pred = pred;
    op->addr_space = as;
    op->base_arg = lower_base_arg(l, addr);
    op->line = line;
    if (valmap_put(&l->values, inst, v))
        return hls_error(l->ctx, line, "out of memory");
    return 0;
}

int lower_store(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef val = LLVMGetOperand(inst, 0);
    int w = memory_width(l, LLVMTypeOf(val), line);
    if (!w)
        return -1;
    unsigned as;
    int addr = access_address(l, inst, LLVMGetOperand(inst, 1), (unsigned)w / 8, &as, line);
    if (addr == HIR_NONE)
        return -1;
    if (as == 2)
        return hls_error(l->ctx, line, "store to __constant memory");
    int data = lower_operand(l, val, line);
    if (data == HIR_NONE)
        return -1;
    int pred = ifc_block_pred(l, l->cur_block);
    if (!line) /* stores merged by LLVM (out[i] = a; if (c) out[i] = b;) lose their line */
        line = l->k->ops[data].line ? l->k->ops[data].line : l->k->ops[addr].line;
    int ops[2] = {addr, data};
    int s = hir_emit(l->k, HIR_STORE, 0, 2, ops);
    if (s == HIR_NONE)
        return hls_error(l->ctx, line, "out of memory");
    struct hir_op *op = &l->k->ops[s];
    op->pred = pred;
    op->imm = (uint64_t)w; /* stored bits */
    op->addr_space = as;
    op->base_arg = lower_base_arg(l, addr);
    op->line = line;
    return 0;
}
