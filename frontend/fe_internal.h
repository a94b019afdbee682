/* SPDX-License-Identifier: MIT */
/*
 * Frontend internals shared between the files of frontend/. Not installed, not used outside
 * frontend/ (the contract is frontend.h).
 */
#ifndef OCLHLS_FE_INTERNAL_H
#define OCLHLS_FE_INTERNAL_H

#include "frontend.h"

/* oclhls_util (board-support/lib): the build log is a strbuf, clang's command line an argv. */
#include "argv.h"
#include "strbuf.h"

/* shell_words.c: splits like a POSIX shell (quotes, backslashes; no expansions). */
int fe_shell_split(const char *s, struct oclhls_argv *out, struct oclhls_strbuf *log);

/* options.c: user build options checked and translated for clang. */
struct fe_options {
    struct oclhls_argv clang_args; /* what goes on clang's command line */
    char *cl_std;                  /* "-cl-std=CL3.0" or the user's -cl-std= */
};

int fe_options_parse(const char *options, struct fe_options *opts, struct oclhls_strbuf *log);
void fe_options_free(struct fe_options *opts);

/* source_lines.c: the source line by line, comments and literals tracked (for pragmas). */
struct fe_line_scan {
    const char *s;
    size_t len, pos;
    unsigned line; /* of the line fe_next_line returned last, 1-based */
    int state, continued;
};

struct fe_src_line {
    size_t begin, end;     /* [begin, end) in the source, without the newline */
    long code;             /* offset of its first character of code (not blank, not comment); -1 */
    long open_comment;     /* offset of a block comment still open at its end; -1 */
    int starts_in_comment; /* it starts inside a block comment */
    int continuation;      /* the line before ends with a backslash-newline */
    int spliced;           /* it ends with a backslash-newline */
};

/* The next line into li: 1, or 0 at the end. sc starts as {.s = text, .len = length}. */
int fe_next_line(struct fe_line_scan *sc, struct fe_src_line *li);

/* loop_pragmas.c: `#pragma ii N` and `#pragma ivdep` out of the source, into res (see there). */
int fe_loop_pragmas(const struct fe_request *req, char **text, size_t *len, struct fe_result *res,
                    struct oclhls_strbuf *log);

/* clang_driver.c: the name clang and our messages call the source ("kernel.cl"); malloc'ed. */
char *fe_source_file_name(const char *source_name);

/* tempdir.c: $TMPDIR/oclhls-fe-XXXXXX (mode 0700), malloc'ed; NULL with errno set. */
char *fe_tempdir_create(void);

/* clang_driver.c: source → bitcode → module in ctx. */
/* Calls of the work-group functions' scratch stand-ins become hidden __local arrays. */
void fe_work_group_scratch(LLVMModuleRef mod);

int fe_run_clang(const struct fe_request *req, LLVMContextRef ctx, LLVMModuleRef *mod,
                 struct oclhls_strbuf *log);

/* library_link.c: the builtin library's definitions that mod calls, linked into it. */
int fe_link_library(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* recursion.c */
int fe_check_recursion(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* inline_prep.c */
void fe_prepare_inlining(LLVMModuleRef mod);
void fe_finish_inlining(LLVMModuleRef mod);

/* passes.c */
extern const char fe_pass_pipeline[];
int fe_run_passes(LLVMModuleRef mod, struct oclhls_strbuf *log);

/* private_arrays.c: small private arrays and constant tables into scalars; -1 out of memory. */
int fe_private_arrays(LLVMModuleRef mod);

/* call_check.c */
int fe_check_calls(LLVMModuleRef mod, struct oclhls_strbuf *log);
int fe_is_work_item_function(const char *name);
/* barrier, work_group_barrier and the mem_fence family (call_check.c). */
int fe_is_sync_function(const char *name);

/* kernel_metadata.c */
int fe_is_kernel(LLVMValueRef fn);
int fe_read_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
int fe_refresh_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);
void fe_kernel_free(struct fe_kernel *k);

/* single_work_item.c: single_work_item for kernels that use no work-item ID (after the passes). */
void fe_mark_single_work_items(struct fe_result *res);

/* annotations.c: max_work_group_size(N), max_global_work_dim(N) via annotate(), see there. */
extern const char *const fe_attribute_macros[];
int fe_read_annotations(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log);

/* frontend.c: CLOCK_MONOTONIC in milliseconds, for the verbose log. */
double fe_now_ms(void);

/* debug_loc.c */
unsigned fe_function_line(LLVMValueRef fn, const char **file);
/* "file:line: " or "" into log, for error messages. */
void fe_log_location(struct oclhls_strbuf *log, const char *file, unsigned line);
/* "get_global_id" for "_Z13get_global_idj"; the name itself otherwise. Into buf of size n. */
const char *fe_demangle(const char *name, char *buf, size_t n);

#endif
