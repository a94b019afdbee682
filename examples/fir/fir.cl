// SPDX-License-Identifier: MIT
// An 8-tap FIR filter, one output per work-item: out[i] = sum of taps[k] * in[i + k].
// `in` holds n + 7 samples. The tap loop is not unrolled, so the kernel has one load site per
// buffer and one multiplier (a pipelined loop of 8 iterations per work-item): the smallest
// design. `#pragma unroll` before it would give 8 load sites and 8 multipliers.
#define TAPS 8

__kernel void fir(__global const int *restrict in, __constant int *taps,
                  __global int *restrict out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int acc = 0;
    for (int k = 0; k < TAPS; k++)
        acc += taps[k] * in[i + k];
    out[i] = acc;
}
