// SPDX-License-Identifier: MIT
/*
 * Values rebuilt instead of carried, in kernels with work-group slots. A segment after a
 * loop or a barrier computes them from what arrives with its token instead of receiving them
 * through every entry, exit and back-edge FIFO and barrier memory on the way (the slot rides
 * to the kernel's end anyway):
 *   - get_global_id(d): the group's first global id plus get_local_id(d). Every work-group
 *     in flight has a slot (ocl_wg_slots), so the kernel keeps each slot's first global id
 *     in a register (emit_slots.c) and the segment adds the local id it receives, a few bits
 *     (HIR_GROUP_GID);
 *   - a function of the slot alone (with launch invariants) through wiring and at most one
 *     adder, such as a __local array's base in the slot's copy: copied into the segment.
 *
 * Why it is exact: a group's work-items are dispatched in local-id order, so its first one
 * (all local ids 0) writes the register before any of them reaches a second segment, and
 * the slot is not given to another group until every work-item of this one has left.
 *
 * Runs once the segments' operation ranges are known and before values are assigned to
 * segments: a rebuilt value is defined at the first position of its segment (rebuilt_at,
 * hir_def_pos), so liveness carries the slot and the local id to it.
 */
#include <stdlib.h>

#include "schedule.h"
#include "target.h"

/* The innermost loop holding position pos, HIR_NONE at top level. */
static int loop_at(const struct hir_kernel *k, int pos)
{
    int best = HIR_NONE;
    for (int l = 0; l < k->nloops; l++)
        if (hir_loop_holds(k, l, pos) &&
            (best == HIR_NONE ||
             k->loops[l].end - k->loops[l].begin < k->loops[best].end - k->loops[best].begin))
            best = l;
    return best;
}

static int nested_in(const struct hir_kernel *k, int l, int outer)
{
    for (; l != HIR_NONE; l = k->loops[l].parent)
        if (l == outer)
            return 1;
    return 0;
}

/* The innermost loop around segment si. A segment that enters a loop beginning at its own
 * position (it holds no operations) lies outside that loop and the loops inside it. */
static int segment_loop(const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int l = loop_at(k, s->begin);
    while (s->to == HIR_TO_LOOP_ENTRY && l != HIR_NONE && k->loops[l].begin == s->begin &&
           nested_in(k, l, s->to_loop))
        l = k->loops[l].parent;
    return l;
}

static int is_global_id(const struct hir_op *op)
{
    return op->live && op->opcode == HIR_WI && op->imm == HIR_WI_GLOBAL_ID;
}

/* The live get_local_id(d), made if the kernel has none. */
static int local_id(struct hir_kernel *k, unsigned d, unsigned line)
{
    for (int v = 0; v < k->nops; v++)
        if (k->ops[v].live && k->ops[v].opcode == HIR_WI && k->ops[v].imm == HIR_WI_LOCAL_ID &&
            k->ops[v].aux == d)
            return v;
    k->cur_line = line;
    k->cur_loop = HIR_NONE;
    int v = hir_emit(k, HIR_WI, 32, 0, NULL);
    if (v != HIR_NONE) {
        k->ops[v].imm = HIR_WI_LOCAL_ID;
        k->ops[v].aux = d;
        k->ops[v].live = 1;
    }
    return v;
}

/* The shift amount of a multiplication by a constant power of two, else -1. */
static int pow2_factor(const struct hir_kernel *k, const struct hir_op *op, int *other)
{
    for (int j = 0; j < 2 && op->opcode == HIR_MUL; j++) {
        const struct hir_op *c = &k->ops[op->ops[j]];
        if (c->opcode == HIR_CONST && c->imm && !(c->imm & (c->imm - 1))) {
            *other = op->ops[1 - j];
            return __builtin_ctzll(c->imm);
        }
    }
    return -1;
}

/*
 * Delay units of v as a function of the work-group slot alone (with launch invariants)
 * through wiring and at most one adder, as `local_bins + slot * 1024` is; -1 for any other
 * value. The slot itself is 0.
 */
static int slot_function_delay(const struct hir_kernel *k, int v)
{
    const struct hir_op *op = &k->ops[v];
    int own, other, in = 0;
    if (v == k->wg_slot)
        return 0;
    if (!op->live || op->invariant || op->rebuilt_at)
        return -1;
    switch (op->opcode) {
    case HIR_ZEXT:
    case HIR_TRUNC:
        own = 0;
        break;
    case HIR_SHL:
    case HIR_LSHR:
        own = k->ops[op->ops[1]].opcode == HIR_CONST ? 0 : -1;
        break;
    case HIR_MUL:
        own = pow2_factor(k, op, &other) >= 0 ? 0 : -1;
        break;
    case HIR_ADD:
    case HIR_SUB:
    case HIR_AND:
    case HIR_OR:
    case HIR_XOR:
        own = 3;
        break;
    default:
        own = -1;
    }
    for (int j = 0; own >= 0 && j < op->nops; j++) {
        int d = k->ops[op->ops[j]].invariant ? 0 : slot_function_delay(k, op->ops[j]);
        if (d < 0)
            return -1;
        in = d > in ? d : in;
    }
    return own < 0 || in + own > 3 ? -1 : in + own;
}

/* A new operation at the first position of segment si, from arriving values. */
static int emit_at(struct hir_kernel *k, int si, enum hir_opcode opcode, int nops, const int *ops,
                   int like)
{
    k->cur_line = k->ops[like].line;
    k->cur_loop = segment_loop(k, si);
    int r = hir_emit(k, opcode, k->ops[like].width, nops, ops);
    if (r != HIR_NONE) {
        k->ops[r].aux = k->ops[like].aux;
        k->ops[r].base_arg = k->ops[like].base_arg;
        k->ops[r].seg = si;
        k->ops[r].rebuilt_at = k->segs[si].begin + 1;
        k->ops[r].live = 1;
    }
    return r;
}

/*
 * v computed in segment si (once per segment): get_global_id from the slot and the local id,
 * a slot function copied with its rebuilt operands (a multiplication by 2^n as a shift).
 * cache[v * nsegs + si] holds it. v itself when the pass does not rebuild it; -2 when out
 * of memory.
 */
static int rebuild(struct hir_kernel *k, int *cache, int v, int si)
{
    size_t at = (size_t)v * (size_t)k->nsegs + (size_t)si;
    int r, ops[2], other, shift;
    if (cache[at] != HIR_NONE)
        return cache[at];
    const struct hir_op *op = &k->ops[v];
    if (is_global_id(op)) {
        ops[0] = k->wg_slot;
        ops[1] = local_id(k, op->aux, op->line);
        r = ops[1] == HIR_NONE ? -2 : emit_at(k, si, HIR_GROUP_GID, 2, ops, v);
    } else if (v == k->wg_slot || slot_function_delay(k, v) < 0) {
        return v;
    } else if ((shift = pow2_factor(k, op, &other)) >= 0) {
        unsigned width = op->width;
        ops[0] = rebuild(k, cache, other, si); /* may move k->ops */
        ops[1] = hir_const(k, width, (uint64_t)shift);
        if (ops[0] == -2 || ops[1] == HIR_NONE)
            return -2;
        k->ops[ops[1]].live = k->ops[ops[1]].invariant = 1;
        r = emit_at(k, si, HIR_SHL, 2, ops, v);
    } else {
        int n = op->nops, copy[HIR_MAX_OPERANDS];
        for (int j = 0; j < n; j++) {
            int w = k->ops[v].ops[j];
            copy[j] = k->ops[w].invariant ? w : rebuild(k, cache, w, si);
            if (copy[j] == -2)
                return -2;
        }
        r = emit_at(k, si, k->ops[v].opcode, n, copy, v);
    }
    if (r == HIR_NONE)
        return -2;
    cache[at] = r;
    return r;
}

/* Where use j of operation u reads its value: j = -1 is a phi's next value. */
static int use_segment(const struct hir_kernel *k, int u, int j)
{
    const struct hir_op *op = &k->ops[u];
    if (op->opcode != HIR_LOOP_PHI)
        return hls_segment_at(k, u);
    /* the segment sending the loop's entry token, or its back-edge token */
    int si = hls_segment_to(k, j == 0 ? HIR_TO_LOOP_ENTRY : HIR_TO_LOOP_END, op->loop);
    return si == HIR_NONE ? 0 : si;
}

/* A parking loop's emitter reads its guard's x as it is (emit_park.c): leave such kernels. */
static int has_parking_loop(const struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++)
        if (k->loops[l].park.gate != HIR_NONE)
            return 1;
    return 0;
}

int hls_rebuild_values(struct hls_ctx *ctx, struct hir_kernel *k)
{
    if (k->wg_slot == HIR_NONE || !k->ops[k->wg_slot].live || k->autorun || k->nsegs < 2 ||
        has_parking_loop(k))
        return 0;
    int n0 = k->nops; /* the operations the pass may rebuild; it appends the copies */
    size_t cells = (size_t)n0 * (size_t)k->nsegs;
    int *cache = malloc(cells * sizeof(*cache));
    if (!cache)
        return hls_error(ctx, k->line, "out of memory");
    for (size_t i = 0; i < cells; i++)
        cache[i] = HIR_NONE;
    for (int u = 0; u < n0; u++) {
        if (!k->ops[u].live || k->ops[u].invariant)
            continue;
        /* A phi's entry value is read by the segment entering its loop, its next value by
           the loop's last one; any other operand where the operation is. */
        for (int j = -1; j < k->ops[u].nops; j++) {
            int v = j < 0 ? k->ops[u].next : k->ops[u].ops[j];
            if (v == HIR_NONE || v == k->wg_slot || k->ops[v].invariant ||
                !(is_global_id(&k->ops[v]) || slot_function_delay(k, v) >= 0))
                continue;
            int si = use_segment(k, u, j);
            if (si == 0 || si == hls_segment_at(k, hir_def_pos(k, v)))
                continue; /* read where it is defined: nothing to carry */
            int r = rebuild(k, cache, v, si);
            if (r == -2) {
                free(cache);
                return hls_error(ctx, k->line, "out of memory");
            }
            if (j < 0)
                k->ops[u].next = r;
            else
                k->ops[u].ops[j] = r;
        }
    }
    free(cache);
    return 0;
}
