// SPDX-License-Identifier: MIT
/*
 * Block order for if-conversion: reverse post-order of the CFG. A back edge (a successor still
 * on the DFS stack) means a loop; this hardware has none, so it is reported with the
 * loop's source line instead of generating wrong hardware.
 */
#include <stdlib.h>

#include "hls.h"
#include "valmap.h"

enum { WHITE = 0, ON_STACK = 1, DONE = 2 };

struct dfs {
    struct valmap color;
    LLVMBasicBlockRef *post; /* post-order */
    int npost;
    LLVMBasicBlockRef loop_header;
    LLVMValueRef loop_branch;
};

static int dfs_visit(struct dfs *d, LLVMBasicBlockRef bb)
{
    if (valmap_put(&d->color, bb, ON_STACK))
        return -1;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < nsucc; i++) {
        LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
        int c = valmap_get(&d->color, s, WHITE);
        if (c == ON_STACK) {
            if (!d->loop_header) {
                d->loop_header = s;
                d->loop_branch = term;
            }
            continue;
        }
        if (c == WHITE && dfs_visit(d, s))
            return -1;
    }
    d->post[d->npost++] = bb;
    return valmap_put(&d->color, bb, DONE);
}

/* The loop's line: its back edge (the for/while statement), else its header's first line. */
static unsigned loop_line(LLVMBasicBlockRef bb, LLVMValueRef back_edge)
{
    unsigned line = fe_inst_line(back_edge, NULL);
    if (line)
        return line;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        unsigned line = fe_inst_line(i, NULL);
        if (line)
            return line;
    }
    return 0;
}

int hls_cfg_order(struct hls_ctx *ctx, LLVMValueRef fn, LLVMBasicBlockRef **order, int *n)
{
    struct dfs d = {0};
    unsigned nblocks = LLVMCountBasicBlocks(fn);
    int ret = -1;

    d.post = calloc(nblocks ? nblocks : 1, sizeof(*d.post));
    if (!d.post)
        return hls_error(ctx, 0, "out of memory");
    if (dfs_visit(&d, LLVMGetEntryBasicBlock(fn))) {
        hls_error(ctx, 0, "out of memory");
        goto out_free_post;
    }
    if (d.loop_header) {
        unsigned line = loop_line(d.loop_header, d.loop_branch);
        hls_error(ctx, line,
                  "loops are not supported yet (this loop is not fully unrolled by the compiler); "
                  "use a constant trip count with '#pragma unroll', or wait for loop support");
        goto out_free_post;
    }
    /* Reverse in place: post-order → reverse post-order. */
    for (int i = 0, j = d.npost - 1; i < j; i++, j--) {
        LLVMBasicBlockRef t = d.post[i];
        d.post[i] = d.post[j];
        d.post[j] = t;
    }
    *order = d.post;
    *n = d.npost;
    d.post = NULL;
    ret = 0;
out_free_post:
    free(d.post);
    valmap_free(&d.color);
    return ret;
}
