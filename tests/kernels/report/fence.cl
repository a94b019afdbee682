// SPDX-License-Identifier: MIT
// A global fence between a store and an atomic on another (restrict) buffer: the atomic waits
// for the store to reach memory (line 10), so a work-item that sees the flag can read the
// data; without the fence nothing orders them (line 16), as the pointers cannot alias.
__kernel void publish(__global int *restrict data, volatile __global uint *restrict flag)
{
    int g = get_global_id(0);
    data[g] = g;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_inc(flag);
}

__kernel void unfenced(__global int *restrict data, volatile __global uint *restrict flag)
{
    data[get_global_id(0)] = 1;
    atomic_inc(flag);
}
