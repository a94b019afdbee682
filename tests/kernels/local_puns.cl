// SPDX-License-Identifier: MIT
// __local memory read and written through views of other element sizes: its accesses are
// split into the smallest size it is accessed with (frontend/local_puns.c).

// A __local uint array whose bytes are counted through a uchar view and read back as words
// (NVIDIA's histogram64 does so).
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void pun_bytes(__global const uchar *in, __global uint *out)
{
    __local uint s[32 * 4]; /* 16 byte counters per work-item */
    __local uchar *b = (__local uchar *)s;
    int l = get_local_id(0);
    for (int k = 0; k < 4; k++)
        s[l * 4 + k] = 0;
    for (int k = 0; k < 16; k++)
        b[l * 16 + (in[get_global_id(0) * 16 + k] & 15)]++;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 4; k++)
        out[get_global_id(0) * 4 + k] = s[l * 4 + k];
}

// A __local argument written as uint and read as ushort halves of another work-item's word.
__kernel void pun_halves(__global const uint *in, __global ushort *out, __local uint *w)
{
    int l = get_local_id(0);
    w[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local ushort *h = (__local ushort *)w;
    out[get_global_id(0)] = h[2 * get_local_size(0) - 1 - l];
}

// A __local array of structs with fields of 4, 2 and 1 bytes, copied in and read mirrored.
typedef struct {
    uint key;
    ushort a;
    uchar b, c;
} rec;

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void pun_structs(__global const rec *in, __global rec *out)
{
    __local rec t[16];
    int l = get_local_id(0);
    t[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    rec r = t[15 - l];
    r.a += r.b;
    r.c ^= (uchar)r.key;
    out[get_global_id(0)] = r;
}

// A private array of those structs indexed at run time (so in block RAM), copied whole and
// by field.
__kernel void pun_private(__global const rec *in, __global rec *out, int n)
{
    rec t[64];
    for (int k = 0; k < 64; k++)
        t[k] = in[(get_global_id(0) + k) & 127];
    int j = (n + get_global_id(0)) & 63;
    rec r = t[j];
    r.c ^= t[(j * 7) & 63].b;
    out[get_global_id(0)] = r;
}
