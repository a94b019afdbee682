// SPDX-License-Identifier: MIT
// A generic pointer whose memory changes from one loop iteration to the next (read on line
// 13): refused at its line. A choice made within an iteration works (generic_pointers.cl).
__kernel void pick(__global int *a, __global int *o, int n)
{
    __local int t[16];
    int l = get_local_id(0) & 15;
    t[l] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *p = (int *)&a[get_global_id(0)];
    int s = 0;
    for (int k = 0; k < n; k++) {
        s += *p;
        p = (k & 1) ? (int *)&a[get_global_id(0)] : (int *)&t[l];
    }
    o[get_global_id(0)] = s;
}
