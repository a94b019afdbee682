// SPDX-License-Identifier: MIT
/*
 * vector_add: the smallest complete oclhls host program. Standard OpenCL only (CL/cl.h,
 * -lOpenCL): finds the oclhls platform and device, makes a context and a queue, loads the
 * kernel from a program file (clCreateProgramWithBinary) or compiles it from source
 * (clCreateProgramWithSource + clBuildProgram) -- those steps are in ../common/cl_host.c,
 * shared by the examples -- runs it and checks every element on the host.
 *
 *   vector_add vector_add.oclbin [N]     (from `oclhls build vector_add.cl`)
 *   vector_add vector_add.cl [N]         (online compile)
 */
#include "cl_host.h"

#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s vector_add.oclbin|vector_add.cl [N]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 1000;
    size_t bytes = (size_t)n * sizeof(cl_int);
    cl_int *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (cl_int i = 0; i < n; i++) {
        a[i] = i * 3 - 7;
        b[i] = 100000 - i * i;
    }

    struct cl_host h;
    cl_host_open(&h, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(h.prog, "vector_add", &err);
    CHECK(err);

    cl_mem da = clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a, &err);
    CHECK(err);
    cl_mem db = clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, b, &err);
    CHECK(err);
    cl_mem dc = clCreateBuffer(h.ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &da));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &db));
    CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &dc));
    CHECK(clSetKernelArg(k, 3, sizeof(cl_int), &n));

    size_t global = (size_t)n;
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(h.queue, k, 1, NULL, &global, NULL, 0, NULL, &done));
    CHECK(clEnqueueReadBuffer(h.queue, dc, CL_TRUE, 0, bytes, c, 0, NULL, NULL));
    CHECK(clFinish(h.queue));
    cl_host_kernel_done(done, "vector_add");

    int errors = 0;
    for (cl_int i = 0; i < n; i++) {
        if (c[i] != a[i] + b[i]) {
            if (errors++ < 10)
                fprintf(stderr, "c[%d] = %d, expected %d\n", i, c[i], a[i] + b[i]);
        }
    }
    printf("vector_add: %d elements, %s\n", n,
           errors ? "MISMATCH" : "result verified against the host");

    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    clReleaseKernel(k);
    cl_host_close(&h);
    free(a);
    free(b);
    free(c);
    return errors ? 1 : 0;
}
