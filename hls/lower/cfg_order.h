/* SPDX-License-Identifier: MIT */
/* The lowering order (cfg_order.c): blocks, with each loop's blocks between its markers. */
#ifndef OCLHLS_CFG_ORDER_H
#define OCLHLS_CFG_ORDER_H

#include <llvm-c/Core.h>

#include "hls_ctx.h"

enum cfg_item_kind { CFG_BLOCK, CFG_LOOP_BEGIN, CFG_LOOP_END };
struct cfg_item {
    enum cfg_item_kind kind;
    LLVMBasicBlockRef block;   /* the block, or the loop's header */
    LLVMValueRef latch_branch; /* loop markers: the back edge's branch */
};

/*
 * Blocks of fn in reverse post-order with loops collapsed (recursively), so a loop's blocks
 * are contiguous. Fails with the source line on irreducible control flow. *items is malloc'ed.
 */
int hls_cfg_order(struct hls_ctx *ctx, LLVMValueRef fn, struct cfg_item **items, int *n);

#endif
