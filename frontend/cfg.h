/* SPDX-License-Identifier: MIT */
/* Control flow of an LLVM function: block order, dominators, natural loops (cfg.c). */
#ifndef OCLHLS_FE_CFG_H
#define OCLHLS_FE_CFG_H

#include <llvm-c/Core.h>

/*
 * cfg.c, shared with hls/lower/cfg_order.c: a function's blocks in reverse post-order (unreachable
 * ones left out), immediate dominators by that index (the entry's is itself) and its natural
 * loops, one per back edge.
 */
struct fe_loop {
    int header, latch;
    char *body; /* by block index */
};
struct fe_cfg {
    LLVMBasicBlockRef *blocks;
    int n;
    LLVMBasicBlockRef *map_keys; /* blocks to their index (fe_cfg_index): a hash table */
    int *map_vals;
    unsigned map_mask;
    int *pred_start, *pred; /* predecessors of b: pred[pred_start[b] .. pred_start[b + 1]) */
    int *idom;
    char *loop_header; /* the target of a back edge */
    char *in_loop;     /* inside some loop (headers included) */
    struct fe_loop *loops;
    int nloops;
};
int fe_cfg_build(LLVMValueRef fn, struct fe_cfg *g); /* -1: out of memory */
void fe_cfg_free(struct fe_cfg *g);
int fe_cfg_index(const struct fe_cfg *g, LLVMBasicBlockRef bb); /* -1: unreachable */
int fe_cfg_dominates(const struct fe_cfg *g, int a, int b);

#endif
