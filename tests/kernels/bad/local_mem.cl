// SPDX-License-Identifier: MIT
// __local memory (line 6) arrives with a later issue.
__kernel void tile(__global int *x)
{
    __local int t[64];
    t[get_local_id(0)] = x[get_global_id(0)];
    x[get_global_id(0)] = t[63 - get_local_id(0)];
}
