// SPDX-License-Identifier: MIT
// Read ports of a __local memory share a replica when a barrier keeps them apart: the two
// reads of line 13 run in one phase and need a replica each, the read of line 17 comes
// after two more barriers and reuses one of them. 3 read ports, 2 replicas (not 3).
__attribute__((reqd_work_group_size(64, 1, 1))) __attribute__((work_groups_in_flight(3)))
kernel void phases(global const int *restrict in, global int *restrict out)
{
    local int t[256];
    int l = get_local_id(0);
    for (int i = l; i < 256; i += 64)
        t[i] = in[get_group_id(0) * 256 + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    int a = t[l] + t[255 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[63 - l];
}
