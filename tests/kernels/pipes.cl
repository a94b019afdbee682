// SPDX-License-Identifier: MIT
// OpenCL 2.0 pipes (issue 8): kernels connected by a pipe object the host creates.

typedef struct {
    int key;
    float value;
    short tag;
} rec;

/* one packet per work-item; a full pipe drops it and says so */
kernel void produce(global const int *in, global int *status, write_only pipe int p)
{
    int i = get_global_id(0);
    int v = in[i];
    status[i] = write_pipe(p, &v);
}

/* one read per work-item; an empty pipe leaves v alone and returns non-zero */
kernel void consume(global int *out, read_only pipe int p)
{
    int i = get_global_id(0);
    int v = -7;
    int r = read_pipe(p, &v);
    out[2 * i] = r;
    out[2 * i + 1] = v;
}

/* tasks that retry until every packet went through: they must run at the same time */
__attribute__((max_global_work_dim(0)))
kernel void stream_out(global const int *in, int n, write_only pipe int p)
{
    for (int i = 0; i < n;) {
        int v = in[i];
        if (write_pipe(p, &v) == 0)
            i++;
    }
}

__attribute__((max_global_work_dim(0)))
kernel void stream_in(global int *out, int n, read_only pipe int p)
{
    for (int i = 0; i < n;) {
        int v;
        if (read_pipe(p, &v) == 0)
            out[i++] = v;
    }
}

/* packets of float4 and of a struct */
kernel void vec_out(global const int *in, write_only pipe float4 pv, write_only pipe rec pr)
{
    int i = get_global_id(0);
    float4 v = (float4)((float)in[i], (float)i, -0.25f, (float)(in[i] >> 3));
    rec r = {in[i] ^ 0x55, (float)i * 0.125f, (short)(-i)};
    write_pipe(pv, &v);
    write_pipe(pr, &r);
}

kernel void vec_in(global float *vals, global int *keys, read_only pipe float4 pv,
                   read_only pipe rec pr)
{
    int i = get_global_id(0);
    float4 v = (float4)(0.0f);
    rec r = {0, 0.0f, 0};
    read_pipe(pv, &v);
    read_pipe(pr, &r);
    vstore4(v, i, vals);
    vals[4 * get_global_size(0) + i] = r.value;
    keys[2 * i] = r.key;
    keys[2 * i + 1] = r.tag;
}

/* reservations: each work-item reserves 4 packets and writes them in reverse order */
kernel void reserve_out(global const int *in, global int *ok, write_only pipe int p)
{
    int i = get_global_id(0);
    reserve_id_t r = reserve_write_pipe(p, 4);
    ok[i] = is_valid_reserve_id(r);
    if (is_valid_reserve_id(r)) {
#pragma unroll
        for (int j = 3; j >= 0; j--) {
            int v = in[4 * i + j];
            write_pipe(p, r, (uint)j, &v);
        }
        commit_write_pipe(p, r);
    }
}

kernel void reserve_in(global int *out, global int *info, read_only pipe int p)
{
    int i = get_global_id(0);
    if (i == 0) {
        info[0] = get_pipe_num_packets(p);
        info[1] = get_pipe_max_packets(p);
    }
    reserve_id_t r = reserve_read_pipe(p, 2);
    if (is_valid_reserve_id(r)) {
        int a = 0, b = 0;
        read_pipe(p, r, 1u, &b);
        read_pipe(p, r, 0u, &a);
        commit_read_pipe(p, r);
        out[2 * i] = a;
        out[2 * i + 1] = b;
    } else {
        out[2 * i] = out[2 * i + 1] = -1;
    }
}

/* work-group reservations: one per group of 8 (the test's pipe always has room: the
   commit is outside the if, where every work-item of the group reaches it) */
__attribute__((reqd_work_group_size(8, 1, 1)))
kernel void group_out(global const int *in, write_only pipe int p)
{
    reserve_id_t r = work_group_reserve_write_pipe(p, 8);
    if (is_valid_reserve_id(r)) {
        int v = in[get_global_id(0)];
        write_pipe(p, r, (uint)(7 - get_local_id(0)), &v);
    }
    work_group_commit_write_pipe(p, r);
}
