// SPDX-License-Identifier: MIT
/*
 * int_builtins.cl: the integer builtin functions of the library (frontend/builtins/
 * integer.cl) on every scalar type, against C over edge values (0, ±1, MIN, MAX and their
 * neighbours, in every combination of the first ones) and random values.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

typedef __int128 wide;

enum { N = 256, NF = 18 };
static uint64_t rng = 2024;

static const char *const fn_names[NF] = {
    "max", "min", "clamp",    "abs",    "abs_diff", "add_sat", "sub_sat", "hadd",      "rhadd",
    "clz", "ctz", "popcount", "rotate", "mul_hi",   "mad_hi",  "select",  "bitselect", "mad_sat"};

static wide clampw(wide v, wide lo, wide hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A function, so that unsigned types do not warn about an always-false comparison. */
static int negative(wide v)
{
    return v < 0;
}

static unsigned clz_w(uint64_t u, unsigned w)
{
    unsigned n = 0;
    for (int b = (int)w - 1; b >= 0 && !(u >> b & 1); b--)
        n++;
    return n;
}

static unsigned ctz_w(uint64_t u, unsigned w)
{
    unsigned n = 0;
    while (n < w && !(u >> n & 1))
        n++;
    return n;
}

/*
 * Reference for type T (unsigned twin U, W bits, range LO..HI); MULW: a type that holds the
 * full product.
 * The results are compared as T.
 */
#define REFERENCE(T, U, W, MULW, LO, HI)                                                           \
    static T mad_sat_##T(T a, T b, T c) /* in MULW, which holds a * b + c */                       \
    {                                                                                              \
        MULW v = (MULW)a * (MULW)b + (MULW)c;                                                      \
        if ((LO) != 0 && negative((wide)v) && (wide)v < (wide)(LO)) /* signed types only */        \
            return (T)(LO);                                                                        \
        return v > (MULW)(HI) ? (T)(HI) : (T)v;                                                    \
    }                                                                                              \
    static void ref_##T(T a, T b, T c, T *r)                                                       \
    {                                                                                              \
        T lo = b < c ? b : c, hi = b < c ? c : b;                                                  \
        U mask = (U) ~(U)0;                                                                        \
        unsigned s = (unsigned)((U)b % (W));                                                       \
        r[0] = a > b ? a : b;                                                                      \
        r[1] = a < b ? a : b;                                                                      \
        r[2] = a < lo ? lo : a > hi ? hi : a;                                                      \
        r[3] = (T)(negative(a) ? (U)0 - (U)a : (U)a);                                              \
        r[4] = (T)(a > b ? (U)a - (U)b : (U)b - (U)a);                                             \
        r[5] = (T)clampw((wide)a + b, LO, HI);                                                     \
        r[6] = (T)clampw((wide)a - b, LO, HI);                                                     \
        r[7] = (T)(((wide)a + b) >> 1);                                                            \
        r[8] = (T)(((wide)a + b + 1) >> 1);                                                        \
        r[9] = (T)clz_w((U)a & mask, W);                                                           \
        r[10] = (T)ctz_w((U)a & mask, W);                                                          \
        r[11] = (T)__builtin_popcountll((uint64_t)(U)a);                                           \
        r[12] = (T)(U)((U)((U)a << s) | (U)(s ? (U)a >> ((W)-s) : 0));                             \
        r[13] = (T)(((MULW)a * (MULW)b) >> (W));                                                   \
        r[14] = (T)((U)r[13] + (U)c);                                                              \
        r[15] = c ? b : a;                                                                         \
        r[16] = (T)(((U)a & (U) ~(U)c) | ((U)b & (U)c));                                           \
        r[17] = mad_sat_##T(a, b, c);                                                              \
    }

REFERENCE(int8_t, uint8_t, 8, wide, INT8_MIN, INT8_MAX)
REFERENCE(uint8_t, uint8_t, 8, wide, 0, UINT8_MAX)
REFERENCE(int16_t, uint16_t, 16, wide, INT16_MIN, INT16_MAX)
REFERENCE(uint16_t, uint16_t, 16, wide, 0, UINT16_MAX)
REFERENCE(int32_t, uint32_t, 32, wide, INT32_MIN, INT32_MAX)
REFERENCE(uint32_t, uint32_t, 32, wide, 0, UINT32_MAX)
REFERENCE(int64_t, uint64_t, 64, wide, INT64_MIN, INT64_MAX)
REFERENCE(uint64_t, uint64_t, 64, unsigned __int128, 0, UINT64_MAX)

/* Edge values first (all pairs of the first 7 over a and b), random values after. */
#define FILL(T, LO, HI)                                                                            \
    static void fill_##T(T *x, T *y, T *z)                                                         \
    {                                                                                              \
        const T edge[7] = {0, 1, (T)-1, (T)(LO), (T)(HI), (T)((LO) + 1), (T)((HI)-1)};             \
        for (int i = 0; i < N; i++) {                                                              \
            x[i] = (T)kt_rand(&rng);                                                               \
            y[i] = (T)kt_rand(&rng);                                                               \
            z[i] = (T)kt_rand(&rng);                                                               \
            if (i < 49) {                                                                          \
                x[i] = edge[i / 7];                                                                \
                y[i] = edge[i % 7];                                                                \
                z[i] = edge[(i * 3) % 7];                                                          \
            }                                                                                      \
        }                                                                                          \
    }

FILL(int8_t, INT8_MIN, INT8_MAX)
FILL(uint8_t, 0, UINT8_MAX)
FILL(int16_t, INT16_MIN, INT16_MAX)
FILL(uint16_t, 0, UINT16_MAX)
FILL(int32_t, INT32_MIN, INT32_MAX)
FILL(uint32_t, 0, UINT32_MAX)
FILL(int64_t, INT64_MIN, INT64_MAX)
FILL(uint64_t, 0, UINT64_MAX)

/*
 * FN runs builtins_<CLNAME> on N elements of T in vectors of LANES (1: scalars) and checks
 * each lane against the scalar reference. A vector select takes the most significant bit of
 * c's lane (as S) instead of "non-zero".
 */
#define TEST_BUILTINS(FN, T, S, LANES, CLNAME)                                                     \
    static void FN(struct kt *t)                                                                   \
    {                                                                                              \
        static T x[N], y[N], z[N], out[N * NF];                                                    \
        size_t global = N / LANES;                                                                 \
        fill_##T(x, y, z);                                                                         \
        cl_kernel k = kt_kernel(t, "builtins_" CLNAME);                                            \
        cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);                                          \
        cl_mem dy = kt_buffer_arg(t, k, 1, sizeof(y), y);                                          \
        cl_mem dz = kt_buffer_arg(t, k, 2, sizeof(z), z);                                          \
        cl_mem dout = kt_buffer_arg(t, k, 3, sizeof(out), NULL);                                   \
        kt_run(t, k, 1, NULL, &global, NULL);                                                      \
        kt_read(t, dout, sizeof(out), out);                                                        \
        for (int i = 0; i < N; i++) {                                                              \
            int item = i / LANES, lane = i % LANES;                                                \
            T want[NF];                                                                            \
            ref_##T(x[i], y[i], z[i], want);                                                       \
            if (LANES > 1)                                                                         \
                want[15] = (S)z[i] < 0 ? y[i] : x[i];                                              \
            for (int f = 0; f < NF; f++) {                                                         \
                T got = out[(item * NF + f) * LANES + lane];                                       \
                kt_expect(t, got == want[f],                                                       \
                          "%s %s lane %d (0x%llx, 0x%llx, 0x%llx): got 0x%llx, want 0x%llx",       \
                          CLNAME, fn_names[f], lane, (unsigned long long)x[i],                     \
                          (unsigned long long)y[i], (unsigned long long)z[i],                      \
                          (unsigned long long)got, (unsigned long long)want[f]);                   \
            }                                                                                      \
        }                                                                                          \
        clReleaseMemObject(dx);                                                                    \
        clReleaseMemObject(dy);                                                                    \
        clReleaseMemObject(dz);                                                                    \
        clReleaseMemObject(dout);                                                                  \
        clReleaseKernel(k);                                                                        \
    }

TEST_BUILTINS(test_int8_t, int8_t, int8_t, 1, "char")
TEST_BUILTINS(test_uint8_t, uint8_t, int8_t, 1, "uchar")
TEST_BUILTINS(test_int16_t, int16_t, int16_t, 1, "short")
TEST_BUILTINS(test_uint16_t, uint16_t, int16_t, 1, "ushort")
TEST_BUILTINS(test_int32_t, int32_t, int32_t, 1, "int")
TEST_BUILTINS(test_uint32_t, uint32_t, int32_t, 1, "uint")
TEST_BUILTINS(test_int64_t, int64_t, int64_t, 1, "long")
TEST_BUILTINS(test_uint64_t, uint64_t, int64_t, 1, "ulong")
TEST_BUILTINS(test_vector_int32_t, int32_t, int32_t, 2, "int2")
TEST_BUILTINS(test_vector_uint16_t, uint16_t, int16_t, 4, "ushort4")

static void test_misc(struct kt *t)
{
    static int32_t x[N], y[N];
    static int64_t out[N * 8];
    size_t global = N;
    fill_int32_t(x, y, (int32_t[N]){0});
    cl_kernel k = kt_kernel(t, "builtins_misc");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    cl_mem dy = kt_buffer_arg(t, k, 1, sizeof(y), y);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < N; i++) {
        int32_t a = x[i], b = y[i];
        int32_t a24 = (int32_t)((uint32_t)a << 8) >> 8, b24 = (int32_t)((uint32_t)b << 8) >> 8;
        uint32_t ua = (uint32_t)a & 0xffffff, ub = (uint32_t)b & 0xffffff;
        int64_t want[8] = {(int32_t)((uint32_t)a24 * (uint32_t)b24),
                           (int32_t)((uint32_t)a24 * (uint32_t)b24 + (uint32_t)a),
                           (int64_t)(uint32_t)(ua * ub),
                           (int64_t)(uint32_t)(ua * ub + (uint32_t)b),
                           (int16_t)(uint16_t)((uint16_t)(uint8_t)a << 8 | (uint8_t)b),
                           (int64_t)((uint32_t)(uint16_t)a << 16 | (uint16_t)b),
                           (int64_t)((uint64_t)(uint32_t)a << 32 | (uint32_t)b),
                           (int64_t)((uint64_t)(uint32_t)a << 32 | (uint32_t)b) + (a < 0) +
                               2 * ((int8_t)b < 0) + 4 * (((uint64_t)(int64_t)a << 20) >> 63) +
                               8 * ((int16_t)(b >> 3) < 0)};
        static const char *const what[8] = {
            "mul24",         "mad24",           "mul24 uint",   "mad24 uint",
            "upsample char", "upsample ushort", "upsample int", "upsample uint, any, all"};
        for (int f = 0; f < 8; f++)
            kt_expect(t, out[i * 8 + f] == want[f], "%s(0x%x, 0x%x): got 0x%llx, want 0x%llx",
                      what[f], (unsigned)a, (unsigned)b, (unsigned long long)out[i * 8 + f],
                      (unsigned long long)want[f]);
    }
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* builtins_vec_misc: lane l is the scalar function of x[i] ^ K[l] and y[i] ^ K[(l + 1) % 16]. */
static void test_vec_misc(struct kt *t)
{
    enum { NO = 62 };
    static const uint32_t K[16] = {0,          0x5a5a5a5a, 0xffffffff, 0x00800000,
                                   0x7fffffff, 0x12345678, 0x80000000, 1,
                                   0x00ffffff, 0x0f0f0f0f, 0xdeadbeef, 0x7f7f7f7f,
                                   0x00010001, 0x3c3c3c3c, 0xfedcba98, 0x0000ff00};
    static int32_t x[N], y[N], out32[N * NO];
    static int64_t out64[N * 6];
    size_t global = N;
    fill_int32_t(x, y, (int32_t[N]){0});
    cl_kernel k = kt_kernel(t, "builtins_vec_misc");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    cl_mem dy = kt_buffer_arg(t, k, 1, sizeof(y), y);
    cl_mem d32 = kt_buffer_arg(t, k, 2, sizeof(out32), NULL);
    cl_mem d64 = kt_buffer_arg(t, k, 3, sizeof(out64), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, d32, sizeof(out32), out32);
    kt_read(t, d64, sizeof(out64), out64);
    for (int i = 0; i < N; i++) {
        int32_t a[16], b[16];
        uint32_t p24[16], u24[16]; /* mul24's products: signed and unsigned operands */
        for (int l = 0; l < 16; l++) {
            a[l] = (int32_t)((uint32_t)x[i] ^ K[l]);
            b[l] = (int32_t)((uint32_t)y[i] ^ K[(l + 1) % 16]);
            int32_t a24 = (int32_t)((uint32_t)a[l] << 8) >> 8;
            int32_t b24 = (int32_t)((uint32_t)b[l] << 8) >> 8;
            p24[l] = (uint32_t)a24 * (uint32_t)b24;
            u24[l] = ((uint32_t)a[l] & 0xffffff) * ((uint32_t)b[l] & 0xffffff);
        }
        int32_t want[NO];
        for (int l = 0; l < 2; l++)
            want[l] = (int32_t)p24[l];
        for (int l = 2; l < 5; l++)
            want[l] = (int32_t)(p24[l] + (uint32_t)a[l]);
        for (int l = 4; l < 8; l++)
            want[1 + l] = (int32_t)u24[l];
        for (int l = 8; l < 16; l++)
            want[1 + l] = (int32_t)(u24[l] + (uint32_t)b[l]);
        for (int l = 0; l < 16; l++)
            want[17 + l] = (int32_t)(p24[l] + (uint32_t)b[l]);
        for (int l = 0; l < 2; l++)
            want[33 + l] = (int16_t)(uint16_t)((uint8_t)a[l] << 8 | (uint8_t)b[l]);
        for (int l = 0; l < 16; l++)
            want[35 + l] = (uint16_t)((uint8_t)a[l] << 8 | (uint8_t)b[l]);
        for (int l = 2; l < 5; l++)
            want[49 + l] = (int32_t)((uint32_t)(uint16_t)a[l] << 16 | (uint16_t)b[l]);
        for (int l = 0; l < 8; l++)
            want[54 + l] = (int32_t)((uint32_t)(uint16_t)a[l] << 16 | (uint16_t)b[8 + l]);
        static const char *const what[NO] = {
            [0] = "mul24 int2",        [2] = "mad24 int3",          [5] = "mul24 uint4",
            [9] = "mad24 uint8",       [17] = "mad24 int16",        [33] = "upsample char2",
            [35] = "upsample uchar16", [51] = "upsample short3",    [54] = "upsample ushort8"};
        for (int f = 0, w = 0; f < NO; f++) {
            w = what[f] ? f : w;
            kt_expect(t, out32[i * NO + f] == want[f], "%s, item %d lane %d: got 0x%x, want 0x%x",
                      what[w], i, f - w, (unsigned)out32[i * NO + f], (unsigned)want[f]);
        }
        for (int l = 0; l < 6; l++) { /* a.s01 with b.s01, a.s2345 with b.s6789 */
            int64_t w = (int64_t)((uint64_t)(uint32_t)a[l] << 32 | (uint32_t)b[l < 2 ? l : l + 4]);
            kt_expect(t, out64[i * 6 + l] == w, "upsample %s, item %d: got 0x%llx, want 0x%llx",
                      l < 2 ? "int2" : "uint4", i, (unsigned long long)out64[i * 6 + l],
                      (unsigned long long)w);
        }
    }
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    clReleaseMemObject(d32);
    clReleaseMemObject(d64);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "int_builtins", argc > 1 ? argv[1] : "int_builtins.cl");
    test_int8_t(&t);
    test_uint8_t(&t);
    test_int16_t(&t);
    test_uint16_t(&t);
    test_int32_t(&t);
    test_uint32_t(&t);
    test_int64_t(&t);
    test_uint64_t(&t);
    test_vector_int32_t(&t);
    test_vector_uint16_t(&t);
    test_misc(&t);
    test_vec_misc(&t);
    return kt_finish(&t);
}
