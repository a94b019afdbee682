// SPDX-License-Identifier: MIT
// num_compute_units (issue 31): copies of a kernel's pipeline that take work-groups as they
// are free. Each work-item records the unit that ran it (test_compute_units.c checks that a
// work-group ran on one unit, that every unit ran some, and the results against C).

// Four units, a fixed work-group of 8: __local memory and a barrier per unit (each copy has
// its own), get_compute_id in a branch (each copy specialised).
__attribute__((num_compute_units(4)))
__attribute__((reqd_work_group_size(8, 1, 1)))
__kernel void rev4(__global const int *restrict a, __global int *restrict c,
                   __global uint *restrict unit)
{
    __local int t[8];
    uint l = get_local_id(0), g = get_global_id(0);
    t[l] = a[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = t[7 - l] * 3;
    if (get_compute_id(0) == 2)
        v = t[7 - l] + t[7 - l] + t[7 - l];
    c[g] = v + (int)get_group_id(0);
    unit[g] = get_compute_id(0);
}

// Two units, any work-group size (the launch's); a __local counter per work-group.
__attribute__((num_compute_units(2)))
__kernel void count2(__global const uint *restrict a, __global uint *restrict c,
                     __global uint *restrict unit)
{
    __local uint n;
    uint l = get_local_id(0), g = get_global_id(0);
    if (l == 0)
        n = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (a[g] & 1)
        atomic_inc(&n);
    barrier(CLK_LOCAL_MEM_FENCE);
    c[g] = n * 1000 + a[g];
    unit[g] = get_compute_id(0) + 10 * get_compute_id(1);
}

// The 3-D form: 2 x 1 x 2 = 4 units over a 2-D range; every id of each dimension.
__attribute__((num_compute_units(2, 1, 2)))
__kernel void grid3(__global uint *restrict unit)
{
    uint g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    unit[g] = get_compute_id(0) | get_compute_id(1) << 8 | get_compute_id(2) << 16 |
              get_compute_id(3) << 24;
}

// SIMD lanes and compute units both apply: 2 copies of a 4-lane pipeline.
__attribute__((num_compute_units(2)))
__attribute__((num_simd_work_items(4)))
__attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void simd_cu(__global const int *restrict a, __global int *restrict c,
                      __global uint *restrict unit)
{
    int g = get_global_id(0);
    c[g] = a[g] * 5 + (int)get_local_id(0);
    unit[g] = get_compute_id(0);
}

// Work-group functions per unit, on 3 units.
__attribute__((num_compute_units(3)))
__attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void wg_sum3(__global const int *restrict a, __global int *restrict c,
                      __global uint *restrict unit)
{
    int g = get_global_id(0);
    c[g] = work_group_reduce_add(a[g]) + work_group_scan_inclusive_add(a[g]);
    unit[g] = get_compute_id(0);
}

// Global atomics across 4 units: a histogram (old values not read) and tickets (read), each
// unit's atomic unit holding the lock in turn.
__attribute__((num_compute_units(4)))
__attribute__((reqd_work_group_size(8, 1, 1)))
__kernel void atom4(__global const uint *restrict a, __global uint *restrict bins,
                    __global uint *restrict ticket, __global uint *restrict counter,
                    __global uint *restrict unit)
{
    uint g = get_global_id(0);
    atomic_inc(&bins[a[g] & 7]);
    ticket[g] = atomic_add(counter, 1);
    unit[g] = get_compute_id(0);
}

// printf across 2 units: a copy taking the lock loads the count the copies reached, so each
// work-item's line gets its own record.
__attribute__((num_compute_units(2)))
__attribute__((reqd_work_group_size(4, 1, 1)))
__kernel void say2(__global const int *restrict a, __global uint *restrict unit)
{
    uint g = get_global_id(0);
    printf("wi %u a %d\n", g, a[g]);
    unit[g] = get_compute_id(0);
}
