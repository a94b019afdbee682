// SPDX-License-Identifier: MIT
/*
 * private_arrays.cl: private arrays indexed at run time against C. sort16 sorts 16 ints (all
 * of them, then only the first 5) in a private array; histogram8 counts into a private int[8]
 * indexed by data; crc32 uses a 16-entry table initialised in the kernel and is compared with
 * a bit-at-a-time CRC-32 (and the standard check value of "123456789", 0xcbf43926).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define NWI 64

static uint64_t rng = 4242;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void test_sort16(struct kt *t)
{
    int in[NWI * 16], out[NWI * 16], want[16];
    for (int i = 0; i < NWI * 16; i++)
        in[i] = (int)(kt_rand(&rng) % 2001) - 1000;
    for (int i = 0; i < 16; i++) {
        in[i] = 100 - i;    /* work-item 0: reversed (the longest sort) */
        in[16 + i] = i;     /* work-item 1: already sorted */
        in[32 + i] = i & 3; /* work-item 2: duplicates */
    }
    cl_kernel k = kt_kernel(t, "sort16");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    for (int n = 16; n >= 5; n -= 11) {
        size_t global = NWI;
        kt_arg(t, k, 2, sizeof(int), &n);
        kt_run(t, k, 1, NULL, &global, NULL);
        kt_read(t, dout, sizeof(out), out);
        for (int g = 0; g < NWI; g++) {
            memcpy(want, in + g * 16, sizeof(want));
            qsort(want, (size_t)n, sizeof(int), cmp_int);
            for (int i = 0; i < 16; i++)
                kt_expect(t, out[g * 16 + i] == want[i],
                          "sort16 n=%d item %d [%d]: got %d, want %d", n, g, i, out[g * 16 + i],
                          want[i]);
        }
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_histogram8(struct kt *t)
{
    enum { N = 32 };
    uint32_t in[NWI * N];
    int out[NWI * 9], n = N;
    for (int i = 0; i < NWI * N; i++)
        in[i] = (uint32_t)kt_rand(&rng);
    for (int j = 0; j < N; j++)
        in[j] = 5 + 8 * (uint32_t)j; /* work-item 0: every value in bin 5 */
    cl_kernel k = kt_kernel(t, "histogram8");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(int), &n);
    size_t global = NWI;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < NWI; g++) {
        int h[8] = {0}, best = 0;
        for (int j = 0; j < N; j++)
            h[in[g * N + j] & 7]++;
        for (int b = 0; b < 8; b++) {
            KT_EQ(t, out[g * 9 + b], h[b], "histogram8 bin", g * 9 + b);
            if (h[b] > h[best])
                best = b;
        }
        KT_EQ(t, out[g * 9 + 8], best, "histogram8 best", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* CRC-32 one bit at a time: independent of the kernel's table. */
static uint32_t ref_crc32(const unsigned char *p, int n)
{
    uint32_t crc = 0xffffffffu;
    for (int i = 0; i < n; i++) {
        crc ^= p[i];
        for (int b = 0; b < 8; b++)
            crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
    return ~crc;
}

static void test_crc32(struct kt *t)
{
    enum { STRIDE = 40 };
    unsigned char msg[NWI * STRIDE];
    int len[NWI], stride = STRIDE;
    uint32_t out[NWI];
    for (int g = 0; g < NWI; g++) {
        len[g] = g < 2 ? 0 : (int)(kt_rand(&rng) % (STRIDE + 1)); /* work-items 0 and 1: empty */
        for (int i = 0; i < STRIDE; i++)
            msg[g * STRIDE + i] = (unsigned char)kt_rand(&rng);
    }
    len[2] = 9;
    memcpy(msg + 2 * STRIDE, "123456789", 9);
    cl_kernel k = kt_kernel(t, "crc32");
    cl_mem dmsg = kt_buffer_arg(t, k, 0, sizeof(msg), msg);
    cl_mem dlen = kt_buffer_arg(t, k, 1, sizeof(len), len);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 3, sizeof(int), &stride);
    size_t global = NWI;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    KT_EQ(t, out[2], 0xcbf43926u, "crc32 of \"123456789\"", 2);
    for (int g = 0; g < NWI; g++)
        KT_EQ(t, out[g], ref_crc32(msg + g * STRIDE, len[g]), "crc32", g);
    clReleaseMemObject(dmsg);
    clReleaseMemObject(dlen);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_small_init(struct kt *t)
{
    int in[NWI], out[NWI];
    for (int g = 0; g < NWI; g++)
        in[g] = g < 16 ? g : (int)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "small_init");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = NWI;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < NWI; g++) {
        int x = in[g];
        unsigned short a[4] = {1, 2, 3, 0xfff7};
        unsigned char b[2] = {5, 250};
        short z[2] = {0};
        a[x & 3] = (unsigned short)(a[x & 3] + 7);
        z[(x >> 2) & 1] = -3;
        KT_EQ(t, out[g], a[x & 3] * 1000 + a[(x + 1) & 3] + b[(x >> 3) & 1] + z[0] * 7 + z[1],
              "small_init", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;

    if (argc != 2) {
        fprintf(stderr, "usage: %s private_arrays.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "private_arrays", argv[1]);
    test_sort16(&t);
    test_histogram8(&t);
    test_crc32(&t);
    test_small_init(&t);
    return kt_finish(&t);
}
