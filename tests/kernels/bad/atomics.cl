// SPDX-License-Identifier: MIT
// Atomics (line 6) arrive with a later part of issue 4.
__kernel void count(__global int *counter, __global const int *x)
{
    if (x[get_global_id(0)] > 0)
        atomic_inc(counter);
}
