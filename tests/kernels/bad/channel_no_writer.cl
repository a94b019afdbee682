// A channel that a kernel reads and no kernel writes: its reader would block forever.
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int lonely __attribute__((depth(4)));

kernel void reader(global int *out)
{
    out[get_global_id(0)] = read_channel_intel(lonely);
}
