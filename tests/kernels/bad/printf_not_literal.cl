// SPDX-License-Identifier: MIT
// printf's format must be a string literal (line 6): the host formats the records with it.
__kernel void k(__global int *a)
{
    int x = a[1];
    printf(x ? "%d\n" : "%x\n", x);
}
