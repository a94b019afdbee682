// SPDX-License-Identifier: MIT
/*
 * atomics_shared.cl: atomic call sites that may touch the same words, on one shared unit,
 * hammered by every work-item: the counter must hold every site's operations (none lost), the
 * tickets one site hands out must all differ while another site ORs a flag into the same
 * word, one work-item's atomics from several sites must reach the word in program order, a
 * compare-and-swap loop must add every value of a float sum, and the book's RGB
 * histogram (three atomic_inc on one __local array, a global merge) must count every pixel,
 * and the last work-group to count must see every other group's stored partial sum; several
 * sites on one __local word or array must not lose each other's updates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define N 2048

static uint64_t rng = 2024;

static void test_hammer(struct kt *t)
{
    int32_t sel[N], c[2] = {1000, -1}, want = 1000;
    for (int i = 0; i < N; i++) {
        sel[i] = (int32_t)(kt_rand(&rng) % 3);
        want += sel[i] == 0 ? 3 : sel[i] == 1 ? -1 : -2;
    }
    cl_kernel k = kt_kernel(t, "hammer");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(c), c);
    cl_mem ds = kt_buffer_arg(t, k, 1, sizeof(sel), sel);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dc, sizeof(c), c);
    KT_EQ(t, c[0], want, "hammer: the counter three sites update", 0);
    KT_EQ(t, c[1], N - 1, "hammer: the maximum", 1);
    kt_release(k, dc, ds, NULL);
}

static void test_two_buffers(struct kt *t)
{
    int32_t x[N], one = 7, two[2] = {100, 200}, sum = 0;
    for (int i = 0; i < N; i++) {
        x[i] = (int32_t)(kt_rand(&rng) % 1000) - 300;
        sum += x[i];
    }
    cl_kernel k = kt_kernel(t, "two_buffers");
    cl_mem dx = kt_buffer_arg(t, k, 2, sizeof(x), x);
    cl_mem d1 = kt_buffer_arg(t, k, 0, sizeof(one), &one);
    kt_arg(t, k, 1, sizeof(d1), &d1); /* the same buffer twice */
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, d1, sizeof(one), &one);
    KT_EQ(t, one, 7 + N + sum, "two_buffers, one buffer", 0);
    cl_mem d2 = kt_buffer_arg(t, k, 1, sizeof(int32_t), &two[1]);
    kt_arg(t, k, 0, sizeof(d1), &d1);
    int32_t start = 100;
    cl_int err =
        clEnqueueWriteBuffer(t->queue, d1, CL_TRUE, 0, sizeof(start), &start, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "resetting hits: %d", err);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, d1, sizeof(int32_t), &two[0]);
    kt_read(t, d2, sizeof(int32_t), &two[1]);
    KT_EQ(t, two[0], 100 + N, "two_buffers, hits", 0);
    KT_EQ(t, two[1], 200 + sum, "two_buffers, sums", 1);
    kt_release(k, dx, d1, d2);
}

static void test_tickets(struct kt *t)
{
    int32_t sel[N];
    uint32_t counter = 0, ticket[N];
    int n_inc = 0, n_or = 0;
    for (int i = 0; i < N; i++) {
        sel[i] = (int32_t)(kt_rand(&rng) % 5 != 0); /* mostly increments */
        n_inc += sel[i];
    }
    n_or = N - n_inc;
    cl_kernel k = kt_kernel(t, "tickets");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(counter), &counter);
    cl_mem dt = kt_buffer_arg(t, k, 1, sizeof(ticket), NULL);
    cl_mem ds = kt_buffer_arg(t, k, 2, sizeof(sel), sel);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dc, sizeof(counter), &counter);
    kt_read(t, dt, sizeof(ticket), ticket);
    KT_EQ(t, counter, (n_or ? 0x80000000u : 0u) | (uint32_t)n_inc, "tickets: the final word", 0);
    char *seen = calloc((size_t)N, 1);
    for (int g = 0; seen && g < N; g++) {
        uint32_t v = ticket[g] & 0x7fffffffu;
        if (!sel[g]) {
            kt_expect(t, v <= (uint32_t)n_inc, "tickets: the OR at %d saw count %u", g, v);
            continue;
        }
        kt_expect(t, v < (uint32_t)n_inc && !seen[v], "tickets: work-item %d got ticket %u%s", g, v,
                  v < (uint32_t)n_inc && seen[v] ? " twice" : "");
        if (v < (uint32_t)n_inc)
            seen[v] = 1;
    }
    free(seen);
    kt_release(k, dc, dt, ds);
}

static void test_in_order(struct kt *t)
{
    uint32_t counter = 5;
    cl_uint4 *seen = malloc(sizeof(cl_uint4) * N);
    char *taken = calloc(4 * N + 5, 1);
    cl_kernel k = kt_kernel(t, "in_order");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(counter), &counter);
    cl_mem ds = kt_buffer_arg(t, k, 1, sizeof(cl_uint4) * N, NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dc, sizeof(counter), &counter);
    KT_EQ(t, counter, 5u + 4u * N, "in_order: the final count", 0);
    if (seen && taken)
        kt_read(t, ds, sizeof(cl_uint4) * N, seen);
    for (int g = 0; seen && taken && g < N; g++) {
        const uint32_t *v = seen[g].s;
        kt_expect(t, v[0] < v[1] && v[1] < v[2] && v[2] < v[3],
                  "in_order: work-item %d saw %u, %u, %u, %u (not in program order)", g, v[0], v[1],
                  v[2], v[3]);
        /* each add hands out its own values: a, b, b + 1, c */
        uint32_t mine[4] = {v[0], v[1], v[1] + 1, v[2]};
        for (int j = 0; j < 4; j++) {
            uint32_t x = mine[j];
            kt_expect(t, x >= 5 && x < 5 + 4 * N && !taken[x], "in_order: value %u handed out %s",
                      x, x >= 5 && x < 5 + 4 * N ? "twice" : "out of range");
            if (x >= 5 && x < 5 + 4 * N)
                taken[x] = 1;
        }
    }
    kt_release(k, dc, ds, NULL);
    free(seen);
    free(taken);
}

static void test_float_sum(struct kt *t)
{
    float v[N], sum = 0.5f, want = 0.5f;
    for (int i = 0; i < N; i++) {
        v[i] = (float)(int)(kt_rand(&rng) % 64) - 20.0f; /* integers: any order, exact */
        want += v[i];
    }
    cl_kernel k = kt_kernel(t, "float_sum");
    cl_mem ds = kt_buffer_arg(t, k, 0, sizeof(sum), &sum);
    cl_mem dv = kt_buffer_arg(t, k, 1, sizeof(v), v);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, ds, sizeof(sum), &sum);
    kt_expect(t, sum == want, "float_sum: got %g, want %g", sum, want);
    kt_release(k, ds, dv, NULL);
}

static void test_histogram_rgb(struct kt *t)
{
    int n = 3000;
    cl_uchar4 *px = malloc(sizeof(cl_uchar4) * 3008);
    uint32_t hist[48] = {0}, want[48] = {0};
    for (int i = 0; px && i < 3008; i++)
        for (int c = 0; c < 4; c++)
            px[i].s[c] = (cl_uchar)kt_rand(&rng);
    for (int i = 0; px && i < n; i++) {
        want[px[i].s[0] >> 4]++;
        want[16 + (px[i].s[1] >> 4)]++;
        want[32 + (px[i].s[2] >> 4)]++;
    }
    cl_kernel k = kt_kernel(t, "histogram_rgb");
    cl_mem dp = kt_buffer_arg(t, k, 0, sizeof(cl_uchar4) * 3008, px);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(hist), hist);
    kt_arg(t, k, 2, sizeof(n), &n);
    size_t global = 3008, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dh, sizeof(hist), hist);
    for (int b = 0; b < 48; b++)
        KT_EQ(t, hist[b], want[b], "histogram_rgb", b);
    kt_release(k, dp, dh, NULL);
    free(px);
}

/* The last group to count sums the partials of all: every one must be in memory by then. */
static void test_last_group_sum(struct kt *t)
{
    enum { GROUPS = 150 };
    int32_t *in = malloc(sizeof(int32_t) * 64 * GROUPS), partial[GROUPS] = {0}, out = -1;
    uint32_t count = 0;
    int32_t want = 0;
    for (int i = 0; in && i < 64 * GROUPS; i++) {
        in[i] = (int32_t)(kt_rand(&rng) % 2000) - 900;
        want += in[i];
    }
    cl_kernel k = kt_kernel(t, "last_group_sum");
    cl_mem di = kt_buffer_arg(t, k, 0, sizeof(int32_t) * 64 * GROUPS, in);
    cl_mem dp = kt_buffer_arg(t, k, 1, sizeof(partial), partial);
    cl_mem dc = kt_buffer_arg(t, k, 2, sizeof(count), &count);
    cl_mem dout = kt_buffer_arg(t, k, 3, sizeof(out), &out);
    size_t global = 64 * GROUPS, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), &out);
    kt_read(t, dc, sizeof(count), &count);
    KT_EQ(t, count, GROUPS, "last_group_sum: groups counted", 0);
    KT_EQ(t, out, want, "last_group_sum: the last group's sum of every partial", 0);
    kt_release(k, di, dp, dc);
    clReleaseMemObject(dout);
    free(in);
}

/* Four sites on one __local array, two on a counter, add and sub on one word (per group). */
static void test_local_contend(struct kt *t)
{
    enum { GROUPS = 24, WI = 64 * GROUPS };
    cl_uchar4 *px = malloc(sizeof(cl_uchar4) * WI);
    uint32_t *tickets = calloc(2 * WI, sizeof(uint32_t)), *hist = calloc(16 * GROUPS, 4);
    uint32_t want_hist[16 * GROUPS] = {0};
    int32_t sums[GROUPS] = {0};
    for (int i = 0; px && i < WI; i++)
        for (int c = 0; c < 4; c++) {
            /* half the groups put every pixel in one bin: the worst contention */
            px[i].s[c] = (i / 64) % 2 ? (cl_uchar)0x35 : (cl_uchar)kt_rand(&rng);
            want_hist[16 * (i / 64) + (px[i].s[c] >> 4)]++;
        }
    cl_kernel k = kt_kernel(t, "local_contend");
    cl_mem dp = kt_buffer_arg(t, k, 0, sizeof(cl_uchar4) * WI, px);
    cl_mem ds = kt_buffer_arg(t, k, 1, sizeof(sums), sums);
    cl_mem dt = kt_buffer_arg(t, k, 2, 2 * WI * sizeof(uint32_t), tickets);
    cl_mem dh = kt_buffer_arg(t, k, 3, 16 * GROUPS * sizeof(uint32_t), hist);
    size_t global = WI, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, ds, sizeof(sums), sums);
    kt_read(t, dt, 2 * WI * sizeof(uint32_t), tickets);
    kt_read(t, dh, 16 * GROUPS * sizeof(uint32_t), hist);
    for (int g = 0; g < GROUPS; g++) {
        KT_EQ(t, sums[g], 32 * 3 - 32, "local_contend: add and sub on one word", g);
        uint8_t seen[128] = {0};
        for (int i = 0; i < 128; i++) {
            uint32_t v = tickets ? tickets[128 * g + i] : 0;
            kt_expect(t, v < 128 && !seen[v], "local_contend: group %d ticket %u repeated or "
                      "out of range", g, v);
            if (v < 128)
                seen[v] = 1;
        }
    }
    for (int b = 0; hist && b < 16 * GROUPS; b++)
        KT_EQ(t, hist[b], want_hist[b], "local_contend: four sites on one histogram", b);
    kt_release(k, dp, ds, dt);
    clReleaseMemObject(dh);
    free(px);
    free(tickets);
    free(hist);
}

/* A compare-and-swap loop adds a __local float while another site swaps a neighbour word. */
static void test_local_float_sum(struct kt *t)
{
    enum { GROUPS = 8, WI = 64 * GROUPS };
    float v[WI], out[GROUPS] = {0}, want[GROUPS] = {0};
    uint32_t last[GROUPS] = {0};
    for (int i = 0; i < WI; i++) {
        v[i] = (float)(int)(kt_rand(&rng) % 64) - 20.0f; /* integers: any order, exact */
        want[i / 64] += v[i];
    }
    cl_kernel k = kt_kernel(t, "local_float_sum");
    cl_mem dv = kt_buffer_arg(t, k, 0, sizeof(v), v);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), out);
    cl_mem dl = kt_buffer_arg(t, k, 2, sizeof(last), last);
    size_t global = WI, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    kt_read(t, dl, sizeof(last), last);
    for (int g = 0; g < GROUPS; g++) {
        kt_expect(t, out[g] == want[g], "local_float_sum: group %d got %g, want %g", g, out[g],
                  want[g]);
        kt_expect(t, last[g] < 64, "local_float_sum: group %d swapped in %u", g, last[g]);
    }
    kt_release(k, dv, dout, dl);
}

/* Marks v (in 0.25 steps from -1) seen in seen[]; 0 when out of range or seen before. */
static int mark(uint8_t *seen, int n, float v)
{
    int k = (int)((v + 1.0f) * 4.0f);
    if (k < 0 || k >= n || (float)k / 4.0f - 1.0f != v || seen[k])
        return 0;
    seen[k] = 1;
    return 1;
}

/* Float atomic_xchg: the olds and the last word are the initial word and every value once. */
static void test_float_xchg(struct kt *t)
{
    enum { GROUPS = 4, WI = 64 * GROUPS, RANGE = 4 * (WI + 2) };
    float g = -1.0f, old_g[WI], old_l[WI], last_l[GROUPS];
    cl_kernel k = kt_kernel(t, "float_xchg");
    cl_mem dg = kt_buffer_arg(t, k, 0, sizeof(g), &g);
    cl_mem dog = kt_buffer_arg(t, k, 1, sizeof(old_g), NULL);
    cl_mem dol = kt_buffer_arg(t, k, 2, sizeof(old_l), NULL);
    cl_mem dll = kt_buffer_arg(t, k, 3, sizeof(last_l), NULL);
    size_t global = WI, local = 64;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dg, sizeof(g), &g);
    kt_read(t, dog, sizeof(old_g), old_g);
    kt_read(t, dol, sizeof(old_l), old_l);
    kt_read(t, dll, sizeof(last_l), last_l);
    static uint8_t seen[RANGE];
    memset(seen, 0, sizeof(seen));
    int ok = mark(seen, RANGE, g);
    for (int i = 0; i < WI; i++)
        ok &= mark(seen, RANGE, old_g[i]);
    kt_expect(t, ok && seen[0], "float_xchg: __global olds and last word are not -1 and each "
              "i + 0.5 once");
    for (int gr = 0; gr < GROUPS; gr++) {
        memset(seen, 0, sizeof(seen));
        ok = mark(seen, RANGE, last_l[gr]);
        for (int l = 0; l < 64; l++)
            ok &= mark(seen, RANGE, old_l[64 * gr + l]);
        kt_expect(t, ok && seen[0], "float_xchg: group %d's __local olds and last word are not "
                  "-1 and each l + 0.25 once", gr);
    }
    kt_release(k, dg, dog, dol);
    clReleaseMemObject(dll);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "atomics_shared", argc > 1 ? argv[1] : "atomics_shared.cl");
    test_hammer(&t);
    test_two_buffers(&t);
    test_tickets(&t);
    test_in_order(&t);
    test_float_sum(&t);
    test_histogram_rgb(&t);
    test_last_group_sum(&t);
    test_local_contend(&t);
    test_local_float_sum(&t);
    test_float_xchg(&t);
    return kt_finish(&t);
}
