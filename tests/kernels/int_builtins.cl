// SPDX-License-Identifier: MIT
// The integer builtin functions on every scalar type (test_int_builtins.c has the same list
// in C). out[i * NF + f] holds function f of element i, as T.

#define NF 18

#define INT_BUILTINS(T, S, MAD_SAT)                                                            \
    kernel void builtins_##T(global const T *restrict x, global const T *restrict y,         \
                             global const T *restrict z, global T *restrict out)              \
    {                                                                                          \
        size_t i = get_global_id(0);                                                           \
        T a = x[i], b = y[i], c = z[i];                                                        \
        T o[NF];                                                                               \
        o[0] = max(a, b);                                                                      \
        o[1] = min(a, b);                                                                      \
        o[2] = clamp(a, min(b, c), max(b, c));                                                 \
        o[3] = (T)abs(a);                                                                      \
        o[4] = (T)abs_diff(a, b);                                                              \
        o[5] = add_sat(a, b);                                                                  \
        o[6] = sub_sat(a, b);                                                                  \
        o[7] = hadd(a, b);                                                                     \
        o[8] = rhadd(a, b);                                                                    \
        o[9] = clz(a);                                                                         \
        o[10] = ctz(a);                                                                        \
        o[11] = popcount(a);                                                                   \
        o[12] = rotate(a, b);                                                                  \
        o[13] = mul_hi(a, b);                                                                  \
        o[14] = mad_hi(a, b, c);                                                               \
        o[15] = select(a, b, (S)c);                                                            \
        o[16] = bitselect(a, b, c);                                                            \
        o[17] = MAD_SAT;                                                                       \
        for (int f = 0; f < NF; f++) /* one store site */                                     \
            out[i * NF + f] = o[f];                                                            \
    }

INT_BUILTINS(char, char, mad_sat(a, b, c))
INT_BUILTINS(uchar, char, mad_sat(a, b, c))
INT_BUILTINS(short, short, mad_sat(a, b, c))
INT_BUILTINS(ushort, short, mad_sat(a, b, c))
INT_BUILTINS(int, int, mad_sat(a, b, c))
INT_BUILTINS(uint, int, mad_sat(a, b, c))
INT_BUILTINS(long, long, mad_sat(a, b, c))
INT_BUILTINS(ulong, long, mad_sat(a, b, c))

// 24-bit multiplies (operands in range) and upsample.
kernel void builtins_misc(global const int *restrict x, global const int *restrict y,
                          global long *restrict out)
{
    size_t i = get_global_id(0);
    int a = x[i], b = y[i];
    int a24 = (a << 8) >> 8, b24 = (b << 8) >> 8;
    long o[8];
    o[0] = mul24(a24, b24);
    o[1] = mad24(a24, b24, a);
    o[2] = mul24((uint)a & 0xffffffu, (uint)b & 0xffffffu);
    o[3] = mad24((uint)a & 0xffffffu, (uint)b & 0xffffffu, (uint)b);
    o[4] = upsample((char)a, (uchar)b);
    o[5] = upsample((ushort)a, (ushort)b);
    o[6] = upsample(a, (uint)b);
    o[7] = (long)upsample((uint)a, (uint)b) + any(a) + 2 * all((char)b) + 4 * any((long)a << 20) +
           8 * all((short)(b >> 3));
    for (int f = 0; f < 8; f++)
        out[i * 8 + f] = o[f];
}

// The vector forms, lane by lane the scalar ones (select: the lane's most significant bit).
#define VEC_BUILTINS(T, VN, SN)                                                                \
    kernel void builtins_##VN(global const VN *restrict x, global const VN *restrict y,      \
                              global const VN *restrict z, global VN *restrict out)          \
    {                                                                                          \
        size_t i = get_global_id(0);                                                           \
        VN a = x[i], b = y[i], c = z[i];                                                       \
        VN o[NF];                                                                              \
        o[0] = max(a, b);                                                                      \
        o[1] = min(a, b);                                                                      \
        o[2] = clamp(a, min(b, c), max(b, c));                                                 \
        o[3] = as_##VN(abs(a));                                                                \
        o[4] = as_##VN(abs_diff(a, b));                                                        \
        o[5] = add_sat(a, b);                                                                  \
        o[6] = sub_sat(a, b);                                                                  \
        o[7] = hadd(a, b);                                                                     \
        o[8] = rhadd(a, b);                                                                    \
        o[9] = clz(a);                                                                         \
        o[10] = ctz(a);                                                                        \
        o[11] = popcount(a);                                                                   \
        o[12] = rotate(a, b);                                                                  \
        o[13] = mul_hi(a, b);                                                                  \
        o[14] = mad_hi(a, b, c);                                                               \
        o[15] = select(a, b, as_##SN(c));                                                      \
        o[16] = bitselect(a, b, c);                                                            \
        o[17] = mad_sat(a, b, c);                                                              \
        for (int f = 0; f < NF; f++)                                                           \
            out[i * NF + f] = o[f];                                                            \
    }

VEC_BUILTINS(int, int2, int2)
VEC_BUILTINS(ushort, ushort4, short4)
