// SPDX-License-Identifier: MIT
/*
 * Pipeline segments. Loop boundaries cut the kernel's operation list into segments; each is
 * a pipeline with its own stall, and tokens (work-items, or loop iterations) travel between
 * them through FIFOs carrying the values still needed (docs/architecture.md, "Loops"):
 *
 *   ... → [segment] → entry FIFO → admit ← back FIFO ← (continue) ─┐
 *                                    ↓                              │
 *                               [loop body segments] ───────────────┤
 *                                                                   ↓ (exit)
 *                                                         exit FIFO → [segment] → ...
 *
 * A value rides across a boundary when it is defined before it and used after it, where a
 * use inside a loop that does not hold the definition counts at the loop's end (the value
 * must survive every iteration). A loop's entry token carries its phis' entry values and the
 * values from before the loop used in it or after it. Its last segment sends two tokens: the
 * exit token carries only what the code after the loop uses (enclosing loops' later
 * iterations included), the back-edge token what the next iteration needs (the phis' next
 * values and, again, the values from before the loop used in it or after it); what only the
 * back edge needs, such as the loop's condition, does not ride out of the loop. Inside a
 * segment, a value from an earlier segment is read through a HIR_TOKEN copy defined at the
 * segment's first stage, so every operation of a segment names only values of that segment
 * or launch invariants.
 */
#include <stdlib.h>
#include <string.h>

#include "schedule.h"
#include "target.h"

/* At one position: loops end (inner first), then a barrier, then loops begin (outer first). */
enum event_kind { EV_LOOP_END, EV_BARRIER, EV_LOOP_BEGIN };

struct event {
    int pos;
    enum event_kind kind;
    int index; /* loop or barrier */
};

static int event_cmp(const struct hir_kernel *k, const struct event *a, const struct event *b)
{
    if (a->pos != b->pos)
        return a->pos - b->pos;
    if (a->kind != b->kind)
        return (int)a->kind - (int)b->kind;
    if (a->kind == EV_BARRIER)
        return a->index - b->index;
    const struct hir_loop *la = &k->loops[a->index], *lb = &k->loops[b->index];
    /* ends: inner (later begin) first; begins: outer (later end) first */
    return a->kind == EV_LOOP_BEGIN ? lb->end - la->end : lb->begin - la->begin;
}

static void sort_events(const struct hir_kernel *k, struct event *ev, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && event_cmp(k, &ev[j - 1], &ev[j]) > 0; j--) {
            struct event t = ev[j];
            ev[j] = ev[j - 1];
            ev[j - 1] = t;
        }
}

/*
 * Liveness is computed on points: point 2s lies inside segment s, point 2b + 1 on boundary b
 * (event b, between segments b and b + 1). A use is at the point of its segment, a loop
 * phi's entry value at the loop's entry boundary (the entry FIFO brings it to the admission),
 * a loop's back-edge uses (its phis' next values, its condition) inside its last segment,
 * before its exit boundary.
 */
static int seg_point(int s)
{
    return 2 * s;
}

static int boundary_point(int b)
{
    return 2 * b + 1;
}

struct liveness {
    int *last_use; /* per value: the last point that needs it, -1 for none */
    int *begin_at; /* per loop: its entry boundary */
    int *end_at;   /* per loop: its exit boundary (its last segment has the same index) */
};

/* A use inside a loop that does not hold the definition is needed by every iteration. */
static int extend(const struct hir_kernel *k, const struct liveness *lv, int v, int point,
                  int from_loop)
{
    int d = hir_def_pos(k, v);
    for (int l = from_loop; l != HIR_NONE; l = k->loops[l].parent)
        if (!hir_loop_holds(k, l, d) && seg_point(lv->end_at[l]) > point)
            point = seg_point(lv->end_at[l]);
    return point;
}

static void use_at(const struct hir_kernel *k, struct liveness *lv, int v, int point, int from_loop)
{
    if (v == HIR_NONE || k->ops[v].invariant)
        return;
    point = extend(k, lv, v, point, from_loop);
    if (point > lv->last_use[v])
        lv->last_use[v] = point;
}

static void compute_last_use(const struct hir_kernel *k, struct liveness *lv)
{
    for (int v = 0; v < k->nops; v++)
        lv->last_use[v] = -1;
    for (int u = 0; u < k->nops; u++) {
        const struct hir_op *op = &k->ops[u];
        if (!op->live || op->invariant)
            continue;
        if (op->opcode == HIR_LOOP_PHI) {
            /* entry value: taken at the loop's entry, not inside the phi's own loop */
            const struct hir_loop *lp = &k->loops[op->loop];
            use_at(k, lv, op->ops[0], boundary_point(lv->begin_at[op->loop]), lp->parent);
            use_at(k, lv, op->next, seg_point(lv->end_at[op->loop]), op->loop);
            continue;
        }
        for (int j = 0; j < op->nops; j++)
            use_at(k, lv, op->ops[j], seg_point(op->seg), op->loop);
        use_at(k, lv, op->pred, seg_point(op->seg), op->loop);
    }
    for (int l = 0; l < k->nloops; l++)
        use_at(k, lv, k->loops[l].cont, seg_point(lv->end_at[l]), l);
    int kernel_end = seg_point(k->nsegs - 1);
    use_at(k, lv, k->slot, kernel_end, HIR_NONE);    /* released at the kernel's end */
    use_at(k, lv, k->wg_slot, kernel_end, HIR_NONE); /* counted there, and held by barriers */
}

static int push(int **list, int *n, int v)
{
    int *grown = realloc(*list, (size_t)(*n + 1) * sizeof(**list));
    if (!grown)
        return -1;
    *list = grown;
    grown[(*n)++] = v;
    return 0;
}

static int contains(const int *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return 1;
    return 0;
}

/* Values defined before boundary b and needed at it (strictly after it: after_only). */
static int live_across(const struct hir_kernel *k, const struct liveness *lv, int b, int after_only,
                       int **list, int *n)
{
    int at = boundary_point(b);
    for (int v = 0; v < k->nops; v++) {
        const struct hir_op *op = &k->ops[v];
        if (!op->live || op->invariant || op->opcode == HIR_STORE || op->opcode == HIR_TOKEN)
            continue;
        if (seg_point(op->seg) < at && lv->last_use[v] >= at + after_only && push(list, n, v))
            return -1;
    }
    return 0;
}

/* What the loop's next iteration needs: its phis' next values and what its body (or the
 * code after it) uses from before the loop. */
static int back_edge_set(const struct hir_kernel *k, const struct liveness *lv, int l, int **list,
                         int *n)
{
    const struct hir_loop *lp = &k->loops[l];
    for (int v = lp->begin; v < lp->end; v++) {
        const struct hir_op *op = &k->ops[v];
        if (!op->live || op->opcode != HIR_LOOP_PHI || op->loop != l || op->next == HIR_NONE)
            continue;
        if (!k->ops[op->next].invariant && !contains(*list, *n, op->next) &&
            push(list, n, op->next))
            return -1;
    }
    int *through = NULL, nthrough = 0, ret = 0;
    if (live_across(k, lv, lv->begin_at[l], 1, &through, &nthrough))
        ret = -1;
    for (int i = 0; !ret && i < nthrough; i++)
        if (!contains(*list, *n, through[i]) && push(list, n, through[i]))
            ret = -1;
    free(through);
    return ret;
}

/* The last segment of loop l: what the exit token carries, what the back-edge token carries
 * (overlapping in the middle of out) and the loop's condition, which only decides. */
static int loop_end_set(const struct hir_kernel *k, const struct liveness *lv, int si,
                        struct hir_segment *s)
{
    int l = s->to_loop, *exit = NULL, nexit = 0, *back = NULL, nback = 0, ret = -1;
    if (live_across(k, lv, si, 0, &exit, &nexit) || back_edge_set(k, lv, l, &back, &nback))
        goto out;
    for (int i = 0; i < nexit; i++) /* exit only */
        if (!contains(back, nback, exit[i]) && push(&s->out, &s->nout, exit[i]))
            goto out;
    s->back_from = s->nout;
    for (int i = 0; i < nexit; i++) /* both */
        if (contains(back, nback, exit[i]) && push(&s->out, &s->nout, exit[i]))
            goto out;
    s->nexit = s->nout;
    for (int i = 0; i < nback; i++) /* back edge only */
        if (!contains(exit, nexit, back[i]) && push(&s->out, &s->nout, back[i]))
            goto out;
    s->nback = s->nout - s->back_from;
    int cont = k->loops[l].cont;
    if (cont != HIR_NONE && !k->ops[cont].invariant && !contains(s->out, s->nout, cont) &&
        push(&s->out, &s->nout, cont))
        goto out;
    ret = 0;
out:
    free(exit);
    free(back);
    return ret;
}

/* The values arriving at segment si and leaving it (their order is the token's layout). */
static int segment_sets(const struct hir_kernel *k, const struct liveness *lv, int si,
                        struct hir_segment *s)
{
    if (s->from == HIR_FROM_LOOP_ENTRY) {
        const struct hir_loop *lp = &k->loops[s->from_loop];
        for (int v = lp->begin; v < lp->end; v++)
            if (k->ops[v].live && k->ops[v].opcode == HIR_LOOP_PHI &&
                k->ops[v].loop == s->from_loop && push(&s->in, &s->nin, v))
                return -1;
        if (live_across(k, lv, si - 1, 1, &s->in, &s->nin)) /* phis' entry values stay out */
            return -1;
    } else if (s->from != HIR_FROM_DISPATCH && live_across(k, lv, si - 1, 0, &s->in, &s->nin)) {
        return -1;
    }
    if (s->to == HIR_TO_LOOP_END)
        return loop_end_set(k, lv, si, s);
    if (s->to != HIR_TO_END)
        return live_across(k, lv, si, 0, &s->out, &s->nout);
    return 0;
}

/* Copies of the segment's incoming values; operands and outputs renamed to them. */
static int localise(struct hls_ctx *ctx, struct hir_kernel *k, int si, int nbefore, int *copy_of)
{
    struct hir_segment *s = &k->segs[si];
    for (int v = 0; v < nbefore; v++)
        copy_of[v] = HIR_NONE;
    s->in_copy = malloc(((size_t)s->nin + 1) * sizeof(int));
    s->out_local = malloc(((size_t)s->nout + 1) * sizeof(int));
    if (!s->in_copy || !s->out_local)
        return hls_error(ctx, k->line, "out of memory");
    for (int i = 0; i < s->nin; i++) {
        int v = s->in[i];
        if (k->ops[v].seg == si && k->ops[v].opcode == HIR_LOOP_PHI) {
            s->in_copy[i] = copy_of[v] = v; /* the loop's own phi, defined by the merge */
            continue;
        }
        k->cur_line = k->ops[v].line;
        k->cur_loop = HIR_NONE;
        int c = hir_emit(k, HIR_TOKEN, k->ops[v].width, 1, &v);
        if (c == HIR_NONE)
            return hls_error(ctx, k->line, "out of memory");
        k->ops[c].live = 1;
        k->ops[c].seg = si;
        k->ops[c].base_arg = k->ops[v].base_arg;
        s = &k->segs[si];
        s->in_copy[i] = copy_of[v] = c;
    }
    for (int u = 0; u < nbefore; u++) {
        struct hir_op *op = &k->ops[u];
        if (!op->live || op->invariant || op->seg != si || op->opcode == HIR_LOOP_PHI)
            continue;
        for (int j = 0; j <= op->nops; j++) {
            int *v = j < op->nops ? &op->ops[j] : &op->pred;
            if (*v == HIR_NONE || k->ops[*v].invariant || k->ops[*v].seg == si)
                continue;
            if (copy_of[*v] == HIR_NONE)
                return hls_error(ctx, op->line,
                                 "internal error: v%d reaches segment %d without "
                                 "a token copy (used by v%d)",
                                 *v, si, u);
            *v = copy_of[*v];
        }
    }
    for (int i = 0; i < s->nout; i++) {
        int v = s->out[i];
        s->out_local[i] = k->ops[v].seg == si ? v : copy_of[v];
        if (s->out_local[i] == HIR_NONE)
            return hls_error(ctx, k->line, "internal error: v%d leaves segment %d unseen", v, si);
    }
    return 0;
}

static int build_segments(struct hir_kernel *k, const struct event *ev, int nev)
{
    k->nsegs = nev + 1;
    k->segs = calloc((size_t)k->nsegs, sizeof(*k->segs));
    if (!k->segs)
        return -1;
    for (int i = 0; i < k->nsegs; i++) {
        struct hir_segment *s = &k->segs[i];
        s->begin = i ? ev[i - 1].pos : 0;
        s->end = i < nev ? ev[i].pos : k->nops;
        static const enum hir_seg_from from[] = {HIR_FROM_LOOP_EXIT, HIR_FROM_BARRIER,
                                                 HIR_FROM_LOOP_ENTRY};
        static const enum hir_seg_to to[] = {HIR_TO_LOOP_END, HIR_TO_BARRIER, HIR_TO_LOOP_ENTRY};
        s->from = i ? from[ev[i - 1].kind] : HIR_FROM_DISPATCH;
        s->from_loop = i ? ev[i - 1].index : HIR_NONE;
        s->to = i < nev ? to[ev[i].kind] : HIR_TO_END;
        s->to_loop = i < nev ? ev[i].index : HIR_NONE;
    }
    return 0;
}

static int liveness_init(struct liveness *lv, const struct hir_kernel *k, const struct event *ev,
                         int nev)
{
    lv->last_use = malloc(((size_t)k->nops + 1) * sizeof(int));
    lv->begin_at = malloc(((size_t)k->nloops + 1) * sizeof(int));
    lv->end_at = malloc(((size_t)k->nloops + 1) * sizeof(int));
    if (!lv->last_use || !lv->begin_at || !lv->end_at)
        return -1;
    for (int b = 0; b < nev; b++)
        if (ev[b].kind == EV_LOOP_BEGIN)
            lv->begin_at[ev[b].index] = b;
        else if (ev[b].kind == EV_LOOP_END)
            lv->end_at[ev[b].index] = b;
    compute_last_use(k, lv);
    return 0;
}

static void liveness_free(struct liveness *lv)
{
    free(lv->last_use);
    free(lv->begin_at);
    free(lv->end_at);
}

int hls_segments(struct hls_ctx *ctx, struct hir_kernel *k)
{
    int nev = 2 * k->nloops + k->nbarriers, ret = -1;
    struct event *ev = malloc(((size_t)nev + 1) * sizeof(*ev));
    struct liveness lv = {0};
    int *copy_of = NULL;
    if (!ev)
        return hls_error(ctx, k->line, "out of memory");
    for (int l = 0; l < k->nloops; l++) {
        ev[2 * l] = (struct event){k->loops[l].begin, EV_LOOP_BEGIN, l};
        ev[2 * l + 1] = (struct event){k->loops[l].end, EV_LOOP_END, l};
    }
    for (int b = 0; b < k->nbarriers; b++)
        ev[2 * k->nloops + b] = (struct event){k->barriers[b].pos, EV_BARRIER, b};
    sort_events(k, ev, nev);
    if (build_segments(k, ev, nev))
        goto oom;
    if (hls_rebuild_values(ctx, k))
        goto out;
    for (int v = 0; v < k->nops; v++) /* a rebuilt value has its segment, which may be empty */
        if (!k->ops[v].rebuilt_at)
            k->ops[v].seg = hls_segment_at(k, hir_def_pos(k, v));
    if (liveness_init(&lv, k, ev, nev))
        goto oom;
    for (int i = 0; i < k->nsegs; i++)
        if (segment_sets(k, &lv, i, &k->segs[i]))
            goto oom;
    int n0 = k->nops;
    copy_of = malloc((size_t)n0 * sizeof(*copy_of));
    if (!copy_of)
        goto oom;
    for (int i = 0; i < k->nsegs; i++)
        if (localise(ctx, k, i, n0, copy_of))
            goto out;
    ret = 0;
    goto out;
oom:
    hls_error(ctx, k->line, "out of memory");
out:
    free(ev);
    liveness_free(&lv);
    free(copy_of);
    return ret;
}
