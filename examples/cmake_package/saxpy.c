// SPDX-License-Identifier: MIT
/*
 * saxpy PROGRAM.oclbin [N]: runs the program file that oclhls_add_kernel built through the
 * OpenCL API, as any host program would, and checks y = a * x + y on the host.
 */
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "saxpy_params.h"

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cl_int e_ = (call);                                                                        \
        if (e_ != CL_SUCCESS) {                                                                    \
            fprintf(stderr, "saxpy: %s failed: %d\n", #call, e_);                                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long n;

    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) ||
        !(data = malloc((size_t)n)) || fread(data, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "saxpy: cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    *size = (size_t)n;
    return data;
}

int main(int argc, char **argv)
{
    size_t n = argc > 2 ? (size_t)atol(argv[2]) : 4096, size;
    cl_platform_id platform;
    cl_device_id dev;
    cl_int err, status;

    if (argc < 2 || n == 0) {
        fprintf(stderr, "usage: saxpy PROGRAM.oclbin [N]\n");
        return 2;
    }
    const unsigned char *bin = read_file(argv[1], &size);
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    CHECK(err);
    cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, &status, &err);
    CHECK(err);
    CHECK(clBuildProgram(prog, 1, &dev, NULL, NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "saxpy", &err);
    CHECK(err);

    float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) {
        x[i] = (float)i * 0.5f;
        y[i] = 1.0f - (float)(i % 7);
    }
    cl_mem dx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), x,
                               &err);
    CHECK(err);
    cl_mem dy = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof(float), y,
                               &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(dx), &dx));
    CHECK(clSetKernelArg(k, 1, sizeof(dy), &dy));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    float *out = malloc(n * sizeof(float));
    CHECK(clEnqueueReadBuffer(q, dy, CL_TRUE, 0, n * sizeof(float), out, 0, NULL, NULL));

    size_t bad = 0;
    for (size_t i = 0; i < n; i++) /* one rounding each way: fma or not, the same float */
        if (fabsf(out[i] - (SAXPY_A * x[i] + y[i])) > 1e-5f * fabsf(SAXPY_A * x[i] + y[i]))
            bad++;
    printf("saxpy: %zu elements, %zu wrong (a = %g)\n", n, bad, (double)SAXPY_A);
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(x);
    free(y);
    free(out);
    free((void *)bin);
    return bad != 0;
}
