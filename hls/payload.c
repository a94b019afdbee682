// SPDX-License-Identifier: MIT
/*
 * The Verilog payload of a program file: the library modules (rtl-lib/), the board's shell
 * (board-support/common and board-support/<board>), then the generated kernels and system.
 * Carrying the complete design keeps a program file self-contained: the runtime builds the
 * simulation model from exactly what the compiler saw.
 */
#include "payload.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Marks each file with its path relative to the data directory: the payload, and so the
   model cache key, must not depend on where oclhls is installed. */
static int append_file(struct oclhls_strbuf *o, const char *path, size_t datadir_len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[8192];
    size_t n;
    oclhls_strbuf_printf(o, "// ---- %s\n", path + datadir_len + 1);
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        oclhls_strbuf_append(o, buf, n);
    int err = ferror(f);
    fclose(f);
    oclhls_strbuf_printf(o, "\n");
    return err ? -1 : 0;
}

static int append_glob(struct oclhls_strbuf *o, const char *pattern, size_t datadir_len, int *count)
{
    glob_t g;
    int rc = glob(pattern, 0, NULL, &g);
    if (rc == GLOB_NOMATCH)
        return 0;
    if (rc)
        return -1;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        if (append_file(o, g.gl_pathv[i], datadir_len)) {
            globfree(&g);
            return -1;
        }
        (*count)++;
    }
    globfree(&g);
    return 0;
}

int payload_library(const char *board, struct oclhls_strbuf *o, char *err, size_t errlen)
{
    const char *dir = oclhls_datadir();
    const char *patterns[] = {"%s/rtl-lib/*.v", "%s/board-support/common/*.v",
                              "%s/board-support/%s/*.v"};
    int nlib = 0, nshell = 0;
    char pattern[4096];

    for (int i = 0; i < 3; i++) {
        snprintf(pattern, sizeof(pattern), patterns[i], dir, board);
        if (append_glob(o, pattern, strlen(dir), i == 0 ? &nlib : &nshell)) {
            snprintf(err, errlen, "cannot read %s", pattern);
            return -1;
        }
    }
    if (!nlib || !nshell) {
        snprintf(err, errlen, "no %s Verilog found under %s (set OCLHLS_DATADIR?)",
                 nlib ? "shell" : "rtl-lib", dir);
        return -1;
    }
    return o->failed ? -1 : 0;
}
