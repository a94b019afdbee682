/* SPDX-License-Identifier: MIT */
/*
 * Errors outside a call's return code reach the application (issue 33): the context's
 * pfn_notify hears of a failed build (with its first error, file:line), of a binary that is
 * not valid (with the reason) and of a command that fails on the device (a kernel over
 * OCLHLS_TIMEOUT_MS). With NOTIFY_NO_DEVICE set, the program only asks for devices, which
 * the board named by OCLHLS_BOARD cannot give: ctest then checks the one line on stderr.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

static pthread_mutex_t heard_lock = PTHREAD_MUTEX_INITIALIZER;
static char heard[4096];

/* May run on the runtime's threads: keeps the latest message. */
static void CL_CALLBACK on_error(const char *errinfo, const void *info, size_t cb, void *data)
{
    (void)info;
    (void)cb;
    (void)data;
    pthread_mutex_lock(&heard_lock);
    snprintf(heard, sizeof(heard), "%s", errinfo);
    pthread_mutex_unlock(&heard_lock);
}

static int heard_has(const char *what)
{
    pthread_mutex_lock(&heard_lock);
    int has = strstr(heard, what) != NULL;
    pthread_mutex_unlock(&heard_lock);
    return has;
}

static void no_device(void)
{
    cl_platform_id p;
    cl_device_id d;
    cl_uint n = 0;

    MUST(clGetPlatformIDs(1, &p, NULL));
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, &n), CL_DEVICE_NOT_FOUND);
}

int main(void)
{
    static const char broken[] = "__kernel void k(__global int *x)\n{\n    x[0] = 1 +;\n}\n";
    static const char spin[] = "__kernel void spin(__global int *x, int n)\n"
                               "{ int s = 0; for (int i = 0; i < n; i++) s += i ^ s;"
                               " x[0] = s; }\n";
    const char *src = broken;
    cl_int err;

    api_begin("api.notify");
    if (getenv("NOTIFY_NO_DEVICE")) {
        no_device();
        return api_end();
    }
    cl_device_id dev = api_device();
    cl_context ctx = clCreateContext(NULL, 1, &dev, on_error, NULL, &err);
    MUST(err);

    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    MUST(err);
    EXPECT(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    CHECK(heard_has("CL_BUILD_PROGRAM_FAILURE") && heard_has("program.cl:3:"),
          "a failed build is notified with its first error: \"%s\"", heard);
    clReleaseProgram(p);

    const unsigned char *garbage = (const unsigned char *)"not a program file";
    size_t len = 18;
    clCreateProgramWithBinary(ctx, 1, &dev, &len, &garbage, NULL, &err);
    EXPECT(err, CL_INVALID_BINARY);
    CHECK(heard_has("CL_INVALID_BINARY") && heard_has("binary 0"),
          "a binary that is not valid is notified with the reason: \"%s\"", heard);

    /* a kernel that runs longer than OCLHLS_TIMEOUT_MS (1 ms, set by ctest) fails */
    src = spin;
    p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    MUST(err);
    MUST(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
    cl_kernel k = clCreateKernel(p, "spin", &err);
    MUST(err);
    cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &err);
    MUST(err);
    cl_int n = 1 << 30;
    MUST(clSetKernelArg(k, 0, sizeof(x), &x));
    MUST(clSetKernelArg(k, 1, sizeof(n), &n));
    cl_command_queue q = api_queue(ctx, false);
    size_t one = 1;
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL));
    clFinish(q);
    CHECK(heard_has("kernel 'spin' failed"),
          "a kernel that fails on the device is notified: \"%s\"", heard);
    clReleaseCommandQueue(q);
    clReleaseMemObject(x);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseContext(ctx);
    return api_end();
}
