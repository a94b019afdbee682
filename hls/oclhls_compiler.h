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
    /* clLinkProgram: when num_objects is not 0, source is ignored (may be NULL) and these
       compiled objects or libraries (oclhls_compile_object, oclhls_link_library) are linked
       as separate translation units into the program; options are the link options */
    const void *const *objects;
    const size_t *object_sizes;
    unsigned num_objects;
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

/*
 * Separate compilation (clCompileProgram, clLinkProgram). A compiled object or a library is a
 * program file with an "object" section (LLVM bitcode; no hardware yet) and an "objmeta"
 * section (docs/program-file.md). Its name in diagnostics is source_name.
 */
struct oclhls_header {
    const char *name; /* as #include names it: "ops/combine.h" */
    const char *text;
};

struct oclhls_object_request {
    const char *source;
    size_t source_len;
    const char *source_name; /* NULL: "program.cl" */
    const char *board;       /* NULL or "" = "sim" */
    const char *options;     /* compile options, as oclhls_compile_request's */
    const struct oclhls_header *headers; /* embedded headers */
    unsigned num_headers;
    int verbose;
    const char *source_dir; /* NULL, or the source file's directory (absolute): searched first
                               for `#include "..."`, as oclhls_compile_request's */
};

/* Compiles one translation unit into a compiled object: res->oclbin; res->report is "".
   0, or -1 with clang's diagnostics (file:line) in res->log. */
int oclhls_compile_object(const struct oclhls_object_request *req,
                          struct oclhls_compile_result *res);

/* -create-library: the objects or libraries linked into one library (a function or variable
   defined twice is an error; undefined ones are allowed). enable_link_options: the library
   takes a later link's math options. 0, or -1 with the reason in res->log. */
int oclhls_link_library(const char *board, const void *const *objects, const size_t *sizes,
                        unsigned num_objects, int enable_link_options,
                        struct oclhls_compile_result *res);

enum oclhls_object_kind {
    OCLHLS_OBJECT_NONE,     /* an executable program file */
    OCLHLS_OBJECT_COMPILED, /* CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT */
    OCLHLS_OBJECT_LIBRARY,  /* CL_PROGRAM_BINARY_TYPE_LIBRARY */
};

/*
 * What a program file holds. A file without an "object" section: *kind NONE, 0 (the caller
 * checks it as an executable). An object or library for board (NULL: "sim") built by this
 * compiler's clang whose bitcode reads: its kind, 0. Anything else: -1 and why in err.
 */
int oclhls_object_check(const char *board, const void *data, size_t size,
                        enum oclhls_object_kind *kind, char *err, size_t errlen);

/* "oclhls 0.1.0 (clang 19.1.7, LLVM 19.1.7)"; static storage. */
const char *oclhls_version_string(void);

#endif
