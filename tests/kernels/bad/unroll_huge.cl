// SPDX-License-Identifier: MIT
// #pragma unroll 100000: refused at the loop's line (9) at once, instead of LLVM spending
// minutes making the copies (at most 4,096).
__kernel void sum(__global int *a)
{
    int s = 0;

#pragma unroll 100000
    for (int i = 0; i < 100000; i++)
        s += a[i] * i;
    a[0] = s;
}
