// SPDX-License-Identifier: MIT
/*
 * Dependencies between iterations of a loop through memory. A store in one iteration and an
 * access of the same bytes in a later iteration must stay in that order. Two accesses of one
 * loop are independent across its iterations when the loop has #pragma ivdep, when their
 * addresses can never overlap (address space, restrict, as in memory_order.c), or when both
 * are `base + scale * i + c` for the same loop-invariant base and induction variable i
 * (i' = i + step) and no iteration distance d >= 1 makes the byte ranges meet.
 */
#include <stdlib.h>

#include "analysis.h"
#include "target.h"
#include "memory_internal.h"

struct affine {
    int iv;        /* the induction variable (a loop phi), HIR_NONE if none */
    int64_t scale; /* bytes per unit of iv */
    int base[4];   /* loop-invariant terms, sorted */
    int nbase;
    int64_t offset; /* constant bytes */
};

/* Same value in every iteration: defined before the loop, or computed from such values. */
static int outside_depth(const struct hir_kernel *k, int loop, int v, int depth)
{
    const struct hir_op *op = &k->ops[v];
    if (op->invariant || !hir_loop_holds(k, loop, hir_def_pos(k, v)))
        return 1;
    if (depth == 0 || !op->nops || op->opcode == HIR_LOOP_PHI || op->opcode == HIR_LOAD ||
        hir_is_multicycle(op->opcode))
        return 0;
    for (int j = 0; j < op->nops; j++)
        if (!outside_depth(k, loop, op->ops[j], depth - 1))
            return 0;
    return 1;
}

static int outside(const struct hir_kernel *k, int loop, int v)
{
    return outside_depth(k, loop, v, 4);
}

static int induction_step(const struct hir_kernel *k, int loop, int v, int64_t *step)
{
    const struct hir_op *phi = &k->ops[v];
    if (phi->opcode != HIR_LOOP_PHI || !hir_loop_holds(k, loop, v) || phi->next == HIR_NONE)
        return 0;
    const struct hir_op *n = &k->ops[phi->next];
    if (n->opcode != HIR_ADD)
        return 0;
    int c = n->ops[0] == v ? n->ops[1] : n->ops[1] == v ? n->ops[0] : HIR_NONE;
    if (c == HIR_NONE || k->ops[c].opcode != HIR_CONST)
        return 0;
    *step = (int64_t)(int32_t)(uint32_t)k->ops[c].imm; /* 32-bit addresses */
    return 1;
}

static int add_term(const struct hir_kernel *k, int loop, struct affine *a, int v, int64_t scale)
{
    const struct hir_op *op = &k->ops[v];
    if (op->opcode == HIR_CONST) {
        a->offset += scale * (int64_t)(int32_t)(uint32_t)op->imm;
        return 0;
    }
    if (op->opcode == HIR_ADD)
        return add_term(k, loop, a, op->ops[0], scale) || add_term(k, loop, a, op->ops[1], scale);
    if ((op->opcode == HIR_SHL || op->opcode == HIR_MUL) &&
        k->ops[op->ops[1]].opcode == HIR_CONST && k->ops[op->ops[1]].imm < 32 &&
        !outside(k, loop, v)) {
        uint64_t c = k->ops[op->ops[1]].imm;
        return add_term(k, loop, a, op->ops[0],
                        op->opcode == HIR_SHL ? scale << c : scale * (int64_t)(int32_t)c);
    }
    int64_t step;
    if (induction_step(k, loop, v, &step)) {
        if (a->iv != HIR_NONE && a->iv != v)
            return -1;
        a->iv = v;
        a->scale += scale;
        return 0;
    }
    if (!outside(k, loop, v) || scale != 1 || a->nbase == 4)
        return -1; /* varies in the loop in a way we do not follow */
    int i = a->nbase++;
    while (i > 0 && a->base[i - 1] > v) {
        a->base[i] = a->base[i - 1];
        i--;
    }
    a->base[i] = v;
    return 0;
}

/* Can iteration d >= 1 of `later` touch the bytes of `earlier` at iteration 0? */
static int meet_across(const struct affine *e, unsigned esize, const struct affine *l,
                       unsigned lsize, int64_t stride)
{
    /* later at d: l.offset + d*stride; overlap when -lsize < d*stride + l - e < esize */
    int64_t delta = l->offset - e->offset;
    if (stride == 0)
        return delta > -(int64_t)lsize && delta < (int64_t)esize;
    for (int64_t d = 1; d <= 4096; d++) {
        int64_t x = d * stride + delta;
        if (x > -(int64_t)lsize && x < (int64_t)esize)
            return 1;
        if ((stride > 0 && x >= (int64_t)esize) || (stride < 0 && x <= -(int64_t)lsize))
            return 0; /* moving away for good */
    }
    return 1;
}

/* May `first` at some iteration and `then` at a later one touch the same bytes? */
static int meet_later(const struct hir_kernel *k, int loop, const struct hir_op *first,
                      const struct hir_op *then)
{
    struct affine ff = {.iv = HIR_NONE}, ft = {.iv = HIR_NONE};
    if (add_term(k, loop, &ff, first->ops[0], 1) || add_term(k, loop, &ft, then->ops[0], 1))
        return 1;
    if (ff.nbase != ft.nbase || ff.iv != ft.iv || ff.scale != ft.scale)
        return 1;
    for (int i = 0; i < ff.nbase; i++)
        if (ff.base[i] != ft.base[i])
            return 1;
    int64_t step = 0;
    if (ff.iv != HIR_NONE)
        induction_step(k, loop, ff.iv, &step);
    return meet_across(&ff, memory_access_bytes(first), &ft, memory_access_bytes(then),
                       ff.scale * step);
}

/* Innermost loop holding both positions, HIR_NONE if none. */
static int common_loop(const struct hir_kernel *k, int a, int b)
{
    for (int l = k->ops[a].loop; l != HIR_NONE; l = k->loops[l].parent)
        if (hir_loop_holds(k, l, b))
            return l;
    return HIR_NONE;
}

static int add_dep(struct hir_kernel *k, int from, int to, int loop)
{
    struct hir_mem_dep *grown = realloc(k->mem_deps, (size_t)(k->nmem_deps + 1) * sizeof(*grown));
    if (!grown)
        return -1;
    k->mem_deps = grown;
    k->mem_deps[k->nmem_deps++] = (struct hir_mem_dep){from, to, loop};
    return 0;
}

/* `then` of a later iteration of loop l after `first`: wait for its stores, record the dep. */
static int order_across(struct hls_ctx *ctx, struct hir_kernel *k, int first, int then, int l)
{
    struct hir_op *f = &k->ops[first], *t = &k->ops[then];
    if (!hir_writes_memory(f) && !hir_writes_memory(t))
        return 0;                                     /* two reads */
    if (hir_writes_memory(f) && f->lsu != HIR_NONE) { /* RAW/WAW through an LSU */
        t->ordered = 1;
        hir_lsu_set_add(&t->order_after, f->lsu);
        if (f->opcode == HIR_STORE)
            f->write_through = 1; /* start the write now, not when the next iteration asks */
    }
    if (add_dep(k, first, then, l))
        return hls_error(ctx, t->line, "out of memory");
    return 0;
}

int memory_loop_deps(struct hls_ctx *ctx, struct hir_kernel *k, int a,
                     int b)
{
    int loop = common_loop(k, a, b);
    if (loop == HIR_NONE || !memory_same_object(k, &k->ops[a], &k->ops[b]))
        return 0;
    /* Every loop holding both: the innermost decides the modulo schedule; outer loops repeat
       the inner one, so their iterations are ordered as well unless ivdep says otherwise.
       Both directions: b then a later (carried), and a then b later, which the order within an
       iteration does not cover when a and b touch different bytes there (p[2], then p[0]). */
    for (int l = loop; l != HIR_NONE; l = k->loops[l].parent) {
        if (k->loops[l].ivdep)
            continue;
        if (meet_later(k, l, &k->ops[b], &k->ops[a]) && order_across(ctx, k, b, a, l))
            return -1;
        if (meet_later(k, l, &k->ops[a], &k->ops[b]) && order_across(ctx, k, a, b, l))
            return -1;
    }
    return 0;
}
