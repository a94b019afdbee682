// SPDX-License-Identifier: MIT
/*
 * black_scholes: European call and put prices for N options on the device (three exp, a
 * log, a sqrt and two divisions per option), checked against the same formulas in double
 * precision on the host. Standard OpenCL only (CL/cl.h, -lOpenCL), like examples/vector_add.
 *
 *   black_scholes black_scholes.oclbin [N]   (from `oclhls build black_scholes.cl`)
 *   black_scholes black_scholes.cl [N]       (online compile)
 *
 * The float kernel's results differ from the double reference by its rounding and the
 * builtins' ulp bounds, and the cumulative normal distribution is the classic polynomial
 * approximation on both sides: a price is accepted within 1e-4 relative or 1e-4 absolute
 * (prices are of the order of the spot, 5 to 30).
 */
#include "cl_host.h"

#include <math.h>

static double cnd(double d)
{
    const double a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937;
    const double a4 = -1.821255978, a5 = 1.330274429;
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double w =
        0.39894228 * exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0.0 ? 1.0 - w : w;
}

static int close_enough(float got, double want)
{
    return fabs(got - want) <= 1e-4 + 1e-4 * fabs(want);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s black_scholes.oclbin|black_scholes.cl [N]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 1000;
    if (n < 1) {
        fprintf(stderr, "N must be at least 1\n");
        return 2;
    }
    size_t bytes = (size_t)n * sizeof(cl_float);
    cl_float *spot = malloc(bytes), *strike = malloc(bytes), *years = malloc(bytes);
    cl_float *call = malloc(bytes), *put = malloc(bytes);
    const cl_float rate = 0.02f, vol = 0.30f;
    for (cl_int i = 0; i < n; i++) { /* spot 5..30, strike 1..100, 0.25..10 years */
        unsigned r = (unsigned)i * 2654435761u;
        spot[i] = 5.0f + 25.0f * (float)(r >> 8 & 0xFFFF) / 65535.0f;
        strike[i] = 1.0f + 99.0f * (float)(r >> 4 & 0xFFF) / 4095.0f;
        years[i] = 0.25f + 9.75f * (float)(i % 101) / 100.0f;
    }

    struct cl_host h;
    cl_host_open(&h, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(h.prog, "black_scholes", &err);
    CHECK(err);
    cl_mem in[3], out[2];
    cl_float *host_in[3] = {spot, strike, years};
    for (int i = 0; i < 3; i++) {
        in[i] =
            clCreateBuffer(h.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host_in[i], &err);
        CHECK(err);
        CHECK(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &in[i]));
    }
    for (int i = 0; i < 2; i++) {
        out[i] = clCreateBuffer(h.ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
        CHECK(err);
        CHECK(clSetKernelArg(k, (cl_uint)(3 + i), sizeof(cl_mem), &out[i]));
    }
    CHECK(clSetKernelArg(k, 5, sizeof(cl_float), &rate));
    CHECK(clSetKernelArg(k, 6, sizeof(cl_float), &vol));

    size_t global = (size_t)n;
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(h.queue, k, 1, NULL, &global, NULL, 0, NULL, &done));
    CHECK(clEnqueueReadBuffer(h.queue, out[0], CL_TRUE, 0, bytes, call, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(h.queue, out[1], CL_TRUE, 0, bytes, put, 0, NULL, NULL));
    CHECK(clFinish(h.queue));
    cl_host_kernel_done(done, "black_scholes");

    int errors = 0;
    for (cl_int i = 0; i < n; i++) {
        double s = spot[i], x = strike[i], t = years[i], sqrt_t = sqrt(t);
        double d1 = (log(s / x) + (rate + 0.5 * vol * vol) * t) / (vol * sqrt_t);
        double d2 = d1 - vol * sqrt_t;
        double discount = x * exp(-(double)rate * t);
        double c = s * cnd(d1) - discount * cnd(d2);
        double p = discount * (1.0 - cnd(d2)) - s * (1.0 - cnd(d1));
        if ((!close_enough(call[i], c) || !close_enough(put[i], p)) && errors++ < 10)
            fprintf(stderr, "option %d: call %.6f put %.6f, expected %.6f %.6f\n", i, call[i],
                    put[i], c, p);
    }
    printf("black_scholes: %d options, %s\n", n,
           errors ? "MISMATCH" : "result verified against the host");

    for (int i = 0; i < 3; i++)
        clReleaseMemObject(in[i]);
    for (int i = 0; i < 2; i++)
        clReleaseMemObject(out[i]);
    clReleaseKernel(k);
    cl_host_close(&h);
    free(spot);
    free(strike);
    free(years);
    free(call);
    free(put);
    return errors ? 1 : 0;
}
