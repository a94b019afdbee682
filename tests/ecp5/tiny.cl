// SPDX-License-Identifier: MIT
// The smallest useful design for the ULX3S build test: one load and one store per item.
kernel void copy(global const int *a, global int *b)
{
    size_t i = get_global_id(0);
    b[i] = a[i];
}
