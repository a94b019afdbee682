// SPDX-License-Identifier: MIT
/*
 * local_puns.cl: __local words written and read through narrower views (byte counters in
 * words, ushort halves of a __local argument's words, a struct array of mixed fields), and a
 * private struct array indexed at run time, each against C on the host (little-endian, as
 * the device is).
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

static uint64_t rng = 7171;

/* Byte counters in __local words: each word holds 4 counters, little-endian. */
static void test_pun_bytes(struct kt *t)
{
    enum { N = 64 };
    cl_uchar in[N * 16];
    uint32_t out[N * 4];
    for (int i = 0; i < N * 16; i++)
        in[i] = (cl_uchar)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "pun_bytes");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N, local = 32;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        uint8_t count[16] = {0};
        for (int j = 0; j < 16; j++)
            count[in[g * 16 + j] & 15]++;
        for (int w = 0; w < 4; w++) {
            uint32_t want = count[4 * w] | (uint32_t)count[4 * w + 1] << 8 |
                            (uint32_t)count[4 * w + 2] << 16 | (uint32_t)count[4 * w + 3] << 24;
            KT_EQ(t, out[g * 4 + w], want, "pun_bytes", g * 4 + w);
        }
    }
    kt_release(k, din, dout, NULL);
}

/* Words written, their halves read in reverse order across the group. */
static void test_pun_halves(struct kt *t, size_t lsize)
{
    enum { N = 256 };
    uint32_t in[N];
    uint16_t out[N];
    for (int i = 0; i < N; i++)
        in[i] = (uint32_t)kt_rand(&rng);
    cl_kernel k = kt_kernel(t, "pun_halves");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, lsize * 4, NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, sizeof(out), out);
    for (size_t g = 0; g < N; g++) {
        size_t base = g - g % lsize, h = 2 * lsize - 1 - g % lsize; /* half h of the group */
        uint32_t word = in[base + h / 2];
        KT_EQ(t, out[g], (uint16_t)(h & 1 ? word >> 16 : word), "pun_halves", g);
    }
    kt_release(k, din, dout, NULL);
}

struct rec {
    uint32_t key;
    uint16_t a;
    uint8_t b, c;
};

/* Structs through a __local array, mirrored in each group of 16. */
static void test_pun_structs(struct kt *t)
{
    enum { N = 64 };
    struct rec in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (struct rec){(uint32_t)kt_rand(&rng), (uint16_t)kt_rand(&rng),
                             (uint8_t)kt_rand(&rng), (uint8_t)kt_rand(&rng)};
    cl_kernel k = kt_kernel(t, "pun_structs");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N, local = 16;
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        struct rec r = in[g - g % 16 + 15 - g % 16];
        r.a = (uint16_t)(r.a + r.b);
        r.c ^= (uint8_t)r.key;
        kt_expect(t, !memcmp(&out[g], &r, sizeof(r)),
                  "pun_structs[%d]: got {%u, %u, %u, %u}, want {%u, %u, %u, %u}", g, out[g].key,
                  out[g].a, out[g].b, out[g].c, r.key, r.a, r.b, r.c);
    }
    kt_release(k, din, dout, NULL);
}

/* A private array of structs indexed at run time: whole copies and a field of another. */
static void test_pun_private(struct kt *t)
{
    enum { N = 64 };
    struct rec in[128], out[N];
    int n = 23;
    for (int i = 0; i < 128; i++)
        in[i] = (struct rec){(uint32_t)kt_rand(&rng), (uint16_t)kt_rand(&rng),
                             (uint8_t)kt_rand(&rng), (uint8_t)kt_rand(&rng)};
    cl_kernel k = kt_kernel(t, "pun_private");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(n), &n);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int g = 0; g < N; g++) {
        int j = (n + g) & 63;
        struct rec r = in[(g + j) & 127];
        r.c ^= in[(g + ((j * 7) & 63)) & 127].b;
        kt_expect(t, !memcmp(&out[g], &r, sizeof(r)),
                  "pun_private[%d]: got {%u, %u, %u, %u}, want {%u, %u, %u, %u}", g, out[g].key,
                  out[g].a, out[g].b, out[g].c, r.key, r.a, r.b, r.c);
    }
    kt_release(k, din, dout, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "local_puns", argc > 1 ? argv[1] : "local_puns.cl");
    test_pun_bytes(&t);
    test_pun_halves(&t, 32);
    test_pun_halves(&t, 128);
    test_pun_structs(&t);
    test_pun_private(&t);
    return kt_finish(&t);
}
