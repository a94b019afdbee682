// SPDX-License-Identifier: MIT
/*
 * Memories in block RAM (hir_parray). Private arrays: the frontend keeps arrays of up to 256
 * bytes in registers; an alloca that reaches HLS is an array in block RAM, and each work-item
 * in flight has its own copy, chosen by its slot (HIR_WI_SLOT, from ocl_slot_pool); a single
 * work-item kernel has one copy. __local arrays (program-scope variables in address space 3)
 * and __local pointer arguments: one copy per work-group in flight, chosen by the work-group
 * slot (HIR_WI_WG_SLOT, from ocl_wg_slots). A pointer into one is a byte offset from 0 with the
 * memory as provenance; an access reaches offset + slot * size.
 */
#include <stdlib.h>
#include <string.h>

#include "lower_shared.h"


/* A new memory; its base pointer is a constant 0 of its own (aux keeps it apart from other
   zeros, so provenance is exact). Returns the base value or HIR_NONE after an error. */
static int new_memory(struct lower *l, unsigned bytes, unsigned line, int local, int arg)
{
    struct hir_kernel *k = l->k;
    struct hir_parray *grown = realloc(k->parrays, (size_t)(k->nparrays + 1) * sizeof(*grown));
    if (!grown)
        return lower_error(l, line, "out of memory"), HIR_NONE;
    k->parrays = grown;
    int p = k->nparrays++;
    k->parrays[p] = (struct hir_parray){
        .bytes = bytes, .line = line, .file = k->cur_file, .local = local, .arg = arg, .banks = 1};
    if (local && arg == HIR_NONE) { /* the kernel's own __local variables */
        unsigned long total = 0;
        for (int i = 0; i < k->nparrays; i++)
            total += k->parrays[i].local && k->parrays[i].arg == HIR_NONE ? k->parrays[i].bytes : 0;
        unsigned long long limit = l->ctx->board->local_mem_bytes;
        if (total > limit)
            return lower_error(l, line,
                               "__local memory of %lu bytes: a work-group has at most %llu bytes "
                               "of local memory on board '%s'",
                               total, limit, l->ctx->board->name),
                   HIR_NONE;
    }
    int base = hir_emit(k, HIR_CONST, 32, 0, NULL);
    if (base == HIR_NONE)
        return lower_error(l, line, "out of memory"), HIR_NONE;
    k->ops[base].aux = (unsigned)p + 1;
    if (lower_set_base_arg(l, base, HIR_PRIVATE_BASE(p)))
        return HIR_NONE;
    return base;
}

/*
 * The work-group functions' scratch (frontend/builtins/work_group.cl): one element per
 * work-item of the largest work-group; 0 for any other __local variable.
 */
static unsigned long long scratch_bytes(struct lower *l, LLVMValueRef global)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(global, &len);
    if (len < sizeof(FE_WG_SCRATCH_PREFIX) - 1 ||
        strncmp(name, FE_WG_SCRATCH_PREFIX, sizeof(FE_WG_SCRATCH_PREFIX) - 1))
        return 0;
    LLVMTypeRef t = LLVMGlobalGetValueType(global);
    if (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    /* SIMD lanes: the hardware's group counts tokens of simd work-items each */
    return LLVMABISizeOfType(l->td, t) * hls_max_work_group(l->k, l->ctx->board) *
           (l->k->simd > 1 ? l->k->simd : 1);
}

int lower_local_variable(struct lower *l, LLVMValueRef global, unsigned line)
{
    int base = valmap_get(&l->values, global, HIR_NONE);
    if (base != HIR_NONE)
        return base;
    unsigned long long bytes = scratch_bytes(l, global);
    if (!bytes)
        bytes = LLVMABISizeOfType(l->td, LLVMGlobalGetValueType(global));
    base = new_memory(l, (unsigned)bytes, line, 1, HIR_NONE);
    if (base != HIR_NONE && valmap_put(&l->values, global, base))
        return lower_error(l, line, "out of memory"), HIR_NONE;
    return base;
}

/*
 * A __local pointer argument holds what the host gives it at launch, up to the board's local
 * memory (CL_DEVICE_LOCAL_MEM_SIZE): the hardware is sized for that, and the runtime refuses a
 * launch whose __local arguments and variables together need more.
 */
int lower_local_argument(struct lower *l, int arg, unsigned line)
{
    unsigned long long bytes = l->ctx->board->local_mem_bytes;
    return new_memory(l, (unsigned)(bytes ? bytes : 4), line, 1, arg);
}

int lower_alloca(struct lower *l, LLVMValueRef inst, unsigned line)
{
    unsigned long long bytes = LLVMABISizeOfType(l->td, LLVMGetAllocatedType(inst));
    LLVMValueRef count = LLVMGetOperand(inst, 0);
    if (LLVMIsAConstantInt(count))
        bytes *= LLVMConstIntGetZExtValue(count);
    /* Allocas carry no line: name the earliest line among its uses, in its file. */
    for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
        const char *file;
        unsigned ul = fe_inst_line(LLVMGetUser(u), &file);
        if (ul && (!line || ul < line)) {
            line = ul;
            l->k->cur_file = lower_file_index(l, file);
        }
    }
    /* the board's private memory per work-item (board.json private_mem_bytes) */
    unsigned long long limit = l->ctx->board->private_mem_bytes;
    if (!LLVMIsAConstantInt(count) || !bytes || bytes > limit)
        return lower_error(l, line,
                           "private array of %llu bytes: at most %llu bytes per work-item on "
                           "board '%s'",
                           bytes, limit, l->ctx->board->name);
    int base = new_memory(l, (unsigned)bytes, line, 0, HIR_NONE);
    if (base == HIR_NONE || valmap_put(&l->values, inst, base))
        return -1;
    return 0;
}

/* The work-item's slot or its work-group's (kind), made on first use. */
static int slot_value(struct lower *l, enum hir_wi kind)
{
    struct hir_kernel *k = l->k;
    int *slot = kind == HIR_WI_SLOT ? &k->slot : &k->wg_slot;
    if (*slot == HIR_NONE) {
        int v = hir_emit(k, HIR_WI, 32, 0, NULL);
        if (v == HIR_NONE)
            return HIR_NONE;
        k->ops[v].imm = kind;
        *slot = v;
    }
    return *slot;
}

int lower_work_group_slot(struct lower *l)
{
    return slot_value(l, HIR_WI_WG_SLOT);
}

int lower_private_address(struct lower *l, int addr, unsigned bytes, unsigned line)
{
    struct hir_kernel *k = l->k;
    int p = HIR_PRIVATE_OF(lower_base_arg(l, addr));
    struct hir_parray *pa = &k->parrays[p];
    if (!pa->elem_bytes)
        pa->elem_bytes = bytes;
    if (pa->elem_bytes != bytes)
        return lower_error(l, line,
                           "%s (line %u) accessed as %u-byte and %u-byte elements: a block-RAM "
                           "memory needs one element size",
                           pa->local ? "__local memory" : "private array", pa->line, pa->elem_bytes,
                           bytes),
               HIR_NONE;
    /* a task's work-items, too, take the one copy in turn */
    int slot = slot_value(l, pa->local ? HIR_WI_WG_SLOT : HIR_WI_SLOT);
    if (slot == HIR_NONE)
        return lower_error(l, line, "out of memory"), HIR_NONE;
    if (k->single_work_item && !pa->local)
        return addr; /* one copy */
    int ops[2] = {slot, hir_const(k, 32, pa->bytes)};
    int stride = hir_emit(k, HIR_MUL, 32, 2, ops);
    /* A constant offset stays outermost, (x + stride) + c, so that w[0] and w[1] are seen as
       apart (memory_order.c compares constant offsets from one root). */
    int offset = HIR_NONE;
    const struct hir_op *aop = &k->ops[addr];
    if (aop->opcode == HIR_ADD && k->ops[aop->ops[1]].opcode == HIR_CONST &&
        !k->ops[aop->ops[1]].aux) {
        offset = aop->ops[1];
        addr = aop->ops[0];
    }
    int sum[2] = {addr, stride};
    int a = stride == HIR_NONE ? HIR_NONE : hir_emit(k, HIR_ADD, 32, 2, sum);
    if (a != HIR_NONE && offset != HIR_NONE) {
        int outer[2] = {a, offset};
        a = hir_emit(k, HIR_ADD, 32, 2, outer);
    }
    if (a == HIR_NONE || lower_set_base_arg(l, a, HIR_PRIVATE_BASE(p)))
        return lower_error(l, line, "out of memory"), HIR_NONE;
    return a;
}
