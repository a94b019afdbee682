// SPDX-License-Identifier: MIT
// Private arrays indexed at run time: an insertion sort in a private int[16], a histogram in a
// private int[8] indexed by data, and a constant table initialised in the kernel (CRC-32, four
// bits at a time).

// Sorts the first n (<= 16) ints of each work-item's 16 in a private array; the rest are copied.
__kernel void sort16(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int a[16];
    for (int i = 0; i < 16; i++)
        a[i] = in[gid * 16 + i];
    for (int i = 1; i < n; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    for (int i = 0; i < 16; i++)
        out[gid * 16 + i] = a[i];
}

// A histogram of the low three bits of n values per work-item, and the most frequent bin.
__kernel void histogram8(__global const uint *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int h[8] = {0};
    for (int j = 0; j < n; j++)
        h[in[gid * n + j] & 7]++;
    int best = 0;
    for (int b = 0; b < 8; b++) {
        out[gid * 9 + b] = h[b];
        if (h[b] > h[best])
            best = b;
    }
    out[gid * 9 + 8] = best;
}

// CRC-32 (IEEE, reflected) of len[gid] bytes from a table of 16 entries built into the kernel.
__kernel void crc32(__global const uchar *msg, __global const int *len, __global uint *out,
                    int stride)
{
    const uint table[16] = {
        0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4,
        0x4db26158, 0x5005713c, 0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
        0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
    };
    int gid = get_global_id(0);
    int n = len[gid];
    uint crc = 0xffffffff;
    for (int i = 0; i < n; i++) {
        crc ^= msg[gid * stride + i];
        crc = (crc >> 4) ^ table[crc & 15];
        crc = (crc >> 4) ^ table[crc & 15];
    }
    out[gid] = ~crc;
}

// Arrays of 2 to 8 bytes with initialisers: clang writes each initialiser as one wide store.
__kernel void small_init(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    ushort a[4] = {1, 2, 3, 0xfff7};
    uchar b[2] = {5, 250};
    short z[2] = {0};
    a[x & 3] += 7;
    z[(x >> 2) & 1] = -3;
    out[gid] = a[x & 3] * 1000 + a[(x + 1) & 3] + b[(x >> 3) & 1] + z[0] * 7 + z[1];
}
