// SPDX-License-Identifier: MIT
// vector_add with a multiply: not a line kernel on a hardware board (each lane would need a
// multiplier of its own, hls/transform/line_kernel.c), so it keeps the pipeline: its LSUs and the
// store address carried to the store's stage (kernels.report.lsu_addr_bits, delay_lines).
__kernel void vector_mul(__global const int *a, __global const int *b, __global int *c, int n)
{
    int i = get_global_id(0);
    if (i < n)
        c[i] = a[i] * b[i];
}
