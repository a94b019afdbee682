// SPDX-License-Identifier: MIT
// Kernels of bench_local.c: a tree reduction in __local memory, one partial sum per work-group
// of 256 (eight rounds, each ending in a barrier); the same with one work-group in flight.

#define TREE_REDUCE(NAME, ATTRS)                                                               \
    __attribute__((reqd_work_group_size(256, 1, 1))) ATTRS __kernel void NAME(                 \
        __global const int *restrict in, __global int *restrict out)                           \
    {                                                                                          \
        __local int tmp[256];                                                                  \
        int lid = get_local_id(0), lsize = get_local_size(0);                                  \
        tmp[lid] = in[get_global_id(0)];                                                       \
        barrier(CLK_LOCAL_MEM_FENCE);                                                          \
        for (int s = lsize / 2; s > 0; s >>= 1) {                                              \
            if (lid < s)                                                                       \
                tmp[lid] += tmp[lid + s];                                                      \
            barrier(CLK_LOCAL_MEM_FENCE);                                                      \
        }                                                                                      \
        if (lid == 0)                                                                          \
            out[get_group_id(0)] = tmp[0];                                                     \
    }

TREE_REDUCE(tree_reduce, )
TREE_REDUCE(tree_reduce_one_group, __attribute__((work_groups_in_flight(1))))

// The same sums through the library's work-group functions (frontend/builtins/work_group.cl):
// a reduction, and an inclusive scan whose every prefix is written.
__attribute__((reqd_work_group_size(256, 1, 1))) __kernel void
builtin_reduce(__global const int *restrict in, __global int *restrict out)
{
    int sum = work_group_reduce_add(in[get_global_id(0)]);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

__attribute__((reqd_work_group_size(256, 1, 1))) __kernel void
builtin_scan(__global const int *restrict in, __global int *restrict out)
{
    size_t g = get_global_id(0);
    out[g] = work_group_scan_inclusive_add(in[g]);
}
