// SPDX-License-Identifier: MIT
/*
 * constant_tables.cl: tables indexed at run time (a __constant float table through a helper
 * function, a 2-D __constant int table, a private float array; a 1 KB float table and a table
 * of structs, which stay in global memory), compared with C. The inputs are small integers
 * and the values multiples of 1/4, so every float result is exact.
 */
#include <stdio.h>

#include "kt.h"

#define N 64

static uint64_t rng = 777;

static void test_smooth(struct kt *t)
{
    static const float taps[5] = {0.125f, 0.25f, 0.5f, 0.25f, 0.125f};
    float in[N + 4], out[N];
    int n = 5;
    for (int i = 0; i < N + 4; i++)
        in[i] = (float)(int)(kt_rand(&rng) % 200) - 100.0f;
    cl_kernel k = kt_kernel(t, "smooth");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(n), &n);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        float s = 0.0f;
        for (int i = 0; i < n; i++)
            s += in[g + i] * taps[i];
        kt_expect(t, out[g] == s, "smooth[%d]: got %g, want %g", g, out[g], s);
    }
    kt_release(k, din, dout, NULL);
}

static void test_lookup(struct kt *t)
{
    static const int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    int32_t in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 1000);
    cl_kernel k = kt_kernel(t, "lookup");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++)
        KT_EQ(t, out[g], grid[in[g] % 3][g % 4], "lookup", g);
    kt_release(k, din, dout, NULL);
}

static void test_rotate(struct kt *t)
{
    float in[N], out[N];
    int shift = 5;
    for (int i = 0; i < N; i++)
        in[i] = (float)(int)(kt_rand(&rng) % 1000) - 500.0f;
    cl_kernel k = kt_kernel(t, "rotate");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(shift), &shift);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        float want = in[(g + ((g + shift) & 7)) % 64] * 2.0f;
        kt_expect(t, out[g] == want, "rotate[%d]: got %g, want %g", g, out[g], want);
    }
    kt_release(k, din, dout, NULL);
}

static const float lut[256] = {
    -10.00f, -0.75f, 8.50f, -7.50f, 1.75f, 11.00f, -5.00f, 4.25f,
    13.50f, -2.50f, 6.75f, -9.25f, 0.00f, 9.25f, -6.75f, 2.50f,
    11.75f, -4.25f, 5.00f, 14.25f, -1.75f, 7.50f, -8.50f, 0.75f,
    10.00f, -6.00f, 3.25f, 12.50f, -3.50f, 5.75f, 15.00f, -1.00f,
    8.25f, -7.75f, 1.50f, 10.75f, -5.25f, 4.00f, 13.25f, -2.75f,
    6.50f, -9.50f, -0.25f, 9.00f, -7.00f, 2.25f, 11.50f, -4.50f,
    4.75f, 14.00f, -2.00f, 7.25f, -8.75f, 0.50f, 9.75f, -6.25f,
    3.00f, 12.25f, -3.75f, 5.50f, 14.75f, -1.25f, 8.00f, -8.00f,
    1.25f, 10.50f, -5.50f, 3.75f, 13.00f, -3.00f, 6.25f, -9.75f,
    -0.50f, 8.75f, -7.25f, 2.00f, 11.25f, -4.75f, 4.50f, 13.75f,
    -2.25f, 7.00f, -9.00f, 0.25f, 9.50f, -6.50f, 2.75f, 12.00f,
    -4.00f, 5.25f, 14.50f, -1.50f, 7.75f, -8.25f, 1.00f, 10.25f,
    -5.75f, 3.50f, 12.75f, -3.25f, 6.00f, -10.00f, -0.75f, 8.50f,
    -7.50f, 1.75f, 11.00f, -5.00f, 4.25f, 13.50f, -2.50f, 6.75f,
    -9.25f, 0.00f, 9.25f, -6.75f, 2.50f, 11.75f, -4.25f, 5.00f,
    14.25f, -1.75f, 7.50f, -8.50f, 0.75f, 10.00f, -6.00f, 3.25f,
    12.50f, -3.50f, 5.75f, 15.00f, -1.00f, 8.25f, -7.75f, 1.50f,
    10.75f, -5.25f, 4.00f, 13.25f, -2.75f, 6.50f, -9.50f, -0.25f,
    9.00f, -7.00f, 2.25f, 11.50f, -4.50f, 4.75f, 14.00f, -2.00f,
    7.25f, -8.75f, 0.50f, 9.75f, -6.25f, 3.00f, 12.25f, -3.75f,
    5.50f, 14.75f, -1.25f, 8.00f, -8.00f, 1.25f, 10.50f, -5.50f,
    3.75f, 13.00f, -3.00f, 6.25f, -9.75f, -0.50f, 8.75f, -7.25f,
    2.00f, 11.25f, -4.75f, 4.50f, 13.75f, -2.25f, 7.00f, -9.00f,
    0.25f, 9.50f, -6.50f, 2.75f, 12.00f, -4.00f, 5.25f, 14.50f,
    -1.50f, 7.75f, -8.25f, 1.00f, 10.25f, -5.75f, 3.50f, 12.75f,
    -3.25f, 6.00f, -10.00f, -0.75f, 8.50f, -7.50f, 1.75f, 11.00f,
    -5.00f, 4.25f, 13.50f, -2.50f, 6.75f, -9.25f, 0.00f, 9.25f,
    -6.75f, 2.50f, 11.75f, -4.25f, 5.00f, 14.25f, -1.75f, 7.50f,
    -8.50f, 0.75f, 10.00f, -6.00f, 3.25f, 12.50f, -3.50f, 5.75f,
    15.00f, -1.00f, 8.25f, -7.75f, 1.50f, 10.75f, -5.25f, 4.00f,
    13.25f, -2.75f, 6.50f, -9.50f, -0.25f, 9.00f, -7.00f, 2.25f,
    11.50f, -4.50f, 4.75f, 14.00f, -2.00f, 7.25f, -8.75f, 0.50f};

typedef struct {
    cl_int id;
    cl_float weight;
    cl_short tag[3];
} entry_t;

static const entry_t entries[6] = {{1, 1.5f, {2, 3, 4}}, {4, 2.5f, {5, 6, 7}},
                                   {7, 3.5f, {8, 9, 10}}, {10, -0.5f, {11, 12, 13}},
                                   {13, 0.25f, {14, 15, 16}}, {16, 8.0f, {17, 18, 19}}};

static void test_memory_tables(struct kt *t)
{
    int32_t in[N];
    float out[N];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 100000);
    cl_kernel k = kt_kernel(t, "big_lut");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        int i = in[g] & 255;
        float want = lut[i] + lut[(i >> 4) * 16 + ((i + 3) & 15)];
        kt_expect(t, out[g] == want, "big_lut[%d]: got %g, want %g", g, out[g], want);
    }
    kt_release(k, NULL, NULL, NULL);
    k = kt_kernel(t, "structs");
    kt_arg(t, k, 0, sizeof(din), &din);
    kt_arg(t, k, 1, sizeof(dout), &dout);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        const entry_t *e = &entries[in[g] % 6];
        float want = (float)e->id * e->weight + (float)e->tag[g % 3];
        kt_expect(t, out[g] == want, "structs[%d]: got %g, want %g", g, out[g], want);
    }
    kt_release(k, din, dout, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "constant_tables", argc > 1 ? argv[1] : "constant_tables.cl");
    test_smooth(&t);
    test_lookup(&t);
    test_rotate(&t);
    test_memory_tables(&t);
    return kt_finish(&t);
}
