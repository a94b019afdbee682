// SPDX-License-Identifier: MIT
// Tables read at run-time indices: a program-scope __constant float table handed to a helper
// function, a 2-D __constant int table, and a private float array (registers: at most 256
// bytes of one element type, frontend/private_arrays.c).

__constant float taps[5] = {0.125f, 0.25f, 0.5f, 0.25f, 0.125f};
__constant int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};

static float tap(__constant float *w, int i)
{
    return w[i];
}

__kernel void smooth(__global const float *in, __global float *out, int n)
{
    int g = get_global_id(0);
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += in[g + i] * tap(taps, i);
    out[g] = s;
}

__kernel void lookup(__global const int *in, __global int *out)
{
    int g = get_global_id(0);
    out[g] = grid[in[g] % 3][g % 4];
}

__kernel void rotate(__global const float *in, __global float *out, int shift)
{
    float v[8];
    int g = get_global_id(0);
    for (int i = 0; i < 8; i++)
        v[i] = in[(g + i) % 64];
    out[g] = v[(g + shift) & 7] * 2.0f;
}
