// SPDX-License-Identifier: MIT
/*
 * Float units shared between operations of a modulo-scheduled loop whose II is above 1.
 * Such a loop issues an iteration on a grid of II enabled cycles (emit_loop.c), so at any
 * moment the stages holding iterations are all congruent modulo II: two operations whose
 * issue stages differ modulo II never present operands in the same cycle, and one unit can
 * serve both (a multiplexer picks the operands of whichever is valid; each reads the unit's
 * result in its own ready stage). A unit is otherwise idle II - 1 cycles out of II, and a
 * float unit costs hundreds of logic cells, which an iCE40 cannot spare.
 *
 * Only the large units are shared (add/sub, multiply, fused multiply-add, divide, square
 * root, conversions): a compare or min/max unit is about as small as the multiplexer.
 * Operations are assigned greedily, in program order, to the first unit of their kind that
 * has their residue free.
 */
#include <stdlib.h>

#include "hls.h"

static int shareable(enum hir_opcode op)
{
    return hir_is_float_unit(op) && op != HIR_FCMP && op != HIR_FMIN && op != HIR_FMAX;
}

/* Operations a and b can use one unit instance: the same module and parameters. */
static int same_kind(const struct hir_kernel *k, const struct hir_op *a, const struct hir_op *b)
{
    int add_a = a->opcode == HIR_FADD || a->opcode == HIR_FSUB;
    int add_b = b->opcode == HIR_FADD || b->opcode == HIR_FSUB;
    if (add_a || add_b)
        return add_a && add_b;
    if (a->opcode != b->opcode)
        return 0;
    if (a->opcode >= HIR_FPTOSI && a->opcode <= HIR_UITOFP)
        return hls_float_int_width(k, a) == hls_float_int_width(k, b);
    return 1;
}

static int modulo_ii(const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    if (s->from != HIR_FROM_LOOP_ENTRY || !k->loops[s->from_loop].modulo)
        return 1;
    return k->loops[s->from_loop].ii;
}

/* Does any operation already on unit `host` issue in the residue of op i? */
static int residue_taken(const struct hir_kernel *k, int host, int i, int ii)
{
    for (int j = host; j < i; j++)
        if (k->ops[j].unit == host && k->ops[j].stage % ii == k->ops[i].stage % ii)
            return 1;
    return 0;
}

void hls_share_units(struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        op->unit = op->live && hir_is_float_unit(op->opcode) ? i : HIR_NONE;
        if (op->unit == HIR_NONE || op->invariant || !shareable(op->opcode))
            continue;
        int ii = modulo_ii(k, op->seg);
        if (ii < 2)
            continue;
        for (int h = 0; h < i; h++) {
            const struct hir_op *host = &k->ops[h];
            if (host->unit == h && host->seg == op->seg && !host->invariant &&
                shareable(host->opcode) && same_kind(k, host, op) && !residue_taken(k, h, i, ii)) {
                op->unit = h;
                break;
            }
        }
    }
}
