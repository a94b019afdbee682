// SPDX-License-Identifier: MIT
/*
 * simd_loops.cl: num_simd_work_items kernels with barriers in loops (issue 31) against C: a
 * tree reduction, a loop of an argument's trip count (0, 1 and 5) with values carried across
 * iterations, a work-group reduction; barriers under branches uniform in the work-group (an
 * argument, the group id, a uniform loop's counter); get_global/local_linear_id with lanes.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 256 };
static uint64_t rng = 47;

/*
 * A kernel that sums each work-group of l random values in [-range/2, range/2) and writes
 * the sum plus extra(a, i, l) to every work-item's element i.
 */
static void test_group_sum(struct kt *t, const char *name, int range, size_t l,
                           cl_int (*extra)(const cl_int *a, int i, int l))
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % (uint64_t)range) - range / 2;
    size_t g = N;
    cl_kernel k = kt_kernel(t, name);
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    kt_run(t, k, 1, NULL, &g, &l);
    kt_read(t, dc, sizeof(c), c);
    for (int i = 0; i < N; i++) {
        cl_int s = 0;
        int first = i / (int)l * (int)l;
        for (int j = first; j < first + (int)l; j++)
            s += a[j];
        KT_EQ(t, c[i], s + extra(a, i, (int)l), name, i);
    }
    kt_release(k, da, dc, NULL);
}

/* tree4: the local id added to the sum. */
static cl_int tree4_extra(const cl_int *a, int i, int l)
{
    (void)a;
    return i % l;
}

/* reduce2: three times the work-item's own value added to the sum. */
static cl_int reduce2_extra(const cl_int *a, int i, int l)
{
    (void)l;
    return a[i] * 3;
}

static void test_rotate8(struct kt *t)
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 1000);
    static const cl_int trips[] = {0, 1, 5};
    cl_kernel k = kt_kernel(t, "rotate8");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    for (int r = 0; r < 3; r++) {
        cl_int n = trips[r];
        size_t g = N, l = 16;
        kt_arg(t, k, 2, sizeof(n), &n);
        kt_run(t, k, 1, NULL, &g, &l);
        kt_read(t, dc, sizeof(c), c);
        for (int grp = 0; grp < N / 16; grp++) {
            cl_int v[16], sum[16] = {0}, next[16];
            for (int j = 0; j < 16; j++)
                v[j] = a[grp * 16 + j];
            for (int it = 0; it < n; it++) {
                for (int j = 0; j < 16; j++)
                    next[j] = v[(j + 1) & 15] + it;
                for (int j = 0; j < 16; j++) {
                    v[j] = next[j];
                    sum[j] += v[j];
                }
            }
            for (int j = 0; j < 16; j++)
                KT_EQ(t, c[grp * 16 + j], v[j] * 1000 + sum[j], "rotate8", grp * 16 + j + N * r);
        }
    }
    kt_release(k, da, dc, NULL);
}

static void test_uniform2(struct kt *t)
{
    static cl_int a[N], c[N];
    for (int i = 0; i < N; i++)
        a[i] = (cl_int)(kt_rand(&rng) % 1000) - 500;
    static const cl_int modes[] = {0, 1, 4};
    cl_kernel k = kt_kernel(t, "uniform2");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a), dc = kt_buffer_arg(t, k, 1, sizeof(c), NULL);
    for (int r = 0; r < 3; r++) {
        cl_int mode = modes[r];
        size_t g = N, l = 16;
        kt_arg(t, k, 2, sizeof(mode), &mode);
        kt_run(t, k, 1, NULL, &g, &l);
        kt_read(t, dc, sizeof(c), c);
        for (int grp = 0; grp < N / 16; grp++) {
            cl_int v[16], m[16];
            for (int j = 0; j < 16; j++)
                v[j] = a[grp * 16 + j];
            if (mode > 0) {
                memcpy(m, v, sizeof(m));
                for (int j = 0; j < 16; j++)
                    v[j] += m[15 - j];
            }
            memcpy(m, v, sizeof(m));
            for (int j = 0; j < 16; j++)
                v[j] = grp & 1 ? m[(j + 3) & 15] : m[j] * 2;
            for (int i = 0; i < mode; i++) {
                memcpy(m, v, sizeof(m));
                for (int j = 0; j < 16; j++) {
                    if (i & 1)
                        v[j] = m[(j + 1) & 15] - i;
                    if (j < 5)
                        v[j] += i;
                }
            }
            for (int j = 0; j < 16; j++)
                KT_EQ(t, c[grp * 16 + j], v[j], "uniform2", grp * 16 + j + N * r);
        }
    }
    kt_release(k, da, dc, NULL);
}

static void test_linear4(struct kt *t)
{
    static cl_int c[64];
    size_t off[2] = {4, 1}, g[2] = {16, 4}, l[2] = {8, 2};
    cl_kernel k = kt_kernel(t, "linear4");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(c), NULL);
    kt_run(t, k, 2, off, g, l);
    kt_read(t, dc, sizeof(c), c);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 16; x++)
            KT_EQ(t, c[y * 16 + x], ((y % 2) * 8 + x % 8) * 1000 + 4 + x, "linear4", y * 16 + x);
    kt_release(k, dc, NULL, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "simd_loops", argc > 1 ? argv[1] : "simd_loops.cl");
    test_group_sum(&t, "tree4", 10000, 64, tree4_extra);
    test_rotate8(&t);
    test_group_sum(&t, "reduce2", 100000, 32, reduce2_extra);
    test_uniform2(&t);
    test_linear4(&t);
    return kt_finish(&t);
}
