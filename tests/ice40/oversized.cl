// SPDX-License-Identifier: MIT
// Too big for an iCE40UP5K (5280 logic cells): a divider and a square root are different
// units, and with the shell they pack into about 136 % of the device's cells. The netlist's
// own counts stay under the device (flip-flops and LUTs share cells only in pairs that
// drive each other), so the flow packs it to find out, and stops there: the dense recipe
// saves a few percent, not a third.
__kernel void oversized(__global const float *a, __global float *c)
{
    int i = get_global_id(0);
    c[i] = sqrt(a[i]) / a[i + 1];
}
