// SPDX-License-Identifier: MIT
// 64-bit atomics (line 7): the atomic units are 32 bits wide.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void count(__global long *counter)
{
    if (get_global_id(0) & 1)
        atom_add(counter, 1L);
}
