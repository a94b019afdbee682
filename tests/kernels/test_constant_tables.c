// SPDX-License-Identifier: MIT
/*
 * constant_tables.cl: tables indexed at run time (a __constant float table through a helper
 * function, a 2-D __constant int table, a private float array), compared with C. The inputs
 * are small integers and the taps powers of two, so every float result is exact.
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

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "constant_tables", argc > 1 ? argv[1] : "constant_tables.cl");
    test_smooth(&t);
    test_lookup(&t);
    test_rotate(&t);
    return kt_finish(&t);
}
