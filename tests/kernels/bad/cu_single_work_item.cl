// SPDX-License-Identifier: MIT
// num_compute_units on a single work-item kernel is refused (compute units share out the
// work-groups of an NDRange): the kernel on line 6.
__attribute__((num_compute_units(2)))
__attribute__((max_global_work_dim(0)))
__kernel void task(__global int *o, int n)
{
    for (int i = 0; i < n; i++)
        o[i] = i;
}
