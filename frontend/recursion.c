/* SPDX-License-Identifier: MIT */
/*
 * Rejects recursion (OpenCL C 2.0, 6.9 k: "Recursion is not supported"; clang does not check).
 * Runs before inlining: a recursive function would stay a call and the error would be vaguer.
 * Only what kernels reach counts: unreachable functions are deleted by the pipeline anyway.
 */
#include "fe_internal.h"

#include <stdlib.h>

enum { WHITE, GREY, BLACK };

struct call_graph {
    LLVMValueRef *fns; /* defined functions, sorted by address */
    unsigned char *color;
    LLVMValueRef *stack; /* the DFS path */
    size_t n, depth;
};

static int cmp_ptr(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;

    return x < y ? -1 : x > y;
}

static long index_of(struct call_graph *g, LLVMValueRef fn)
{
    LLVMValueRef *p = bsearch(&fn, g->fns, g->n, sizeof(*p), cmp_ptr);

    return p ? p - g->fns : -1;
}

static void report_cycle(struct call_graph *g, LLVMValueRef fn, struct oclhls_strbuf *log)
{
    const char *file;
    unsigned line = fe_function_line(fn, &file);
    size_t i = g->depth;
    size_t len;

    while (i > 0 && g->stack[i - 1] != fn)
        i--;
    fe_log_location(log, file, line);
    oclhls_strbuf_printf(log, "error: function '%s' is recursive (", LLVMGetValueName2(fn, &len));
    for (i = i ? i - 1 : 0; i < g->depth; i++)
        oclhls_strbuf_printf(log, "'%s' calls ", LLVMGetValueName2(g->stack[i], &len));
    oclhls_strbuf_printf(log, "'%s'); recursion is not supported in OpenCL C\n",
                         LLVMGetValueName2(fn, &len));
}

static int visit(struct call_graph *g, size_t i, struct oclhls_strbuf *log);

/* Visits the direct callees of the calls in fn. */
static int visit_calls(struct call_graph *g, LLVMValueRef fn, struct oclhls_strbuf *log)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            long j;

            if (!LLVMIsACallInst(in))
                continue;
            j = index_of(g, LLVMGetCalledValue(in));
            if (j < 0 || g->color[j] == BLACK)
                continue;
            if (g->color[j] == GREY) {
                report_cycle(g, g->fns[j], log);
                return -1;
            }
            if (visit(g, (size_t)j, log))
                return -1;
        }
    }
    return 0;
}

static int visit(struct call_graph *g, size_t i, struct oclhls_strbuf *log)
{
    int ret;

    g->color[i] = GREY;
    g->stack[g->depth++] = g->fns[i];
    ret = visit_calls(g, g->fns[i], log);
    g->depth--;
    g->color[i] = BLACK;
    return ret;
}

static size_t count_defined(LLVMModuleRef mod, LLVMValueRef *out)
{
    size_t n = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        if (out)
            out[n] = fn;
        n++;
    }
    return n;
}

int fe_check_recursion(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    struct call_graph g = {0};
    int ret = -1;

    g.n = count_defined(mod, NULL);
    g.fns = calloc(g.n + 1, sizeof(*g.fns));
    g.stack = calloc(g.n + 1, sizeof(*g.stack));
    g.color = calloc(g.n + 1, 1);
    if (!g.fns || !g.stack || !g.color) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        goto out_free;
    }
    count_defined(mod, g.fns);
    qsort(g.fns, g.n, sizeof(*g.fns), cmp_ptr);
    ret = 0;
    /* from the kernels, in source order, so the report is deterministic */
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn)) {
        long i = fe_is_kernel(fn) ? index_of(&g, fn) : -1;

        if (i >= 0 && g.color[i] == WHITE)
            ret = visit(&g, (size_t)i, log);
    }
out_free:
    free(g.fns);
    free(g.stack);
    free(g.color);
    return ret;
}
