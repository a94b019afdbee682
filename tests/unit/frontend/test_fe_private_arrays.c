/* SPDX-License-Identifier: MIT */
/*
 * Private arrays indexed at run time end up in scalars: an insertion sort of a private int[16],
 * a histogram int[8] indexed by data, constant tables (read only: a constant global after
 * default<O2>; written: an alloca initialised by memcpy; a program-scope constant array), a 2D
 * array, a pointer walking an
 * array through the generic address space, struct copies, a uchar[16] = {0}, an array of
 * pointers. None keeps an alloca, a private or generic load or store, a block copy or a global;
 * selects replace them and keep the access's line; the IR keeps HLS's form (no switch, one
 * return). Arrays that cannot be rewritten (over 256 bytes, read through another type) keep
 * their alloca for HLS to report.
 */
#include "fe_test.h"

static const char src[] =
    "kernel void sort16(global int *p, int n)\n"
    "{\n"
    "    int g = get_global_id(0);\n"
    "    int a[16];\n"
    "    for (int i = 0; i < 16; i++)\n"
    "        a[i] = p[g * 16 + i];\n"
    "    for (int i = 1; i < n; i++) {\n"
    "        int v = a[i];\n"
    "        int j = i - 1;\n"
    "        while (j >= 0 && a[j] > v) {\n"
    "            a[j + 1] = a[j];\n"
    "            j--;\n"
    "        }\n"
    "        a[j + 1] = v;\n"
    "    }\n"
    "    for (int i = 0; i < 16; i++)\n"
    "        p[g * 16 + i] = a[i];\n"
    "}\n"
    "kernel void hist(global const uchar *d, global int *out, int n)\n" /* 19 */
    "{\n"
    "    int g = get_global_id(0);\n"
    "    int h[8] = {0};\n"
    "    for (int i = 0; i < n; i++)\n"
    "        h[d[g * n + i] & 7]++;\n" /* 24 */
    "    for (int i = 0; i < 8; i++)\n"
    "        out[g * 8 + i] = h[i];\n"
    "}\n"
    "kernel void table(global int *p)\n"
    "{\n"
    "    int g = get_global_id(0);\n"
    "    int t[4] = {3, 1, 4, 1};\n"
    "    p[g] = t[p[g] & 3];\n"
    "}\n"
    "kernel void table_written(global int *p)\n"
    "{\n"
    "    int g = get_global_id(0);\n"
    "    int t[8] = {3, 1, 4, 1, 5, 9, 2, 6};\n"
    "    t[g & 7] = p[g];\n"
    "    p[g] = t[p[g + 1] & 7] + t[(g + 1) & 7];\n"
    "}\n"
    "kernel void matrix(global int *p, int i, int j)\n"
    "{\n"
    "    int m[4][4];\n"
    "    for (int r = 0; r < 4; r++)\n"
    "        for (int c = 0; c < 4; c++)\n"
    "            m[r][c] = p[r * 4 + c];\n"
    "    m[i & 3][j & 3] += 100;\n"
    "    for (int r = 0; r < 4; r++)\n"
    "        p[r] = m[(j + r) & 3][r];\n"
    "}\n"
    "kernel void walk(global int *p, int n)\n"
    "{\n"
    "    int a[8];\n"
    "    int *q = a;\n"
    "    for (int k = 0; k < 8; k++)\n"
    "        *q++ = p[k] * 2;\n"
    "    int s = 0;\n"
    "    for (int *e = a; e != a + 8; e++)\n"
    "        s += *e;\n"
    "    p[8] = s + a[n & 7];\n"
    "}\n"
    "typedef struct { int v[4]; } V;\n"
    "kernel void structs(global V *out, global int *p, int k)\n"
    "{\n"
    "    V s1 = {{1, 2, 3, 4}}, s2;\n"
    "    s1.v[k & 3] = p[0];\n"
    "    s2 = s1;\n"
    "    s2.v[(k + 1) & 3] += 7;\n"
    "    out[0] = s2;\n"
    "    out[1] = s1;\n"
    "}\n"
    "kernel void bytes(global uchar *p, int k)\n"
    "{\n"
    "    uchar b[16] = {0};\n"
    "    for (int i = 0; i < 16; i++)\n"
    "        b[(i * 5 + k) & 15] ^= p[i];\n"
    "    for (int i = 0; i < 16; i++)\n"
    "        p[i] = b[i];\n"
    "}\n"
    "kernel void pointers(global int *x, global int *y, global int *out, int k)\n"
    "{\n"
    "    global int *t[2] = {x, y};\n"
    "    out[0] = *t[k & 1];\n"
    "}\n"
    "kernel void too_big(global int *p, int k)\n"
    "{\n"
    "    int a[100];\n"
    "    for (int i = 0; i < 100; i++)\n"
    "        a[i] = p[i];\n"
    "    p[100] = a[k % 100];\n"
    "}\n"
    "kernel void punned(global int *p, int k)\n"
    "{\n"
    "    int a[4] = {p[0], p[1], p[2], p[3]};\n"
    "    p[5] = ((uchar *)a)[k & 15];\n"
    "}\n"
    "constant uint lut[8] = {1, 2, 4, 8, 16, 32, 64, 128};\n"
    "kernel void program_table(global uint *p) { p[get_global_id(0)] = lut[p[0] & 7]; }\n";

static const char *const rewritten[] = {
    "sort16", "hist",    "table", "table_written", "matrix",
    "walk",   "structs", "bytes", "pointers",      "program_table",
};

/* Loads and stores through private (0) or generic (4) pointers. */
static unsigned private_accesses(LLVMValueRef fn)
{
    unsigned n = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(in);
            unsigned as;

            if (op != LLVMLoad && op != LLVMStore)
                continue;
            as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(in, op == LLVMLoad ? 0 : 1)));
            n += as == 0 || as == 4;
        }
    return n;
}

/* A select at line: the rewrite keeps the access's source line. */
static int select_at_line(LLVMValueRef fn, unsigned line)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) == LLVMSelect && fe_inst_line(in, NULL) == line)
                return 1;
    return 0;
}

static void check_rewritten(struct fe_result *res, const char *name)
{
    struct fe_kernel *k = fe_test_kernel(res, name);
    LLVMValueRef fn = k ? k->function : NULL;

    CHECK(k != NULL, "kernel %s found", name);
    if (!fn)
        return;
    fe_test_print_function(fn);
    CHECK(fe_test_count(fn, LLVMAlloca, NULL) == 0, "%s: no alloca left", name);
    CHECK(private_accesses(fn) == 0, "%s: no private or generic load or store", name);
    CHECK(fe_test_count(fn, LLVMCall, "llvm.mem") == 0, "%s: no memset/memcpy", name);
    CHECK(fe_test_count(fn, LLVMSelect, NULL) > 0, "%s: select chains instead (%u selects)", name,
          fe_test_count(fn, LLVMSelect, NULL));
    CHECK(fe_test_count(fn, LLVMSwitch, NULL) == 0 && fe_test_count(fn, LLVMRet, NULL) == 1,
          "%s: no switch, one return", name);
}

static void check_kept(struct fe_result *res, const char *name)
{
    struct fe_kernel *k = fe_test_kernel(res, name);

    CHECK(k && fe_test_count(k->function, LLVMAlloca, NULL) == 1,
          "%s: cannot be rewritten, its alloca stays (for HLS to report)", name);
}

int main(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "arrays.cl", "-Werror", &res);
    struct fe_kernel *hist;

    CHECK(rc == 0, "arrays.cl compiles");
    if (rc == 0) {
        for (unsigned i = 0; i < sizeof(rewritten) / sizeof(rewritten[0]); i++)
            check_rewritten(&res, rewritten[i]);
        hist = fe_test_kernel(&res, "hist");
        CHECK(hist && select_at_line(hist->function, 24),
              "hist: the selects of h[...]++ carry line 24");
        CHECK(LLVMGetFirstGlobal(res.module) == NULL,
              "no global variable left (the constant tables were folded into selects)");
        check_kept(&res, "too_big");
        check_kept(&res, "punned");
    }
    fe_result_free(&res);
    return fe_test_finish("test_fe_private_arrays");
}
