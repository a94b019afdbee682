/* SPDX-License-Identifier: MIT */
/* Transformations of a kernel's IR (transform/): cse, parking, unit sharing, line kernels. */
#ifndef OCLHLS_TRANSFORM_H
#define OCLHLS_TRANSFORM_H

#include <stdint.h>

#include "hir.h"
#include "hls_ctx.h"

/* Merges identical pure operations (common subexpressions). */
int hls_cse(struct hls_ctx *ctx, struct hir_kernel *k);

/* Barrier loops whose idle work-items can leave early (park.c): adds their gate barriers. */
int hls_park_loops(struct hls_ctx *ctx, struct hir_kernel *k);

/*
 * share_units.c: float operations that share a unit (hir_op.unit): in modulo loops with
 * II > 1, and in NDRange kernels whose float units would not fit the board at one
 * work-item per cycle (hir_kernel.dispatch_ii).
 */
void hls_share_units(const struct oclhls_board *board, struct hir_kernel *k);

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

#endif
