/* SPDX-License-Identifier: MIT */
/* Verilog from a scheduled kernel (emit/): one module per kernel and the system top. */
#ifndef OCLHLS_EMIT_H
#define OCLHLS_EMIT_H

#include "hir.h"
#include "hls_ctx.h"

/* Verilog of one kernel module "oclk_<name>" and of the system top "oclhls_system". */
int hls_emit_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct oclhls_strbuf *out);
int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out);
/* Verilog of a line kernel (emit_line_kernel.c), in place of hls_emit_kernel's pipeline. */
int hls_emit_line_kernel(struct hls_ctx *ctx, const struct hir_kernel *k,
                         struct oclhls_strbuf *out);

#endif
