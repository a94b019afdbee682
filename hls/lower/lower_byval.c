// SPDX-License-Identifier: MIT
/*
 * Structs (and unions) passed by value: clang gives the kernel a pointer to the bytes
 * (`ptr byval(%struct.T)`), which the host's clSetKernelArg fills. Those bytes sit in the
 * kernel's argument words like any other argument, at an offset aligned for the struct, and a
 * load at a constant offset into them is a slice of those words (an HIR_ARG at that byte); a
 * load at a run-time offset (an array in the struct) chooses between the slices.
 */
#include "lower_shared.h"

static LLVMTypeRef byval_type(LLVMValueRef fn, unsigned i)
{
    static const char byval[] = "byval";
    unsigned kind = LLVMGetEnumAttributeKindForName(byval, sizeof(byval) - 1);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
    return a ? LLVMGetTypeAttributeValue(a) : NULL;
}

int lower_byval_argument(struct lower *l, int arg, unsigned *offset)
{
    LLVMTypeRef t = byval_type(l->fk->function, (unsigned)arg);
    if (!t)
        return 0;
    struct hir_kernel *k = l->k;
    unsigned bytes = (unsigned)LLVMABISizeOfType(l->td, t);
    unsigned align = LLVMABIAlignmentOfType(l->td, t) >= 8 ? 8 : 4;
    *offset = (*offset + align - 1) & ~(align - 1);
    if (lower_argument_room(l, *offset + bytes, l->fk->line))
        return -1;
    k->arg_width[arg] = bytes * 8;
    k->arg_csr_offset[arg] = *offset;
    *offset += (bytes + 3) & ~3u;
    /* The pointer itself is never an address the hardware uses: only its loads (below). */
    int id = hir_const(k, 32, 0);
    if (id == HIR_NONE || valmap_put(&l->values, LLVMGetParam(l->fk->function, (unsigned)arg), id))
        return lower_error(l, l->fk->line, "out of memory");
    return 1;
}

/* The byval argument p derives from: its index, *offset the constant byte offset (and
   *constant 0 when some index is a run-time value); -1 when p derives from none. */
static int byval_source(struct lower *l, LLVMValueRef p, unsigned long long *offset,
                        int *constant)
{
    *offset = 0;
    *constant = 1;
    for (;;) {
        if (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p)) {
            p = LLVMGetOperand(p, 0);
            continue;
        }
        if (!LLVMIsAGetElementPtrInst(p))
            break;
        LLVMTypeRef t = LLVMGetGEPSourceElementType(p);
        unsigned nidx = (unsigned)LLVMGetNumOperands(p) - 1;
        for (unsigned i = 0; i < nidx && *constant; i++) {
            LLVMValueRef idx = LLVMGetOperand(p, i + 1);
            if (!LLVMIsAConstantInt(idx)) {
                *constant = 0;
                break;
            }
            long long v = LLVMConstIntGetSExtValue(idx);
            if (i > 0 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
                *offset += LLVMOffsetOfElement(l->td, t, (unsigned)v);
                t = LLVMStructGetTypeAtIndex(t, (unsigned)v);
                continue;
            }
            if (i > 0)
                t = LLVMGetElementType(t);
            *offset += (unsigned long long)(v * (long long)LLVMABISizeOfType(l->td, t));
        }
        p = LLVMGetOperand(p, 0);
    }
    if (!LLVMIsAArgument(p))
        return -1;
    LLVMValueRef fn = l->fk->function;
    for (unsigned i = 0; i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == p)
            return byval_type(fn, i) ? (int)i : -1;
    return -1;
}

static int arg_slice(struct lower *l, int arg, unsigned width, unsigned off)
{
    int id = hir_emit(l->k, HIR_ARG, width, 0, NULL);
    if (id != HIR_NONE) {
        l->k->ops[id].imm = (uint64_t)arg;
        l->k->ops[id].aux = off;
    }
    return id;
}

/*
 * A read at a run-time offset: the argument's pointer is the constant 0 (lower_byval_argument),
 * so the lowered address is the byte offset itself; the value is a select over every place
 * the read may start (each multiple of its alignment), as for a small private array.
 */
static int indexed_slice(struct lower *l, LLVMValueRef inst, int arg, unsigned width,
                         unsigned line)
{
    unsigned bytes = l->fk->args[arg].size, align = LLVMGetAlignment(inst);
    int off = lower_operand(l, LLVMGetOperand(inst, 0), line);
    if (off == HIR_NONE || bytes < width / 8)
        return HIR_NONE;
    if (!align)
        align = 1;
    unsigned last = (bytes - width / 8) / align * align;
    int v = arg_slice(l, arg, width, last);
    for (unsigned at = last; at >= align && v != HIR_NONE;) {
        at -= align;
        int eq_ops[2] = {off, hir_const(l->k, 32, at)};
        int eq = hir_emit(l->k, HIR_EQ, 1, 2, eq_ops);
        int sel_ops[3] = {eq, arg_slice(l, arg, width, at), v};
        v = eq == HIR_NONE || sel_ops[1] == HIR_NONE ? HIR_NONE
                                                     : hir_emit(l->k, HIR_SELECT, width, 3, sel_ops);
    }
    return v;
}

int lower_byval_load(struct lower *l, LLVMValueRef inst, unsigned width, unsigned line)
{
    unsigned long long off;
    int constant;
    LLVMValueRef ptr = LLVMGetOperand(inst, 0);
    int arg = byval_source(l, ptr, &off, &constant);
    if (arg < 0)
        return 0;
    const struct fe_arg *a = &l->fk->args[arg];
    if (constant && off + width / 8 > a->size)
        return lower_error(l, line, "a read past the end of argument '%s' (%u bytes)", a->name,
                           a->size);
    int id = constant ? arg_slice(l, arg, width, (unsigned)off)
                      : indexed_slice(l, inst, arg, width, line);
    if (id == HIR_NONE)
        return lower_error(l, line, "out of memory");
    return lower_define(l, inst, id, line) ? -1 : 1;
}
