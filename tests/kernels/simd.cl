// SPDX-License-Identifier: MIT
// num_simd_work_items (issue 31): kernels whose work-items run as lanes of one pipeline
// token, checked against C by test_simd.c.

// Consecutive accesses: one wide load per argument and one wide store.
__attribute__((num_simd_work_items(16))) __attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void vadd16(__global const float *a, __global const float *b, __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

// The ids each lane sees, with an offset launch.
__attribute__((num_simd_work_items(8))) __attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void ids8(__global uint *out)
{
    uint i = get_global_id(0) - get_global_offset(0);
    out[4 * i] = get_global_id(0);
    out[4 * i + 1] = get_local_id(0) + 100 * get_group_id(0);
    out[4 * i + 2] = get_global_size(0) + 1000 * get_local_size(0);
    out[4 * i + 3] = get_num_groups(0) + 1000 * get_global_offset(0);
}

// Divergent branches, predicated per lane; a store only some lanes make.
__attribute__((num_simd_work_items(4))) __attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void diverge4(__global const int *a, __global int *c, __global int *odd)
{
    int i = get_global_id(0);
    int x = a[i];
    int y;
    if (x & 1) {
        y = x * 3;
        odd[i] = x;
    } else {
        y = x - 7;
    }
    c[i] = y;
}

// A loop whose trip count depends on the lane's work-item.
__attribute__((num_simd_work_items(8))) __attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void loop8(__global const int *a, __global int *c)
{
    int i = get_global_id(0);
    int x = a[i], s = 0;
    for (int j = 0; j < (x & 15); j++)
        s += j * x + 1;
    c[i] = s;
}

// __local memory between barriers: every lane writes before any lane reads.
__attribute__((num_simd_work_items(4))) __attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void local_rev4(__global const int *a, __global int *c)
{
    __local int t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    c[get_global_id(0)] = t[63 - l] + t[l ^ 1];
}

// Global atomics from every lane.
__attribute__((num_simd_work_items(2))) __attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void hist2(__global const uint *a, __global uint *h)
{
    atomic_add(&h[a[get_global_id(0)] & 7], 1u);
}

// Work-group functions whose barriers every work-item passes once (work_group_reduce_*
// has its barrier in a loop: not with lanes yet).
__attribute__((num_simd_work_items(4))) __attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void scan4(__global const int *a, __global int *c)
{
    int i = get_global_id(0);
    c[i] = work_group_scan_inclusive_add(a[i]) + work_group_broadcast(a[i], 5) * 3;
}

// Single work-item (issue 31, item 3): the 8 copies #pragma unroll 8 makes of each access are
// one 256-bit access (unroll_wide.c); the remainder loop keeps narrow ones.
__attribute__((max_global_work_dim(0)))
__kernel void unroll8(__global const float *restrict a, __global float *restrict b, int n)
{
#pragma unroll 8
    for (int i = 0; i < n; i++)
        b[i] = a[i] * 2.0f + 1.0f;
}
