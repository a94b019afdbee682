// SPDX-License-Identifier: MIT
// Floating point (a float argument, line 3) arrives with a later issue: a clear message.
__kernel void scale(__global float *x, float s)
{
    int i = get_global_id(0);
    x[i] = x[i] * s;
}
