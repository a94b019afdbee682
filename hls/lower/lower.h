/* SPDX-License-Identifier: MIT */
/*
 * Lowering (lower/): an LLVM kernel to the hardware IR, if-converted, loops as ranges with
 * loop phis, barriers as positions, private and __local memories in block RAM, arguments laid
 * out in CSR words. The first step of every kernel's build (compile.c), before the pass
 * table (passes.c).
 */
#ifndef OCLHLS_LOWER_H
#define OCLHLS_LOWER_H

#include <llvm-c/Core.h>

#include "hir.h"
#include "hls_ctx.h"

/* The lowering order (cfg_order.c): blocks, with each loop's blocks between its markers. */
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

/* Lowers one kernel to if-converted hardware IR; arguments laid out in CSR words. */
int hls_lower_kernel(struct hls_ctx *ctx, LLVMModuleRef m, const struct fe_kernel *fk,
                     struct hir_kernel **out);

#endif
