// SPDX-License-Identifier: MIT
// --profile on the co-simulated iCEBreaker (link_profile_test.c): a line kernel and a
// pipeline kernel, the same sum.

// a line kernel: a line of a and of b read, a line of c written per step
kernel void line_sum(global const int *a, global const int *b, global int *c, int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}

// a pipeline (b read backwards is not p[get_global_id(0)]): 3 LSUs on one memory port
kernel void backwards_sum(global const int *a, global const int *b, global int *c, int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[n - 1 - i];
}
