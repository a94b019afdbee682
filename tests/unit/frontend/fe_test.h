/* SPDX-License-Identifier: MIT */
/* Helpers for the frontend unit tests: checks that print what they check. */
#ifndef OCLHLS_FE_TEST_H
#define OCLHLS_FE_TEST_H

#include "frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fe_test_failures, fe_test_checks;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        int ok_ = !!(cond);                                                                        \
        fe_test_checks++;                                                                          \
        printf("%s: ", ok_ ? "ok  " : "FAIL");                                                     \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
        if (!ok_) {                                                                                \
            printf("      at %s:%d: %s\n", __FILE__, __LINE__, #cond);                             \
            fe_test_failures++;                                                                    \
        }                                                                                          \
    } while (0)

/* Compiles src (a string literal or NUL-terminated) named name with options. */
static inline int fe_test_compile(const char *src, const char *name, const char *options,
                                  struct fe_result *res)
{
    struct fe_request req = {
        .source = src,
        .source_len = strlen(src),
        .source_name = name,
        .options = options,
    };
    int rc = fe_compile(&req, res);

    printf("---- compile %s [%s] -> %d; log:\n%s----\n", name, options ? options : "", rc,
           res->log);
    return rc;
}

static inline struct fe_kernel *fe_test_kernel(struct fe_result *res, const char *name)
{
    for (unsigned i = 0; i < res->nkernels; i++)
        if (!strcmp(res->kernels[i].name, name))
            return &res->kernels[i];
    return NULL;
}

/* Counts instructions with opcode op in fn; callee_prefix (if set) filters calls by name. */
static inline unsigned fe_test_count(LLVMValueRef fn, LLVMOpcode op, const char *callee_prefix)
{
    unsigned n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            size_t len;

            if (LLVMGetInstructionOpcode(in) != op)
                continue;
            if (callee_prefix && strncmp(LLVMGetValueName2(LLVMGetCalledValue(in), &len),
                                         callee_prefix, strlen(callee_prefix)))
                continue;
            n++;
        }
    return n;
}

static inline void fe_test_print_function(LLVMValueRef fn)
{
    char *s = LLVMPrintValueToString(fn);

    printf("%s\n", s);
    LLVMDisposeMessage(s);
}

static inline int fe_test_contains(const char *hay, const char *needle)
{
    return hay && strstr(hay, needle) != NULL;
}

static inline int fe_test_finish(const char *name)
{
    /* a test that checked nothing proves nothing */
    int failed = fe_test_failures || !fe_test_checks;
    printf("%s: %s (%d checks, %d failure%s)\n", name, failed ? "FAILED" : "passed",
           fe_test_checks, fe_test_failures, fe_test_failures == 1 ? "" : "s");
    return failed ? 1 : 0;
}

#endif
