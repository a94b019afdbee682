// SPDX-License-Identifier: MIT
/*
 * Benchmark: global atomics on the sim board (bench_atomics.cl), through the cl* API. A
 * 16-bin histogram of N random words counted by one atomic call site (its own unit); two
 * histograms of the same words counted by two sites in one buffer (they may touch the same
 * words: one shared unit, rtl-lib/ocl_atomic_share.v) and by two sites in two restrict
 * buffers (a unit each); each checked against C. The same on __local memory: a histogram per
 * work-group by one site, and by four sites on one __local array. Printed: cycles per
 * work-item of each and what sharing costs. Cycles
 * come from the device cycle counter (CL_PROFILING_COMMAND_START / END and the device clock).
 *
 *   bench_atomics bench_atomics.oclbin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define N 32768

/* Launches k over N work-items (local: work-group size or NULL) and waits; its cycles per
   work-item from the device counter. */
static double timed_run(cl_command_queue q, cl_uint mhz, cl_kernel k, const char *name,
                        const size_t *local)
{
    size_t global = N;
    cl_event ev;
    cl_ulong start = 0, end = 0;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, local, 0, NULL, &ev);
    if (err || (err = clFinish(q))) {
        fprintf(stderr, "bench_atomics: %s failed with CL error %d\n", name, err);
        exit(1);
    }
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    return (double)(end - start) * mhz / 1000.0 / N;
}

/* Runs kernel `name` (1 or 2 histograms; 2 in one buffer or in two), checks it, returns its
   cycles per work-item. */
static double run(struct kt *t, cl_command_queue q, cl_uint mhz, const char *name, int hists,
                  int apart, const cl_uint *x)
{
    cl_uint hist[32] = {0}, want[32] = {0};
    for (int i = 0; i < N; i++) {
        want[x[i] & 15]++;
        want[16 + ((x[i] >> 4) & 15)]++;
    }
    cl_kernel k = kt_kernel(t, name);
    cl_mem dx = kt_buffer_arg(t, k, 0, N * sizeof(cl_uint), x);
    cl_mem dh = kt_buffer_arg(t, k, 1, (apart ? 16 : 32) * sizeof(cl_uint), hist);
    cl_mem dh2 = apart ? kt_buffer_arg(t, k, 2, 16 * sizeof(cl_uint), hist) : NULL;
    double cycles = timed_run(q, mhz, k, name, NULL);
    kt_read(t, dh, (apart ? 16 : 32) * sizeof(cl_uint), hist);
    if (apart)
        kt_read(t, dh2, 16 * sizeof(cl_uint), hist + 16);
    for (int b = 0; b < 16 * hists; b++)
        KT_EQ(t, hist[b], want[b], name, b);
    kt_release(k, dx, dh, dh2);
    return cycles;
}

/* Runs a __local histogram kernel of `sites` sites (byte s of each word for site s), checks
   it, returns its cycles per work-item. */
static double run_local(struct kt *t, cl_command_queue q, cl_uint mhz, const char *name,
                        int sites, const cl_uint *x)
{
    cl_uint hist[16] = {0}, want[16] = {0};
    for (int i = 0; i < N; i++)
        for (int s = 0; s < sites; s++)
            want[(x[i] >> (8 * s)) & 15]++;
    cl_kernel k = kt_kernel(t, name);
    cl_mem dx = kt_buffer_arg(t, k, 0, N * sizeof(cl_uint), x);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(hist), hist);
    double cycles = timed_run(q, mhz, k, name, (size_t[]){256});
    kt_read(t, dh, sizeof(hist), hist);
    for (int b = 0; b < 16; b++)
        KT_EQ(t, hist[b], want[b], name, b);
    kt_release(k, dx, dh, NULL);
    return cycles;
}

int main(int argc, char **argv)
{
    struct kt t;
    cl_int err;
    cl_uint mhz = 0, *x = malloc(N * sizeof(cl_uint));
    uint64_t rng = 5;

    if (argc != 2 || !x) {
        fprintf(stderr, "usage: %s bench_atomics.oclbin\n", argv[0]);
        return 2;
    }
    kt_init(&t, "bench_atomics", argv[1]);
    cl_command_queue q = clCreateCommandQueueWithProperties(
        t.context, t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    clGetDeviceInfo(t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(mhz), &mhz, NULL);
    for (int i = 0; i < N; i++)
        x[i] = (cl_uint)kt_rand(&rng);
    double one = run(&t, q, mhz, "one_site", 1, 0, x);
    double shared = run(&t, q, mhz, "two_shared", 2, 0, x);
    double apart = run(&t, q, mhz, "two_apart", 2, 1, x);
    printf("bench_atomics: sim board (%u MHz), 16-bin histograms of %d words\n", mhz, N);
    printf("atomic histogram, one site: %.3f cycles per work-item\n", one);
    printf("two histograms, two sites in one buffer (one shared unit): %.3f cycles per "
           "work-item\n", shared);
    printf("two histograms, two restrict buffers (a unit each): %.3f cycles per work-item "
           "(sharing costs %.0f %%)\n",
           apart, 100.0 * (shared - apart) / apart);
    double lone = run_local(&t, q, mhz, "local_one_site", 1, x);
    double lfour = run_local(&t, q, mhz, "local_four_sites", 4, x);
    printf("__local histogram per group of 256, one site: %.3f cycles per work-item\n", lone);
    printf("__local histogram, four sites on one array: %.3f cycles per work-item (%.2f per "
           "update)\n", lfour, lfour / 4);
    clReleaseCommandQueue(q);
    free(x);
    return kt_finish(&t);
}
