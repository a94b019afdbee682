/* SPDX-License-Identifier: MIT */
/* Shared by memory_order.c (within an iteration) and memory_deps.c (across iterations). */
#ifndef OCLHLS_MEMORY_INTERNAL_H
#define OCLHLS_MEMORY_INTERNAL_H

#include "hls.h"

unsigned memory_access_bytes(const struct hir_op *op);
/* May a and b reach the same object (address space, restrict)? */
int memory_same_object(const struct fe_kernel *fk, const struct hir_op *a, const struct hir_op *b);
/* May a and b ever touch the same bytes (address spaces, offsets, restrict)? */
int memory_may_alias(const struct hir_kernel *k, const struct fe_kernel *fk, const struct hir_op *a,
                     const struct hir_op *b);
/*
 * Orders access a (earlier in the kernel) after access b of earlier iterations of every loop
 * holding both, and records the dependency for the loop's schedule.
 */
int memory_loop_deps(struct hls_ctx *ctx, struct hir_kernel *k, const struct fe_kernel *fk, int a,
                     int b);

#endif
