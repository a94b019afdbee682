// SPDX-License-Identifier: MIT
/*
 * The hardware IR's text (hls/ir/hir_text.h):
 *  - every kernel file given on the command line, compiled for each board given with
 *    --print-after=all: each printed IR (after lowering and after every pass of the pass
 *    table) reads back into a kernel whose text is the same, byte for byte;
 *  - and each pass, run on the IR read from the text printed before it, gives the text the
 *    build printed after it: a pass depends on nothing but the IR and the board (what
 *    `oclhls opt` relies on);
 *  - hand-written IR: comments and blank lines, defaults, and errors that name the line.
 *   test_hir_text BOARD[,BOARD...] KERNEL.cl...
 * Prints "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "fsutil.h"
#include "hir.h"
#include "hir_text.h"
#include "hls_ctx.h"
#include "oclhls_compiler.h"
#include "passes.h"
#include "strbuf.h"
#include "target.h"

static int passed, failed;

static void check(int ok, const char *fmt, const char *what)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL: ");
    printf(fmt, what);
    printf("\n");
}

/* Reads text back and writes it again: the same text. */
static int round_trip(const char *text, size_t len, const char *name)
{
    struct hir_kernel *k = NULL;
    struct oclhls_strbuf again = {0};
    char err[512];
    int same;

    if (hir_text_read(text, len, name, &k, err, sizeof(err))) {
        printf("FAIL: %s\n", err);
        return 0;
    }
    hir_text_write(k, &again);
    same = !again.failed && again.len == len && !memcmp(again.buf, text, len);
    if (!same) {
        size_t i = 0;
        while (i < len && i < again.len && text[i] == again.buf[i])
            i++;
        printf("FAIL: %s: the text written again differs at byte %zu: '%.60s' / '%.60s'\n",
               name, i, text + i, again.buf ? again.buf + i : "");
    }
    oclhls_strbuf_release(&again);
    hir_kernel_free(k);
    return same;
}

/* Runs pass on the kernel read from before; its text must be after's. */
static void replay(const struct oclhls_board *board, const char *pass, const char *before,
                   size_t blen, const char *after, size_t alen, const char *name)
{
    const struct hls_pass *p = hls_pass_find(pass);
    struct oclhls_strbuf log = {0}, out = {0};
    struct hls_ctx ctx = {.log = &log, .source_name = name, .board = board};
    struct hir_kernel *k = NULL;
    char err[512], what[600];

    snprintf(what, sizeof(what), "%s: pass %s on the IR read from text", name, pass);
    if (!p || hls_float_units_load(&ctx) || hir_text_read(before, blen, name, &k, err, sizeof(err))) {
        check(0, "%s: cannot set up", what);
        return;
    }
    if (p->run(&ctx, k) == 0) {
        hir_text_write(k, &out);
        check(!out.failed && out.len == alen && !memcmp(out.buf, after, alen),
              "%s: not the build's IR after it", what);
    } else {
        check(0, "%s: failed", what);
    }
    hir_kernel_free(k);
    oclhls_strbuf_release(&out);
    oclhls_strbuf_release(&log);
}

/* Every "; IR of kernel K after P" + "hir 2" ... "end" block of a build log: each
   round-trips, and each pass replays from the block before it (the same kernel). */
static int round_trip_log(const struct oclhls_board *board, const char *log, const char *name)
{
    static const char head[] = "; IR of kernel ";
    const char *prev = NULL, *prev_end = NULL;
    char prev_kernel[256] = "";
    int blocks = 0;

    for (const char *p = strstr(log, head); p; p = strstr(p, head)) {
        char kernel[256] = "", pass[64] = "";
        const char *text = strstr(p, "hir 2\n"), *end = text ? strstr(text, "\nend\n") : NULL;
        if (!end || sscanf(p + sizeof(head) - 1, "%255s after %63s", kernel, pass) != 2)
            break;
        end += 5;
        check(round_trip(text, (size_t)(end - text), name),
              "%s: an IR block does not round-trip", name);
        if (prev && !strcmp(kernel, prev_kernel))
            replay(board, pass, prev, (size_t)(prev_end - prev), text, (size_t)(end - text),
                   name);
        prev = text;
        prev_end = end;
        snprintf(prev_kernel, sizeof(prev_kernel), "%s", kernel);
        blocks++;
        p = end;
    }
    return blocks;
}

static void corpus(const char *boards, int nfiles, char **files)
{
    char *list = strdup(boards), *save = NULL;

    for (char *b = strtok_r(list, ",", &save); b; b = strtok_r(NULL, ",", &save)) {
        for (int i = 0; i < nfiles; i++) {
            struct oclhls_compile_request req = {0};
            struct oclhls_compile_result res = {0};
            char *src = NULL, label[512];
            size_t len;

            snprintf(label, sizeof(label), "%s (%s)", files[i], b);
            if (oclhls_read_file(files[i], &src, &len)) {
                check(0, "%s: cannot read", label);
                continue;
            }
            req = (struct oclhls_compile_request){.source = src, .source_len = len,
                                                  .source_name = files[i], .board = b,
                                                  .print_after = "all"};
            struct oclhls_board board;
            char berr[256];
            if (oclhls_board_find(b, &board, berr, sizeof(berr))) {
                check(0, "%s: no such board", label);
                free(src);
                continue;
            }
            int rc = oclhls_compile(&req, &res);
            int blocks = round_trip_log(&board, res.log, label);
            /* a build that fails (a board's limits) may still have printed some IR */
            check(blocks > 0 || rc != 0, "%s: no IR printed", label);
            oclhls_compile_result_free(&res);
            free(src);
        }
    }
    free(list);
}

static const char hand_written[] = "; two adds of the same operands, as cse gets them\n"
                                   "hir 2\n"
                                   "\n"
                                   "kernel twice nargs=1 line=3 reqd_wg=64,1,1\n"
                                   "arg 0 width=32 csr=128\n"
                                   "v0 = arg 32 line=3\n"
                                   "v1 = const 32 imm=7\n"
                                   "v2 = add 32 v0 v1 line=4\n"
                                   "v3 = add 32 v0 v1 line=5\n"
                                   "v4 = store 0 v0 v3 pred=-1 addr_space=1 line=5 "
                                   "war_after=2,700\n"
                                   "end\n";

/* A linked program's kernel: a helper's lines in another file (hir_kernel.files). */
static const char two_files[] = "hir 2\n"
                                "kernel k nargs=1 line=3\n"
                                "file 1 b.cl\n"
                                "file 2 dir/c%20d.cl\n"
                                "arg 0 width=32 csr=128\n"
                                "v0 = arg 32 line=3\n"
                                "v1 = add 32 v0 v0 line=6 file=1\n"
                                "v2 = add 32 v1 v0 line=2 file=2\n"
                                "loop 0 begin=1 end=3 line=5 file=1\n"
                                "end\n";

static void files(void)
{
    struct hir_kernel *k = NULL;
    char err[512];

    check(round_trip(two_files, strlen(two_files), "two_files.hir"), "%s",
          "a kernel of two files does not round-trip");
    check(hir_text_read(two_files, strlen(two_files), "two_files.hir", &k, err, sizeof(err)) == 0,
          "two_files.hir does not read: %s", err);
    if (!k)
        return;
    check(k->nfiles == 2 && !hir_file_name(k, 0) && !strcmp(hir_file_name(k, 1), "b.cl") &&
              !strcmp(hir_file_name(k, 2), "dir/c d.cl") && k->ops[1].file == 1 &&
              k->ops[0].file == 0 && k->loops[0].file == 1,
          "%s", "two_files.hir: wrong files");
    hir_kernel_free(k);
}

/* Reading hand-written text fails with this message. */
static void bad(const char *text, const char *want)
{
    struct hir_kernel *k = NULL;
    char err[512] = "";

    int rc = hir_text_read(text, strlen(text), "bad.hir", &k, err, sizeof(err));
    check(rc != 0 && strstr(err, want) != NULL, "expected an error containing '%s'", want);
    if (rc == 0 || !strstr(err, want))
        printf("  got: %s\n", rc ? err : "(read without error)");
    hir_kernel_free(k);
}

static void hand(void)
{
    struct hir_kernel *k = NULL;
    char err[512];

    check(hir_text_read(hand_written, strlen(hand_written), "twice.hir", &k, err,
                        sizeof(err)) == 0,
          "hand-written IR does not read: %s", err);
    if (!k)
        return;
    check(k->nops == 5 && k->ops[2].opcode == HIR_ADD && k->ops[2].ops[1] == 1 &&
              k->ops[4].pred == HIR_NONE && k->ops[4].addr_space == 1 &&
              k->ops[3].lsu == HIR_NONE && k->reqd_wg[0] == 64 && k->arg_csr_offset[0] == 128 &&
              k->dispatch_ii == 1 && k->ops[2].line == 4 &&
              hir_lsu_set_has(&k->ops[4].war_after, 2) &&
              hir_lsu_set_has(&k->ops[4].war_after, 700) &&
              !hir_lsu_set_has(&k->ops[4].war_after, 3) && hir_lsu_set_empty(&k->ops[4].order_after),
          "%s", "hand-written IR: wrong fields (or defaults)");
    hir_kernel_free(k);
    bad("hir 2\nkernel k nargs=0\nv0 = frob 32\nend\n", "bad.hir:3: unknown opcode 'frob'");
    bad("hir 2\nkernel k nargs=0\nv0 = add 32 v0 v7\nend\n", "operand v7 is not defined");
    bad("hir 2\nkernel k nargs=0\nv1 = const 32\nend\n", "bad.hir:3: operations must be");
    bad("hir 2\nkernel k nargs=0\nv0 = const 32 colour=red\nend\n",
        "bad.hir:3: unknown field 'colour'");
    bad("hir 2\nkernel k nargs=0\nv0 = const 32 stage=x\nend\n", "bad.hir:3: expected a number");
    bad("hir 2\nkernel k nargs=0\nv0 = const 32\n", "no 'end' line");
    bad("hir 2\nkernel k nargs=0\nv0 = const 32 order_after=1,,2\nend\n",
        "bad.hir:3: expected LSU numbers separated by commas, not '1,,2'");
    bad("hir 2\nkernel k nargs=0\nv0 = const 32 order_after=1024\nend\n",
        "expected LSU numbers");
    bad("kernel k\nend\n", "bad.hir:1: expected 'hir 2' first");
    bad("hir 2\nkernel k nargs=1\narg 3 width=32 csr=0\nend\n", "bad.hir:3: expected arg");
    bad("hir 2\nkernel k nargs=0\nloop 1 begin=0\nend\n", "bad.hir:3: records must be");
    bad("hir 2\nkernel k nargs=0\nfile 2 b.cl\nend\n", "bad.hir:3: expected 'file <next");
    bad("hir 2\nkernel k nargs=0\nfile 1 b.cl\nfile 2 b.cl\nend\n",
        "bad.hir:4: out of memory or a file named twice");
}

int main(int argc, char **argv)
{
    hand();
    files();
    if (argc > 2)
        corpus(argv[1], argc - 2, argv + 2);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
