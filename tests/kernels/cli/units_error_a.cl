/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units_hls_error*: the kernels; the lines the compiler refuses are the
   helpers' in units_error_b.cl, and its errors must name that file. */
int recurrence(__global const uint *a, int n);
int table_sum(__global const int *a, int n);

__attribute__((max_global_work_dim(0)))
__kernel void slow(__global const uint *restrict a, __global int *restrict out, int n)
{
    out[0] = recurrence(a, n);
}

__kernel void big(__global const int *restrict a, __global int *restrict out, int n)
{
    out[get_global_id(0)] = table_sum(a, n);
}
