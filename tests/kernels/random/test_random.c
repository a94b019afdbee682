// SPDX-License-Identifier: MIT
/*
 * Runs the random kernels of one generated program (gen_random_kernels SEED) and compares
 * every output with the generated C reference. Built once per seed with
 * -DREF_HEADER="random_SEED_ref.h" and -fwrapv:
 *
 *   test_random_SEED random_SEED.oclbin|random_SEED.cl
 *
 * Each kernel runs RUNS times over its work-items (the table's global size; a single
 * work-item kernel once, by clEnqueueTask or a global size of 1 in turn) with fresh inputs:
 * edge values of every type (0, 1, -1, MIN, MAX, ...) in half the elements, random values of
 * all magnitudes in the rest, and an edge or random scalar argument. The output buffer starts
 * as a sentinel, so elements that no work-item stores are checked too; the reference runs the
 * work-items one after the other on a copy that starts the same (a work-item may read back
 * what it stored: work-items never touch each other's elements).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#ifndef REF_HEADER
#error "build with -DREF_HEADER=\"random_SEED_ref.h\""
#endif
#include REF_HEADER

#define RUNS 3
#define SENTINEL 0xa5

static size_t type_size(int t)
{
    return (size_t)1 << (t / 2);
}
static int type_signed(int t)
{
    return t % 2 == 0;
}
static const char *const type_names[] = {"char", "uchar", "short", "ushort",
                                         "int",  "uint",  "long",  "ulong"};

/* Element i of a buffer of type t, sign- or zero-extended (little-endian host). */
static uint64_t get(int t, const void *buf, size_t i)
{
    uint64_t v = 0;
    size_t n = type_size(t);
    memcpy(&v, (const char *)buf + i * n, n);
    if (n < 8 && type_signed(t) && (v >> (n * 8 - 1)))
        v |= ~0ull << (n * 8);
    return v;
}

static void put(int t, void *buf, size_t i, uint64_t v)
{
    memcpy((char *)buf + i * type_size(t), &v, type_size(t));
}

static char *show(int t, uint64_t v, char *buf, size_t size)
{
    if (type_signed(t))
        snprintf(buf, size, "(%s)%lld", type_names[t], (long long)v);
    else
        snprintf(buf, size, "(%s)%llu", type_names[t], (unsigned long long)v);
    return buf;
}

static const uint64_t edges[] = {0,
                                 1,
                                 2,
                                 3,
                                 4,
                                 7,
                                 8,
                                 31,
                                 32,
                                 63,
                                 (uint64_t)-1,
                                 (uint64_t)-2,
                                 0x7f,
                                 0x80,
                                 0xff,
                                 0x7fff,
                                 0x8000,
                                 0xffff,
                                 0x7fffffff,
                                 0x80000000,
                                 0xffffffff,
                                 0x7fffffffffffffffull,
                                 0x8000000000000000ull,
                                 (uint64_t)-128,
                                 (uint64_t)-129,
                                 (uint64_t)-32768,
                                 (uint64_t)-32769,
                                 0xffffffff80000000ull,
                                 0xffffffff7fffffffull};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

static uint64_t value(size_t i, uint64_t *rng)
{
    if (i % 2 == 0)
        return edges[kt_rand(rng) % NEDGES];
    uint64_t v = kt_rand(rng) >> (kt_rand(rng) & 63); /* all magnitudes */
    return kt_rand(rng) & 1 ? (uint64_t)0 - v : v;
}

static void run(struct kt *t, const struct rk_kernel *k, cl_kernel kernel, int r, uint64_t *rng)
{
    void *in[3], *got, *want;
    cl_mem din[3], dout;
    size_t n = (size_t)k->global, nin = (size_t)k->nin;
    size_t out_bytes = (size_t)k->nout * n * type_size(k->out);
    for (int j = 0; j < 3; j++) {
        in[j] = malloc(nin * type_size(k->in[j]));
        for (size_t i = 0; i < nin; i++)
            put(k->in[j], in[j], i, value(i, rng));
        din[j] = kt_buffer(t, nin * type_size(k->in[j]), in[j]);
        kt_arg(t, kernel, (cl_uint)j, sizeof(cl_mem), &din[j]);
    }
    got = malloc(out_bytes);
    want = malloc(out_bytes);
    if (!in[0] || !in[1] || !in[2] || !got || !want) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memset(got, SENTINEL, out_bytes);
    memset(want, SENTINEL, out_bytes);
    dout = kt_buffer(t, out_bytes, got);
    kt_arg(t, kernel, 3, sizeof(cl_mem), &dout);
    /* The scalar: an edge value in the first runs, random in the last. */
    uint64_t s = r < RUNS - 1 ? edges[kt_rand(rng) % NEDGES] : value(1, rng);
    s = get(k->scalar, &s, 0); /* truncated to its type and extended again */
    kt_arg(t, kernel, 4, type_size(k->scalar), &s);

    if (k->task && r % 2)
        kt_task(t, kernel);
    else
        kt_run(t, kernel, 1, NULL, &n, NULL);
    kt_read(t, dout, out_bytes, got);
    for (size_t gid = 0; gid < n; gid++)
        k->ref(in[0], in[1], in[2], want, s, gid);

    for (size_t gid = 0; gid < n; gid++) {
        for (int o = 0; o < k->nout; o++) {
            size_t idx = gid * (size_t)k->nout + (size_t)o;
            uint64_t g = get(k->out, got, idx), w = get(k->out, want, idx);
            char b[6][64];
            kt_expect(
                t, g == w, "%s run %d gid %zu out[%zu]: in0=%s in1=%s in2=%s s=%s: got %s, want %s",
                k->name, r, gid, idx, show(k->in[0], get(k->in[0], in[0], gid), b[0], 64),
                show(k->in[1], get(k->in[1], in[1], gid), b[1], 64),
                show(k->in[2], get(k->in[2], in[2], gid), b[2], 64), show(k->scalar, s, b[3], 64),
                show(k->out, g, b[4], 64), show(k->out, w, b[5], 64));
        }
    }
    for (int j = 0; j < 3; j++) {
        clReleaseMemObject(din[j]);
        free(in[j]);
    }
    clReleaseMemObject(dout);
    free(got);
    free(want);
}

int main(int argc, char **argv)
{
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s %s.oclbin|%s.cl\n", argv[0], RK_PROGRAM, RK_PROGRAM);
        return 2;
    }
    kt_init(&t, RK_PROGRAM, argv[1]);
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < RK_COUNT; i++) {
        cl_kernel kernel = kt_kernel(&t, rk_kernels[i].name);
        for (int r = 0; r < RUNS; r++)
            run(&t, &rk_kernels[i], kernel, r, &rng);
        clReleaseKernel(kernel);
    }
    return kt_finish(&t);
}
