/* SPDX-License-Identifier: MIT */
/* Shared by memory_order.c (within an iteration), memory_deps.c (across iterations) and
   memory_alias.c (which accesses may touch the same bytes). */
#ifndef OCLHLS_MEMORY_INTERNAL_H
#define OCLHLS_MEMORY_INTERNAL_H

#include "analysis.h"
#include "target.h"

unsigned memory_access_bytes(const struct hir_op *op);
/* May a and b reach the same object (address space, restrict)? */
int memory_same_object(const struct hir_kernel *k, const struct hir_op *a, const struct hir_op *b);
/* May a and b ever touch the same bytes (address spaces, offsets, restrict)? */
int memory_may_alias(const struct hir_kernel *k, const struct hir_op *a,
                     const struct hir_op *b);
/*
 * Orders accesses a and b (a earlier in the kernel) across the iterations of every loop holding
 * both, in both directions, and records the dependencies for the loops' schedules.
 */
int memory_loop_deps(struct hls_ctx *ctx, struct hir_kernel *k, int a,
                     int b);

#endif
