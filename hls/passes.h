/* SPDX-License-Identifier: MIT */
/*
 * The pass table: the passes that turn a lowered kernel into a scheduled one, in order, each
 * with its name and one line of help (`oclhls passes` lists them). compile.c runs them after
 * lowering; `oclhls build --print-after=PASS` prints the IR after one (or all), `-v` times
 * each; `oclhls opt` runs one on IR read from text (hir_text.h).
 */
#ifndef OCLHLS_PASSES_H
#define OCLHLS_PASSES_H

struct hls_ctx;
struct hir_kernel;

struct hls_pass {
    const char *name;
    const char *help;
    /* 0, or -1 with the error in ctx's log. What a pass knows of the kernel's source (its
       attributes, its arguments' qualifiers) lowering put into the IR, so a pass runs on IR
       read from text as well. */
    int (*run)(struct hls_ctx *ctx, struct hir_kernel *k);
};

/* The passes in order; *n is set to their number. "lower" (LLVM IR to this IR) comes first
   and is not in the table: it makes the kernel. */
const struct hls_pass *hls_passes(int *n);

/* The pass called name, or NULL. */
const struct hls_pass *hls_pass_find(const char *name);

#endif
