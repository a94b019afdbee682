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

// Barriers under branches that go the same way for the whole work-group: on an argument, on
// the group's id, and on the counter of a loop of an argument's trip count (beside a branch
// on the lane's id without a barrier); 2 lanes, to keep the model small.
__attribute__((num_simd_work_items(2)))
__attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void uniform2(__global const int *restrict a, __global int *restrict c, int mode)
{
    __local int t[16];
    int l = get_local_id(0);
    int v = a[get_global_id(0)];
    if (mode > 0) {
        t[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v += t[15 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (get_group_id(0) & 1) {
        t[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = t[(l + 3) & 15];
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        v = v * 2;
    }
    for (int i = 0; i < mode; i++) {
        if (i & 1) {
            t[l] = v;
            barrier(CLK_LOCAL_MEM_FENCE);
            v = t[(l + 1) & 15] - i;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (l < 5)
            v += i;
    }
    c[get_global_id(0)] = v;
}

// get_global_linear_id and get_local_linear_id with lanes, in two dimensions.
__attribute__((num_simd_work_items(4)))
__attribute__((reqd_work_group_size(8, 2, 1)))
__kernel void linear4(__global int *restrict c)
{
    c[get_global_linear_id()] = (int)get_local_linear_id() * 1000 + (int)get_global_id(0);
}
