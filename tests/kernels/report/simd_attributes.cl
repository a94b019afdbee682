// SPDX-License-Identifier: MIT
// Intel's throughput attributes, valid: SIMD lanes whose consecutive accesses are one wide
// access each; compute units: four copies of k2's pipeline.
__attribute__((num_simd_work_items(8)))
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel
void vadd(__global const float *restrict a, __global const float *restrict b,
          __global float *restrict c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__attribute__((num_compute_units(4)))
__kernel void k2(__global int *o)
{
    o[get_global_id(0)] = get_compute_id(0);
}
