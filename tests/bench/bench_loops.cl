// SPDX-License-Identifier: MIT
// Kernels of bench_loops.c: a streaming loop and a reduction in single work-item kernels
// (II 1: one iteration per clock), and an NDRange kernel whose work-items each run an inner
// loop with a run-time trip count (work-items interleaved: one iteration per clock).

__attribute__((max_global_work_dim(0)))
__kernel void stream(__global const int *restrict a, __global const int *restrict b,
                     __global int *restrict c, int k, int n)
{
    for (int i = 0; i < n; i++)
        c[i] = a[i] * b[i] + k;
}

__attribute__((max_global_work_dim(0)))
__kernel void reduce(__global const int *restrict a, __global int *restrict out, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += a[i];
    out[0] = sum;
}

// a holds t rows of get_global_size(0) words: iteration j of consecutive work-items reads
// consecutive words, so interleaved work-items share memory lines.
__kernel void inner_loop(__global const int *restrict a, __global int *restrict out, int t)
{
    int gid = get_global_id(0), n = get_global_size(0);
    int acc = 0;
    for (int j = 0; j < t; j++)
        acc += a[j * n + gid] * j;
    out[gid] = acc;
}
