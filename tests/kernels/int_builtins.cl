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

// The vector forms of mul24 and mad24 (int and uint, every width) and of upsample (each
// pair of types, a width each). Lane l takes x[i] ^ LANE_K.sl and y[i] ^ LANE_K.s(l + 1):
// different operands in every lane from two loads (an LSU per lane would slow the whole
// model down). 62 ints per work-item (16-bit results extended) and 6 longs, from one store
// site each.
#define LANE_K                                                                                 \
    (int16)(0, 0x5a5a5a5a, -1, 0x00800000, 0x7fffffff, 0x12345678, (int)0x80000000, 1,        \
            0x00ffffff, 0x0f0f0f0f, (int)0xdeadbeef, 0x7f7f7f7f, 0x00010001, 0x3c3c3c3c,       \
            (int)0xfedcba98, 0x0000ff00)
kernel void builtins_vec_misc(global const int *restrict x, global const int *restrict y,
                              global int *restrict out32, global long *restrict out64)
{
    size_t i = get_global_id(0);
    int16 a = x[i] ^ LANE_K, b = y[i] ^ LANE_K.s123456789abcdef0;
    int16 a24 = (a << 8) >> 8, b24 = (b << 8) >> 8;
    uint16 ua = as_uint16(a) & 0xffffffu, ub = as_uint16(b) & 0xffffffu;
    int o[62];
    long w[6];
    vstore2(mul24(a24.s01, b24.s01), 0, o);
    vstore3(mad24(a24.s234, b24.s234, a.s234), 0, o + 2);
    vstore4(as_int4(mul24(ua.s4567, ub.s4567)), 0, o + 5);
    vstore8(as_int8(mad24(ua.s89abcdef, ub.s89abcdef, as_uint8(b.s89abcdef))), 0, o + 9);
    vstore16(mad24(a24, b24, b), 0, o + 17);
    vstore2(convert_int2(upsample(convert_char2(a.s01), convert_uchar2(b.s01))), 0, o + 33);
    vstore16(convert_int16(upsample(convert_uchar16(a), convert_uchar16(b))), 0, o + 35);
    vstore3(upsample(convert_short3(a.s234), convert_ushort3(b.s234)), 0, o + 51);
    vstore8(as_int8(upsample(convert_ushort8(a.lo), convert_ushort8(b.hi))), 0, o + 54);
    vstore2(upsample(a.s01, as_uint2(b.s01)), 0, w);
    vstore4(as_long4(upsample(as_uint4(a.s2345), as_uint4(b.s6789))), 0, w + 2);
    for (int f = 0; f < 62; f++)
        out32[i * 62 + f] = o[f];
    for (int f = 0; f < 6; f++)
        out64[i * 6 + f] = w[f];
}
