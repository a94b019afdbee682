// SPDX-License-Identifier: MIT
// Global atomics (bench_atomics.c): a histogram from one call site (a unit of its own), two
// histograms of the same words in one buffer from two sites (which may touch the same words:
// one shared unit), and the same two in separate restrict buffers (a unit each).
__kernel void one_site(__global const uint *x, __global uint *hist)
{
    atomic_inc(&hist[x[get_global_id(0)] & 15]);
}

__kernel void two_shared(__global const uint *x, __global uint *hist)
{
    uint v = x[get_global_id(0)];
    atomic_inc(&hist[v & 15]);
    atomic_inc(&hist[16 + ((v >> 4) & 15)]);
}

__kernel void two_apart(__global const uint *x, __global uint *restrict lo,
                        __global uint *restrict hi)
{
    uint v = x[get_global_id(0)];
    atomic_inc(&lo[v & 15]);
    atomic_inc(&hi[(v >> 4) & 15]);
}

// __local atomics: a 16-bin histogram per work-group counted by one site, and by four sites
// (a byte of the word each) on the same __local array, which watch each other's writes
// (hls/emit/emit_private.c), then each group's bins merged into the global histogram.
__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void local_one_site(__global const uint *x, __global uint *hist)
{
    __local uint bins[16];
    int l = get_local_id(0);
    if (l < 16)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[x[get_global_id(0)] & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        atomic_add(&hist[l], bins[l]);
}

__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void local_four_sites(__global const uint *x, __global uint *hist)
{
    __local uint bins[16];
    int l = get_local_id(0);
    if (l < 16)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = x[get_global_id(0)];
    atomic_inc(&bins[v & 15]);
    atomic_inc(&bins[(v >> 8) & 15]);
    atomic_inc(&bins[(v >> 16) & 15]);
    atomic_inc(&bins[(v >> 24) & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        atomic_add(&hist[l], bins[l]);
}
