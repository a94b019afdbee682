// SPDX-License-Identifier: MIT
/*
 * pointer_choice.cl: stores and loads through a pointer that chooses between two or three
 * __local arrays, two private arrays in block RAM or two __global buffers (what LLVM makes of
 * an if/else that writes to different memories), and a pointer stepping through one private
 * array across a loop nest; each compared with the same code in C.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

#define N 256
#define WG 64
#define SENTINEL 0x5a5a5a5a

static uint64_t rng = 4242;

static void test_two_local(struct kt *t)
{
    int32_t in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 201) - 100;
    cl_kernel k = kt_kernel(t, "two_local");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N, local = WG;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        KT_EQ(t, out[g], in[g] > 0 ? in[g] * 1000 : -in[g], "two_local", g);
    }
    kt_release(k, din, dout, NULL);
}

static void test_three_way(struct kt *t)
{
    int32_t in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 30);
    cl_kernel k = kt_kernel(t, "three_way");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N, local = WG;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        int v[3] = {1, 2, 3};
        v[in[g] % 3] += in[g];
        KT_EQ(t, out[g], v[0] * 10000 + v[1] * 100 + v[2], "three_way", g);
    }
    kt_release(k, din, dout, NULL);
}

static void test_pick_private(struct kt *t)
{
    int32_t in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 2001) - 1000;
    cl_kernel k = kt_kernel(t, "pick_private");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        int i = (g * 7) % 80;
        KT_EQ(t, out[g], (in[g] & 1) ? in[i] * 3 : in[i] + 100, "pick_private", g);
    }
    kt_release(k, din, dout, NULL);
}

static void test_two_global(struct kt *t)
{
    int32_t in[N], p[N], q[N], init[N];
    for (int i = 0; i < N; i++) {
        in[i] = (int32_t)(kt_rand(&rng) % 100000);
        init[i] = SENTINEL;
    }
    cl_kernel k = kt_kernel(t, "two_global");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dp = kt_buffer_arg(t, k, 1, sizeof(p), init);
    cl_mem dq = kt_buffer_arg(t, k, 2, sizeof(q), init);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dp, sizeof(p), p);
    kt_read(t, dq, sizeof(q), q);
    for (int g = 0; g < N; g++) {
        KT_EQ(t, p[g], (in[g] & 1) ? in[g] : SENTINEL, "two_global p", g);
        KT_EQ(t, q[g], (in[g] & 1) ? SENTINEL : in[g] * 2, "two_global q", g);
    }
    kt_release(k, din, dp, dq);
}

static void test_step_nest(struct kt *t)
{
    int32_t in[N], out[N];
    int rows = 11;
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(kt_rand(&rng) % 1000);
    cl_kernel k = kt_kernel(t, "step_nest");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(rows), &rows);
    size_t global = 64;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, 64 * sizeof(int32_t), out);
    for (int g = 0; g < 64; g++) {
        int s = 0, at = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < 4; c++) {
                s += (in[at] + g) * (c + 1);
                at += in[c] & 1;
            }
        KT_EQ(t, out[g], s, "step_nest", g);
    }
    kt_release(k, din, dout, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "pointer_choice", argc > 1 ? argv[1] : "pointer_choice.cl");
    test_two_local(&t);
    test_three_way(&t);
    test_pick_private(&t);
    test_two_global(&t);
    test_step_nest(&t);
    return kt_finish(&t);
}
