// SPDX-License-Identifier: MIT
/*
 * float_kernels.cl on the sim board. Results that the kernel computes in a fixed order of
 * IEEE-754 operations (vector add, mad, the in-order sum, the blur) must match the same
 * operations on the host bit for bit: OpenCL C contracts a * b + c into one fused
 * multiply-add (FP_CONTRACT ON), so the references use fmaf where the kernel contracts.
 * dot and normalize are checked against double precision within the spec's bounds. moments
 * runs with units shared between operations of its loop (hls/transform/share_units.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 512 };
static uint64_t rng = 777;

static float rand_float(float lo, float hi)
{
    return lo + (hi - lo) * (float)(kt_rand(&rng) >> 40) / (float)(1 << 24);
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void release(cl_kernel k, cl_mem *bufs, int n)
{
    for (int i = 0; i < n; i++)
        clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
}

static void test_vadd_saxpy(struct kt *t)
{
    static float a[N], b[N], c[N], y[N];
    size_t global = N;
    for (int i = 0; i < N; i++) {
        a[i] = rand_float(-1e3f, 1e3f);
        b[i] = i % 7 ? rand_float(-1e3f, 1e3f) : -a[i]; /* exact cancellation too */
        y[i] = b[i];
    }
    cl_kernel k = kt_kernel(t, "vadd");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(c), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(c), c);
    for (int i = 0; i < N; i++)
        KT_EQ(t, bits(c[i]), bits(a[i] + b[i]), "vadd", i);
    release(k, m, 3);

    float alpha = -1.75f;
    k = kt_kernel(t, "saxpy");
    kt_arg(t, k, 0, sizeof(alpha), &alpha);
    cl_mem s[2] = {kt_buffer_arg(t, k, 1, sizeof(a), a), kt_buffer_arg(t, k, 2, sizeof(y), y)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, s[1], sizeof(c), c);
    for (int i = 0; i < N; i++)
        KT_EQ(t, bits(c[i]), bits(fmaf(alpha, a[i], y[i])), "saxpy (mad)", i);
    release(k, s, 2);
}

static void test_dot_normalize(struct kt *t)
{
    enum { M = N / 4 };
    static float p[N], q[N], dots[M], units[N];
    size_t global = M;
    for (int i = 0; i < N; i++) {
        int scale = (int)(kt_rand(&rng) % 80) - 40; /* magnitudes 2^-40 .. 2^40 */
        p[i] = ldexpf(rand_float(-1, 1), scale);
        q[i] = rand_float(-100, 100);
    }
    cl_kernel k = kt_kernel(t, "dot_normalize");
    cl_mem m[4] = {kt_buffer_arg(t, k, 0, sizeof(p), p), kt_buffer_arg(t, k, 1, sizeof(q), q),
                   kt_buffer_arg(t, k, 2, sizeof(dots), NULL),
                   kt_buffer_arg(t, k, 3, sizeof(units), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(dots), dots);
    kt_read(t, m[3], sizeof(units), units);
    for (int i = 0; i < M; i++) {
        double d = 0, mag = 0, len = 0;
        for (int j = 0; j < 4; j++) {
            d += (double)p[4 * i + j] * q[4 * i + j];
            mag += fabs((double)p[4 * i + j] * q[4 * i + j]);
            len += (double)p[4 * i + j] * p[4 * i + j];
        }
        /* a dot product of n terms in float: within (2n - 1) roundings of the magnitudes */
        double tol = 7 * 0x1p-24 * mag + 0x1p-149;
        kt_expect(t, fabs(dots[i] - d) <= tol, "dot[%d]: got %a, want %a (+-%a)", i,
                  (double)dots[i], d, tol);
        len = sqrt(len);
        for (int j = 0; j < 4; j++) {
            double want = p[4 * i + j] / len, ulp = ldexp(1, ilogb(want) - 23);
            /* normalize: a division and a square root per lane, a few ulps at most */
            kt_expect(t, fabs(units[4 * i + j] - want) <= 4 * ulp,
                      "normalize[%d].s%d: got %a, want %a", i, j, (double)units[4 * i + j], want);
        }
    }
    release(k, m, 4);
}

static void test_sum(struct kt *t)
{
    static float x[N];
    float got, want = 0;
    int n = N - 3;
    for (int i = 0; i < N; i++)
        x[i] = rand_float(-10, 10) * (i % 5 ? 1.0f : 1e5f);
    for (int i = 0; i < n; i++)
        want += x[i];
    cl_kernel k = kt_kernel(t, "sum");
    cl_mem m[2] = {kt_buffer_arg(t, k, 0, sizeof(x), x), kt_buffer_arg(t, k, 2, 4, NULL)};
    kt_arg(t, k, 1, sizeof(n), &n);
    kt_task(t, k);
    kt_read(t, m[1], 4, &got);
    KT_EQ(t, bits(got), bits(want), "sum (in order)", 0);
    release(k, m, 2);
}

/* The same sums in the same order, contracted where OpenCL C contracts them. */
static void test_moments(struct kt *t)
{
    static float x[N];
    float got[3], s1 = 0, s2 = 0, s3 = 0;
    int n = N - 5;
    for (int i = 0; i < N; i++)
        x[i] = rand_float(-3, 3);
    for (int i = 0; i < n; i++) {
        s1 = (s1 + x[i]) + 0.25f;
        s2 = fmaf(x[i], x[i], s2);
        s3 = fmaf(x[i] * x[i], x[i], s3);
    }
    cl_kernel k = kt_kernel(t, "moments");
    cl_mem m[2] = {kt_buffer_arg(t, k, 0, sizeof(x), x), kt_buffer_arg(t, k, 2, sizeof(got), NULL)};
    kt_arg(t, k, 1, sizeof(n), &n);
    kt_task(t, k);
    kt_read(t, m[1], sizeof(got), got);
    KT_EQ(t, bits(got[0]), bits(s1), "moments: sum (a shared adder)", 0);
    KT_EQ(t, bits(got[1]), bits(s2), "moments: sum of squares (a shared fma)", 1);
    KT_EQ(t, bits(got[2]), bits(s3), "moments: sum of cubes (a shared fma)", 2);
    release(k, m, 2);
}

static unsigned char sat_uchar(float v)
{
    if (isnan(v) || v <= 0)
        return 0;
    return v >= 255 ? 255 : (unsigned char)v; /* toward zero, as convert_uchar_sat */
}

static void test_blur(struct kt *t)
{
    enum { W = 24, H = 16 };
    static unsigned char in[W * H], out[W * H];
    size_t global[2] = {W, H};
    int w = W, h = H;
    float gain = 1.3f, offset = -20.5f;
    for (int i = 0; i < W * H; i++)
        in[i] = (unsigned char)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "blur");
    cl_mem m[2] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(out), NULL)};
    kt_arg(t, k, 2, sizeof(w), &w);
    kt_arg(t, k, 3, sizeof(h), &h);
    kt_arg(t, k, 4, sizeof(gain), &gain);
    kt_arg(t, k, 5, sizeof(offset), &offset);
    kt_run(t, k, 2, NULL, global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float acc = 0.0f;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int sx = x + dx < 0 ? 0 : x + dx >= W ? W - 1 : x + dx;
                    int sy = y + dy < 0 ? 0 : y + dy >= H ? H - 1 : y + dy;
                    float wt = (dx == 0 ? 2.0f : 1.0f) * (dy == 0 ? 2.0f : 1.0f);
                    acc = fmaf(wt, (float)in[sy * W + sx], acc);
                }
            unsigned char want = sat_uchar(fmaf(acc, gain / 16.0f, offset));
            KT_EQ(t, out[y * W + x], want, "blur", (size_t)(y * W + x));
        }
    release(k, m, 2);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "float_kernels", argc > 1 ? argv[1] : "float_kernels.cl");
    test_vadd_saxpy(&t);
    test_dot_normalize(&t);
    test_sum(&t);
    test_moments(&t);
    test_blur(&t);
    return kt_finish(&t);
}
