// SPDX-License-Identifier: MIT
// A private array indexed at run time that is too large for registers: reported at its use
// (line 11) with its size until private arrays in block RAM exist.
__kernel void big(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int table[512];
    for (int i = 0; i < 512; i++)
        table[i] = in[i] * gid;
    out[gid] = table[n & 511];
}
