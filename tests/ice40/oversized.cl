// SPDX-License-Identifier: MIT
// Too big for an iCE40UP5K (5280 logic cells) however its units are shared: a divider
// (~2650 LCs), a square root (~1350) and a fused multiply-add (~2030) are different units,
// and one of each is already more than the device (the build report's estimates).
__kernel void oversized(__global const float *a, __global float *c)
{
    int i = get_global_id(0);
    c[i] = fma(sqrt(a[i]) / a[i + 1], a[i + 2], a[i + 3]);
}
