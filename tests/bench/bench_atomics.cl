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
