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
 * A value is live at position p when it is defined before p and used at or after p, where a
 * use inside a loop that does not hold the definition counts at the loop's end (the value
 * must survive every iteration) and a loop phi's back-edge value and the loop's condition
 * are used at the loop's end. Inside a segment, a value from an earlier segment is read
 * through a HIR_TOKEN copy defined at the segment's first stage, so every operation of a
 * segment names only values of that segment or launch invariants.
 */
#include <stdlib.h>
#include <string.h>

#include "hls.h"

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

static int extend(const struct hir_kernel *k, int v, int pos, int from_loop)
{
    int d = hir_def_pos(k, v);
    for (int l = from_loop; l != HIR_NONE; l = k->loops[l].parent)
        if (!hir_loop_holds(k, l, d) && k->loops[l].end > pos)
            pos = k->loops[l].end;
    return pos;
}

static void use_at(const struct hir_kernel *k, int *live_end, int v, int pos, int from_loop)
{
    if (v == HIR_NONE || k->ops[v].invariant)
        return;
    pos = extend(k, v, pos, from_loop);
    if (pos > live_end[v])
        live_end[v] = pos;
}

static int *compute_live_end(const struct hir_kernel *k)
{
    int *end = malloc((size_t)k->nops * sizeof(*end));
    if (!end)
        return NULL;
    for (int v = 0; v < k->nops; v++)
        end[v] = -1;
    for (int u = 0; u < k->nops; u++) {
        const struct hir_op *op = &k->ops[u];
        if (!op->live || op->invariant)
            continue;
        if (op->opcode == HIR_LOOP_PHI) {
            /* entry value: used on entry only, not inside the phi's own loop */
            use_at(k, end, op->ops[0], u, k->loops[op->loop].parent);
            const struct hir_loop *lp = &k->loops[op->loop];
            use_at(k, end, op->next, lp->end, op->loop);
            continue;
        }
        for (int j = 0; j < op->nops; j++)
            use_at(k, end, op->ops[j], u, op->loop);
        use_at(k, end, op->pred, u, op->loop);
    }
    for (int l = 0; l < k->nloops; l++)
        use_at(k, end, k->loops[l].cont, k->loops[l].end, l);
    use_at(k, end, k->slot, k->nops, HIR_NONE);    /* released at the kernel's end */
    use_at(k, end, k->wg_slot, k->nops, HIR_NONE); /* counted there, and held by barriers */
    return end;
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

/* Values defined before `before` and live at `at` (loop phis of `phis_of` excluded). */
static int live_set(const struct hir_kernel *k, const int *live_end, int before, int at, int **list,
                    int *n)
{
    for (int v = 0; v < k->nops; v++) {
        const struct hir_op *op = &k->ops[v];
        if (!op->live || op->invariant || op->opcode == HIR_STORE || op->opcode == HIR_TOKEN)
            continue;
        if (hir_def_pos(k, v) < before && live_end[v] >= at && push(list, n, v))
            return -1;
    }
    return 0;
}

static int segment_sets(struct hir_kernel *k, struct hir_segment *s, const int *live_end)
{
    if (s->from == HIR_FROM_LOOP_ENTRY) {
        const struct hir_loop *lp = &k->loops[s->from_loop];
        for (int v = lp->begin; v < lp->end; v++)
            if (k->ops[v].live && k->ops[v].opcode == HIR_LOOP_PHI &&
                k->ops[v].loop == s->from_loop && push(&s->in, &s->nin, v))
                return -1;
        if (live_set(k, live_end, lp->begin, lp->end, &s->in, &s->nin))
            return -1;
    } else if (s->from == HIR_FROM_LOOP_EXIT) {
        const struct hir_loop *lp = &k->loops[s->from_loop];
        if (live_set(k, live_end, lp->end, lp->end, &s->in, &s->nin))
            return -1;
    }
    if (s->from == HIR_FROM_BARRIER) {
        int pos = k->barriers[s->from_loop].pos;
        if (live_set(k, live_end, pos, pos, &s->in, &s->nin))
            return -1;
    }
    if (s->to == HIR_TO_BARRIER) {
        int pos = k->barriers[s->to_loop].pos;
        return live_set(k, live_end, pos, pos, &s->out, &s->nout);
    }
    if (s->to == HIR_TO_LOOP_ENTRY) {
        const struct hir_loop *lp = &k->loops[s->to_loop];
        return live_set(k, live_end, lp->begin, lp->begin, &s->out, &s->nout);
    }
    if (s->to == HIR_TO_LOOP_END) {
        const struct hir_loop *lp = &k->loops[s->to_loop];
        return live_set(k, live_end, lp->end, lp->end, &s->out, &s->nout);
    }
    return 0;
}

static int find_segment(const struct hir_kernel *k, int pos)
{
    for (int i = 0; i < k->nsegs; i++)
        if (pos >= k->segs[i].begin && pos < k->segs[i].end)
            return i;
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

int hls_segments(struct hls_ctx *ctx, struct hir_kernel *k)
{
    int nev = 2 * k->nloops + k->nbarriers, ret = -1;
    struct event *ev = malloc(((size_t)nev + 1) * sizeof(*ev));
    int *live_end = NULL, *copy_of = NULL;
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
    for (int v = 0; v < k->nops; v++)
        k->ops[v].seg = find_segment(k, hir_def_pos(k, v));
    live_end = compute_live_end(k);
    if (!live_end)
        goto oom;
    for (int i = 0; i < k->nsegs; i++)
        if (segment_sets(k, &k->segs[i], live_end))
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
    free(live_end);
    free(copy_of);
    return ret;
}

int hls_segment_local(const struct hir_kernel *k, int si, int v)
{
    if (v == HIR_NONE || k->ops[v].invariant || k->ops[v].seg == si)
        return v;
    const struct hir_segment *s = &k->segs[si];
    for (int i = 0; i < s->nin; i++)
        if (s->in[i] == v)
            return s->in_copy[i];
    return HIR_NONE;
}
