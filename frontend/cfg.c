/* SPDX-License-Identifier: MIT */
/*
 * A function's control flow for live_across_loops.c and hls/lower/cfg_order.c: blocks in
 * reverse post-order, immediate dominators (Cooper, Harvey and Kennedy, "A Simple, Fast
 * Dominance Algorithm", 2001) and natural loops. The LLVM C API offers none of these, and
 * kernels are small enough for arrays and linear lookups.
 */
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "cfg.h"

int fe_cfg_index(const struct fe_cfg *g, LLVMBasicBlockRef bb)
{
    for (int i = 0; i < g->n; i++)
        if (g->blocks[i] == bb)
            return i;
    return -1; /* unreachable from the entry */
}

/* Reverse post-order from the entry, iteratively (a kernel's CFG can be deep). */
static int order_blocks(LLVMValueRef fn, struct fe_cfg *g)
{
    unsigned total = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *all = malloc(total * sizeof(*all)), *post = malloc(total * sizeof(*post));
    LLVMBasicBlockRef *stack = malloc(total * sizeof(*stack));
    unsigned *next_succ = calloc(total, sizeof(*next_succ));
    char *seen = calloc(total, 1);
    int n = 0, top = 0, ok = all && post && stack && next_succ && seen;
    if (ok) {
        LLVMGetBasicBlocks(fn, all);
        stack[top++] = all[0];
        seen[0] = 1;
    }
    while (ok && top) {
        LLVMBasicBlockRef bb = stack[top - 1];
        unsigned si = 0;
        while (all[si] != bb)
            si++;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
        if (next_succ[si] < nsucc) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(term, next_succ[si]++);
            unsigned j = 0;
            while (all[j] != s)
                j++;
            if (!seen[j]) {
                seen[j] = 1;
                stack[top++] = s;
            }
        } else {
            post[n++] = bb;
            top--;
        }
    }
    g->n = n;
    g->blocks = ok ? malloc((size_t)(n ? n : 1) * sizeof(*g->blocks)) : NULL;
    if (g->blocks)
        for (int i = 0; i < n; i++)
            g->blocks[i] = post[n - 1 - i];
    free(all);
    free(post);
    free(stack);
    free(next_succ);
    free(seen);
    return g->blocks ? 0 : -1;
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
            for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(g->blocks[b])); u;
                 u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (!LLVMIsATerminatorInst(user))
                    continue; /* a block address or a phi's incoming block */
                int p = fe_cfg_index(g, LLVMGetInstructionParent(user));
                if (p < 0 || g->idom[p] < 0)
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

/* Does block p branch to block x? */
static int branches_to(const struct fe_cfg *g, int p, int x)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->blocks[p]);
    unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < n; i++)
        if (LLVMGetSuccessor(term, i) == g->blocks[x])
            return 1;
    return 0;
}

/* Natural loops: an edge b -> h with h dominating b; the body is what reaches b without h. */
static int find_loops(struct fe_cfg *g)
{
    int n = g->n ? g->n : 1;
    int *work = malloc((size_t)n * sizeof(*work));
    char *body = malloc((size_t)n);
    g->loop_header = calloc((size_t)n, sizeof(*g->loop_header));
    g->in_loop = calloc((size_t)n, sizeof(*g->in_loop));
    if (!work || !body || !g->loop_header || !g->in_loop) {
        free(work);
        free(body);
        return -1;
    }
    for (int b = 0; b < g->n; b++)
        for (int h = 0; h <= b; h++) {
            if (!branches_to(g, b, h) || !fe_cfg_dominates(g, h, b))
                continue;
            memset(body, 0, (size_t)n);
            body[h] = body[b] = 1;
            int top = 0;
            if (b != h)
                work[top++] = b;
            while (top) { /* predecessors, backwards, up to the header */
                int x = work[--top];
                for (int p = 0; p < g->n; p++)
                    if (!body[p] && branches_to(g, p, x)) {
                        body[p] = 1;
                        work[top++] = p;
                    }
            }
            struct fe_loop *grown = realloc(g->loops, (size_t)(g->nloops + 1) * sizeof(*grown));
            char *copy = malloc((size_t)n);
            if (!grown || !copy) {
                if (grown)
                    g->loops = grown;
                free(copy);
                free(work);
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
    free(body);
    return 0;
}

int fe_cfg_build(LLVMValueRef fn, struct fe_cfg *g)
{
    *g = (struct fe_cfg){0};
    if (order_blocks(fn, g) || find_dominators(g) || find_loops(g)) {
        fe_cfg_free(g);
        return -1;
    }
    return 0;
}

void fe_cfg_free(struct fe_cfg *g)
{
    free(g->blocks);
    free(g->idom);
    free(g->loop_header);
    free(g->in_loop);
    for (int i = 0; i < g->nloops; i++)
        free(g->loops[i].body);
    free(g->loops);
    *g = (struct fe_cfg){0};
}
