// SPDX-License-Identifier: MIT
// The integer builtin functions on every scalar type and two vector types
// (test_int_builtins.c has the same list in C). out[i * NF + f] holds function f of element
// i, as T.

#define NF 18

// Kernel builtins_T: every function on T; abs/abs_diff's unsigned results and select's
// mask reach T and S through CONV: a cast for scalars, as_<type> for vectors.
#define CAST(T, x) ((T)(x))
#define AS(T, x) as_##T(x)
#define BUILTINS(T, S, CONV)                                                                   \
    kernel void builtins_##T(global const T *restrict x, global const T *restrict y,         \
                             global const T *restrict z, global T *restrict out)              \
    {                                                                                          \
        size_t i = get_global_id(0);                                                           \
        T a = x[i], b = y[i], c = z[i];                                                        \
        T o[NF];                                                                               \
        o[0] = max(a, b);                                                                      \
        o[1] = min(a, b);                                                                      \
        o[2] = clamp(a, min(b, c), max(b, c));                                                 \
        o[3] = CONV(T, abs(a));                                                                \
        o[4] = CONV(T, abs_diff(a, b));                                                        \
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
        o[15] = select(a, b, CONV(S, c));                                                      \
        o[16] = bitselect(a, b, c);                                                            \
        o[17] = mad_sat(a, b, c);                                                              \
        for (int f = 0; f < NF; f++) /* one store site */                                     \
            out[i * NF + f] = o[f];                                                            \
    }

BUILTINS(char, char, CAST)
BUILTINS(uchar, char, CAST)
BUILTINS(short, short, CAST)
BUILTINS(ushort, short, CAST)
BUILTINS(int, int, CAST)
BUILTINS(uint, int, CAST)
BUILTINS(long, long, CAST)
BUILTINS(ulong, long, CAST)
// The vector forms, lane by lane the scalar ones (select: the lane's most significant bit).
BUILTINS(int2, int2, AS)
BUILTINS(ushort4, short4, AS)

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
