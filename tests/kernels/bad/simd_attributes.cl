// SPDX-License-Identifier: MIT
// Intel's num_simd_work_items takes 1, 2, 4, 8 or 16 lanes: the kernel on line 6 asks for 3.
__attribute__((num_simd_work_items(3)))
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel
void three(__global int *o)
{
    o[get_global_id(0)] = 1;
}
