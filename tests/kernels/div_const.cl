// SPDX-License-Identifier: MIT
// Division and remainder by constants (multiplication by a reciprocal in hardware), for
// every divisor class: 1, powers of two, small odd, large, the type's extremes, negative.
#define DIVS(T, NAME)                                                                        \
    __kernel void div_##NAME(__global const T *a, __global T *out)                           \
    {                                                                                        \
        size_t i = get_global_id(0);                                                         \
        T x = a[i];                                                                          \
        __global T *o = out + i * 16;                                                        \
        o[0] = x / (T)1;                                                                     \
        o[1] = x / (T)3;                                                                     \
        o[2] = x % (T)3;                                                                     \
        o[3] = x / (T)7;                                                                     \
        o[4] = x % (T)10;                                                                    \
        o[5] = x / (T)100;                                                                   \
        o[6] = x / (T)641;                                                                   \
        o[7] = x % (T)641;                                                                   \
        o[8] = x / (T)0x7fff;                                                                \
        o[9] = x / (T)(-1);                                                                  \
        o[10] = x % (T)(-7);                                                                 \
        o[11] = x / (T)(-3);                                                                 \
        o[12] = x / (T)16;                                                                   \
        o[13] = x % (T)16;                                                                   \
        o[14] = x / (T)0x7fffffff;                                                           \
        o[15] = x % (T)0x7ffffffd;                                                           \
    }

DIVS(char, char)
DIVS(uchar, uchar)
DIVS(short, short)
DIVS(ushort, ushort)
DIVS(int, int)
DIVS(uint, uint)
DIVS(long, long)
