// SPDX-License-Identifier: MIT
// Three divisions, three additions and a multiplication per work-item: about 11,700 logic
// cells of float units at one work-item per clock, more than an iCE40UP5K has. Built for
// the test board sim-up5k (area/board.json), the compiler takes a work-item every few
// cycles and shares the units (hls/transform/share_units.c); the results must not change.
__kernel void ratios(__global const float *a, __global const float *b, __global float *q,
                     __global float *r)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    q[i] = x / y + y / (x + 1.0f);
    r[i] = (x * y) / (x - y);
}
