// SPDX-License-Identifier: MIT
// work_groups_in_flight takes 1 to 8 (line 4).
__attribute__((work_groups_in_flight(9)))
kernel void k(global int *p)
{
    local int t[64];
    t[get_local_id(0)] = p[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    p[get_global_id(0)] = t[63 - get_local_id(0)];
}
