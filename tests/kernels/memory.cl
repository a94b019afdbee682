// SPDX-License-Identifier: MIT
// Loads and stores of every width, access patterns, __constant, scalar arguments, structs,
// and a store followed by a load of the same address through an aliasing pointer.

__kernel void widths(__global const uchar *a8, __global const ushort *a16,
                     __global const uint *a32, __global const ulong *a64, __global uchar *o8,
                     __global ushort *o16, __global uint *o32, __global ulong *o64)
{
    size_t i = get_global_id(0);
    o8[i] = a8[i] + 1;
    o16[i] = a16[i] ^ 0x8001;
    o32[i] = a32[i] * 3u;
    o64[i] = a64[i] + ((ulong)a32[i] << 32);
}

__kernel void gather(__global const int *src, __global const uint *idx, __global int *dst)
{
    size_t i = get_global_id(0);
    dst[i] = src[idx[i]];
}

__kernel void strided(__global const short *src, __global int *dst, int stride)
{
    size_t i = get_global_id(0);
    dst[i] = src[i * stride + 1] - src[i * stride];
}

__kernel void lookup(__constant int *table, __global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = table[in[i] & 15] + table[0];
}

__kernel void scalars(char c, uchar uc, short s, ushort us, int x, uint ux, long l, ulong ul,
                      __global long *out)
{
    size_t i = get_global_id(0);
    __global long *o = out + i * 8;
    o[0] = c + (long)i;
    o[1] = uc + (long)i;
    o[2] = s + (long)i;
    o[3] = us + (long)i;
    o[4] = x + (long)i;
    o[5] = ux + (long)i;
    o[6] = l + (long)i;
    o[7] = (long)(ul + i);
}

typedef struct {
    int a;
    char b;
    long c;
} record;

__kernel void records(__global const record *r, __global long *out)
{
    size_t i = get_global_id(0);
    out[i] = r[i].a + r[i].b + r[i].c;
}

// a and a_alias are the same buffer: the load must see this work-item's store.
__kernel void store_then_load(__global int *a, __global const int *a_alias, __global int *b)
{
    size_t i = get_global_id(0);
    a[i] = (int)i * 5 + 1;
    b[i] = a_alias[i] * 2;
}

// Struct assignment and initialisation: block copy and fill (llvm.memcpy / llvm.memset).
__kernel void struct_copy(__global const record *in, __global record *out,
                          __global record *cleared)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
    record zero = {0};
    cleared[i] = zero;
}
