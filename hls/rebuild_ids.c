// SPDX-License-Identifier: MIT
/*
 * Global ids rebuilt after the first segment. Within a work-group, get_global_id(d) is the
 * group's first global id plus get_local_id(d). Every work-group in flight has a slot
 * (ocl_wg_slots), so the kernel keeps each slot's first global id in a register
 * (emit_slots.c), and a segment after a loop or a barrier computes the id from the slot and
 * the local id it receives (HIR_GROUP_GID) instead of receiving its 32 bits through every
 * entry, exit and back-edge FIFO and barrier memory on the way. The slot rides to the
 * kernel's end anyway and a local id has the few bits of the work-group size.
 *
 * Why it is exact: a group's work-items are dispatched in local-id order, so its first one
 * (all local ids 0) writes the register before any of them reaches a second segment, and
 * the slot is not given to another group until every work-item of this one has left.
 *
 * Runs once the segments' operation ranges are known and before values are assigned to
 * segments: a rebuilt id is defined at the first position of its segment (hir_def_pos),
 * so liveness carries the slot and the local id to it.
 */
#include <stdlib.h>

#include "hls.h"

static int segment_at(const struct hir_kernel *k, int pos)
{
    for (int i = 0; i < k->nsegs; i++)
        if (pos >= k->segs[i].begin && pos < k->segs[i].end)
            return i;
    return 0;
}

/* The segment that sends loop l's entry token (to = HIR_TO_LOOP_ENTRY; it may hold no
 * operations) or its back-edge token (HIR_TO_LOOP_END). */
static int segment_to(const struct hir_kernel *k, enum hir_seg_to to, int l)
{
    for (int i = 0; i < k->nsegs; i++)
        if (k->segs[i].to == to && k->segs[i].to_loop == l)
            return i;
    return 0;
}

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

/* get_global_id(d) rebuilt in segment si: one per dimension and segment (cache). */
static int rebuilt(struct hir_kernel *k, int *cache, int gid, int si)
{
    unsigned d = k->ops[gid].aux, line = k->ops[gid].line;
    int *slot = &cache[3 * si + d];
    if (*slot != HIR_NONE)
        return *slot;
    int lid = local_id(k, d, line);
    if (lid == HIR_NONE)
        return HIR_NONE;
    int ops[2] = {k->wg_slot, lid};
    k->cur_line = line;
    k->cur_loop = loop_at(k, k->segs[si].begin);
    int r = hir_emit(k, HIR_GROUP_GID, 32, 2, ops);
    if (r != HIR_NONE) {
        k->ops[r].aux = d;
        k->ops[r].imm = (uint64_t)k->segs[si].begin; /* its position (hir_def_pos) */
        k->ops[r].seg = si;
        k->ops[r].live = 1;
    }
    *slot = r;
    return r;
}

/* Where use j of operation u reads its value: j = -1 is a phi's next value. */
static int use_segment(const struct hir_kernel *k, int u, int j)
{
    const struct hir_op *op = &k->ops[u];
    if (op->opcode != HIR_LOOP_PHI)
        return segment_at(k, u);
    return segment_to(k, j == 0 ? HIR_TO_LOOP_ENTRY : HIR_TO_LOOP_END, op->loop);
}

/* A parking loop's emitter reads its guard's x as it is (emit_park.c): leave such kernels. */
static int has_parking_loop(const struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++)
        if (k->loops[l].park.gate != HIR_NONE)
            return 1;
    return 0;
}

int hls_rebuild_global_ids(struct hls_ctx *ctx, struct hir_kernel *k)
{
    if (k->wg_slot == HIR_NONE || !k->ops[k->wg_slot].live || k->autorun || k->nsegs < 2 ||
        has_parking_loop(k))
        return 0;
    int n0 = k->nops, *cache = malloc(3 * (size_t)k->nsegs * sizeof(*cache));
    if (!cache)
        return hls_error(ctx, k->line, "out of memory");
    for (int i = 0; i < 3 * k->nsegs; i++)
        cache[i] = HIR_NONE;
    for (int u = 0; u < n0; u++) {
        if (!k->ops[u].live)
            continue;
        /* A phi's entry value is read by the segment entering its loop, its next value by
           the loop's last one; any other operand where the operation is. */
        for (int j = -1; j < k->ops[u].nops; j++) {
            int *v = j < 0 ? &k->ops[u].next : &k->ops[u].ops[j];
            if (*v == HIR_NONE || !is_global_id(&k->ops[*v]))
                continue;
            int si = use_segment(k, u, j);
            if (si == 0)
                continue;
            int r = rebuilt(k, cache, *v, si);
            if (r == HIR_NONE) {
                free(cache);
                return hls_error(ctx, k->line, "out of memory");
            }
            v = j < 0 ? &k->ops[u].next : &k->ops[u].ops[j]; /* hir_emit may move ops */
            *v = r;
        }
    }
    free(cache);
    return 0;
}
