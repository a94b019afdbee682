// SPDX-License-Identifier: MIT
// Every integer operator on every integer type: 16 results per work-item.
#define INT_OPS(T, NAME)                                                                     \
    __kernel void ops_##NAME(__global const T *a, __global const T *b, __global T *out)      \
    {                                                                                        \
        size_t i = get_global_id(0);                                                         \
        T x = a[i], y = b[i];                                                                \
        __global T *o = out + i * 16;                                                        \
        o[0] = x + y;                                                                        \
        o[1] = x - y;                                                                        \
        o[2] = x * y;                                                                        \
        o[3] = y != 0 ? x / y : (T)0;                                                        \
        o[4] = y != 0 ? x % y : (T)0;                                                        \
        o[5] = x << (y & (sizeof(T) * 8 - 1));                                               \
        o[6] = x >> (y & (sizeof(T) * 8 - 1));                                               \
        o[7] = x & y;                                                                        \
        o[8] = x | y;                                                                        \
        o[9] = x ^ y;                                                                        \
        o[10] = ~x;                                                                          \
        o[11] = -x;                                                                          \
        o[12] = (T)((x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | \
                    (x != y) << 5 | (!x) << 6);                                               \
        o[13] = x > y ? x : y;                                                               \
        o[14] = x < y ? x : y;                                                               \
        o[15] = (T)(((long)x * 7 + (ulong)y) >> 3);                                          \
    }

INT_OPS(char, char)
INT_OPS(uchar, uchar)
INT_OPS(short, short)
INT_OPS(ushort, ushort)
INT_OPS(int, int)
INT_OPS(uint, uint)
INT_OPS(long, long)
INT_OPS(ulong, ulong)
