// SPDX-License-Identifier: MIT
// Producer -> consumer streams (issue 8): a channel between two tasks, a pipe between two
// NDRange kernels.
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c_stream __attribute__((depth(16)));

__attribute__((max_global_work_dim(0)))
kernel void chan_producer(int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c_stream, i * 7);
}

__attribute__((max_global_work_dim(0)))
kernel void chan_consumer(global int *sum, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += read_channel_intel(c_stream) ^ i;
    *sum = s;
}

kernel void pipe_producer(write_only pipe int p)
{
    int v = (int)get_global_id(0) * 7;
    write_pipe(p, &v);
}

kernel void pipe_consumer(global int *out, read_only pipe int p)
{
    int v = -1;
    read_pipe(p, &v);
    out[get_global_id(0)] = v;
}
