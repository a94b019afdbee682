// A kernel that writes one channel at two places (lines 11 and 13).
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c;

kernel void writer(global const int *in)
{
    int v = in[get_global_id(0)];
    if (v > 0)
        v = v * 3;
    write_channel_intel(c, v);
    barrier(CLK_GLOBAL_MEM_FENCE);
    write_channel_intel(c, v + 1);
}

kernel void reader(global int *out)
{
    out[get_global_id(0)] = read_channel_intel(c);
}
