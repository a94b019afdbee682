// SPDX-License-Identifier: MIT
// Accesses through a pointer that chooses between memories. LLVM merges the two stores of an
// if/else into one store through `select c, &a[l], &b[l]` (or a phi of the pointers); the
// compiler splits such an access again, one per memory under its side of the choice
// (hls/lower/lower_memory.c).

// if/else storing to two __local arrays, each read back where it was written
__kernel void two_local(__global const int *in, __global int *out)
{
    __local int a[64], b[64];
    int l = get_local_id(0), g = get_global_id(0);
    if (in[g] > 0)
        a[l] = in[g];
    else
        b[l] = -in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = in[g] > 0 ? a[l] * 1000 : b[l];
}

// a read and a write through a choice of three __local arrays
__kernel void three_way(__global const int *in, __global int *out)
{
    __local int a[64], b[64], c[64];
    int l = get_local_id(0), g = get_global_id(0);
    a[l] = 1;
    b[l] = 2;
    c[l] = 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *p;
    int m = in[g] % 3;
    if (m == 0)
        p = a;
    else if (m == 1)
        p = b;
    else
        p = c;
    p[l] += in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = a[l] * 10000 + b[l] * 100 + c[l];
}

// a load from one of two private arrays in block RAM (too large for registers)
__kernel void pick_private(__global const int *in, __global int *out)
{
    int a[80], b[80];
    for (int i = 0; i < 80; i++) {
        a[i] = in[i] * 3;
        b[i] = in[i] + 100;
    }
    int g = get_global_id(0);
    int *p = (in[g] & 1) ? a : b;
    out[g] = p[(g * 7) % 80];
}

// if/else storing to two __global buffers
__kernel void two_global(__global const int *in, __global int *p, __global int *q)
{
    int g = get_global_id(0);
    if (in[g] & 1)
        p[g] = in[g];
    else
        q[g] = in[g] * 2;
}

// a pointer stepping through one private array across a loop nest (the outer loop's pointer
// phi takes the inner loop's final pointer): one array all along
__kernel void step_nest(__global const int *in, __global int *out, int rows)
{
    int a[100];
    int g = get_global_id(0);
    for (int i = 0; i < 100; i++)
        a[i] = in[i] + g;
    int s = 0;
    int *p = a;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < 4; c++) {
            s += *p * (c + 1);
            p += in[c] & 1;
        }
    }
    out[g] = s;
}
