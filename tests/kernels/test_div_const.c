// SPDX-License-Identifier: MIT
/*
 * div_const.cl: division and remainder by constants against C. The divisors are cast to the
 * operand type first, as in the kernel ((uchar)-1 is 255, (char)641 is -127, ...); char and
 * short operands promote to int as in OpenCL C, so their division is done in 32 bits.
 */
#include <stdio.h>

#include "kt.h"

#define N 300

/* x / d and x % d computed in P, wide enough that MIN / -1 does not overflow; the cast to T
   then wraps it to MIN, which is what the hardware gives. */
#define DIV(P, x, d) ((P)((x) / (d)))
#define REM(P, x, d) ((P)((x) % (d)))

#define REFERENCE(T, P)                                                                         \
    static void ref_##T(T x, T *o)                                                              \
    {                                                                                           \
        P px = x;                                                                               \
        o[0] = (T)DIV(P, px, (P)(T)1);                                                          \
        o[1] = (T)DIV(P, px, (P)(T)3);                                                          \
        o[2] = (T)REM(P, px, (P)(T)3);                                                          \
        o[3] = (T)DIV(P, px, (P)(T)7);                                                          \
        o[4] = (T)REM(P, px, (P)(T)10);                                                         \
        o[5] = (T)DIV(P, px, (P)(T)100);                                                        \
        o[6] = (T)DIV(P, px, (P)(T)641);                                                        \
        o[7] = (T)REM(P, px, (P)(T)641);                                                        \
        o[8] = (T)DIV(P, px, (P)(T)0x7fff);                                                     \
        o[9] = (T)DIV(P, px, (P)(T)(-1));                                                       \
        o[10] = (T)REM(P, px, (P)(T)(-7));                                                      \
        o[11] = (T)DIV(P, px, (P)(T)(-3));                                                      \
        o[12] = (T)DIV(P, px, (P)(T)16);                                                        \
        o[13] = (T)REM(P, px, (P)(T)16);                                                        \
        o[14] = (T)DIV(P, px, (P)(T)0x7fffffff);                                                \
        o[15] = (T)REM(P, px, (P)(T)0x7ffffffd);                                                \
    }

REFERENCE(int8_t, int32_t)
REFERENCE(uint8_t, int32_t)
REFERENCE(int16_t, int32_t)
REFERENCE(uint16_t, int32_t)
REFERENCE(int32_t, int64_t) /* int64 holds every int / int result; wraps match via (T) */
REFERENCE(uint32_t, uint32_t)
REFERENCE(int64_t, __int128)

static const int64_t specials[] = {0, 1, -1, 2, -2, 3, 6, 7, 9, 10, 99, 100, 640, 641, 642,
                                   -641, 127, -128, 255, 32767, -32768, 65535, 0x7fffffff,
                                   -0x7fffffff - 1, 0xfffffffe, INT64_MAX, INT64_MIN};
#define NSPECIAL (sizeof(specials) / sizeof(specials[0]))

#define RUN(T, NAME)                                                                            \
    do {                                                                                        \
        T a[N], out[N * 16], want[16];                                                          \
        uint64_t rng = 77 + sizeof(T);                                                          \
        for (size_t i = 0; i < N; i++)                                                          \
            a[i] = (T)(i < NSPECIAL ? (uint64_t)specials[i] : kt_rand(&rng) >> (i % 64));       \
        cl_kernel k = kt_kernel(&t, "div_" NAME);                                               \
        cl_mem da = kt_buffer(&t, sizeof(a), a), dout = kt_buffer(&t, sizeof(out), NULL);       \
        kt_arg(&t, k, 0, sizeof(cl_mem), &da);                                                  \
        kt_arg(&t, k, 1, sizeof(cl_mem), &dout);                                                \
        size_t global = N;                                                                      \
        kt_run(&t, k, 1, NULL, &global, NULL);                                                  \
        kt_read(&t, dout, sizeof(out), out);                                                    \
        for (size_t i = 0; i < N; i++) {                                                        \
            ref_##T(a[i], want);                                                                \
            for (int j = 0; j < 16; j++)                                                        \
                kt_expect(&t, out[i * 16 + j] == want[j], "div_%s op %d x=%lld: got %lld want %lld", \
                          NAME, j, (long long)a[i], (long long)out[i * 16 + j],                 \
                          (long long)want[j]);                                                  \
        }                                                                                       \
        clReleaseMemObject(da);                                                                 \
        clReleaseMemObject(dout);                                                               \
        clReleaseKernel(k);                                                                     \
    } while (0)

int main(int argc, char **argv)
{
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s div_const.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "div_const", argv[1]);
    RUN(int8_t, "char");
    RUN(uint8_t, "uchar");
    RUN(int16_t, "short");
    RUN(uint16_t, "ushort");
    RUN(int32_t, "int");
    RUN(uint32_t, "uint");
    RUN(int64_t, "long");
    return kt_finish(&t);
}
