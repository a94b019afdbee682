// SPDX-License-Identifier: MIT
// Work-group functions on 1-D groups of 64, integer types (test_work_group.c checks each
// against C; work_group_2d.cl has the rest, a program each so that each model builds in
// less time). The kernels give reqd_work_group_size, which sizes their barriers and scratch
// memory.

#define WG __attribute__((reqd_work_group_size(64, 1, 1)))

kernel WG void reduce_int(global const int *restrict in, global int *restrict out)
{
    size_t g = get_global_id(0);
    int x = in[g];
    out[3 * g + 0] = work_group_reduce_add(x);
    out[3 * g + 1] = work_group_reduce_min(x);
    out[3 * g + 2] = work_group_reduce_max(x);
}

// Prefix sums and the other scans.
kernel WG void scan_int(global const int *restrict in, global int *restrict out)
{
    size_t g = get_global_id(0);
    int x = in[g];
    out[4 * g + 0] = work_group_scan_inclusive_add(x);
    out[4 * g + 1] = work_group_scan_exclusive_add(x);
    out[4 * g + 2] = work_group_scan_exclusive_min(x);
    out[4 * g + 3] = work_group_scan_inclusive_max(x);
}

kernel WG void wide(global const long *restrict in, global ulong *restrict out)
{
    size_t g = get_global_id(0);
    long x = in[g];
    out[3 * g + 0] = (ulong)work_group_reduce_add(x);
    out[3 * g + 1] = work_group_scan_exclusive_add((ulong)x);
    out[3 * g + 2] = work_group_reduce_max((ulong)x);
}

kernel WG void vote(global const int *restrict in, global int *restrict out, int limit)
{
    size_t g = get_global_id(0);
    int x = in[g];
    out[4 * g + 0] = work_group_any(x > limit);
    out[4 * g + 1] = work_group_all(x > -limit);
    out[4 * g + 2] = work_group_broadcast(x, 5);
    out[4 * g + 3] = (int)work_group_broadcast((uint)x * 3u, get_local_size(0) - 1);
}
