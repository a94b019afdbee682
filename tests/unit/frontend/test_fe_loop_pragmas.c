/* SPDX-License-Identifier: MIT */
/*
 * Intel loop pragmas: `#pragma ii N` and `#pragma ivdep` (also with safelen(N), array(name))
 * become fe_loop_hints for the loop on the next line with code (blank, comment-only and other
 * pragma lines skipped; two hints for one loop merged); clang never sees them (-Werror: no
 * unknown-pragma warning) and line numbers do not move; pragmas in comments and strings are
 * not pragmas (the text clang gets is checked too). fe_loop_start_line gives the for/while/do
 * line of each loop's latch.
 * Malformed pragmas fail with file:line; a pragma before something other than a loop warns.
 */
#include "fe_internal.h"
#include "fe_test.h"

static const char src[] = "kernel void k(global int *p, int n)\n"                       /* 1 */
                          "{\n"                                                         /* 2 */
                          "    #pragma ii 2\n"                                          /* 3 */
                          "    for (int i = 1; i < n; i++)\n"                           /* 4 */
                          "        p[i] = p[i - 1] * 3;\n"                              /* 5 */
                          "  # pragma   ivdep   // no dependencies\n"                   /* 6 */
                          "    /* a comment line */\n"                                  /* 7 */
                          "\n"                                                          /* 8 */
                          "    while (n > 3) {\n"                                       /* 9 */
                          "        p[n] += 1;\n"                                        /* 10 */
                          "        n -= 2;\n"                                           /* 11 */
                          "    }\n"                                                     /* 12 */
                          "#pragma ivdep safelen(4)\n"                                  /* 13 */
                          "#pragma ii 3 /* and an ii */\n"                              /* 14 */
                          "    do {\n"                                                  /* 15 */
                          "        p[n] *= 2;\n"                                        /* 16 */
                          "    } while (--n > 0);\n"                                    /* 17 */
                          "    /*\n"                                                    /* 18 */
                          "#pragma ii 0\n"                                              /* 19 */
                          "    */\n"                                                    /* 20 */
                          "    p[1] = \"#pragma ii x\"[2];\n"                           /* 21 */
                          "}\n"                                                         /* 22 */
                          "kernel void k2(global int *p, global const int *q, int n)\n" /* 23 */
                          "{\n"                                                         /* 24 */
                          "#pragma ivdep array(p)\n"                                    /* 25 */
                          "#pragma unroll 2\n"                                          /* 26 */
                          "    for (int i = 0; i < n; i++)\n"                           /* 27 */
                          "        p[q[i]] += i;\n"                                     /* 28 */
                          "}\n";                                                        /* 29 */

static void check_hint(struct fe_result *res, unsigned i, unsigned pragma_line, unsigned loop_line,
                       unsigned ii, int ivdep)
{
    struct fe_loop_hint *h = i < res->nloop_hints ? &res->loop_hints[i] : NULL;

    CHECK(h && h->pragma_line == pragma_line && h->loop_line == loop_line && h->ii == ii &&
              h->ivdep == ivdep,
          "hint %u: pragma line %u, loop line %u, ii %u, ivdep %d (want %u, %u, %u, %d)", i,
          h ? h->pragma_line : 0, h ? h->loop_line : 0, h ? h->ii : 0, h ? h->ivdep : 0,
          pragma_line, loop_line, ii, ivdep);
}

/* The start lines of the loops left in fn (latches with !llvm.loop), in block order. */
static unsigned loop_lines(LLVMValueRef fn, unsigned *lines, unsigned max)
{
    unsigned kind = LLVMGetMDKindID("llvm.loop", 9), n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);

        if (t && LLVMGetMetadata(t, kind) && n < max)
            lines[n++] = fe_loop_start_line(t);
    }
    return n;
}

static int has_line(const unsigned *lines, unsigned n, unsigned line)
{
    for (unsigned i = 0; i < n; i++)
        if (lines[i] == line)
            return 1;
    return 0;
}

/* The line of the last store in fn: p[1] = ... on line 21 (lines did not move). */
static unsigned last_store_line(LLVMValueRef fn)
{
    unsigned line = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) == LLVMStore)
                line = fe_inst_line(in, NULL);
    return line;
}

static void check_good(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "pragmas.cl", "-Werror", &res);
    struct fe_kernel *k = fe_test_kernel(&res, "k");
    unsigned lines[8], n;

    CHECK(rc == 0, "pragmas.cl compiles with -Werror");
    CHECK(res.nloop_hints == 4, "%u hints (want 4)", res.nloop_hints);
    check_hint(&res, 0, 3, 4, 2, 0);
    check_hint(&res, 1, 6, 9, 0, 1);
    check_hint(&res, 2, 13, 15, 3, 1); /* ivdep safelen + ii merged */
    check_hint(&res, 3, 25, 27, 0, 1); /* array(p); #pragma unroll skipped */
    if (k) {
        fe_test_print_function(k->function);
        n = loop_lines(k->function, lines, 8);
        CHECK(n >= 3 && has_line(lines, n, 4) && has_line(lines, n, 9) && has_line(lines, n, 15),
              "fe_loop_start_line finds the for (4), while (9) and do (15) lines (%u loops)", n);
        CHECK(last_store_line(k->function) == 21, "line numbers kept: last store at line %u",
              last_store_line(k->function));
    }
    fe_result_free(&res);
    CHECK(res.loop_hints == NULL && res.nloop_hints == 0, "hints released");
}

static void expect(const char *pragma, const char *want, int fails)
{
    char src2[512];
    struct fe_result res;
    int rc;

    snprintf(src2, sizeof(src2),
             "kernel void k(global int *p, int n)\n"
             "{\n"
             "%s\n"
             "    for (int i = 0; i < n; i++)\n"
             "        p[i] = i;\n"
             "}\n",
             pragma);
    rc = fe_test_compile(src2, "bad.cl", NULL, &res);
    CHECK(rc == (fails ? -1 : 0), "'%s' %s", pragma, fails ? "fails" : "compiles");
    CHECK(fe_test_contains(res.log, want), "log has \"%s\"", want);
    if (fails)
        CHECK(res.module == NULL && res.nloop_hints == 0 && res.loop_hints == NULL,
              "nothing returned");
    fe_result_free(&res);
}

static const char ii_msg[] =
    "bad.cl:3: error: '#pragma ii' expects a positive integer (the initiation interval)";
static const char ivdep_msg[] =
    "bad.cl:3: error: '#pragma ivdep' expects nothing, safelen(N) or array(name)";

static const char not_loop_src[] = "kernel void k(global int *p)\n"
                                   "{\n"
                                   "#pragma ii 2\n"
                                   "    p[0] = 1;\n"
                                   "}\n";

static const char twice_src[] = "kernel void k(global int *p, int n)\n"
                                "{\n"
                                "#pragma ii 2\n"
                                "#pragma ii 4\n"
                                "    for (int i = 0; i < n; i++)\n"
                                "        p[i] = i;\n"
                                "}\n";

/* What clang gets: our pragma lines emptied, a comment they open kept open, the rest as is. */
static void check_text(void)
{
    static const char in[] = "a\n"
                             "  #  pragma ii 4 // x\n"
                             "#pragma unroll\n"
                             "#pragma ivdep /* y\n"
                             "  z */ for (;;)\n"
                             "\"#pragma ii 2\"\n"
                             "#define X \\\n"
                             "#pragma ii 3\n"
                             "for (;;)";
    static const char want[] = "a\n"
                               "\n"
                               "#pragma unroll\n"
                               "/* y\n"
                               "  z */ for (;;)\n"
                               "\"#pragma ii 2\"\n"
                               "#define X \\\n"
                               "#pragma ii 3\n"
                               "for (;;)";
    struct fe_request req = {.source = in, .source_len = sizeof(in) - 1, .source_name = "t.cl"};
    struct fe_result res = {0};
    struct oclhls_strbuf log = {0};
    char *text = NULL;
    size_t len = 0;
    int rc = fe_loop_pragmas(&req, &text, &len, &res, &log);

    printf("---- pre-pass output:\n%s\n---- log:\n%s----\n", text ? text : "(null)",
           log.buf ? log.buf : "");
    CHECK(rc == 0 && text && len == strlen(want) && !strcmp(text, want),
          "pre-pass output: pragma lines emptied, the rest unchanged");
    CHECK(res.nloop_hints == 1 && res.loop_hints[0].pragma_line == 2 &&
              res.loop_hints[0].loop_line == 5 && res.loop_hints[0].ii == 4 &&
              res.loop_hints[0].ivdep,
          "one hint: lines 2 and 4 for the loop on line 5 (a continued #define line is no pragma)");
    free(text);
    free(res.loop_hints);
    oclhls_strbuf_release(&log);
}

int main(void)
{
    struct fe_result res;
    int rc;

    check_text();
    check_good();
    expect("#pragma ii", ii_msg, 1);
    expect("#pragma ii 0", ii_msg, 1);
    expect("#pragma ii two", ii_msg, 1);
    expect("#pragma ii 4x", ii_msg, 1);
    expect("#pragma ii 2 3", ii_msg, 1);
    expect("#pragma ii -1", ii_msg, 1);
    expect("#pragma ivdep safelen", ivdep_msg, 1);
    expect("#pragma ivdep safelen(0)", ivdep_msg, 1);
    expect("#pragma ivdep always", ivdep_msg, 1);
    expect("#pragma ivdep array(p) safelen(8)", "", 0);
    rc = fe_test_compile(not_loop_src, "notloop.cl", "-Werror", &res);
    CHECK(rc == 0 && res.nloop_hints == 0, "a pragma before a statement that is no loop: no hint");
    CHECK(fe_test_contains(res.log, "notloop.cl:3: warning: '#pragma ii' is not followed by a "
                                    "loop (for, while or do); ignored"),
          "and a warning");
    fe_result_free(&res);
    rc = fe_test_compile(twice_src, "twice.cl", NULL, &res);
    CHECK(rc == -1 && fe_test_contains(res.log, "twice.cl:4: error: '#pragma ii 4' contradicts "
                                                "'#pragma ii 2' (line 3) for the same loop"),
          "two different ii for one loop fail");
    fe_result_free(&res);
    return fe_test_finish("test_fe_loop_pragmas");
}
