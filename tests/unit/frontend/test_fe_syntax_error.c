/* SPDX-License-Identifier: MIT */
/*
 * A syntax error: fe_compile returns -1, the log carries clang's diagnostic verbatim with the
 * user's file name and line, nothing is returned, and no temporary file is left behind.
 */
#include "fe_test.h"

#include <dirent.h>
#include <unistd.h>

static const char src[] = "kernel void broken(global int *p)\n"
                          "{\n"
                          "    int x = ;\n"
                          "    p[0] = x;\n"
                          "}\n";

static const char warn_src[] = "kernel void warns(global int *p)\n"
                               "{\n"
                               "    int x = p[1];\n"
                               "    if (x = 2)\n"
                               "        p[0] = x;\n"
                               "}\n";

/* Not from clang's frontend but from LLVM's loop passes: must reach the log, not stderr. */
static const char llvm_warn_src[] = "kernel void vec(global int *p, int n)\n"
                                    "{\n"
                                    "#pragma clang loop vectorize(enable)\n"
                                    "    for (int i = 0; i < n; i++)\n"
                                    "        p[i] = p[i + 1] * i;\n"
                                    "}\n";

/* Entries in dir other than . and .. */
static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    if (!d)
        return -1;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void check_error(const char *tmp)
{
    struct fe_result res;
    int rc = fe_test_compile(src, "broken.cl", NULL, &res);

    CHECK(rc == -1, "syntax error -> -1");
    CHECK(fe_test_contains(res.log, "broken.cl:3:"), "log has 'broken.cl:3:'");
    CHECK(fe_test_contains(res.log, "error:"), "log has 'error:'");
    CHECK(fe_test_contains(res.log, "broken.cl:3:13: error: expected expression"),
          "clang's diagnostic verbatim, with column");
    CHECK(!fe_test_contains(res.log, tmp) && !fe_test_contains(res.log, "oclhls-fe-"),
          "no temporary path in the log");
    CHECK(res.module == NULL && res.context == NULL && res.nkernels == 0 && res.kernels == NULL,
          "no module, context or kernels on failure");
    fe_result_free(&res);
    CHECK(count_entries(tmp) == 0, "temporary directory cleaned up (%d entries left in %s)",
          count_entries(tmp), tmp);
}

static void check_warning(const char *tmp)
{
    struct fe_result res;
    int rc = fe_test_compile(warn_src, "dir/sub/warns.cl", NULL, &res);

    CHECK(rc == 0, "warnings alone do not fail");
    CHECK(fe_test_contains(res.log, "warns.cl:4:11: warning: using the result of an assignment") &&
              fe_test_contains(res.log, "warning:"),
          "warning kept in the log under the file's base name");
    fe_result_free(&res);
    rc = fe_test_compile(warn_src, "warns.cl", "-Werror", &res);
    CHECK(rc == -1 && fe_test_contains(res.log, "error:"), "-Werror turns it into an error");
    fe_result_free(&res);
    rc = fe_test_compile(warn_src, "warns.cl", "-w", &res);
    CHECK(rc == 0 && !fe_test_contains(res.log, "warning"), "-w silences it");
    fe_result_free(&res);
    rc = fe_test_compile(llvm_warn_src, "vec.cl", NULL, &res);
    CHECK(rc == 0 && fe_test_contains(res.log, "vec.cl:4:5: warning: loop not vectorized"),
          "LLVM's warnings are logged in clang's format");
    fe_result_free(&res);
    CHECK(count_entries(tmp) == 0, "temporary directory still clean");
}

int main(void)
{
    char tmp[] = "/tmp/oclhls-fe-test-XXXXXX";

    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    setenv("TMPDIR", tmp, 1); /* the frontend's temporaries go here, so we can look */
    check_error(tmp);
    check_warning(tmp);
    rmdir(tmp);
    return fe_test_finish("test_fe_syntax_error");
}
