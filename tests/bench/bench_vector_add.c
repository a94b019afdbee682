// SPDX-License-Identifier: MIT
/*
 * Benchmark: vector_add at N = 65,536 work-items on the sim board, through the cl* API.
 *
 * Prints the kernel's cycles (from the device's cycle counter, via CL_PROFILING_COMMAND_START
 * / END and the device clock), cycles per work-item beside the limit (1.0 at II = 1; the
 * memory bound is far lower: each 64-byte line serves 16 work-items per access), and how many
 * cycles per second the Verilator model simulates. Cycle counts are deterministic, so the
 * figure is checked (exit 1 above the expected 1.05); wall-clock speed is only reported.
 *
 * With "float", the program's vector_add adds floats (bench_vector_add_float.cl): the float
 * adder is a 6-stage pipelined unit, and the kernel must still take one work-item per clock.
 *
 *   bench_vector_add vector_add.oclbin [N [float]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kt.h"

#define EXPECTED_CYCLES_PER_ITEM 1.05

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    struct kt t;
    cl_int err, n = argc > 2 ? atoi(argv[2]) : 65536;
    int is_float = argc > 3 && !strcmp(argv[3], "float");
    if (argc < 2 || n <= 0) {
        fprintf(stderr, "usage: %s vector_add.oclbin [N [float]]\n", argv[0]);
        return 2;
    }
    kt_init(&t, "bench_vector_add", argv[1]);
    cl_command_queue q = clCreateCommandQueueWithProperties(
        t.context, t.device,
        (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
    if (err)
        return fprintf(stderr, "profiling queue: %d\n", err), 1;
    cl_uint mhz = 0;
    clGetDeviceInfo(t.device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(mhz), &mhz, NULL);

    size_t bytes = (size_t)n * sizeof(cl_int);
    cl_int *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (cl_int i = 0; i < n; i++) {
        if (is_float) { /* the bits of floats, in the int arrays */
            float fa = (float)i * 0.37f, fb = 1.5f - (float)i;
            memcpy(&a[i], &fa, 4);
            memcpy(&b[i], &fb, 4);
        } else {
            a[i] = i;
            b[i] = 3 * i + 1;
        }
    }
    cl_mem da = kt_buffer(&t, bytes, a), db = kt_buffer(&t, bytes, b),
           dc = kt_buffer(&t, bytes, NULL);
    cl_kernel k = kt_kernel(&t, "vector_add");
    kt_arg(&t, k, 0, sizeof(cl_mem), &da);
    kt_arg(&t, k, 1, sizeof(cl_mem), &db);
    kt_arg(&t, k, 2, sizeof(cl_mem), &dc);
    kt_arg(&t, k, 3, sizeof(cl_int), &n);

    size_t global = (size_t)n, local = 256;
    cl_event ev;
    double t0 = now_s();
    if ((err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev)) ||
        (err = clFinish(q)))
        return fprintf(stderr, "launch: %d\n", err), 1;
    double wall = now_s() - t0;
    cl_ulong start = 0, end = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    double cycles = (double)(end - start) * mhz / 1000.0;

    kt_read(&t, dc, bytes, c);
    for (cl_int i = 0; i < n; i++) {
        cl_int want = a[i] + b[i];
        if (is_float) {
            float fa, fb, fc;
            memcpy(&fa, &a[i], 4);
            memcpy(&fb, &b[i], 4);
            fc = fa + fb;
            memcpy(&want, &fc, 4);
        }
        KT_EQ(&t, c[i], want, "c", i);
    }
    double per_item = cycles / n;
    printf("vector_add%s, N = %d work-items, sim board (%u MHz nominal)\n",
           is_float ? " (float)" : "", n, mhz);
    printf("  cycles:                 %.0f\n", cycles);
    printf("  cycles per work-item:   %.4f   (limit 1.0 at II = 1; expected <= %.2f)\n", per_item,
           EXPECTED_CYCLES_PER_ITEM);
    printf("  simulated cycles/s:     %.0f   (%.3f s wall for the launch, incl. host overhead)\n",
           cycles / wall, wall);
    kt_expect(&t, per_item <= EXPECTED_CYCLES_PER_ITEM, "cycles per work-item %.4f > %.2f",
              per_item, EXPECTED_CYCLES_PER_ITEM);
    clReleaseEvent(ev);
    clReleaseKernel(k);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    clReleaseCommandQueue(q);
    free(a);
    free(b);
    free(c);
    return kt_finish(&t);
}
