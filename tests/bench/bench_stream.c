/* SPDX-License-Identifier: MIT */
/*
 * Packets per cycle of a producer -> consumer stream on the sim board (issue 8, limit 0.95):
 * a channel between two tasks running at once, and a pipe written by one NDRange kernel and
 * then read by another. Cycles come from the kernels' cycle counters (profiling START/END at
 * the board clock). Simulated cycles are deterministic: the bench fails below the limit.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

#define LIMIT 0.95

static double cycles(struct kt *t, cl_event ev)
{
    cl_ulong start = 0, end = 0;
    double mhz = 0;
    cl_uint clock = 0;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clGetDeviceInfo(t->device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(clock), &clock, NULL);
    mhz = clock;
    return (double)(end - start) * mhz / 1000.0;
}

static cl_command_queue profiled_queue(struct kt *t)
{
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(t->context, t->device, props, &err);
    kt_expect(t, err == CL_SUCCESS, "profiling queue: %d", err);
    return q;
}

static int report(const char *what, int n, double c)
{
    double ppc = c > 0 ? n / c : 0;
    printf("%-44s %8d packets %10.0f cycles  %.4f packets/cycle (limit >= %.2f) %s\n", what, n, c,
           ppc, LIMIT, ppc >= LIMIT ? "ok" : "BELOW");
    return ppc >= LIMIT;
}

int main(int argc, char **argv)
{
    struct kt t;
    int n = argc > 2 ? atoi(argv[2]) : 65536, sum = 0, want = 0, ok = 1;
    cl_event ev[2];

    kt_init(&t, "bench_stream", argc > 1 ? argv[1] : "bench_stream.oclbin");
    cl_command_queue q[2] = {profiled_queue(&t), profiled_queue(&t)};

    /* channel: both wait for one user event, so the device starts them together */
    cl_kernel prod = kt_kernel(&t, "chan_producer"), cons = kt_kernel(&t, "chan_consumer");
    cl_mem bsum = kt_buffer_arg(&t, cons, 0, sizeof(int), NULL);
    cl_int err;
    cl_event go = clCreateUserEvent(t.context, &err);
    kt_arg(&t, prod, 0, sizeof(n), &n);
    kt_arg(&t, cons, 1, sizeof(n), &n);
    clEnqueueTask(q[1], cons, 1, &go, &ev[1]);
    clEnqueueTask(q[0], prod, 1, &go, &ev[0]);
    clFlush(q[0]);
    clFlush(q[1]);
    clSetUserEventStatus(go, CL_COMPLETE);
    clReleaseEvent(go);
    clFinish(q[0]);
    clFinish(q[1]);
    kt_read(&t, bsum, sizeof(sum), &sum);
    for (int i = 0; i < n; i++)
        want += (int)((unsigned)i * 7u) ^ i;
    KT_EQ(&t, sum, want, "channel stream sum", 0);
    double cp = cycles(&t, ev[0]), cc = cycles(&t, ev[1]);
    ok &= report("channel, producer and consumer at once", n, cp > cc ? cp : cc);
    clReleaseEvent(ev[0]);
    clReleaseEvent(ev[1]);

    /* pipe: the producer fills it, then the consumer drains it */
    cl_mem p = clCreatePipe(t.context, 0, sizeof(int), (cl_uint)n, NULL, &err);
    kt_expect(&t, err == CL_SUCCESS, "clCreatePipe: %d", err);
    cl_kernel pp = kt_kernel(&t, "pipe_producer"), pc = kt_kernel(&t, "pipe_consumer");
    cl_mem bout = kt_buffer_arg(&t, pc, 0, sizeof(int) * (size_t)n, NULL);
    kt_arg(&t, pp, 0, sizeof(p), &p);
    kt_arg(&t, pc, 1, sizeof(p), &p);
    size_t global = (size_t)n;
    clEnqueueNDRangeKernel(q[0], pp, 1, NULL, &global, NULL, 0, NULL, &ev[0]);
    clEnqueueNDRangeKernel(q[0], pc, 1, NULL, &global, NULL, 0, NULL, &ev[1]);
    clFinish(q[0]);
    int *out = malloc(sizeof(int) * (size_t)n);
    kt_read(&t, bout, sizeof(int) * (size_t)n, out);
    for (int i = 0; i < n; i++)
        KT_EQ(&t, out[i], i * 7, "pipe stream", i);
    ok &= report("pipe write (NDRange producer)", n, cycles(&t, ev[0]));
    ok &= report("pipe read (NDRange consumer)", n, cycles(&t, ev[1]));
    free(out);
    clReleaseEvent(ev[0]);
    clReleaseEvent(ev[1]);
    clReleaseMemObject(p);
    clReleaseMemObject(bout);
    clReleaseMemObject(bsum);
    clReleaseKernel(prod);
    clReleaseKernel(cons);
    clReleaseKernel(pp);
    clReleaseKernel(pc);
    clReleaseCommandQueue(q[0]);
    clReleaseCommandQueue(q[1]);
    kt_expect(&t, ok, "a stream below %.2f packets per cycle", LIMIT);
    return kt_finish(&t);
}
