// SPDX-License-Identifier: MIT
// printf in an autorun kernel (line 9): no launch gives it a buffer or prints its output, so
// it is refused at the kernel's line.
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c __attribute__((depth(4)));

__attribute__((max_global_work_dim(0))) __attribute__((autorun))
kernel void watch(void)
{
    int x = read_channel_intel(c);
    printf("got %d\n", x);
}

kernel void feed(global const int *in)
{
    write_channel_intel(c, in[get_global_id(0)]);
}
