// SPDX-License-Identifier: MIT
// The loop report of single work-item kernels: tests/kernels/CMakeLists.txt checks the lines
// of these loops (each loop is on one line; move nothing). Line 10: streaming, II 1. Line 17:
// a reduction, II 1. Line 25: a recurrence through a divider, II > 1 by a register dependency.
// Line 32: a recurrence through memory, limited by a memory dependency.
__attribute__((max_global_work_dim(0)))
__kernel void stream(__global const int *restrict a, __global const int *restrict b,
                     __global int *restrict c, int k, int n)
{
    for (int i = 0; i < n; i++) c[i] = a[i] * b[i] + k;
}

__attribute__((max_global_work_dim(0)))
__kernel void reduce(__global const int *restrict a, __global int *restrict out, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) sum += a[i];
    out[0] = sum;
}

__attribute__((max_global_work_dim(0)))
__kernel void div_recurrence(__global const uint *restrict a, __global uint *restrict out, int n)
{
    uint x = 1;
    for (int i = 0; i < n; i++) { x = (x * 7 + a[i]) / (1 + (x & 15)); out[i] = x; }
}

__attribute__((max_global_work_dim(0)))
__kernel void mem_recurrence(__global uint *a, __global const uint *restrict b, int n)
{
    // The load of a[i - 1] needs the store of the iteration before.
    for (int i = 1; i < n; i++) a[i] = a[i - 1] * 3 + b[i];
}
