// SPDX-License-Identifier: MIT
/*
 * Private arrays in block RAM. The frontend keeps arrays of up to 256 bytes in registers; an
 * alloca that reaches HLS is an array in block RAM (hir_parray): its address is a byte offset
 * from 0 with the array as provenance, and each work-item in flight has its own copy, chosen
 * by its slot (HIR_WI_SLOT, from ocl_slot_pool): the access address is
 * offset + slot * size. A single work-item kernel has one copy.
 */
#include <stdlib.h>

#include "lower_internal.h"

/* Block RAM for one copy of one array: larger arrays are almost surely a mistake. */
#define PRIVATE_ARRAY_MAX_BYTES 65536

int lower_alloca(struct lower *l, LLVMValueRef inst, unsigned line)
{
    struct hir_kernel *k = l->k;
    unsigned long long bytes = LLVMABISizeOfType(l->td, LLVMGetAllocatedType(inst));
    LLVMValueRef count = LLVMGetOperand(inst, 0);
    if (LLVMIsAConstantInt(count))
        bytes *= LLVMConstIntGetZExtValue(count);
    /* Allocas carry no line: name the earliest line among its uses. */
    for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
        unsigned ul = fe_inst_line(LLVMGetUser(u), NULL);
        if (ul && (!line || ul < line))
            line = ul;
    }
    if (!LLVMIsAConstantInt(count) || !bytes || bytes > PRIVATE_ARRAY_MAX_BYTES)
        return hls_error(l->ctx, line,
                         "private array of %llu bytes: at most %d bytes per work-item fit in "
                         "block RAM",
                         bytes, PRIVATE_ARRAY_MAX_BYTES);
    struct hir_parray *grown = realloc(k->parrays, (size_t)(k->nparrays + 1) * sizeof(*grown));
    if (!grown)
        return hls_error(l->ctx, line, "out of memory");
    k->parrays = grown;
    int p = k->nparrays++;
    k->parrays[p] = (struct hir_parray){(unsigned)bytes, 0, line, 0, 0};
    /* Its own constant 0 (aux keeps it apart from other zeros), so provenance is exact. */
    int base = hir_emit(k, HIR_CONST, 32, 0, NULL);
    if (base == HIR_NONE)
        return hls_error(l->ctx, line, "out of memory");
    k->ops[base].aux = (unsigned)p + 1;
    if (lower_set_base_arg(l, base, HIR_PRIVATE_BASE(p)) || valmap_put(&l->values, inst, base))
        return hls_error(l->ctx, line, "out of memory");
    return 0;
}

static int slot_value(struct lower *l)
{
    struct hir_kernel *k = l->k;
    if (k->slot == HIR_NONE) {
        int v = hir_emit(k, HIR_WI, 32, 0, NULL);
        if (v == HIR_NONE)
            return HIR_NONE;
        k->ops[v].imm = HIR_WI_SLOT;
        k->slot = v;
    }
    return k->slot;
}

int lower_private_address(struct lower *l, int addr, unsigned bytes, unsigned line)
{
    struct hir_kernel *k = l->k;
    int p = HIR_PRIVATE_OF(lower_base_arg(l, addr));
    struct hir_parray *pa = &k->parrays[p];
    if (!pa->elem_bytes)
        pa->elem_bytes = bytes;
    if (pa->elem_bytes != bytes)
        return hls_error(l->ctx, line,
                         "private array (line %u) accessed as %u-byte and %u-byte elements: a "
                         "block-RAM array needs one element size",
                         pa->line, pa->elem_bytes, bytes),
               HIR_NONE;
    int slot = slot_value(l); /* a task's work-items, too, take the one copy in turn */
    if (slot == HIR_NONE)
        return hls_error(l->ctx, line, "out of memory"), HIR_NONE;
    if (k->single_work_item)
        return addr; /* one copy */
    int ops[2] = {slot, hir_const(k, 32, pa->bytes)};
    int stride = hir_emit(k, HIR_MUL, 32, 2, ops);
    int sum[2] = {addr, stride};
    int a = stride == HIR_NONE ? HIR_NONE : hir_emit(k, HIR_ADD, 32, 2, sum);
    if (a == HIR_NONE || lower_set_base_arg(l, a, HIR_PRIVATE_BASE(p)))
        return hls_error(l->ctx, line, "out of memory"), HIR_NONE;
    return a;
}
