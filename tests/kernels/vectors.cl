// SPDX-License-Identifier: MIT
// Vector types of integers: arithmetic, literals, swizzles, comparisons, vload/vstore and
// shuffles (test_vectors.c computes the same in C).

kernel void add4(global const int4 *restrict a, global const int4 *restrict b,
                 global int4 *restrict c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i] * (int4)(1, 2, 3, 4) - (int4)(7);
}

// Swizzles and halves: out gets 8 ints per work-item.
kernel void swizzle(global const int8 *restrict in, global int8 *restrict out)
{
    size_t i = get_global_id(0);
    int8 v = in[i];
    int4 q = v.lo.wzyx + v.hi.xxyy;
    int4 r = (int4)(v.even.s01, v.odd.s32) ^ v.s7654;
    out[i] = (int8)(q, r.zw, (int2)(v.s0 * v.s7 / 16, 5));
}

// Comparisons give -1/0 per lane; a vector ?: selects per lane.
kernel void compare(global const short4 *restrict a, global const short4 *restrict b,
                    global short4 *restrict lt, global short4 *restrict mx)
{
    size_t i = get_global_id(0);
    short4 x = a[i], y = b[i];
    lt[i] = x < y;
    mx[i] = x > y ? x : y;
}

// vload/vstore at element alignment: 3, 16 and 2 elements, offsets from the id.
kernel void load_store(global const uchar *restrict bytes, global const long *restrict wide,
                       global int *restrict out3, global ulong *restrict out2)
{
    size_t i = get_global_id(0);
    uchar16 u = vload16(i, bytes + 1); /* one byte past a 16-byte boundary */
    int3 s = (int3)(u.s0 + u.sF, u.s7 - u.s8, u.s3 * u.sC);
    vstore3(s, i, out3);
    long2 w = vload2(i, wide + 1);
    vstore2((ulong2)((ulong)w.x >> 3, (ulong)w.y + (ulong)u.s5), i, out2);
}

// Vector arguments by value: an int4, a uchar3 (4 bytes, padded), a long2 and a short8 after
// a scalar, each lane its own bytes of the kernel's argument registers.
kernel void vector_args(global int *restrict out, int4 a, uchar3 b, int s, long2 c, short8 d)
{
    size_t i = get_global_id(0);
    int lane = (int)(i & 3);
    int4 sel = lane == 0 ? a.xxxx : lane == 1 ? a.yyyy : lane == 2 ? a.zzzz : a.wwww;
    out[i * 4 + 0] = sel.x + s;
    out[i * 4 + 1] = b.x + b.y * 256 + b.z * 65536;
    out[i * 4 + 2] = (int)(c.x >> 32) ^ (int)c.y;
    out[i * 4 + 3] = d.s0 + d.s7 - d.s3;
}

// Lanes chosen at run time: read lane k of an int8, then replace lane (k + 3) % 8.
kernel void dynamic_lanes(global const int8 *restrict in, global int8 *restrict out,
                          global int *restrict picked)
{
    size_t i = get_global_id(0);
    int8 v = in[i];
    int k = (int)(i % 8);
    picked[i] = v[k]; /* clang's vector subscript: extractelement with a variable index */
    v[(k + 3) % 8] = -k;
    out[i] = v;
}

// shuffle and shuffle2 on six element types and every n and m among them: masks computed at
// run time, only their low bits counting; constant masks (the last two) are lane moves.
// Two loads per work-item: x is in[i] with each byte of its 64 changed by another constant,
// y is x's lanes rotated and inverted, each mask lane is masks[i] rotated another way. 62
// ints per work-item (narrower lanes extended, a long's halves), stored from a private
// array by one store site.
kernel void shuffles(global const int *restrict in, global const uint *restrict masks,
                     global int *restrict out)
{
    size_t i = get_global_id(0);
    prefetch(in + i, 1); /* hints: they change nothing */
    prefetch((global const uchar4 *)masks + i, 1);
    int16 x = in[i] ^ ((int16)(0x03020100) + (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                      13, 14, 15) * 0x04040404);
    int16 y = ~x.s9abcdef012345678;
    uint16 m = rotate((uint16)(masks[i]),
                      (uint16)(0, 5, 10, 15, 20, 25, 30, 3, 8, 13, 18, 23, 28, 1, 6, 11));
    int o[62];
    vstore16(shuffle(x, m), 0, o);
    vstore8(convert_int8(shuffle2(as_char16(x.s0123), as_char16(y.s0123), as_uchar8(m.s01))),
            0, o + 16);
    vstore2(convert_int2(shuffle(as_short8(x.s4567), as_ushort2(m.s2))), 0, o + 24);
    long4 l = shuffle2(as_long2(x.s89ab), as_long2(y.s89ab), as_ulong4(m.s3456789a));
    vstore4(convert_int4(l), 0, o + 26);
    vstore4(convert_int4(l >> 32), 0, o + 30);
    vstore8(as_int8(shuffle(as_float4(x.scdef), m.s89abcdef)), 0, o + 34);
    vstore8(convert_int8(shuffle2(as_uchar8(x.s01), as_uchar8(y.s23), as_uchar8(m.scd))), 0,
            o + 42);
    vstore4(shuffle(x.s0123, (uint4)(3, 6, 9, 0)), 0, o + 50);
    vstore8(convert_int8(shuffle2(as_short8(x.s4567), as_short8(y.s4567),
                                  (ushort8)(15, 0, 8, 7, 31, 16, 1, 9))),
            0, o + 54);
    for (int f = 0; f < 62; f++)
        out[i * 62 + f] = o[f];
}

// Vector division and remainder by one divisor made by select: LLVM freezes the divisor,
// a vector `freeze` (it was refused as "vector types are not supported yet").
__kernel void divrem_select(__global const int4 *a, __global const int4 *b, __global int4 *o)
{
    size_t i = get_global_id(0);
    int4 x = a[i], y = b[i];
    int4 yd = select(y, (int4)3, y == 0);
    o[2 * i] = x / yd;
    o[2 * i + 1] = x % yd;
}
