/* SPDX-License-Identifier: MIT */
/*
 * Calls that cannot become hardware: a function declared but never defined, a printf whose
 * format is not a string literal, a builtin HLS does not lower yet, recursion. Each is an
 * error at its source line naming what is wrong.
 */
#include "fe_test.h"

static const char undefined_src[] = "int external_fn(int x);\n"
                                    "\n"
                                    "kernel void k(global int *p)\n"
                                    "{\n"
                                    "    p[0] = external_fn(p[1]);\n"
                                    "}\n";

static const char helper_src[] =
    "static void log_it(int v)\n"
    "{\n"
    "    printf(v ? \"%d\\n\" : \"%x\\n\", v);\n"
    "}\n"
    "kernel void a(global int *p) { log_it(p[0]); }\n"
    "kernel void b(global int *p) { for (int i = 0; i < 4; i++) log_it(p[i]); }\n";

/* A builtin that clang declares and the builtin library does not define (yet). */
static const char flag_src[] =
    "kernel void k(global int *p, local int *t)\n"
    "{\n"
    "    t[get_local_id(0)] = p[get_global_id(0)];\n"
    "    atomic_flag_test_and_set_explicit((volatile global atomic_flag *)p,\n"
    "                                      memory_order_relaxed, memory_scope_device);\n"
    "    p[get_global_id(0)] = t[0];\n"
    "}\n";

static const char recursion_src[] = "int odd(int n);\n"
                                    "int even(int n)\n"
                                    "{\n"
                                    "    return n == 0 ? 1 : odd(n - 1);\n"
                                    "}\n"
                                    "int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
                                    "kernel void k(global int *p) { p[0] = even(p[1]); }\n";

static const char self_src[] = "kernel void k(global int *p) { p[0] = 1; }\n"
                               "int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
                               "kernel void k2(global int *p) { p[0] = fact(p[1]); }\n";

static void expect(const char *src, const char *name, const char *want)
{
    struct fe_result res;
    int rc = fe_test_compile(src, name, NULL, &res);

    CHECK(rc == -1, "%s fails", name);
    CHECK(fe_test_contains(res.log, want), "log has \"%s\"", want);
    CHECK(res.module == NULL && res.nkernels == 0, "nothing returned");
    fe_result_free(&res);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;

    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

int main(void)
{
    struct fe_result res;

    expect(undefined_src, "undef.cl", "undef.cl:5: error: call to 'external_fn' is not supported");
    expect(helper_src, "helper.cl",
           "helper.cl:3: error: printf's format must be a string literal");
    fe_test_compile(helper_src, "helper.cl", NULL, &res);
    CHECK(count(res.log, "error:") == 1, "the same error is reported once, not per call site");
    fe_result_free(&res);
    expect(flag_src, "flag.cl",
           "flag.cl:4: error: 'atomic_flag_test_and_set_explicit': atomic_flag functions are not supported");
    expect(recursion_src, "mutual.cl",
           "mutual.cl:2: error: function 'even' is recursive ('even' calls 'odd' calls 'even')");
    expect(self_src, "self.cl",
           "self.cl:2: error: function 'fact' is recursive ('fact' calls 'fact')");
    return fe_test_finish("test_fe_unsupported_call");
}
