/* SPDX-License-Identifier: MIT */
/*
 * The compiler library: OpenCL C source in, program file (.oclbin) out.
 * Used by the `oclhls` command and by the runtime's clBuildProgram (online compile).
 * No LLVM type crosses this interface.
 */
#ifndef OCLHLS_COMPILER_H
#define OCLHLS_COMPILER_H

#include <stddef.h>

struct oclhls_compile_request {
    const char *source; /* OpenCL C source text */
    size_t source_len;
    const char *source_name; /* file name used in diagnostics, e.g. "vector_add.cl" */
    const char *board;       /* NULL or "" = "sim" */
    const char *options;     /* OpenCL build options: -D, -I, -cl-*, -w, -Werror; may be NULL */
    int verbose;             /* add per-pass timing and the full report to the log */
    const char *print_after; /* NULL, or a pass name (passes.h), "lower" or "all": the IR in
                                text (hir_text.h) after that pass goes to the log */
    const char *source_dir;  /* NULL, or the source file's directory (absolute), searched first
                                for `#include "..."` as a C compiler searches the includer's */
    const char *dep_file;    /* NULL, or a file to write the sources read (the source and its
                                headers) into, as a make rule for dep_target (the program) */
    const char *dep_target;
};

struct oclhls_compile_result {
    void *oclbin; /* malloc'ed program file, NULL when the build failed */
    size_t oclbin_size;
    char *log;    /* malloc'ed diagnostics: warnings, errors with file:line; never NULL */
    char *report; /* malloc'ed build report for people (resources, pipelines, loops): "" when
                     the build failed; never NULL. Also the program's meta "report" */
};

/* Compiles. 0 on success; -1 when the build failed (the log says what and where). */
int oclhls_compile(const struct oclhls_compile_request *req, struct oclhls_compile_result *res);

/*
 * As oclhls_compile, but first looks in the program cache (<cache>/programs/) under a key
 * made of the source, options, board and the versions of oclhls, clang, LLVM and Verilator;
 * stores successful builds there. *cache_hit is set to 1 when the result came from the cache.
 */
int oclhls_compile_cached(const struct oclhls_compile_request *req,
                          struct oclhls_compile_result *res, int *cache_hit);

void oclhls_compile_result_free(struct oclhls_compile_result *res);

/* "oclhls 0.1.0 (clang 19.1.7, LLVM 19.1.7)"; static storage. */
const char *oclhls_version_string(void);

#endif
