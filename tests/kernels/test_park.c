// SPDX-License-Identifier: MIT
/*
 * park.cl: barrier loops whose idle work-items leave early, against the same steps run on
 * the host round by round. Local sizes 1 (every work-item parks before the loop), 3, 48 and
 * 100 (not powers of two) and 64 and 256, each over several work-groups, more than the
 * hardware keeps in flight; a loop whose rounds outlast its guard; a global-memory version
 * with global fences; and a loop that must not park (a loop value is used after it).
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { GROUPS = 5, MAX_LOCAL = 256, N = GROUPS * MAX_LOCAL };

static const size_t local_sizes[] = {1, 3, 48, 64, 100, 256};
static uint64_t rng = 8080;

static void fill(int *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] = (int)(kt_rand(&rng) % 2001) - 1000;
}

static void check(struct kt *t, const char *what, size_t lsize, const int *got, const int *want,
                  size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 3)
            kt_expect(t, 0, "%s lsize %zu [%zu]: got %d, want %d", what, lsize, i, got[i], want[i]);
    kt_expect(t, bad == 0, "%s lsize %zu: %zu of %zu wrong", what, lsize, bad, n);
}

/* The host's halving step over one group's tile; returns the rounds run. */
static int halving(int *tmp, size_t lsize)
{
    int rounds = 0;
    for (size_t s = lsize / 2; s > 0; s >>= 1, rounds++)
        for (size_t lid = 0; lid < s; lid++)
            tmp[lid] += tmp[lid + s];
    return rounds;
}

/* halving_sum, global_halving (+ lid) and rounds_used_after (* 16 + rounds). */
static void test_sums(struct kt *t, const char *name, size_t lsize)
{
    static int in[N], out[N], want[N];
    size_t global = GROUPS * lsize;
    fill(in, global);
    memcpy(want, in, global * sizeof(int));
    for (size_t g = 0; g < GROUPS; g++) {
        int *tile = &want[g * lsize];
        int rounds = halving(tile, lsize);
        for (size_t lid = 0; lid < lsize; lid++) {
            if (!strcmp(name, "global_halving"))
                tile[lid] += (int)lid;
            else if (!strcmp(name, "rounds_used_after"))
                tile[lid] = tile[lid] * 16 + rounds;
        }
    }
    cl_kernel k = kt_kernel(t, name);
    cl_mem din = kt_buffer_arg(t, k, 0, global * sizeof(int), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, global * sizeof(int), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, global * sizeof(int), out);
    check(t, name, lsize, out, want, global);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_argmax(struct kt *t, size_t lsize)
{
    static int in[N], out[N], want[N], where[N], want_where[N];
    size_t global = GROUPS * lsize;
    fill(in, global);
    memcpy(want, in, global * sizeof(int));
    for (size_t g = 0; g < GROUPS; g++) {
        int *val = &want[g * lsize], *idx = &want_where[g * lsize];
        for (size_t lid = 0; lid < lsize; lid++)
            idx[lid] = (int)lid;
        for (size_t s = lsize / 2; s; s /= 2)
            for (size_t lid = 0; lid < s; lid++)
                if (val[lid + s] > val[lid]) {
                    val[lid] = val[lid + s];
                    idx[lid] = idx[lid + s];
                }
    }
    cl_kernel k = kt_kernel(t, "halving_argmax");
    cl_mem din = kt_buffer_arg(t, k, 0, global * sizeof(int), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, global * sizeof(int), NULL);
    cl_mem dwhere = kt_buffer_arg(t, k, 2, global * sizeof(int), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, global * sizeof(int), out);
    kt_read(t, dwhere, global * sizeof(int), where);
    check(t, "halving_argmax value", lsize, out, want, global);
    check(t, "halving_argmax index", lsize, where, want_where, global);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseMemObject(dwhere);
    clReleaseKernel(k);
}

/* counted_rounds: start (< lsize) and a round count that may outlast s reaching 0. */
static void test_counted(struct kt *t, size_t lsize, cl_uint start, cl_int rounds)
{
    static int in[N], out[N], want[N];
    int tmp[2 * MAX_LOCAL];
    size_t global = GROUPS * lsize;
    fill(in, global);
    for (size_t g = 0; g < GROUPS; g++) {
        for (size_t lid = 0; lid < lsize; lid++) {
            tmp[lid] = in[g * lsize + lid];
            tmp[lid + lsize] = (int)lid * 7;
        }
        cl_uint s = start;
        for (int r = 0; r < rounds; r++, s >>= 1)
            for (size_t lid = 0; lid < lsize; lid++)
                if (lid <= s)
                    tmp[lid] = tmp[lid] * 3 + tmp[lid + s + 1] + r;
        memcpy(&want[g * lsize], tmp, lsize * sizeof(int));
    }
    cl_kernel k = kt_kernel(t, "counted_rounds");
    cl_mem din = kt_buffer_arg(t, k, 0, global * sizeof(int), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, global * sizeof(int), NULL);
    kt_arg(t, k, 2, sizeof(start), &start);
    kt_arg(t, k, 3, sizeof(rounds), &rounds);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, global * sizeof(int), out);
    char what[64];
    snprintf(what, sizeof(what), "counted_rounds start %u rounds %d", start, rounds);
    check(t, what, lsize, out, want, global);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s park.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "park", argv[1]);
    for (size_t i = 0; i < sizeof(local_sizes) / sizeof(local_sizes[0]); i++) {
        size_t lsize = local_sizes[i];
        test_sums(&t, "halving_sum", lsize);
        test_sums(&t, "global_halving", lsize);
        test_sums(&t, "rounds_used_after", lsize);
        test_argmax(&t, lsize);
        test_counted(&t, lsize, (cl_uint)(lsize - 1), 12);
        test_counted(&t, lsize, (cl_uint)(lsize / 3), 3);
    }
    test_counted(&t, 64, 0, 4); /* only work-item 0 is ever busy */
    test_counted(&t, 64, 40, 0); /* no round at all */
    return kt_finish(&t);
}
