// SPDX-License-Identifier: MIT
// Helper functions with unqualified (generic, OpenCL C 2.0 and later) pointers, called with
// __global, __local and private pointers: after inlining every access goes through the named
// pointer it came from (frontend/address_spaces.c).
static void add_to(int *p, int v)
{
    *p += v;
}

static int sum(const int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

static int total(const int *p, int n)
{
    int s = 0;
    while (n-- > 0)
        s += *p++; /* a generic pointer stepped in a loop: a phi of it */
    return s;
}

static void swap(float *a, float *b)
{
    float t = *a;
    *a = *b;
    *b = t;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void helpers(__global int *a, __global const int *in, __global float *f, __global float *frac)
{
    __local int tile[64];
    int g = get_global_id(0), l = get_local_id(0);
    int priv[4] = {in[g], in[g] * 2, in[g] * 3, 1};
    tile[l] = in[g];
    add_to(&a[g], 3);           /* __global */
    add_to(&tile[l], 10);       /* __local */
    add_to(&priv[g & 3], 100);  /* private */
    barrier(CLK_LOCAL_MEM_FENCE);
    a[g] += tile[(l + 1) & 63] + sum(priv, 4) + sum(&in[g], 2) + total(&in[g], 3) +
            total(priv, 4);
    if ((g & 1) == 0)
        swap(&f[g], &f[g + 1]);
    float whole;
    frac[g] = fract(f[g] * 0.0f + (float)in[g] + 0.25f, &whole) + whole;
}

// Which named space a generic pointer points to (OpenCL C 2.0, 6.13.9).
static int where(int *p)
{
    return (to_global(p) != NULL) + 2 * (to_local(p) != NULL) + 4 * (to_private(p) != NULL);
}

// A generic pointer that chooses __global, __local or private memory at run time: a read and
// a write through it, the address space qualifier functions on it, and a store through what
// to_global gives back.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void run_time_spaces(__global int *g, __global int *out, __global uint *fence)
{
    __local int l[64];
    int priv[4];
    int i = get_global_id(0), li = get_local_id(0);
    l[li] = 1000 + li;
    for (int k = 0; k < 4; k++)
        priv[k] = 2000 + i + k;
    barrier(CLK_LOCAL_MEM_FENCE);
    int m = i % 3;
    int *p = m == 0 ? (int *)&g[i] : m == 1 ? (int *)&l[li] : (int *)&priv[i & 3];
    int v = *p;
    *p = v + 7;
    out[3 * i] = v;
    out[3 * i + 1] = where(p);
    fence[i] = get_fence(p);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[3 * i + 2] = l[li] + priv[i & 3];
    __global int *gp = to_global(p);
    if (gp)
        *gp += 100;
}
