// SPDX-License-Identifier: MIT
/*
 * memory.cl: every access width, consecutive / random / strided patterns (coalescing hits
 * and misses), __constant, by-value arguments of every integer type, struct layout, the
 * ordering of a store and a later load of the same address in one work-item, and struct
 * assignment and initialisation (block copy and fill).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

#define N 333

static void test_widths(struct kt *t)
{
    static uint8_t a8[N], o8[N];
    static uint16_t a16[N], o16[N];
    static uint32_t a32[N], o32[N];
    static uint64_t a64[N], o64[N];
    uint64_t rng = 42;
    for (int i = 0; i < N; i++) {
        a8[i] = (uint8_t)kt_rand(&rng);
        a16[i] = (uint16_t)kt_rand(&rng);
        a32[i] = (uint32_t)kt_rand(&rng);
        a64[i] = kt_rand(&rng);
    }
    cl_kernel k = kt_kernel(t, "widths");
    cl_mem m[8] = {kt_buffer(t, sizeof(a8), a8),   kt_buffer(t, sizeof(a16), a16),
                   kt_buffer(t, sizeof(a32), a32), kt_buffer(t, sizeof(a64), a64),
                   kt_buffer(t, sizeof(o8), NULL), kt_buffer(t, sizeof(o16), NULL),
                   kt_buffer(t, sizeof(o32), NULL), kt_buffer(t, sizeof(o64), NULL)};
    for (cl_uint i = 0; i < 8; i++)
        kt_arg(t, k, i, sizeof(cl_mem), &m[i]);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[4], sizeof(o8), o8);
    kt_read(t, m[5], sizeof(o16), o16);
    kt_read(t, m[6], sizeof(o32), o32);
    kt_read(t, m[7], sizeof(o64), o64);
    for (int i = 0; i < N; i++) {
        KT_EQ(t, o8[i], (uint8_t)(a8[i] + 1), "widths o8", i);
        KT_EQ(t, o16[i], (uint16_t)(a16[i] ^ 0x8001), "widths o16", i);
        KT_EQ(t, o32[i], a32[i] * 3u, "widths o32", i);
        KT_EQ(t, o64[i], a64[i] + ((uint64_t)a32[i] << 32), "widths o64", i);
    }
    for (int i = 0; i < 8; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
}

static void test_gather_strided(struct kt *t)
{
    static int32_t src[4096], dst[N];
    static uint32_t idx[N];
    static int16_t ssrc[N * 7 + 2];
    uint64_t rng = 7;
    for (int i = 0; i < 4096; i++)
        src[i] = (int32_t)kt_rand(&rng);
    for (int i = 0; i < N; i++)
        idx[i] = (uint32_t)(kt_rand(&rng) % 4096);
    for (int i = 0; i < N * 7 + 2; i++)
        ssrc[i] = (int16_t)kt_rand(&rng);

    cl_kernel k = kt_kernel(t, "gather");
    cl_mem ms = kt_buffer_arg(t, k, 0, sizeof(src), src);
    cl_mem mi = kt_buffer_arg(t, k, 1, sizeof(idx), idx);
    cl_mem md = kt_buffer(t, sizeof(dst), NULL);
    kt_arg(t, k, 2, sizeof(cl_mem), &md);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, md, sizeof(dst), dst);
    for (int i = 0; i < N; i++)
        KT_EQ(t, dst[i], src[idx[i]], "gather", i);
    clReleaseKernel(k);

    k = kt_kernel(t, "strided");
    cl_mem mss = kt_buffer(t, sizeof(ssrc), ssrc);
    for (int stride = 1; stride <= 7; stride += 6) {
        kt_arg(t, k, 0, sizeof(cl_mem), &mss);
        kt_arg(t, k, 1, sizeof(cl_mem), &md);
        kt_arg(t, k, 2, sizeof(int), &stride);
        kt_run(t, k, 1, NULL, &global, NULL);
        kt_read(t, md, sizeof(dst), dst);
        for (int i = 0; i < N; i++)
            KT_EQ(t, dst[i], ssrc[i * stride + 1] - ssrc[i * stride], "strided", i);
    }
    clReleaseMemObject(ms);
    clReleaseMemObject(mi);
    clReleaseMemObject(md);
    clReleaseMemObject(mss);
    clReleaseKernel(k);
}

static void test_lookup(struct kt *t)
{
    int32_t table[16], in[N], out[N];
    for (int i = 0; i < 16; i++)
        table[i] = i * i * 1000 - 7;
    for (int i = 0; i < N; i++)
        in[i] = i * 37 - 100;
    cl_kernel k = kt_kernel(t, "lookup");
    cl_mem mt = kt_buffer_arg(t, k, 0, sizeof(table), table);
    cl_mem mi = kt_buffer_arg(t, k, 1, sizeof(in), in);
    cl_mem mo = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, mo, sizeof(out), out);
    for (int i = 0; i < N; i++)
        KT_EQ(t, out[i], table[in[i] & 15] + table[0], "lookup", i);
    clReleaseMemObject(mt);
    clReleaseMemObject(mi);
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

static void test_scalars(struct kt *t)
{
    cl_char c = -100;
    cl_uchar uc = 200;
    cl_short s = -30000;
    cl_ushort us = 60000;
    cl_int x = -2000000000;
    cl_uint ux = 4000000000u;
    cl_long l = -0x123456789abcdefll;
    cl_ulong ul = 0xfedcba9876543210ull;
    int64_t out[50 * 8];
    cl_kernel k = kt_kernel(t, "scalars");
    cl_mem mo = kt_buffer_arg(t, k, 8, sizeof(out), NULL);
    kt_arg(t, k, 0, sizeof(c), &c);
    kt_arg(t, k, 1, sizeof(uc), &uc);
    kt_arg(t, k, 2, sizeof(s), &s);
    kt_arg(t, k, 3, sizeof(us), &us);
    kt_arg(t, k, 4, sizeof(x), &x);
    kt_arg(t, k, 5, sizeof(ux), &ux);
    kt_arg(t, k, 6, sizeof(l), &l);
    kt_arg(t, k, 7, sizeof(ul), &ul);
    size_t global = 50;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, mo, sizeof(out), out);
    for (int64_t i = 0; i < 50; i++) {
        const int64_t *o = out + i * 8;
        KT_EQ(t, o[0], c + i, "char arg", i);
        KT_EQ(t, o[1], uc + i, "uchar arg", i);
        KT_EQ(t, o[2], s + i, "short arg", i);
        KT_EQ(t, o[3], us + i, "ushort arg", i);
        KT_EQ(t, o[4], x + i, "int arg", i);
        KT_EQ(t, o[5], ux + i, "uint arg", i);
        KT_EQ(t, o[6], l + i, "long arg", i);
        KT_EQ(t, o[7], ul + (uint64_t)i, "ulong arg", i);
    }
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

struct record {
    int32_t a;
    int8_t b;
    int64_t c;
};

static void test_records_and_order(struct kt *t)
{
    struct record r[N];
    int64_t out[N];
    int32_t a[N], b[N];
    for (int i = 0; i < N; i++)
        r[i] = (struct record){i * 1000, (int8_t)(i - 100), (int64_t)i << 40};
    cl_kernel k = kt_kernel(t, "records");
    cl_mem mr = kt_buffer_arg(t, k, 0, sizeof(r), r);
    cl_mem mo = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, mo, sizeof(out), out);
    for (int i = 0; i < N; i++)
        KT_EQ(t, out[i], r[i].a + r[i].b + r[i].c, "records", i);
    clReleaseKernel(k);

    k = kt_kernel(t, "store_then_load");
    cl_mem ma = kt_buffer(t, sizeof(a), NULL);
    kt_arg(t, k, 0, sizeof(cl_mem), &ma);
    kt_arg(t, k, 1, sizeof(cl_mem), &ma); /* the same buffer: the load must see the store */
    cl_mem mb = kt_buffer_arg(t, k, 2, sizeof(b), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, ma, sizeof(a), a);
    kt_read(t, mb, sizeof(b), b);
    for (int i = 0; i < N; i++) {
        KT_EQ(t, a[i], i * 5 + 1, "store_then_load a", i);
        KT_EQ(t, b[i], (i * 5 + 1) * 2, "store_then_load b", i);
    }
    clReleaseMemObject(mr);
    clReleaseMemObject(mo);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseKernel(k);
}

static void test_struct_copy(struct kt *t)
{
    struct record in[N], out[N];
    static uint8_t cleared[N * sizeof(struct record)];
    for (int i = 0; i < N; i++)
        in[i] = (struct record){i * 7 - 1000, (int8_t)i, ((int64_t)i << 33) - 5};
    memset(cleared, 0xff, sizeof(cleared));
    cl_kernel k = kt_kernel(t, "struct_copy");
    cl_mem mi = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem mo = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    cl_mem mc = kt_buffer_arg(t, k, 2, sizeof(cleared), cleared);
    size_t global = N;
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, mo, sizeof(out), out);
    kt_read(t, mc, sizeof(cleared), cleared);
    for (int i = 0; i < N; i++) {
        KT_EQ(t, out[i].a, in[i].a, "struct_copy .a", i);
        KT_EQ(t, out[i].b, in[i].b, "struct_copy .b", i);
        KT_EQ(t, out[i].c, in[i].c, "struct_copy .c", i);
    }
    for (size_t i = 0; i < sizeof(cleared); i++)
        KT_EQ(t, cleared[i], 0, "struct_copy cleared byte", i);
    clReleaseMemObject(mi);
    clReleaseMemObject(mo);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s memory.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "memory", argv[1]);
    test_widths(&t);
    test_gather_strided(&t);
    test_lookup(&t);
    test_scalars(&t);
    test_records_and_order(&t);
    test_struct_copy(&t);
    return kt_finish(&t);
}
