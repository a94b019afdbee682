// SPDX-License-Identifier: MIT
/*
 * Benchmark: __local memory and barriers on the sim board (bench_local.cl), through the cl* API.
 *
 * tree_reduction: N = 65,536 ints summed in work-groups of 256 (one partial sum per group,
 * checked against C): the store to __local memory, a barrier, then the classic loop of eight
 * halving rounds, each ending at a barrier. Work-items whose guard `lid < s` is false for the
 * rest of the loop park at its exit (hls/transform/park.c), so the loop runs 255 passes per group, not
 * 2048. The checked figure is total cycles per work-item, cycles / N, printed as
 * "tree_reduction: <value> (limit 1.2)" (issue 4; exit 1 above the limit). The same kernel
 * with one work-group in flight (work_groups_in_flight(1)) shows what overlapping groups
 * buys. builtin_reduce and builtin_scan: the same sums through work_group_reduce_add and
 * work_group_scan_inclusive_add (every prefix written and checked), printed beside it with
 * no limit. Cycles come from the device cycle counter (CL_PROFILING_COMMAND_START / END and the
 * device clock), as in bench_loops.
 *
 *   bench_local bench_local.oclbin
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

#define N 65536
#define LSIZE 256
#define LIMIT_TREE 1.2

struct bench {
    struct kt t;
    cl_command_queue q; /* with profiling */
    cl_uint mhz;
};

/* Runs k as a 1D NDRange in groups of local and returns its cycles. */
static double launch_cycles(struct bench *b, cl_kernel k, size_t global, size_t local)
{
    cl_event ev;
    cl_ulong start = 0, end = 0;
    cl_int err = clEnqueueNDRangeKernel(b->q, k, 1, NULL, &global, &local, 0, NULL, &ev);
    if (err || (err = clFinish(b->q))) {
        fprintf(stderr, "bench_local: launch failed with CL error %d\n", err);
        exit(1);
    }
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    return (double)(end - start) * b->mhz / 1000.0;
}

/* Runs one tree-reduction kernel over a, checks its sums, returns its cycles. */
static double run_tree(struct bench *b, const char *name, const cl_int *a)
{
    cl_int out[N / LSIZE];
    cl_mem din = kt_buffer(&b->t, N * sizeof(cl_int), a);
    cl_mem dout = kt_buffer(&b->t, sizeof(out), NULL);
    cl_kernel k = kt_kernel(&b->t, name);
    kt_arg(&b->t, k, 0, sizeof(cl_mem), &din);
    kt_arg(&b->t, k, 1, sizeof(cl_mem), &dout);
    double cycles = launch_cycles(b, k, N, LSIZE);
    kt_read(&b->t, dout, sizeof(out), out);
    for (int g = 0; g < N / LSIZE; g++) {
        cl_int sum = 0;
        for (int i = 0; i < LSIZE; i++)
            sum += a[g * LSIZE + i];
        KT_EQ(&b->t, out[g], sum, name, g);
    }
    /* Below one cycle per work-item the kernel did not run, or the counter is wrong. */
    kt_expect(&b->t, cycles >= N, "%s: %.0f cycles for %d work-items", name, cycles, N);
    clReleaseKernel(k);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    return cycles;
}

static void bench_tree(struct bench *b, const cl_int *a)
{
    double cycles = run_tree(b, "tree_reduce", a);
    double per = cycles / N;
    printf("  tree_reduction: %.0f cycles for %d work-items\n", cycles, N);
    printf("tree_reduction: %.4f (limit %g)\n", per, LIMIT_TREE);
    kt_expect(&b->t, per <= LIMIT_TREE, "tree_reduction: %.4f cycles per work-item > %g", per,
              LIMIT_TREE);
    /* The same kernel with one work-group in flight: what overlapping groups buy. */
    double one = run_tree(b, "tree_reduce_one_group", a);
    printf("  tree_reduction with the default work-groups in flight: %.0f cycles; with 1: "
           "%.0f cycles (%.2fx)\n",
           cycles, one, one / cycles);
}

/* The work-group functions' reduction and inclusive scan over a, checked; their cycles. */
static void bench_builtins(struct bench *b, const cl_int *a)
{
    cl_int *out = malloc(N * sizeof(cl_int));
    cl_mem din = kt_buffer(&b->t, N * sizeof(cl_int), a);
    cl_mem dout = kt_buffer(&b->t, N * sizeof(cl_int), NULL);
    static const char *const names[] = {"builtin_reduce", "builtin_scan"};

    for (int scan = 0; scan < 2; scan++) {
        cl_kernel k = kt_kernel(&b->t, names[scan]);
        kt_arg(&b->t, k, 0, sizeof(cl_mem), &din);
        kt_arg(&b->t, k, 1, sizeof(cl_mem), &dout);
        double cycles = launch_cycles(b, k, N, LSIZE);
        kt_read(&b->t, dout, (scan ? N : N / LSIZE) * sizeof(cl_int), out);
        for (int g = 0; g < N / LSIZE; g++) {
            cl_int sum = 0;
            for (int i = 0; i < LSIZE; i++) {
                sum += a[g * LSIZE + i];
                if (scan)
                    KT_EQ(&b->t, out[g * LSIZE + i], sum, names[scan], g * LSIZE + i);
            }
            if (!scan)
                KT_EQ(&b->t, out[g], sum, names[scan], g);
        }
        printf("%s: %.4f cycles per work-item (%.0f cycles; the tree kernel's limit %g)\n",
               scan ? "work_group_scan_inclusive_add" : "work_group_reduce_add", cycles / N,
               cycles, LIMIT_TREE);
        clReleaseKernel(k);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    free(out);
}

int main(int argc, char **argv)
{
    struct bench b;
    cl_int err, *a;
    uint64_t rng = 11;

    if (argc != 2) {
        fprintf(stderr, "usage: %s bench_local.oclbin\n", argv[0]);
        return 2;
    }
    kt_init(&b.t, "bench_local", argv[1]);
    b.q = clCreateCommandQueueWithProperties(
        b.t.context, b.t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    b.mhz = 0;
    clGetDeviceInfo(b.t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(b.mhz), &b.mhz, NULL);
    printf("bench_local: sim board (%u MHz nominal), cycles per work-item\n", b.mhz);

    a = malloc(N * sizeof(cl_int));
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 200001) - 100000;
    bench_tree(&b, a);
    bench_builtins(&b, a);
    free(a);
    clReleaseCommandQueue(b.q);
    return kt_finish(&b.t);
}
