// SPDX-License-Identifier: MIT
// An autorun kernel reading a program-scope __constant table kept in memory (1 KB): it
// starts at reset, before the runtime could write the table's address, so it is refused at
// the kernel's line (10).
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c_in __attribute__((depth(4)));
channel int c_out __attribute__((depth(4)));
__constant int table[256] = {1, 2, 3, 4, 5, 6, 7, 8};
__attribute__((max_global_work_dim(0))) __attribute__((autorun)) kernel void look_up(void)
{
    write_channel_intel(c_out, table[read_channel_intel(c_in) & 255]);
}

kernel void feed(global const int *in, global int *out)
{
    write_channel_intel(c_in, in[get_global_id(0)]);
    out[get_global_id(0)] = read_channel_intel(c_out);
}
