// SPDX-License-Identifier: MIT
// Ping-pong between two private arrays (line 9): a pointer that moves between private arrays
// in a loop is refused (block RAM is reached through one memory per access).
__kernel void pingpong(__global const int *in, __global int *out, int n)
{
    int a[80], b[80];
    int *src = a, *dst = b;
    for (int i = 0; i < 80; i++) a[i] = in[i];
    for (int step = 0; step < n; step++) {
        for (int i = 0; i < 80; i++)
            dst[i] = src[i] + src[(i + 1) % 80];
        int *t = src;
        src = dst;
        dst = t;
    }
    out[get_global_id(0)] = src[get_global_id(0) % 80];
}
