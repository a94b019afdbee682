// SPDX-License-Identifier: MIT
// The loop report of an NDRange kernel: tests/kernels/CMakeLists.txt checks that the loop on
// line 8 (keep it there, on one line) is pipelined with work-items interleaved.
__kernel void row_sum(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int acc = 0;
    for (int j = 0; j < n; j++) acc += in[gid * n + j] * j;
    out[gid] = acc;
}
