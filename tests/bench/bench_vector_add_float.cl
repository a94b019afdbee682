// SPDX-License-Identifier: MIT
// vector_add on floats, for bench_vector_add's float mode: one adder unit, II = 1.
__kernel void vector_add(__global const float *a, __global const float *b, __global float *c,
                         int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
