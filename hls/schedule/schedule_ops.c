// SPDX-License-Identifier: MIT
/*
 * The ASAP scheduler of one pipeline segment (schedule_kernel.c drives it; modulo.c calls it with
 * the iteration's stages bounded): each operation at the earliest stage where its operands are
 * ready, combinational operations chained within a stage while their delays fit the budget,
 * multicycle units at their latencies (latency.c, float_units.c), memory order as lower
 * bounds; then the last stage that reads each value and the segment's depth.
 */
#include "schedule.h"
#include "target.h"

struct when {
    int stage, delay;
};

static void later(struct when *w, int stage, int delay)
{
    if (stage > w->stage || (stage == w->stage && delay > w->delay)) {
        w->stage = stage;
        w->delay = delay;
    }
}

static void need(struct hir_kernel *k, int v, struct when *w)
{
    if (v == HIR_NONE || k->ops[v].invariant)
        return;
    later(w, k->ops[v].ready_stage, k->ops[v].ready_delay);
}

static void use(struct hir_kernel *k, int v, int stage)
{
    if (v != HIR_NONE && !k->ops[v].invariant && stage > k->ops[v].last_use)
        k->ops[v].last_use = stage;
}

/* Lower bound from memory ordering: after earlier stores (RAW/WAW), after loads' data (WAR). */
static void order_bound(struct hir_kernel *k, int i, struct when *w)
{
    struct hir_op *op = &k->ops[i];
    for (int j = 0; j < i; j++) {
        struct hir_op *prev = &k->ops[j];
        if (op->parray != HIR_NONE) { /* block RAM: a read sees writes of earlier cycles */
            if (!prev->live || prev->parray != op->parray || prev->seg != op->seg)
                continue;
            if (prev->opcode == HIR_STORE)
                later(w, prev->stage + 1, 0);
            else if (hir_writes_memory(prev)) /* an atomic writes in its ready stage */
                later(w, prev->ready_stage + 1, 0);
            else if (hir_writes_memory(op))
                later(w, prev->ready_stage, 0);
            continue;
        }
        if (!prev->live || prev->lsu == HIR_NONE || prev->seg != op->seg)
            continue; /* other segments: their tokens have passed them */
        if (hir_same_atomic_unit(prev, op)) /* the shared unit takes the earlier fire first */
            later(w, prev->stage + 1, 0);
        if (op->ordered && hir_lsu_set_has(&op->order_after, prev->lsu)) /* after an atomic's answer */
            later(w, (prev->atomic ? prev->ready_stage : prev->stage) + 1, 0);
        if (hir_lsu_set_has(&op->war_after, prev->lsu))
            later(w, prev->ready_stage, 0);
    }
}

static void schedule_op(struct hir_kernel *k, int i)
{
    struct hir_op *op = &k->ops[i];
    struct when w = {0, 0};

    for (int j = 0; j < op->nops; j++)
        need(k, op->ops[j], &w);
    need(k, op->pred, &w);
    if (op->opcode == HIR_LOAD || op->opcode == HIR_STORE)
        order_bound(k, i, &w);

    if (hir_is_multicycle(op->opcode) || op->opcode == HIR_STORE) {
        if (w.delay + k->unit_input_delay > k->stage_budget)
            w = (struct when){w.stage + 1, 0};
        op->stage = w.stage;
        unsigned lat = hir_is_float_unit(op->opcode) ? hls_float_latency(op->opcode)
                       : op->opcode == HIR_STREAM    ? hls_stream_latency(op)
                       : op->opcode != HIR_LOAD      ? hls_div_latency(op->width)
                       : op->parray != HIR_NONE      ? 1 /* block RAM */
                       : hir_is_printf_counter(k, op) ? HLS_PRINTF_COUNTER_CYCLES
                       : op->atomic                  ? hls_atomic_latency(k->load_latency) +
                                                           (op->unit != HIR_NONE && op->parray == HIR_NONE
                                                                ? HLS_ATOMIC_SHARE_CYCLES
                                                                : 0)
                                                     : k->load_latency;
        /* A store, or an atomic whose old value is discarded, is done once issued. */
        op->ready_stage = op->opcode == HIR_STORE || op->discard ? op->stage : op->stage + (int)lat;
        op->ready_delay = op->opcode != HIR_LOAD       ? 1
                          : op->parray != HIR_NONE ? k->bram_load_delay
                                                   : 2;
    } else {
        int d = hls_op_delay(k, op);
        if (w.delay + d > k->stage_budget)
            w = (struct when){w.stage + 1, 0};
        op->stage = w.stage;
        op->ready_stage = w.stage;
        op->ready_delay = w.delay + d;
    }
    op->last_use = op->ready_stage;
    /* A block-RAM atomic computes and writes in its ready stage. */
    int operand_stage = op->atomic && op->parray != HIR_NONE ? op->ready_stage : op->stage;
    for (int j = 0; j < op->nops; j++)
        use(k, op->ops[j], operand_stage);
    use(k, op->pred, op->stage);
    if (op->opcode == HIR_LOAD || op->opcode == HIR_STREAM)
        use(k, op->pred, op->ready_stage); /* the response is taken under the predicate */
    if (op->opcode == HIR_STREAM && op->aux == HIR_PIPE_RESERVE)
        use(k, op->ops[1], op->ready_stage); /* n goes into the reservation id */
}

static int in_segment(const struct hir_kernel *k, int v, int si)
{
    return k->ops[v].live && !k->ops[v].invariant && k->ops[v].seg == si &&
           k->ops[v].opcode != HIR_STORE;
}

/* Values arriving with the token (and loop phis of interleaved loops) are at stage 0. */
static int is_arrival(const struct hir_op *op, int modulo)
{
    return op->opcode == HIR_TOKEN || (op->opcode == HIR_LOOP_PHI && !modulo);
}

/* ASAP over one segment; modulo phis stay at the stage already chosen for them. */
static void schedule_ops(struct hir_kernel *k, int si, int modulo)
{
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!op->live || op->invariant || op->seg != si)
            continue;
        if (is_arrival(op, modulo)) {
            op->stage = op->ready_stage = op->ready_delay = op->last_use = 0;
        } else if (op->rebuilt_at) {
            /* from arriving values, before any operation uses it (rebuild_ids.c makes an
               operand before its user) */
            int in = 0;
            for (int j = 0; j < op->nops; j++)
                if (!k->ops[op->ops[j]].invariant && k->ops[op->ops[j]].ready_delay > in)
                    in = k->ops[op->ops[j]].ready_delay;
            op->stage = op->ready_stage = op->last_use = 0;
            op->ready_delay = in + hls_op_delay(k, op);
        } else if (op->opcode == HIR_LOOP_PHI) {
            op->ready_stage = op->stage;
            op->ready_delay = 1; /* the mux between entry value and back-edge register */
            op->last_use = op->stage;
        }
    }
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (op->live && !op->invariant && op->seg == si && !is_arrival(op, modulo) &&
            op->opcode != HIR_LOOP_PHI && !op->rebuilt_at)
            schedule_op(k, i);
    }
    if (modulo)
        for (int i = 0; i < k->nops; i++) {
            struct hir_op *op = &k->ops[i];
            if (op->live && op->seg == si && op->opcode == HIR_LOOP_PHI) {
                use(k, op->init_copy, op->stage);
                use(k, k->loops[op->loop].first, op->stage);
            }
        }
}

static int segment_depth(struct hir_kernel *k, int si)
{
    int depth = 0;
    for (int i = 0; i < k->nops; i++) {
        if (!in_segment(k, i, si))
            continue;
        if (k->ops[i].ready_stage > depth)
            depth = k->ops[i].ready_stage;
        if (k->ops[i].last_use > depth)
            depth = k->ops[i].last_use;
    }
    for (int i = 0; i < k->nops; i++) /* stores: their stage */
        if (k->ops[i].live && k->ops[i].seg == si && k->ops[i].opcode == HIR_STORE &&
            k->ops[i].stage > depth)
            depth = k->ops[i].stage;
    /* Stages 0..depth, and at least two so stage 0 always has a successor register. */
    return depth + 1 < 2 ? 2 : depth + 1;
}

/* The segment's depth, and its leaving values read in its last stage (which may deepen it). */
void hls_segment_finish(struct hir_kernel *k, int si)
{
    struct hir_segment *s = &k->segs[si];
    s->depth = segment_depth(k, si);
    for (int i = 0; i < s->nout; i++)
        use(k, s->out_local[i], s->depth - 1);
    if (s->to == HIR_TO_END) { /* the slots are given back */
        use(k, hls_segment_local(k, si, k->slot), s->depth - 1);
        use(k, hls_segment_local(k, si, k->wg_slot), s->depth - 1);
    }
    s->depth = segment_depth(k, si);
}

void hls_schedule_ops(struct hir_kernel *k, int si, int modulo)
{
    schedule_ops(k, si, modulo);
}
