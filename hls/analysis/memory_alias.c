// SPDX-License-Identifier: MIT
/*
 * May two accesses touch the same bytes? (memory_internal.h; used within an iteration by
 * memory_order.c and across iterations by memory_deps.c.) Not when they are in different
 * address spaces, or their addresses are one value plus constant offsets that do not overlap
 * (out[i*8+0], out[i*8+1]), or they derive from different kernel arguments at least one of
 * which is `restrict`, or from one whose accesses each have bytes of their own (printf's
 * records: HIR_ARG_OWN_BYTES).
 */
#include "memory_internal.h"

static int arg_is_restrict(const struct hir_kernel *k, int arg)
{
    return arg >= 0 && arg < k->nargs && k->arg_flags && (k->arg_flags[arg] & HIR_ARG_RESTRICT);
}

/* addr = root + offset, following adds of constants. */
static int split_address(const struct hir_kernel *k, int addr, uint64_t *offset)
{
    *offset = 0;
    for (;;) {
        const struct hir_op *op = &k->ops[addr];
        if (op->opcode != HIR_ADD)
            return addr;
        if (k->ops[op->ops[1]].opcode == HIR_CONST) {
            *offset += k->ops[op->ops[1]].imm;
            addr = op->ops[0];
        } else if (k->ops[op->ops[0]].opcode == HIR_CONST) {
            *offset += k->ops[op->ops[0]].imm;
            addr = op->ops[1];
        } else {
            return addr;
        }
    }
}

unsigned memory_access_bytes(const struct hir_op *op)
{
    return (op->opcode == HIR_LOAD ? op->width : (unsigned)op->imm) / 8;
}

/* Same root address, constant offsets whose byte ranges do not overlap (32-bit wrap). */
static int disjoint_offsets(const struct hir_kernel *k, const struct hir_op *a,
                            const struct hir_op *b)
{
    uint64_t oa, ob;
    if (split_address(k, a->ops[0], &oa) != split_address(k, b->ops[0], &ob))
        return 0;
    uint32_t d = (uint32_t)(ob - oa); /* b's start relative to a's */
    return d >= memory_access_bytes(a) && (uint32_t)(0u - d) >= memory_access_bytes(b);
}

int memory_same_object(const struct hir_kernel *k, const struct hir_op *a, const struct hir_op *b)
{
    if (a->addr_space != b->addr_space)
        return 0;
    if (a->addr_space == 0)
        return a->parray == b->parray;
    if (a->base_arg == b->base_arg && a->base_arg >= 0 && a->base_arg < k->nargs &&
        k->arg_flags && (k->arg_flags[a->base_arg] & HIR_ARG_OWN_BYTES))
        return 0; /* printf records: each reserved for one access */
    if (a->base_arg == HIR_NONE || b->base_arg == HIR_NONE || a->base_arg == b->base_arg)
        return 1;
    return !(arg_is_restrict(k, a->base_arg) || arg_is_restrict(k, b->base_arg));
}

int memory_may_alias(const struct hir_kernel *k, const struct hir_op *a,
                     const struct hir_op *b)
{
    return memory_same_object(k, a, b) && !disjoint_offsets(k, a, b);
}
