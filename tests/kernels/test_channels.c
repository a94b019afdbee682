/* SPDX-License-Identifier: MIT */
/*
 * Intel FPGA channels end to end (channels.cl): kernels connected by channels run at once
 * from several queues; an autorun kernel sits between two launched ones; struct and float4
 * packets; non-blocking reads on an empty channel; the host may not launch the autorun kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define N 600

static cl_command_queue new_queue(struct kt *t)
{
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(t->context, t->device, NULL, &err);
    kt_expect(t, err == CL_SUCCESS, "clCreateCommandQueueWithProperties: %d", err);
    return q;
}

static void enqueue_task(struct kt *t, cl_command_queue q, cl_kernel k)
{
    cl_int err = clEnqueueTask(q, k, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "clEnqueueTask: %d", err);
    clFlush(q);
}

static void enqueue_range(struct kt *t, cl_command_queue q, cl_kernel k, size_t n)
{
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "clEnqueueNDRangeKernel: %d", err);
    clFlush(q);
}

/* The consumer is enqueued first: it can only finish if the others run beside it. */
static void three_stages(struct kt *t, cl_command_queue q[3], const int *in)
{
    cl_kernel load = kt_kernel(t, "load"), compute = kt_kernel(t, "compute"),
              store = kt_kernel(t, "store");
    int n = N, out[N];
    cl_mem bin = kt_buffer_arg(t, load, 0, sizeof(int) * N, in);
    cl_mem bout = kt_buffer_arg(t, store, 0, sizeof(out), NULL);
    kt_arg(t, load, 1, sizeof(n), &n);
    kt_arg(t, compute, 0, sizeof(n), &n);
    kt_arg(t, store, 1, sizeof(n), &n);
    enqueue_task(t, q[2], store);
    enqueue_task(t, q[1], compute);
    enqueue_task(t, q[0], load);
    for (int i = 0; i < 3; i++)
        clFinish(q[i]);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        KT_EQ(t, out[i], in[i] * 3 + 1, "three stages", i);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(load);
    clReleaseKernel(compute);
    clReleaseKernel(store);
}

/* Launching an autorun kernel is refused (docs/runtime.md), with no event made. */
static void autorun_refused(struct kt *t, cl_command_queue q)
{
    cl_kernel doubler = kt_kernel(t, "doubler"), feed = kt_kernel(t, "feed");
    cl_event ev = (cl_event)&ev; /* a sentinel the failing calls must leave alone */
    size_t one = 1;
    char attrs[256] = "";
    cl_int err;

    err = clEnqueueTask(q, doubler, 0, NULL, &ev);
    kt_expect(t, err == CL_INVALID_KERNEL, "clEnqueueTask(autorun): %d", err);
    err = clEnqueueNDRangeKernel(q, doubler, 1, NULL, &one, &one, 0, NULL, &ev);
    kt_expect(t, err == CL_INVALID_KERNEL, "clEnqueueNDRangeKernel(autorun): %d", err);
    kt_expect(t, ev == (cl_event)&ev, "a refused launch left its event argument alone");
    err = clGetKernelInfo(doubler, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL);
    kt_expect(t, err == CL_SUCCESS && strstr(attrs, "autorun") &&
                     strstr(attrs, "max_global_work_dim(0)"),
              "CL_KERNEL_ATTRIBUTES of doubler: %d \"%s\"", err, attrs);
    err = clGetKernelInfo(feed, CL_KERNEL_ATTRIBUTES, sizeof(attrs), attrs, NULL);
    kt_expect(t, err == CL_SUCCESS && !strstr(attrs, "autorun"),
              "CL_KERNEL_ATTRIBUTES of feed: \"%s\"", attrs);
    err = clFinish(q);
    kt_expect(t, err == CL_SUCCESS, "clFinish after the refused launches: %d", err);
    clReleaseKernel(doubler);
    clReleaseKernel(feed);
}

static void autorun_chain(struct kt *t, cl_command_queue q[3], const int *in)
{
    cl_kernel feed = kt_kernel(t, "feed"), drain = kt_kernel(t, "drain");
    int out[N];
    cl_mem bin = kt_buffer_arg(t, feed, 0, sizeof(int) * N, in);
    cl_mem bout = kt_buffer_arg(t, drain, 0, sizeof(out), NULL);
    enqueue_range(t, q[1], drain, N);
    enqueue_range(t, q[0], feed, N);
    clFinish(q[0]);
    clFinish(q[1]);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        KT_EQ(t, out[i], in[i] * 2, "autorun chain", i);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(feed);
    clReleaseKernel(drain);
}

static void struct_packets(struct kt *t, cl_command_queue q[3], const int *in)
{
    enum { M = 64 };
    cl_kernel src = kt_kernel(t, "rec_src"), dst = kt_kernel(t, "rec_dst");
    int n = M, keys[2 * M];
    float vals[5 * M];
    cl_mem bin = kt_buffer_arg(t, src, 0, sizeof(int) * M, in);
    cl_mem bkeys = kt_buffer_arg(t, dst, 0, sizeof(keys), NULL);
    cl_mem bvals = kt_buffer_arg(t, dst, 1, sizeof(vals), NULL);
    kt_arg(t, src, 1, sizeof(n), &n);
    kt_arg(t, dst, 2, sizeof(n), &n);
    enqueue_task(t, q[1], dst);
    enqueue_task(t, q[0], src);
    clFinish(q[0]);
    clFinish(q[1]);
    kt_read(t, bkeys, sizeof(keys), keys);
    kt_read(t, bvals, sizeof(vals), vals);
    for (int i = 0; i < M; i++) {
        KT_EQ(t, keys[2 * i], in[i], "struct key", i);
        KT_EQ(t, keys[2 * i + 1], (short)(i - 7), "struct tag", i);
        kt_expect(t, vals[5 * i] == (float)in[i] * 0.5f, "struct value[%d]: %g", i, vals[5 * i]);
        kt_expect(t,
                  vals[5 * i + 1] == (float)in[i] && vals[5 * i + 2] == (float)i &&
                      vals[5 * i + 3] == -(float)in[i] && vals[5 * i + 4] == 1.5f,
                  "float4[%d]: %g %g %g %g", i, vals[5 * i + 1], vals[5 * i + 2], vals[5 * i + 3],
                  vals[5 * i + 4]);
    }
    clReleaseMemObject(bin);
    clReleaseMemObject(bkeys);
    clReleaseMemObject(bvals);
    clReleaseKernel(src);
    clReleaseKernel(dst);
}

static void non_blocking(struct kt *t)
{
    enum { PACKETS = 5, TRIES = 9 };
    cl_kernel src = kt_kernel(t, "nb_src"), dst = kt_kernel(t, "nb_dst");
    int n = PACKETS, tries = TRIES, out[2 * TRIES];
    cl_mem bout = kt_buffer_arg(t, dst, 0, sizeof(out), NULL);
    kt_arg(t, src, 0, sizeof(n), &n);
    kt_arg(t, dst, 1, sizeof(tries), &tries);
    kt_task(t, src); /* alone: the channel holds its 5 packets (depth 16) */
    kt_task(t, dst);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < TRIES; i++) {
        KT_EQ(t, out[2 * i], i < PACKETS, "nb valid", i);
        KT_EQ(t, out[2 * i + 1], i < PACKETS ? 100 + i : -1, "nb value", i);
    }
    clReleaseMemObject(bout);
    clReleaseKernel(src);
    clReleaseKernel(dst);
}

/* Two operations on one channel in two segments of a task: program order keeps them apart. */
static void multi_sites_task(struct kt *t, cl_command_queue q[3], const int *in)
{
    enum { M = 100 };
    cl_kernel src = kt_kernel(t, "multi_src"), dst = kt_kernel(t, "multi_dst");
    int n = M, out[M];
    cl_mem bin = kt_buffer_arg(t, src, 0, sizeof(int) * M, in);
    cl_mem bout = kt_buffer_arg(t, dst, 0, sizeof(out), NULL);
    kt_arg(t, src, 1, sizeof(n), &n);
    kt_arg(t, dst, 1, sizeof(n), &n);
    enqueue_task(t, q[1], dst);
    enqueue_task(t, q[0], src);
    clFinish(q[0]);
    clFinish(q[1]);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < M; i++)
        KT_EQ(t, out[i], in[i] + M * 10, "two sites in a task", i);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(src);
    clReleaseKernel(dst);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/*
 * Two writes and two reads per work-item in NDRange pipelines, so work-items at both
 * operations want the FIFO in the same cycle: every packet arrives exactly once (their
 * order across work-items is not defined).
 */
static void multi_sites_ndrange(struct kt *t, cl_command_queue q[3], const int *in)
{
    enum { W = 200 };
    cl_kernel po = kt_kernel(t, "pairs_out"), relay = kt_kernel(t, "pairs_relay"),
              ti = kt_kernel(t, "twice_in");
    int n = 2 * W, out[2 * W], want[2 * W];
    cl_mem bin = kt_buffer_arg(t, po, 0, sizeof(int) * 2 * W, in);
    cl_mem bout = kt_buffer_arg(t, ti, 0, sizeof(out), NULL);
    kt_arg(t, relay, 0, sizeof(n), &n);
    enqueue_range(t, q[2], ti, W);
    enqueue_task(t, q[1], relay);
    enqueue_range(t, q[0], po, W);
    for (int i = 0; i < 3; i++)
        clFinish(q[i]);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < W; i++) {
        want[2 * i] = in[2 * i];
        want[2 * i + 1] = in[2 * i + 1] * 5;
    }
    qsort(out, 2 * W, sizeof(int), cmp_int);
    qsort(want, 2 * W, sizeof(int), cmp_int);
    for (int i = 0; i < 2 * W; i++)
        KT_EQ(t, out[i], want[i], "two sites in NDRange kernels (sorted)", i);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(po);
    clReleaseKernel(relay);
    clReleaseKernel(ti);
}

/* Two reads per iteration of a modulo-scheduled loop: a from packet 2i, b from 2i + 1. */
static void two_reads_per_iteration(struct kt *t, cl_command_queue q[3], const int *in)
{
    enum { M = 150 };
    cl_kernel src = kt_kernel(t, "seq_src"), dst = kt_kernel(t, "seq_dst");
    int n2 = 2 * M, n = M, out[M];
    cl_mem bin = kt_buffer_arg(t, src, 0, sizeof(int) * 2 * M, in);
    cl_mem bout = kt_buffer_arg(t, dst, 0, sizeof(out), NULL);
    kt_arg(t, src, 1, sizeof(n2), &n2);
    kt_arg(t, dst, 1, sizeof(n), &n);
    enqueue_task(t, q[1], dst);
    enqueue_task(t, q[0], src);
    clFinish(q[0]);
    clFinish(q[1]);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < M; i++)
        KT_EQ(t, out[i], in[2 * i] - 3 * in[2 * i + 1], "two reads per iteration", i);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(src);
    clReleaseKernel(dst);
}

int main(int argc, char **argv)
{
    struct kt t;
    cl_command_queue q[3];
    int in[N];
    uint64_t seed = 8;

    kt_init(&t, "channels", argc > 1 ? argv[1] : "channels.oclbin");
    for (int i = 0; i < N; i++)
        in[i] = (int)(kt_rand(&seed) % 100000) - 50000;
    for (int i = 0; i < 3; i++)
        q[i] = new_queue(&t);
    three_stages(&t, q, in);
    autorun_refused(&t, q[0]);
    autorun_chain(&t, q, in); /* the autorun kernel still works after the refusals */
    struct_packets(&t, q, in);
    non_blocking(&t);
    multi_sites_task(&t, q, in);
    multi_sites_ndrange(&t, q, in);
    two_reads_per_iteration(&t, q, in);
    for (int i = 0; i < 3; i++)
        clReleaseCommandQueue(q[i]);
    return kt_finish(&t);
}
