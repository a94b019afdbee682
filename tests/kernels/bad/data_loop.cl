// SPDX-License-Identifier: MIT
// A loop with a run-time trip count (line 7): not supported until loops land.
__kernel void sum(__global const int *in, __global int *out, int n)
{
    int acc = 0;
    int i = get_global_id(0);
    for (int j = 0; j < n; j++)
        acc += in[i + j];
    out[i] = acc;
}
