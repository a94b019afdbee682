// SPDX-License-Identifier: MIT
// %s takes a string literal: one chosen at run time (line 5) is refused at its line.
__kernel void k(__global int *a)
{
    printf("%s\n", a[2] ? "yes" : "no");
}
