// SPDX-License-Identifier: MIT
// Every work-item function, in 1, 2 and 3 dimensions; 24 values per work-item.
__kernel void wi_all(__global uint *out)
{
    size_t lin = ((get_global_id(2) - get_global_offset(2)) * get_global_size(1) +
                  (get_global_id(1) - get_global_offset(1))) * get_global_size(0) +
                 (get_global_id(0) - get_global_offset(0));
    __global uint *o = out + lin * 24;
    for (uint d = 0; d < 3; d++) { // constant trip count: unrolled by the compiler
        o[d] = get_global_id(d);
        o[3 + d] = get_local_id(d);
        o[6 + d] = get_group_id(d);
        o[9 + d] = get_global_size(d);
        o[12 + d] = get_local_size(d);
        o[15 + d] = get_num_groups(d);
        o[18 + d] = get_global_offset(d);
    }
    o[21] = get_work_dim();
    o[22] = get_global_linear_id();
    o[23] = get_local_linear_id();
}

// The dimension as a run-time value: 0..2 select, 3 gives the spec's out-of-range values.
__kernel void wi_dynamic(__global uint *out, uint dim)
{
    size_t i = get_global_linear_id();
    out[i * 3 + 0] = get_global_id(dim);
    out[i * 3 + 1] = get_local_size(dim);
    out[i * 3 + 2] = get_num_groups(dim) + get_global_offset(dim);
}

// Global ids only: the kernel observes no work-group, so it gets the dispatcher's flat
// (row-major) order (docs/architecture.md); every work-item must still come exactly once.
__kernel void wi_global(__global uint *out)
{
    __global uint *o = out + get_global_linear_id() * 4;
    o[0] = get_global_id(0);
    o[1] = get_global_id(1);
    o[2] = get_global_id(2);
    o[3] = o[3] + 1; // the buffer starts zeroed: 1 = this work-item came once
}
