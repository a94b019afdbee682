// SPDX-License-Identifier: MIT
// A channel in a kernel with compute units is refused at the channel's use (line 11): a
// channel connects one writer to one reader.
#pragma OPENCL EXTENSION cl_intel_channels : enable
channel int c;

__attribute__((num_compute_units(2)))
__kernel void producer(__global const int *a)
{
    int i = get_global_id(0);
    write_channel_intel(c, a[i]);
}

__kernel void consumer(__global int *o, int n)
{
    for (int i = 0; i < n; i++)
        o[i] = read_channel_intel(c);
}
