// SPDX-License-Identifier: MIT
// The smallest useful kernel: fits the UP5K today (vector_add does not yet: issue 7).
__kernel void fill(__global int *p, int v)
{
    p[get_global_id(0)] = v;
}
