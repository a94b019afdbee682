// SPDX-License-Identifier: MIT
/*
 * private_bram.cl: private arrays in block RAM against the same C code on the host: a
 * per-work-item histogram (one copy per work-item in flight, cleared, updated, scanned), a
 * per-work-item insertion sort (two store sites) and a single work-item sieve.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

static uint64_t rng = 77;

static void test_histogram(struct kt *t)
{
    enum { NWI = 96, N = 40 }; /* more work-items than copies: slots are reused */
    unsigned char in[NWI * N];
    int out[NWI];
    for (int i = 0; i < NWI * N; i++) /* few distinct values so that bins collide */
        in[i] = (unsigned char)(kt_rand(&rng) % 24 * 11);
    cl_kernel k = kt_kernel(t, "histogram256");
    cl_ulong private_bytes = 0; /* the block-RAM array, per work-item */
    cl_int err = clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_PRIVATE_MEM_SIZE,
                                          sizeof(private_bytes), &private_bytes, NULL);
    KT_EQ(t, err, CL_SUCCESS, "CL_KERNEL_PRIVATE_MEM_SIZE status", 0);
    KT_EQ(t, private_bytes, 256 * sizeof(int), "CL_KERNEL_PRIVATE_MEM_SIZE", 0);
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    int n = N;
    kt_arg(t, k, 2, sizeof(int), &n);
    size_t global = NWI;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < NWI; g++) {
        int h[256] = {0}, best = 0;
        for (int i = 0; i < N; i++)
            h[in[g * N + i]]++;
        for (int i = 1; i < 256; i++)
            if (h[i] > h[best])
                best = i;
        KT_EQ(t, out[g], best * 1000 + h[best], "histogram256", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void test_sort(struct kt *t, int n)
{
    enum { NWI = 20, LEN = 96 };
    static int in[NWI * LEN], out[NWI * LEN], want[NWI * LEN];
    for (int i = 0; i < NWI * LEN; i++)
        in[i] = (int)(kt_rand(&rng) % 2001) - 1000;
    for (int g = 0; g < NWI; g++) {
        for (int i = 0; i < LEN; i++)
            want[g * LEN + i] = i < n ? in[g * LEN + i] : -7;
        qsort(&want[g * LEN], (size_t)n, sizeof(int), cmp_int);
    }
    for (int i = 0; i < NWI * LEN; i++)
        out[i] = -7; /* beyond n stays untouched */
    cl_kernel k = kt_kernel(t, "sort96");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), out);
    kt_arg(t, k, 2, sizeof(int), &n);
    size_t global = NWI;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < NWI * LEN; i++)
        KT_EQ(t, out[i], want[i], "sort96", i);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_sieve(struct kt *t, int n)
{
    int primes[2048], count = -1, want[2048], nwant = 0;
    char comp[2048] = {0};
    for (int i = 2; i < n; i++) {
        if (comp[i])
            continue;
        want[nwant++] = i;
        for (int j = i * i; j < n; j += i)
            comp[j] = 1;
    }
    cl_kernel k = kt_kernel(t, "sieve");
    cl_mem dp = kt_buffer_arg(t, k, 0, sizeof(primes), NULL);
    cl_mem dc = kt_buffer_arg(t, k, 1, sizeof(int), NULL);
    kt_arg(t, k, 2, sizeof(int), &n);
    kt_task(t, k);
    kt_read(t, dp, sizeof(primes), primes);
    kt_read(t, dc, sizeof(int), &count);
    KT_EQ(t, count, nwant, "sieve count", (size_t)n);
    for (int i = 0; i < nwant && i < count; i++)
        KT_EQ(t, primes[i], want[i], "sieve primes", i);
    clReleaseMemObject(dp);
    clReleaseMemObject(dc);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;

    if (argc != 2) {
        fprintf(stderr, "usage: %s private_bram.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "private_bram", argv[1]);
    test_histogram(&t);
    test_sort(&t, 96);
    test_sort(&t, 37);
    test_sieve(&t, 2048);
    test_sieve(&t, 100);
    return kt_finish(&t);
}
