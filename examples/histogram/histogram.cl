// SPDX-License-Identifier: MIT
// The classic local-memory histogram of bytes: each work-group of 64 counts its share of the
// input into 256 bins in __local memory (atomic_inc), then adds its non-zero bins into the
// global histogram (atomic_add). Work-items stride over the input by the global size, so a
// few work-groups cover any n and the merge is paid once per group, not per 64 bytes.
#define BINS 256
#define GROUP 64

__attribute__((reqd_work_group_size(GROUP, 1, 1)))
__kernel void histogram(__global const uchar *restrict in, __global uint *restrict bins, int n)
{
    __local uint local_bins[BINS];
    int l = get_local_id(0);
    for (int b = l; b < BINS; b += GROUP)
        local_bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    int stride = get_global_size(0);
    for (int i = get_global_id(0); i < n; i += stride)
        atomic_inc(&local_bins[in[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int b = l; b < BINS; b += GROUP) {
        uint count = local_bins[b];
        if (count)
            atomic_add(&bins[b], count);
    }
}
