/* SPDX-License-Identifier: MIT */
/* The external tools of the sim flow; see tools.h. */
#define _GNU_SOURCE /* st_mtim */
#include "tools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argv.h"
#include "cache.h"
#include "fsutil.h"
#include "hashkey.h"
#include "strbuf.h"
#include "subprocess.h"
#include "tool_search.h"

#ifndef OCLHLS_VERILATOR
#error "OCLHLS_VERILATOR must be defined by the build"
#endif
#ifndef OCLHLS_CXX
#error "OCLHLS_CXX must be defined by the build"
#endif
#ifndef OCLHLS_VERILATOR_MALLOC
#define OCLHLS_VERILATOR_MALLOC ""
#endif

static const char *tool_path(const char *env_name, const char *fallback)
{
    const char *env = getenv(env_name);

    return env && *env ? env : fallback;
}

const char *oclhls_tools_verilator_path(void)
{
    return tool_path("OCLHLS_VERILATOR", OCLHLS_VERILATOR);
}

/*
 * Verilator spends much of its time allocating, and Debian's verilator_bin uses glibc's
 * malloc: with tcmalloc preloaded it verilates in about 30 % less CPU time, with
 * byte-identical output (docs/performance.md). The build names the library (empty when it
 * found none); $OCLHLS_VERILATOR_MALLOC overrides it, empty turns it off. A process that has
 * an LD_PRELOAD of its own (a sanitizer's runtime, which must come first) keeps it alone.
 */
static const char *verilator_malloc(void)
{
    const char *env = getenv("OCLHLS_VERILATOR_MALLOC");
    const char *lib = env ? env : OCLHLS_VERILATOR_MALLOC;
    const char *preload = getenv("LD_PRELOAD");

    if (!*lib || (preload && *preload) || access(lib, R_OK) != 0)
        return NULL;
    return lib;
}

/* tool's real path: tool itself when it has a slash, else the first in $PATH; or NULL. */
static char *real_tool_path(const char *tool)
{
    char *found, *real;

    if (strchr(tool, '/'))
        return realpath(tool, NULL);
    if (!(found = oclhls_tool_in_path(tool)))
        return NULL;
    real = realpath(found, NULL);
    free(found);
    return real;
}

/*
 * The verilator_bin that Verilator's Perl launcher would run for it, malloc'ed, or NULL when
 * verilator is not that launcher or the binary is not where the launcher looks. The launcher
 * (`verilator`, also Debian's) starts Perl and two shells, about 50 ms of CPU per run, to raise
 * the stack limit and run verilator_bin with the same arguments; the flow does the same with
 * one shell (oclhls_tools_verilator_argv). It looks, as the launcher does, in
 * $VERILATOR_ROOT/bin when that is set, else beside the launcher's real path. $VERILATOR_BIN
 * (another binary's name) is the launcher's business: then it runs.
 */
static char *verilator_bin_of(const char *verilator)
{
    const char *base = strrchr(verilator, '/'), *root = getenv("VERILATOR_ROOT");
    char *launcher, *slash, *bin = NULL;

    if (strcmp(base ? base + 1 : verilator, "verilator") != 0 || getenv("VERILATOR_BIN"))
        return NULL;
    if (root && *root)
        return oclhls_tool_in_dir(root, "bin/verilator_bin");
    if (!(launcher = real_tool_path(verilator)))
        return NULL;
    if ((slash = strrchr(launcher, '/'))) {
        *slash = '\0';
        bin = oclhls_tool_in_dir(*launcher ? launcher : "/", "verilator_bin");
    }
    free(launcher);
    return bin;
}

/* The launcher's own way of starting verilator_bin: the stack limit raised when allowed
   (deeply nested expressions recurse deeply in Verilator), then the binary. */
static const char stack_then_exec[] = "ulimit -s unlimited 2>/dev/null; exec \"$0\" \"$@\"";

void oclhls_tools_verilator_argv(const char *verilator, struct oclhls_argv *a)
{
    const char *lib = verilator_malloc();
    char *bin = verilator_bin_of(verilator);

    if (lib) {
        oclhls_argv_add(a, "env");
        oclhls_argv_addf(a, "LD_PRELOAD=%s", lib);
    }
    if (bin)
        oclhls_argv_addv(a, (const char *const[]){"sh", "-c", stack_then_exec, bin, NULL});
    else
        oclhls_argv_add(a, verilator);
    free(bin);
}

/* Runs `tool arg`; returns its output (malloc'ed) or NULL with the reason in log. */
static char *tool_output(const char *tool, const char *arg1, const char *arg2,
                         struct oclhls_strbuf *log)
{
    char *argv[] = {(char *)tool, (char *)arg1, (char *)arg2, NULL};
    char *out = NULL;
    int status = oclhls_run(argv, &out);

    if (status == 0 && out)
        return out;
    oclhls_argv_to_log(log, argv);
    oclhls_strbuf_printf(log, "%s(exit status %d)\n", out ? out : "", status);
    free(out);
    return NULL;
}

/*
 * The memo of a tool's --version: <cache>/tools/<hash of the path and the identity of the
 * file it names (device, inode, size, times)>. Asking `verilator --version` starts Perl and
 * costs more than the rest of a cache hit; an upgraded tool is a different file. NULL when
 * the tool is not an absolute path (found in PATH at each run) or the cache is unusable.
 */
static char *memo_path(const char *tool)
{
    struct oclhls_hashkey k;
    char hex[OCLHLS_HASHKEY_HEX_LEN + 1], *dir, *path;
    struct stat st;

    if (tool[0] != '/' || stat(tool, &st))
        return NULL;
    oclhls_hashkey_init(&k, "tool-version/1");
    oclhls_hashkey_add_str(&k, tool);
    oclhls_hashkey_add(&k, &st.st_dev, sizeof(st.st_dev));
    oclhls_hashkey_add(&k, &st.st_ino, sizeof(st.st_ino));
    oclhls_hashkey_add(&k, &st.st_size, sizeof(st.st_size));
    oclhls_hashkey_add(&k, &st.st_mtim, sizeof(st.st_mtim));
    oclhls_hashkey_add(&k, &st.st_ctim, sizeof(st.st_ctim));
    oclhls_hashkey_hex(&k, hex);
    dir = oclhls_cache_subdir("tools", NULL);
    path = dir ? oclhls_asprintf("%s/%s", dir, hex) : NULL;
    free(dir);
    return path;
}

/* Writes the memo atomically (temporary file + rename); failures only cost speed. */
static void memo_store(const char *path, const char *text)
{
    char *tmp = oclhls_asprintf("%s.%ld.tmp", path, (long)getpid());

    if (tmp && oclhls_write_file(tmp, text, strlen(text)) == 0 && rename(tmp, path) != 0)
        unlink(tmp);
    free(tmp);
}

static char *tool_version(const char *tool, struct oclhls_strbuf *log)
{
    char *memo = memo_path(tool), *text = NULL;
    size_t size;

    if (memo && oclhls_read_file(memo, &text, &size) == 0 && size)
        goto out_free_memo;
    free(text);
    text = tool_output(tool, "--version", NULL, log);
    if (memo && text)
        memo_store(memo, text);
out_free_memo:
    free(memo);
    return text;
}

/*
 * Verilator's own optimisation stays at its default: -O3 (which inlines every module
 * instance whatever its size) made 7-12 % more C++ and Verilator time on the suite's large
 * models (atomics.cl: 14.5 against 13.0 MB) for the same simulation speed (vector_add at
 * N = 2^20, int_builtins' host: docs/performance.md).
 */
static const char *const verilate_flags[] = {"--cc", "--no-timing", "-Wno-fatal", NULL};

void oclhls_tools_verilate_cmd(const struct oclhls_tools *t, const char *top, const char *prefix,
                               const char *mdir, struct oclhls_argv *a)
{
    oclhls_tools_verilator_argv(t->verilator, a);
    oclhls_argv_addv(a, verilate_flags);
    oclhls_argv_addv(
        a, (const char *const[]){"--top-module", top, "--prefix", prefix, "--Mdir", mdir, NULL});
}

void oclhls_tools_hash_verilate(struct oclhls_hashkey *k)
{
    oclhls_hashkey_add_strv(k, (char *const *)verilate_flags);
}

int oclhls_tools_probe(struct oclhls_tools *t, struct oclhls_strbuf *log)
{
    memset(t, 0, sizeof(*t));
    t->verilator = oclhls_tools_verilator_path();
    t->cxx = tool_path("OCLHLS_CXX", OCLHLS_CXX);
    t->verilator_version = tool_version(t->verilator, log);
    t->cxx_version = tool_version(t->cxx, log);
    if (t->verilator_version && t->cxx_version) {
        t->cxx_is_clang = strstr(t->cxx_version, "clang version") != NULL;
        return 0;
    }
    oclhls_strbuf_puts(log, "hint: the sim board needs Verilator and a C++ compiler "
                            "(set OCLHLS_VERILATOR / OCLHLS_CXX to override their paths)\n");
    oclhls_tools_release(t);
    return -1;
}

char *oclhls_tools_verilator_root(const struct oclhls_tools *t, struct oclhls_strbuf *log)
{
    char *root = tool_output(t->verilator, "--getenv", "VERILATOR_ROOT", log);
    size_t len;

    if (!root)
        return NULL;
    len = strlen(root);
    while (len && (root[len - 1] == '\n' || root[len - 1] == '\r' || root[len - 1] == ' '))
        root[--len] = '\0';
    if (!len) {
        oclhls_strbuf_puts(log, "verilator --getenv VERILATOR_ROOT printed nothing\n");
        free(root);
        return NULL;
    }
    return root;
}

void oclhls_tools_release(struct oclhls_tools *t)
{
    free(t->verilator_version);
    free(t->cxx_version);
    memset(t, 0, sizeof(*t));
}
