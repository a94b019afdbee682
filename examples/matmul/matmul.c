// SPDX-License-Identifier: MIT
/*
 * matmul: c = a * b for N x N int matrices on the device (one work-item per element of c),
 * checked element by element against the triple loop in C. Standard OpenCL only (CL/cl.h,
 * -lOpenCL), like examples/vector_add.
 *
 *   matmul matmul.oclbin [N]     (from `oclhls build matmul.cl`; default N = 16)
 *   matmul matmul.cl [N]         (online compile)
 */
#include "cl_host.h"

#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s matmul.oclbin|matmul.cl [N]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 16;
    if (n < 1 || n > 1024) {
        fprintf(stderr, "N must be in 1..1024\n");
        return 2;
    }
    size_t bytes = (size_t)n * (size_t)n * sizeof(cl_int);
    cl_int *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (cl_int i = 0; i < n * n; i++) {
        a[i] = (i * 37) % 201 - 100;
        b[i] = (i * 11 + 5) % 157 - 78;
    }

    struct cl_host h;
    cl_host_open(&h, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(h.prog, "matmul", &err);
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

    size_t global[2] = {(size_t)n, (size_t)n};
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(h.queue, k, 2, NULL, global, NULL, 0, NULL, &done));
    CHECK(clEnqueueReadBuffer(h.queue, dc, CL_TRUE, 0, bytes, c, 0, NULL, NULL));
    CHECK(clFinish(h.queue));
    cl_host_kernel_done(done, "matmul");

    int errors = 0;
    for (cl_int row = 0; row < n; row++) {
        for (cl_int col = 0; col < n; col++) {
            cl_int expected = 0;
            for (cl_int i = 0; i < n; i++)
                expected += a[row * n + i] * b[i * n + col];
            cl_int got = c[row * n + col];
            if (got != expected && errors++ < 10)
                fprintf(stderr, "c[%d][%d] = %d, expected %d\n", row, col, got, expected);
        }
    }
    printf("matmul: %d x %d, %s\n", n, n, errors ? "MISMATCH" : "result verified against the host");

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
