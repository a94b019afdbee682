// SPDX-License-Identifier: MIT
// A goto into the middle of a loop (line 10) makes a cycle with two entries: irreducible
// control flow, which cannot be pipelined as a loop.
__kernel void irreducible(__global int *data, int n)
{
    int gid = get_global_id(0);
    int x = data[gid];
    int i = 0;
    if (x & 1)
        goto middle;
    while (i < n) {
        x = x * 3 + i;
    middle:
        x ^= x >> 2;
        i++;
    }
    data[gid] = x;
}
