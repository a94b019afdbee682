// SPDX-License-Identifier: MIT
// '#pragma ii 1' (line 9) on a loop whose recurrence runs through a divider (line 11): the next
// iteration needs the quotient, so II 1 cannot be met and the build must say so.
__attribute__((max_global_work_dim(0)))
__kernel void ii_unreachable(__global const uint *restrict a, __global uint *restrict out,
                             int n)
{
    uint x = 1;
#pragma ii 1
    for (int i = 0; i < n; i++) {
        x = (x * 7 + a[i]) / (1 + (x & 15));
        out[i] = x;
    }
}
