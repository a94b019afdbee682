// SPDX-License-Identifier: MIT
// num_simd_work_items with barriers in loops (issue 31): the loop runs once for all lanes in
// lock-step. test_simd_loops.c checks each against C.

// A tree reduction: a barrier at the top of each step, a branch on the lane's id inside.
__attribute__((num_simd_work_items(4)))
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void tree4(__global const int *restrict a, __global int *restrict c)
{
    __local int t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    for (int s = 32; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < s)
            t[l] += t[l + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    c[get_global_id(0)] = t[0] + l;
}

// A loop whose trip count is an argument (0 skips it): two barriers per iteration, values
// carried from one iteration to the next in each lane.
__attribute__((num_simd_work_items(8)))
__attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void rotate8(__global const int *restrict a, __global int *restrict c, int n)
{
    __local int t[16];
    int l = get_local_id(0);
    int v = a[get_global_id(0)], sum = 0;
    for (int i = 0; i < n; i++) {
        t[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = t[(l + 1) & 15] + i;
        sum += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[get_global_id(0)] = v * 1000 + sum;
}

// A work-group function built as a tree of barriers in a loop, with 2 lanes.
__attribute__((num_simd_work_items(2)))
__attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void reduce2(__global const int *restrict a, __global int *restrict c)
{
    int x = a[get_global_id(0)];
    c[get_global_id(0)] = work_group_reduce_add(x) + x * 3;
}
