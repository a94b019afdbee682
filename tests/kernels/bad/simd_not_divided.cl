// SPDX-License-Identifier: MIT
// num_simd_work_items needs a reqd_work_group_size whose x size the lanes divide: the kernel
// on line 6 has 100 for 8 lanes.
__attribute__((num_simd_work_items(8))) __attribute__((reqd_work_group_size(100, 1, 1)))
__kernel
void not_divided(__global int *o)
{
    o[get_global_id(0)] = 2;
}
