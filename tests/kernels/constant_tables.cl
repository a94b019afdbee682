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

// Tables that stay in memory (more than 256 bytes, or structs of several types): the
// program's constant data, read through a hidden argument (hls/lower/constant_data.c).
__constant float lut[256] = {
    -10.00f, -0.75f, 8.50f, -7.50f, 1.75f, 11.00f, -5.00f, 4.25f,
    13.50f, -2.50f, 6.75f, -9.25f, 0.00f, 9.25f, -6.75f, 2.50f,
    11.75f, -4.25f, 5.00f, 14.25f, -1.75f, 7.50f, -8.50f, 0.75f,
    10.00f, -6.00f, 3.25f, 12.50f, -3.50f, 5.75f, 15.00f, -1.00f,
    8.25f, -7.75f, 1.50f, 10.75f, -5.25f, 4.00f, 13.25f, -2.75f,
    6.50f, -9.50f, -0.25f, 9.00f, -7.00f, 2.25f, 11.50f, -4.50f,
    4.75f, 14.00f, -2.00f, 7.25f, -8.75f, 0.50f, 9.75f, -6.25f,
    3.00f, 12.25f, -3.75f, 5.50f, 14.75f, -1.25f, 8.00f, -8.00f,
    1.25f, 10.50f, -5.50f, 3.75f, 13.00f, -3.00f, 6.25f, -9.75f,
    -0.50f, 8.75f, -7.25f, 2.00f, 11.25f, -4.75f, 4.50f, 13.75f,
    -2.25f, 7.00f, -9.00f, 0.25f, 9.50f, -6.50f, 2.75f, 12.00f,
    -4.00f, 5.25f, 14.50f, -1.50f, 7.75f, -8.25f, 1.00f, 10.25f,
    -5.75f, 3.50f, 12.75f, -3.25f, 6.00f, -10.00f, -0.75f, 8.50f,
    -7.50f, 1.75f, 11.00f, -5.00f, 4.25f, 13.50f, -2.50f, 6.75f,
    -9.25f, 0.00f, 9.25f, -6.75f, 2.50f, 11.75f, -4.25f, 5.00f,
    14.25f, -1.75f, 7.50f, -8.50f, 0.75f, 10.00f, -6.00f, 3.25f,
    12.50f, -3.50f, 5.75f, 15.00f, -1.00f, 8.25f, -7.75f, 1.50f,
    10.75f, -5.25f, 4.00f, 13.25f, -2.75f, 6.50f, -9.50f, -0.25f,
    9.00f, -7.00f, 2.25f, 11.50f, -4.50f, 4.75f, 14.00f, -2.00f,
    7.25f, -8.75f, 0.50f, 9.75f, -6.25f, 3.00f, 12.25f, -3.75f,
    5.50f, 14.75f, -1.25f, 8.00f, -8.00f, 1.25f, 10.50f, -5.50f,
    3.75f, 13.00f, -3.00f, 6.25f, -9.75f, -0.50f, 8.75f, -7.25f,
    2.00f, 11.25f, -4.75f, 4.50f, 13.75f, -2.25f, 7.00f, -9.00f,
    0.25f, 9.50f, -6.50f, 2.75f, 12.00f, -4.00f, 5.25f, 14.50f,
    -1.50f, 7.75f, -8.25f, 1.00f, 10.25f, -5.75f, 3.50f, 12.75f,
    -3.25f, 6.00f, -10.00f, -0.75f, 8.50f, -7.50f, 1.75f, 11.00f,
    -5.00f, 4.25f, 13.50f, -2.50f, 6.75f, -9.25f, 0.00f, 9.25f,
    -6.75f, 2.50f, 11.75f, -4.25f, 5.00f, 14.25f, -1.75f, 7.50f,
    -8.50f, 0.75f, 10.00f, -6.00f, 3.25f, 12.50f, -3.50f, 5.75f,
    15.00f, -1.00f, 8.25f, -7.75f, 1.50f, 10.75f, -5.25f, 4.00f,
    13.25f, -2.75f, 6.50f, -9.50f, -0.25f, 9.00f, -7.00f, 2.25f,
    11.50f, -4.50f, 4.75f, 14.00f, -2.00f, 7.25f, -8.75f, 0.50f};

typedef struct {
    int id;
    float weight;
    short tag[3];
} entry_t;

__constant entry_t entries[6] = {{1, 1.5f, {2, 3, 4}}, {4, 2.5f, {5, 6, 7}},
                                 {7, 3.5f, {8, 9, 10}}, {10, -0.5f, {11, 12, 13}},
                                 {13, 0.25f, {14, 15, 16}}, {16, 8.0f, {17, 18, 19}}};

static float at(__constant float *table, int row, int col)
{
    return table[row * 16 + col];
}

__kernel void big_lut(__global const int *in, __global float *out)
{
    int g = get_global_id(0);
    int i = in[g] & 255;
    out[g] = lut[i] + at(lut, i >> 4, (i + 3) & 15);
}

__kernel void structs(__global const int *in, __global float *out)
{
    int g = get_global_id(0);
    __constant entry_t *e = &entries[in[g] % 6];
    out[g] = e->id * e->weight + e->tag[g % 3];
}
