// SPDX-License-Identifier: MIT
/*
 * single_wi.cl: single work-item kernels, each launched with clEnqueueTask and compared with
 * the same loop in C: streaming, a reduction, a recurrence through a divider, a recurrence
 * through memory, an ivdep scatter through a permutation, #pragma unroll 4 with trip counts
 * 0, 3 and 1001 (outputs past n must stay untouched), an unrolled FIR, nested loops, and
 * iterations that meet in memory at different offsets (read and write after write).
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

#define N 2000
#define SENTINEL 0x5a5a5a5a

static uint64_t rng = 31337;

static void fill(int32_t *a, int n, int lo, int hi)
{
    for (int i = 0; i < n; i++)
        a[i] = lo + (int32_t)(kt_rand(&rng) % (uint64_t)(hi - lo + 1));
}

static void test_stream(struct kt *t)
{
    int32_t a[N], b[N], c[N];
    int k = -12345, n = N;
    fill(a, N, -40000, 40000);
    fill(b, N, -40000, 40000);
    cl_kernel kn = kt_kernel(t, "stream");
    cl_mem da = kt_buffer_arg(t, kn, 0, sizeof(a), a);
    cl_mem db = kt_buffer_arg(t, kn, 1, sizeof(b), b);
    cl_mem dc = kt_buffer_arg(t, kn, 2, sizeof(c), NULL);
    kt_arg(t, kn, 3, sizeof(int), &k);
    kt_arg(t, kn, 4, sizeof(int), &n);
    kt_task(t, kn);
    kt_read(t, dc, sizeof(c), c);
    for (int i = 0; i < N; i++)
        KT_EQ(t, c[i], a[i] * b[i] + k, "stream", i);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    clReleaseKernel(kn);
}

static void test_reduce(struct kt *t)
{
    int32_t a[N], out[2] = {SENTINEL, SENTINEL}, sum = 0;
    fill(a, N, -100000, 100000);
    cl_kernel k = kt_kernel(t, "reduce");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), out);
    for (int n = N; n >= 0; n -= N) { /* n = 0: the sum of nothing */
        kt_arg(t, k, 2, sizeof(int), &n);
        kt_task(t, k);
        kt_read(t, dout, sizeof(out), out);
        sum = 0;
        for (int i = 0; i < n; i++)
            sum += a[i];
        kt_expect(t, out[0] == sum, "reduce n=%d: got %d, want %d", n, out[0], sum);
        KT_EQ(t, out[1], SENTINEL, "reduce out (untouched)", 1);
    }
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_div_recurrence(struct kt *t)
{
    enum { NR = 300 }; /* II is a divider's latency or more: keep the run short */
    uint32_t a[NR], out[NR], seed = 987654321u, x;
    int n = NR;
    for (int i = 0; i < NR; i++)
        a[i] = (uint32_t)kt_rand(&rng) >> (i % 29);
    cl_kernel k = kt_kernel(t, "div_recurrence");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(uint32_t), &seed);
    kt_arg(t, k, 3, sizeof(int), &n);
    kt_task(t, k);
    kt_read(t, dout, sizeof(out), out);
    x = seed;
    for (int i = 0; i < NR; i++) {
        x = (x * 7 + a[i]) / (1 + (x & 15));
        KT_EQ(t, out[i], x, "div_recurrence", i);
    }
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_mem_recurrence(struct kt *t)
{
    enum { NR = 300 };
    uint32_t a[NR], b[NR], want[NR];
    int n = NR;
    for (int i = 0; i < NR; i++) {
        a[i] = (uint32_t)kt_rand(&rng);
        b[i] = (uint32_t)kt_rand(&rng);
    }
    want[0] = a[0];
    for (int i = 1; i < NR; i++)
        want[i] = want[i - 1] * 3 + b[i];
    cl_kernel k = kt_kernel(t, "mem_recurrence");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem db = kt_buffer_arg(t, k, 1, sizeof(b), b);
    kt_arg(t, k, 2, sizeof(int), &n);
    kt_task(t, k);
    kt_read(t, da, sizeof(a), a);
    for (int i = 0; i < NR; i++)
        KT_EQ(t, a[i], want[i], "mem_recurrence", i);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseKernel(k);
}

static void test_ivdep_scatter(struct kt *t)
{
    int32_t a[N], idx[N], b[N], want[N];
    int n = N;
    fill(a, N, -100000, 100000);
    fill(b, N, -100000, 100000);
    for (int i = 0; i < N; i++)
        idx[i] = i;
    for (int i = N - 1; i > 0; i--) { /* Fisher-Yates: a permutation */
        int j = (int)(kt_rand(&rng) % (uint64_t)(i + 1)), s = idx[i];
        idx[i] = idx[j];
        idx[j] = s;
    }
    for (int i = 0; i < N; i++)
        want[i] = a[i];
    for (int i = 0; i < N; i++)
        want[idx[i]] += b[i];
    cl_kernel k = kt_kernel(t, "ivdep_scatter");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem didx = kt_buffer_arg(t, k, 1, sizeof(idx), idx);
    cl_mem db = kt_buffer_arg(t, k, 2, sizeof(b), b);
    kt_arg(t, k, 3, sizeof(int), &n);
    kt_task(t, k);
    kt_read(t, da, sizeof(a), a);
    for (int i = 0; i < N; i++)
        KT_EQ(t, a[i], want[i], "ivdep_scatter", i);
    clReleaseMemObject(da);
    clReleaseMemObject(didx);
    clReleaseMemObject(db);
    clReleaseKernel(k);
}

static void test_unroll4(struct kt *t)
{
    static const int trips[] = {0, 3, 1001};
    int32_t a[N], out[N];
    fill(a, N, -100000, 100000);
    cl_kernel k = kt_kernel(t, "unroll4");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    for (size_t r = 0; r < sizeof(trips) / sizeof(trips[0]); r++) {
        int n = trips[r], acc = 0;
        for (int i = 0; i < N; i++)
            out[i] = SENTINEL;
        if (clEnqueueWriteBuffer(t->queue, dout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL))
            kt_expect(t, 0, "unroll4: clEnqueueWriteBuffer failed");
        kt_arg(t, k, 2, sizeof(int), &n);
        kt_task(t, k);
        kt_read(t, dout, sizeof(out), out);
        for (int i = 0; i < N; i++) {
            int32_t want = SENTINEL;
            if (i < n) {
                want = a[i] * 5 - (acc >> 2);
                acc += a[i];
            }
            kt_expect(t, out[i] == want, "unroll4 n=%d [%d]: got %d, want %d", n, i, out[i], want);
        }
    }
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_fir8(struct kt *t)
{
    enum { NF = 500 };
    int32_t x[NF + 7], h[8] = {1, -2, 3, 5, 5, 3, -2, 1}, y[NF];
    int n = NF;
    fill(x, NF + 7, -30000, 30000);
    cl_kernel k = kt_kernel(t, "fir8");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(h), h);
    cl_mem dy = kt_buffer_arg(t, k, 2, sizeof(y), NULL);
    kt_arg(t, k, 3, sizeof(int), &n);
    kt_task(t, k);
    kt_read(t, dy, sizeof(y), y);
    for (int i = 0; i < NF; i++) {
        int32_t acc = 0;
        for (int j = 0; j < 8; j++)
            acc += x[i + j] * h[j];
        KT_EQ(t, y[i], acc, "fir8", i);
    }
    clReleaseMemObject(dx);
    clReleaseMemObject(dh);
    clReleaseMemObject(dy);
    clReleaseKernel(k);
}

static void test_matvec(struct kt *t)
{
    enum { ROWS = 20, COLS = 30 };
    int32_t m[ROWS * COLS], v[COLS], y[ROWS];
    int rows = ROWS, cols = COLS;
    fill(m, ROWS * COLS, -1000, 1000);
    fill(v, COLS, -1000, 1000);
    cl_kernel k = kt_kernel(t, "matvec");
    cl_mem dm = kt_buffer_arg(t, k, 0, sizeof(m), m);
    cl_mem dv = kt_buffer_arg(t, k, 1, sizeof(v), v);
    cl_mem dy = kt_buffer_arg(t, k, 2, sizeof(y), NULL);
    kt_arg(t, k, 3, sizeof(int), &rows);
    kt_arg(t, k, 4, sizeof(int), &cols);
    kt_task(t, k);
    kt_read(t, dy, sizeof(y), y);
    for (int r = 0; r < ROWS; r++) {
        int32_t acc = 0;
        for (int c = 0; c < COLS; c++)
            acc += m[r * COLS + c] * v[c];
        KT_EQ(t, y[r], acc, "matvec", r);
    }
    clReleaseMemObject(dm);
    clReleaseMemObject(dv);
    clReleaseMemObject(dy);
    clReleaseKernel(k);
}

static void test_skewed(struct kt *t)
{
    enum { NS = 100 };
    int32_t init[2 * NS + 4], out[2 * NS + 4], wr[2 * NS + 2];
    fill(init, 2 * NS + 4, -1000, 1000);
    cl_kernel k = kt_kernel(t, "skewed");
    for (int s = 0; s < 2; s++) {
        int n = NS;
        cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), init);
        cl_mem dwr = kt_buffer_arg(t, k, 1, sizeof(wr), NULL);
        kt_arg(t, k, 2, sizeof(int), &n);
        kt_arg(t, k, 3, sizeof(int), &s);
        kt_task(t, k);
        kt_read(t, dout, sizeof(out), out);
        kt_read(t, dwr, sizeof(wr), wr);
        int32_t ref[2 * NS + 4], rwr[2 * NS + 2] = {0}, acc = 0;
        memcpy(ref, init, sizeof(ref));
        for (int i = 0; i < n; i++) {
            if (s)
                ref[2 * i + 2] = i + 1;
            acc = acc * 3 + ref[2 * i];
            rwr[2 * i + 2] = -1;
            rwr[2 * i] = acc;
        }
        ref[2 * n + 3] = acc;
        for (int i = 0; i < 2 * NS + 4; i++)
            KT_EQ(t, out[i], ref[i], s ? "skewed out (s = 1)" : "skewed out (s = 0)", i);
        for (int i = 0; i < 2 * NS + 2; i++)
            KT_EQ(t, wr[i], rwr[i], "skewed wr", i);
        clReleaseMemObject(dout);
        clReleaseMemObject(dwr);
    }
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;

    if (argc != 2) {
        fprintf(stderr, "usage: %s single_wi.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "single_wi", argv[1]);
    test_stream(&t);
    test_reduce(&t);
    test_div_recurrence(&t);
    test_mem_recurrence(&t);
    test_ivdep_scatter(&t);
    test_unroll4(&t);
    test_fir8(&t);
    test_matvec(&t);
    test_skewed(&t);
    return kt_finish(&t);
}
