// SPDX-License-Identifier: MIT
/*
 * If-conversion (hls/lower/ifconvert.c): one kernel of a file through the frontend and the
 * lowering alone, no pass and no Verilog, checked for the predicates and selects it must get
 * (data/ifconvert.cl says which, kernel by kernel). The checks follow the values, not their
 * numbers or their order, so that they hold whatever else the lowering emits around them.
 *   test_lower_ifconvert FILE.cl KERNEL
 * Prints what failed, with the log and the kernel's IR; exits 0 when every check holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "fsutil.h"
#include "hir.h"
#include "hir_text.h"
#include "hls_ctx.h"
#include "lower.h"
#include "strbuf.h"

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        failed++;
        printf("FAIL: %s\n", what);
    }
}

/* The n-th operation (from 0) of this opcode, HIR_NONE when there are fewer. */
static int nth(const struct hir_kernel *k, enum hir_opcode op, int n)
{
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].opcode == op && n-- == 0)
            return i;
    return HIR_NONE;
}

static int count(const struct hir_kernel *k, enum hir_opcode op)
{
    int n = 0;
    for (int i = 0; i < k->nops; i++)
        n += k->ops[i].opcode == op;
    return n;
}

/* A load or store that every work-item performs: no predicate, or the constant 1. */
static int unpredicated(const struct hir_kernel *k, int access)
{
    int p = k->ops[access].pred;
    return p == HIR_NONE || hir_is_const(k, p, 1);
}

/* v is not a (as hir_not1 makes it: a xor 1). */
static int is_not(const struct hir_kernel *k, int v, int a)
{
    if (v == HIR_NONE || a == HIR_NONE)
        return 0;
    const struct hir_op *o = &k->ops[v];
    return o->opcode == HIR_XOR && o->width == 1 && o->ops[0] == a && hir_is_const(k, o->ops[1], 1);
}

/* v is a and b, in either order. */
static int is_and(const struct hir_kernel *k, int v, int a, int b)
{
    if (v == HIR_NONE)
        return 0;
    const struct hir_op *o = &k->ops[v];
    return o->opcode == HIR_AND && o->nops == 2 &&
           ((o->ops[0] == a && o->ops[1] == b) || (o->ops[0] == b && o->ops[1] == a));
}

static int uses_from(const struct hir_kernel *k, int v, int w, char *seen)
{
    if (v == w)
        return 1;
    if (v == HIR_NONE || seen[v])
        return 0;
    seen[v] = 1;
    for (int i = 0; i < k->ops[v].nops; i++)
        if (uses_from(k, k->ops[v].ops[i], w, seen))
            return 1;
    return 0;
}

/* v is computed from w: w is v, or an operand of it, or of its operands... */
static int uses(const struct hir_kernel *k, int v, int w)
{
    char *seen = calloc((size_t)k->nops, 1);
    int found = seen && uses_from(k, v, w, seen);
    free(seen);
    return found;
}

/* The phi of the two branches is a select on the condition that takes the branch's value
   each way; the loads of the branches are predicated on their sides, the store after the
   join on nothing. */
static void check_diamond(const struct hir_kernel *k)
{
    check(count(k, HIR_LOAD) == 3 && count(k, HIR_STORE) == 1 && count(k, HIR_SGT) == 1,
          "three loads (a[gid], one in each branch), a store and a comparison");
    if (failed)
        return;
    int cond = nth(k, HIR_SGT, 0), store = nth(k, HIR_STORE, 0);
    int taken = HIR_NONE, not_taken = HIR_NONE; /* the branch loads: on cond, on !cond */
    for (int i = 1; i < 3; i++) {
        int load = nth(k, HIR_LOAD, i);
        if (k->ops[load].pred == cond)
            taken = load;
        else if (is_not(k, k->ops[load].pred, cond))
            not_taken = load;
    }
    check(unpredicated(k, nth(k, HIR_LOAD, 0)), "the load before the branch: unpredicated");
    check(taken != HIR_NONE && not_taken != HIR_NONE,
          "one branch's load predicated on the condition, the other's on its negation");
    check(unpredicated(k, store), "the store after the join: unpredicated (all reach it)");
    int sel = k->ops[store].ops[1];
    check(k->ops[sel].opcode == HIR_SELECT, "the stored value (the phi): a select");
    if (failed)
        return;
    const struct hir_op *s = &k->ops[sel];
    int on_true = s->ops[0] == cond ? taken : is_not(k, s->ops[0], cond) ? not_taken : HIR_NONE;
    int on_false = on_true == taken ? not_taken : taken;
    check(on_true != HIR_NONE, "the select is on the condition (or its negation)");
    check(on_true != HIR_NONE && uses(k, s->ops[1], on_true) && !uses(k, s->ops[1], on_false) &&
              uses(k, s->ops[2], on_false) && !uses(k, s->ops[2], on_true),
          "the select takes each branch's value on that branch's side");
}

/* The store in the branch is predicated on the condition, the load before it on nothing. */
static void check_branch_store(const struct hir_kernel *k)
{
    check(count(k, HIR_LOAD) == 1 && count(k, HIR_STORE) == 1 && count(k, HIR_SGT) == 1,
          "a load, a store and a comparison");
    if (failed)
        return;
    int load = nth(k, HIR_LOAD, 0), cond = nth(k, HIR_SGT, 0), store = nth(k, HIR_STORE, 0);
    check(unpredicated(k, load), "the load before the branch: unpredicated");
    check(uses(k, cond, load), "the condition compares the loaded value");
    check(k->ops[store].pred == cond, "the store in the branch: predicated on the condition");
}

/* The outer branch's store and load on the outer condition; the inner store on both. */
static void check_nested(const struct hir_kernel *k)
{
    check(count(k, HIR_LOAD) == 2 && count(k, HIR_STORE) == 2 && count(k, HIR_SGT) == 1 &&
              count(k, HIR_SLT) == 1,
          "two loads, two stores, the outer (>) and the inner (<) comparison");
    if (failed)
        return;
    int outer = nth(k, HIR_SGT, 0), inner = nth(k, HIR_SLT, 0);
    int inner_load = nth(k, HIR_LOAD, 1);
    check(k->ops[nth(k, HIR_STORE, 0)].pred == outer,
          "the store in the outer branch: predicated on the outer condition");
    check(k->ops[inner_load].pred == outer,
          "the load of the inner condition: predicated on the outer condition");
    check(uses(k, inner, inner_load), "the inner condition compares that load");
    check(is_and(k, k->ops[nth(k, HIR_STORE, 1)].pred, outer, inner),
          "the store in the inner branch: predicated on outer and inner condition");
}

/* In the loop, the body's load is predicated on the loop's active flag, the store in the
   branch on the flag and the condition. */
static void check_loop_branch(const struct hir_kernel *k)
{
    check(k->nloops == 1 && count(k, HIR_LOAD) == 1 && count(k, HIR_STORE) == 1,
          "a loop, a load and a store");
    if (failed)
        return;
    const struct hir_loop *lp = &k->loops[0];
    int load = nth(k, HIR_LOAD, 0), store = nth(k, HIR_STORE, 0);
    int active = HIR_NONE; /* the loop phi that is 1 on every back edge */
    for (int i = lp->begin; i < lp->end; i++)
        if (k->ops[i].opcode == HIR_LOOP_PHI && k->ops[i].width == 1 &&
            hir_is_const(k, k->ops[i].next, 1) && active == HIR_NONE)
            active = i;
    check(active != HIR_NONE, "the loop has an active flag (a 1-bit loop phi, 1 around)");
    check(store >= lp->begin && store < lp->end && k->ops[store].loop == 0,
          "the store is in the loop");
    check(k->ops[load].pred == active && active != HIR_NONE,
          "the load of the body: predicated on the active flag");
    int pred = k->ops[store].pred, cond = HIR_NONE; /* pred's operand other than active */
    if (pred != HIR_NONE && k->ops[pred].opcode == HIR_AND)
        cond = k->ops[pred].ops[0] == active ? k->ops[pred].ops[1] : k->ops[pred].ops[0];
    check(active != HIR_NONE && cond != HIR_NONE && is_and(k, pred, active, cond) &&
              k->ops[cond].opcode == HIR_SGT && uses(k, cond, load),
          "the store in the branch: predicated on the active flag and the condition");
}

/* Line n (from 1) of src, in buf; empty when there is none. */
static const char *source_line(const char *src, unsigned n, char *buf, size_t size)
{
    for (; n > 1 && src; n--)
        src = strchr(src, '\n') ? strchr(src, '\n') + 1 : NULL;
    size_t len = src ? strcspn(src, "\n") : 0;
    snprintf(buf, size, "%.*s", (int)len, src ? src : "");
    return buf;
}

static const struct ifc_case {
    const char *kernel;
    void (*check)(const struct hir_kernel *k);
    const char *refusal; /* lowering fails with this message */
} cases[] = {
    {"diamond", check_diamond, NULL},
    {"branch_store", check_branch_store, NULL},
    {"nested", check_nested, NULL},
    {"loop_branch", check_loop_branch, NULL},
    {"irreducible", NULL, "irreducible control flow"},
};

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_lower_ifconvert FILE.cl KERNEL\n");
        return 2;
    }
    const char *path = argv[1], *name = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
    const struct ifc_case *c = NULL;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        if (!strcmp(cases[i].kernel, argv[2]))
            c = &cases[i];
    char *src = NULL, berr[256];
    size_t len = 0;
    struct oclhls_board board;
    if (!c || oclhls_read_file(path, &src, &len) ||
        oclhls_board_find("sim", &board, berr, sizeof(berr))) {
        fprintf(stderr, "test_lower_ifconvert: no case '%s', or cannot read %s, or no sim board\n",
                argv[2], path);
        return 2;
    }

    struct fe_request fr = {.source = src, .source_len = len, .source_name = name};
    struct fe_result fe;
    struct oclhls_strbuf log = {0}, ir = {0};
    struct hir_kernel *k = NULL;
    int rc = fe_compile(&fr, &fe);
    const struct fe_kernel *fk = NULL;
    for (unsigned i = 0; !rc && i < fe.nkernels; i++)
        if (!strcmp(fe.kernels[i].name, c->kernel))
            fk = &fe.kernels[i];
    check(fk != NULL, "the frontend compiles the file and it has the kernel");
    if (fk) {
        struct hls_ctx ctx = {.log = &log,
                              .source_name = name,
                              .board = &board,
                              .loop_hints = fe.loop_hints,
                              .nloop_hints = fe.nloop_hints};
        rc = hls_lower_kernel(&ctx, fe.module, fk, &k);
        if (c->refusal) {
            /* "FILE:LINE: error: ..." where LINE is the jump's or the loop's it enters */
            const char *e = log.buf ? strstr(log.buf, name) : NULL;
            unsigned line = 0;
            char text[256];
            if (e && sscanf(e + strlen(name), ":%u: error:", &line) == 1)
                source_line(src, line, text, sizeof(text));
            check(rc != 0 && line && strstr(e, c->refusal) &&
                      (strstr(text, "goto ") || strstr(text, "while (")),
                  "refused: FILE:LINE: error: irreducible control flow, at the goto or the loop");
        } else {
            check(rc == 0, "the kernel lowers");
            if (!rc)
                c->check(k);
        }
    }
    if (failed) {
        if (k)
            hir_text_write(k, &ir);
        printf("%s%s%s", fe.log ? fe.log : "", log.buf ? log.buf : "", ir.buf ? ir.buf : "");
    }
    printf("%s: %s\n", c->kernel, failed ? "FAIL" : "PASS");
    hir_kernel_free(k);
    oclhls_strbuf_release(&log);
    oclhls_strbuf_release(&ir);
    fe_result_free(&fe);
    free(src);
    return failed != 0;
}
