// SPDX-License-Identifier: MIT
// Structs and unions passed by value as kernel arguments: fields of several types, an array
// and a vector inside a struct, a nested struct, two unions (host side: test_struct_args.c,
// the same declarations with cl_* types).
typedef struct {
    float scale;
    int offset;
    short pad[2];
} params_t;

typedef struct {
    params_t p;
    uchar flags;
    float4 v;
} outer_t;

typedef union {
    float f;
    uint u;
} bits_t;

__kernel void apply(__global const float *in, __global float *out, params_t p)
{
    int g = get_global_id(0);
    out[g] = in[g] * p.scale + p.offset + p.pad[1];
}

__kernel void nested(__global float *out, outer_t o, int k)
{
    int g = get_global_id(0);
    out[g] = o.p.scale * g + o.v.y + o.v.w + ((o.flags & 4) ? 1000.0f : 0.0f) + o.p.pad[0] + k;
}

__kernel void unions(__global uint *out, bits_t b, bits_t c)
{
    out[get_global_id(0)] = b.u ^ as_uint(c.f) ^ get_global_id(0);
}

// an array inside a struct argument, read at a run-time index
typedef struct {
    short bias;
    int table[16];
} tab_t;

__kernel void pick(__global int *out, tab_t t)
{
    int g = get_global_id(0);
    out[g] = t.table[(g * 5) & 15] + t.bias;
}

// 1,000 bytes of argument (over the 896 of a 1 KB window; CL_DEVICE_MAX_PARAMETER_SIZE is at
// least 1024)
typedef struct {
    int v[250];
} big_t;

__kernel void big(__global int *out, big_t b, int last)
{
    int g = get_global_id(0);
    out[g] = b.v[0] + b.v[125] + b.v[249] + b.v[g] + last;
}

// a packed struct: its ints at odd byte offsets, read at a run-time index
typedef struct __attribute__((packed)) {
    char c;
    int v[4];
} packed_t;

__kernel void packed(__global int *out, packed_t p)
{
    int g = get_global_id(0);
    out[g] = p.v[g & 3] + p.c;
}

// A vector member of a struct by value used as a vector: one vector read of the argument's
// bytes (split into lanes by the frontend, frontend/split_accesses.c).
__kernel void vec_member(__global float4 *vel, outer_t o)
{
    int g = get_global_id(0);
    vel[g] += o.v * o.p.scale;
}

// Structs copied whole: through global memory (LLVM makes an 8-byte copy one 8-byte word,
// aligned to 4 only), a zero-initialised struct, a packed struct's field, and a struct into
// and out of a __local array (a block copy into __local memory).
typedef struct {
    int key;
    int val;
} kv_t;

typedef struct {
    float re, im;
} cplx_t;

typedef struct __attribute__((packed)) {
    uchar tag;
    int id;
} rec_t;

typedef struct {
    float v, x, y, z;
} f4_t;

__kernel void copies(__global kv_t *dst, __global const kv_t *src, __global cplx_t *c,
                     __global const rec_t *r, __global int *ids, __global const f4_t *in,
                     __global float *out)
{
    __local f4_t sh[64];
    int g = get_global_id(0), l = get_local_id(0);
    dst[g] = src[(g * 7) & 63];
    if (g & 1)
        c[g] = (cplx_t){0};
    ids[g] = r[g].id + r[g].tag;
    sh[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    f4_t mine = sh[63 - l];
    out[g] = mine.x + 10.0f * mine.y - mine.z + mine.v;
}

// Private structs: fields of int and float in one struct walked by a loop (a private array
// whose elements are the fields' bits), and an array of structs filled by whole-struct copies
// at a run-time index, read at another.
typedef struct {
    int id;
    float pos[3];
} rec3_t;

__kernel void private_structs(__global rec3_t *recs, __global const f4_t *in, __global f4_t *out,
                              int j)
{
    int g = get_global_id(0);
    rec3_t r = recs[g];
    for (int i = 0; i < 3; i++)
        r.pos[i] = r.pos[i] * 0.5f + (float)r.id;
    r.id += 1;
    recs[g] = r;
    f4_t p[4];
    for (int i = 0; i < 4; i++)
        p[i] = in[(g + i) & 63];
    out[g] = p[(j + g) & 3];
}
