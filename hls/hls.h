/* SPDX-License-Identifier: MIT */
/*
 * The HLS passes, in the order the driver runs them (one pass per file):
 *   lower.c (+ cfg_order.c, ifconvert.c)  LLVM kernel → hardware IR, if-converted
 *   cse.c                                 merge identical pure operations
 *   liveness.c                            drop what no store needs; find launch invariants
 *   memory_order.c                        LSU per access, alias sets, ordering between them
 *   schedule.c                            stages: chaining within the clock, multicycle units
 *   emit_kernel.c / emit_system.c         Verilog
 */
#ifndef OCLHLS_HLS_H
#define OCLHLS_HLS_H

#include <llvm-c/Core.h>

#include "board.h"
#include "frontend.h"
#include "hir.h"
#include "strbuf.h"

struct hls_ctx {
    struct oclhls_strbuf *log; /* diagnostics and reports go here */
    const char *source_name;   /* for messages without debug info */
    const struct oclhls_board *board;
    int verbose;
};

/* Writes "file:line: error: ..." to the log; returns -1 so callers can `return hls_error(...)`. */
int hls_error(struct hls_ctx *ctx, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Blocks of fn in reverse post-order. Fails (with the loop's source line) when the CFG has
 * a cycle: loops arrive with the next issue. *order is malloc'ed.
 */
int hls_cfg_order(struct hls_ctx *ctx, LLVMValueRef fn, LLVMBasicBlockRef **order, int *n);

/* Lowers one kernel to if-converted hardware IR; arguments laid out in CSR words. */
int hls_lower_kernel(struct hls_ctx *ctx, LLVMModuleRef m, const struct fe_kernel *fk,
                     struct hir_kernel **out);

/* Merges identical pure operations (common subexpressions). */
int hls_cse(struct hls_ctx *ctx, struct hir_kernel *k);

/* Marks live operations (those a store depends on) and launch-invariant values. */
void hls_liveness(struct hir_kernel *k);

/* Gives every live load/store its LSU and decides which must wait for earlier stores. */
int hls_memory_order(struct hls_ctx *ctx, struct hir_kernel *k, const struct fe_kernel *fk);

/* Assigns pipeline stages; sets k->depth. */
int hls_schedule(struct hls_ctx *ctx, struct hir_kernel *k);

/* Multicycle unit latencies the scheduler and the emitter agree on. */
unsigned hls_div_width(unsigned width);   /* 8, 16, 32 or 64 */
unsigned hls_div_latency(unsigned width); /* ocl_div: W + 2 */
unsigned hls_load_latency(const struct oclhls_board *board);
unsigned hls_load_depth(const struct oclhls_board *board); /* LSU queue depth */

/* Verilog of one kernel module "oclk_<name>" and of the system top "oclhls_system". */
int hls_emit_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct oclhls_strbuf *out);
int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out);

#endif
