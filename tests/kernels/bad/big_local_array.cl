// SPDX-License-Identifier: MIT
// __local arrays needing more than a work-group's local memory (256 KiB on sim; 320,000 bytes
// here): reported at the declaration (line 7) or its first use (line 8), with the size.
__kernel void big(__global const int *in, __global int *out)
{
    int lid = get_local_id(0);
    __local int big[80000];
    big[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = big[(lid * 7919) % 80000];
}
