// SPDX-License-Identifier: MIT
/*
 * Early exit from barrier loops. The classic tree step
 *
 *     for (s = n / 2; s > 0; s >>= 1) { if (lid < s) tmp[lid] += tmp[lid + s]; barrier(..); }
 *
 * keeps every work-item in the loop for every round although, once `lid < s` is false, it
 * stays false and the work-item only passes barriers. Passing costs a pipeline slot each
 * round: 8 rounds of 256 work-items are 2048 passes where 255 do work. Here such a loop is
 * marked (struct hir_park) and gets a gate barrier at its exit: a work-item whose guard is
 * false for the coming round parks, that is leaves for the gate (before the loop, or at the
 * loop's barrier instead of entering it), and the loop's barrier counts it as arrived in
 * every later round. The gate releases the group once all its work-items are there, as the
 * loop's last barrier would have.
 *
 * A loop parks when:
 *   - it is an innermost loop at the top level of an NDRange kernel, holding exactly one
 *     barrier, with no side effect after that barrier and no pipe or channel operation;
 *   - every side effect of the loop has a predicate that is an AND of terms one of which is
 *     the same guard `x < q` or `x <= q` (signed or unsigned; `q > x`, `q >= x` and negations
 *     of the opposite comparisons, as an else branch gives, too), with
 *     x defined before the loop and q = phi >> qshift, phi a loop phi whose next value is
 *     phi >> nshift (logical shifts by constants, nshift >= 1): q never grows (for signed
 *     guards: once q >= 0, which the park condition also requires);
 *   - no value defined in the loop is used after it (a parked work-item carries none).
 */
#include <stdlib.h>

#include "transform.h"
#include "target.h"

static int loop_defines(const struct hir_kernel *k, const struct hir_loop *lp, int v)
{
    int d = hir_def_pos(k, v);
    return d >= lp->begin && d < lp->end;
}

/* The shift of `v = phi >> c` (logical, constant c), or -1. */
static int const_lshr(const struct hir_kernel *k, int v, int phi)
{
    if (v == phi)
        return 0;
    const struct hir_op *op = &k->ops[v];
    if (op->opcode != HIR_LSHR || op->ops[0] != phi || k->ops[op->ops[1]].opcode != HIR_CONST ||
        k->ops[op->ops[1]].imm >= op->width)
        return -1;
    return (int)k->ops[op->ops[1]].imm;
}

/* A comparison, or its negation, read as `x rel q` (rel: < or <=, signed or unsigned). */
struct guard_reading {
    enum hir_opcode opcode;
    int negated;
    enum hir_opcode rel;
    int x_is_op0;
};

static const struct guard_reading readings[] = {
    {HIR_SLT, 0, HIR_SLT, 1}, {HIR_SLE, 0, HIR_SLE, 1}, {HIR_SGT, 0, HIR_SLT, 0},
    {HIR_SGE, 0, HIR_SLE, 0}, {HIR_SLT, 1, HIR_SLE, 0}, {HIR_SLE, 1, HIR_SLT, 0},
    {HIR_SGT, 1, HIR_SLE, 1}, {HIR_SGE, 1, HIR_SLT, 1}, {HIR_ULT, 0, HIR_ULT, 1},
    {HIR_ULE, 0, HIR_ULE, 1}, {HIR_UGT, 0, HIR_ULT, 0}, {HIR_UGE, 0, HIR_ULE, 0},
    {HIR_ULT, 1, HIR_ULE, 0}, {HIR_ULE, 1, HIR_ULT, 0}, {HIR_UGT, 1, HIR_ULE, 1},
    {HIR_UGE, 1, HIR_ULT, 1},
};

/* Does term c (a comparison or its negation) have the guard's form in loop l? Fills p. */
static int guard_form(const struct hir_kernel *k, int l, int c, struct hir_park *p)
{
    const struct hir_op *op = &k->ops[c];
    int negated = 0;
    if (op->opcode == HIR_XOR && op->width == 1 && hir_is_const(k, op->ops[1], 1)) {
        negated = 1;
        op = &k->ops[op->ops[0]];
    }
    const struct hir_loop *lp = &k->loops[l];
    for (size_t i = 0; i < sizeof(readings) / sizeof(readings[0]); i++) {
        const struct guard_reading *r = &readings[i];
        if (op->opcode != r->opcode || negated != r->negated)
            continue;
        int x = r->x_is_op0 ? op->ops[0] : op->ops[1], q = r->x_is_op0 ? op->ops[1] : op->ops[0];
        if (loop_defines(k, lp, x))
            return 0;
        int phi = k->ops[q].opcode == HIR_LSHR ? k->ops[q].ops[0] : q;
        const struct hir_op *ph = &k->ops[phi];
        if (ph->opcode != HIR_LOOP_PHI || ph->loop != l)
            return 0;
        int qs = const_lshr(k, q, phi), ns = const_lshr(k, ph->next, phi);
        if (qs < 0 || ns < 1)
            return 0;
        *p = (struct hir_park){HIR_NONE, HIR_NONE, c, x, phi, r->rel, (unsigned)qs, (unsigned)ns};
        return 1;
    }
    return 0;
}

/* Is c one of the terms of the AND tree pred? */
static int and_term(const struct hir_kernel *k, int pred, int c)
{
    if (pred == c)
        return 1;
    const struct hir_op *op = &k->ops[pred];
    return op->opcode == HIR_AND && op->width == 1 &&
           (and_term(k, op->ops[0], c) || and_term(k, op->ops[1], c));
}

/* The AND terms of pred that have the guard's form; the first that guards every side effect. */
static int find_guard(const struct hir_kernel *k, int l, int pred, const int *effects, int n,
                      struct hir_park *p)
{
    const struct hir_op *op = &k->ops[pred];
    if (op->opcode == HIR_AND && op->width == 1)
        return find_guard(k, l, op->ops[0], effects, n, p) ||
               find_guard(k, l, op->ops[1], effects, n, p);
    if (!guard_form(k, l, pred, p))
        return 0;
    for (int i = 0; i < n; i++)
        if (!and_term(k, k->ops[effects[i]].pred, pred))
            return 0;
    return 1;
}

static int used_after(const struct hir_kernel *k, const struct hir_loop *lp)
{
    for (int u = lp->end; u < k->nops; u++) {
        const struct hir_op *op = &k->ops[u];
        if (!op->live)
            continue;
        for (int j = 0; j <= op->nops + 1; j++) {
            int v = j < op->nops ? op->ops[j] : j == op->nops ? op->pred : op->next;
            if (v != HIR_NONE && loop_defines(k, lp, v))
                return 1;
        }
    }
    return 0;
}

/* The one barrier of loop l, or HIR_NONE. */
static int only_barrier(const struct hir_kernel *k, const struct hir_loop *lp)
{
    int found = HIR_NONE;
    for (int b = 0; b < k->nbarriers; b++)
        if (k->barriers[b].pos >= lp->begin && k->barriers[b].pos < lp->end) {
            if (found != HIR_NONE)
                return HIR_NONE;
            found = b;
        }
    return found;
}

static int add_gate(struct hls_ctx *ctx, struct hir_kernel *k, int l, int b)
{
    struct hir_barrier *grown = realloc(k->barriers, (size_t)(k->nbarriers + 1) * sizeof(*grown));
    if (!grown)
        return hls_error(ctx, k->loops[l].line, "out of memory");
    k->barriers = grown;
    /* The gate stands for the loop's last barrier: the same fence. */
    k->barriers[k->nbarriers] = (struct hir_barrier){.pos = k->loops[l].end,
                                                     .line = k->loops[l].line,
                                                     .file = k->loops[l].file,
                                                     .global_fence = grown[b].global_fence,
                                                     .gate_of = l};
    k->loops[l].park.gate = k->nbarriers++;
    return 0;
}

static int try_loop(struct hls_ctx *ctx, struct hir_kernel *k, int l)
{
    const struct hir_loop *lp = &k->loops[l];
    if (k->single_work_item || lp->parent != HIR_NONE || !lp->innermost || used_after(k, lp))
        return 0;
    int b = only_barrier(k, lp);
    if (b == HIR_NONE)
        return 0;
    int *effects = malloc((size_t)(lp->end - lp->begin) * sizeof(*effects)), n = 0, ok = 1;
    if (!effects)
        return hls_error(ctx, lp->line, "out of memory");
    for (int v = lp->begin; v < lp->end && ok; v++) {
        const struct hir_op *op = &k->ops[v];
        if (!op->live || !hir_has_side_effect(op))
            continue;
        ok = op->opcode != HIR_STREAM && v < k->barriers[b].pos && op->pred != HIR_NONE;
        effects[n++] = v;
    }
    struct hir_park p;
    ok = ok && n > 0 && find_guard(k, l, k->ops[effects[0]].pred, effects, n, &p);
    free(effects);
    if (!ok)
        return 0;
    p.barrier = b;
    k->loops[l].park = p;
    return add_gate(ctx, k, l, b);
}

int hls_park_loops(struct hls_ctx *ctx, struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++)
        if (try_loop(ctx, k, l))
            return -1;
    return 0;
}
