// SPDX-License-Identifier: MIT
// A global atomic in a kernel with compute units is refused at the atomic's line (8): each
// unit's atomic unit would be atomic only among its own requests.
__attribute__((num_compute_units(2)))
__kernel void hist(__global const uint *a, __global uint *bins)
{
    uint v = a[get_global_id(0)];
    atomic_inc(&bins[v & 7]);
}
