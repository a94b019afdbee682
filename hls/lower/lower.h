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
#include "constant_data.h"
#include "hls_ctx.h"

/* Lowers one kernel to if-converted hardware IR; arguments laid out in CSR words. */
int hls_lower_kernel(struct hls_ctx *ctx, LLVMModuleRef m, const struct fe_kernel *fk,
                     struct hir_kernel **out);

#endif
