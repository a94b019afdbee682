/* SPDX-License-Identifier: MIT */
/*
 * Loops for a loop-pipelining HLS: unrolled only where the source asks (#pragma unroll fully,
 * #pragma unroll 4 partially, opencl_unroll_hint), otherwise left loops even with a constant
 * trip count; fill and copy loops are not turned into memset/memcpy calls with a run-time
 * length, nor stores into a memset; struct copies keep their constant-length llvm.memcpy; a
 * fully unrolled reduction has no vector code.
 */
#include "fe_test.h"

static const char src[] = "kernel void full(global int *p)\n"           /* 1 */
                          "{\n"                                         /* 2 */
                          "    int s = 0;\n"                            /* 3 */
                          "#pragma unroll\n"                            /* 4 */
                          "    for (int i = 0; i < 8; i++)\n"           /* 5 */
                          "        s += p[i] * (i + 1);\n"              /* 6 */
                          "    p[100] = s;\n"                           /* 7 */
                          "}\n"                                         /* 8 */
                          "kernel void partial(global int *p, int n)\n" /* 9 */
                          "{\n"                                         /* 10 */
                          "#pragma unroll 4\n"                          /* 11 */
                          "    for (int i = 0; i < n; i++)\n"           /* 12 */
                          "        p[i] = p[i] * 3 + 1;\n"              /* 13 */
                          "}\n"                                         /* 14 */
                          "kernel void hint(global int *p)\n"           /* 15 */
                          "{\n"                                         /* 16 */
                          "    int s = 0;\n"                            /* 17 */
                          "    __attribute__((opencl_unroll_hint))\n"   /* 18 */
                          "    for (int i = 0; i < 4; i++)\n"           /* 19 */
                          "        s ^= p[i] << i;\n"                   /* 20 */
                          "    p[100] = s;\n"                           /* 21 */
                          "}\n"                                         /* 22 */
                          "kernel void constant_trip(global int *p)\n"  /* 23 */
                          "{\n"                                         /* 24 */
                          "    int s = 0;\n"                            /* 25 */
                          "    for (int i = 0; i < 8; i++)\n"           /* 26 */
                          "        s += p[i] * (i + 1);\n"              /* 27 */
                          "    p[100] = s;\n"                           /* 28 */
                          "}\n"                                         /* 29 */
                          "kernel void zero(global int *a, int n)\n"
                          "{\n"
                          "    for (int i = 0; i < n; i++)\n"
                          "        a[i] = 0;\n"
                          "}\n"
                          "kernel void copy(global int *restrict a, global const int *restrict b,"
                          " int n)\n"
                          "{\n"
                          "    for (int i = 0; i < n; i++)\n"
                          "        a[i] = b[i];\n"
                          "}\n"
                          "kernel void stores(global int *a)\n"
                          "{\n"
                          "    a[0] = 0; a[1] = 0; a[2] = 0; a[3] = 0;\n"
                          "    a[4] = 0; a[5] = 0; a[6] = 0; a[7] = 0;\n"
                          "}\n"
                          "typedef struct { int x, y, z, w; } S;\n"
                          "kernel void struct_copy(global S *a, global const S *b)\n"
                          "{\n"
                          "    a[get_global_id(0)] = b[0];\n"
                          "}\n";

/* Loops left: latch branches carrying !llvm.loop. */
static unsigned count_latches(LLVMValueRef fn, LLVMValueRef *last)
{
    unsigned kind = LLVMGetMDKindID("llvm.loop", 9), n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);

        if (t && LLVMGetMetadata(t, kind)) {
            n++;
            if (last)
                *last = t;
        }
    }
    return n;
}

/* The latch whose loop starts at line; NULL when there is none. */
static LLVMValueRef latch_of_line(LLVMValueRef fn, unsigned line)
{
    unsigned kind = LLVMGetMDKindID("llvm.loop", 9);

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);

        if (t && LLVMGetMetadata(t, kind) && fe_loop_start_line(t) == line)
            return t;
    }
    return NULL;
}

static unsigned count_in_block(LLVMBasicBlockRef bb, LLVMOpcode op)
{
    unsigned n = 0;

    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        n += LLVMGetInstructionOpcode(in) == op;
    return n;
}

static unsigned count_vector_values(LLVMValueRef fn)
{
    unsigned n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            n += LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVectorTypeKind;
    return n;
}

/* The first call to a function whose name starts with prefix. */
static LLVMValueRef first_call(LLVMValueRef fn, const char *prefix)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            size_t len;

            if (LLVMGetInstructionOpcode(in) == LLVMCall &&
                !strncmp(LLVMGetValueName2(LLVMGetCalledValue(in), &len), prefix, strlen(prefix)))
                return in;
        }
    return NULL;
}

static LLVMValueRef kernel_fn(struct fe_result *res, const char *name)
{
    struct fe_kernel *k = fe_test_kernel(res, name);

    CHECK(k != NULL, "kernel %s found", name);
    return k ? k->function : NULL;
}

static void check_unrolled(struct fe_result *res)
{
    LLVMValueRef full = kernel_fn(res, "full"), hint = kernel_fn(res, "hint");

    if (full) {
        fe_test_print_function(full);
        CHECK(count_latches(full, NULL) == 0 && LLVMCountBasicBlocks(full) == 1,
              "#pragma unroll: the constant-trip loop is fully unrolled (one block)");
        CHECK(fe_test_count(full, LLVMLoad, NULL) == 8, "full: 8 loads (got %u)",
              fe_test_count(full, LLVMLoad, NULL));
        CHECK(count_vector_values(full) == 0 && fe_test_count(full, LLVMCall, "llvm.vector") == 0,
              "full: the unrolled reduction is scalar (no SLP vectors, no llvm.vector.reduce)");
    }
    if (hint)
        CHECK(count_latches(hint, NULL) == 0 && fe_test_count(hint, LLVMLoad, NULL) == 4,
              "opencl_unroll_hint: fully unrolled, 4 loads");
}

static void check_partial(struct fe_result *res)
{
    LLVMValueRef fn = kernel_fn(res, "partial"), latch;

    if (!fn)
        return;
    fe_test_print_function(fn);
    latch = latch_of_line(fn, 12);
    CHECK(latch != NULL, "#pragma unroll 4 on a run-time trip count: still a loop at line 12");
    if (latch)
        CHECK(count_in_block(LLVMGetInstructionParent(latch), LLVMStore) == 4,
              "its body does 4 iterations (4 stores, got %u)",
              count_in_block(LLVMGetInstructionParent(latch), LLVMStore));
}

static void check_kept(struct fe_result *res)
{
    LLVMValueRef ct = kernel_fn(res, "constant_trip"), last = NULL;

    if (ct) {
        fe_test_print_function(ct);
        CHECK(count_latches(ct, &last) == 1 && fe_loop_start_line(last) == 26,
              "a constant-trip loop without a pragma stays a loop (line %u)",
              last ? fe_loop_start_line(last) : 0);
        CHECK(fe_test_count(ct, LLVMLoad, NULL) == 1, "constant_trip: one load in the loop");
    }
}

static void check_no_idioms(struct fe_result *res)
{
    LLVMValueRef zero = kernel_fn(res, "zero"), copy = kernel_fn(res, "copy");
    LLVMValueRef stores = kernel_fn(res, "stores"), sc = kernel_fn(res, "struct_copy");

    if (zero) {
        fe_test_print_function(zero);
        CHECK(count_latches(zero, NULL) == 1 && fe_test_count(zero, LLVMCall, "llvm.mem") == 0,
              "a[i] = 0 for i < n stays a loop (no memset with a run-time length)");
    }
    if (copy)
        CHECK(count_latches(copy, NULL) == 1 && fe_test_count(copy, LLVMCall, "llvm.mem") == 0,
              "a[i] = b[i] for i < n stays a loop (no memcpy)");
    if (stores)
        CHECK(fe_test_count(stores, LLVMStore, NULL) == 8 &&
                  fe_test_count(stores, LLVMCall, NULL) == 0,
              "eight zero stores stay stores (no memset)");
    if (sc) {
        LLVMValueRef call = first_call(sc, "llvm.memcpy");

        fe_test_print_function(sc);
        CHECK(fe_test_count(sc, LLVMCall, "llvm.memcpy") == 1 && call &&
                  LLVMIsAConstantInt(LLVMGetOperand(call, 2)) &&
                  LLVMConstIntGetZExtValue(LLVMGetOperand(call, 2)) == 16,
              "a struct copy is still one llvm.memcpy of constant length 16");
    }
}

int main(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "loops.cl", "-Werror", &res);

    CHECK(rc == 0, "loops.cl compiles");
    if (rc == 0) {
        check_unrolled(&res);
        check_partial(&res);
        check_kept(&res);
        check_no_idioms(&res);
    }
    fe_result_free(&res);
    return fe_test_finish("test_fe_loops");
}
