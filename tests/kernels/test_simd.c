// SPDX-License-Identifier: MIT
/*
 * simd.cl: num_simd_work_items kernels (issue 31) against C: wide accesses, the ids each lane
 * sees, divergence, lane-dependent loops, __local memory across a barrier, atomics,
 * work-group functions; launches the hardware cannot run are refused. And a single work-item
 * kernel whose unrolled loop's copies of an access are one wide access.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 512 };
static uint64_t rng = 31;

static void test_vadd16(struct kt *t)
{
    static float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)(kt_rand(&rng) % 1000) * 0.25f;
        b[i] = (float)(kt_rand(&rng) % 1000) * 0.5f;
    }
    size_t g = N, l = 64;
    cl_kernel k = kt_kernel(t, "vadd16");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), db = kt_buffer_arg(t, k, 1, sizeof(b), b);
    cl_mem dc = kt_buffer_arg(t, k, 2, sizeof(c), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    for (int i = 0; i < N; i++)
        kt_expect(t, c[i] == a[i] + b[i], "vadd16[%d]: got %g, want %g", i, c[i], a[i] + b[i]);
    /* a local size other than the required one, an offset the lanes cannot start at */
    size_t bad_l = 32, off = 4, good_off = 64;
    kt_expect(t,
              clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &g, &bad_l, 0, NULL, NULL) ==
                  CL_INVALID_WORK_GROUP_SIZE,
              "vadd16: local size 32 must be refused");
    kt_expect(t,
              clEnqueueNDRangeKernel(t->queue, k, 1, &off, &g, &l, 0, NULL, NULL) ==
                  CL_INVALID_GLOBAL_OFFSET,
              "vadd16: offset 4 must be refused");
    size_t g2 = N - 64;
    memset(c, 0, sizeof(c));
    cl_mem dz = kt_buffer_arg(t, k, 2, sizeof(c), NULL);
    kt_run(t, k, 1, &good_off, &g2, &l);
    kt_read(t, dz, sizeof(c), c);
    for (int i = 0; i < N; i++) {
        float want = i < 64 ? 0.0f : a[i] + b[i];
        kt_expect(t, c[i] == want, "vadd16 offset 64 [%d]: got %g, want %g", i, c[i], want);
    }
    size_t wg[3];
    clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(wg), wg, NULL);
    KT_EQ(t, wg[0], 64, "CL_KERNEL_COMPILE_WORK_GROUP_SIZE", 0);
    clReleaseMemObject(dz);
    kt_release(k, da, db, dc);
}

static void test_ids8(struct kt *t)
{
    enum { G = 128, OFF = 48 };
    static cl_uint out[4 * G];
    size_t g = G, l = 16, off = OFF;
    cl_kernel k = kt_kernel(t, "ids8");
    cl_mem d = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_run(t, k, 1, &off, &g, &l);
    kt_read(t, d, sizeof(out), out);
    for (cl_uint i = 0; i < G; i++) {
        KT_EQ(t, out[4 * i], OFF + i, "ids8 global id", i);
        KT_EQ(t, out[4 * i + 1], i % 16 + 100 * (i / 16), "ids8 local/group", i);
        KT_EQ(t, out[4 * i + 2], G + 1000 * 16, "ids8 sizes", i);
        KT_EQ(t, out[4 * i + 3], G / 16 + 1000 * OFF, "ids8 groups/offset", i);
    }
    kt_release(k, d, NULL, NULL);
}

static void test_diverge4(struct kt *t)
{
    static cl_int a[N], c[N], odd[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 100000) - 50000;
    size_t g = N, l = 32;
    cl_kernel k = kt_kernel(t, "diverge4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    cl_mem dodd = kt_buffer_arg(t, k, 2, sizeof(odd), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    kt_read(t, dodd, sizeof(odd), odd);
    for (int i = 0; i < N; i++) {
        KT_EQ(t, c[i], (a[i] & 1) ? a[i] * 3 : a[i] - 7, "diverge4", i);
        KT_EQ(t, odd[i], (a[i] & 1) ? a[i] : 0, "diverge4 odd", i);
    }
    kt_release(k, da, dc, dodd);
}

static void test_loop8(struct kt *t)
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 1000);
    size_t g = N, l = 64;
    cl_kernel k = kt_kernel(t, "loop8");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    for (int i = 0; i < N; i++) {
        cl_int s = 0;
        for (int j = 0; j < (a[i] & 15); j++)
            s += j * a[i] + 1;
        KT_EQ(t, c[i], s, "loop8", i);
    }
    kt_release(k, da, dc, NULL);
}

static void test_local_rev4(struct kt *t)
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 100000);
    size_t g = N, l = 64;
    cl_kernel k = kt_kernel(t, "local_rev4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    for (int i = 0; i < N; i++) {
        int base = i / 64 * 64, li = i % 64;
        KT_EQ(t, c[i], a[base + 63 - li] + a[base + (li ^ 1)], "local_rev4", i);
    }
    kt_release(k, da, dc, NULL);
}

static void test_hist2(struct kt *t)
{
    static cl_uint a[N], h[8], want[8];
    for (int i = 0; i < N; i++) {
        a[i] = (cl_uint)kt_rand(&rng);
        want[a[i] & 7]++;
    }
    size_t g = N, l = 16;
    cl_kernel k = kt_kernel(t, "hist2");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dh = kt_buffer_arg(t, k, 1, sizeof(h), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dh, sizeof(h), h);
    for (int i = 0; i < 8; i++)
        KT_EQ(t, h[i], want[i], "hist2", i);
    kt_release(k, da, dh, NULL);
}

static void test_scan4(struct kt *t)
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 2001) - 1000;
    size_t g = N, l = 32;
    cl_kernel k = kt_kernel(t, "scan4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    for (int grp = 0; grp < N / 32; grp++) {
        cl_int s = 0;
        for (int i = grp * 32; i < grp * 32 + 32; i++) {
            s += a[i];
            KT_EQ(t, c[i], s + a[grp * 32 + 5] * 3, "scan4", i);
        }
    }
    kt_release(k, da, dc, NULL);
}

static void test_unroll8(struct kt *t)
{
    static float a[N], b[N];
    for (int i = 0; i < N; i++)
        a[i] = (float)(kt_rand(&rng) % 1000) * 0.125f;
    cl_int n = N - 5; /* not a multiple of 8: the remainder loop runs too */
    cl_kernel k = kt_kernel(t, "unroll8");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), db = kt_buffer_arg(t, k, 1, sizeof(b), NULL);
    kt_arg(t, k, 2, sizeof(n), &n);
    kt_task(t, k);
    kt_read(t, db, sizeof(b), b);
    for (int i = 0; i < N; i++) {
        float want = i < n ? a[i] * 2.0f + 1.0f : 0.0f;
        kt_expect(t, b[i] == want, "unroll8[%d]: got %g, want %g", i, b[i], want);
    }
    kt_release(k, da, db, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "simd", argc > 1 ? argv[1] : "simd.cl");
    test_vadd16(&t);
    test_ids8(&t);
    test_diverge4(&t);
    test_loop8(&t);
    test_local_rev4(&t);
    test_hist2(&t);
    test_scan4(&t);
    test_unroll8(&t);
    return kt_finish(&t);
}
