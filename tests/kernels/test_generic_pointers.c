// SPDX-License-Identifier: MIT
/*
 * generic_pointers.cl: helpers with generic pointers on __global, __local and private
 * memory (indexed, and stepped in a loop), a builtin that writes through a generic pointer
 * (fract), a generic pointer choosing its space at run time with to_global, to_local,
 * to_private and get_fence on it, each result against C.
 */
#include <stdio.h>

#include "kt.h"

#define N 256

/* The run-time choice: i % 3 picks g[i], the work-group's l[i % 64] or the work-item's priv. */
static void test_run_time_spaces(struct kt *t)
{
    int32_t g[N], g0[N], out[3 * N];
    uint32_t fence[N];
    uint64_t rng = 5;
    for (int i = 0; i < N; i++)
        g[i] = g0[i] = (int32_t)(kt_rand(&rng) % 100000);
    cl_kernel k = kt_kernel(t, "run_time_spaces");
    cl_mem dg = kt_buffer_arg(t, k, 0, sizeof(g), g);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    cl_mem dfence = kt_buffer_arg(t, k, 2, sizeof(fence), NULL);
    size_t global = N, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dg, sizeof(g), g);
    kt_read(t, dout, sizeof(out), out);
    kt_read(t, dfence, sizeof(fence), fence);
    for (int i = 0; i < N; i++) {
        int m = i % 3, li = i % 64, priv = 2000 + i + (i & 3);
        int v = m == 0 ? g0[i] : m == 1 ? 1000 + li : priv;
        KT_EQ(t, out[3 * i], v, "run_time_spaces: read through the choice", i);
        KT_EQ(t, out[3 * i + 1], m == 0 ? 1 : m == 1 ? 2 : 4, "run_time_spaces: to_*", i);
        KT_EQ(t, fence[i], m == 0 ? 2 /* CLK_GLOBAL_MEM_FENCE */ : m == 1 ? 1 : 0,
              "run_time_spaces: get_fence", i);
        KT_EQ(t, out[3 * i + 2], 1000 + li + priv + (m ? 7 : 0),
              "run_time_spaces: write through the choice", i);
        KT_EQ(t, g[i], g0[i] + (m == 0 ? 107 : 0), "run_time_spaces: g", i);
    }
    kt_release(k, dg, dout, dfence);
}

int main(int argc, char **argv)
{
    struct kt t;
    int32_t a[N], in[N + 2];
    float f[N], frac[N], f0[N];
    uint64_t rng = 77;

    kt_init(&t, "generic_pointers", argc > 1 ? argv[1] : "generic_pointers.cl");
    for (int i = 0; i < N; i++) {
        a[i] = (int32_t)(kt_rand(&rng) % 1000);
        in[i] = (int32_t)(kt_rand(&rng) % 500);
        f[i] = f0[i] = (float)i;
    }
    in[N] = 0;
    in[N + 1] = 0;
    int32_t a0[N];
    for (int i = 0; i < N; i++)
        a0[i] = a[i];
    cl_kernel k = kt_kernel(&t, "helpers");
    cl_mem da = kt_buffer_arg(&t, k, 0, sizeof(a), a);
    cl_mem din = kt_buffer_arg(&t, k, 1, sizeof(in), in);
    cl_mem df = kt_buffer_arg(&t, k, 2, sizeof(f), f);
    cl_mem dfr = kt_buffer_arg(&t, k, 3, sizeof(frac), NULL);
    size_t global = N, local = 64;
    kt_run(&t, k, 1, NULL, &global, &local);
    kt_read(&t, da, sizeof(a), a);
    kt_read(&t, df, sizeof(f), f);
    kt_read(&t, dfr, sizeof(frac), frac);
    for (int g = 0; g < N; g++) {
        int l = g % 64, base = g - l, next = base + ((l + 1) & 63);
        int priv[4] = {in[g], in[g] * 2, in[g] * 3, 1};
        priv[g & 3] += 100;
        int ps = priv[0] + priv[1] + priv[2] + priv[3];
        int want = a0[g] + 3 + (in[next] + 10) + ps + in[g] + in[g + 1] + in[g] + in[g + 1] +
                   in[g + 2] + ps;
        KT_EQ(&t, a[g], want, "helpers a", g);
        float wf = (g & 1) == 0 ? f0[g + 1] : f0[g - 1];
        kt_expect(&t, f[g] == wf, "swap f[%d]: got %g, want %g", g, f[g], wf);
        float wfr = (float)in[g] + 0.25f;
        kt_expect(&t, frac[g] == wfr, "fract[%d]: got %g, want %g", g, frac[g], wfr);
    }
    kt_release(k, da, din, df);
    clReleaseMemObject(dfr);
    test_run_time_spaces(&t);
    return kt_finish(&t);
}
