/* SPDX-License-Identifier: MIT */
/*
 * Kernel attributes (reqd_work_group_size, work_group_size_hint, max_work_group_size) and
 * inlining: helpers (static or not) disappear into the kernels, a kernel that calls another
 * kernel works, switches are lowered to branches. Intel FPGA SDK attributes oclhls does not
 * implement build, with one note per kind after clang's warnings; an unknown attribute that
 * is not Intel's gets no note.
 */
#include "fe_test.h"

static const char src[] =
    "#define WG 256\n"
    "static int square(int x) { return x * x; }\n"
    "int twice(int x) { return 2 * x + square(x); }\n"
    "__attribute__((noinline)) int thrice(int x) { return 3 * x; }\n"
    "\n"
    "__kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n"
    "__attribute__((work_group_size_hint(16, 2, 1)))\n"
    "void fixed(__global int *p)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    p[i] = twice(p[i]) + thrice(i);\n"
    "}\n"
    "\n"
    "__kernel __attribute__((max_work_group_size(WG))) void capped(__global int *p)\n"
    "{\n"
    "    p[get_local_id(0)] = square(3);\n"
    "}\n"
    "\n"
    "__kernel __attribute__((max_work_group_size(8, 8, 2))) void capped3(__global int *p)\n"
    "{\n"
    "    capped(p);\n"
    "    p[1] = 7;\n"
    "}\n"
    "\n"
    "kernel void select(global int *p, int k)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    switch (p[i]) {\n"
    "    case 0: p[i] = k; break;\n"
    "    case 1: p[i] = k * 7; break;\n"
    "    case 5: p[i] = p[k]; break;\n"
    "    default: p[i] = 9;\n"
    "    }\n"
    "}\n";

static const char intel_src[] =
    "__attribute__((task)) kernel void k(global int *restrict a)\n"
    "{\n"
    "    local int __attribute__((numbanks(4), bankwidth(16))) buf[64];\n"
    "    int __attribute__((register)) r[4];\n"
    "    int __attribute__((numbanks(2))) again[8];\n"
    "    int __attribute__((not_intels)) typo = 1;\n"
    "    for (int i = 0; i < 64; i++) buf[i] = a[i];\n"
    "    for (int i = 0; i < 4; i++) r[i] = buf[i] + typo;\n"
    "    for (int i = 0; i < 8; i++) again[i] = r[i & 3];\n"
    "    a[0] = again[a[1] & 7];\n"
    "}\n";

static void check_intel_attributes(void)
{
    struct fe_result res;
    int rc = fe_test_compile(intel_src, "intel.cl", NULL, &res);
    const char *log = res.log ? res.log : "";
    const char *mem = strstr(log, "note: 'numbanks', 'bankwidth', 'register': Intel FPGA SDK "
                                  "attributes, accepted with no effect: oclhls puts each");

    CHECK(rc == 0 && res.nkernels == 1, "a kernel with Intel FPGA SDK attributes builds");
    CHECK(strstr(log, "intel.cl:3:30: warning: unknown attribute 'numbanks' ignored") != NULL,
          "clang's warning at the attribute stays");
    CHECK(mem != NULL, "one note names the memory attributes once each, in order");
    CHECK(mem && !strstr(strstr(mem, "'numbanks'") + 1, "'numbanks'"),
          "numbanks, used twice, noted once");
    CHECK(strstr(log, "note: 'task': Intel FPGA SDK attribute, accepted with no effect: a "
                      "kernel that calls no work-item function") != NULL,
          "task has its own note");
    CHECK(strstr(log, "warning: unknown attribute 'not_intels' ignored") != NULL &&
              !strstr(log, "'not_intels': Intel"),
          "an unknown attribute that is not Intel's gets clang's warning and no note");
    fe_result_free(&res);
}

static void check_fixed(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "fixed");

    CHECK(k != NULL, "kernel fixed found");
    if (!k)
        return;
    CHECK(k->reqd_work_group_size[0] == 64 && k->reqd_work_group_size[1] == 1 &&
              k->reqd_work_group_size[2] == 1,
          "reqd_work_group_size = %u,%u,%u (want 64,1,1)", k->reqd_work_group_size[0],
          k->reqd_work_group_size[1], k->reqd_work_group_size[2]);
    CHECK(k->work_group_size_hint[0] == 16 && k->work_group_size_hint[1] == 2 &&
              k->work_group_size_hint[2] == 1,
          "work_group_size_hint = %u,%u,%u (want 16,2,1)", k->work_group_size_hint[0],
          k->work_group_size_hint[1], k->work_group_size_hint[2]);
    CHECK(k->max_work_group_size == 0, "no max_work_group_size on fixed");
    fe_test_print_function(k->function);
    CHECK(fe_test_count(k->function, LLVMCall, NULL) == 1,
          "only get_global_id is still called in fixed (helpers inlined)");
}

static void check_capped(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "capped");
    struct fe_kernel *k3 = fe_test_kernel(res, "capped3");

    CHECK(k && k->max_work_group_size == 256, "capped: max_work_group_size %u (want 256)",
          k ? k->max_work_group_size : 0);
    CHECK(k && k->reqd_work_group_size[0] == 0, "capped: no reqd_work_group_size");
    CHECK(k3 && k3->max_work_group_size == 128, "capped3: max_work_group_size(8,8,2) = %u",
          k3 ? k3->max_work_group_size : 0);
    if (!k || !k3)
        return;
    fe_test_print_function(k3->function);
    CHECK(fe_test_count(k3->function, LLVMCall, "capped") == 0,
          "capped3 no longer calls kernel capped (inlined)");
    CHECK(fe_test_count(k3->function, LLVMCall, "_Z12get_local_idj") == 1,
          "capped3 has capped's get_local_id");
    CHECK(LLVMGetEnumAttributeAtIndex(k->function, LLVMAttributeFunctionIndex,
                                      LLVMGetEnumAttributeKindForName("alwaysinline", 12)) == NULL,
          "kernel capped is not left alwaysinline");
}

static void check_switch(struct fe_result *res)
{
    struct fe_kernel *k = fe_test_kernel(res, "select");

    CHECK(k != NULL, "kernel select found");
    if (!k)
        return;
    fe_test_print_function(k->function);
    CHECK(fe_test_count(k->function, LLVMSwitch, NULL) == 0, "no switch left");
    CHECK(fe_test_count(k->function, LLVMBr, NULL) > 0, "branches instead");
    CHECK(fe_test_count(k->function, LLVMRet, NULL) == 1, "one return");
}

int main(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "attributes.cl", "-Werror", &res);

    CHECK(rc == 0, "attributes.cl compiles with -Werror (no unknown-attribute warning)");
    CHECK(res.nkernels == 4, "%u kernels (want 4)", res.nkernels);
    if (rc == 0) {
        check_fixed(&res);
        check_capped(&res);
        check_switch(&res);
        CHECK(!LLVMGetNamedFunction(res.module, "square") &&
                  !LLVMGetNamedFunction(res.module, "twice") &&
                  !LLVMGetNamedFunction(res.module, "thrice"),
              "helpers square, twice, thrice are gone from the module");
    }
    fe_result_free(&res);
    check_intel_attributes();
    return fe_test_finish("test_fe_attributes");
}
