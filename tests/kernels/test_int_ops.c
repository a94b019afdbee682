// SPDX-License-Identifier: MIT
/*
 * int_ops.cl against C: each operator on each integer type, with the edge cases (MIN, MAX,
 * -1, 0, 1, MIN / -1, shifts by width - 1) first and pseudo-random pairs after. The
 * reference follows OpenCL C: usual arithmetic conversions (char/short promote to int),
 * shift counts masked to the operand width, wrap-around on overflow (MIN / -1 = MIN).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define N 300 /* work-items per type: not a power of two */

/* One type's reference: x, y as the kernel sees them, results truncated to the type. */
#define REFERENCE(T, PROMOTED, UPROMOTED, BITS, MIN, SIGNED)                                           \
    static void ref_##T(T x, T y, T *o)                                                        \
    {                                                                                          \
        PROMOTED px = x, py = y;                                                               \
        o[0] = (T)((UPROMOTED)px + (UPROMOTED)py);                                             \
        o[1] = (T)((UPROMOTED)px - (UPROMOTED)py);                                             \
        o[2] = (T)((UPROMOTED)px * (UPROMOTED)py);                                             \
        if (py == 0) {                                                                         \
            o[3] = o[4] = 0;                                                                   \
        } else if (SIGNED && px == (PROMOTED)(MIN) && py == (PROMOTED)-1) {          \
            o[3] = (T)px; /* wraps: MIN / -1 = MIN */                                          \
            o[4] = 0;                                                                          \
        } else {                                                                               \
            o[3] = (T)(px / py);                                                               \
            o[4] = (T)(px % py);                                                               \
        }                                                                                      \
        int sh = (int)(py & (BITS - 1));                                                       \
        o[5] = (T)((UPROMOTED)px << sh);                                                       \
        o[6] = (T)(px >> sh);                                                                  \
        o[7] = (T)(px & py);                                                                   \
        o[8] = (T)(px | py);                                                                   \
        o[9] = (T)(px ^ py);                                                                   \
        o[10] = (T)~px;                                                                        \
        o[11] = (T)(0 - (UPROMOTED)px);                                                        \
        o[12] = (T)((px < py) | (px <= py) << 1 | (px > py) << 2 | (px >= py) << 3 |           \
                    (px == py) << 4 | (px != py) << 5 | (!px) << 6);                           \
        o[13] = px > py ? x : y;                                                               \
        o[14] = px < py ? x : y;                                                               \
        o[15] = (T)((uint64_t)((int64_t)x * 7 + (uint64_t)(int64_t)y) >> 3);                   \
    }

/* In the kernel, (long)x * 7 + (ulong)y is computed in ulong for every T. */
REFERENCE(int8_t, int32_t, uint32_t, 8, -128, 1)
REFERENCE(uint8_t, int32_t, uint32_t, 8, 0, 0)
REFERENCE(int16_t, int32_t, uint32_t, 16, -32768, 1)
REFERENCE(uint16_t, int32_t, uint32_t, 16, 0, 0)
REFERENCE(int32_t, int32_t, uint32_t, 32, INT32_MIN, 1)
REFERENCE(uint32_t, uint32_t, uint32_t, 32, 0, 0)
REFERENCE(int64_t, int64_t, uint64_t, 64, INT64_MIN, 1)
REFERENCE(uint64_t, uint64_t, uint64_t, 64, 0, 0)

static const uint64_t specials[] = {0, 1, 2, 3, 7, (uint64_t)-1, (uint64_t)-2,
                                    0x7f, 0x80, 0x7fff, 0x8000, 0x7fffffff, 0x80000000,
                                    0x7fffffffffffffffull, 0x8000000000000000ull, 31, 63};
#define NSPECIAL (sizeof(specials) / sizeof(specials[0]))

/* Inputs: every pair of special values (wrapped to the type) first, then random. */
static uint64_t input(int which, size_t i, uint64_t *rng)
{
    if (i < NSPECIAL * NSPECIAL)
        return specials[which ? i % NSPECIAL : i / NSPECIAL];
    return kt_rand(rng) >> (kt_rand(rng) & 63); /* all magnitudes */
}

#define RUN_TYPE(T, NAME)                                                                       \
    do {                                                                                       \
        T a[N], b[N], out[N * 16], want[16];                                                   \
        uint64_t rng = 0x1234567u + sizeof(T);                                                 \
        for (size_t i = 0; i < N; i++) {                                                       \
            a[i] = (T)input(0, i, &rng);                                                       \
            b[i] = (T)input(1, i, &rng);                                                       \
        }                                                                                      \
        cl_kernel k = kt_kernel(&t, "ops_" NAME);                                              \
        cl_mem da = kt_buffer(&t, sizeof(a), a), db = kt_buffer(&t, sizeof(b), b);             \
        cl_mem dout = kt_buffer(&t, sizeof(out), NULL);                                        \
        kt_arg(&t, k, 0, sizeof(cl_mem), &da);                                                 \
        kt_arg(&t, k, 1, sizeof(cl_mem), &db);                                                 \
        kt_arg(&t, k, 2, sizeof(cl_mem), &dout);                                               \
        size_t global = N;                                                                     \
        kt_run(&t, k, 1, NULL, &global, NULL);                                                 \
        kt_read(&t, dout, sizeof(out), out);                                                   \
        for (size_t i = 0; i < N; i++) {                                                       \
            ref_##T(a[i], b[i], want);                                                         \
            for (int j = 0; j < 16; j++)                                                       \
                kt_expect(&t, out[i * 16 + j] == want[j],                                      \
                          "ops_%s op %d x=%lld y=%lld: got %lld want %lld", NAME, j,           \
                          (long long)a[i], (long long)b[i], (long long)out[i * 16 + j],        \
                          (long long)want[j]);                                                 \
        }                                                                                      \
        clReleaseMemObject(da);                                                                \
        clReleaseMemObject(db);                                                                \
        clReleaseMemObject(dout);                                                              \
        clReleaseKernel(k);                                                                    \
    } while (0)

int main(int argc, char **argv)
{
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s int_ops.oclbin|int_ops.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "int_ops", argv[1]);
    RUN_TYPE(int8_t, "char");
    RUN_TYPE(uint8_t, "uchar");
    RUN_TYPE(int16_t, "short");
    RUN_TYPE(uint16_t, "ushort");
    RUN_TYPE(int32_t, "int");
    RUN_TYPE(uint32_t, "uint");
    RUN_TYPE(int64_t, "long");
    RUN_TYPE(uint64_t, "ulong");
    return kt_finish(&t);
}
