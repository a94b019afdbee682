// SPDX-License-Identifier: MIT
// oclhls build --profile (issue 33, item 2): kernels whose stalls are known, so that the
// counters the runtime writes (OCLHLS_PROFILE) can be checked (test_profile.c).
#pragma OPENCL EXTENSION cl_intel_channels : enable

channel int c_chase __attribute__((depth(4)));

/* Streaming: one work-item per clock, every access unit-stride, nothing waits for long. */
kernel void stream(global const int *a, global const int *b, global int *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}

/* A barrier: each work-item reads another's word of the group, so all wait for the last. */
kernel void reverse_groups(global const int *in, global int *out)
{
    local int tile[64];
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[get_local_size(0) - 1 - l];
}

/* Memory latency bound: the load may read the word just stored (idx is not known), so it
   waits until the store is in memory, every work-item for a memory round trip. */
kernel void store_then_load(global int *buf, global const int *idx, global int *out)
{
    int i = get_global_id(0);
    buf[i] = i;
    out[i] = buf[idx[i]];
}

/* A pointer chase, scheduled at the memory's latency (II 27): a packet every 27 cycles. */
__attribute__((max_global_work_dim(0)))
kernel void chase(global const int *next, int n)
{
    int p = 0;
    for (int i = 0; i < n; i++) {
        p = next[p];
        write_channel_intel(c_chase, p);
    }
}

/* Channel bound: its packets come at the chase's pace, so it mostly waits on the channel. */
__attribute__((max_global_work_dim(0)))
kernel void drain(global int *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = read_channel_intel(c_chase);
}

/* printf: its record counter is an LSU of its own kind in the profile. */
kernel void say(global const int *a)
{
    printf("profile %d\n", a[get_global_id(0)]);
}

/* Four compute units: each counter is the copies' sum (busy cycles are copy-cycles). */
__attribute__((num_compute_units(4))) __attribute__((reqd_work_group_size(64, 1, 1)))
kernel void stream_cu4(global const int *a, global int *c)
{
    int i = get_global_id(0);
    c[i] = a[i] * 3;
}
