// SPDX-License-Identifier: MIT
// A consumer that waits for more packets than its producer sends: a deadlock the runtime
// must report (docs/pipes.md, "Deadlock") instead of hanging.
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c __attribute__((depth(4)));

__attribute__((max_global_work_dim(0)))
kernel void send(int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c, i);
}

__attribute__((max_global_work_dim(0)))
kernel void wait_for(global int *sum, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += read_channel_intel(c);
    *sum = s;
}
