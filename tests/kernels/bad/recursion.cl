// SPDX-License-Identifier: MIT
// A recursive helper (line 4): OpenCL C has no recursion, and clang does not reject it.
// The build must name the function and its line.
int depth(__global const int *next, int i)
{
    return i < 0 ? 0 : 1 + depth(next, next[i]);
}

__kernel void chain(__global const int *next, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = depth(next, gid);
}
