// SPDX-License-Identifier: MIT
/*
 * loops.cl: loops in NDRange kernels against the same C code on the host. Trip counts come
 * from arguments and from memory and differ per work-item (zero included); break, continue,
 * early return, while, do, a loop in an if, two loops in a row, a helper called in a loop, a
 * 2D convolution with a run-time mask size, a switch state machine, and an in-place running
 * sum whose iterations depend on each other through memory.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

#define ROWS 64 /* work-items of the row-wise kernels */
#define ROWLEN 32
#define LEN 256 /* nested_counts' input, indexed modulo LEN */

static uint64_t rng = 2024;

static int rand_in(int lo, int hi)
{
    return lo + (int)(kt_rand(&rng) % (uint64_t)(hi - lo + 1));
}

static void fill(int *a, size_t n, int lo, int hi)
{
    for (size_t i = 0; i < n; i++)
        a[i] = rand_in(lo, hi);
}

/* Runs k over n work-items and reads back bytes of out. */
static void run1(struct kt *t, cl_kernel k, size_t n, cl_mem out, size_t bytes, void *dst)
{
    kt_run(t, k, 1, NULL, &n, NULL);
    kt_read(t, out, bytes, dst);
}

static void test_nested_counts(struct kt *t)
{
    int in[LEN], counts[ROWS], out[ROWS], mask = LEN - 1;
    fill(in, LEN, -1000, 1000);
    for (int g = 0; g < ROWS; g++)
        counts[g] = g % 11; /* 0..10: work-items 0, 11, 22, ... never enter the inner loop */
    cl_kernel k = kt_kernel(t, "nested_counts");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dc = kt_buffer_arg(t, k, 1, sizeof(counts), counts);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 4, sizeof(int), &mask);
    for (int m = 0; m <= 4; m += 4) { /* m = 0: the outer loop never runs */
        kt_arg(t, k, 3, sizeof(int), &m);
        run1(t, k, ROWS, dout, sizeof(out), out);
        for (int g = 0; g < ROWS; g++) {
            int acc = 0;
            for (int i = 0; i < m; i++)
                for (int j = 0; j < counts[g]; j++)
                    acc += in[(g + i * 3 + j) & mask] * (i + 1) - j;
            kt_expect(t, out[g] == acc, "nested_counts m=%d [%d]: got %d, want %d", m, g, out[g],
                      acc);
        }
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dc);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_find_first(struct kt *t)
{
    int in[ROWS * ROWLEN], out[ROWS], n = ROWLEN, threshold = 900;
    fill(in, ROWS * ROWLEN, 0, 999);
    for (int j = 0; j < n; j++) /* rows 0..3: nothing above the threshold; row 4: at once */
        for (int g = 0; g < 4; g++)
            in[g * n + j] = threshold - j;
    in[4 * n] = threshold + 1;
    in[5 * n + n - 1] = 999;
    cl_kernel k = kt_kernel(t, "find_first");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(int), &n);
    kt_arg(t, k, 3, sizeof(int), &threshold);
    run1(t, k, ROWS, dout, sizeof(out), out);
    for (int g = 0; g < ROWS; g++) {
        int j;
        for (j = 0; j < n; j++)
            if (in[g * n + j] > threshold)
                break;
        KT_EQ(t, out[g], j, "find_first", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_skip_sum(struct kt *t)
{
    int in[ROWS * ROWLEN], out[2 * ROWS], n = ROWLEN;
    fill(in, ROWS * ROWLEN, -500, 500);
    cl_kernel k = kt_kernel(t, "skip_sum");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(int), &n);
    run1(t, k, ROWS, dout, sizeof(out), out);
    for (int g = 0; g < ROWS; g++) {
        int acc = 0, cnt = 0;
        for (int j = 0; j < n; j++) {
            int v = in[g * n + j];
            if (v < 0 || v % 3 == 0)
                continue;
            acc += v;
            cnt++;
        }
        KT_EQ(t, out[2 * g], acc, "skip_sum sum", g);
        KT_EQ(t, out[2 * g + 1], cnt, "skip_sum count", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_varying_trip(struct kt *t)
{
    enum { NWI = 100 }; /* work-item g runs g iterations: 4,950 in all */
    uint32_t out[NWI], seed = 0x1234567u;
    cl_kernel k = kt_kernel(t, "varying_trip");
    cl_mem dout = kt_buffer_arg(t, k, 0, sizeof(out), NULL);
    kt_arg(t, k, 1, sizeof(uint32_t), &seed);
    run1(t, k, NWI, dout, sizeof(out), out);
    for (uint32_t g = 0; g < NWI; g++) {
        uint32_t x = seed ^ g;
        for (uint32_t j = 0; j < g; j++)
            x = x * 5u + (j ^ g);
        KT_EQ(t, out[g], x, "varying_trip", g);
    }
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_early_exit(struct kt *t)
{
    enum { SENTINEL = 0x5a5a5a5a };
    int in[ROWS * ROWLEN], trace[ROWS * ROWLEN], out[ROWS], n = ROWLEN, key = 7;
    fill(in, ROWS * ROWLEN, 0, 99);
    in[0] = key;                /* row 0: found at once, no trace */
    in[2 * n - 1] = key;        /* row 1: found last (and maybe earlier too) */
    for (int j = 0; j < n; j++) /* row 2: never found */
        in[2 * n + j] = j == 7 ? 8 : j;
    for (int i = 0; i < ROWS * ROWLEN; i++)
        trace[i] = SENTINEL;
    cl_kernel k = kt_kernel(t, "early_exit");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dtrace = kt_buffer_arg(t, k, 1, sizeof(trace), trace);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 3, sizeof(int), &n);
    kt_arg(t, k, 4, sizeof(int), &key);
    run1(t, k, ROWS, dout, sizeof(out), out);
    kt_read(t, dtrace, sizeof(trace), trace);
    for (int g = 0; g < ROWS; g++) {
        int acc = 0, want = 0, j;
        for (j = 0; j < n && in[g * n + j] != key; j++) {
            acc += in[g * n + j];
            KT_EQ(t, trace[g * n + j], acc, "early_exit trace", g * n + j);
        }
        want = j < n ? j : -1 - (acc & 0xffff);
        for (; j < n; j++) /* after the return: untouched */
            KT_EQ(t, trace[g * n + j], SENTINEL, "early_exit trace after return", g * n + j);
        KT_EQ(t, out[g], want, "early_exit", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dtrace);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_collatz(struct kt *t)
{
    uint32_t in[ROWS], out[ROWS], limit = 100;
    for (uint32_t g = 0; g < ROWS; g++)
        in[g] = g; /* 0 never reaches 1 (stops at the limit); 27 needs 111 steps */
    cl_kernel k = kt_kernel(t, "collatz");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(uint32_t), &limit);
    run1(t, k, ROWS, dout, sizeof(out), out);
    for (uint32_t g = 0; g < ROWS; g++) {
        uint32_t x = in[g], steps = 0;
        while (x != 1 && steps < limit) {
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            steps++;
        }
        KT_EQ(t, out[g], steps << 16 | (x & 0xffff), "collatz", g);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_digits(struct kt *t)
{
    static const uint32_t special[] = {0, 1, 2, 9, 10, 11, 99, 100, 255, 256, 65535, 0xffffffffu};
    uint32_t in[ROWS], out[ROWS];
    for (size_t g = 0; g < ROWS; g++)
        in[g] = g < sizeof(special) / sizeof(special[0]) ? special[g]
                                                         : (uint32_t)kt_rand(&rng) >> (g % 32);
    cl_kernel k = kt_kernel(t, "digits");
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    for (uint32_t base = 3; base <= 10; base += 7) {
        kt_arg(t, k, 2, sizeof(uint32_t), &base);
        run1(t, k, ROWS, dout, sizeof(out), out);
        for (size_t g = 0; g < ROWS; g++) {
            uint32_t x = in[g], n = 0, s = 0;
            do {
                s += x % base;
                x /= base;
                n++;
            } while (x != 0);
            kt_expect(t, out[g] == (n << 16 | s), "digits(%u, base %u): got 0x%x, want 0x%x", in[g],
                      base, out[g], n << 16 | s);
        }
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* loop_in_if, two_loops and call_in_loop: rows of n ints in, outputs per row. */
static int mix(int acc, int v, int j)
{
    if (v > acc)
        return (acc * 3 + v - j) & 0xffff;
    return (acc ^ v) + j;
}

static void ref_rows(const char *name, const int *row, int g, int n, int *want)
{
    if (!strcmp(name, "loop_in_if")) {
        want[0] = row[0];
        if (g & 1) {
            want[0] = 0;
            for (int j = 0; j < n; j++)
                want[0] += row[j] * (j + 1);
        }
    } else if (!strcmp(name, "two_loops")) {
        int mx = row[0], cnt = 0;
        for (int j = 1; j < n; j++)
            mx = row[j] > mx ? row[j] : mx;
        for (int j = 0; j < n; j++)
            cnt += 2 * row[j] >= mx;
        want[0] = mx;
        want[1] = cnt;
    } else {
        int acc = g;
        for (int j = 0; j < n; j++)
            acc = mix(acc, row[j], j);
        want[0] = acc;
    }
}

static void test_rows(struct kt *t, const char *name, int n, int nout)
{
    int in[ROWS * ROWLEN], out[2 * ROWS], want[2];
    fill(in, ROWS * ROWLEN, -300, 300);
    cl_kernel k = kt_kernel(t, name);
    cl_mem din = kt_buffer_arg(t, k, 0, sizeof(in), in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 2, sizeof(int), &n);
    run1(t, k, ROWS, dout, sizeof(out), out);
    for (int g = 0; g < ROWS; g++) {
        ref_rows(name, in + g * n, g, n, want);
        for (int o = 0; o < nout; o++)
            kt_expect(t, out[g * nout + o] == want[o], "%s n=%d row %d out %d: got %d, want %d",
                      name, n, g, o, out[g * nout + o], want[o]);
    }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

#define CW 24 /* conv2d image */
#define CH 16
#define KMAX 5

static int ref_conv(const int *img, const int *mask, int x, int y, int k, int skip)
{
    int r = k / 2, acc = 0;
    for (int ky = 0; ky < k; ky++)
        for (int kx = 0; kx < k; kx++) {
            int sy = y + ky - r, sx = x + kx - r;
            if (sy < 0 || sy >= CH || sx < 0 || sx >= CW) {
                if (skip)
                    continue;
                sy = sy < 0 ? 0 : sy >= CH ? CH - 1 : sy;
                sx = sx < 0 ? 0 : sx >= CW ? CW - 1 : sx;
            }
            acc += img[sy * CW + sx] * mask[ky * k + kx];
        }
    return acc;
}

static void test_conv2d(struct kt *t)
{
    int img[CW * CH], mask[KMAX * KMAX], out[CW * CH], w = CW, h = CH;
    static const int ks[][2] = {{3, 0}, {5, 1}, {1, 0}}; /* k, skip */
    fill(img, CW * CH, 0, 255);
    fill(mask, KMAX * KMAX, -4, 4);
    cl_kernel k = kt_kernel(t, "conv2d");
    cl_mem dimg = kt_buffer_arg(t, k, 0, sizeof(img), img);
    cl_mem dmask = kt_buffer_arg(t, k, 1, sizeof(mask), mask);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 3, sizeof(int), &w);
    kt_arg(t, k, 4, sizeof(int), &h);
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        size_t global[2] = {CW, CH};
        kt_arg(t, k, 5, sizeof(int), &ks[i][0]);
        kt_arg(t, k, 6, sizeof(int), &ks[i][1]);
        kt_run(t, k, 2, NULL, global, NULL);
        kt_read(t, dout, sizeof(out), out);
        for (int y = 0; y < CH; y++)
            for (int x = 0; x < CW; x++) {
                int want = ref_conv(img, mask, x, y, ks[i][0], ks[i][1]);
                kt_expect(t, out[y * CW + x] == want,
                          "conv2d k=%d skip=%d (%d,%d): got %d, want %d", ks[i][0], ks[i][1], x, y,
                          out[y * CW + x], want);
            }
    }
    clReleaseMemObject(dimg);
    clReleaseMemObject(dmask);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

#define NSTR 48
#define STRIDE 32
enum { S_SPACE, S_NUMBER, S_WORD };

static void ref_tokenize(const unsigned char *s, int n, int *o)
{
    int state = S_SPACE, words = 0, numbers = 0;
    uint32_t value = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        int c = s[i], digit = c >= '0' && c <= '9';
        if (state == S_SPACE) {
            if (digit) {
                value = (uint32_t)(c - '0');
                state = S_NUMBER;
            } else if (c != ' ') {
                words++;
                state = S_WORD;
            }
        } else if (state == S_NUMBER) {
            if (digit) {
                value = value * 10 + (uint32_t)(c - '0');
            } else {
                sum += value;
                numbers++;
                words += c != ' ';
                state = c == ' ' ? S_SPACE : S_WORD;
            }
        } else if (c == ' ') {
            state = S_SPACE;
        }
    }
    if (state == S_NUMBER) {
        sum += value;
        numbers++;
    }
    o[0] = words;
    o[1] = numbers;
    o[2] = (int)sum;
}

static void test_tokenize(struct kt *t)
{
    static const char *fixed[] = {
        "", " ", "123456789", "12 ab3 45x 6", "  a  b  c  ", "x1 2y 33 ", "0 00 007", "word"};
    static const char alphabet[] = "ab  0123456789 x.";
    unsigned char text[NSTR * STRIDE];
    int len[NSTR], out[3 * NSTR], stride = STRIDE, want[3];
    for (int g = 0; g < NSTR; g++) {
        if (g < (int)(sizeof(fixed) / sizeof(fixed[0]))) {
            len[g] = (int)strlen(fixed[g]);
            memcpy(text + g * STRIDE, fixed[g], (size_t)len[g]);
        } else {
            len[g] = rand_in(0, STRIDE);
            for (int i = 0; i < len[g]; i++)
                text[g * STRIDE + i] = (unsigned char)alphabet[rand_in(0, sizeof(alphabet) - 2)];
        }
        for (int i = len[g]; i < STRIDE; i++)
            text[g * STRIDE + i] = '7'; /* past the end: a digit that must not be read */
    }
    cl_kernel k = kt_kernel(t, "tokenize");
    cl_mem dtext = kt_buffer_arg(t, k, 0, sizeof(text), text);
    cl_mem dlen = kt_buffer_arg(t, k, 1, sizeof(len), len);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_arg(t, k, 3, sizeof(int), &stride);
    run1(t, k, NSTR, dout, sizeof(out), out);
    for (int g = 0; g < NSTR; g++) {
        ref_tokenize(text + g * STRIDE, len[g], want);
        for (int o = 0; o < 3; o++)
            kt_expect(t, out[3 * g + o] == want[o], "tokenize(\"%.*s\") out %d: got %d, want %d",
                      len[g], (const char *)text + g * STRIDE, o, out[3 * g + o], want[o]);
    }
    clReleaseMemObject(dtext);
    clReleaseMemObject(dlen);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_prefix_rows(struct kt *t)
{
    enum { NWI = 24, N = 13 };
    int a[NWI * N], want[NWI * N];
    fill(a, NWI * N, -1000, 1000);
    for (int g = 0; g < NWI; g++) {
        want[g * N] = a[g * N];
        for (int j = 1; j < N; j++)
            want[g * N + j] = want[g * N + j - 1] + a[g * N + j];
    }
    cl_kernel k = kt_kernel(t, "prefix_rows");
    cl_mem da = kt_buffer_arg(t, k, 0, sizeof(a), a);
    int n = N;
    kt_arg(t, k, 1, sizeof(int), &n);
    run1(t, k, NWI, da, sizeof(a), a);
    for (int i = 0; i < NWI * N; i++)
        KT_EQ(t, a[i], want[i], "prefix_rows", i);
    clReleaseMemObject(da);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;

    if (argc != 2) {
        fprintf(stderr, "usage: %s loops.oclbin|.cl\n", argv[0]);
        return 2;
    }
    kt_init(&t, "loops", argv[1]);
    test_nested_counts(&t);
    test_find_first(&t);
    test_skip_sum(&t);
    test_varying_trip(&t);
    test_early_exit(&t);
    test_collatz(&t);
    test_digits(&t);
    test_rows(&t, "loop_in_if", 16, 1);
    test_rows(&t, "two_loops", 24, 2);
    test_rows(&t, "call_in_loop", 20, 1);
    test_conv2d(&t);
    test_tokenize(&t);
    test_prefix_rows(&t);
    return kt_finish(&t);
}
