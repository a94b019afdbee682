// SPDX-License-Identifier: MIT
// Where the limit is (hls/emit/metadata_bound.c), on the sim board's 64 bytes per clock:
// a float vector add moves 12 bytes per work-item (5.33 work-items per clock for the memory,
// one for the pipeline: pipeline-bound at 19 %); float16 vectors move 192 (a third of a
// work-item per clock: memory-bound); a loop's accesses count per iteration, an atomic twice.
__kernel void vadd(__global const float *a, __global const float *b, __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void wide(__global const float16 *a, __global const float16 *b, __global float16 *c)
{
    int i = get_global_id(0);
    c[i] = a[i] * b[i];
}

__kernel void looped(__global const int *a, __global int *sum, __global int *count, int n)
{
    int s = 0;
    for (int k = 0; k < n; k++)
        s += a[get_global_id(0) * n + k];
    sum[get_global_id(0)] = s;
    atomic_inc(count);
}
