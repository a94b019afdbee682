/* SPDX-License-Identifier: MIT */
/* vector_add end to end: online compile (clCreateProgramWithSource + clBuildProgram), the
 * program file round trip (CL_PROGRAM_BINARIES -> clCreateProgramWithBinary), profiling,
 * global offsets, clEnqueueTask and CL_MEM_USE_HOST_PTR results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#define N 4096

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

/* Runs vector_add over [offset, offset + global) of N elements; checks c. */
static void run(cl_program prog, const char *what, size_t offset, size_t global, bool task)
{
    int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int)), *c = malloc(N * sizeof(int));
    int n = N, bad = 0, first_bad = -1;
    cl_mem ma, mb, mc;
    cl_kernel k;
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0, q0 = 0;
    cl_uint mhz = 0;
    cl_int err;

    for (int i = 0; i < N; i++) {
        a[i] = i * 3 - 7;
        b[i] = 1000000 - i * i;
        c[i] = 0x5555;
    }
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    ma = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(int), a, &err);
    MUST(err);
    mb = clCreateBuffer(ctx, CL_MEM_READ_ONLY, N * sizeof(int), NULL, &err);
    MUST(err);
    mc = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, N * sizeof(int), c, &err);
    MUST(err);
    MUST(clEnqueueWriteBuffer(q, mb, CL_FALSE, 0, N * sizeof(int), b, 0, NULL, NULL));
    MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &ma));
    MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &mb));
    MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &mc));
    MUST(clSetKernelArg(k, 3, sizeof(int), &n));
    if (task)
        EXPECT(clEnqueueTask(q, k, 0, NULL, &ev), CL_SUCCESS);
    else
        EXPECT(
            clEnqueueNDRangeKernel(q, k, 1, offset ? &offset : NULL, &global, NULL, 0, NULL, &ev),
            CL_SUCCESS);
    /* changing an argument after the enqueue does not change the launch */
    n = 0;
    MUST(clSetKernelArg(k, 3, sizeof(int), &n));
    EXPECT(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, N * sizeof(int), c, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < N; i++) {
        bool inside = (size_t)i >= offset && (size_t)i < offset + global;
        int want = inside ? a[i] + b[i] : 0x5555;

        if (c[i] != want && bad++ == 0)
            first_bad = i;
    }
    CHECK(bad == 0, "%s: %zu work-items from %zu, %d wrong (first at %d)", what, global, offset,
          bad, first_bad);

    EXPECT(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof(q0), &q0, NULL),
           CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(t0), &t0, NULL),
           CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(t1), &t1, NULL),
           CL_SUCCESS);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(mhz), &mhz, NULL);
    /* END - START is the kernel's cycle count at the kernel clock: at least one per item */
    CHECK(q0 <= t0 && t1 > t0 && (t1 - t0) * mhz >= (cl_ulong)global * 1000 - 1000,
          "%s: kernel time %llu ns for %zu work-items at %u MHz", what,
          (unsigned long long)(t1 - t0), global, mhz);
    clReleaseEvent(ev);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
    free(a);
    free(b);
    free(c);
}

/* The output buffer uses the host's memory: the kernel's result appears there. */
static void use_host_ptr(cl_program prog)
{
    int a[256], c[256];
    int n = 256, bad = 0;
    size_t g = 256;
    cl_mem ma, mc;
    cl_kernel k;
    cl_int err;

    for (int i = 0; i < 256; i++)
        a[i] = i, c[i] = -1;
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    ma = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, sizeof(a), a, &err);
    MUST(err);
    mc = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, sizeof(c), c, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &ma));
    MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &ma));
    MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &mc));
    MUST(clSetKernelArg(k, 3, sizeof(int), &n));
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    for (int i = 0; i < 256; i++)
        bad += c[i] != 2 * i;
    CHECK(bad == 0, "CL_MEM_USE_HOST_PTR: host memory holds the kernel's result (%d wrong)", bad);
    clReleaseMemObject(ma);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
}

int main(void)
{
    cl_program src, bin;
    size_t size = 0;
    unsigned char *file;
    const unsigned char *files[1];
    cl_int err, status = 0;

    api_begin("api.vector_add");
    ctx = api_context();
    q = api_queue(ctx, true);
    dev = api_device();

    src = api_build(ctx, api_vector_add_source, NULL);
    CHECK(src != NULL, "clCreateProgramWithSource + clBuildProgram");
    if (!src)
        return api_end();
    run(src, "source", 0, N, false);
    run(src, "offset", 1000, 1024, false);
    run(src, "task", 0, 1, true);
    use_host_ptr(src);

    EXPECT(clGetProgramInfo(src, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL), CL_SUCCESS);
    file = malloc(size);
    EXPECT(clGetProgramInfo(src, CL_PROGRAM_BINARIES, sizeof(file), &file, NULL), CL_SUCCESS);
    files[0] = file;
    bin = clCreateProgramWithBinary(ctx, 1, &dev, &size, files, &status, &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clBuildProgram(bin, 1, &dev, NULL, NULL, NULL), CL_SUCCESS);
    run(bin, "binary", 0, N, false);
    /* switching between the two executables */
    run(src, "source again", 0, 512, false);
    run(bin, "binary again", 64, 512, false);
    clReleaseProgram(bin);
    clReleaseProgram(src);
    free(file);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
