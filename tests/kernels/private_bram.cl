// SPDX-License-Identifier: MIT
// Private arrays too large for registers (over 256 bytes): block RAM, one copy per work-item
// in flight (NDRange) or one for the kernel (single work-item). Several store sites share the
// write port; every load site has its own replica.

// A per-work-item histogram of 256 bins: cleared, filled from the work-item's bytes, then
// scanned for the fullest bin (lowest index on ties).
__kernel void histogram256(__global const uchar *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int h[256];
    for (int i = 0; i < 256; i++)
        h[i] = 0;
    for (int i = 0; i < n; i++)
        h[in[gid * n + i]]++;
    int best = 0;
    for (int i = 1; i < 256; i++)
        if (h[i] > h[best])
            best = i;
    out[gid] = best * 1000 + h[best];
}

// Insertion sort of a 96-element private array per work-item (two store sites in the loop).
__kernel void sort96(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    int a[96];
    for (int i = 0; i < n; i++)
        a[i] = in[gid * 96 + i];
    for (int i = 1; i < n; i++) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
    for (int i = 0; i < n; i++)
        out[gid * 96 + i] = a[i];
}

// Sieve of Eratosthenes in one work-item: the primes below n (n <= 2048), then their count.
__attribute__((max_global_work_dim(0)))
__kernel void sieve(__global int *primes, __global int *count, int n)
{
    uchar composite[2048];
    for (int i = 0; i < n; i++)
        composite[i] = 0;
    int found = 0;
    for (int i = 2; i < n; i++) {
        if (composite[i])
            continue;
        primes[found++] = i;
        for (int j = i * i; j < n; j += i)
            composite[j] = 1;
    }
    count[0] = found;
}
