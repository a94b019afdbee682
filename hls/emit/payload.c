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

int payload_library(const struct oclhls_board *board, struct oclhls_strbuf *o, char *err,
                    size_t errlen)
{
    const char *dir = oclhls_datadir();
    char path[4096];
    glob_t g;
    int rc;

    /* rtl-lib: every module, in name order (unused ones cost nothing after elaboration) */
    snprintf(path, sizeof(path), "%s/rtl-lib/*.v", dir);
    rc = glob(path, 0, NULL, &g);
    if (rc) {
        snprintf(err, errlen, "no rtl-lib Verilog found under %s (set OCLHLS_DATADIR?)", dir);
        return -1;
    }
    for (size_t i = 0; i < g.gl_pathc && !rc; i++)
        rc = append_file(o, g.gl_pathv[i], strlen(dir));
    globfree(&g);
    /* the shell: the files the board description names */
    for (int i = 0; i < board->n_shell_files && !rc; i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, board->shell_files[i]);
        rc = append_file(o, path, strlen(dir));
    }
    if (rc) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    return o->failed ? -1 : 0;
}
