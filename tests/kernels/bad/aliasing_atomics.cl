// SPDX-License-Identifier: MIT
// Two atomic call sites on buffers that may be the same (no restrict): each site is its own
// unit, so they would not be atomic with each other (line 8 against line 7).
__kernel void count(__global int *hits, __global int *misses, __global const int *x)
{
    int v = x[get_global_id(0)];
    atomic_inc(hits);
    atomic_add(misses, v);
}
