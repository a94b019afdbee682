// SPDX-License-Identifier: MIT
/*
 * convert.cl: integer conversions, plain (wrapping) and saturating, from each integer type
 * into all eight, against C over each source type's edge values and random values.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 128 };
static uint64_t rng = 31337;

/* The eight destination types: [lo, hi] as __int128, and how a value widens back to long. */
struct dest {
    const char *name;
    __int128 lo, hi;
    int bits, is_signed;
};

static const struct dest dests[8] = {
    {"char", INT8_MIN, INT8_MAX, 8, 1},     {"uchar", 0, UINT8_MAX, 8, 0},
    {"short", INT16_MIN, INT16_MAX, 16, 1}, {"ushort", 0, UINT16_MAX, 16, 0},
    {"int", INT32_MIN, INT32_MAX, 32, 1},   {"uint", 0, UINT32_MAX, 32, 0},
    {"long", INT64_MIN, INT64_MAX, 64, 1},  {"ulong", 0, UINT64_MAX, 64, 0},
};

/* v converted into d (wrapping or saturating), then widened to long as the kernel does. */
static int64_t expect(__int128 v, const struct dest *d, int sat)
{
    if (sat)
        v = v < d->lo ? d->lo : v > d->hi ? d->hi : v;
    uint64_t bits = (uint64_t)v;
    if (d->bits < 64) {
        bits &= (UINT64_C(1) << d->bits) - 1;
        if (d->is_signed && bits >> (d->bits - 1))
            bits |= ~UINT64_C(0) << d->bits; /* sign-extend */
    }
    return (int64_t)bits;
}

/* Runs from_<name> over n source values (given as __int128) of `size` bytes each. */
static void run_from(struct kt *t, const char *name, int size, int is_signed, const __int128 *vals)
{
    static unsigned char in[N * 8];
    static int64_t out[N * 16];
    char kname[32];
    size_t global = N;
    for (int i = 0; i < N; i++)
        memcpy(in + i * size, &vals[i], (size_t)size); /* little-endian low bytes */
    snprintf(kname, sizeof(kname), "from_%s", name);
    cl_kernel k = kt_kernel(t, kname);
    cl_mem din = kt_buffer_arg(t, k, 0, (size_t)(N * size), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 16; j++) {
            int64_t want = expect(vals[i], &dests[j % 8], j >= 8);
            kt_expect(t, out[i * 16 + j] == want,
                      "convert_%s%s(%s 0x%llx): got 0x%llx, want 0x%llx", dests[j % 8].name,
                      j >= 8 ? "_sat" : "", name, (unsigned long long)(uint64_t)vals[i],
                      (unsigned long long)out[i * 16 + j], (unsigned long long)want);
        }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    (void)is_signed;
}

/* Source values: every destination's bounds and their neighbours, then random ones. */
static void test_from(struct kt *t, const struct dest *src)
{
    __int128 vals[N];
    int n = 0;
    for (int d = 0; d < 8; d++) {
        const __int128 edges[4] = {dests[d].lo, dests[d].hi, dests[d].lo - 1, dests[d].hi + 1};
        for (int e = 0; e < 4; e++)
            if (edges[e] >= src->lo && edges[e] <= src->hi)
                vals[n++] = edges[e];
    }
    while (n < N) {
        uint64_t r = kt_rand(&rng) >> (kt_rand(&rng) % 64); /* all magnitudes */
        __int128 v = src->is_signed && (r & 1) ? -(__int128)(r >> 1) - 1 : (__int128)r;
        if (v >= src->lo && v <= src->hi)
            vals[n++] = v;
        else
            vals[n++] = (__int128)(r & (uint64_t)src->hi);
    }
    run_from(t, src->name, src->bits / 8, src->is_signed, vals);
}

/* vector_from_int: lanes of int4 into uchar4_sat, short4, ulong4_sat and long4. */
static void test_vectors(struct kt *t)
{
    enum { ITEMS = N / 4 };
    static cl_int x[N];
    static int64_t out[ITEMS * 16];
    size_t global = ITEMS;
    const cl_int edge[8] = {0, -1, 255, 256, INT32_MIN, INT32_MAX, 32768, -32769};
    for (int i = 0; i < N; i++)
        x[i] = i < 8 ? edge[i] : (cl_int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "vector_from_int");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    static const struct {
        int dest, sat;
        const char *what;
    } kinds[4] = {{1, 1, "convert_uchar4_sat"},
                  {2, 0, "convert_short4_rtz"},
                  {7, 1, "convert_ulong4_sat_rte"},
                  {6, 0, "convert_long4"}};
    for (int item = 0; item < ITEMS; item++)
        for (int kind = 0; kind < 4; kind++)
            for (int lane = 0; lane < 4; lane++) {
                cl_int v = x[item * 4 + lane];
                int64_t want = expect(v, &dests[kinds[kind].dest], kinds[kind].sat);
                int64_t got = out[item * 16 + kind * 4 + lane];
                kt_expect(t, got == want, "%s lane %d (0x%x): got 0x%llx, want 0x%llx",
                          kinds[kind].what, lane, (unsigned)v, (unsigned long long)got,
                          (unsigned long long)want);
            }
    clReleaseMemObject(dx);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "convert", argc > 1 ? argv[1] : "convert.cl");
    for (int s = 0; s < 8; s++)
        test_from(&t, &dests[s]);
    test_vectors(&t);
    return kt_finish(&t);
}
