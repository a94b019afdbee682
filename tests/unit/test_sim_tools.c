/* SPDX-License-Identifier: MIT */
/*
 * How the sim flow starts Verilator (board-support/sim/flow/tools.c): with the allocator the
 * build found preloaded, unless $OCLHLS_VERILATOR_MALLOC says otherwise or the process has an
 * LD_PRELOAD of its own; and Verilator really runs so.
 *
 * The build's library comes as OCLHLS_VERILATOR_MALLOC, as oclhls_boards gets it.
 */
#include "test_util.h"

#include "argv.h"
#include "subprocess.h"
#include "tools.h"

/* The command's words before "verilator", joined by spaces ("" when none). */
static void launcher_of(char *out, size_t size)
{
    struct oclhls_argv a = {0};
    size_t used = 0;

    out[0] = '\0';
    oclhls_tools_verilator_argv("verilator", &a);
    for (int i = 0; i < a.n && strcmp(a.v[i], "verilator") != 0; i++)
        used += (size_t)snprintf(out + used, used < size ? size - used : 0, "%s%s", i ? " " : "",
                                 a.v[i]);
    oclhls_argv_release(&a);
}

/* Runs `verilator --version` as the flow starts it; 1 when it printed its version. */
static int verilator_runs(void)
{
    struct oclhls_argv a = {0};
    char *out = NULL;
    int ok;

    oclhls_tools_verilator_argv(oclhls_tools_verilator_path(), &a);
    oclhls_argv_add(&a, "--version");
    ok = !a.failed && oclhls_run(a.v, &out) == 0 && out && strstr(out, "Verilator");
    free(out);
    oclhls_argv_release(&a);
    return ok;
}

int main(void)
{
    const char *built = OCLHLS_VERILATOR_MALLOC;
    char got[4096], want[4096];

    if (getenv("LD_PRELOAD") && *getenv("LD_PRELOAD")) {
        printf("skip: this process already has an LD_PRELOAD (%s)\n", getenv("LD_PRELOAD"));
        return 77;
    }

    unsetenv("OCLHLS_VERILATOR_MALLOC");
    launcher_of(got, sizeof(got));
    if (*built)
        snprintf(want, sizeof(want), "env LD_PRELOAD=%s", built);
    else
        want[0] = '\0';
    CHECK(strcmp(got, want) == 0, "the build's allocator (%s): launcher '%s'",
          *built ? built : "none", got);
    CHECK(verilator_runs(), "verilator runs with the build's allocator");

    setenv("OCLHLS_VERILATOR_MALLOC", "", 1);
    launcher_of(got, sizeof(got));
    CHECK(got[0] == '\0', "OCLHLS_VERILATOR_MALLOC empty: no launcher ('%s')", got);

    setenv("OCLHLS_VERILATOR_MALLOC", "/nonexistent/libnothing.so", 1);
    launcher_of(got, sizeof(got));
    CHECK(got[0] == '\0', "a library that is not there: no launcher ('%s')", got);

    if (*built) {
        setenv("OCLHLS_VERILATOR_MALLOC", built, 1);
        setenv("LD_PRELOAD", "/some/sanitizer/runtime.so", 1);
        launcher_of(got, sizeof(got));
        CHECK(got[0] == '\0', "the process's own LD_PRELOAD stays alone ('%s')", got);
        unsetenv("LD_PRELOAD");
    }
    return test_result();
}
