/* SPDX-License-Identifier: MIT */
/*
 * The frontend: OpenCL C source → optimised LLVM module + per-kernel metadata.
 *
 * Runs the clang found at configure time as a subprocess
 * (-x cl -cl-std=CL3.0 -target spir -Xclang -finclude-default-header -cl-kernel-arg-info
 *  -gline-tables-only -O2 -Xclang -disable-llvm-passes -emit-llvm -c), reads the bitcode with
 * the LLVM C API, inlines every non-kernel function, runs the LLVM pass pipeline (no
 * vectorisers; loops unrolled only where the source asks; small private arrays in scalars;
 * switches lowered to branches) and reads the kernels' metadata. Intel's loop pragmas
 * (#pragma ii N, #pragma ivdep) are taken out of the source first and returned as hints.
 */
#ifndef OCLHLS_FRONTEND_H
#define OCLHLS_FRONTEND_H

/* The frontend's parts that hls/ uses as well: its data, the builtin library, the clang
   version, source lines and control flow. */
#include "builtins_bc.h"
#include "cfg.h"
#include "clang_version.h"
#include "debug_loc.h"
#include "fe_program.h"

/*
 * Compiles. 0 on success; -1 on failure (syntax errors: clang's diagnostics with file:line in
 * res->log; bad options: a message naming the option). res is always initialised and must be
 * released with fe_result_free.
 */
int fe_compile(const struct fe_request *req, struct fe_result *res);
void fe_result_free(struct fe_result *res);

/*
 * Separate compilation (objects.c). fe_compile_unit: clang on one translation unit (its
 * options, its embedded headers) to LLVM bitcode in *bitcode (malloc'ed); fe_link_objects:
 * req->objects linked as separate translation units into one bitcode (a library: undefined
 * functions allowed). Both: 0, or -1 with the reason in *log (always malloc'ed, may be "").
 * A link into an executable is fe_compile with req->objects set. fe_bitcode_check: 0 when
 * bitcode is readable spir bitcode, else -1 and why.
 */
int fe_compile_unit(const struct fe_request *req, void **bitcode, size_t *size, char **log);
int fe_link_objects(const struct fe_request *req, void **bitcode, size_t *size, char **log);
int fe_bitcode_check(const void *bitcode, size_t size, char *err, size_t errlen);

#endif
