/* SPDX-License-Identifier: MIT */
/*
 * Single work-item kernels: __attribute__((max_global_work_dim(0))) (also spelled
 * __max_global_work_dim__, no warning with -Werror) makes one; other dimensions mean nothing;
 * a kernel that calls no work-item ID function (after inlining and optimisation) is one too,
 * whatever sizes it reads; a negative or non-integer dimension fails at the kernel's line.
 */
#include "fe_test.h"

static const char src[] =
    "#define TASK __attribute__((max_global_work_dim(0)))\n"
    "static int id(void) { return get_local_id(0); }\n"
    "TASK kernel void task(global int *p, int n)\n"
    "{\n"
    "    for (int i = 0; i < n; i++)\n"
    "        p[i] = i;\n"
    "}\n"
    "TASK kernel void task_with_id(global int *p) { p[get_global_id(0)] = 1; }\n"
    "__attribute__((__max_global_work_dim__(0))) __attribute__((max_work_group_size(64)))\n"
    "kernel void both(global int *p) { p[0] = 2; }\n"
    "__attribute__((max_global_work_dim(3))) kernel void dims3(global int *p)\n"
    "{\n"
    "    p[get_global_id(0)] = 3;\n"
    "}\n"
    "__attribute__((max_global_work_dim(1))) kernel void dims1_no_id(global int *p)\n"
    "{\n"
    "    p[0] = 4;\n"
    "}\n"
    "kernel void ndrange(global int *p) { p[get_global_id(0)] = 5; }\n"
    "kernel void by_helper(global int *p) { p[id()] = 6; }\n"
    "kernel void by_group(global int *p) { p[get_group_id(1)] = 7; }\n"
    "kernel void by_linear(global int *p) { p[get_global_linear_id()] = 8; }\n"
    "kernel void sizes_only(global int *p)\n"
    "{\n"
    "    p[0] = get_global_size(0) + get_local_size(0) + get_num_groups(0) + get_work_dim();\n"
    "}\n"
    "kernel void dead_id(global int *p) { int i = get_local_id(0); p[0] = 9; }\n";

static void expect_swi(struct fe_result *res, const char *name, int want)
{
    struct fe_kernel *k = fe_test_kernel(res, name);

    CHECK(k && k->single_work_item == want, "%s: single_work_item %d (want %d)", name,
          k ? k->single_work_item : -1, want);
}

static void expect_error(const char *attr)
{
    char s[256];
    struct fe_result res;
    int rc;

    snprintf(s, sizeof(s),
             "\n__attribute__((max_global_work_dim(%s)))\nkernel void k(global int *p)"
             " { p[0] = 1; }\n",
             attr);
    rc = fe_test_compile(s, "gwd.cl", NULL, &res);
    CHECK(rc == -1 && fe_test_contains(res.log, "gwd.cl:3: error: 'max_global_work_dim' takes one "
                                                "non-negative integer constant"),
          "max_global_work_dim(%s) fails at the kernel's line", attr);
    CHECK(res.module == NULL && res.nkernels == 0, "nothing returned");
    fe_result_free(&res);
}

int main(void)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "tasks.cl", "-Werror", &res);
    struct fe_kernel *both;

    CHECK(rc == 0, "tasks.cl compiles with -Werror (no unknown-attribute warning)");
    if (rc == 0) {
        expect_swi(&res, "task", 1);
        expect_swi(&res, "task_with_id", 1);
        expect_swi(&res, "both", 1);
        expect_swi(&res, "dims3", 0);
        expect_swi(&res, "dims1_no_id", 1);
        expect_swi(&res, "ndrange", 0);
        expect_swi(&res, "by_helper", 0);
        expect_swi(&res, "by_group", 0);
        expect_swi(&res, "by_linear", 0);
        expect_swi(&res, "sizes_only", 1);
        expect_swi(&res, "dead_id", 1);
        both = fe_test_kernel(&res, "both");
        CHECK(both && both->max_work_group_size == 64, "both: max_work_group_size still read");
        CHECK(!LLVMGetNamedGlobal(res.module, "llvm.global.annotations"),
              "no annotations left in the module");
    }
    fe_result_free(&res);
    expect_error("-1");
    expect_error("1.5");
    expect_error("\"x\"");
    expect_error("1, 2");
    return fe_test_finish("test_fe_single_work_item");
}
