/* SPDX-License-Identifier: MIT */
/*
 * Runs clang on the source and loads the bitcode it writes. The source is written under its
 * own name into a private temporary directory and clang runs there, so diagnostics read
 * "vector_add.cl:3:5: error: ..." exactly as the user named the file.
 */
#include "fe_internal.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <llvm-c/BitReader.h>

#include "clock.h"
#include "fsutil.h"
#include "subprocess.h"

#ifndef OCLHLS_CLANG
#error "OCLHLS_CLANG (the clang binary found at configure time) must be defined"
#endif

/* Everything one clang run owns; released by driver_cleanup. */
struct clang_run {
    char *dir;      /* private temp dir */
    char *src_dir;  /* dir/src: clang's working directory */
    char *src_path; /* dir/src/<name> */
    char *bc_path;  /* dir/out.bc */
    char *header_path; /* dir/oclhls_device.h */
    char *deps_path;   /* dir/deps.d: clang's dependencies, when a dependency file is asked for */
    struct fe_options opts;
    struct oclhls_argv argv;
    int headers; /* embedded headers were written into src_dir */
};

static void build_argv(struct clang_run *run, const char *name, const char *source_dir,
                       const char *unit_tag, unsigned channels_line, int deps)
{
    struct oclhls_argv *a = &run->argv;

    oclhls_argv_add(a, OCLHLS_CLANG);
    oclhls_argv_add(a, "-x");
    oclhls_argv_add(a, "cl");
    oclhls_argv_add(a, run->opts.cl_std);
    oclhls_argv_add(a, "-target");
    oclhls_argv_add(a, "spir");
    /* spir claims double and half arithmetic; the device has neither (issue 5: clang then
     * reports a use of double, or half arithmetic, at its line and column) */
    oclhls_argv_add(a, "-Xclang");
    oclhls_argv_add(a, "-cl-ext=-cl_khr_fp64,-__opencl_c_fp64,-cl_khr_fp16");
    oclhls_argv_add(a, "-Xclang");
    oclhls_argv_add(a, "-finclude-default-header");
    /* the header then also declares the builtins' named-address-space overloads, which the
     * library defines (a call through a __global pointer stays a __global access) */
    oclhls_argv_add(a, "-D__opencl_c_named_address_space_builtins");
    oclhls_argv_add(a, "-cl-kernel-arg-info");
    oclhls_argv_add(a, "-gline-tables-only");
    oclhls_argv_add(a, "-O2");
    oclhls_argv_add(a, "-Xclang");
    oclhls_argv_add(a, "-disable-llvm-passes");
    oclhls_argv_add(a, "-fno-crash-diagnostics"); /* no reproducers left in $TMPDIR */
    /* the temp dir stays out of the debug info: one unit gives the same bitcode each time
       (compiled objects are cache keys); a compiled unit's tag tells its loops from those of
       the units it is linked with (objects.c) */
    oclhls_argv_addf(a, "-fdebug-compilation-dir=%s", unit_tag ? unit_tag : ".");
    for (const char *const *m = fe_attribute_macros; *m; m++)
        oclhls_argv_add(a, *m);
    for (const char *const *m = fe_channel_macros; channels_line && *m; m++)
        oclhls_argv_add(a, *m);
    oclhls_argv_add(a, "-include");
    oclhls_argv_add(a, run->header_path); /* the device as it is (device_header.c) */
    if (source_dir) {
        oclhls_argv_add(a, "-iquote");
        oclhls_argv_add(a, source_dir);
    }
    if (run->headers) /* embedded headers, written beside the source */
        oclhls_argv_add(a, "-I.");
    for (int i = 0; i < run->opts.clang_args.n; i++)
        oclhls_argv_add(a, run->opts.clang_args.v[i]);
    if (deps) { /* the headers read, without clang's own (depfile.c) */
        oclhls_argv_add(a, "-MMD");
        oclhls_argv_add(a, "-MF");
        oclhls_argv_add(a, run->deps_path);
    }
    oclhls_argv_add(a, "-emit-llvm");
    oclhls_argv_add(a, "-c");
    oclhls_argv_add(a, "-o");
    oclhls_argv_add(a, run->bc_path);
    oclhls_argv_add(a, name);
}

/* One argument, quoted for a POSIX shell when needed, so the log line can be pasted. */
static void log_quoted(struct oclhls_strbuf *log, const char *s)
{
    if (*s && !strpbrk(s, " \t\n\"'\\$`()*?[]#~;&|<>")) {
        oclhls_strbuf_printf(log, " %s", s);
        return;
    }
    oclhls_strbuf_puts(log, " '");
    for (; *s; s++) {
        if (*s == '\'')
            oclhls_strbuf_puts(log, "'\\''");
        else
            oclhls_strbuf_append(log, s, 1);
    }
    oclhls_strbuf_puts(log, "'");
}

static void log_command(struct clang_run *run, struct oclhls_strbuf *log)
{
    oclhls_strbuf_printf(log, "frontend: cd %s &&", run->src_dir);
    for (int i = 0; i < run->argv.n; i++)
        log_quoted(log, run->argv.v[i]);
    oclhls_strbuf_puts(log, "\n");
}

static int alloc_paths(struct clang_run *run, const char *name)
{
    run->src_dir = oclhls_asprintf("%s/src", run->dir);
    run->src_path = oclhls_asprintf("%s/src/%s", run->dir, name);
    run->bc_path = oclhls_asprintf("%s/out.bc", run->dir);
    run->header_path = oclhls_asprintf("%s/oclhls_device.h", run->dir);
    run->deps_path = oclhls_asprintf("%s/deps.d", run->dir);
    return run->src_dir && run->src_path && run->bc_path && run->header_path && run->deps_path
               ? 0
               : -1;
}

/* "ops/combine.h": relative, no "..", no empty part, not the source's own name. */
static bool header_name_ok(const char *h, const char *source)
{
    const char *p = h;

    if (!*h || *h == '/' || !strcmp(h, source))
        return false;
    for (;;) {
        size_t n = strcspn(p, "/");

        if (n == 0 || (n == 2 && !strncmp(p, "..", 2)))
            return false;
        if (!p[n])
            return true;
        p += n + 1;
    }
}

/* clCompileProgram's embedded headers as files under src_dir, where #include finds them. */
static int write_headers(struct clang_run *run, const struct fe_request *req, const char *name,
                         struct oclhls_strbuf *log)
{
    for (unsigned i = 0; i < req->num_headers; i++) {
        const struct fe_header *h = &req->headers[i];
        char *path;
        int failed = 0;

        if (!h->name || !header_name_ok(h->name, name)) {
            oclhls_strbuf_printf(log, "error: embedded header name '%s': a relative path "
                                      "without '..' or empty parts is needed\n",
                                 h->name ? h->name : "(null)");
            return -1;
        }
        path = oclhls_asprintf("%s/%s", run->src_dir, h->name);
        if (!path) {
            oclhls_strbuf_puts(log, "error: out of memory\n");
            return -1;
        }
        for (char *sl = strchr(path + strlen(run->src_dir) + 1, '/'); sl && !failed;
             sl = strchr(sl + 1, '/')) {
            *sl = '\0';
            failed = mkdir(path, 0700) != 0 && errno != EEXIST;
            *sl = '/';
        }
        if (failed || oclhls_write_file(path, h->text ? h->text : "",
                                        h->text ? strlen(h->text) : 0)) {
            oclhls_strbuf_printf(log, "error: cannot write %s: %s\n", path, strerror(errno));
            free(path);
            return -1;
        }
        free(path);
        run->headers = 1;
    }
    return 0;
}

/* Creates the temp dir and writes the source and the device's header into it. */
static int setup_files(struct clang_run *run, const struct fe_request *req, const char *name,
                       struct oclhls_strbuf *log)
{
    run->dir = fe_tempdir_create();
    if (!run->dir) {
        oclhls_strbuf_printf(log, "error: cannot create a temporary directory: %s\n",
                             strerror(errno));
        return -1;
    }
    if (alloc_paths(run, name)) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    if (mkdir(run->src_dir, 0700) ||
        oclhls_write_file(run->src_path, req->source, req->source_len)) {
        oclhls_strbuf_printf(log, "error: cannot write %s: %s\n", run->src_path, strerror(errno));
        return -1;
    }
    if (write_headers(run, req, name, log))
        return -1;
    struct oclhls_strbuf header = {0};
    fe_device_header(&header, req->embedded_profile);
    int failed = header.failed || oclhls_write_file(run->header_path, header.buf, header.len);
    oclhls_strbuf_release(&header);
    if (failed) {
        oclhls_strbuf_printf(log, "error: cannot write %s: %s\n", run->header_path,
                             strerror(errno));
        return -1;
    }
    return 0;
}

/*
 * "use of undeclared identifier 'get_default_queue'": clang declares the functions of a
 * feature only when the device claims it; a note names the feature (once per feature).
 */
static void explain_undeclared(const char *out, struct oclhls_strbuf *log)
{
    static const char key[] = "use of undeclared identifier '";
    const char *noted[8] = {0};
    int n = 0;
    for (const char *at = strstr(out, key); at && n < 8; at = strstr(at + 1, key)) {
        char name[64], *q;
        const char *query, *feature;
        snprintf(name, sizeof(name), "%s", at + sizeof(key) - 1);
        if ((q = strchr(name, '\'')))
            *q = '\0';
        if (!(feature = fe_unclaimed_feature(name, &query)))
            continue;
        int seen = 0;
        for (int i = 0; i < n; i++)
            seen |= !strcmp(noted[i], feature);
        if (seen)
            continue;
        noted[n++] = feature;
        oclhls_strbuf_printf(log, "note: '%s' belongs to %s, which this device does not "
                                  "support (%s), so clang does not declare it\n",
                             name, feature, query);
    }
}

/* Notes on clang diagnostics: errors whose cause is a feature this device does not claim,
   warnings on Intel FPGA SDK attributes. */
static void explain_clang_errors(const char *out, struct oclhls_strbuf *log)
{
    explain_undeclared(out, log);
    fe_explain_intel_attributes(out, log);
    const char *at = strstr(out, "call to 'atom");
    if (at && strstr(at, "is ambiguous"))
        oclhls_strbuf_puts(log, "note: atomics on 64-bit integers (cl_khr_int64_base_atomics, "
                                "cl_khr_int64_extended_atomics) are not supported by this "
                                "device, so clang finds no overload for long arguments; "
                                "atomics on 32-bit int and uint are\n");
}

/* clang's output goes into the log verbatim, then what its exit status says. */
static int invoke(struct clang_run *run, int verbose, struct oclhls_strbuf *log)
{
    double t0 = 1e3 * oclhls_now_s();
    char *out;
    int status, sig;

    if (verbose)
        log_command(run, log);
    status = oclhls_run_in(run->argv.v, run->src_dir, &out, &sig);
    if (status < 0 && !sig) {
        /* out says why: "cannot run <clang>: <strerror>\n" */
        oclhls_strbuf_printf(log, "error: %s", out ? out : "cannot run " OCLHLS_CLANG "\n");
        free(out);
        return -1;
    }
    if (out) {
        oclhls_strbuf_puts(log, out);
        explain_clang_errors(out, log);
    }
    free(out);
    if (sig)
        status = 128 + sig; /* as a shell reports it */
    if (verbose)
        oclhls_strbuf_printf(log, "frontend: clang exited with %d after %.1f ms\n", status,
                             1e3 * oclhls_now_s() - t0);
    if (status > 128)
        oclhls_strbuf_printf(log, "error: %s was killed by signal %d\n", OCLHLS_CLANG,
                             status - 128);
    else if (status > 1) /* 1 is "errors reported", anything else is unusual */
        oclhls_strbuf_printf(log, "error: %s exited with status %d\n", OCLHLS_CLANG, status);
    return status ? -1 : 0;
}

static int load_bitcode(const char *path, const char *name, LLVMContextRef ctx, LLVMModuleRef *mod,
                        struct oclhls_strbuf *log)
{
    LLVMMemoryBufferRef mb;
    char *msg = NULL;
    int ret = 0;

    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &mb, &msg)) {
        oclhls_strbuf_printf(log, "error: cannot read clang's output %s: %s\n", path,
                             msg ? msg : "");
        LLVMDisposeMessage(msg);
        return -1;
    }
    if (LLVMParseBitcodeInContext2(ctx, mb, mod)) {
        oclhls_strbuf_puts(log, "error: cannot parse the bitcode clang wrote\n");
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
    if (run->dir) /* clang may leave temporaries when it crashes: everything goes */
        oclhls_rm_rf(run->dir);
    free(run->dir);
    free(run->src_dir);
    free(run->src_path);
    free(run->bc_path);
    free(run->header_path);
    free(run->deps_path);
    fe_options_free(&run->opts);
    oclhls_argv_release(&run->argv);
}

/* Channels are program-scope __global variables: OpenCL C 2.0 and later only. */
static int check_channels_std(const char *name, unsigned channels_line, const char *cl_std,
                              struct oclhls_strbuf *log)
{
    const char *v = cl_std + strlen("-cl-std=");

    if (!channels_line || !((v[0] == 'C' || v[0] == 'c') && (v[1] == 'L' || v[1] == 'l') &&
                            v[2] == '1' && v[3] == '.'))
        return 0;
    oclhls_strbuf_printf(log,
                         "%s:%u: error: Intel FPGA channels need OpenCL C 2.0 or later "
                         "(build option -cl-std=CL2.0 or -cl-std=CL3.0, not %s)\n",
                         name, channels_line, cl_std);
    return -1;
}

/* The dependency file of the real source (req->source_dir/name) for req->dep_target. */
static int write_depfile(const struct clang_run *run, const struct fe_request *req,
                         const char *name, struct oclhls_strbuf *log)
{
    char *path = req->source_dir ? oclhls_asprintf("%s/%s", req->source_dir, name) : NULL;
    int ret = fe_write_depfile(run->deps_path, name, path ? path : name, run->header_path,
                               req->dep_target ? req->dep_target : "program.oclbin",
                               req->dep_file, log);
    free(path);
    return ret;
}

int fe_run_clang(const struct fe_request *req, unsigned channels_line, LLVMContextRef ctx,
                 LLVMModuleRef *mod, struct oclhls_strbuf *log)
{
    struct clang_run run = {0};
    char *name = fe_source_file_name(req->source_name);
    int ret = -1;

    *mod = NULL;
    if (!name) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        goto out_cleanup;
    }
    if (fe_options_parse(req->options, &run.opts, log) ||
        check_channels_std(name, channels_line, run.opts.cl_std, log))
        goto out_cleanup;
    if (setup_files(&run, req, name, log))
        goto out_cleanup;
    build_argv(&run, name, req->source_dir, req->unit_tag, channels_line, req->dep_file != NULL);
    if (run.argv.failed) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        goto out_cleanup;
    }
    if (invoke(&run, req->verbose, log) || (req->dep_file && write_depfile(&run, req, name, log)))
        goto out_cleanup;
    ret = load_bitcode(run.bc_path, name, ctx, mod, log);
out_cleanup:
    driver_cleanup(&run);
    free(name);
    return ret;
}
