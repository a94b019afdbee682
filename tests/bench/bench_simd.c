// SPDX-License-Identifier: MIT
/*
 * Benchmark: num_simd_work_items and num_compute_units (issue 31) on the sim board. Runs bench_simd.cl's kernels
 * and prints work-items per clock (cycles from the device's counter, through
 * CL_PROFILING_COMMAND_START/END and the device clock) beside the target:
 *   vadd16, saxpy16 (N = 2^20): at least 4.8 (90 % of the memory's 5.33 for 12 bytes per
 *   work-item);
 *   comp2, comp4, comp8 (16 multiply-adds per work-item, 4 bytes): at least 0.9 x N times
 *   comp1's rate;
 *   cu4 (the same kernel as four compute units): at least 3.6 x comp1's rate.
 * Every result is checked against C. Exit 1 when a result or a target fails.
 *
 *   bench_simd bench_simd.oclbin [N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

static cl_command_queue q;
static cl_uint mhz;
static int failed;

/* Runs k over n work-items in groups of 256; returns work-items per clock. */
static double run(struct kt *t, cl_kernel k, size_t n)
{
    size_t local = 256;
    cl_event ev;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &local, 0, NULL, &ev);
    cl_int status = CL_COMPLETE;
    if (!err && !(err = clFinish(q)))
        clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL);
    if (err || status != CL_COMPLETE) {
        fprintf(stderr, "launch: %d, status %d\n", err, status);
        exit(1);
    }
    cl_ulong start = 0, end = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    (void)t;
    return (double)n / ((double)(end - start) * mhz / 1000.0);
}

static void report(const char *what, double got, double target)
{
    int ok = got >= target;
    printf("%-8s %8.3f work-items per clock (target >= %.2f) %s\n", what, got, target,
           ok ? "met" : "NOT MET");
    failed |= !ok;
}

static double vadd(struct kt *t, const char *name, size_t n)
{
    float *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4);
    for (size_t i = 0; i < n; i++) {
        a[i] = (float)i * 0.37f;
        b[i] = 1.5f - (float)i;
    }
    cl_kernel k = kt_kernel(t, name);
    cl_mem da = kt_buffer_arg(t, k, 0, n * 4, a), db = kt_buffer_arg(t, k, 1, n * 4, b);
    cl_mem dc = kt_buffer_arg(t, k, 2, n * 4, NULL);
    double r = run(t, k, n);
    kt_read(t, dc, n * 4, c);
    for (size_t i = 0; i < n; i++)
        kt_expect(t, c[i] == a[i] + b[i], "%s[%zu]", name, i);
    kt_release(k, da, db, dc);
    free(a), free(b), free(c);
    return r;
}

static double saxpy(struct kt *t, size_t n)
{
    float alpha = 1.25f, *x = malloc(n * 4), *y = malloc(n * 4), *out = malloc(n * 4);
    for (size_t i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) * 0.5f;
        y[i] = (float)(i % 777);
    }
    cl_kernel k = kt_kernel(t, "saxpy16");
    kt_arg(t, k, 0, sizeof(alpha), &alpha);
    cl_mem dx = kt_buffer_arg(t, k, 1, n * 4, x), dy = kt_buffer_arg(t, k, 2, n * 4, y);
    double r = run(t, k, n);
    kt_read(t, dy, n * 4, out);
    for (size_t i = 0; i < n; i++) {
        float want = alpha * x[i] + y[i];
        kt_expect(t, fabsf(out[i] - want) <= 1e-6f * fabsf(want), "saxpy16[%zu]", i);
    }
    kt_release(k, dx, dy, NULL);
    free(x), free(y), free(out);
    return r;
}

static double compute(struct kt *t, const char *name, size_t n)
{
    float *out = malloc(n * 4);
    cl_kernel k = kt_kernel(t, name);
    cl_mem d = kt_buffer_arg(t, k, 0, n * 4, NULL);
    double r = run(t, k, n);
    kt_read(t, d, n * 4, out);
    for (size_t i = 0; i < n; i++) {
        float v = (float)(int)i * 0.001f;
        for (int j = 0; j < 16; j++)
            v = v * 0.999f + 0.25f * (float)j;
        kt_expect(t, fabsf(out[i] - v) <= 1e-5f * fabsf(v) + 1e-6f, "%s[%zu]", name, i);
    }
    kt_release(k, d, NULL, NULL);
    free(out);
    return r;
}

int main(int argc, char **argv)
{
    struct kt t;
    cl_int err;
    size_t n = argc > 2 ? (size_t)atol(argv[2]) : (size_t)1 << 20, nc = n / 16;
    if (argc < 2 || n % 4096) {
        fprintf(stderr, "usage: %s bench_simd.oclbin [N, a multiple of 4096]\n", argv[0]);
        return 2;
    }
    kt_init(&t, "bench_simd", argv[1]);
    q = clCreateCommandQueueWithProperties(
        t.context, t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    clGetDeviceInfo(t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(mhz), &mhz, NULL);
    printf("N = %zu (compute kernels: %zu), sim board, %u MHz\n", n, nc, mhz);
    double v1 = vadd(&t, "vadd1", nc);
    printf("vadd1    %8.3f work-items per clock (one lane, for comparison)\n", v1);
    report("vadd16", vadd(&t, "vadd16", n), 4.8);
    report("saxpy16", saxpy(&t, n), 4.8);
    double c1 = compute(&t, "comp1", nc);
    printf("comp1    %8.3f work-items per clock (one lane)\n", c1);
    report("comp2", compute(&t, "comp2", nc), 0.9 * 2 * c1);
    report("comp4", compute(&t, "comp4", nc), 0.9 * 4 * c1);
    report("comp8", compute(&t, "comp8", nc), 0.9 * 8 * c1);
    report("cu4", compute(&t, "cu4", nc), 3.6 * c1);
    clReleaseCommandQueue(q);
    int st = kt_finish(&t);
    return st || failed;
}
