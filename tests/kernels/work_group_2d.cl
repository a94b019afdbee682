// SPDX-License-Identifier: MIT
// Work-group functions on float and on 2-D groups, the async copies, and global ids after a
// barrier (test_work_group_2d.c checks each against C; work_group.cl has the integer
// functions on 1-D groups). The kernels give reqd_work_group_size, which sizes their
// barriers and scratch memory.

#define WG __attribute__((reqd_work_group_size(64, 1, 1)))

// A 2D work-group of 8 x 4: broadcast from local id (3, 2); the reduction over all 32.
kernel __attribute__((reqd_work_group_size(8, 4, 1))) void grid(global const int *restrict in,
                                                                global int *restrict out)
{
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    int x = in[i];
    out[2 * i + 0] = work_group_broadcast(x, 3, 2);
    out[2 * i + 1] = work_group_reduce_add(x);
}

// A tile of 64 ints in, reversed, and out with a stride (a transposing copy).
kernel __attribute__((reqd_work_group_size(32, 1, 1))) void copies(global const int *restrict in,
                                                                   global int *restrict out)
{
    local int tile[64], back[64];
    size_t grp = get_group_id(0), l = get_local_id(0);
    event_t e = async_work_group_copy(tile, in + grp * 64, 64, 0);
    wait_group_events(1, &e);
    back[l] = tile[63 - l];
    back[63 - l] = tile[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_strided_copy(out + grp, back, 64, get_num_groups(0), 0);
    wait_group_events(1, &e);
}

// The vector forms: a tile of 16 short4 in and back out reversed, and 3-component vectors
// (which the spec copies as 4-component ones) with a stride.
kernel __attribute__((reqd_work_group_size(8, 1, 1))) void copies_vec(
    global const short4 *restrict in, global short4 *restrict out, global const int3 *restrict in3,
    global int3 *restrict out3)
{
    local short4 tile[16];
    local int3 tile3[4];
    size_t grp = get_group_id(0), l = get_local_id(0);
    event_t e = async_work_group_copy(tile, in + grp * 16, 16, 0);
    e = async_work_group_strided_copy(tile3, in3 + grp, 4, get_num_groups(0), e);
    wait_group_events(1, &e);
    short4 a = tile[15 - l], b = tile[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = a.wzyx;
    tile[15 - l] = b.wzyx;
    if (l < 4)
        tile3[l] += (int3)(1, 2, 3);
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(out + grp * 16, tile, 16, 0);
    e = async_work_group_copy(out3 + grp * 4, tile3, 4, e);
    wait_group_events(1, &e);
}

// Float forms: the sum of the tree (its order is the library's), the minimum, an inclusive
// scan and a broadcast.
kernel WG void reduce_float(global const float *restrict in, global float *restrict out)
{
    size_t i = get_global_id(0);
    float x = in[i];
    out[4 * i] = work_group_reduce_add(x);
    out[4 * i + 1] = work_group_reduce_min(x);
    out[4 * i + 2] = work_group_scan_inclusive_max(x);
    out[4 * i + 3] = work_group_broadcast(x, 5);
}

// Global ids read after a barrier and by a loop after it: the segments there rebuild them
// from their work-group's first global id (hls/schedule/rebuild_ids.c). 2-D groups of 4 x 2 and a
// global offset; more groups than the kernel holds at once, so slots are reused.
kernel __attribute__((reqd_work_group_size(4, 2, 1))) void ids_after_barrier(global int *restrict out,
                                                                           int n)
{
    local int tile[8];
    int l = (int)(get_local_id(1) * 4 + get_local_id(0));
    tile[l] = l * 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = tile[7 - l];
    for (int i = (int)get_global_id(0); i < n; i += (int)get_global_size(0))
        v += i;
    int x = (int)(get_global_id(0) - get_global_offset(0));
    int y = (int)(get_global_id(1) - get_global_offset(1));
    out[y * (int)get_global_size(0) + x] = v + 1000 * (int)get_global_id(1);
}
