/* SPDX-License-Identifier: MIT */
/*
 * Frontend internals shared between the files of frontend/. Not installed, not used outside
 * frontend/ (the contract is frontend.h).
 */
#ifndef OCLHLS_FE_INTERNAL_H
#define OCLHLS_FE_INTERNAL_H

#include "frontend.h"

#include <stdarg.h>

/* strbuf.c: a growable, always NUL-terminated string. Out of memory sticks in ->oom. */
struct fe_buf {
    char *data;
    size_t len;
    size_t cap;
    int oom;
};

void fe_buf_init(struct fe_buf *b);
void fe_buf_append(struct fe_buf *b, const char *s, size_t n);
void fe_buf_puts(struct fe_buf *b, const char *s);
void fe_buf_printf(struct fe_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hands the string over (caller frees); NULL when out of memory. Leaves b empty. */
char *fe_buf_steal(struct fe_buf *b);
void fe_buf_free(struct fe_buf *b);

/* strbuf.c: a NULL-terminated vector of malloc'ed strings (an argv). */
struct fe_args {
    char **v;
    size_t n;
    size_t cap;
    int oom;
};

void fe_args_init(struct fe_args *a);
void fe_args_push(struct fe_args *a, const char *s);
void fe_args_pushf(struct fe_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fe_args_free(struct fe_args *a);

/* shell_words.c: splits like a POSIX shell (quotes, backslashes; no expansions). */
int fe_shell_split(const char *s, struct fe_args *out, struct fe_buf *log);

/* options.c: user build options checked and translated for clang. */
struct fe_options {
    struct fe_args clang_args; /* what goes on clang's command line */
    char *cl_std;              /* "-cl-std=CL3.0" or the user's -cl-std= */
};

int fe_options_parse(const char *options, struct fe_options *opts, struct fe_buf *log);
void fe_options_free(struct fe_options *opts);

/* subprocess.c: runs argv[0] in cwd (NULL: ours), stdout+stderr into out, no shell. */
int fe_run(char *const argv[], const char *cwd, struct fe_buf *out);

/* tempdir.c */
char *fe_tempdir_create(void);
void fe_tempdir_remove(const char *dir);
int fe_write_file(const char *path, const char *data, size_t len);

/* clang_driver.c: source → bitcode → module in ctx. */
int fe_run_clang(const struct fe_request *req, LLVMContextRef ctx, LLVMModuleRef *mod,
                 struct fe_buf *log);

/* recursion.c */
int fe_check_recursion(LLVMModuleRef mod, struct fe_buf *log);

/* inline_prep.c */
void fe_prepare_inlining(LLVMModuleRef mod);
void fe_finish_inlining(LLVMModuleRef mod);

/* passes.c */
extern const char fe_pass_pipeline[];
int fe_run_passes(LLVMModuleRef mod, struct fe_buf *log);

/* call_check.c */
int fe_check_calls(LLVMModuleRef mod, struct fe_buf *log);
int fe_is_work_item_function(const char *name);

/* kernel_metadata.c */
int fe_is_kernel(LLVMValueRef fn);
int fe_read_kernels(LLVMModuleRef mod, struct fe_result *res, struct fe_buf *log);
int fe_refresh_kernels(LLVMModuleRef mod, struct fe_result *res, struct fe_buf *log);
void fe_kernel_free(struct fe_kernel *k);

/* annotations.c: __attribute__((max_work_group_size(N))) via annotate(), see there. */
extern const char *const fe_attribute_macros[];
int fe_read_annotations(LLVMModuleRef mod, struct fe_result *res, struct fe_buf *log);

/* frontend.c: CLOCK_MONOTONIC in milliseconds, for the verbose log. */
double fe_now_ms(void);

/* debug_loc.c */
unsigned fe_function_line(LLVMValueRef fn, const char **file);
/* "file:line: " or "" into log, for error messages. */
void fe_log_location(struct fe_buf *log, const char *file, unsigned line);
/* "get_global_id" for "_Z13get_global_idj"; the name itself otherwise. Into buf of size n. */
const char *fe_demangle(const char *name, char *buf, size_t n);

#endif
