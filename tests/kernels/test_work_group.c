// SPDX-License-Identifier: MIT
/*
 * work_group.cl: the work-group functions (reduce, scans, broadcast, any/all) on integer
 * types against C, over several work-groups each (more than the four in flight).
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

static uint64_t rng = 4711;

/* Runs kernel `name` over n ints in groups of 64 (args: in, out[n * per]). */
static void run_1d(struct kt *t, const char *name, const void *in, size_t in_bytes, void *out,
                   size_t out_bytes, size_t n, const int *extra)
{
    size_t local = 64;
    cl_kernel k = kt_kernel(t, name);
    cl_mem din = kt_buffer_arg(t, k, 0, in_bytes, in);
    cl_mem dout = kt_buffer_arg(t, k, 1, out_bytes, NULL);
    if (extra)
        kt_arg(t, k, 2, sizeof(*extra), extra);
    kt_run(t, k, 1, NULL, &n, &local);
    kt_read(t, dout, out_bytes, out);
    kt_release(k, din, dout, NULL);
}

enum { N = 256, L = 64 };

static void test_reduce_int(struct kt *t)
{
    static cl_int in[N], out[3 * N];
    for (int i = 0; i < N; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 2000001) - 1000000;
    run_1d(t, "reduce_int", in, sizeof(in), out, sizeof(out), N, NULL);
    for (int g = 0; g < N / L; g++) {
        cl_int sum = 0, mn = in[g * L], mx = in[g * L];
        for (int i = g * L; i < (g + 1) * L; i++) {
            sum += in[i];
            mn = in[i] < mn ? in[i] : mn;
            mx = in[i] > mx ? in[i] : mx;
        }
        for (int i = g * L; i < (g + 1) * L; i++) {
            KT_EQ(t, out[3 * i], sum, "reduce_add", i);
            KT_EQ(t, out[3 * i + 1], mn, "reduce_min", i);
            KT_EQ(t, out[3 * i + 2], mx, "reduce_max", i);
        }
    }
}

static void test_scan_int(struct kt *t)
{
    static cl_int in[N], out[4 * N];
    for (int i = 0; i < N; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 20001) - 10000;
    run_1d(t, "scan_int", in, sizeof(in), out, sizeof(out), N, NULL);
    for (int g = 0; g < N / L; g++) {
        cl_int sum = 0, mn = 0x7fffffff, mx = (cl_int)0x80000000;
        for (int i = g * L; i < (g + 1) * L; i++) {
            KT_EQ(t, out[4 * i + 1], sum, "scan_exclusive_add", i);
            KT_EQ(t, out[4 * i + 2], mn, "scan_exclusive_min", i);
            sum += in[i];
            mn = in[i] < mn ? in[i] : mn;
            mx = in[i] > mx ? in[i] : mx;
            KT_EQ(t, out[4 * i], sum, "scan_inclusive_add", i);
            KT_EQ(t, out[4 * i + 3], mx, "scan_inclusive_max", i);
        }
    }
}

static void test_wide(struct kt *t)
{
    static cl_long in[N];
    static cl_ulong out[3 * N];
    for (int i = 0; i < N; i++)
        in[i] = (cl_long)(kt_rand(&rng) >> 1) - (cl_long)(UINT64_C(1) << 61);
    run_1d(t, "wide", in, sizeof(in), out, sizeof(out), N, NULL);
    for (int g = 0; g < N / L; g++) {
        cl_ulong sum = 0, mx = 0;
        for (int i = g * L; i < (g + 1) * L; i++) {
            sum += (cl_ulong)in[i];
            mx = (cl_ulong)in[i] > mx ? (cl_ulong)in[i] : mx;
        }
        cl_ulong prefix = 0;
        for (int i = g * L; i < (g + 1) * L; i++) {
            KT_EQ(t, out[3 * i], sum, "reduce_add long", i);
            KT_EQ(t, out[3 * i + 1], prefix, "scan_exclusive_add ulong", i);
            KT_EQ(t, out[3 * i + 2], mx, "reduce_max ulong", i);
            prefix += (cl_ulong)in[i];
        }
    }
}

/* Group 0: all below the limit; group 1: one above; groups 2, 3: random. */
static void test_vote(struct kt *t)
{
    static cl_int in[N], out[4 * N];
    int limit = 1000;
    for (int i = 0; i < N; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 1999) - 999;
    in[L + 17] = 5000;
    in[2 * L + 3] = -4000;
    run_1d(t, "vote", in, sizeof(in), out, sizeof(out), N, &limit);
    for (int g = 0; g < N / L; g++) {
        int any = 0, all = 1;
        for (int i = g * L; i < (g + 1) * L; i++) {
            any |= in[i] > limit;
            all &= in[i] > -limit;
        }
        for (int i = g * L; i < (g + 1) * L; i++) {
            KT_EQ(t, out[4 * i] != 0, any, "any", i);
            KT_EQ(t, out[4 * i + 1] != 0, all, "all", i);
            KT_EQ(t, out[4 * i + 2], in[g * L + 5], "broadcast", i);
            KT_EQ(t, (cl_uint)out[4 * i + 3], (cl_uint)in[g * L + L - 1] * 3u, "broadcast uint", i);
        }
    }
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "work_group", argc > 1 ? argv[1] : "work_group.cl");
    test_reduce_int(&t);
    test_scan_int(&t);
    test_wide(&t);
    test_vote(&t);
    return kt_finish(&t);
}
