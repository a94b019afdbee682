/* SPDX-License-Identifier: MIT */
/* Analyses of a kernel's IR (analysis/): what is live, significant bits, memory order. */
#ifndef OCLHLS_ANALYSIS_H
#define OCLHLS_ANALYSIS_H

#include "hir.h"
#include "hls_ctx.h"

/* Marks live operations (those a store depends on) and launch-invariant values. */
void hls_liveness(struct hir_kernel *k);

/* Significant bits of every value (sig_bits.c): what tokens carry. */
void hls_sig_bits(struct hir_kernel *k);

/* Gives every live load/store its LSU and decides which must wait for earlier stores
   (memory_order.c, memory_deps.c, memory_alias.c). */
int hls_memory_order(struct hls_ctx *ctx, struct hir_kernel *k);

/* Ops a and c (any order) are on either side of a barrier and in no common loop, so a
   work-group's copy of a __local memory is never accessed at both in the same cycle. */
int hls_phases_apart(const struct hir_kernel *k, int a, int c);

/* num_compute_units: refuses what cannot be copied per unit (compute_units.c). */
int hls_check_compute_units(struct hls_ctx *ctx, const struct hir_kernel *k);

#endif
