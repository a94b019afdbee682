// SPDX-License-Identifier: MIT
/*
 * fir: an 8-tap FIR filter on the device, checked output by output against the same sum in
 * C. Standard OpenCL only (CL/cl.h, -lOpenCL), like examples/vector_add.
 *
 *   fir fir.oclbin [N]     (from `oclhls build fir.cl`; N outputs, N + 7 input samples)
 *   fir fir.cl [N]         (online compile)
 */
#include "cl_host.h"

#include <string.h>

#define TAPS 8

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s fir.oclbin|fir.cl [N]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 1000;
    if (n < 1) {
        fprintf(stderr, "N must be at least 1\n");
        return 2;
    }
    size_t in_bytes = ((size_t)n + TAPS - 1) * sizeof(cl_int);
    size_t out_bytes = (size_t)n * sizeof(cl_int);
    cl_int *in = malloc(in_bytes), *out = malloc(out_bytes);
    /* A low-pass-like kernel with negative side lobes; samples a sawtooth plus noise. */
    cl_int taps[TAPS] = {-3, 5, 21, 41, 41, 21, 5, -3};
    for (cl_int i = 0; i < n + TAPS - 1; i++)
        in[i] = (i % 97) * 20 - 970 + (cl_int)((i * 2654435761u) >> 24) % 64;

    struct cl_host h;
    cl_host_open(&h, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(h.prog, "fir", &err);
    CHECK(err);

    cl_mem din = clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in_bytes, in, &err);
    CHECK(err);
    cl_mem dtaps =
        clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(taps), taps, &err);
    CHECK(err);
    cl_mem dout = clCreateBuffer(h.ctx, CL_MEM_WRITE_ONLY, out_bytes, NULL, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &din));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &dtaps));
    CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &dout));
    CHECK(clSetKernelArg(k, 3, sizeof(cl_int), &n));

    size_t global = (size_t)n;
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(h.queue, k, 1, NULL, &global, NULL, 0, NULL, &done));
    CHECK(clEnqueueReadBuffer(h.queue, dout, CL_TRUE, 0, out_bytes, out, 0, NULL, NULL));
    CHECK(clFinish(h.queue));
    cl_host_kernel_done(done, "fir");

    int errors = 0;
    for (cl_int i = 0; i < n; i++) {
        cl_int expected = 0;
        for (int t = 0; t < TAPS; t++)
            expected += taps[t] * in[i + t];
        if (out[i] != expected && errors++ < 10)
            fprintf(stderr, "out[%d] = %d, expected %d\n", i, out[i], expected);
    }
    printf("fir: %d outputs, %d taps, %s\n", n, TAPS,
           errors ? "MISMATCH" : "result verified against the host");

    clReleaseMemObject(din);
    clReleaseMemObject(dtaps);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    cl_host_close(&h);
    free(in);
    free(out);
    return errors ? 1 : 0;
}
