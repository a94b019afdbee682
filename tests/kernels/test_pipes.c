/* SPDX-License-Identifier: MIT */
/*
 * OpenCL 2.0 pipes end to end (pipes.cl): a producer then a consumer on one in-order queue
 * (the pipe holds the packets), the two at once on two queues, full and empty pipes,
 * float4 and struct packets, work-item and work-group reservations.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

#define N 100

static cl_mem new_pipe(struct kt *t, cl_uint packet, cl_uint max)
{
    cl_int err;
    cl_mem p = clCreatePipe(t->context, 0, packet, max, NULL, &err);
    kt_expect(t, err == CL_SUCCESS && p, "clCreatePipe(%u, %u): %d", packet, max, err);
    return p;
}

static void run(struct kt *t, cl_kernel k, size_t n)
{
    kt_run(t, k, 1, NULL, &n, NULL);
}

static void in_order(struct kt *t, const int *in)
{
    enum { MAX = 128, MORE = 140, TRIES = N + 4 };
    cl_kernel prod = kt_kernel(t, "produce"), cons = kt_kernel(t, "consume");
    int status[MORE], out[2 * MAX];
    cl_uint got = 0;
    cl_mem p = new_pipe(t, sizeof(int), MAX);
    clGetPipeInfo(p, CL_PIPE_MAX_PACKETS, sizeof(got), &got, NULL);
    KT_EQ(t, got, MAX, "CL_PIPE_MAX_PACKETS", 0);
    cl_mem bin = kt_buffer_arg(t, prod, 0, sizeof(int) * MORE, in);
    cl_mem bstat = kt_buffer_arg(t, prod, 1, sizeof(status), NULL);
    cl_mem bout = kt_buffer_arg(t, cons, 0, sizeof(out), NULL);
    kt_arg(t, prod, 2, sizeof(p), &p);
    kt_arg(t, cons, 1, sizeof(p), &p);

    /* N packets in, N + 4 reads: the last four find the pipe empty */
    run(t, prod, N);
    run(t, cons, TRIES);
    kt_read(t, bstat, sizeof(int) * N, status);
    kt_read(t, bout, sizeof(int) * 2 * TRIES, out);
    for (int i = 0; i < N; i++)
        KT_EQ(t, status[i], 0, "write_pipe status", i);
    for (int i = 0; i < TRIES; i++) {
        kt_expect(t, (out[2 * i] == 0) == (i < N), "read_pipe status[%d]: %d", i, out[2 * i]);
        KT_EQ(t, out[2 * i + 1], i < N ? in[i] : -7, "read_pipe packet", i);
    }

    /* 140 writes into 128 places: the last 12 fail; the 128 come out in order */
    run(t, prod, MORE);
    kt_read(t, bstat, sizeof(status), status);
    for (int i = 0; i < MORE; i++)
        kt_expect(t, (status[i] == 0) == (i < MAX), "write to a full pipe, status[%d]: %d", i,
                  status[i]);
    run(t, cons, MAX);
    kt_read(t, bout, sizeof(out), out);
    for (int i = 0; i < MAX; i++)
        KT_EQ(t, out[2 * i + 1], in[i], "packet after a full pipe", i);
    clReleaseMemObject(p);
    clReleaseMemObject(bin);
    clReleaseMemObject(bstat);
    clReleaseMemObject(bout);
    clReleaseKernel(prod);
    clReleaseKernel(cons);
}

/* 500 packets through a pipe of 16: only possible with both kernels running */
static void two_queues(struct kt *t, const int *in)
{
    enum { M = 500 };
    cl_kernel out_k = kt_kernel(t, "stream_out"), in_k = kt_kernel(t, "stream_in");
    int n = M, *out = calloc(M, sizeof(int));
    cl_int err;
    cl_command_queue q2 = clCreateCommandQueueWithProperties(t->context, t->device, NULL, &err);
    cl_mem p = new_pipe(t, sizeof(int), 16);
    cl_mem bin = kt_buffer_arg(t, out_k, 0, sizeof(int) * M, in);
    cl_mem bout = kt_buffer_arg(t, in_k, 0, sizeof(int) * M, NULL);
    kt_arg(t, out_k, 1, sizeof(n), &n);
    kt_arg(t, in_k, 1, sizeof(n), &n);
    kt_arg(t, out_k, 2, sizeof(p), &p);
    kt_arg(t, in_k, 2, sizeof(p), &p);
    err = clEnqueueTask(q2, in_k, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "consumer enqueue: %d", err);
    clFlush(q2);
    err = clEnqueueTask(t->queue, out_k, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "producer enqueue: %d", err);
    clFinish(t->queue);
    clFinish(q2);
    kt_read(t, bout, sizeof(int) * M, out);
    for (int i = 0; i < M; i++)
        KT_EQ(t, out[i], in[i], "two queues", i);
    free(out);
    clReleaseCommandQueue(q2);
    clReleaseMemObject(p);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(out_k);
    clReleaseKernel(in_k);
}

static void packet_types(struct kt *t, const int *in)
{
    enum { M = 64 };
    cl_kernel vo = kt_kernel(t, "vec_out"), vi = kt_kernel(t, "vec_in");
    float vals[5 * M];
    int keys[2 * M];
    cl_mem pv = new_pipe(t, 16, M), pr = new_pipe(t, 12, M);
    cl_mem bin = kt_buffer_arg(t, vo, 0, sizeof(int) * M, in);
    cl_mem bvals = kt_buffer_arg(t, vi, 0, sizeof(vals), NULL);
    cl_mem bkeys = kt_buffer_arg(t, vi, 1, sizeof(keys), NULL);
    kt_arg(t, vo, 1, sizeof(pv), &pv);
    kt_arg(t, vo, 2, sizeof(pr), &pr);
    kt_arg(t, vi, 2, sizeof(pv), &pv);
    kt_arg(t, vi, 3, sizeof(pr), &pr);
    run(t, vo, M);
    run(t, vi, M);
    kt_read(t, bvals, sizeof(vals), vals);
    kt_read(t, bkeys, sizeof(keys), keys);
    for (int i = 0; i < M; i++) {
        kt_expect(t,
                  vals[4 * i] == (float)in[i] && vals[4 * i + 1] == (float)i &&
                      vals[4 * i + 2] == -0.25f && vals[4 * i + 3] == (float)(in[i] >> 3),
                  "float4 packet %d: %g %g %g %g", i, vals[4 * i], vals[4 * i + 1], vals[4 * i + 2],
                  vals[4 * i + 3]);
        kt_expect(t, vals[4 * M + i] == (float)i * 0.125f, "struct value %d: %g", i,
                  vals[4 * M + i]);
        KT_EQ(t, keys[2 * i], in[i] ^ 0x55, "struct key", i);
        KT_EQ(t, keys[2 * i + 1], -i, "struct tag", i);
    }
    clReleaseMemObject(pv);
    clReleaseMemObject(pr);
    clReleaseMemObject(bin);
    clReleaseMemObject(bvals);
    clReleaseMemObject(bkeys);
    clReleaseKernel(vo);
    clReleaseKernel(vi);
}

static void reservations(struct kt *t, const int *in)
{
    enum { WRITERS = 8, READERS = 20 };
    cl_kernel ro = kt_kernel(t, "reserve_out"), ri = kt_kernel(t, "reserve_in"),
              go = kt_kernel(t, "group_out"), cons = kt_kernel(t, "consume");
    int ok[WRITERS], out[2 * READERS], info[2];
    cl_mem p = new_pipe(t, sizeof(int), 64);
    cl_mem bin = kt_buffer_arg(t, ro, 0, sizeof(int) * 4 * WRITERS, in);
    cl_mem bok = kt_buffer_arg(t, ro, 1, sizeof(ok), NULL);
    cl_mem bout = kt_buffer_arg(t, ri, 0, sizeof(out), NULL);
    cl_mem binfo = kt_buffer_arg(t, ri, 1, sizeof(info), NULL);
    kt_arg(t, ro, 2, sizeof(p), &p);
    kt_arg(t, ri, 2, sizeof(p), &p);
    run(t, ro, WRITERS);
    run(t, ri, READERS);
    kt_read(t, bok, sizeof(ok), ok);
    kt_read(t, bout, sizeof(out), out);
    kt_read(t, binfo, sizeof(info), info);
    for (int i = 0; i < WRITERS; i++)
        KT_EQ(t, ok[i], 1, "reserve_write_pipe valid", i);
    KT_EQ(t, info[0], 4 * WRITERS, "get_pipe_num_packets", 0);
    KT_EQ(t, info[1], 64, "get_pipe_max_packets", 0);
    for (int i = 0; i < READERS; i++) {
        int full = i < 2 * WRITERS;
        KT_EQ(t, out[2 * i], full ? in[2 * i] : -1, "reserved read a", i);
        KT_EQ(t, out[2 * i + 1], full ? in[2 * i + 1] : -1, "reserved read b", i);
    }

    /* work-group reservations: each group of 8 writes its packets in reverse */
    cl_mem bout2 = kt_buffer_arg(t, cons, 0, sizeof(int) * 2 * 16, NULL);
    int out2[32];
    kt_arg(t, go, 0, sizeof(bin), &bin);
    kt_arg(t, go, 1, sizeof(p), &p);
    kt_arg(t, cons, 1, sizeof(p), &p);
    size_t g = 16, l = 8;
    kt_run(t, go, 1, NULL, &g, &l);
    run(t, cons, 16);
    kt_read(t, bout2, sizeof(out2), out2);
    for (int i = 0; i < 16; i++)
        KT_EQ(t, out2[2 * i + 1], in[(i / 8) * 8 + 7 - i % 8], "work-group reservation", i);
    clReleaseMemObject(bout2);
    clReleaseMemObject(p);
    clReleaseMemObject(bin);
    clReleaseMemObject(bok);
    clReleaseMemObject(bout);
    clReleaseMemObject(binfo);
    clReleaseKernel(ro);
    clReleaseKernel(ri);
    clReleaseKernel(go);
    clReleaseKernel(cons);
}

int main(int argc, char **argv)
{
    struct kt t;
    int in[640];
    uint64_t seed = 21;

    kt_init(&t, "pipes", argc > 1 ? argv[1] : "pipes.oclbin");
    for (int i = 0; i < 640; i++)
        in[i] = (int)(kt_rand(&seed) % 2000000) - 1000000;
    in_order(&t, in);
    two_queues(&t, in);
    packet_types(&t, in);
    reservations(&t, in);
    return kt_finish(&t);
}
