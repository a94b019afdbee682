// SPDX-License-Identifier: MIT
// A private array larger than a work-item's private memory (256 KiB on sim, the board's
// private_mem_bytes): reported at its declaration (line 7) with its size.
__kernel void big(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int table[80000];
    for (int i = 0; i < 80000; i++)
        table[i] = in[i] * gid;
    out[gid] = table[n % 80000];
}
