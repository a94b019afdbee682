// SPDX-License-Identifier: MIT
// More than 64 memory accesses in one kernel (an unrolled 70-tap weighted sum: 70 loads, each
// its own LSU), and a load that must wait for a store whose LSU number is above 64 (the store
// and the load go through two pointers that may alias).
__kernel void many(__global const int *in, __global int *out, __global const int *again)
{
    int g = get_global_id(0);
    int s = 0;
#pragma unroll
    for (int i = 0; i < 70; i++)
        s += in[g * 70 + i] * (i + 1);
    out[g] = s;
    out[64 + g] = again[g] + 1; /* again may be out: this load waits for the store above */
}
