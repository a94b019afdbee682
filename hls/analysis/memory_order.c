// SPDX-License-Identifier: MIT
/*
 * One LSU per live load/store, and the ordering a work-item's own accesses need.
 *
 * Which accesses may alias: memory_alias.c. For a may-alias pair in program order: store → load  (RAW): the load waits until the store's LSU has written
 * everything back, is scheduled after the store, and does not reuse cached lines; store → store
 * (WAW): the second store waits the same way; load → store  (WAR): the store is scheduled no
 * earlier than the load's data returns (enforced in schedule_ops.c through order_after of the
 * store).
 * Accesses of different work-items are unordered, as OpenCL allows without barriers.
 * Iterations of a loop are ordered the same way (memory_deps.c).
 *
 * An atomic operation reads and writes: it is ordered like a load and like a store. A global
 * atomic site is a unit of its own, atomic with respect to itself; sites that may touch the
 * same words share one unit (share_atomic_unit).
 */
#include <string.h>

#include "memory_internal.h"


static int is_access(const struct hir_op *op)
{
    return op->live && (op->opcode == HIR_LOAD || op->opcode == HIR_STORE);
}

/* A loop holds both positions: a work-item may pass them in either order. */
static int in_common_loop(const struct hir_kernel *k, int a, int c)
{
    for (int l = 0; l < k->nloops; l++)
        if (hir_loop_holds(k, l, a) && hir_loop_holds(k, l, c))
            return 1;
    return 0;
}

/*
 * A barrier every work-item passes exactly once between positions a < c: not a loop's exit
 * gate, and in no loop (a barrier at a loop's first or end position stands outside it: it
 * comes before the loop begins, or after it ends; segments.c).
 */
static int barrier_between(const struct hir_kernel *k, int a, int c)
{
    for (int b = 0; b < k->nbarriers; b++) {
        const struct hir_barrier *br = &k->barriers[b];
        if (br->gate_of != HIR_NONE || br->pos <= a || br->pos > c)
            continue;
        int in_loop = 0;
        for (int l = 0; l < k->nloops; l++)
            in_loop |= k->loops[l].begin < br->pos && br->pos < k->loops[l].end;
        if (!in_loop)
            return 1;
    }
    return 0;
}

/*
 * Two load sites of a __local memory on either side of a barrier never read one copy in the
 * same cycle: a work-group's copy is read at the later site only after all its work-items
 * have passed the barrier, so after their reads at the earlier site. Such sites may share
 * one replica of the memory (ocl_private_ram NM, RMAP).
 */
int hls_phases_apart(const struct hir_kernel *k, int a, int c)
{
    if (a > c)
        return hls_phases_apart(k, c, a);
    return !in_common_loop(k, a, c) && barrier_between(k, a, c);
}

/* The replica load site i (of array p) reads: the first whose sites are all phases apart from it. */
static int pick_replica(const struct hir_kernel *k, int p, int i)
{
    const struct hir_parray *pa = &k->parrays[p];
    for (int r = 0; pa->local && r < pa->nreplicas; r++) {
        int shared = 1;
        for (int j = 0; j < i && shared; j++) {
            const struct hir_op *o = &k->ops[j];
            if (o->live && o->parray == p && o->opcode == HIR_LOAD && o->replica == r)
                shared = hls_phases_apart(k, j, i);
        }
        if (shared)
            return r;
    }
    return pa->nreplicas;
}

/*
 * Private arrays in block RAM: a read port per load, a write site per store; an atomic has
 * both (its read port in aux, its write site in store_site). A read port reads a replica
 * of the memory: its own, or one it shares (hls_phases_apart).
 */
static void private_ports(struct hir_kernel *k)
{
    for (int p = 0; p < k->nparrays; p++)
        k->parrays[p].nloads = k->parrays[p].nstores = k->parrays[p].nreplicas = 0;
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!op->live || op->parray == HIR_NONE)
            continue;
        struct hir_parray *pa = &k->parrays[op->parray];
        if (op->opcode == HIR_LOAD) {
            op->replica = pick_replica(k, op->parray, i);
            if (op->replica == pa->nreplicas)
                pa->nreplicas++;
        }
        op->aux = (unsigned)(op->opcode == HIR_LOAD ? pa->nloads++ : pa->nstores++);
        if (op->atomic && hir_writes_memory(op))
            op->store_site = pa->nstores++;
    }
}

/*
 * Global atomic sites that may touch the same words share one unit (rtl-lib/ocl_atomic_share.v),
 * so that they are atomic with each other: prev and op join one group, named by its first
 * LSU (op->unit). A site with no such partner keeps a unit of its own (unit HIR_NONE).
 */
static void share_atomic_unit(struct hir_kernel *k, const struct hir_op *prev, struct hir_op *op)
{
    if (!prev->atomic || !op->atomic || prev->lsu == HIR_NONE || op->lsu == HIR_NONE ||
        !memory_may_alias(k, prev, op))
        return;
    int from = op->unit == HIR_NONE ? op->lsu : op->unit;
    int to = prev->unit == HIR_NONE ? prev->lsu : prev->unit;
    if (from == to)
        return;
    if (to > from) { /* the group keeps its smallest LSU */
        int t = to;
        to = from;
        from = t;
    }
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *o = &k->ops[i];
        if (o->atomic && o->lsu != HIR_NONE && (o->lsu == from || o->unit == from))
            o->unit = to;
        if (o->atomic && o->lsu == to)
            o->unit = to;
    }
}

static int is_private(const struct hir_op *op)
{
    return op->parray != HIR_NONE;
}

/*
 * Within one iteration: `op` after `prev`, an earlier access of the kernel with an LSU. Two
 * sites of one shared atomic unit need no wait: the unit performs requests in the order they
 * fired, and the schedule puts op in a later stage than prev (schedule_ops.c).
 */
static void order_within(struct hir_op *prev, struct hir_op *op)
{
    if (hir_writes_memory(prev)) {
        op->ordered = 1; /* RAW or WAW */
        hir_lsu_set_add(&op->order_after, prev->lsu);
    } else if (hir_writes_memory(op)) {
        hir_lsu_set_add(&op->war_after, prev->lsu); /* WAR */
    }
}

/* After a global barrier a load may read other work-items' stores: no stale lines. */
static void uncache_after_barrier(struct hir_op *a, struct hir_op *b)
{
    if (a->opcode == HIR_LOAD && hir_writes_memory(b))
        a->uncached = 1;
    if (b->opcode == HIR_LOAD && hir_writes_memory(a))
        b->uncached = 1;
}

int hls_memory_order(struct hls_ctx *ctx, struct hir_kernel *k)
{
    k->nlsus = 0;
    private_ports(k);
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!is_access(op) || is_private(op))
            continue; /* private: ordered by the schedule alone (schedule_kernel.c) */
        if (k->nlsus == HIR_MAX_LSUS)
            return hls_error_in(ctx, hir_file_name(k, op->file), op->line,
                                "kernel '%s' has more than %d __global and __constant accesses: "
                                "its memory arbiter takes at most %d ports (one per access)",
                                k->name, HIR_MAX_LSUS, HIR_MAX_LSUS);
        op->lsu = k->nlsus++;
        if (op->fence_seq && op->opcode == HIR_LOAD && !op->atomic)
            op->uncached = 1; /* after a global fence: what other work-items stored */
        if (op->atomic) /* until a partner shows up; printf's counter is a group of its own */
            op->unit = hir_is_printf_counter(k, op) ? op->lsu : HIR_NONE;
    }
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        for (int j = 0; is_access(op) && j < i; j++) {
            struct hir_op *prev = &k->ops[j];
            if (!is_access(prev))
                continue;
            share_atomic_unit(k, prev, op);
            if (prev->lsu != HIR_NONE && op->lsu != HIR_NONE && memory_may_alias(k, prev, op) &&
                !hir_same_atomic_unit(prev, op))
                order_within(prev, op);
            else if (prev->lsu != HIR_NONE && op->lsu != HIR_NONE &&
                     prev->fence_seq < op->fence_seq && hir_writes_memory(prev))
                order_within(prev, op); /* a global fence between them (lower_call.c) */
            if (k->nbarriers && !is_private(op) && memory_same_object(k, prev, op))
                uncache_after_barrier(prev, op);
            if (memory_loop_deps(ctx, k, j, i)) /* across iterations */
                return -1;
        }
    }
    return 0;
}
