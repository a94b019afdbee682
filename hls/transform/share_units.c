// SPDX-License-Identifier: MIT
/*
 * Float units shared between operations of a pipeline segment that takes a token on a grid
 * of II > 1 enabled cycles: a modulo-scheduled loop whose II is above 1 (emit_loop.c), and
 * the dispatcher's segment of an NDRange kernel whose float units would not fit the board
 * at one work-item per cycle (emit_slots.c). On such a grid, at any
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

#include "board.h"
#include "transform.h"
#include "target.h"

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

static int segment_ii(const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    if (s->from == HIR_FROM_DISPATCH)
        return k->dispatch_ii;
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

static void assign_units(struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!hir_is_float_unit(op->opcode))
            continue; /* (a global atomic's unit is memory_order.c's) */
        op->unit = op->live ? i : HIR_NONE;
        if (op->unit == HIR_NONE || op->invariant || !shareable(op->opcode))
            continue;
        int ii = segment_ii(k, op->seg);
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

/* Logic cells and DSP blocks of the float units as assigned. */
static unsigned float_lcs(const struct hir_kernel *k, unsigned *dsps)
{
    unsigned lcs = 0;
    *dsps = 0;
    for (int i = 0; i < k->nops; i++) {
        unsigned d;
        if (k->ops[i].unit != i)
            continue;
        lcs += hls_float_lcs(k, &k->ops[i], &d);
        *dsps += d;
    }
    return lcs;
}

static int fits(const struct oclhls_board *board, unsigned lcs, unsigned dsps)
{
    return lcs <= HLS_FLOAT_LC_SHARE * board->resources.lc && dsps <= board->resources.dsp;
}

/*
 * An NDRange kernel takes a work-item every cycle unless its float units would then take
 * more than HLS_FLOAT_LC_SHARE of the board's logic cells (or more DSPs than it has): then
 * the smallest II up to HLS_MAX_DISPATCH_II at which the shared units fit; if none does,
 * the smallest II with the fewest logic cells (the build's fit check reports what is still
 * over). Only the dispatcher's segment is on the grid, so float operations inside loops
 * gain nothing from it. Boards without known resources (sim) take one work-item per cycle.
 */
void hls_share_units(const struct oclhls_board *board, struct hir_kernel *k)
{
    unsigned dsps;
    k->dispatch_ii = 1;
    assign_units(k);
    k->float_lcs_ii1 = float_lcs(k, &dsps);
    if (k->single_work_item || !board || !board->resources.lc ||
        fits(board, k->float_lcs_ii1, dsps))
        return;
    int best = 1;
    unsigned best_lcs = k->float_lcs_ii1;
    for (int ii = 2; ii <= HLS_MAX_DISPATCH_II; ii++) {
        k->dispatch_ii = ii;
        assign_units(k);
        unsigned lcs = float_lcs(k, &dsps);
        if (fits(board, lcs, dsps))
            return;
        if (lcs < best_lcs) {
            best = ii;
            best_lcs = lcs;
        }
    }
    k->dispatch_ii = best;
    assign_units(k);
}
