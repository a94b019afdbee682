// SPDX-License-Identifier: MIT
/*
 * histogram: a 256-bin histogram of N bytes on the device (bins in __local memory per
 * work-group of 64, merged into the global bins with atomics), checked bin by bin against a
 * count in C. Standard OpenCL only (CL/cl.h, -lOpenCL), like examples/vector_add.
 *
 *   histogram histogram.oclbin [N] [GROUPS]   (from `oclhls build histogram.cl`)
 *   histogram histogram.cl [N] [GROUPS]       (online compile)
 *
 * GROUPS work-groups of 64 (default 4) stride over the input.
 */
#include "cl_host.h"

#include <string.h>

#define BINS 256
#define GROUP 64

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s histogram.oclbin|histogram.cl [N] [GROUPS]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 4096;
    int groups = argc > 3 ? atoi(argv[3]) : 4;
    if (n < 1 || groups < 1) {
        fprintf(stderr, "N and GROUPS must be at least 1\n");
        return 2;
    }
    cl_uchar *in = malloc((size_t)n);
    cl_uint bins[BINS] = {0}, expected[BINS] = {0};
    /* Skewed bytes: a few bins get many hits (the atomics' worst case), all bins some. */
    for (cl_int i = 0; i < n; i++) {
        unsigned r = (unsigned)i * 2654435761u;
        in[i] = (cl_uchar)(i % 5 == 0 ? (r >> 28) : (r >> 24));
        expected[in[i]]++;
    }

    struct cl_host h;
    cl_host_open(&h, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(h.prog, "histogram", &err);
    CHECK(err);

    cl_mem din =
        clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)n, in, &err);
    CHECK(err);
    /* The kernel adds into the bins: they start at zero. */
    cl_mem dbins =
        clCreateBuffer(h.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(bins), bins, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &din));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &dbins));
    CHECK(clSetKernelArg(k, 2, sizeof(cl_int), &n));

    size_t global = (size_t)groups * GROUP, local = GROUP;
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(h.queue, k, 1, NULL, &global, &local, 0, NULL, &done));
    CHECK(clEnqueueReadBuffer(h.queue, dbins, CL_TRUE, 0, sizeof(bins), bins, 0, NULL, NULL));
    CHECK(clFinish(h.queue));
    cl_host_kernel_done(done, "histogram");

    int errors = 0;
    for (int b = 0; b < BINS; b++) {
        if (bins[b] != expected[b] && errors++ < 10)
            fprintf(stderr, "bins[%d] = %u, expected %u\n", b, bins[b], expected[b]);
    }
    printf("histogram: %d bytes, %d work-groups of %d, %d bins, %s\n", n, groups, GROUP, BINS,
           errors ? "MISMATCH" : "result verified against the host");

    clReleaseMemObject(din);
    clReleaseMemObject(dbins);
    clReleaseKernel(k);
    cl_host_close(&h);
    free(in);
    return errors ? 1 : 0;
}
