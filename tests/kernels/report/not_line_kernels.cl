// SPDX-License-Identifier: MIT
// Kernels that keep the pipeline on a hardware board, each for one of the rules of
// hls/transform/line_kernel.c (kernels.report.line_kernel.not); line_kernels.cl in tests/link has
// the ones that become line kernels.

// the load of a[i] after the store to c[i], which may be the same int
__kernel void load_after_store(__global const int *a, __global int *c, __global int *d)
{
    int i = get_global_id(0);
    c[i] = a[i] + 1;
    d[i] = a[i] * 2;
}

// not p[get_global_id(0)]: the element after it
__kernel void next_element(__global const int *a, __global int *c)
{
    int i = get_global_id(0);
    c[i] = a[i + 1];
}

// two element sizes: a line holds 8 chars but 2 ints
__kernel void widen(__global const char *a, __global int *c)
{
    int i = get_global_id(0);
    c[i] = a[i];
}

// a per work-item id other than get_global_id(0)
__kernel void local_ids(__global int *c)
{
    int i = get_global_id(0);
    c[i] = get_local_id(0);
}

// a loop
__kernel void sum_row(__global const int *a, __global int *c, int n)
{
    int i = get_global_id(0), s = 0;
    for (int j = 0; j < n; j++)
        s += a[i] >> j;
    c[i] = s;
}

// an address from an integer argument: not a buffer, so not known to start at a line
__kernel void cast_pointer(uint p, __global int *c)
{
    int i = get_global_id(0);
    c[i] = ((__global const int *)p)[i] + 1;
}
