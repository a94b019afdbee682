/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units_ii: a loop on line 7 as well, without a pragma: II 1. */
__attribute__((max_global_work_dim(0)))
__kernel void fast_b(__global const int *restrict a, __global int *restrict c, int n)
{

    for (int i = 0; i < n; i++) c[i] = a[i] + 2;
}
