// SPDX-License-Identifier: MIT
// The report's line for a __local memory: size, banks, ports, private copies, block RAMs.
// 256 ints x 3 copies = 768 words of 32 bits, two read replicas: 2 x 2 blocks of 512 x 36
// (the report names the line of the first access, 11).
__attribute__((reqd_work_group_size(64, 1, 1))) __attribute__((work_groups_in_flight(3)))
kernel void tiles(global const int *restrict in, global int *restrict out)
{
    local int t[256];
    int l = get_local_id(0);
    for (int i = l; i < 256; i += 64)
        t[i] = in[get_group_id(0) * 256 + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[l] + t[255 - l];
}
