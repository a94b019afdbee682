// SPDX-License-Identifier: MIT
// Too big for an iCE40UP5K (5280 logic cells): each float division is a unit of its own,
// about 2650 logic cells (the build report's estimate).
__kernel void oversized(__global const float *a, __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] / a[i + 1] / a[i + 2] / a[i + 3];
}
