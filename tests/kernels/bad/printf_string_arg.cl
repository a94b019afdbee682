// SPDX-License-Identifier: MIT
// %s takes string literals (or a choice between literals): a __constant string handed in by
// the host is refused at its line (5), as the host formats the text from the program file.
__kernel void k(__constant char *name, __global int *a)
{
    printf("%s: %d\n", name, a[0]);
}
