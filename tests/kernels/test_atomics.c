// SPDX-License-Identifier: MIT
/*
 * atomics.cl: atomic operations on __global and __local words against C. Order-dependent
 * results (tickets, exchanges, compare-exchange winners) are checked for what any order
 * must give: a permutation, a chain, exactly one winner per word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

enum { N = 512 };
static uint64_t rng = 777;

static void test_histogram16(struct kt *t)
{
    static cl_uint in[N], hist[16], want[16];
    size_t global = N, local = 64;
    for (int i = 0; i < N; i++) /* skewed: bin 3 gets long runs of back-to-back hits */
        in[i] = kt_rand(&rng) % 4 ? 3 : (cl_uint)kt_rand(&rng);
    memset(want, 0, sizeof(want));
    for (int i = 0; i < N; i++)
        want[in[i] & 15]++;
    cl_kernel k = kt_kernel(t, "histogram16");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(hist), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dh, sizeof(hist), hist);
    for (int b = 0; b < 16; b++)
        KT_EQ(t, hist[b], want[b], "histogram16 bin", b);
    kt_release(k, din, dh, NULL);
}

/* Every work-item gets a different ticket 0..N-1 and the counter ends at N. */
static void test_tickets(struct kt *t)
{
    static cl_uint out[N];
    static char taken[N];
    cl_uint counter = 0;
    size_t global = N;
    cl_kernel k = kt_kernel(t, "tickets");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(counter), &counter);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dc, sizeof(counter), &counter);
    kt_read(t, dout, sizeof(out), out);
    KT_EQ(t, counter, N, "tickets counter", 0);
    memset(taken, 0, sizeof(taken));
    for (int i = 0; i < N; i++) {
        int ok = out[i] < N && !taken[out[i]];
        kt_expect(t, ok, "tickets: work-item %d got ticket %u (out of range or taken twice)", i,
                  out[i]);
        if (ok)
            taken[out[i]] = 1;
    }
    kt_release(k, dc, dout, NULL);
}

static void test_fold_all(struct kt *t)
{
    static cl_int in[N];
    cl_int s[8] = {5, 5, 0x7fffffff, (cl_int)0x80000000, -1, 0, 0x1234, 1000};
    cl_uint u[3] = {0, 0xffffffffu, 0};
    cl_int ws[8];
    cl_uint wu[3];
    size_t global = N, local = 32;
    for (int i = 0; i < N; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 2000001) - 1000000;
    memcpy(ws, s, sizeof(s));
    memcpy(wu, u, sizeof(u));
    for (int i = 0; i < N; i++) {
        cl_int v = in[i];
        ws[0] = (cl_int)((cl_uint)ws[0] + (cl_uint)v);
        ws[1] = (cl_int)((cl_uint)ws[1] - (cl_uint)v);
        ws[2] = v < ws[2] ? v : ws[2];
        ws[3] = v > ws[3] ? v : ws[3];
        ws[4] &= v | 0x10000;
        ws[5] |= v & 0x7ff;
        ws[6] ^= v;
        ws[7]--;
        wu[0] += (cl_uint)v & 0xff;
        wu[1] = (cl_uint)v < wu[1] ? (cl_uint)v : wu[1];
        wu[2] = (cl_uint)v > wu[2] ? (cl_uint)v : wu[2];
    }
    cl_kernel k = kt_kernel(t, "fold_all");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem ds = kt_buffer_arg(t, k, 1, sizeof(s), s);
    cl_mem du = kt_buffer_arg(t, k, 2, sizeof(u), u);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, ds, sizeof(s), s);
    kt_read(t, du, sizeof(u), u);
    static const char *const what[8] = {"add", "sub", "min", "max", "and", "or", "xor", "dec"};
    for (int i = 0; i < 8; i++)
        KT_EQ(t, (cl_uint)s[i], (cl_uint)ws[i], what[i], 0);
    KT_EQ(t, u[0], wu[0], "atom_add uint", 0);
    KT_EQ(t, u[1], wu[1], "min uint", 0);
    KT_EQ(t, u[2], wu[2], "max uint", 0);
    kt_release(k, din, ds, du);
}

/* One winner per word: the work-item whose id the word holds saw -1; the others saw it. */
static void test_claim(struct kt *t)
{
    static cl_int seen[N];
    cl_int owner[8];
    size_t global = N;
    memset(owner, 0xff, sizeof(owner));
    cl_kernel k = kt_kernel(t, "claim");
    cl_mem dow = kt_buffer_arg(t, k, 0, sizeof(owner), owner);
    cl_mem dseen = kt_buffer_arg(t, k, 1, sizeof(seen), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dow, sizeof(owner), owner);
    kt_read(t, dseen, sizeof(seen), seen);
    for (int w = 0; w < 8; w++) {
        int ok = owner[w] >= 0 && owner[w] < N && owner[w] % 8 == w;
        kt_expect(t, ok, "claim: owner[%d] = %d is not a work-item of that word", w, owner[w]);
        for (int g = w; ok && g < N; g += 8)
            kt_expect(t, seen[g] == (g == owner[w] ? -1 : owner[w]),
                      "claim: work-item %d saw %d (owner %d)", g, seen[g], owner[w]);
    }
    kt_release(k, dow, dseen, NULL);
}

/* The exchanges form one chain: -5 -> a -> b -> ... -> last, covering every id once. */
static void test_pass_on(struct kt *t)
{
    static cl_int got[N], next[N + 1];
    cl_int last = -5;
    size_t global = N, local = 16;
    cl_kernel k = kt_kernel(t, "pass_on");
    cl_mem dl = kt_buffer_arg(t, k, 0, sizeof(last), &last);
    cl_mem dg = kt_buffer_arg(t, k, 1, sizeof(got), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dl, sizeof(last), &last);
    kt_read(t, dg, sizeof(got), got);
    for (int i = 0; i <= N; i++)
        next[i] = -2; /* next[p + 1]: who took over from p (p = -1 stands for -5) */
    int ok = 1;
    for (int g = 0; g < N && ok; g++) {
        int p = got[g] == -5 ? -1 : got[g];
        ok = p >= -1 && p < N && next[p + 1] == -2;
        kt_expect(t, ok, "pass_on: work-item %d got %d (invalid or given twice)", g, got[g]);
        if (ok)
            next[p + 1] = g;
    }
    int steps = 0;
    for (int p = -1; ok && next[p + 1] != -2 && steps <= N; steps++)
        p = next[p + 1];
    kt_expect(t, !ok || steps == N, "pass_on: the chain covers %d of %d work-items", steps, N);
    KT_EQ(t, last >= 0 && last < N && next[last + 1] == -2, 1, "pass_on final holder", 0);
    kt_release(k, dl, dg, NULL);
}

static void test_fetch_explicit(struct kt *t)
{
    static cl_int out[N];
    cl_int sums[4] = {0, 10, 20, 30}, flags[8] = {0}, want[4] = {0, 10, 20, 30};
    size_t global = N, local = 64;
    for (int g = 0; g < N; g++)
        want[g & 3] += g;
    cl_kernel k = kt_kernel(t, "fetch_explicit");
    cl_mem ds = kt_buffer_arg(t, k, 0, sizeof(sums), sums);
    cl_mem df = kt_buffer_arg(t, k, 1, sizeof(flags), flags);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, ds, sizeof(sums), sums);
    kt_read(t, df, sizeof(flags), flags);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < 4; i++)
        KT_EQ(t, sums[i], want[i], "fetch_add_explicit sum", i);
    for (int w = 0; w < 8; w++) {
        int winner = flags[w] - 1;
        int ok = winner >= 0 && winner < N && (winner & 7) == w;
        kt_expect(t, ok, "compare_exchange: flags[%d] = %d", w, flags[w]);
        for (int g = w; ok && g < N; g += 8)
            kt_expect(t, out[g] == (g == winner ? -1 : flags[w]),
                      "compare_exchange: work-item %d saw %d (flag %d)", g, out[g], flags[w]);
    }
    kt_release(k, ds, df, dout);
}

static void test_load_store(struct kt *t)
{
    static cl_int a[64], b[64], out[64];
    size_t global = 64;
    for (int i = 0; i < 64; i++)
        a[i] = (cl_int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "load_store");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem db = kt_buffer_arg(t, k, 1, sizeof(b), NULL);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, db, sizeof(b), b);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < 64; i++) {
        KT_EQ(t, out[i], a[i], "atomic_load", i);
        KT_EQ(t, b[i], i * 3, "atomic_store", i);
    }
    kt_release(k, da, db, dout);
}

static void test_histogram_task(struct kt *t)
{
    static cl_uint in[N], hist[8], want[8];
    cl_int n = N - 3;
    for (int i = 0; i < N; i++)
        in[i] = i % 5 ? 6 : (cl_uint)kt_rand(&rng);
    memset(want, 0, sizeof(want));
    for (int i = 0; i < n; i++)
        want[in[i] & 7]++;
    cl_kernel k = kt_kernel(t, "histogram_task");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(hist), NULL);
    kt_arg(t, k, 2, sizeof(n), &n);
    kt_task(t, k);
    kt_read(t, dh, sizeof(hist), hist);
    for (int b = 0; b < 8; b++)
        KT_EQ(t, hist[b], want[b], "histogram_task bin", b);
    kt_release(k, din, dh, NULL);
}

/* 8 work-groups (more than the copies of __local memory), 4 items per work-item. */
static void test_histogram256(struct kt *t)
{
    enum { GROUPS = 8, PER = 4, ITEMS = GROUPS * 64 * PER };
    static cl_uint in[ITEMS], hist[256], want[256];
    cl_int per = PER;
    size_t global = GROUPS * 64, local = 64;
    for (int i = 0; i < ITEMS; i++) /* half the items in a few bins: runs of equal words */
        in[i] = kt_rand(&rng) % 2 ? (cl_uint)(kt_rand(&rng) % 4) * 77 : (cl_uint)kt_rand(&rng);
    for (int b = 0; b < 256; b++)
        hist[b] = want[b] = (cl_uint)b; /* the merge adds to what is there */
    for (int i = 0; i < ITEMS; i++)
        want[in[i] & 255]++;
    cl_kernel k = kt_kernel(t, "histogram256");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dh = kt_buffer_arg(t, k, 1, sizeof(hist), hist);
    kt_arg(t, k, 2, sizeof(per), &per);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dh, sizeof(hist), hist);
    for (int b = 0; b < 256; b++)
        KT_EQ(t, hist[b], want[b], "histogram256 bin", b);
    kt_release(k, din, dh, NULL);
}

static void test_local_ops(struct kt *t)
{
    enum { L = 32, G = 4 };
    static cl_int in[L * G], out[12 * G];
    size_t global = L * G, local = L;
    for (int i = 0; i < L * G; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 200001) - 100000;
    cl_kernel k = kt_kernel(t, "local_ops");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < G; g++) {
        cl_int w[12] = {0, 0, 0x7fffffff, (cl_int)0x80000000, -1, 0, 0, 0, 0, 0, 0, 0};
        for (int l = 0; l < L; l++) {
            cl_int v = in[g * L + l];
            w[0] = (cl_int)((cl_uint)w[0] + (cl_uint)v);
            w[1] = (cl_int)((cl_uint)w[1] - (cl_uint)v);
            w[2] = v < w[2] ? v : w[2];
            w[3] = v > w[3] ? v : w[3];
            w[4] &= v | 0x100;
            w[5] |= v & 0xff0;
            w[6] ^= v;
            w[7]++;
            w[8]--;
            w[11] = (cl_uint)v > (cl_uint)w[11] ? v : w[11];
        }
        const cl_int *o = &out[g * 12];
        static const char *const what[9] = {"local add", "local sub", "local min",
                                            "local max", "local and", "local or",
                                            "local xor", "local inc", "local dec"};
        for (int i = 0; i < 9; i++)
            KT_EQ(t, (cl_uint)o[i], (cl_uint)w[i], what[i], g);
        kt_expect(t, o[9] >= 0 && o[9] < L, "local xchg group %d: %d is no local id", g, o[9]);
        kt_expect(t, o[10] >= 1 && o[10] <= L, "local cmpxchg group %d: %d", g, o[10]);
        KT_EQ(t, (cl_uint)o[11], (cl_uint)w[11], "local max uint", g);
    }
    kt_release(k, din, dout, NULL);
}

static void test_fence_count(struct kt *t)
{
    enum { G = 6, LS = 32 };
    cl_uint counter = 0, seen[G];
    size_t global = G * LS, local = LS;
    cl_kernel k = kt_kernel(t, "fence_count");
    cl_mem dc = kt_buffer_arg(t, k, 0, sizeof(counter), &counter);
    cl_mem ds = kt_buffer_arg(t, k, 1, sizeof(seen), NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dc, sizeof(counter), &counter);
    kt_read(t, ds, sizeof(seen), seen);
    KT_EQ(t, counter, G * LS, "fence_count counter", 0);
    for (int g = 0; g < G; g++)
        kt_expect(t, seen[g] >= (cl_uint)(g + 1) * LS && seen[g] <= G * LS,
                  "fence_count: group %d saw %u, want %d..%d", g, seen[g], (g + 1) * LS, G * LS);
    kt_release(k, dc, ds, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "atomics", argc > 1 ? argv[1] : "atomics.cl");
    test_histogram16(&t);
    test_tickets(&t);
    test_fold_all(&t);
    test_claim(&t);
    test_pass_on(&t);
    test_fetch_explicit(&t);
    test_load_store(&t);
    test_histogram_task(&t);
    test_histogram256(&t);
    test_local_ops(&t);
    test_fence_count(&t);
    return kt_finish(&t);
}
