// SPDX-License-Identifier: MIT
// Barrier loops whose idle work-items leave early (hls/transform/park.c) and loops that must not: each
// kernel runs the classic halving step in some form; test_park.c runs the same steps on the
// host, round by round, for local sizes that are and are not powers of two.

// The classic sum; any local size (not a sum then, but the same steps as the host's).
__kernel void halving_sum(__global const int *in, __global int *out)
{
    __local int tmp[256];
    int lid = get_local_id(0), lsize = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[lid];
}

// Unsigned, the guard written `s > lid`, two guarded stores (max and its index) under a
// second condition, the whole tile written back after the loop.
__kernel void halving_argmax(__global const int *in, __global int *out, __global uint *where)
{
    __local int val[256];
    __local uint idx[256];
    uint lid = get_local_id(0);
    val[lid] = in[get_global_id(0)];
    idx[lid] = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s != 0; s /= 2) {
        if (s > lid && val[lid + s] > val[lid]) {
            val[lid] = val[lid + s];
            idx[lid] = idx[lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = val[lid];
    where[get_global_id(0)] = idx[lid];
}

// A round count independent of s (rounds may outlast s = 0), the guard `lid <= s`, unsigned.
// Work-item lid reads lid + s + 1, past every active one: no race within a round.
__kernel void counted_rounds(__global const int *in, __global int *out, uint start, int rounds)
{
    __local int tmp[512];
    uint lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    tmp[lid + get_local_size(0)] = (int)lid * 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = start;
    for (int r = 0; r < rounds; r++) {
        if (lid <= s)
            tmp[lid] = tmp[lid] * 3 + tmp[lid + s + 1] + r;
        s >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[lid];
}

// The reduction in global memory, in place, with global fences (the gate keeps the fence).
__kernel void global_halving(__global int *buf, __global int *out)
{
    int lid = get_local_id(0), base = get_group_id(0) * get_local_size(0);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            buf[base + lid] += buf[base + lid + s];
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[base + lid] + lid;
}

// Does not park: the number of rounds, counted in the loop, is used after it.
__kernel void rounds_used_after(__global const int *in, __global int *out)
{
    __local int tmp[256];
    int lid = get_local_id(0), lsize = get_local_size(0), rounds = 0;
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        rounds++;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[lid] * 16 + rounds;
}
