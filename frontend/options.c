/* SPDX-License-Identifier: MIT */
/*
 * The user's build options (OpenCL 2.2 API spec, 5.8.6 "Compiler Options") checked and
 * translated into clang arguments. Anything that is not a documented OpenCL option is refused
 * by name, so nothing can make clang do something else (-o, -Xclang, -fplugin, -load, ...).
 */
#include "fe_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FE_DEFAULT_CL_STD "-cl-std=CL3.0"

/* Spec options clang 19 implements for -target spir: passed through. */
static const char *const fe_passed_options[] = {
    "-w",
    "-Werror",
    "-cl-single-precision-constant",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-opt-disable",
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-fast-relaxed-math",
    "-cl-uniform-work-group-size",
    "-cl-kernel-arg-info",
    "-cl-strict-aliasing", /* OpenCL 1.0; clang warns that it is deprecated */
    NULL,
};

/*
 * Spec options that are hints we may ignore (clang 19 rejects or ignores them for spir):
 * denormals are not flushed, sub-groups are not supported, -g only adds enqueue_kernel checks
 * (we always keep line tables), "-cl-no-signed-zeroes" is the spelling in the link options.
 */
static const char *const fe_ignored_options[] = {
    "-cl-denorms-are-zero", "-cl-no-subgroup-ifp", "-cl-no-signed-zeroes", "-g",
    "-report", /* ours, as Intel's aoc has it: the runtime adds the build report to the log */
    "-profile", /* ours, as aoc's: the compiler adds hardware counters (docs/profiling.md) */
    NULL,
};

static int in_list(const char *const *list, const char *s)
{
    for (; *list; list++)
        if (!strcmp(*list, s))
            return 1;
    return 0;
}

/* "-D", "-Dx" or "-I", "-Idir": the value, taking the next word for the two-word form. */
static const char *option_value(struct oclhls_argv *words, int *i, struct oclhls_strbuf *log)
{
    const char *w = words->v[*i];

    if (w[2])
        return w + 2;
    if (*i + 1 < words->n && words->v[*i + 1][0]) {
        *i += 1;
        return words->v[*i];
    }
    oclhls_strbuf_printf(log, "error: missing argument to build option '%s'\n", w);
    return NULL;
}

/* clang runs in a private directory: relative -I paths are made absolute here. */
static int add_include_dir(struct fe_options *opts, const char *dir, struct oclhls_strbuf *log)
{
    char cwd[PATH_MAX];

    if (dir[0] == '/') {
        oclhls_argv_addf(&opts->clang_args, "-I%s", dir);
        return 0;
    }
    if (!getcwd(cwd, sizeof(cwd))) {
        oclhls_strbuf_printf(log, "error: -I %s: cannot get the current directory: %s\n", dir,
                             strerror(errno));
        return -1;
    }
    oclhls_argv_addf(&opts->clang_args, "-I%s/%s", cwd, dir);
    return 0;
}

/*
 * The OpenCL C versions the device compiles (CL_DEVICE_OPENCL_C_ALL_VERSIONS): 1.0 to 1.2
 * and 3.0. 2.0 makes device-side enqueue, SVM and program-scope global variables mandatory,
 * which the device does not have, so -cl-std=CL2.0 is refused here, for oclhls build and
 * clBuildProgram alike.
 */
static int set_cl_std(struct fe_options *opts, const char *w, struct oclhls_strbuf *log)
{
    static const char *const versions[] = {"CL1.0", "CL1.1", "CL1.2", "CL3.0", NULL};
    const char *v = w + strlen("-cl-std=");
    if (!*v) {
        oclhls_strbuf_puts(log,
                           "error: build option '-cl-std=' needs a version, e.g. -cl-std=CL3.0\n");
        return -1;
    }
    if (!strcmp(v, "CL2.0")) {
        oclhls_strbuf_puts(log, "error: -cl-std=CL2.0: this device supports OpenCL C 1.0-1.2 and "
                                "3.0 (CL_DEVICE_OPENCL_C_ALL_VERSIONS): 2.0 requires device-side "
                                "enqueue, SVM and program-scope global variables; 3.0 has 2.0's "
                                "features the device supports (-cl-std=CL3.0, the default)\n");
        return -1;
    }
    if (!in_list(versions, v)) {
        oclhls_strbuf_printf(log, "error: build option '%s': not an OpenCL C version this device "
                                  "compiles (CL1.0, CL1.1, CL1.2, CL3.0)\n", w);
        return -1;
    }
    free(opts->cl_std);
    opts->cl_std = strdup(w);
    return 0;
}

static void unsupported(const char *w, struct oclhls_strbuf *log)
{
    if (!strncmp(w, "-cl-", 4))
        oclhls_strbuf_printf(log, "error: unknown OpenCL build option '%s'\n", w);
    else
        oclhls_strbuf_printf(log, "error: build option '%s' is not supported\n", w);
    oclhls_strbuf_puts(log,
                       "note: accepted build options: -D name[=value], -I dir, -w, -Werror, -g, "
                       "-cl-std=, the OpenCL -cl-* options, and -report (the build report in "
                       "the log)\n");
}

static int parse_word(struct fe_options *opts, struct oclhls_argv *words, int *i,
                      struct oclhls_strbuf *log)
{
    const char *w = words->v[*i];
    const char *val;

    if (!strncmp(w, "-D", 2) || !strncmp(w, "-I", 2)) {
        val = option_value(words, i, log);
        if (!val)
            return -1;
        if (w[1] == 'I')
            return add_include_dir(opts, val, log);
        oclhls_argv_addf(&opts->clang_args, "-D%s", val);
        return 0;
    }
    if (!strncmp(w, "-cl-std=", 8))
        return set_cl_std(opts, w, log);
    if (in_list(fe_passed_options, w)) {
        oclhls_argv_add(&opts->clang_args, w);
        return 0;
    }
    if (in_list(fe_ignored_options, w))
        return 0;
    unsupported(w, log);
    return -1;
}

int fe_options_parse(const char *options, struct fe_options *opts, struct oclhls_strbuf *log)
{
    struct oclhls_argv words = {0};
    int ret = -1;

    memset(opts, 0, sizeof(*opts));
    opts->cl_std = strdup(FE_DEFAULT_CL_STD);
    if (fe_shell_split(options, &words, log))
        goto out_free_words;
    for (int i = 0; i < words.n; i++)
        if (parse_word(opts, &words, &i, log))
            goto out_free_words;
    if (!opts->cl_std || opts->clang_args.failed) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        goto out_free_words;
    }
    ret = 0;
out_free_words:
    oclhls_argv_release(&words);
    return ret;
}

void fe_options_free(struct fe_options *opts)
{
    oclhls_argv_release(&opts->clang_args);
    free(opts->cl_std);
    opts->cl_std = NULL;
}
