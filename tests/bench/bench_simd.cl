// SPDX-License-Identifier: MIT
// num_simd_work_items and num_compute_units (issue 31) against one lane and one unit:
// bench_simd.c runs each kernel and prints work-items per clock beside its target.

#define WG __attribute__((reqd_work_group_size(256, 1, 1)))

WG __kernel void vadd1(__global const float *restrict a, __global const float *restrict b,
                       __global float *restrict c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__attribute__((num_simd_work_items(16))) WG __kernel void
vadd16(__global const float *restrict a, __global const float *restrict b,
       __global float *restrict c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__attribute__((num_simd_work_items(16))) WG __kernel void
saxpy16(float alpha, __global const float *restrict x, __global float *restrict y)
{
    int i = get_global_id(0);
    y[i] = alpha * x[i] + y[i];
}

// About 16 float multiply-adds per work-item and 4 bytes of memory: bound by the pipeline.
#define COMPUTE(name)                                                                          \
    __kernel void name(__global float *restrict out)                                           \
    {                                                                                          \
        int i = get_global_id(0);                                                              \
        float v = (float)i * 0.001f;                                                           \
        _Pragma("unroll") for (int k = 0; k < 16; k++)                                         \
            v = v * 0.999f + 0.25f * (float)k;                                                 \
        out[i] = v;                                                                            \
    }

WG COMPUTE(comp1)
__attribute__((num_simd_work_items(2))) WG COMPUTE(comp2)
__attribute__((num_simd_work_items(4))) WG COMPUTE(comp4)
__attribute__((num_simd_work_items(8))) WG COMPUTE(comp8)
// Four copies of comp1's pipeline, each taking work-groups as it is free.
__attribute__((num_compute_units(4))) WG COMPUTE(cu4)
