/* SPDX-License-Identifier: MIT */
/*
 * Build options: -D (both forms, quoting), -I (absolute, relative, quoted with a space),
 * -cl-std=, accepted -cl-* options; bad options rejected by name before clang runs.
 */
#include "fe_test.h"

#include <sys/stat.h>
#include <unistd.h>

static const char src[] = "#include \"offset.h\"\n"
                          "#ifndef FLAG\n"
                          "#error FLAG not defined\n"
                          "#endif\n"
                          "kernel void scaled(global int *out)\n"
                          "{\n"
                          "    out[get_global_id(0)] = SCALE * 1000 + OFFSET + FLAG;\n"
                          "}\n";

static const char std_src[] = "#if __OPENCL_C_VERSION__ != 120\n"
                              "#error not OpenCL C 1.2\n"
                              "#endif\n"
                              "kernel void k(global int *p) { p[0] = 1; }\n";

/* The kernel stores SCALE * 1000 + OFFSET + FLAG: look for that constant in the IR. */
static int stores_constant(struct fe_result *res, const char *constant)
{
    struct fe_kernel *k = fe_test_kernel(res, "scaled");
    char *ir = k ? LLVMPrintValueToString(k->function) : NULL;
    int found = fe_test_contains(ir, constant);

    LLVMDisposeMessage(ir);
    return found;
}

static void check_good(const char *dir)
{
    char opts[512];
    struct fe_result res;
    int rc;

    snprintf(opts, sizeof(opts), "-D SCALE=3 -DFLAG -I '%s/inc dir' -D 'OFFSET=(20 + 1)'", dir);
    rc = fe_test_compile(src, "scaled.cl", opts, &res);
    CHECK(rc == 0, "compiles with -D NAME=V, -DNAME, quoted -I and -D");
    CHECK(rc == 0 && stores_constant(&res, "store i32 3022"), "macros honoured: stores 3022");
    fe_result_free(&res);

    CHECK(chdir(dir) == 0, "chdir %s", dir);
    rc = fe_test_compile(src, "scaled.cl", "-DSCALE=4 -D FLAG=2 \"-Iinc dir\" -DOFFSET=0", &res);
    CHECK(rc == 0 && stores_constant(&res, "store i32 4002"), "relative -I found from our cwd");
    fe_result_free(&res);

    rc = fe_test_compile(src, "scaled.cl", "-DFLAG -DSCALE=1", &res);
    CHECK(rc == -1 && fe_test_contains(res.log, "scaled.cl:1:10: fatal error: 'offset.h'"),
          "without -I the include is not found, reported by clang");
    fe_result_free(&res);

    rc = fe_test_compile(std_src, "std.cl",
                         "-cl-std=CL1.2 -cl-fast-relaxed-math -cl-mad-enable -w -Werror -g "
                         "-cl-denorms-are-zero -cl-no-subgroup-ifp -cl-kernel-arg-info "
                         "-cl-uniform-work-group-size -cl-single-precision-constant",
                         &res);
    CHECK(rc == 0, "-cl-std=CL1.2 overrides CL3.0; OpenCL options accepted");
    fe_result_free(&res);
}

static void check_bad(const char *options, const char *named)
{
    struct fe_result res;
    int rc = fe_test_compile(std_src, "bad.cl", options, &res);

    CHECK(rc == -1 && fe_test_contains(res.log, named) && fe_test_contains(res.log, "error:"),
          "options \"%s\" rejected: log says %s", options, named);
    CHECK(res.module == NULL, "no module");
    fe_result_free(&res);
}

static void check_verbose(void)
{
    struct fe_request req = {.source = std_src,
                             .source_len = strlen(std_src),
                             .source_name = "v.cl",
                             .options = "-D X=1 -cl-std=CL1.2",
                             .verbose = 1};
    struct fe_result res;
    int rc = fe_compile(&req, &res);

    printf("verbose log:\n%s", res.log);
    CHECK(rc == 0 && fe_test_contains(res.log, "-cl-kernel-arg-info") &&
              fe_test_contains(res.log, " -DX=1 ") && fe_test_contains(res.log, "passes "),
          "verbose logs the clang command and timings");
    fe_result_free(&res);
}

static int make_include_dir(char *dir)
{
    char path[512];
    FILE *f;

    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof(path), "%s/inc dir", dir);
    if (mkdir(path, 0700))
        return -1;
    snprintf(path, sizeof(path), "%s/inc dir/offset.h", dir);
    f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("#define PLUS_OFFSET(x) ((x) + OFFSET)\n", f);
    return fclose(f);
}

static void remove_include_dir(const char *dir)
{
    char path[512];

    snprintf(path, sizeof(path), "%s/inc dir/offset.h", dir);
    unlink(path);
    snprintf(path, sizeof(path), "%s/inc dir", dir);
    rmdir(path);
    rmdir(dir);
}

int main(void)
{
    char dir[] = "/tmp/oclhls-fe-opt-XXXXXX";
    char cwd[512];

    if (make_include_dir(dir) || !getcwd(cwd, sizeof(cwd))) {
        perror("setup");
        return 1;
    }
    check_good(dir);
    if (chdir(cwd))
        perror(cwd);
    check_bad("-O3", "'-O3'");
    check_bad("-DX=1 -o /tmp/evil.bc", "'-o'");
    check_bad("-Xclang -load -Xclang evil.so", "'-Xclang'");
    check_bad("-fplugin=evil.so", "'-fplugin=evil.so'");
    check_bad("-cl-made-up-option", "'-cl-made-up-option'");
    check_bad("-include /etc/passwd", "'-include'");
    check_bad("-D", "'-D'");
    check_bad("-cl-std=", "'-cl-std='");
    check_bad("-cl-std=CL2.0", "OpenCL C 1.0-1.2 and 3.0");
    check_bad("-cl-std=CL4.2", "'-cl-std=CL4.2'");
    check_bad("-DX='unterminated", "unterminated quote");
    check_verbose();
    remove_include_dir(dir);
    return fe_test_finish("test_fe_options");
}
