/* SPDX-License-Identifier: MIT */
/* The program's __constant variables in global memory (constant_data.c). */
#ifndef OCLHLS_LOWER_CONSTANT_DATA_H
#define OCLHLS_LOWER_CONSTANT_DATA_H

#include <llvm-c/Core.h>

#include "hls_ctx.h"

/* Lays out the module's __constant variables that remain in memory. 0, or -1 after an error. */
int hls_constant_data(struct hls_ctx *ctx, LLVMModuleRef m, struct hls_constant_data *out);
/* A variable's offset in them; -1 when it is not one of them (or d is NULL). */
long long hls_constant_offset(const struct hls_constant_data *d, LLVMValueRef g);
void hls_constant_data_free(struct hls_constant_data *d);

#endif
