// SPDX-License-Identifier: MIT
/*
 * Benchmark: a tiled matrix multiply with __local tiles (bench_simd_mm.cl), one lane against
 * num_simd_work_items(4) (issue 31), on the sim board: cycles per multiply-add (cycles from
 * the device's counter, through CL_PROFILING_COMMAND_START/END and the device clock) of each,
 * printed beside the one-lane figure and the four-lane ideal (a quarter of it). The issue
 * sets no target for it; the results are checked against C. Exit 1 when a result is wrong.
 *
 *   bench_simd_mm bench_simd_mm.oclbin
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

enum { N = 64, T = 16 }; /* bench_simd_mm.cl's */

static cl_command_queue q;
static cl_uint mhz;

/* Runs kernel `name` over the N x N matrix; returns its cycles. */
static double run(struct kt *t, const char *name, const float *a, const float *b, float *c)
{
    cl_kernel k = kt_kernel(t, name);
    cl_mem da = kt_buffer_arg(t, k, 0, N * N * 4, a), db = kt_buffer_arg(t, k, 1, N * N * 4, b);
    cl_mem dc = kt_buffer_arg(t, k, 2, N * N * 4, NULL);
    size_t global[2] = {N, N}, local[2] = {T, T};
    cl_event ev;
    cl_int err = clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, &ev);
    if (err || (err = clFinish(q))) {
        fprintf(stderr, "%s: launch %d\n", name, err);
        exit(1);
    }
    cl_ulong start = 0, end = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    kt_read(t, dc, N * N * 4, c);
    kt_release(k, da, db, dc);
    return (double)(end - start) * mhz / 1000.0;
}

int main(int argc, char **argv)
{
    static float a[N * N], b[N * N], c[N * N], want[N * N];
    struct kt t;
    cl_int err;
    if (argc < 2) {
        fprintf(stderr, "usage: %s bench_simd_mm.oclbin\n", argv[0]);
        return 2;
    }
    for (int i = 0; i < N * N; i++) {
        a[i] = (float)(i % 17) * 0.25f - 1.0f;
        b[i] = (float)(i % 13) * 0.5f - 3.0f;
    }
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++)
                s += a[y * N + k] * b[k * N + x];
            want[y * N + x] = s;
        }
    kt_init(&t, "bench_simd_mm", argv[1]);
    q = clCreateCommandQueueWithProperties(
        t.context, t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    clGetDeviceInfo(t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(mhz), &mhz, NULL);
    double macs = (double)N * N * N, one = 0;
    printf("%d x %d matrix multiply, %d x %d __local tiles, sim board, %u MHz\n", N, N, T, T, mhz);
    static const char *const names[] = {"mm1", "mm4"};
    for (int v = 0; v < 2; v++) {
        double cycles = run(&t, names[v], a, b, c);
        for (int i = 0; i < N * N; i++) /* exact: small integers times quarters */
            kt_expect(&t, c[i] == want[i], "%s[%d]: got %g, want %g", names[v], i, c[i], want[i]);
        double per = cycles / macs;
        if (v == 0) {
            one = per;
            printf("mm1 (one lane)  %.0f cycles, %.3f cycles per multiply-add\n", cycles, per);
        } else {
            printf("mm4 (SIMD 4)    %.0f cycles, %.3f cycles per multiply-add (one lane %.3f, "
                   "%.2f x; ideal %.3f)\n",
                   cycles, per, one, one / per, one / 4);
        }
    }
    clReleaseCommandQueue(q);
    return kt_finish(&t);
}
