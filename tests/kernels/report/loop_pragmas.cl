// SPDX-License-Identifier: MIT
// Loop pragmas in the report: tests/kernels/CMakeLists.txt checks these lines (keep them).
// Line 10: a scatter through an index array may hit an element an earlier iteration wrote:
// a memory dependency. Line 17: the same loop under #pragma ivdep: II 1. Line 23: #pragma ii 4
// on a loop that could run at II 1: II 4, as asked.
__attribute__((max_global_work_dim(0)))
__kernel void scatter(__global int *restrict a, __global const int *restrict idx,
                      __global const int *restrict b, int n)
{
    for (int i = 0; i < n; i++) a[idx[i]] += b[i];
}
__attribute__((max_global_work_dim(0)))
__kernel void scatter_ivdep(__global int *restrict a, __global const int *restrict idx,
                            __global const int *restrict b, int n)
{
    #pragma ivdep
    for (int i = 0; i < n; i++) a[idx[i]] += b[i];
}
__attribute__((max_global_work_dim(0)))
__kernel void slow_stream(__global const int *restrict a, __global int *restrict c, int n)
{
    #pragma ii 4
    for (int i = 0; i < n; i++) c[i] = a[i] + 1;
}
