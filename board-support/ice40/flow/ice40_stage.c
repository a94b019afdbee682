/* SPDX-License-Identifier: MIT */
/* The iCE40 flow's steps in their build directory (ice40_internal.h): a tool run whose failure
 * goes to the flow's log, the directory's files, and nextpnr's command for the board; used by
 * the flow (ice40_flow.c) and its synthesis (ice40_synth.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argv.h"
#include "board.h"
#include "fsutil.h"
#include "ice40_internal.h"
#include "progress.h"
#include "strbuf.h"
#include "subprocess.h"

int ice40_run_stage(struct ice40_flow *f, struct oclhls_argv *a, const char *stage)
{
    char *out = NULL;
    int signo = 0, status;

    if (a->failed)
        return -1;
    oclhls_progress_begin(stage);
    status = oclhls_run_in(a->v, f->tmp, &out, &signo);
    oclhls_progress_end();
    if (status != 0) {
        size_t n = out ? strlen(out) : 0;
        oclhls_strbuf_printf(&f->log, "%s failed (exit status %d%s): ", stage, status,
                             signo ? ", killed by a signal" : "");
        oclhls_argv_to_log(&f->log, a->v);
        oclhls_strbuf_puts(&f->log, out && n > 4000 ? out + n - 4000 : out ? out : "");
    }
    free(out);
    return status == 0 ? 0 : -1;
}

char *ice40_read_in_tmp(struct ice40_flow *f, const char *name, size_t *size)
{
    char *path = oclhls_asprintf("%s/%s", f->tmp, name), *text = NULL;

    if (!path || oclhls_read_file(path, &text, size)) {
        oclhls_strbuf_printf(&f->log, "cannot read %s\n", path ? path : name);
        text = NULL;
    }
    free(path);
    return text;
}

int ice40_write_in_tmp(struct ice40_flow *f, const char *name, const void *data, size_t size)
{
    char *path = oclhls_asprintf("%s/%s", f->tmp, name);
    int ret = path ? oclhls_write_file(path, data, size) : -1;

    if (ret)
        oclhls_strbuf_printf(&f->log, "cannot write %s\n", path ? path : name);
    free(path);
    return ret;
}

void ice40_nextpnr_argv(const struct ice40_flow *f, struct oclhls_argv *a)
{
    oclhls_argv_add(a, f->nextpnr);
    oclhls_argv_addf(a, "--%s", f->board->fpga);
    /* The constraints' copy in the build directory: YoWASP's nextpnr sees its own /tmp. */
    oclhls_argv_addv(a, (const char *const[]){"--package", f->board->package, "--pcf",
                                              ICE40_PCF_COPY, "--json", "top.json", NULL});
}
