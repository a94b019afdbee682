// SPDX-License-Identifier: MIT
// c = a + b, one work-item per element. The guard lets the host round the global size up.
__kernel void vector_add(__global const int *a, __global const int *b, __global int *c, int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
