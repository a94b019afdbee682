/* SPDX-License-Identifier: MIT */
/*
 * How the sim flow starts Verilator (board-support/sim/flow/tools.c):
 * - with the allocator the build found preloaded, unless $OCLHLS_VERILATOR_MALLOC says
 *   otherwise or the process has an LD_PRELOAD of its own;
 * - as verilator_bin itself, behind the raised stack limit, when the tool is Verilator's
 *   launcher `verilator` with verilator_bin where the launcher looks for it (beside its real
 *   path, or in $VERILATOR_ROOT/bin), else as the tool it was given;
 * and the real Verilator runs so.
 *
 * The build's library comes as OCLHLS_VERILATOR_MALLOC, as oclhls_boards gets it. The
 * launcher cases use fake tools in a private directory: shell scripts that say which one ran.
 */
#include "test_util.h"

#include "argv.h"
#include "subprocess.h"
#include "tools.h"

/* 1 when the command starts with "env LD_PRELOAD=<lib>" (lib NULL: with no preload). */
static int preloads(const char *lib)
{
    struct oclhls_argv a = {0};
    char want[4096];
    int ok;

    oclhls_tools_verilator_argv("verilator", &a);
    snprintf(want, sizeof(want), "LD_PRELOAD=%s", lib ? lib : "");
    if (lib)
        ok = a.n >= 2 && !strcmp(a.v[0], "env") && !strcmp(a.v[1], want);
    else
        ok = a.n >= 1 && strcmp(a.v[0], "env") != 0;
    oclhls_argv_release(&a);
    return ok;
}

/* Runs `tool --version` as the flow starts it; its output (malloc'ed) or NULL. */
static char *run_as_flow(const char *tool)
{
    struct oclhls_argv a = {0};
    char *out = NULL;

    oclhls_tools_verilator_argv(tool, &a);
    oclhls_argv_add(&a, "--version");
    if (a.failed || oclhls_run(a.v, &out) != 0) {
        free(out);
        out = NULL;
    }
    oclhls_argv_release(&a);
    return out;
}

/* An executable script dir/name that prints its tag, its arguments and its stack limit. */
static void fake_tool(const char *dir, const char *name, const char *tag)
{
    char path[4096], text[512];

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    snprintf(text, sizeof(text), "#!/bin/sh\necho \"%s $* stack=$(ulimit -s)\"\n", tag);
    CHECK(test_write_file(path, text) == 0 && chmod(path, 0755) == 0, "fake tool %s", path);
}

/* 1 when running tool as the flow does printed "<tag> --version" (and its stack limit). */
static int runs(const char *tool, const char *tag)
{
    char *out = run_as_flow(tool), want[256];
    int ok;

    snprintf(want, sizeof(want), "%s --version stack=", tag);
    ok = out && !strncmp(out, want, strlen(want));
    if (!ok)
        printf("      %s printed: %s", tool, out ? out : "(failed)\n");
    free(out);
    return ok;
}

/* The stack limit a shell may raise to: unlimited when the hard limit allows it. */
static int stack_raised(const char *tool)
{
    char *out = run_as_flow(tool), *hard = NULL;
    int ok;

    oclhls_run((char *[]){"sh", "-c", "ulimit -H -s", NULL}, &hard);
    ok = out && (strstr(out, "stack=unlimited") || (hard && !strstr(hard, "unlimited")));
    free(out);
    free(hard);
    return ok;
}

static void check_launcher(void)
{
    char dir[] = "/tmp/oclhls-sim-tools-XXXXXX", path[4096], other[4096], link[4096];

    if (!mkdtemp(dir)) {
        CHECK(0, "a private directory for the fake tools");
        return;
    }
    snprintf(path, sizeof(path), "%s/kit/bin", dir);
    snprintf(other, sizeof(other), "%s/alone", dir);
    snprintf(link, sizeof(link), "%s/kit", dir);
    CHECK(!mkdir(link, 0755) && !mkdir(path, 0755) && !mkdir(other, 0755), "directories");
    fake_tool(path, "verilator", "launcher");
    fake_tool(path, "verilator_bin", "bin");
    fake_tool(path, "my-verilator", "other");
    fake_tool(other, "verilator", "launcher-alone");
    unsetenv("VERILATOR_ROOT");
    unsetenv("VERILATOR_BIN");

    snprintf(link, sizeof(link), "%s/kit/bin/verilator", dir);
    CHECK(runs(link, "bin"), "the launcher with verilator_bin beside it: the binary runs");
    CHECK(stack_raised(link), "the binary runs with the stack limit raised, as the launcher does");
    snprintf(link, sizeof(link), "%s/alone/verilator", dir);
    CHECK(runs(link, "launcher-alone"), "no verilator_bin beside the launcher: the launcher runs");
    snprintf(link, sizeof(link), "%s/kit/bin/my-verilator", dir);
    CHECK(runs(link, "other"), "a tool of another name runs as it is");

    snprintf(link, sizeof(link), "%s/verilator", dir);
    snprintf(path, sizeof(path), "%s/kit/bin/verilator", dir);
    CHECK(symlink(path, link) == 0, "a symbolic link %s", link);
    CHECK(runs(link, "bin"), "through a link: verilator_bin beside the launcher's real path");

    snprintf(path, sizeof(path), "%s/kit", dir);
    setenv("VERILATOR_ROOT", path, 1);
    snprintf(link, sizeof(link), "%s/alone/verilator", dir);
    CHECK(runs(link, "bin"), "$VERILATOR_ROOT/bin/verilator_bin, as the launcher takes it");
    setenv("VERILATOR_ROOT", other, 1);
    CHECK(runs(link, "launcher-alone"), "no verilator_bin in $VERILATOR_ROOT/bin: the launcher");
    unsetenv("VERILATOR_ROOT");

    setenv("VERILATOR_BIN", "verilator_bin_dbg", 1);
    snprintf(link, sizeof(link), "%s/kit/bin/verilator", dir);
    CHECK(runs(link, "launcher"), "$VERILATOR_BIN set: the launcher runs (it picks the binary)");
    unsetenv("VERILATOR_BIN");
    test_rm_rf(dir);
}

int main(void)
{
    const char *built = OCLHLS_VERILATOR_MALLOC;
    char *out;

    if (getenv("LD_PRELOAD") && *getenv("LD_PRELOAD")) {
        printf("skip: this process already has an LD_PRELOAD (%s)\n", getenv("LD_PRELOAD"));
        return 77;
    }

    unsetenv("OCLHLS_VERILATOR_MALLOC");
    CHECK(preloads(*built ? built : NULL), "the build's allocator (%s) preloaded",
          *built ? built : "none");
    out = run_as_flow(oclhls_tools_verilator_path());
    CHECK(out && strstr(out, "Verilator"), "the real verilator runs as the flow starts it");
    free(out);

    setenv("OCLHLS_VERILATOR_MALLOC", "", 1);
    CHECK(preloads(NULL), "OCLHLS_VERILATOR_MALLOC empty: no preload");
    setenv("OCLHLS_VERILATOR_MALLOC", "/nonexistent/libnothing.so", 1);
    CHECK(preloads(NULL), "a library that is not there: no preload");
    if (*built) {
        setenv("OCLHLS_VERILATOR_MALLOC", built, 1);
        setenv("LD_PRELOAD", "/some/sanitizer/runtime.so", 1);
        CHECK(preloads(NULL), "the process's own LD_PRELOAD stays alone");
        unsetenv("LD_PRELOAD");
    }

    setenv("OCLHLS_VERILATOR_MALLOC", "", 1); /* the fakes are shell scripts */
    check_launcher();
    return test_result();
}
