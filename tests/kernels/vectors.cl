// SPDX-License-Identifier: MIT
// Vector types of integers: arithmetic, literals, swizzles, comparisons and vload/vstore
// (test_vectors.c computes the same in C).

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
