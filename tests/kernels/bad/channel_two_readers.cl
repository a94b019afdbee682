// One channel read by two kernels: a channel connects one writer to one reader.
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c;

kernel void writer(global const int *in)
{
    write_channel_intel(c, in[get_global_id(0)]);
}

kernel void reader_a(global int *out)
{
    out[get_global_id(0)] = read_channel_intel(c);
}

kernel void reader_b(global int *out)
{
    out[get_global_id(0)] = read_channel_intel(c) + 1;
}
