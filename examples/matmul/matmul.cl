// SPDX-License-Identifier: MIT
// c = a * b for n x n int matrices, one work-item per element of c (a 2D NDRange of n x n):
// the plain loop over k, one load site per matrix and one multiplier.
__kernel void matmul(__global const int *restrict a, __global const int *restrict b,
                     __global int *restrict c, int n)
{
    int col = get_global_id(0), row = get_global_id(1);
    if (col >= n || row >= n)
        return;
    int acc = 0;
    for (int k = 0; k < n; k++)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
