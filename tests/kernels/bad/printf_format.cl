// SPDX-License-Identifier: MIT
// A printf format checked when the kernel is built: a float vector conversion given an int
// vector, refused at its line (6) with the conversion and what it expects.
__kernel void k(__global int *a)
{
    printf("%d %v4hlf\n", a[0], (int4)(a[1]));
}
