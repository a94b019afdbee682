/* SPDX-License-Identifier: MIT */
/* Verilog from a scheduled kernel (emit/): one module per kernel and the system top. */
#ifndef OCLHLS_EMIT_H
#define OCLHLS_EMIT_H

#include "hir.h"
#include "hls_ctx.h"

struct nl_module;

/* The kernel module "oclk_<name>" as a netlist (netlist.h), planned and ready for nl_print
   (m: empty); compile.c prints it and keeps it for the report's area figures. */
int hls_emit_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m);
/* The same for a line kernel (emit_line_kernel.c), in place of the pipeline. */
int hls_emit_line_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k,
                                 struct nl_module *m);
/* Verilog of the system top "oclhls_system". */
int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out);

/*
 * oclhls build --profile: 32-bit counters in each kernel's CSR window, in the words after its
 * argument words (docs/profiling.md). The kernel's counters first, then per LSU j its three.
 * emit_profile.c builds them, metadata.c describes them; both take the layout from here.
 */
enum hls_profile_counter {
    HLS_PROF_BUSY,           /* cycles the kernel ran */
    HLS_PROF_MEMORY_STALL,   /* cycles an LSU held a stage (full, response not back, order) */
    HLS_PROF_CHANNEL_STALL,  /* cycles a channel or pipe operation held a stage */
    HLS_PROF_BARRIER_STALL,  /* cycles work-items waited at a barrier and none could leave */
    HLS_PROF_MEMORY_READS,   /* line reads on the kernel's memory port */
    HLS_PROF_MEMORY_WRITES,  /* line writes on the kernel's memory port */
    HLS_PROF_KERNEL_COUNTERS
};
enum hls_profile_lsu_counter {
    HLS_PROF_LSU_REQUESTS, /* accesses the pipeline fired into the LSU */
    HLS_PROF_LSU_LINES,    /* memory requests the LSU made (lines read or written) */
    HLS_PROF_LSU_STALL,    /* cycles the LSU held its stage */
    HLS_PROF_LSU_COUNTERS
};
const char *hls_profile_counter_name(enum hls_profile_counter c);
const char *hls_profile_lsu_counter_name(enum hls_profile_lsu_counter c);
/* Counter words of k (0 when k is not profiled) and the byte offset of word w in its window. */
unsigned hls_profile_words(const struct hir_kernel *k);
unsigned hls_profile_offset(const struct hir_kernel *k, unsigned w);

#endif
