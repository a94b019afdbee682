// SPDX-License-Identifier: MIT
/*
 * work_group_2d.cl: the work-group functions on float and on a 2-D group, the async copies
 * (scalar and vector), and global ids read after a barrier, against C, over several
 * work-groups each.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

static uint64_t rng = 4711;

enum { N = 256, L = 64 };

/* The library's tree: the lower half takes in the upper half, halving the step. */
static float tree_sum(const float *x, int n)
{
    float s[L];
    memcpy(s, x, sizeof(float) * (size_t)n);
    for (int step = n <= 1 ? 0 : 1 << (31 - __builtin_clz((unsigned)n - 1)); step > 0; step >>= 1)
        for (int l = 0; l < step && l + step < n; l++)
            s[l] = s[l] + s[l + step];
    return s[0];
}

static void test_reduce_float(struct kt *t)
{
    static float in[N], out[4 * N];
    for (int i = 0; i < N; i++)
        in[i] = (float)((int)(kt_rand(&rng) % 2001) - 1000) / 7.0f;
    size_t n = N, local = L;
    cl_kernel k = kt_kernel(t, "reduce_float");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &n, &local);
    kt_read(t, dout, sizeof(out), out);
    kt_release(k, din, dout, NULL);
    for (int g = 0; g < N / L; g++) {
        float sum = tree_sum(in + g * L, L), mn = in[g * L], mx = -1.0f / 0.0f;
        for (int i = g * L; i < (g + 1) * L; i++)
            mn = in[i] < mn ? in[i] : mn;
        for (int i = g * L; i < (g + 1) * L; i++) {
            mx = in[i] > mx ? in[i] : mx;
            kt_expect(t, out[4 * i] == sum, "reduce_add(float)[%d]: got %a, want %a", i,
                      (double)out[4 * i], (double)sum);
            kt_expect(t, out[4 * i + 1] == mn, "reduce_min(float)[%d]", i);
            kt_expect(t, out[4 * i + 2] == mx, "scan_inclusive_max(float)[%d]", i);
            kt_expect(t, out[4 * i + 3] == in[g * L + 5], "broadcast(float)[%d]", i);
        }
    }
}

static void test_grid(struct kt *t)
{
    enum { W = 16, H = 8 }; /* 2 x 2 groups of 8 x 4 */
    static cl_int in[W * H], out[2 * W * H];
    size_t global[2] = {W, H}, local[2] = {8, 4};
    for (int i = 0; i < W * H; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 100000);
    cl_kernel k = kt_kernel(t, "grid");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 2, NULL, global, local);
    kt_read(t, dout, sizeof(out), out);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int gx = x / 8 * 8, gy = y / 4 * 4, sum = 0, i = y * W + x;
            for (int yy = gy; yy < gy + 4; yy++)
                for (int xx = gx; xx < gx + 8; xx++)
                    sum += in[yy * W + xx];
            KT_EQ(t, out[2 * i], in[(gy + 2) * W + gx + 3], "broadcast 2D", i);
            KT_EQ(t, out[2 * i + 1], sum, "reduce_add 2D", i);
        }
    kt_release(k, din, dout, NULL);
}

static void test_copies(struct kt *t)
{
    enum { G = 5 }; /* work-groups of 32, each copying a tile of 64 */
    static cl_int in[G * 64], out[G * 64];
    size_t global = G * 32, local = 32;
    for (int i = 0; i < G * 64; i++)
        in[i] = (cl_int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "copies");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < G; g++)
        for (int i = 0; i < 64; i++) /* out[g + i * G] = tile reversed */
            KT_EQ(t, out[g + i * G], in[g * 64 + 63 - i], "async copies", g + i * G);
    kt_release(k, din, dout, NULL);
}

/* copies_vec: tiles of 16 short4 reversed with their lanes reversed; int3 (4-component in
 * memory) gathered with a stride, each plus (1, 2, 3), the padding lane not compared. */
static void test_copies_vec(struct kt *t)
{
    enum { G = 3 };
    static cl_short in[G * 16 * 4], out[G * 16 * 4];
    static cl_int in3[G * 4 * 4], out3[G * 4 * 4];
    size_t global = G * 8, local = 8;
    for (int i = 0; i < G * 64; i++)
        in[i] = (cl_short)kt_rand(&rng);
    for (int i = 0; i < G * 16; i++)
        in3[i] = (cl_int)kt_rand(&rng) >> 4;
    cl_kernel k = kt_kernel(t, "copies_vec");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    cl_mem din3 = kt_buffer_arg(t, k, 2, sizeof(in3), in3);
    cl_mem dout3 = kt_buffer_arg(t, k, 3, sizeof(out3), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    kt_read(t, dout3, sizeof(out3), out3);
    for (int g = 0; g < G; g++)
        for (int i = 0; i < 16; i++)
            for (int c = 0; c < 4; c++)
                KT_EQ(t, out[(g * 16 + i) * 4 + c], in[(g * 16 + 15 - i) * 4 + 3 - c],
                      "async copies of short4", (g * 16 + i) * 4 + c);
    for (int g = 0; g < G; g++)
        for (int i = 0; i < 4; i++)
            for (int c = 0; c < 3; c++)
                KT_EQ(t, out3[(g * 4 + i) * 4 + c], in3[(g + i * G) * 4 + c] + c + 1,
                      "strided async copies of int3", (g * 4 + i) * 4 + c);
    kt_release(k, din, dout, din3);
    clReleaseMemObject(dout3);
}

/* ids_after_barrier: work-item (x, y) of an 8 x 4 range at offset (5, 3), groups of 4 x 2. */
static void test_ids_after_barrier(struct kt *t)
{
    enum { W = 8, H = 4, OX = 5, OY = 3, N = 40 };
    static cl_int out[W * H];
    size_t offset[2] = {OX, OY}, global[2] = {W, H}, local[2] = {4, 2};
    cl_int n = N;
    cl_kernel k = kt_kernel(t, "ids_after_barrier");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(n), &n);
    kt_run(t, k, 2, offset, global, local);
    kt_read(t, dout, sizeof(out), out);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int l = y % 2 * 4 + x % 4, v = (7 - l) * 3;
            for (int i = OX + x; i < N; i += W)
                v += i;
            KT_EQ(t, out[y * W + x], v + 1000 * (OY + y), "global ids after a barrier", y * W + x);
        }
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "work_group_2d", argc > 1 ? argv[1] : "work_group_2d.cl");
    test_reduce_float(&t);
    test_grid(&t);
    test_copies(&t);
    test_copies_vec(&t);
    test_ids_after_barrier(&t);
    return kt_finish(&t);
}
