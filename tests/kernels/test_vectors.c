// SPDX-License-Identifier: MIT
/*
 * vectors.cl: integer vector types (arithmetic, literals, swizzles, comparisons, vector ?:,
 * vload/vstore at element alignment, shuffle and shuffle2) against the same computations in
 * C, lane by lane.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 96 };
static uint64_t rng = 99;

static void release(cl_kernel k, cl_mem *bufs, int n)
{
    for (int i = 0; i < n; i++)
        clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
}

static void test_add4(struct kt *t)
{
    static cl_int a[N * 4], b[N * 4], c[N * 4];
    size_t global = N;
    for (int i = 0; i < N * 4; i++) {
        a[i] = (cl_int)kt_rand(&rng);
        b[i] = (cl_int)kt_rand(&rng);
    }
    cl_kernel k = kt_kernel(t, "add4");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(c), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(c), c);
    for (int i = 0; i < N * 4; i++)
        KT_EQ(t, c[i], (cl_int)((cl_uint)a[i] + (cl_uint)b[i] * (cl_uint)(i % 4 + 1) - 7u), "add4",
              i);
    release(k, m, 3);
}

static void test_swizzle(struct kt *t)
{
    static cl_int in[N * 8], out[N * 8];
    size_t global = N;
    for (int i = 0; i < N * 8; i++)
        in[i] = (cl_int)(kt_rand(&rng) % 60001) - 30000; /* products fit in an int */
    cl_kernel k = kt_kernel(t, "swizzle");
    cl_mem m[2] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(out), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    for (int i = 0; i < N; i++) {
        const cl_int *v = &in[i * 8];
        cl_int q[4] = {v[3] + v[4], v[2] + v[4], v[1] + v[5], v[0] + v[5]};
        cl_int r[4] = {v[0] ^ v[7], v[2] ^ v[6], v[7] ^ v[5], v[5] ^ v[4]};
        cl_int want[8] = {q[0], q[1], q[2], q[3], r[2], r[3], (v[0] * v[7]) / 16, 5};
        for (int j = 0; j < 8; j++)
            KT_EQ(t, out[i * 8 + j], want[j], "swizzle", i * 8 + j);
    }
    release(k, m, 2);
}

static void test_compare(struct kt *t)
{
    static cl_short a[N * 4], b[N * 4], lt[N * 4], mx[N * 4];
    size_t global = N;
    for (int i = 0; i < N * 4; i++) {
        a[i] = (cl_short)kt_rand(&rng);
        b[i] = i % 7 ? (cl_short)kt_rand(&rng) : a[i];
    }
    cl_kernel k = kt_kernel(t, "compare");
    cl_mem m[4] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(lt), NULL),
                   kt_buffer_arg(t, k, 3, sizeof(mx), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(lt), lt);
    kt_read(t, m[3], sizeof(mx), mx);
    for (int i = 0; i < N * 4; i++) {
        KT_EQ(t, lt[i], a[i] < b[i] ? -1 : 0, "vector <", i);
        KT_EQ(t, mx[i], a[i] > b[i] ? a[i] : b[i], "vector ?:", i);
    }
    release(k, m, 4);
}

static void test_load_store(struct kt *t)
{
    static cl_uchar bytes[N * 16 + 16];
    static cl_long wide[N * 2 + 2];
    static cl_int out3[N * 3];
    static cl_ulong out2[N * 2];
    size_t global = N;
    for (size_t i = 0; i < sizeof(bytes); i++)
        bytes[i] = (cl_uchar)kt_rand(&rng);
    for (int i = 0; i < N * 2 + 2; i++)
        wide[i] = (cl_long)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "load_store");
    cl_mem m[4] = {
        kt_buffer_arg(t, k, 0, sizeof(bytes), bytes), kt_buffer_arg(t, k, 1, sizeof(wide), wide),
        kt_buffer_arg(t, k, 2, sizeof(out3), NULL), kt_buffer_arg(t, k, 3, sizeof(out2), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(out3), out3);
    kt_read(t, m[3], sizeof(out2), out2);
    for (int i = 0; i < N; i++) {
        const cl_uchar *u = &bytes[1 + i * 16];
        cl_int s[3] = {u[0] + u[15], u[7] - u[8], u[3] * u[12]};
        for (int j = 0; j < 3; j++)
            KT_EQ(t, out3[i * 3 + j], s[j], "vload16/vstore3", i * 3 + j);
        const cl_long *w = &wide[1 + i * 2];
        KT_EQ(t, out2[i * 2], (cl_ulong)w[0] >> 3, "vload2/vstore2 x", i);
        KT_EQ(t, out2[i * 2 + 1], (cl_ulong)w[1] + u[5], "vload2/vstore2 y", i);
    }
    release(k, m, 4);
}

/* vector_args: vector arguments by value, each lane from its own argument bytes. */
static void test_vector_args(struct kt *t)
{
    enum { ITEMS = 8 };
    static cl_int out[ITEMS * 4];
    cl_int4 a = {{11, -22, 33, -44}};
    cl_uchar3 b = {{0xa1, 0xb2, 0xc3}};
    cl_int s = 1000;
    cl_long2 c = {{(cl_long)0x1234567887654321LL, (cl_long)0x0fedcba9abcdef01LL}};
    cl_short8 d = {{-1, 2, -3, 400, 5, -6, 7, -32768}};
    size_t global = ITEMS;
    cl_kernel k = kt_kernel(t, "vector_args");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(a), &a);
    kt_arg(t, k, 2, sizeof(b), &b);
    kt_arg(t, k, 3, sizeof(s), &s);
    kt_arg(t, k, 4, sizeof(c), &c);
    kt_arg(t, k, 5, sizeof(d), &d);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < ITEMS; i++) {
        KT_EQ(t, out[i * 4], a.s[i & 3] + s, "int4 argument lane", i);
        KT_EQ(t, out[i * 4 + 1], 0xa1 + 0xb2 * 256 + 0xc3 * 65536, "uchar3 argument", i);
        KT_EQ(t, out[i * 4 + 2], (cl_int)(c.s[0] >> 32) ^ (cl_int)c.s[1], "long2 argument", i);
        KT_EQ(t, out[i * 4 + 3], d.s[0] + d.s[7] - d.s[3], "short8 argument", i);
    }
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* dynamic_lanes: a lane read and a lane written at indices known only at run time. */
static void test_dynamic_lanes(struct kt *t)
{
    enum { ITEMS = 24 };
    static cl_int in[ITEMS * 8], out[ITEMS * 8], picked[ITEMS];
    size_t global = ITEMS;
    for (int i = 0; i < ITEMS * 8; i++)
        in[i] = (cl_int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "dynamic_lanes");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(out), NULL),
                   kt_buffer_arg(t, k, 2, sizeof(picked), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    kt_read(t, m[2], sizeof(picked), picked);
    for (int i = 0; i < ITEMS; i++) {
        int lane = i % 8;
        KT_EQ(t, picked[i], in[i * 8 + lane], "run-time lane read", i);
        for (int j = 0; j < 8; j++)
            KT_EQ(t, out[i * 8 + j], j == (lane + 3) % 8 ? -lane : in[i * 8 + j],
                  "run-time lane write", i * 8 + j);
    }
    release(k, m, 3);
}

/* Lanes of esize bytes (1, 2, 4 or 8) from little-endian bytes, as unsigned values. */
static void lanes(const void *bytes, int esize, int n, uint64_t *out)
{
    for (int j = 0; j < n; j++) {
        out[j] = 0;
        memcpy(&out[j], (const char *)bytes + j * esize, (size_t)esize);
    }
}

/* shuffle (y NULL) or shuffle2 of n-lane x and y by the m mask lanes: low bits only. */
static void shuffle_ref(const uint64_t *x, const uint64_t *y, int n, const uint64_t *mask, int m,
                        uint64_t *r)
{
    for (int j = 0; j < m; j++) {
        uint64_t k = mask[j] & (uint64_t)((y ? 2 * n : n) - 1);
        r[j] = k < (uint64_t)n ? x[k] : y[k - (uint64_t)n];
    }
}

/*
 * shuffles: the kernel's x, y and mask lanes from its two words, then each shuffle from
 * their lanes, in the kernel's order; narrow results are compared sign- or zero-extended,
 * long ones by halves. The mask words are random: their high bits must not count.
 */
static void test_shuffles(struct kt *t)
{
    enum { ITEMS = 64, NO = 62 };
    static cl_int in[ITEMS], out[ITEMS * NO];
    static cl_uint masks[ITEMS];
    static const int rot[16] = {0, 5, 10, 15, 20, 25, 30, 3, 8, 13, 18, 23, 28, 1, 6, 11};
    size_t global = ITEMS;
    for (int i = 0; i < ITEMS; i++) {
        in[i] = (cl_int)kt_rand(&rng);
        masks[i] = (cl_uint)kt_rand(&rng);
    }
    cl_kernel k = kt_kernel(t, "shuffles");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(in), in),
                   kt_buffer_arg(t, k, 1, sizeof(masks), masks),
                   kt_buffer_arg(t, k, 2, sizeof(out), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(out), out);
    static const uint64_t const4[4] = {3, 6, 9, 0}, const8[8] = {15, 0, 8, 7, 31, 16, 1, 9};
    for (int i = 0; i < ITEMS; i++) {
        cl_int x[16], y[16];
        cl_uint mk[16];
        for (int l = 0; l < 16; l++) {
            x[l] = in[i] ^ (cl_int)(0x03020100u + (cl_uint)l * 0x04040404u);
            mk[l] = rot[l] ? masks[i] << rot[l] | masks[i] >> (32 - rot[l]) : masks[i];
        }
        for (int l = 0; l < 16; l++)
            y[l] = ~x[(l + 9) % 16];
        uint64_t a[16], b[16], mm[16], r[16];
        cl_int want[NO];
        /* int: n 16, m 16 */
        lanes(x, 4, 16, a), lanes(mk, 4, 16, mm), shuffle_ref(a, NULL, 16, mm, 16, r);
        for (int j = 0; j < 16; j++)
            want[j] = (cl_int)r[j];
        /* char: 2n 32, m 8 */
        lanes(x, 1, 16, a), lanes(y, 1, 16, b), lanes(mk, 1, 8, mm);
        shuffle_ref(a, b, 16, mm, 8, r);
        for (int j = 0; j < 8; j++)
            want[16 + j] = (int8_t)r[j];
        /* short: n 8, m 2 */
        lanes(x + 4, 2, 8, a), lanes(mk + 2, 2, 2, mm), shuffle_ref(a, NULL, 8, mm, 2, r);
        for (int j = 0; j < 2; j++)
            want[24 + j] = (int16_t)r[j];
        /* long: 2n 4, m 4 */
        lanes(x + 8, 8, 2, a), lanes(y + 8, 8, 2, b), lanes(mk + 3, 8, 4, mm);
        shuffle_ref(a, b, 2, mm, 4, r);
        for (int j = 0; j < 4; j++) {
            want[26 + j] = (cl_int)r[j];
            want[30 + j] = (cl_int)(r[j] >> 32);
        }
        /* float (bits): n 4, m 8 */
        lanes(x + 12, 4, 4, a), lanes(mk + 8, 4, 8, mm), shuffle_ref(a, NULL, 4, mm, 8, r);
        for (int j = 0; j < 8; j++)
            want[34 + j] = (cl_int)r[j];
        /* uchar: 2n 16, m 8 */
        lanes(x, 1, 8, a), lanes(y + 2, 1, 8, b), lanes(mk + 12, 1, 8, mm);
        shuffle_ref(a, b, 8, mm, 8, r);
        for (int j = 0; j < 8; j++)
            want[42 + j] = (uint8_t)r[j];
        /* constant masks: int n 4, m 4; short 2n 16, m 8 */
        lanes(x, 4, 4, a), shuffle_ref(a, NULL, 4, const4, 4, r);
        for (int j = 0; j < 4; j++)
            want[50 + j] = (cl_int)r[j];
        lanes(x + 4, 2, 8, a), lanes(y + 4, 2, 8, b), shuffle_ref(a, b, 8, const8, 8, r);
        for (int j = 0; j < 8; j++)
            want[54 + j] = (int16_t)r[j];
        static const char *const what[NO] = {
            [0] = "shuffle int16 by uint16",       [16] = "shuffle2 char16 by uchar8",
            [24] = "shuffle short8 by ushort2",    [26] = "shuffle2 long2 by ulong4 (low)",
            [30] = "shuffle2 long2 by ulong4 (high)", [34] = "shuffle float4 by uint8",
            [42] = "shuffle2 uchar8 by uchar8",    [50] = "shuffle int4, constant mask",
            [54] = "shuffle2 short8, constant mask"};
        for (int f = 0, w = 0; f < NO; f++) {
            w = what[f] ? f : w;
            kt_expect(t, out[i * NO + f] == want[f], "%s, item %d lane %d: got 0x%x, want 0x%x",
                      what[w], i, f - w, (unsigned)out[i * NO + f], (unsigned)want[f]);
        }
    }
    release(k, m, 3);
}

static void test_divrem_select(struct kt *t)
{
    static cl_int a[N * 4], b[N * 4], o[N * 8];
    size_t global = N;
    for (int i = 0; i < N * 4; i++) {
        a[i] = (cl_int)kt_rand(&rng);
        b[i] = i % 3 == 0 ? 0 : (cl_int)(kt_rand(&rng) % 2001) - 1000; /* zeros become 3 */
        if (b[i] == -1 && a[i] == INT32_MIN)
            b[i] = 7;
    }
    cl_kernel k = kt_kernel(t, "divrem_select");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(a), a), kt_buffer_arg(t, k, 1, sizeof(b), b),
                   kt_buffer_arg(t, k, 2, sizeof(o), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(o), o);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 4; j++) {
            cl_int x = a[4 * i + j], y = b[4 * i + j] ? b[4 * i + j] : 3;
            KT_EQ(t, o[8 * i + j], x / y, "divrem_select /", (size_t)(4 * i + j));
            KT_EQ(t, o[8 * i + 4 + j], x % y, "divrem_select %", (size_t)(4 * i + j));
        }
    release(k, m, 3);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "vectors", argc > 1 ? argv[1] : "vectors.cl");
    test_add4(&t);
    test_swizzle(&t);
    test_compare(&t);
    test_load_store(&t);
    test_vector_args(&t);
    test_dynamic_lanes(&t);
    test_shuffles(&t);
    test_divrem_select(&t);
    return kt_finish(&t);
}
