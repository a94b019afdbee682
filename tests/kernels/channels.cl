// SPDX-License-Identifier: MIT
// Intel FPGA channels (issue 8): a three-stage pipeline, an autorun kernel in the middle of
// a chain, struct and vector packets, non-blocking reads.
#pragma OPENCL EXTENSION cl_intel_channels : enable

typedef struct {
    int key;
    float value;
    short tag;
} rec;

channel int c_in __attribute__((depth(8)));
channel int c_out __attribute__((depth(8)));
channel int c_auto_in, c_auto_out;
channel rec c_rec;
channel float4 c_vec[2];
channel int c_nb __attribute__((depth(16)));
channel int c_multi __attribute__((depth(4)));
channel int c_pairs, c_twice, c_seq;

/* read from memory -> compute -> write to memory, three tasks running at once */
__attribute__((max_global_work_dim(0)))
kernel void load(global const int *in, int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c_in, in[i]);
}

__attribute__((max_global_work_dim(0)))
kernel void compute(int n)
{
    for (int i = 0; i < n; i++) {
        int x = read_channel_intel(c_in);
        write_channel_intel(c_out, x * 3 + 1);
    }
}

__attribute__((max_global_work_dim(0)))
kernel void store(global int *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = read_channel_intel(c_out);
}

/* an autorun kernel between two NDRange kernels: one packet per run, restarted by itself */
__attribute__((max_global_work_dim(0))) __attribute__((autorun))
kernel void doubler(void)
{
    int x = read_channel_intel(c_auto_in);
    write_channel_intel(c_auto_out, x * 2);
}

kernel void feed(global const int *in)
{
    write_channel_intel(c_auto_in, in[get_global_id(0)]);
}

kernel void drain(global int *out)
{
    out[get_global_id(0)] = read_channel_intel(c_auto_out);
}

/* packets of a struct (12 bytes) and of float4 (16 bytes), on an element of a channel array */
__attribute__((max_global_work_dim(0)))
kernel void rec_src(global const int *in, int n)
{
    for (int i = 0; i < n; i++) {
        rec r = {in[i], (float)in[i] * 0.5f, (short)(i - 7)};
        write_channel_intel(c_rec, r);
        write_channel_intel(c_vec[1], (float4)((float)in[i], (float)i, -(float)in[i], 1.5f));
    }
}

__attribute__((max_global_work_dim(0)))
kernel void rec_dst(global int *keys, global float *vals, int n)
{
    for (int i = 0; i < n; i++) {
        rec r = read_channel_intel(c_rec);
        float4 v = read_channel_intel(c_vec[1]);
        keys[2 * i] = r.key;
        keys[2 * i + 1] = r.tag;
        vals[5 * i] = r.value;
        vals[5 * i + 1] = v.x;
        vals[5 * i + 2] = v.y;
        vals[5 * i + 3] = v.z;
        vals[5 * i + 4] = v.w;
    }
}

/* non-blocking: the reader runs after the writer and tries more reads than there are packets */
__attribute__((max_global_work_dim(0)))
kernel void nb_src(int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c_nb, i + 100);
}

__attribute__((max_global_work_dim(0)))
kernel void nb_dst(global int *out, int tries)
{
    for (int i = 0; i < tries; i++) {
        bool ok;
        int v = read_channel_nb_intel(c_nb, &ok);
        out[2 * i] = ok;
        out[2 * i + 1] = ok ? v : -1;
    }
}

/* several operations of a kernel on one channel: in two segments of a task ... */
__attribute__((max_global_work_dim(0)))
kernel void multi_src(global const int *in, int n)
{
    write_channel_intel(c_multi, n * 10);
    for (int i = 0; i < n; i++)
        write_channel_intel(c_multi, in[i]);
}

__attribute__((max_global_work_dim(0)))
kernel void multi_dst(global int *out, int n)
{
    int head = read_channel_intel(c_multi);
    for (int i = 0; i < n; i++)
        out[i] = read_channel_intel(c_multi) + head;
}

/* ... and two in one NDRange pipeline, where different work-items want the FIFO at once */
kernel void pairs_out(global const int *in)
{
    int i = get_global_id(0);
    write_channel_intel(c_pairs, in[2 * i]);
    write_channel_intel(c_pairs, in[2 * i + 1] * 5);
}

__attribute__((max_global_work_dim(0)))
kernel void pairs_relay(int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c_twice, read_channel_intel(c_pairs));
}

kernel void twice_in(global int *out)
{
    int i = get_global_id(0);
    int a = read_channel_intel(c_twice);
    out[2 * i] = a;
    out[2 * i + 1] = read_channel_intel(c_twice);
}

/* two reads of one channel in each iteration of a pipelined loop keep program order */
__attribute__((max_global_work_dim(0)))
kernel void seq_src(global const int *in, int n)
{
    for (int i = 0; i < n; i++)
        write_channel_intel(c_seq, in[i]);
}

__attribute__((max_global_work_dim(0)))
kernel void seq_dst(global int *out, int n)
{
    for (int i = 0; i < n; i++) {
        int a = read_channel_intel(c_seq);
        int b = read_channel_intel(c_seq);
        out[i] = a - 3 * b;
    }
}
