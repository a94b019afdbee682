// SPDX-License-Identifier: MIT
/*
 * Scheduling, one pipeline segment (segments.c) at a time: ASAP (schedule_ops.c), or modulo
 * scheduling for the innermost loops of tasks (modulo.c); then each loop's figures (depth,
 * capacity), the copies of private and __local memories and their banks. Every value then
 * knows the last stage that reads it, which tells the emitter how many pipeline registers it
 * needs.
 */
#include "schedule.h"
#include "target.h"

/* Private array copies: at most this many work-items in flight, and this many bytes. */
#define HLS_MAX_SLOTS 64
#define HLS_SLOT_BUDGET (256ul * 1024)

static int schedule_segment(struct hls_ctx *ctx, struct hir_kernel *k, int si)
{
    struct hir_segment *s = &k->segs[si];
    int modulo = s->from == HIR_FROM_LOOP_ENTRY && k->loops[s->from_loop].modulo;
    if (modulo && hls_modulo_schedule(ctx, k, si))
        return -1;
    if (!modulo)
        hls_schedule_ops(k, si, 0);
    hls_segment_finish(k, si);
    return 0;
}

static int holds_barrier(const struct hir_kernel *k, int l)
{
    for (int b = 0; b < k->nbarriers; b++)
        if (hir_loop_holds(k, l, k->barriers[b].pos))
            return 1;
    return 0;
}

/* The least power of two >= n, at least 4. */
static int pow2_at_least(int n)
{
    int p = 4;
    while (p < n)
        p <<= 1;
    return p;
}

/* Loop depth (entry to back edge) and, for interleaved loops, the tokens allowed inside. */
static void loop_figures(struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++) {
        struct hir_loop *lp = &k->loops[l];
        int depth = 0;
        for (int si = 0; si < k->nsegs; si++) {
            const struct hir_segment *s = &k->segs[si];
            if (s->begin >= lp->begin && s->end <= lp->end &&
                !(s->from == HIR_FROM_LOOP_EXIT && s->from_loop == l))
                depth += s->depth + (s->from != HIR_FROM_DISPATCH); /* + the FIFO's cycle */
        }
        lp->depth = depth;
        if (lp->modulo)
            continue;
        lp->ii = 1; /* a new iteration (of some work-item) every cycle */
        /* Room for a work-item in every stage and FIFO slot of the loop, up to 256. */
        int cap = pow2_at_least(depth + 4 < 256 ? depth + 4 : 256);
        /* A barrier inside: every work-item of the groups in flight must fit in the loop,
           or the group's first ones would wait at the barrier for ones kept out. */
        if (holds_barrier(k, l) && cap < (int)k->max_wg * k->nwg_slots)
            cap = pow2_at_least((int)k->max_wg * k->nwg_slots);
        lp->capacity = cap;
    }
}

/*
 * Banks of a __local memory on the sim board, by the low bits of the word index
 * (ocl_private_ram's NB): as many as it has store sites, up to 8, so stores to neighbouring
 * words (tmp[2*l] and tmp[2*l+1]) are written in the same cycle. FPGA boards keep one: each
 * bank's arbiter and read selection cost logic cells.
 */
static unsigned parray_banks(const struct hir_parray *pa, const struct oclhls_board *board)
{
    unsigned words = pa->bytes / pa->elem_bytes, banks = 1;
    if (!pa->local || !hls_target_of(board).bank_local_memories)
        return 1;
    while (banks < (unsigned)pa->nstores && banks < 8 && words % (banks * 2) == 0)
        banks *= 2;
    return banks;
}

/*
 * Copies of the private arrays: one per work-item in flight, within a block RAM budget.
 * Copies of __local memory: one per work-group in flight; two let the next group start while
 * the previous one finishes.
 */
static void count_slots(struct hir_kernel *k, const struct oclhls_board *board)
{
    k->nwg_slots = k->attr_wg_in_flight ? (int)k->attr_wg_in_flight
                                        : hls_target_of(board).work_group_copies;
    k->max_wg = hls_max_work_group(k, board);
    unsigned long bytes = 0;
    for (int p = 0; p < k->nparrays; p++) {
        bytes += k->parrays[p].local ? 0 : k->parrays[p].bytes;
        k->parrays[p].banks = parray_banks(&k->parrays[p], board);
    }
    k->nslots = 1;
    if (k->single_work_item || !bytes)
        return;
    while (k->nslots < HLS_MAX_SLOTS && (unsigned long)k->nslots * 2 * bytes <= HLS_SLOT_BUDGET)
        k->nslots *= 2;
}

int hls_schedule(struct hls_ctx *ctx, struct hir_kernel *k)
{
    k->load_latency = hls_load_latency(ctx->board);
    struct hls_target t = hls_target_of(ctx->board);
    k->stage_budget = t.stage_budget;
    k->unit_input_delay = t.unit_input_delay;
    k->bram_load_delay = t.bram_load_delay;
    count_slots(k, ctx->board);
    /* Single work-item kernels: innermost loops issue iterations back to back. */
    for (int l = 0; l < k->nloops; l++)
        k->loops[l].modulo = k->single_work_item && k->loops[l].innermost && !holds_barrier(k, l);
    k->depth = 0;
    /* Inner segments first would not matter: segments are independent pipelines. */
    for (int si = 0; si < k->nsegs; si++) {
        if (schedule_segment(ctx, k, si))
            return -1;
        k->depth += k->segs[si].depth;
    }
    loop_figures(k);
    return 0;
}
