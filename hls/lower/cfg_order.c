// SPDX-License-Identifier: MIT
/*
 * Block order for lowering. If-conversion needs a block's predecessors lowered before it, and
 * the pipeline needs each loop's blocks contiguous, so the order is a reverse post-order of
 * the CFG with every loop collapsed to one node, recursively inside each loop (its back edge
 * removed). Loops are the natural loops of back edges (edges to a dominator); any other edge
 * that closes a cycle makes the flow irreducible, which is reported at its source line.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg_order.h"
#include "valmap.h"

struct cfg {
    struct hls_ctx *ctx;
    struct fe_cfg flow; /* reachable blocks numbered in reverse post-order, dominators */
    struct valmap number;
    int nloops;
    int *header;         /* per loop: header block */
    int *latch;          /* per loop: a block with the back edge */
    int *parent;         /* per loop: enclosing loop or -1 */
    unsigned char *body; /* per loop: n flags */
    int *loop_of;        /* per block: innermost loop or -1 */
    struct cfg_item *items;
    int nitems;
};

static int num_succ(LLVMBasicBlockRef bb)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    return term ? (int)LLVMGetNumSuccessors(term) : 0;
}

static int succ(const struct cfg *c, int b, int i)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(c->flow.blocks[b]);
    return valmap_get(&c->number, LLVMGetSuccessor(term, (unsigned)i), -1);
}

/* Blocks in reverse post-order and their immediate dominators (frontend/cfg.c). */
static int number_blocks(struct cfg *c, LLVMValueRef fn)
{
    if (fe_cfg_build(fn, &c->flow))
        return -1;
    for (int i = 0; i < c->flow.n; i++)
        if (valmap_put(&c->number, c->flow.blocks[i], i))
            return -1;
    return 0;
}

static int dominates(const struct cfg *c, int a, int b)
{
    return fe_cfg_dominates(&c->flow, a, b);
}

static unsigned block_line(LLVMBasicBlockRef bb, const char **file)
{
    unsigned line = fe_inst_line(LLVMGetBasicBlockTerminator(bb), file);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !line; i = LLVMGetNextInstruction(i))
        line = fe_inst_line(i, file);
    return line;
}

static int add_loop(struct cfg *c, int header, int latch)
{
    for (int l = 0; l < c->nloops; l++)
        if (c->header[l] == header) {
            c->body[(size_t)l * c->flow.n + header] = 1; /* the body walk below adds the rest */
            return l;
        }
    int l = c->nloops++;
    c->header[l] = header;
    c->latch[l] = latch;
    return l;
}

/* Body of loop l: the header and every block that reaches `from` without passing it. */
static void mark_body(struct cfg *c, int l, int from, int *work)
{
    unsigned char *body = &c->body[(size_t)l * c->flow.n];
    int nw = 0;
    body[c->header[l]] = 1;
    if (!body[from]) {
        body[from] = 1;
        work[nw++] = from;
    }
    while (nw) {
        int b = work[--nw];
        for (int p = 0; p < c->flow.n; p++)
            for (int i = 0; i < num_succ(c->flow.blocks[p]); i++)
                if (succ(c, p, i) == b && !body[p]) {
                    body[p] = 1;
                    work[nw++] = p;
                }
    }
}

static int find_loops(struct cfg *c)
{
    c->header = malloc((size_t)c->flow.n * sizeof(int));
    c->latch = malloc((size_t)c->flow.n * sizeof(int));
    c->parent = malloc((size_t)c->flow.n * sizeof(int));
    c->loop_of = malloc((size_t)c->flow.n * sizeof(int));
    c->body = calloc((size_t)c->flow.n * (size_t)c->flow.n, 1);
    int *work = malloc((size_t)c->flow.n * sizeof(int));
    if (!c->header || !c->latch || !c->parent || !c->loop_of || !c->body || !work) {
        free(work);
        return hls_error(c->ctx, 0, "out of memory");
    }
    for (int b = 0; b < c->flow.n; b++)
        for (int i = 0; i < num_succ(c->flow.blocks[b]); i++) {
            int s = succ(c, b, i);
            if (s > b)
                continue; /* forward edge in reverse post-order */
            if (!dominates(c, s, b)) {
                free(work);
                const char *file;
                unsigned line = block_line(c->flow.blocks[b], &file);
                return hls_error_in(c->ctx, file, line,
                                    "irreducible control flow: this jump enters a loop other "
                                    "than through its header (a goto into a loop); restructure "
                                    "it as a loop with a single entry");
            }
            mark_body(c, add_loop(c, s, b), b, work);
        }
    free(work);
    /* Parent: the smallest other loop whose body holds the header. */
    for (int l = 0; l < c->nloops; l++) {
        c->parent[l] = -1;
        int best = c->flow.n + 1;
        for (int m = 0; m < c->nloops; m++) {
            if (m == l || !c->body[(size_t)m * c->flow.n + c->header[l]])
                continue;
            int size = 0;
            for (int b = 0; b < c->flow.n; b++)
                size += c->body[(size_t)m * c->flow.n + b];
            if (size < best) {
                best = size;
                c->parent[l] = m;
            }
        }
    }
    for (int b = 0; b < c->flow.n; b++) {
        c->loop_of[b] = -1;
        for (int l = 0; l < c->nloops; l++)
            if (c->body[(size_t)l * c->flow.n + b]) {
                int m = c->loop_of[b];
                /* innermost: l nested in m */
                int inside = 0;
                for (int p = l; p >= 0; p = c->parent[p])
                    inside |= p == m;
                if (m < 0 || inside)
                    c->loop_of[b] = l;
            }
    }
    return 0;
}

/* The node of block b in region `loop`: b itself, or the child loop of `loop` holding it. */
static int node_of(const struct cfg *c, int loop, int b)
{
    int l = c->loop_of[b];
    if (l == loop)
        return b;
    while (c->parent[l] != loop)
        l = c->parent[l];
    return c->header[l];
}

static int in_region(const struct cfg *c, int loop, int b)
{
    return loop < 0 || c->body[(size_t)loop * c->flow.n + b];
}

static int push_item(struct cfg *c, enum cfg_item_kind kind, int b, int loop)
{
    struct cfg_item *grown = realloc(c->items, (size_t)(c->nitems + 1) * sizeof(*grown));
    if (!grown)
        return hls_error(c->ctx, 0, "out of memory");
    c->items = grown;
    struct cfg_item *it = &c->items[c->nitems++];
    it->kind = kind;
    it->block = c->flow.blocks[b];
    it->latch_branch = loop >= 0 ? LLVMGetBasicBlockTerminator(c->flow.blocks[c->latch[loop]]) : NULL;
    return 0;
}

/* DFS over the region's nodes; on finishing a node, its items go into post[]. */
static void region_dfs(const struct cfg *c, int loop, int entry, int node, unsigned char *seen,
                       int *post, int *npost)
{
    seen[node] = 1;
    for (int b = 0; b < c->flow.n; b++) {
        if (!in_region(c, loop, b) || node_of(c, loop, b) != node)
            continue;
        for (int i = 0; i < num_succ(c->flow.blocks[b]); i++) {
            int s = succ(c, b, i);
            if (s < 0 || s == entry || !in_region(c, loop, s))
                continue;
            int t = node_of(c, loop, s);
            if (t != node && !seen[t])
                region_dfs(c, loop, entry, t, seen, post, npost);
        }
    }
    post[(*npost)++] = node;
}

static int order_region(struct cfg *c, int loop, int entry)
{
    unsigned char *seen = calloc((size_t)c->flow.n, 1);
    int *post = malloc((size_t)c->flow.n * sizeof(int));
    int npost = 0, ret = -1;
    if (!seen || !post) {
        hls_error(c->ctx, 0, "out of memory");
        goto out;
    }
    region_dfs(c, loop, entry, entry, seen, post, &npost);
    for (int i = npost - 1; i >= 0; i--) {
        int node = post[i];
        int child = c->loop_of[node];
        if (child == loop || node == entry) {
            if (push_item(c, CFG_BLOCK, node, -1))
                goto out;
            continue;
        }
        while (c->parent[child] != loop)
            child = c->parent[child];
        if (push_item(c, CFG_LOOP_BEGIN, node, child) || order_region(c, child, node) ||
            push_item(c, CFG_LOOP_END, node, child))
            goto out;
    }
    ret = 0;
out:
    free(seen);
    free(post);
    return ret;
}

int hls_cfg_order(struct hls_ctx *ctx, LLVMValueRef fn, struct cfg_item **items, int *n)
{
    struct cfg c = {.ctx = ctx};
    int ret = -1;

    if (number_blocks(&c, fn)) {
        hls_error(ctx, 0, "out of memory");
        goto out;
    }
    if (find_loops(&c) || order_region(&c, -1, 0))
        goto out;
    *items = c.items;
    *n = c.nitems;
    c.items = NULL;
    ret = 0;
out:
    free(c.items);
    fe_cfg_free(&c.flow);
    free(c.header);
    free(c.latch);
    free(c.parent);
    free(c.body);
    free(c.loop_of);
    valmap_free(&c.number);
    return ret;
}
