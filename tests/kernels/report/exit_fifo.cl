// SPDX-License-Identifier: MIT
// Loop FIFO widths (tests/kernels/CMakeLists.txt, kernels.report.exit_fifo): the loop carries
// its counter k, the sum and the row's address, but only the sum and the output address are
// used after it, so its exit FIFO is narrower than its back-edge FIFO.
__kernel void row_sums(__global const int *restrict m, __global int *restrict out, int n)
{
    int row = get_global_id(0);
    __global const int *p = m + row * n;
    int sum = 0;
    for (int k = 0; k < n; k++)
        sum += p[k];
    out[row] = sum;
}
