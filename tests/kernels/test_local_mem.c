// SPDX-License-Identifier: MIT
/*
 * local_mem.cl: __local memory and barriers against the same C code on the host. Tree
 * reductions in work-groups of 64, 128 and 256 (a __local array in the kernel, and a __local
 * argument whose size the host sets per launch), a 48 x 32 transpose through a padded 16x16
 * tile, a tiled 24x16 * 16x32 matrix multiply (barriers inside the loop over tiles), a
 * per-group reversal over 64 groups (many more than the work-groups in flight, so copies of
 * __local memory are reused), neighbouring words stored by one work-item (two banks), a global fence between neighbours, and 8x4 work-groups with a
 * 2D __local array. Every launch gives its local size.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kt.h"

static uint64_t rng = 4040;

static void fill(int *a, size_t n, int lo, int hi)
{
    for (size_t i = 0; i < n; i++)
        a[i] = lo + (int)(kt_rand(&rng) % (uint64_t)(hi - lo + 1));
}

/* reduce_fixed (args: in, out) or reduce_arg (in, __local tmp, out): N ints, groups of lsize. */
static void test_reduce(struct kt *t, const char *name, int local_arg, size_t lsize)
{
    enum { N = 1024 };
    int in[N], out[N / 64];
    size_t global = N, groups = N / lsize;
    fill(in, N, -100000, 100000);
    cl_kernel k = kt_kernel(t, name);
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, local_arg ? 2 : 1, sizeof(out), NULL);
    if (local_arg)
        kt_arg(t, k, 1, lsize * sizeof(int), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, sizeof(out), out);
    for (size_t g = 0; g < groups; g++) {
        int sum = 0;
        for (size_t i = 0; i < lsize; i++)
            sum += in[g * lsize + i];
        kt_expect(t, out[g] == sum, "%s lsize %zu group %zu: got %d, want %d", name, lsize, g,
                  out[g], sum);
    }
    kt_release(k, din, dout, NULL);
}

static void test_transpose(struct kt *t)
{
    enum { W = 48, H = 32 }; /* in: H rows of W; 3 x 2 groups of 16x16 */
    int in[H * W], out[W * H], w = W, h = H;
    size_t global[2] = {W, H}, local[2] = {16, 16};
    fill(in, H * W, -(1 << 20), 1 << 20);
    cl_kernel k = kt_kernel(t, "transpose");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(int), &w);
    kt_arg(t, k, 3, sizeof(int), &h);
    kt_run(t, k, 2, NULL, global, local);
    kt_read(t, dout, sizeof(out), out);
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++)
            KT_EQ(t, out[c * H + r], in[r * W + c], "transpose out", c * H + r);
    kt_release(k, din, dout, NULL);
}

static void test_matmul(struct kt *t)
{
    enum { M = 24, K = 16, N = 32 }; /* 4 x 3 groups of 8x8, 2 tiles along K */
    int a[M * K], b[K * N], c[M * N], n = N, kk = K;
    size_t global[2] = {N, M}, local[2] = {8, 8};
    fill(a, M * K, -1000, 1000);
    fill(b, K * N, -1000, 1000);
    cl_kernel k = kt_kernel(t, "matmul");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    cl_mem db = kt_buffer_arg(t, k, 1, sizeof(b), b);
    cl_mem dc = kt_buffer_arg(t, k, 2, sizeof(c), NULL);
    kt_arg(t, k, 3, sizeof(int), &n);
    kt_arg(t, k, 4, sizeof(int), &kk);
    kt_run(t, k, 2, NULL, global, local);
    kt_read(t, dc, sizeof(c), c);
    for (int r = 0; r < M; r++)
        for (int col = 0; col < N; col++) {
            int acc = 0;
            for (int i = 0; i < K; i++)
                acc += a[r * K + i] * b[i * N + col];
            KT_EQ(t, c[r * N + col], acc, "matmul c", r * N + col);
        }
    kt_release(k, da, db, dc);
}

/* ngroups groups of lsize: out[gid] = in[group's mirror of gid] + group. */
static void test_reverse(struct kt *t, size_t lsize, size_t ngroups)
{
    enum { MAX = 2048 };
    int in[MAX], out[MAX];
    size_t global = lsize * ngroups;
    fill(in, global, -(1 << 24), 1 << 24);
    cl_kernel k = kt_kernel(t, "reverse");
    cl_mem din = kt_buffer_arg(t, k, 0, global * sizeof(int), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, global * sizeof(int), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, global * sizeof(int), out);
    for (size_t g = 0; g < ngroups; g++)
        for (size_t l = 0; l < lsize; l++) {
            size_t i = g * lsize + l;
            int want = in[g * lsize + lsize - 1 - l] + (int)g;
            kt_expect(t, out[i] == want, "reverse lsize %zu group %zu [%zu]: got %d, want %d",
                      lsize, g, l, out[i], want);
        }
    kt_release(k, din, dout, NULL);
}

/* break_between: the same loop in C, a group at a time, barrier by barrier. */
static void test_break_between(struct kt *t, int n, size_t ngroups)
{
    enum { L = 64 };
    size_t global = L * ngroups, lsize = L;
    int *out = calloc(2 * global, sizeof(int));
    cl_kernel k = kt_kernel(t, "break_between");
    cl_mem dout = kt_buffer_arg(t, k, 0, 2 * global * sizeof(int), NULL);
    kt_arg(t, k, 1, sizeof(n), &n);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, 2 * global * sizeof(int), out);
    for (size_t g = 0; g < ngroups; g++) {
        int a[L], tt[L];
        for (int x = 0; x < L; x++) {
            a[x] = x + (int)g;
            tt[x] = -1;
        }
        for (int i = 0; i < n; i++) {
            for (int x = 0; x < L; x++)
                if (x >= i + 1)
                    tt[x] = a[x + 16 < 63 ? x + 16 : 63];
            if (i == n - 1)
                break;
            for (int x = 0; x < L; x++)
                a[x] = tt[x] + 100;
        }
        for (int x = 0; x < L; x++) {
            size_t i = g * L + (size_t)x;
            kt_expect(t, out[i] == tt[x] && out[global + i] == a[x],
                      "break_between n %d group %zu [%d]: got %d %d, want %d %d", n, g, x, out[i],
                      out[global + i], tt[x], a[x]);
        }
    }
    kt_release(k, dout, NULL, NULL);
    free(out);
}

/* pair_mirror: work-item l of a group gets the pair of work-item lsize-1-l, swapped. */
static void test_pair_mirror(struct kt *t, size_t lsize, size_t ngroups)
{
    enum { MAX = 2048 };
    int in[2 * MAX], out[2 * MAX];
    size_t global = lsize * ngroups;
    fill(in, 2 * global, -(1 << 24), 1 << 24);
    cl_kernel k = kt_kernel(t, "pair_mirror");
    cl_mem din = kt_buffer_arg(t, k, 0, 2 * global * sizeof(int), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, 2 * global * sizeof(int), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, 2 * global * sizeof(int), out);
    size_t bad = 0;
    for (size_t g = 0; g < ngroups; g++)
        for (size_t l = 0; l < lsize; l++) {
            size_t i = g * lsize + l, m = g * lsize + lsize - 1 - l;
            bad += out[2 * i] != in[2 * m + 1] || out[2 * i + 1] != in[2 * m];
        }
    kt_expect(t, bad == 0, "pair_mirror lsize %zu: %zu of %zu pairs wrong", lsize, bad, global);
    kt_release(k, din, dout, NULL);
}

/* out[gid] = in[gid] * 3 + lid, then out2[gid] = out[the next work-item of the group]. */
static void test_global_fence(struct kt *t, size_t lsize)
{
    enum { N = 512, SENTINEL = 0x5a5a5a5a };
    int in[N], out[N], out2[N];
    size_t global = N;
    fill(in, N, -(1 << 20), 1 << 20);
    for (int i = 0; i < N; i++) /* a read before the neighbour's store sees this */
        out[i] = SENTINEL;
    cl_kernel k = kt_kernel(t, "global_fence");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), out);
    cl_mem dout2 = kt_buffer_arg(t, k, 2, sizeof(out2), NULL);
    kt_run(t, k, 1, NULL, &global, &lsize);
    kt_read(t, dout, sizeof(out), out);
    kt_read(t, dout2, sizeof(out2), out2);
    for (size_t i = 0; i < N; i++) {
        size_t lid = i % lsize, next = i - lid + (lid + 1) % lsize;
        KT_EQ(t, out[i], in[i] * 3 + (int)lid, "global_fence out", i);
        kt_expect(t, out2[i] == in[next] * 3 + (int)((lid + 1) % lsize),
                  "global_fence lsize %zu out2[%zu]: got %d, want %d", lsize, i, out2[i],
                  in[next] * 3 + (int)((lid + 1) % lsize));
    }
    kt_release(k, din, dout, dout2);
}

static void test_tile2d(struct kt *t)
{
    enum { W = 32, H = 16 }; /* 4 x 4 groups of 8x4 */
    int in[H * W], out[H * W];
    size_t global[2] = {W, H}, local[2] = {8, 4};
    fill(in, H * W, -100, 100);
    cl_kernel k = kt_kernel(t, "tile2d");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 2, NULL, global, local);
    kt_read(t, dout, sizeof(out), out);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int y0 = y / 4 * 4, x0 = x / 8 * 8, ly = y % 4, lx = x % 8, rows[4];
            for (int r = 0; r < 4; r++) {
                rows[r] = 0;
                for (int i = 0; i < 8; i++)
                    rows[r] += in[(y0 + r) * W + x0 + i] * (i + 1);
            }
            int want =
                in[(y0 + 3 - ly) * W + x0 + 7 - lx] * 1000 + rows[ly] * 7 - rows[(ly + 1) % 4];
            KT_EQ(t, out[y * W + x], want, "tile2d out", y * W + x);
        }
    kt_release(k, din, dout, NULL);
}

/* CL_KERNEL_LOCAL_MEM_SIZE counts the kernel's own __local variables and the __local
   arguments as set; a __local argument larger than the hardware holds cannot run. */
static void test_local_mem_queries(struct kt *t)
{
    cl_ulong bytes = 0;
    cl_kernel k = kt_kernel(t, "reduce_fixed");
    cl_int err = clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(bytes),
                                          &bytes, NULL);
    KT_EQ(t, err, CL_SUCCESS, "reduce_fixed CL_KERNEL_LOCAL_MEM_SIZE status", 0);
    KT_EQ(t, bytes, 256 * sizeof(int), "reduce_fixed CL_KERNEL_LOCAL_MEM_SIZE", 0);
    clReleaseKernel(k);

    k = kt_kernel(t, "reduce_arg");
    kt_arg(t, k, 1, 64 * sizeof(int), NULL);
    err = clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(bytes), &bytes,
                                   NULL);
    KT_EQ(t, bytes, 64 * sizeof(int), "reduce_arg CL_KERNEL_LOCAL_MEM_SIZE", 0);
    cl_mem din = kt_buffer_arg(t, k, 0, 64 * sizeof(int), NULL);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(int), NULL);
    kt_arg(t, k, 1, 1 << 20, NULL); /* 1 MiB of __local memory */
    size_t global = 64, local = 64;
    err = clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, NULL);
    KT_EQ(t, err, CL_OUT_OF_RESOURCES, "reduce_arg with a 1 MiB __local argument", 0);
    kt_release(k, din, dout, NULL);
}

/* A __local argument of CL_DEVICE_LOCAL_MEM_SIZE bytes runs (the hardware holds what the
   device reports); one byte more in all is CL_OUT_OF_RESOURCES. */
static void test_local_span(struct kt *t)
{
    cl_ulong bytes = 0;
    clGetDeviceInfo(t->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(bytes), &bytes, NULL);
    cl_uint n = (cl_uint)(bytes / sizeof(cl_uint));
    cl_uint *in = malloc(bytes), *out = malloc(bytes);
    if (!in || !out || !n) {
        kt_expect(t, 0, "local_span: no memory for %llu bytes", (unsigned long long)bytes);
        free(in);
        free(out);
        return;
    }
    for (cl_uint i = 0; i < n; i++)
        in[i] = i * 2654435761u;
    cl_kernel k = kt_kernel(t, "local_span");
    cl_mem din = kt_buffer_arg(t, k, 0, bytes, in);
    cl_mem dout = kt_buffer_arg(t, k, 1, bytes, NULL);
    kt_arg(t, k, 3, sizeof(n), &n);
    size_t global = 256, local = 256;
    kt_arg(t, k, 2, bytes + 4, NULL);
    cl_int err = clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, NULL);
    KT_EQ(t, err, CL_OUT_OF_RESOURCES, "local_span with CL_DEVICE_LOCAL_MEM_SIZE + 4 bytes", 0);
    kt_arg(t, k, 2, bytes, NULL);
    kt_run(t, k, 1, NULL, &global, &local);
    kt_read(t, dout, bytes, out);
    for (cl_uint i = 0; i < n; i++)
        KT_EQ(t, out[i], in[n - 1 - i] * 3u + 1u, "local_span", i);
    kt_release(k, din, dout, NULL);
    free(in);
    free(out);
}

int main(int argc, char **argv)
{
    struct kt t;

    if (argc != 2) {
        fprintf(stderr, "usage: %s local_mem.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "local_mem", argv[1]);
    for (size_t lsize = 64; lsize <= 256; lsize *= 2) {
        test_reduce(&t, "reduce_fixed", 0, lsize);
        test_reduce(&t, "reduce_arg", 1, lsize);
    }
    test_local_mem_queries(&t);
    test_transpose(&t);
    test_matmul(&t);
    test_reverse(&t, 32, 64);
    test_reverse(&t, 256, 8);
    test_pair_mirror(&t, 64, 9);
    test_pair_mirror(&t, 256, 5);
    test_global_fence(&t, 64);
    test_global_fence(&t, 256);
    test_tile2d(&t);
    test_local_span(&t);
    for (int n = 1; n <= 4; n++)
        test_break_between(&t, n, 3);
    return kt_finish(&t);
}
