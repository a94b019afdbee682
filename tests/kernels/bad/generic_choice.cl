// SPDX-License-Identifier: MIT
// A generic pointer that chooses between __global and __local memory at run time (line 9):
// refused at its line (the hardware reaches each memory through its own port).
__kernel void pick(__global int *a, int c)
{
    __local int t[16];
    t[get_local_id(0) & 15] = 1;
    int *p = c ? (int *)&a[get_global_id(0)] : (int *)&t[get_local_id(0) & 15];
    *p += 1;
}
