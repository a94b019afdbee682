// SPDX-License-Identifier: MIT
/* oclhls passes and oclhls opt (cmd_ir.h). */
#include "cmd_ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "fsutil.h"
#include "hir.h"
#include "hir_text.h"
#include "hls_ctx.h"
#include "passes.h"
#include "strbuf.h"
#include "target.h"

int oclhls_cmd_passes(void)
{
    int n;
    const struct hls_pass *p = hls_passes(&n);

    printf("%-14s %s\n", "lower", "LLVM IR to the hardware IR: widths, predicates, loops "
                                  "(lower*.c, ifconvert.c); makes the kernel");
    for (int i = 0; i < n; i++)
        printf("%-14s %s\n", p[i].name, p[i].help);
    return 0;
}

struct opt_args {
    const char *input, *output, *board;
    const char *passes[64];
    int npasses;
};

static int parse_opt_args(int argc, char **argv, struct opt_args *a)
{
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;

        if (!strncmp(s, "--pass=", 7) || !strcmp(s, "--pass")) {
            const char *name = s[6] == '=' ? s + 7 : next;
            if (!name) {
                fprintf(stderr, "oclhls opt: --pass needs a pass name (oclhls passes)\n");
                return -1;
            }
            if (s[6] != '=')
                i++;
            if (!hls_pass_find(name)) {
                fprintf(stderr, "oclhls opt: no pass '%s' (oclhls passes lists them)\n", name);
                return -1;
            }
            if (a->npasses == 64) {
                fprintf(stderr, "oclhls opt: more than 64 passes\n");
                return -1;
            }
            a->passes[a->npasses++] = name;
        } else if ((!strcmp(s, "-o") || !strcmp(s, "--board")) && next) {
            *(s[1] == 'o' ? &a->output : &a->board) = next;
            i++;
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "oclhls opt: unknown option '%s' (see oclhls --help)\n", s);
            return -1;
        } else if (a->input) {
            fprintf(stderr, "oclhls opt: more than one input file\n");
            return -1;
        } else {
            a->input = s;
        }
    }
    if (!a->input) {
        fprintf(stderr, "usage: oclhls opt IN.hir [--pass NAME]... [--board NAME] "
                        "[-o OUT.hir]\n");
        return -1;
    }
    return 0;
}

int oclhls_cmd_opt(int argc, char **argv)
{
    struct opt_args a = {0};
    struct oclhls_board board;
    struct oclhls_strbuf log = {0}, out = {0};
    struct hir_kernel *k = NULL;
    char *text = NULL, err[512];
    size_t len;
    int rc = 2;

    if (parse_opt_args(argc, argv, &a))
        return 2;
    rc = 1;
    if (oclhls_board_find(a.board, &board, err, sizeof(err))) {
        fprintf(stderr, "oclhls opt: %s\n", err);
        goto out;
    }
    if (oclhls_read_file(a.input, &text, &len)) {
        fprintf(stderr, "oclhls opt: cannot read '%s'\n", a.input);
        goto out;
    }
    if (hir_text_read(text, len, a.input, &k, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        goto out;
    }
    struct hls_ctx ctx = {.log = &log, .source_name = a.input, .board = &board};
    if (hls_float_units_load(&ctx)) { /* the float units' latencies, as a build has them */
        fputs(log.buf ? log.buf : "", stderr);
        goto out;
    }
    for (int i = 0; i < a.npasses; i++) {
        const struct hls_pass *p = hls_pass_find(a.passes[i]);
        if (p->run(&ctx, k)) {
            fputs(log.buf ? log.buf : "", stderr);
            goto out;
        }
    }
    fputs(log.buf ? log.buf : "", stderr);
    hir_text_write(k, &out);
    if (out.failed) {
        fprintf(stderr, "oclhls opt: out of memory\n");
        goto out;
    }
    if (a.output ? oclhls_write_file(a.output, out.buf, out.len)
                 : fwrite(out.buf, 1, out.len, stdout) != out.len) {
        fprintf(stderr, "oclhls opt: cannot write '%s'\n", a.output ? a.output : "stdout");
        goto out;
    }
    rc = 0;
out:
    hir_kernel_free(k);
    oclhls_strbuf_release(&log);
    oclhls_strbuf_release(&out);
    free(text);
    return rc;
}
