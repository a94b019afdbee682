// SPDX-License-Identifier: MIT
// Line kernels (hls/transform/line_kernel.c) on the co-simulated iCEBreaker: every element size (a 64-bit
// line holds 8, 4, 2 or 1 of them), no load, one load, two loads, two stores, a store into
// the array it reads, predicates from the id and from the data, launch values, a range
// above the ids the engine covers (link_line_kernels_test.c).

__kernel void bytes(__global const char *a, __global const char *b, __global char *c)
{
    int i = get_global_id(0);
    c[i] = (a[i] - b[i]) ^ 3;
}

__kernel void shorts(__global const short *a, __global short *b, short k, int n)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = (a[i] << 1) + k;
}

__kernel void longs(__global const long *a, __global long *b, __global long *c)
{
    int i = get_global_id(0);
    long x = a[i];
    b[i] = x + i;
    c[i] = x ^ 0x5555aaaa5555aaaaL;
}

__kernel void ids(__global int *c, int k)
{
    int i = get_global_id(0);
    c[i] = (i << 2) + k - (int)get_global_size(0);
}

__kernel void in_place(__global int *a, __global const int *b)
{
    int i = get_global_id(0);
    a[i] = a[i] + b[i];
}

__kernel void above(__global const int *a, __global int *c, int lo)
{
    int i = get_global_id(0);
    if (a[i] > lo)
        c[i] = a[i];
}

__kernel void bump(__global int *a, int n)
{
    int i = get_global_id(0);
    if (i < n)
        a[i] = a[i] + 1;
}
