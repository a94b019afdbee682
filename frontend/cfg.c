/* SPDX-License-Identifier: MIT */
/*
 * A function's control flow for live_across_loops.c and hls/lower/cfg_order.c: blocks in
 * reverse post-order, immediate dominators (Cooper, Harvey and Kennedy, "A Simple, Fast
 * Dominance Algorithm", 2001) and natural loops. The LLVM C API offers none of these.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "fe_internal.h"

/* ---- blocks by pointer: an open-addressing table, so that lookups stay O(1) on large
   (unrolled) kernels; the order, dominator and loop passes look blocks up per edge. */

static unsigned slot_of(const struct fe_cfg *g, LLVMBasicBlockRef bb)
{
    uintptr_t h = (uintptr_t)bb;
    h ^= h >> 17;
    h *= 0x9e3779b97f4a7c15ull & UINTPTR_MAX;
    h ^= h >> 29;
    unsigned i = (unsigned)h & g->map_mask;
    while (g->map_keys[i] && g->map_keys[i] != bb)
        i = (i + 1) & g->map_mask;
    return i;
}

int fe_cfg_index(const struct fe_cfg *g, LLVMBasicBlockRef bb)
{
    if (!g->map_keys || !bb)
        return -1;
    unsigned i = slot_of(g, bb);
    return g->map_keys[i] ? g->map_vals[i] : -1; /* -1: unreachable from the entry */
}

/* A table of n blocks (at most half full); 0 or -1. */
static int map_init(struct fe_cfg *g, unsigned n)
{
    unsigned size = 16;
    while (size < 2 * n)
        size *= 2;
    g->map_keys = calloc(size, sizeof(*g->map_keys));
    g->map_vals = malloc(size * sizeof(*g->map_vals));
    g->map_mask = size - 1;
    return g->map_keys && g->map_vals ? 0 : -1;
}

static void map_put(struct fe_cfg *g, LLVMBasicBlockRef bb, int index)
{
    unsigned i = slot_of(g, bb);
    g->map_keys[i] = bb;
    g->map_vals[i] = index;
}

/* Reverse post-order from the entry, iteratively (a kernel's CFG can be deep); the table
   maps every block of the function to its position in all[] meanwhile, then to its
   reverse post-order index (unreachable blocks dropped). */
static int order_blocks(LLVMValueRef fn, struct fe_cfg *g)
{
    unsigned total = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *all = malloc(total * sizeof(*all));
    int *post = malloc(total * sizeof(*post)), *stack = malloc(total * sizeof(*stack));
    unsigned *next_succ = calloc(total, sizeof(*next_succ));
    char *seen = calloc(total, 1);
    int n = 0, top = 0, ok = all && post && stack && next_succ && seen && map_init(g, total) == 0;
    if (ok) {
        LLVMGetBasicBlocks(fn, all);
        for (unsigned i = 0; i < total; i++)
            map_put(g, all[i], (int)i);
        stack[top++] = 0;
        seen[0] = 1;
    }
    while (ok && top) {
        int si = stack[top - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(all[si]);
        unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
        if (next_succ[si] < nsucc) {
            int j = fe_cfg_index(g, LLVMGetSuccessor(term, next_succ[si]++));
            if (j >= 0 && !seen[j]) {
                seen[j] = 1;
                stack[top++] = j;
            }
        } else {
            post[n++] = si;
            top--;
        }
    }
    g->n = n;
    g->blocks = ok ? malloc((size_t)(n ? n : 1) * sizeof(*g->blocks)) : NULL;
    if (g->blocks) {
        memset(g->map_keys, 0, (g->map_mask + 1) * sizeof(*g->map_keys));
        for (int i = 0; i < n; i++) {
            g->blocks[i] = all[post[n - 1 - i]];
            map_put(g, g->blocks[i], i);
        }
    }
    free(all);
    free(post);
    free(stack);
    free(next_succ);
    free(seen);
    return g->blocks ? 0 : -1;
}

/* Predecessor lists by index (pred[pred_start[b] .. pred_start[b + 1]]), one entry per edge. */
static int find_predecessors(struct fe_cfg *g)
{
    int n = g->n, edges = 0;
    g->pred_start = calloc((size_t)n + 1, sizeof(*g->pred_start));
    if (!g->pred_start)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        int *fill = NULL;
        if (pass) {
            for (int b = 0; b < n; b++) /* counts to starts */
                g->pred_start[b + 1] += g->pred_start[b];
            edges = g->pred_start[n];
            g->pred = malloc((size_t)(edges ? edges : 1) * sizeof(*g->pred));
            fill = calloc((size_t)(n ? n : 1), sizeof(*fill));
            if (!g->pred || !fill) {
                free(fill);
                return -1;
            }
        }
        for (int p = 0; p < n; p++) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(g->blocks[p]);
            for (unsigned i = 0, ns = term ? LLVMGetNumSuccessors(term) : 0; i < ns; i++) {
                int x = fe_cfg_index(g, LLVMGetSuccessor(term, i));
                if (x < 0)
                    continue;
                if (pass)
                    g->pred[g->pred_start[x] + fill[x]++] = p;
                else
                    g->pred_start[x + 1]++;
            }
        }
        free(fill);
    }
    return 0;
}

static int intersect(const int *idom, int a, int b)
{
    while (a != b) {
        while (a > b)
            a = idom[a];
        while (b > a)
            b = idom[b];
    }
    return a;
}

/* Immediate dominators by RPO index: iterate to the fixed point (entry: itself). */
static int find_dominators(struct fe_cfg *g)
{
    int n = g->n;
    g->idom = malloc((size_t)(n > 0 ? n : 1) * sizeof(*g->idom));
    if (!g->idom)
        return -1;
    for (int i = 0; i < n; i++)
        g->idom[i] = -1;
    g->idom[0] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 1; b < n; b++) {
            int best = -1;
            for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
                int p = g->pred[e];
                if (g->idom[p] < 0)
                    continue;
                best = best < 0 ? p : intersect(g->idom, p, best);
            }
            if (best >= 0 && g->idom[b] != best) {
                g->idom[b] = best;
                changed = 1;
            }
        }
    }
    return 0;
}

int fe_cfg_dominates(const struct fe_cfg *g, int a, int b)
{
    while (b != a && b != 0)
        b = g->idom[b];
    return b == a;
}

/* An edge latch -> header back to the same or an earlier block: a natural loop's candidate. */
struct back_edge {
    int latch, header;
};

static int by_latch_then_header(const void *a, const void *b)
{
    const struct back_edge *x = a, *y = b;
    return x->latch != y->latch ? (x->latch > y->latch) - (x->latch < y->latch)
                                : (x->header > y->header) - (x->header < y->header);
}

/* The distinct edges to the same or an earlier block, by latch then header (the loops'
   order); *count of them. NULL when out of memory. */
static struct back_edge *back_edges(const struct fe_cfg *g, int *count)
{
    struct back_edge *e =
        malloc((size_t)(g->pred_start[g->n] ? g->pred_start[g->n] : 1) * sizeof(*e));
    int n = 0, kept = 0;
    if (!e)
        return NULL;
    for (int h = 0; h < g->n; h++)
        for (int i = g->pred_start[h]; i < g->pred_start[h + 1]; i++)
            if (g->pred[i] >= h)
                e[n++] = (struct back_edge){g->pred[i], h};
    qsort(e, (size_t)n, sizeof(*e), by_latch_then_header);
    for (int i = 0; i < n; i++) /* a switch's cases can repeat an edge */
        if (!kept || by_latch_then_header(&e[kept - 1], &e[i]))
            e[kept++] = e[i];
    *count = kept;
    return e;
}

/* Natural loops: an edge b -> h with h dominating b; the body is what reaches b without h. */
static int find_loops(struct fe_cfg *g)
{
    int n = g->n ? g->n : 1, nedges = 0;
    int *work = malloc((size_t)n * sizeof(*work));
    struct back_edge *edges = back_edges(g, &nedges);
    char *body = malloc((size_t)n);
    g->loop_header = calloc((size_t)n, sizeof(*g->loop_header));
    g->in_loop = calloc((size_t)n, sizeof(*g->in_loop));
    if (!work || !edges || !body || !g->loop_header || !g->in_loop) {
        free(work);
        free(edges);
        free(body);
        return -1;
    }
    for (int e = 0; e < nedges; e++) {
        int b = edges[e].latch, h = edges[e].header;
        if (!fe_cfg_dominates(g, h, b))
            continue;
        memset(body, 0, (size_t)n);
        body[h] = body[b] = 1;
        int top = 0;
        if (b != h)
            work[top++] = b;
        while (top) { /* predecessors, backwards, up to the header */
            int x = work[--top];
            for (int pe = g->pred_start[x]; pe < g->pred_start[x + 1]; pe++) {
                int p = g->pred[pe];
                if (!body[p]) {
                    body[p] = 1;
                    work[top++] = p;
                }
            }
        }
        struct fe_loop *grown = realloc(g->loops, (size_t)(g->nloops + 1) * sizeof(*grown));
        char *copy = malloc((size_t)n);
        if (!grown || !copy) {
            if (grown)
                g->loops = grown;
            free(copy);
            free(work);
            free(edges);
            free(body);
            return -1;
        }
        memcpy(copy, body, (size_t)n);
        g->loops = grown;
        g->loops[g->nloops++] = (struct fe_loop){.header = h, .latch = b, .body = copy};
        g->loop_header[h] = 1;
        for (int x = 0; x < g->n; x++)
            g->in_loop[x] |= body[x];
    }
    free(work);
    free(edges);
    free(body);
    return 0;
}

int fe_cfg_build(LLVMValueRef fn, struct fe_cfg *g)
{
    *g = (struct fe_cfg){0};
    if (order_blocks(fn, g) || find_predecessors(g) || find_dominators(g) || find_loops(g)) {
        fe_cfg_free(g);
        return -1;
    }
    return 0;
}

void fe_cfg_free(struct fe_cfg *g)
{
    free(g->blocks);
    free(g->map_keys);
    free(g->map_vals);
    free(g->pred_start);
    free(g->pred);
    free(g->idom);
    free(g->loop_header);
    free(g->in_loop);
    for (int i = 0; i < g->nloops; i++)
        free(g->loops[i].body);
    free(g->loops);
    *g = (struct fe_cfg){0};
}
