/* SPDX-License-Identifier: MIT */
/*
 * Runs clang on the source and loads the bitcode it writes. The source is written under its
 * own name into a private temporary directory and clang runs there, so diagnostics read
 * "vector_add.cl:3:5: error: ..." exactly as the user named the file.
 */
#include "fe_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <llvm-c/BitReader.h>

#ifndef OCLHLS_CLANG
#error "OCLHLS_CLANG (the clang binary found at configure time) must be defined"
#endif

/* Everything one clang run owns; released by driver_cleanup. */
struct clang_run {
    char *dir;      /* private temp dir */
    char *src_dir;  /* dir/src: clang's working directory */
    char *src_path; /* dir/src/<name> */
    char *bc_path;  /* dir/out.bc */
    struct fe_options opts;
    struct fe_args argv;
};

/* The file name shown in diagnostics: the last path component of source_name. */
static char *source_file_name(const char *source_name)
{
    const char *base = source_name ? strrchr(source_name, '/') : NULL;
    struct fe_buf b;

    base = base ? base + 1 : source_name;
    if (!base || !*base || !strcmp(base, ".") || !strcmp(base, ".."))
        base = "program.cl";
    fe_buf_init(&b);
    /* clang has no "--": a name starting with '-' would be read as an option */
    fe_buf_printf(&b, "%s%s", base[0] == '-' ? "./" : "", base);
    return fe_buf_steal(&b);
}

static void build_argv(struct clang_run *run, const char *name)
{
    struct fe_args *a = &run->argv;

    fe_args_push(a, OCLHLS_CLANG);
    fe_args_push(a, "-x");
    fe_args_push(a, "cl");
    fe_args_push(a, run->opts.cl_std);
    fe_args_push(a, "-target");
    fe_args_push(a, "spir");
    fe_args_push(a, "-Xclang");
    fe_args_push(a, "-finclude-default-header");
    fe_args_push(a, "-cl-kernel-arg-info");
    fe_args_push(a, "-gline-tables-only");
    fe_args_push(a, "-O2");
    fe_args_push(a, "-Xclang");
    fe_args_push(a, "-disable-llvm-passes");
    fe_args_push(a, "-fno-crash-diagnostics"); /* no reproducers left in $TMPDIR */
    for (const char *const *m = fe_attribute_macros; *m; m++)
        fe_args_push(a, *m);
    for (size_t i = 0; i < run->opts.clang_args.n; i++)
        fe_args_push(a, run->opts.clang_args.v[i]);
    fe_args_push(a, "-emit-llvm");
    fe_args_push(a, "-c");
    fe_args_push(a, "-o");
    fe_args_push(a, run->bc_path);
    fe_args_push(a, name);
}

/* One argument, quoted for a POSIX shell when needed, so the log line can be pasted. */
static void log_quoted(struct fe_buf *log, const char *s)
{
    if (*s && !strpbrk(s, " \t\n\"'\\$`()*?[]#~;&|<>")) {
        fe_buf_printf(log, " %s", s);
        return;
    }
    fe_buf_puts(log, " '");
    for (; *s; s++) {
        if (*s == '\'')
            fe_buf_puts(log, "'\\''");
        else
            fe_buf_append(log, s, 1);
    }
    fe_buf_puts(log, "'");
}

static void log_command(struct clang_run *run, struct fe_buf *log)
{
    fe_buf_printf(log, "frontend: cd %s &&", run->src_dir);
    for (size_t i = 0; i < run->argv.n; i++)
        log_quoted(log, run->argv.v[i]);
    fe_buf_puts(log, "\n");
}

static int alloc_paths(struct clang_run *run, const char *name)
{
    struct fe_buf b;

    fe_buf_init(&b);
    fe_buf_printf(&b, "%s/src", run->dir);
    run->src_dir = fe_buf_steal(&b);
    fe_buf_printf(&b, "%s/src/%s", run->dir, name);
    run->src_path = fe_buf_steal(&b);
    fe_buf_printf(&b, "%s/out.bc", run->dir);
    run->bc_path = fe_buf_steal(&b);
    return run->src_dir && run->src_path && run->bc_path ? 0 : -1;
}

/* Creates the temp dir and writes the source into it. */
static int setup_files(struct clang_run *run, const struct fe_request *req, const char *name,
                       struct fe_buf *log)
{
    run->dir = fe_tempdir_create();
    if (!run->dir) {
        fe_buf_printf(log, "error: cannot create a temporary directory: %s\n", strerror(errno));
        return -1;
    }
    if (alloc_paths(run, name)) {
        fe_buf_puts(log, "error: out of memory\n");
        return -1;
    }
    if (mkdir(run->src_dir, 0700) || fe_write_file(run->src_path, req->source, req->source_len)) {
        fe_buf_printf(log, "error: cannot write %s: %s\n", run->src_path, strerror(errno));
        return -1;
    }
    return 0;
}

static int invoke(struct clang_run *run, int verbose, struct fe_buf *log)
{
    double t0 = fe_now_ms();
    int status;

    if (verbose)
        log_command(run, log);
    status = fe_run(run->argv.v, run->src_dir, log);
    if (status < 0) {
        fe_buf_printf(log, "error: cannot run %s: %s\n", OCLHLS_CLANG, strerror(errno));
        return -1;
    }
    if (verbose)
        fe_buf_printf(log, "frontend: clang exited with %d after %.1f ms\n", status,
                      fe_now_ms() - t0);
    if (status > 128)
        fe_buf_printf(log, "error: %s was killed by signal %d\n", OCLHLS_CLANG, status - 128);
    else if (status > 1) /* 1 is "errors reported", anything else is unusual */
        fe_buf_printf(log, "error: %s exited with status %d\n", OCLHLS_CLANG, status);
    return status ? -1 : 0;
}

static int load_bitcode(const char *path, const char *name, LLVMContextRef ctx, LLVMModuleRef *mod,
                        struct fe_buf *log)
{
    LLVMMemoryBufferRef mb;
    char *msg = NULL;
    int ret = 0;

    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &mb, &msg)) {
        fe_buf_printf(log, "error: cannot read clang's output %s: %s\n", path, msg ? msg : "");
        LLVMDisposeMessage(msg);
        return -1;
    }
    if (LLVMParseBitcodeInContext2(ctx, mb, mod)) {
        fe_buf_puts(log, "error: cannot parse the bitcode clang wrote\n");
        *mod = NULL;
        ret = -1;
    } else {
        LLVMSetModuleIdentifier(*mod, name, strlen(name)); /* not the temp path */
    }
    LLVMDisposeMemoryBuffer(mb);
    return ret;
}

static void driver_cleanup(struct clang_run *run)
{
    fe_tempdir_remove(run->dir);
    free(run->dir);
    free(run->src_dir);
    free(run->src_path);
    free(run->bc_path);
    fe_options_free(&run->opts);
    fe_args_free(&run->argv);
}

int fe_run_clang(const struct fe_request *req, LLVMContextRef ctx, LLVMModuleRef *mod,
                 struct fe_buf *log)
{
    struct clang_run run = {0};
    char *name = source_file_name(req->source_name);
    int ret = -1;

    *mod = NULL;
    fe_args_init(&run.argv);
    if (!name) {
        fe_buf_puts(log, "error: out of memory\n");
        goto out_cleanup;
    }
    if (fe_options_parse(req->options, &run.opts, log))
        goto out_cleanup;
    if (setup_files(&run, req, name, log))
        goto out_cleanup;
    build_argv(&run, name);
    if (run.argv.oom) {
        fe_buf_puts(log, "error: out of memory\n");
        goto out_cleanup;
    }
    if (invoke(&run, req->verbose, log))
        goto out_cleanup;
    ret = load_bitcode(run.bc_path, name, ctx, mod, log);
out_cleanup:
    driver_cleanup(&run);
    free(name);
    return ret;
}
