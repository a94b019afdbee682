// SPDX-License-Identifier: MIT
/*
 * vectors.cl: integer vector types (arithmetic, literals, swizzles, comparisons, vector ?:,
 * vload/vstore at element alignment) against the same computations in C, lane by lane.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 96 };
static uint64_t rng = 99;

static void release(cl_kernel k, cl_mem *bufs, int n)
{
    for (int i = 0; i < n; i++)
        clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
}

static void test_add4(struct kt *t)
{
    static cl_int a[N * 4], b[N * 4], c[N * 4];
    size_t global = N;
    for (int i = 0; i < N * 4; i++) {
        a[i] = (cl_int)kt_rand(&rng);
        b[i] = (cl_int)kt_rand(&rng);
    }
    cl_kernel k = kt_kernel(t, "add4");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(c), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(c), c);
    for (int i = 0; i < N * 4; i++)
        KT_EQ(t, c[i], (cl_int)((cl_uint)a[i] + (cl_uint)b[i] * (cl_uint)(i % 4 + 1) - 7u), "add4",
              i);
    release(k, m, 3);
}

static void test_swizzle(struct kt *t)
{
    static cl_int in[N * 8], out[N * 8];
    size_t global = N;
    for (int i = 0; i < N * 8; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 60001) - 30000; /* products fit in an int */
    cl_kernel k = kt_kernel(t, "swizzle");
    cl_mem m[2] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(out), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    for (int i = 0; i < N; i++) {
        const cl_int *v = &in[i * 8];
        cl_int q[4] = {v[3] + v[4], v[2] + v[4], v[1] + v[5], v[0] + v[5]};
        cl_int r[4] = {v[0] ^ v[7], v[2] ^ v[6], v[7] ^ v[5], v[5] ^ v[4]};
        cl_int want[8] = {q[0], q[1], q[2], q[3], r[2], r[3], (v[0] * v[7]) / 16, 5};
        for (int j = 0; j < 8; j++)
            KT_EQ(t, out[i * 8 + j], want[j], "swizzle", i * 8 + j);
    }
    release(k, m, 2);
}

static void test_compare(struct kt *t)
{
    static cl_short a[N * 4], b[N * 4], lt[N * 4], mx[N * 4];
    size_t global = N;
    for (int i = 0; i < N * 4; i++) {
        a[i] = (cl_short)kt_rand(&rng);
        b[i] = i % 7 ? (cl_short)kt_rand(&rng) : a[i];
    }
    cl_kernel k = kt_kernel(t, "compare");
    cl_mem m[4] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(lt), NULL),
                   kt_buffer_arg(t, k, 3, sizeof(mx), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(lt), lt);
    kt_read(t, m[3], sizeof(mx), mx);
    for (int i = 0; i < N * 4; i++) {
        KT_EQ(t, lt[i], a[i] < b[i] ? -1 : 0, "vector <", i);
        KT_EQ(t, mx[i], a[i] > b[i] ? a[i] : b[i], "vector ?:", i);
    }
    release(k, m, 4);
}

static void test_load_store(struct kt *t)
{
    static cl_uchar bytes[N * 16 + 16];
    static cl_long wide[N * 2 + 2];
    static cl_int out3[N * 3];
    static cl_ulong out2[N * 2];
    size_t global = N;
    for (size_t i = 0; i < sizeof(bytes); i++)
        bytes[i] = (cl_uchar)kt_rand(&rng);
    for (int i = 0; i < N * 2 + 2; i++)
        wide[i] = (cl_long)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "load_store");
    cl_mem m[4] = {
        kt_buffer_arg(t, k, 0, sizeof(bytes), bytes), kt_buffer_arg(t, k, 1, sizeof(wide), wide),
        kt_buffer_arg(t, k, 2, sizeof(out3), NULL), kt_buffer_arg(t, k, 3, sizeof(out2), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(out3), out3);
    kt_read(t, m[3], sizeof(out2), out2);
    for (int i = 0; i < N; i++) {
        const cl_uchar *u = &bytes[1 + i * 16];
        cl_int s[3] = {u[0] + u[15], u[7] - u[8], u[3] * u[12]};
        for (int j = 0; j < 3; j++)
            KT_EQ(t, out3[i * 3 + j], s[j], "vload16/vstore3", i * 3 + j);
        const cl_long *w = &wide[1 + i * 2];
        KT_EQ(t, out2[i * 2], (cl_ulong)w[0] >> 3, "vload2/vstore2 x", i);
        KT_EQ(t, out2[i * 2 + 1], (cl_ulong)w[1] + u[5], "vload2/vstore2 y", i);
    }
    release(k, m, 4);
}

/* vector_args: vector arguments by value, each lane from its own argument bytes. */
static void test_vector_args(struct kt *t)
{
    enum { ITEMS = 8 };
    static cl_int out[ITEMS * 4];
    cl_int4 a = {{11, -22, 33, -44}};
    cl_uchar3 b = {{0xa1, 0xb2, 0xc3}};
    cl_int s = 1000;
    cl_long2 c = {{(cl_long)0x1234567887654321LL, (cl_long)0x0fedcba9abcdef01LL}};
    cl_short8 d = {{-1, 2, -3, 400, 5, -6, 7, -32768}};
    size_t global = ITEMS;
    cl_kernel k = kt_kernel(t, "vector_args");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(a), &a);
    kt_arg(t, k, 2, sizeof(b), &b);
    kt_arg(t, k, 3, sizeof(s), &s);
    kt_arg(t, k, 4, sizeof(c), &c);
    kt_arg(t, k, 5, sizeof(d), &d);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < ITEMS; i++) {
        KT_EQ(t, out[i * 4], a.s[i & 3] + s, "int4 argument lane", i);
        KT_EQ(t, out[i * 4 + 1], 0xa1 + 0xb2 * 256 + 0xc3 * 65536, "uchar3 argument", i);
        KT_EQ(t, out[i * 4 + 2], (cl_int)(c.s[0] >> 32) ^ (cl_int)c.s[1], "long2 argument", i);
        KT_EQ(t, out[i * 4 + 3], d.s[0] + d.s[7] - d.s[3], "short8 argument", i);
    }
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* dynamic_lanes: a lane read and a lane written at indices known only at run time. */
static void test_dynamic_lanes(struct kt *t)
{
    enum { ITEMS = 24 };
    static cl_int in[ITEMS * 8], out[ITEMS * 8], picked[ITEMS];
    size_t global = ITEMS;
    for (int i = 0; i < ITEMS * 8; i++)
        in[i] = (cl_int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "dynamic_lanes");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(out), NULL),
                   kt_buffer_arg(t, k, 2, sizeof(picked), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    kt_read(t, m[2], sizeof(picked), picked);
    for (int i = 0; i < ITEMS; i++) {
        int lane = i % 8;
        KT_EQ(t, picked[i], in[i * 8 + lane], "run-time lane read", i);
        for (int j = 0; j < 8; j++)
            KT_EQ(t, out[i * 8 + j], j == (lane + 3) % 8 ? -lane : in[i * 8 + j],
                  "run-time lane write", i * 8 + j);
    }
    release(k, m, 3);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "vectors", argc > 1 ? argv[1] : "vectors.cl");
    test_add4(&t);
    test_swizzle(&t);
    test_compare(&t);
    test_load_store(&t);
    test_vector_args(&t);
    test_dynamic_lanes(&t);
    return kt_finish(&t);
}
