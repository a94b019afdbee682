// SPDX-License-Identifier: MIT
/*
 * Benchmark: pipelined loops on the sim board (bench_loops.cl), through the cl* API.
 *
 * Three figures, each the kernel's cycles (device cycle counter, via CL_PROFILING_COMMAND_START
 * / END and the device clock) per loop iteration, printed as "<name>: <value> (limit <limit>)":
 *   single_wi_stream    for (i < n) c[i] = a[i] * b[i] + k, n = 16,384, clEnqueueTask:
 *                       cycles / n; II 1 gives n + depth, limit 1.05
 *   ndrange_inner_loop  N = 1,024 work-items, each an inner loop of T = 16 iterations:
 *                       cycles / (N * T); work-items interleaved at II 1, limit 1.1
 *   single_wi_reduce    sum += a[i], n = 16,384, clEnqueueTask: cycles / n, limit 1.05
 * Cycle counts are deterministic, so the figures are checked (exit 1 above a limit), as are the
 * results against C.
 *
 *   bench_loops bench_loops.oclbin
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

#define N_STREAM 16384
#define N_ITEMS 1024
#define T_INNER 16
#define LIMIT_STREAM 1.05
#define LIMIT_INNER 1.1
#define LIMIT_REDUCE 1.05
_Static_assert(N_ITEMS * T_INNER == N_STREAM, "inner_loop reads the stream's input");

struct bench {
    struct kt t;
    cl_command_queue q; /* with profiling */
    cl_uint mhz;
};

/* Runs k (global == 0: clEnqueueTask, else a 1D NDRange) and returns its cycles. */
static double launch_cycles(struct bench *b, cl_kernel k, size_t global)
{
    cl_event ev;
    cl_ulong start = 0, end = 0;
    cl_int err = global ? clEnqueueNDRangeKernel(b->q, k, 1, NULL, &global, NULL, 0, NULL, &ev)
                        : clEnqueueTask(b->q, k, 0, NULL, &ev);
    if (err || (err = clFinish(b->q))) {
        fprintf(stderr, "bench_loops: launch failed with CL error %d\n", err);
        exit(1);
    }
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    return (double)(end - start) * b->mhz / 1000.0;
}

static void report(struct bench *b, const char *name, double cycles, double iterations,
                   double limit)
{
    double per = cycles / iterations;
    printf("  %s: %.0f cycles for %.0f iterations\n", name, cycles, iterations);
    printf("%s: %.4f (limit %g)\n", name, per, limit);
    kt_expect(&b->t, per <= limit, "%s: %.4f cycles per iteration > %g", name, per, limit);
}

static void bench_stream(struct bench *b, const cl_int *a, const cl_int *x)
{
    cl_int n = N_STREAM, k = 7, *c = malloc(N_STREAM * sizeof(cl_int));
    size_t bytes = N_STREAM * sizeof(cl_int);
    cl_mem da = kt_buffer(&b->t, bytes, a), db = kt_buffer(&b->t, bytes, x);
    cl_mem dc = kt_buffer(&b->t, bytes, NULL);
    cl_kernel kn = kt_kernel(&b->t, "stream");
    kt_arg(&b->t, kn, 0, sizeof(cl_mem), &da);
    kt_arg(&b->t, kn, 1, sizeof(cl_mem), &db);
    kt_arg(&b->t, kn, 2, sizeof(cl_mem), &dc);
    kt_arg(&b->t, kn, 3, sizeof(cl_int), &k);
    kt_arg(&b->t, kn, 4, sizeof(cl_int), &n);
    double cycles = launch_cycles(b, kn, 0);
    kt_read(&b->t, dc, bytes, c);
    for (int i = 0; i < N_STREAM; i++)
        KT_EQ(&b->t, c[i], a[i] * x[i] + k, "stream c", i);
    report(b, "single_wi_stream", cycles, N_STREAM, LIMIT_STREAM);
    clReleaseKernel(kn);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    free(c);
}

static void bench_inner_loop(struct bench *b, const cl_int *a)
{
    cl_int t = T_INNER, out[N_ITEMS];
    cl_mem da = kt_buffer(&b->t, N_ITEMS * T_INNER * sizeof(cl_int), a);
    cl_mem dout = kt_buffer(&b->t, sizeof(out), NULL);
    cl_kernel k = kt_kernel(&b->t, "inner_loop");
    kt_arg(&b->t, k, 0, sizeof(cl_mem), &da);
    kt_arg(&b->t, k, 1, sizeof(cl_mem), &dout);
    kt_arg(&b->t, k, 2, sizeof(cl_int), &t);
    double cycles = launch_cycles(b, k, N_ITEMS);
    kt_read(&b->t, dout, sizeof(out), out);
    for (int g = 0; g < N_ITEMS; g++) {
        cl_int acc = 0;
        for (int j = 0; j < T_INNER; j++)
            acc += a[j * N_ITEMS + g] * j;
        KT_EQ(&b->t, out[g], acc, "inner_loop out", g);
    }
    report(b, "ndrange_inner_loop", cycles, (double)N_ITEMS * T_INNER, LIMIT_INNER);
    clReleaseKernel(k);
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
}

static void bench_reduce(struct bench *b, const cl_int *a)
{
    cl_int n = N_STREAM, out = 0, sum = 0;
    cl_mem da = kt_buffer(&b->t, N_STREAM * sizeof(cl_int), a);
    cl_mem dout = kt_buffer(&b->t, sizeof(out), NULL);
    cl_kernel k = kt_kernel(&b->t, "reduce");
    kt_arg(&b->t, k, 0, sizeof(cl_mem), &da);
    kt_arg(&b->t, k, 1, sizeof(cl_mem), &dout);
    kt_arg(&b->t, k, 2, sizeof(cl_int), &n);
    double cycles = launch_cycles(b, k, 0);
    kt_read(&b->t, dout, sizeof(out), &out);
    for (int i = 0; i < N_STREAM; i++)
        sum += a[i];
    KT_EQ(&b->t, out, sum, "reduce out", 0);
    report(b, "single_wi_reduce", cycles, N_STREAM, LIMIT_REDUCE);
    clReleaseKernel(k);
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
}

int main(int argc, char **argv)
{
    struct bench b;
    cl_int err, *a, *x;
    uint64_t rng = 5;

    if (argc != 2) {
        fprintf(stderr, "usage: %s bench_loops.oclbin\n", argv[0]);
        return 2;
    }
    kt_init(&b.t, "bench_loops", argv[1]);
    b.q = clCreateCommandQueueWithProperties(
        b.t.context, b.t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    b.mhz = 0;
    clGetDeviceInfo(b.t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(b.mhz), &b.mhz, NULL);
    printf("bench_loops: sim board (%u MHz nominal), cycles per loop iteration\n", b.mhz);

    a = malloc(N_STREAM * sizeof(cl_int));
    x = malloc(N_STREAM * sizeof(cl_int));
    for (int i = 0; i < N_STREAM; i++) {
        a[i] = (cl_int)(kt_rand(&rng) % 20001) - 10000;
        x[i] = (cl_int)(kt_rand(&rng) % 20001) - 10000;
    }
    bench_stream(&b, a, x);
    bench_inner_loop(&b, a); /* N_ITEMS * T_INNER == N_STREAM words of a */
    bench_reduce(&b, a);
    free(a);
    free(x);
    clReleaseCommandQueue(b.q);
    return kt_finish(&b.t);
}
