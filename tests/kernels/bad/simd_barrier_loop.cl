// SPDX-License-Identifier: MIT
// num_simd_work_items, a barrier (line 14) under a branch on the local id (line 12) in a loop:
// OpenCL leaves it undefined; only a branch uniform in the work-group may hold one.
__attribute__((num_simd_work_items(4)))
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void tree(__global int *a)
{
    __local int t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    for (int s = 32; s > 0; s >>= 1) {
        if (l < s) {
            t[l] += t[l + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[0];
}
