/* SPDX-License-Identifier: MIT */
#include "api_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_error_names.h" /* the runtime's table: one list of names */

static const char *test_name = "api";
static int checks, failures;

const char *const api_vector_add_source =
    "// c = a + b\n"
    "__kernel void vector_add(__global const int *a, __global const int *b,\n"
    "                         __global int *c, int n)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        c[i] = a[i] + b[i];\n"
    "}\n";

void api_begin(const char *test)
{
    test_name = test;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("== %s\n", test);
}

bool api_check(bool ok, int line, const char *fmt, ...)
{
    va_list ap;

    checks++;
    if (!ok)
        failures++;
    printf("%s %s:%d: ", ok ? "ok  " : "FAIL", test_name, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    return ok;
}

bool api_expect(cl_int got, cl_int want, const char *expr, int line)
{
    if (got == want)
        return api_check(true, line, "%s -> %s", expr, api_err_name(want));
    return api_check(false, line, "%s -> %s (%d), want %s", expr, api_err_name(got), got,
                     api_err_name(want));
}

void api_must(cl_int got, const char *expr, int line)
{
    if (!api_expect(got, CL_SUCCESS, expr, line)) {
        printf("%s: cannot go on\n", test_name);
        exit(1);
    }
}

int api_end(void)
{
    printf("== %s: %d checks, %d failed\n", test_name, checks, failures);
    if (!checks)
        printf("FAIL: no check ran\n");
    return failures || !checks ? 1 : 0;
}

const char *api_err_name(cl_int err)
{
    const char *name = oclhls_cl_error_name(err);

    return name ? name : "CL_?";
}

cl_platform_id api_platform(void)
{
    static cl_platform_id found;
    cl_platform_id ids[16];
    cl_uint n = 0;

    if (found)
        return found;
    if (clGetPlatformIDs(16, ids, &n) != CL_SUCCESS)
        n = 0;
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";

        clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (strcmp(name, "oclhls") == 0)
            found = ids[i];
    }
    if (!found) {
        printf("%s: no oclhls platform among %u (is OCL_ICD_VENDORS set?)\n", test_name, n);
        exit(1);
    }
    return found;
}

cl_device_id api_device(void)
{
    static cl_device_id dev;

    if (!dev && clGetDeviceIDs(api_platform(), CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        printf("%s: the oclhls platform has no device\n", test_name);
        exit(1);
    }
    return dev;
}

cl_context api_context(void)
{
    cl_device_id dev = api_device();
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);

    api_must(err, "clCreateContext", __LINE__);
    return ctx;
}

cl_command_queue api_queue(cl_context ctx, bool profiling)
{
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_int err;
    cl_command_queue q =
        clCreateCommandQueueWithProperties(ctx, api_device(), profiling ? props : NULL, &err);

    api_must(err, "clCreateCommandQueueWithProperties", __LINE__);
    return q;
}

const char *api_build_log(cl_program prog)
{
    static char log[1 << 16];

    log[0] = '\0';
    clGetProgramBuildInfo(prog, api_device(), CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
    return log;
}

cl_program api_build(cl_context ctx, const char *source, const char *options)
{
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);

    if (err != CL_SUCCESS)
        return NULL;
    err = clBuildProgram(prog, 0, NULL, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("%s: clBuildProgram -> %s; log:\n%s\n", test_name, api_err_name(err),
               api_build_log(prog));
        clReleaseProgram(prog);
        return NULL;
    }
    return prog;
}
