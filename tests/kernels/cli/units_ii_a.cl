/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units_ii: a #pragma ii for this unit's loop on line 7 only. */
__attribute__((max_global_work_dim(0)))
__kernel void slow_a(__global const int *restrict a, __global int *restrict c, int n)
{
    #pragma ii 4
    for (int i = 0; i < n; i++) c[i] = a[i] + 1;
}
