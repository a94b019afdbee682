// SPDX-License-Identifier: MIT
/*
 * Modulo scheduling of an innermost loop of a single work-item kernel: one segment whose
 * stage 0 issues a new iteration every II cycles (emit_loop.c). A loop phi is read at the
 * stage of its first use, rp, from a register that the previous iteration fills at the stage
 * where the back-edge value is ready, rs; so the iteration after needs II >= rs + 1 - rp.
 * The loop condition decides the next issue: II >= its stage + 1. A store and a later
 * iteration's access of the same bytes (memory_deps.c) need the store issued first:
 * II >= stage(store) - stage(access) + 1; a load and a later iteration's store need the
 * load's data back first: II >= ready(load) - stage(store).
 */
#include <stdlib.h>

#include "schedule.h"
#include "target.h"

static int ready_of(const struct hir_kernel *k, int v)
{
    return v == HIR_NONE || k->ops[v].invariant ? 0 : k->ops[v].ready_stage;
}

static int token_op(struct hir_kernel *k, int si, int v, unsigned width, unsigned kind)
{
    int id = hir_emit(k, HIR_TOKEN, width, v == HIR_NONE ? 0 : 1, &v);
    if (id == HIR_NONE)
        return HIR_NONE;
    k->ops[id].live = 1;
    k->ops[id].seg = si;
    k->ops[id].aux = kind;
    return id;
}

/* The `first` flag and the entry values of the phis, as values of the segment's stage 0. */
static int add_issue_values(struct hls_ctx *ctx, struct hir_kernel *k, int si, int l)
{
    k->cur_loop = HIR_NONE;
    k->cur_line = k->loops[l].line;
    int first = token_op(k, si, HIR_NONE, 1, HIR_TOKEN_FIRST);
    if (first == HIR_NONE)
        return hls_error(ctx, k->loops[l].line, "out of memory");
    k->loops[l].first = first;
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        if (!op->live || op->seg != si || op->opcode != HIR_LOOP_PHI)
            continue;
        int init = op->ops[0];
        if (k->ops[init].invariant) {
            op->init_copy = init;
            continue;
        }
        int c = token_op(k, si, init, k->ops[init].width, HIR_TOKEN_ENTRY_VALUE);
        if (c == HIR_NONE)
            return hls_error(ctx, k->loops[l].line, "out of memory");
        k->ops[i].init_copy = c;
    }
    return 0;
}

/* The first stage that reads phi p, or HIR_NONE (with *user its first reader). */
static int first_read(const struct hir_kernel *k, int si, int p, int *user)
{
    int rp = HIR_NONE;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->seg != si || op->opcode == HIR_LOOP_PHI)
            continue;
        int reads = op->pred == p;
        for (int j = 0; j < op->nops; j++)
            reads |= op->ops[j] == p;
        if (reads && (rp == HIR_NONE || op->stage < rp)) {
            rp = op->stage;
            *user = i;
        }
    }
    return rp;
}

static void limit(struct hir_loop *lp, int ii, enum hir_dep_kind kind, unsigned from, unsigned to)
{
    if (ii <= lp->ii)
        return;
    lp->ii = ii;
    lp->dep_kind = kind;
    lp->dep_from = from;
    lp->dep_to = to;
}

/* Source line of value v: its own, else the nearest operand's (selects and copies made by
   lowering have none). */
static unsigned value_line(const struct hir_kernel *k, int v, int depth)
{
    if (v == HIR_NONE)
        return 0;
    const struct hir_op *op = &k->ops[v];
    if (op->line || depth == 0)
        return op->line;
    for (int j = 0; j < op->nops; j++) {
        unsigned l = value_line(k, op->ops[j], depth - 1);
        if (l)
            return l;
    }
    return 0;
}

static void register_limits(struct hir_kernel *k, int si, struct hir_loop *lp, const int *user)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->seg != si || op->opcode != HIR_LOOP_PHI)
            continue;
        int next = hls_segment_local(k, si, op->next);
        int rs = ready_of(k, next);
        unsigned to = user[i] != HIR_NONE ? k->ops[user[i]].line : op->line;
        unsigned from = value_line(k, next, 4);
        limit(lp, rs + 1 - op->stage, HIR_DEP_REGISTER, from ? from : op->line, to);
    }
    int cont = hls_segment_local(k, si, lp->cont);
    lp->cont_stage = ready_of(k, cont);
    unsigned from = value_line(k, cont, 4);
    limit(lp, lp->cont_stage + 1, HIR_DEP_REGISTER, from ? from : lp->line, lp->line);
}

/*
 * From a store entering its LSU to an access of a later iteration that waits for it: such
 * stores write through (memory_deps.c), so the LSU is idle 2 cycles later, 3 if the store
 * opened a new line (ocl_lsu_store.v timing).
 */
#define STORE_DRAIN_CYCLES 3

static void memory_limits(struct hir_kernel *k, int l)
{
    struct hir_loop *lp = &k->loops[l];
    for (int d = 0; d < k->nmem_deps; d++) {
        const struct hir_mem_dep *dep = &k->mem_deps[d];
        if (dep->loop != l)
            continue;
        const struct hir_op *b = &k->ops[dep->from], *a = &k->ops[dep->to];
        /* an atomic has written once it has answered, discarded answer or not */
        int answered =
            b->discard ? b->stage + (int)hls_atomic_latency(k->load_latency) : b->ready_stage;
        int ii = b->atomic && hir_writes_memory(b) ? answered + 1 - a->stage
                 : b->opcode != HIR_STORE          ? b->ready_stage - a->stage
                 : b->lsu == HIR_NONE              ? b->stage - a->stage + 1 /* block RAM */
                                                   : b->stage + STORE_DRAIN_CYCLES - a->stage;
        limit(lp, ii, HIR_DEP_MEMORY, b->line, a->line);
    }
}

/*
 * Operations of one iteration on one pipe or channel at stages a < b: the next iteration's
 * operation at a must come after this one's at b, so II > b - a. Then they are never in the
 * same cycle either, and the endpoint sees its operations in program order.
 */
static void stream_limits(struct hir_kernel *k, int si, struct hir_loop *lp)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *a = &k->ops[i];
        if (!a->live || a->seg != si || a->opcode != HIR_STREAM)
            continue;
        for (int j = i + 1; j < k->nops; j++) {
            const struct hir_op *b = &k->ops[j];
            if (b->live && b->seg == si && b->opcode == HIR_STREAM && b->stream == a->stream)
                limit(lp, abs(b->stage - a->stage) + 1, HIR_DEP_STREAM, a->line, b->line);
        }
    }
}

static void compute_ii(struct hir_kernel *k, int si, int l, const int *user)
{
    struct hir_loop *lp = &k->loops[l];
    lp->ii = 1;
    lp->dep_kind = HIR_DEP_NONE;
    register_limits(k, si, lp, user);
    memory_limits(k, l);
    stream_limits(k, si, lp);
}

int hls_modulo_schedule(struct hls_ctx *ctx, struct hir_kernel *k, int si)
{
    int l = k->segs[si].from_loop;
    if (add_issue_values(ctx, k, si, l))
        return -1;
    int *user = malloc((size_t)k->nops * sizeof(*user));
    if (!user)
        return hls_error(ctx, k->loops[l].line, "out of memory");
    /* First pass with every phi at stage 0: where is each first read? */
    hls_schedule_ops(k, si, 0);
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        user[i] = HIR_NONE;
        if (!op->live || op->seg != si || op->opcode != HIR_LOOP_PHI)
            continue;
        int rs = ready_of(k, hls_segment_local(k, si, op->next));
        int rp = first_read(k, si, i, &user[i]);
        op->stage = rp == HIR_NONE || rp > rs ? rs : rp;
    }
    hls_schedule_ops(k, si, 1);
    struct hir_loop *lp = &k->loops[l];
    compute_ii(k, si, l, user);
    /* A recurrence read early waits for its own result: read it later, if that helps. */
    for (int round = 0; round < 4 && lp->ii > 1; round++) {
        int before = lp->ii, moved = 0;
        for (int i = 0; i < k->nops; i++) {
            struct hir_op *op = &k->ops[i];
            if (!op->live || op->seg != si || op->opcode != HIR_LOOP_PHI)
                continue;
            int slack = ready_of(k, hls_segment_local(k, si, op->next)) - op->stage - 1;
            op->aux = (unsigned)op->stage; /* to undo */
            if (slack > 0) {
                op->stage += slack;
                moved = 1;
            }
        }
        if (!moved)
            break;
        hls_schedule_ops(k, si, 1);
        compute_ii(k, si, l, user);
        if (lp->ii < before)
            continue;
        for (int i = 0; i < k->nops; i++)
            if (k->ops[i].live && k->ops[i].seg == si && k->ops[i].opcode == HIR_LOOP_PHI)
                k->ops[i].stage = (int)k->ops[i].aux;
        hls_schedule_ops(k, si, 1);
        compute_ii(k, si, l, user);
        break;
    }
    free(user);
    if (lp->hint_ii && lp->hint_ii < (unsigned)lp->ii)
        return hls_error_in(ctx, hir_file_name(k, lp->file), lp->line,
                            "#pragma ii %u cannot be met: this loop needs II %d because of a %s "
                            "dependency from line %u to line %u",
                            lp->hint_ii, lp->ii,
                            lp->dep_kind == HIR_DEP_MEMORY ? "memory" : "register", lp->dep_from,
                            lp->dep_to);
    if (lp->ii > 511 || lp->hint_ii > 511)
        return hls_error_in(ctx, hir_file_name(k, lp->file), lp->line,
                            "this loop needs II %d, more than the 511 supported",
                            lp->ii > (int)lp->hint_ii ? lp->ii : (int)lp->hint_ii);
    if (lp->hint_ii > (unsigned)lp->ii) {
        lp->ii = (int)lp->hint_ii;
        lp->dep_kind = HIR_DEP_NONE;
    }
    return 0;
}
