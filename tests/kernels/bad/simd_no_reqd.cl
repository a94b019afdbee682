// SPDX-License-Identifier: MIT
// num_simd_work_items needs a reqd_work_group_size whose x size the lanes divide: the kernel
// on line 6 has none.
__attribute__((num_simd_work_items(4)))
__kernel
void lanes(__global int *o)
{
    o[get_global_id(0)] = 3;
}
