/* SPDX-License-Identifier: MIT */
/*
 * The HLS passes, in the order the driver runs them (one pass per file):
 *   lower.c (+ cfg_order.c, ifconvert.c, lower_loop.c, lower_call.c, lower_memory.c,
 *            lower_private.c, lower_barrier.c)
 *                                         LLVM kernel → hardware IR, if-converted, loops as
 *                                         ranges with loop phis, barriers as positions,
 *                                         private and __local memories in block RAM
 *   cse.c                                 merge identical pure operations
 *   liveness.c                            drop what no store needs; find launch invariants
 *   memory_order.c (+ memory_deps.c)      LSU per access, alias sets, ordering between them,
 *                                         also between loop iterations
 *   segments.c                            pipelines between loop and barrier boundaries,
 *                                         token contents
 *   schedule.c (+ modulo.c)               stages: chaining within the clock, multicycle units,
 *                                         II of modulo-scheduled loops
 *   emit_kernel.c (+ emit_loop.c, emit_barrier.c, emit_slots.c, emit_private.c,
 *                  emit_memory.c), emit_system.c  Verilog
 */
#ifndef OCLHLS_HLS_H
#define OCLHLS_HLS_H

#include <llvm-c/Core.h>

#include "board.h"
#include "frontend.h"
#include "hir.h"
#include "strbuf.h"

/* A program-scope channel (Intel FPGA channels): a FIFO in the system between two kernels. */
struct hls_channel {
    const char *name; /* "c", "c[2]" */
    unsigned bytes;   /* packet bytes */
    unsigned depth;   /* __attribute__((depth(N))), 0 when not given */
    unsigned line;
};

/* Channel FIFO entries when the source gives no depth: streams one packet per clock. */
#define HLS_CHANNEL_DEFAULT_DEPTH 4

struct hls_ctx {
    struct oclhls_strbuf *log; /* diagnostics and reports go here */
    const char *source_name;   /* for messages without debug info */
    const struct oclhls_board *board;
    int verbose;
    const char *print_after; /* a pass name, "lower" or "all": its IR to the log (passes.h) */
    const struct fe_loop_hint *loop_hints; /* from the frontend: #pragma ii / ivdep */
    unsigned nloop_hints;
    const struct hls_channel *channels; /* the program's channels, by the frontend's ids */
    unsigned nchannels;
};

/* Writes "file:line: error: ..." to the log; returns -1 so callers can `return hls_error(...)`. */
int hls_error(struct hls_ctx *ctx, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

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

/* Merges identical pure operations (common subexpressions). */
int hls_cse(struct hls_ctx *ctx, struct hir_kernel *k);

/* Marks live operations (those a store depends on) and launch-invariant values. */
void hls_liveness(struct hir_kernel *k);

/* Significant bits of every value (sig_bits.c): what tokens carry. */
void hls_sig_bits(struct hir_kernel *k);

/* Barrier loops whose idle work-items can leave early (park.c): adds their gate barriers. */
int hls_park_loops(struct hls_ctx *ctx, struct hir_kernel *k);

/* Gives every live load/store its LSU and decides which must wait for earlier stores. */
int hls_memory_order(struct hls_ctx *ctx, struct hir_kernel *k);

/* Cuts the kernel into pipeline segments at loop boundaries (segments.c). */
int hls_segments(struct hls_ctx *ctx, struct hir_kernel *k);
/* Global ids and functions of the work-group slot computed after the first segment instead of
   carried there (rebuild_ids.c); called by hls_segments once the segments' ranges are known */
int hls_rebuild_values(struct hls_ctx *ctx, struct hir_kernel *k);
/* Segment queries (segment_query.c). The segment whose operation range holds position pos
   (segment 0 when none does). */
int hls_segment_at(const struct hir_kernel *k, int pos);
/* The segment that ends in `to` of loop or barrier `loop` (it may hold no operations), or
   HIR_NONE. */
int hls_segment_to(const struct hir_kernel *k, enum hir_seg_to to, int loop);
/* The name of value v inside segment si: itself, its token copy, or HIR_NONE. */
int hls_segment_local(const struct hir_kernel *k, int si, int v);

/* Assigns pipeline stages; sets k->depth. */
int hls_schedule(struct hls_ctx *ctx, struct hir_kernel *k);

/* Delay units of a combinational operation (schedule.c): 0 for wiring, 3 for a 32-bit add. */
int hls_op_delay(const struct hir_kernel *k, const struct hir_op *op);

/*
 * Line kernels (line_kernel.c): on a hardware board, an NDRange kernel whose global accesses
 * all go to p[get_global_id(0)] (p a buffer argument) with one element size, with no loop, barrier,
 * private array, pipe or multicycle unit, runs a memory line at a time on ocl_line_engine. Sets
 * k->line_kernel (and k->line_elem_bits) when it qualifies; the stages become 0.
 */
void hls_line_kernel(const struct oclhls_board *board, struct hir_kernel *k);
/* Cycles a line kernel's engine takes per memory line (its step) at full memory rate. */
int hls_line_cycles(const struct hir_kernel *k);
/* The ids a line kernel's engine covers, 0 .. n-1: a work-item with a larger id would access
   an element beyond the memory, so the runtime leaves it out of the range (meta line_ids). */
uint64_t hls_line_ids(const struct oclhls_board *board, const struct hir_kernel *k);
/* Verilog of a line kernel (emit_line_kernel.c), in place of hls_emit_kernel's pipeline. */
int hls_emit_line_kernel(struct hls_ctx *ctx, const struct hir_kernel *k,
                         struct oclhls_strbuf *out);

/* ASAP over segment si (schedule_ops.c); modulo: loop phis keep their stage. */
void hls_schedule_ops(struct hir_kernel *k, int si, int modulo);
/* After the operations of segment si have stages: its depth, the last stage of every value it
   hands on (schedule_ops.c). */
void hls_segment_finish(struct hir_kernel *k, int si);
/* Stages and II of the modulo-scheduled loop whose only segment is si (modulo.c). */
int hls_modulo_schedule(struct hls_ctx *ctx, struct hir_kernel *k, int si);

/* Multicycle unit latencies the scheduler and the emitter agree on (latency.c). */
unsigned hls_div_width(unsigned width);   /* 8, 16, 32 or 64 */
unsigned hls_div_latency(unsigned width); /* ocl_div: W + 2 */
/* float_units.c: the rtl-lib module and latency of a float operation (hir_is_float_unit);
 * hls_float_units_load reads the latencies from rtl-lib once, before any scheduling. */
int hls_float_units_load(struct hls_ctx *ctx);
const char *hls_float_module(enum hir_opcode op);
unsigned hls_float_latency(enum hir_opcode op);
const char *hls_float_cost(enum hir_opcode op); /* "~N LCs" on the iCE40 UP5K */
unsigned hls_float_lcs(const struct hir_kernel *k, const struct hir_op *op, unsigned *dsps);
unsigned hls_float_int_width(const struct hir_kernel *k, const struct hir_op *op);
/*
 * share_units.c: float operations that share a unit (hir_op.unit): in modulo loops with
 * II > 1, and in NDRange kernels whose float units would not fit the board at one
 * work-item per cycle (hir_kernel.dispatch_ii).
 */
void hls_share_units(const struct oclhls_board *board, struct hir_kernel *k);
/* The largest part of a board's logic cells the float units may take. */
#define HLS_FLOAT_LC_SHARE 0.6
#define HLS_MAX_DISPATCH_II 8
unsigned hls_load_latency(const struct oclhls_board *board);
unsigned hls_load_depth(const struct oclhls_board *board); /* LSU queue depth */
/* An FPGA board (not the sim family): area counts, so queues and ids are kept small. */
int hls_board_is_hardware(const struct oclhls_board *board);
/*
 * Byte-address bits an LSU keeps: a hardware board's global memory (17 for 128 KiB; higher
 * bits wrap, as the iCEBreaker's SPRAM does), so the upper address bits cost no logic; 32 on
 * the sim board, whose memory checks every access.
 */
unsigned hls_mem_addr_bits(const struct oclhls_board *board);
/* Blocks of the board's block RAM for one memory of depth x width: the best shape. */
unsigned long hls_bram_blocks(const struct oclhls_board *board, unsigned long depth,
                              unsigned long width);
/*
 * Block RAMs of the board one private array or __local memory takes: its replicas (one per
 * read port), copies and banks, each in the board's cheapest block shape (emit_private.c).
 */
unsigned long hls_parray_blocks(const struct hir_kernel *k, const struct hir_parray *pa,
                                const struct oclhls_board *board);
unsigned hls_atomic_latency(unsigned load_latency);        /* ocl_atomic, scheduled */
/* ocl_atomic's DEPTH for an atomic site: its requests in flight */
unsigned hls_atomic_depth(const struct oclhls_board *board, const struct hir_op *op);
unsigned hls_atomic_table_entries(unsigned depth); /* its word table: DEPTH + min(DEPTH, 4) */
/* Stages from a stream operation to its answer: 1 at a channel FIFO, more through a pipe port. */
unsigned hls_stream_latency(const struct hir_op *op);
/* The largest work-group the kernel's hardware holds: reqd_work_group_size, else
   max_work_group_size, else the board's default (the kernel's attributes, set by lowering). */
unsigned hls_max_work_group(const struct hir_kernel *k, const struct oclhls_board *board);

/* Verilog of one kernel module "oclk_<name>" and of the system top "oclhls_system". */
int hls_emit_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct oclhls_strbuf *out);
int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out);

#endif
