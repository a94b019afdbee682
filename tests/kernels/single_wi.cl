// SPDX-License-Identifier: MIT
// Single work-item kernels (launched with clEnqueueTask): pipelined loops with a streaming
// body, a reduction, a recurrence through a divider, a recurrence through memory, #pragma ivdep,
// #pragma unroll 4 with a run-time trip count, a fully unrolled inner loop and nested loops.

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

// A loop-carried dependency through a divider: II > 1.
__attribute__((max_global_work_dim(0)))
__kernel void div_recurrence(__global const uint *restrict a, __global uint *restrict out,
                             uint seed, int n)
{
    uint x = seed;
    for (int i = 0; i < n; i++) {
        x = (x * 7 + a[i]) / (1 + (x & 15));
        out[i] = x;
    }
}

// A loop-carried dependency through memory: each step reads what the previous one stored.
__attribute__((max_global_work_dim(0)))
__kernel void mem_recurrence(__global uint *a, __global const uint *restrict b, int n)
{
    for (int i = 1; i < n; i++)
        a[i] = a[i - 1] * 3 + b[i];
}

// idx is a permutation, so no two iterations touch the same a[]: ivdep says so.
__attribute__((max_global_work_dim(0)))
__kernel void ivdep_scatter(__global int *a, __global const int *idx, __global const int *b,
                            int n)
{
#pragma ivdep
    for (int i = 0; i < n; i++)
        a[idx[i]] += b[i];
}

// Unrolled by 4 with a trip count that need not be a multiple of 4 (nor at least 4).
__attribute__((max_global_work_dim(0)))
__kernel void unroll4(__global const int *restrict a, __global int *restrict out, int n)
{
    int acc = 0;
#pragma unroll 4
    for (int i = 0; i < n; i++) {
        out[i] = a[i] * 5 - (acc >> 2);
        acc += a[i];
    }
}

// An 8-tap FIR filter: the inner loop (constant trip count) is unrolled, the outer pipelined.
__attribute__((max_global_work_dim(0)))
__kernel void fir8(__global const int *restrict x, __constant int *h, __global int *restrict y,
                   int n)
{
    for (int i = 0; i < n; i++) {
        int acc = 0;
#pragma unroll
        for (int j = 0; j < 8; j++)
            acc += x[i + j] * h[j];
        y[i] = acc;
    }
}

// Nested loops: y = M v for a rows x cols matrix M.
__attribute__((max_global_work_dim(0)))
__kernel void matvec(__global const int *restrict m, __global const int *restrict v,
                     __global int *restrict y, int rows, int cols)
{
    for (int r = 0; r < rows; r++) {
        int acc = 0;
        for (int c = 0; c < cols; c++)
            acc += m[r * cols + c] * v[c];
        y[r] = acc;
    }
}

// Iterations that meet at different offsets. Iteration i stores p[2] = out[2i + 2] (when s),
// which iteration i + 1 loads as its p[0] (read after write). wr[2i + 2] is written as q[2] by
// iteration i and again as q[0] by iteration i + 1, which must win (write after write).
__attribute__((max_global_work_dim(0)))
__kernel void skewed(__global int *restrict out, __global int *restrict wr, int n, int s)
{
    int acc = 0;
    for (int i = 0; i < n; i++) {
        __global int *p = out + 2 * i;
        if (s)
            p[2] = i + 1;
        acc = acc * 3 + p[0];
        __global int *q = wr + 2 * i;
        q[2] = -1;
        q[0] = acc;
    }
    out[2 * n + 3] = acc;
}
