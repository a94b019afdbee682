// SPDX-License-Identifier: MIT
/*
 * printf.cl: the text printf writes to standard output, captured around each launch (the
 * runtime flushes it before the blocking call returns) and compared with the host's C
 * printf of the same values: scalars of every kind, vectors (lanes joined by ','), a string
 * literal and strings chosen at run time, one work-item's lines in program order, a task's
 * loop, the same launch twice (the same text), and a buffer that overflows (the lines that fit
 * print whole, printf returns 0 for exactly those and -1 for the others). The same test runs on the
 * sim board (kernels.printf: a buffer of at least 1 MB) and on the co-simulated iCEBreaker, its
 * records read over the link (link.printf).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kt.h"

#define N 64

static uint64_t rng = 77;

/* Standard output goes to a temporary file while a launch runs. */
struct capture {
    int saved;
    FILE *file;
};

static void capture_begin(struct capture *c)
{
    fflush(stdout);
    c->saved = dup(1);
    c->file = tmpfile();
    if (c->file)
        dup2(fileno(c->file), 1);
}

/* The text printed since capture_begin (malloc'ed, NUL-terminated). */
static char *capture_end(struct capture *c)
{
    fflush(stdout);
    dup2(c->saved, 1);
    close(c->saved);
    if (!c->file)
        return calloc(1, 1);
    long n = ftell(c->file);
    char *text = calloc((size_t)(n > 0 ? n : 0) + 1, 1);
    rewind(c->file);
    if (text && n > 0 && fread(text, 1, (size_t)n, c->file) != (size_t)n)
        text[0] = '\0';
    fclose(c->file);
    return text;
}

static char *run_captured(struct kt *t, cl_kernel k, size_t global)
{
    struct capture c;
    capture_begin(&c);
    if (global)
        kt_run(t, k, 1, NULL, &global, NULL);
    else
        kt_task(t, k);
    return capture_end(&c);
}

/* Lines in any order across work-items: compared as sorted lists. */
static int cmp_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void expect_same_lines(struct kt *t, const char *what, char *got, char *want)
{
    char *g[4 * N], *w[4 * N];
    size_t ng = 0, nw = 0;
    for (char *s = strtok(got, "\n"); s && ng < 4 * N; s = strtok(NULL, "\n"))
        g[ng++] = s;
    for (char *s = strtok(want, "\n"); s && nw < 4 * N; s = strtok(NULL, "\n"))
        w[nw++] = s;
    qsort(g, ng, sizeof(*g), cmp_lines);
    qsort(w, nw, sizeof(*w), cmp_lines);
    kt_expect(t, ng == nw, "%s: %zu lines, want %zu", what, ng, nw);
    for (size_t i = 0; i < ng && i < nw; i++)
        kt_expect(t, !strcmp(g[i], w[i]), "%s: got \"%s\", want \"%s\"", what, g[i], w[i]);
}

static void test_scalars(struct kt *t)
{
    int32_t x[N];
    float f[N];
    int64_t l[N];
    char want[N * 160] = "", *p = want;
    for (int i = 0; i < N; i++) {
        x[i] = (int32_t)kt_rand(&rng);
        f[i] = (float)(int32_t)(kt_rand(&rng) % 200000) / 64.0f;
        l[i] = (int64_t)kt_rand(&rng);
        p += sprintf(p, "wi %d: %d %5u %#010x %o %c|%-6s|%.3f %e %G %ld\n", i, x[i],
                     (unsigned)x[i] & 0xffff, x[i], i & 63, 'A' + (i & 15), "str", f[i], f[i],
                     f[i] * 1000.0f, (long)l[i]);
    }
    cl_kernel k = kt_kernel(t, "scalars");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    cl_mem df = kt_buffer_arg(t, k, 1, sizeof(f), f);
    cl_mem dl = kt_buffer_arg(t, k, 2, sizeof(l), l);
    char *once = run_captured(t, k, N), *again = run_captured(t, k, N);
    kt_expect(t, !strcmp(once, again), "scalars: two launches printed different text");
    expect_same_lines(t, "scalars", once, want);
    free(once);
    free(again);
    kt_release(k, dx, df, dl);
}

static void test_vectors(struct kt *t)
{
    cl_int4 v[N];
    cl_float4 f[N];
    char want[N * 200] = "", *p = want;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < 4; j++) {
            v[i].s[j] = (cl_int)kt_rand(&rng) >> (j * 8);
            f[i].s[j] = (float)(int)(kt_rand(&rng) % 1000) / 8.0f;
        }
        p += sprintf(p, "%d: %d,%d,%d,%d %hd,%hd %f,%f,%f %#x,%#x\n", i, v[i].s[0], v[i].s[1],
                     v[i].s[2], v[i].s[3], (short)v[i].s[0], (short)v[i].s[1], f[i].s[0], f[i].s[1],
                     f[i].s[2], (unsigned)v[i].s[2], (unsigned)v[i].s[3]);
    }
    cl_kernel k = kt_kernel(t, "vectors");
    cl_mem dv = kt_buffer_arg(t, k, 0, sizeof(v), v);
    cl_mem df = kt_buffer_arg(t, k, 1, sizeof(f), f);
    char *got = run_captured(t, k, N);
    expect_same_lines(t, "vectors", got, want);
    free(got);
    kt_release(k, dv, df, NULL);
}

/* Each work-item's three lines in its program order (work-items may interleave). */
static void test_in_order(struct kt *t)
{
    int32_t x[N];
    char want[N * 64] = "", *p = want;
    int next[N] = {0};
    for (int i = 0; i < N; i++) {
        x[i] = (int32_t)(kt_rand(&rng) % (i % 3 ? 100000 : 200));
        p += sprintf(p, "%d a %d\n%d b mid %s %s\n%d c %d\n", i, x[i], i, x[i] & 1 ? "odd" : "even",
                     x[i] < 100     ? "small"
                     : x[i] < 10000 ? "medium"
                                    : "big",
                     i, x[i] * 3);
    }
    cl_kernel k = kt_kernel(t, "in_order");
    cl_mem dx = kt_buffer_arg(t, k, 0, sizeof(x), x);
    char *got = run_captured(t, k, N);
    for (char *s = got, *e; *s; s = e + 1) {
        e = strchr(s, '\n');
        if (!e)
            break;
        int g = -1;
        char which = 0;
        if (sscanf(s, "%d %c", &g, &which) == 2 && g >= 0 && g < N) {
            kt_expect(t, next[g] < 3 && which == "abc"[next[g]],
                      "in_order: work-item %d printed '%c' after %d lines", g, which, next[g]);
            next[g]++;
        }
    }
    expect_same_lines(t, "in_order", got, want);
    free(got);
    kt_release(k, dx, NULL, NULL);
}

static void test_task_loop(struct kt *t)
{
    int n = 20, sum = 0;
    char want[20 * 32] = "", *p = want;
    for (int i = 0; i < n; i++) {
        sum += i * i;
        p += sprintf(p, "i=%d sum=%d\n", i, sum);
    }
    cl_kernel k = kt_kernel(t, "task_loop");
    kt_arg(t, k, 0, sizeof(n), &n);
    char *got = run_captured(t, k, 0);
    kt_expect(t, !strcmp(got, want), "task_loop: got\n%s\nwant\n%s", got, want);
    free(got);
    kt_release(k, NULL, NULL, NULL);
}

/* More records than the buffer holds: those that fit print, whole; printf says which. */
static void test_overflow(struct kt *t)
{
    size_t size = 0;
    char name[256] = "";
    clGetDeviceInfo(t->device, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof(size), &size, NULL);
    clGetDeviceInfo(t->device, CL_DEVICE_NAME, sizeof(name), name, NULL);
    if (strstr(name, "oclhls sim ")) /* FULL_PROFILE's minimum on the board that meets it */
        kt_expect(t, size >= 1048576, "CL_DEVICE_PRINTF_BUFFER_SIZE %zu, want at least 1 MB", size);
    const int OVERFLOW_N = (int)(size / 36) + 300; /* 36-byte records: 300 more than fit */
    int32_t *result = calloc(OVERFLOW_N, sizeof(*result));
    char *seen = calloc(OVERFLOW_N, 1);
    cl_kernel k = kt_kernel(t, "overflow");
    cl_mem dr = kt_buffer_arg(t, k, 0, OVERFLOW_N * sizeof(int32_t), NULL);
    char *got = run_captured(t, k, OVERFLOW_N);
    kt_read(t, dr, OVERFLOW_N * sizeof(int32_t), result);
    size_t fit = (size - 4) / 36, lines = 0, ok = 0; /* 9-word records */
    for (char *s = got, *e; result && seen && (e = strchr(s, '\n')); s = e + 1, lines++) {
        int v[8];
        int n = sscanf(s, "line %d %d %d %d %d %d %d %d", v, v + 1, v + 2, v + 3, v + 4, v + 5,
                       v + 6, v + 7);
        int whole = n == 8 && v[0] >= 0 && v[0] < OVERFLOW_N && v[7] == v[0] + 7;
        kt_expect(t, whole && !seen[v[0]] && result[v[0]] == 0,
                  "overflow: line %zu \"%.40s\" is not a whole line of a work-item whose "
                  "printf returned 0",
                  lines, s);
        if (whole)
            seen[v[0]] = 1;
    }
    for (int g = 0; result && seen && g < OVERFLOW_N; g++) {
        ok += result[g] == 0;
        kt_expect(t, result[g] == (seen[g] ? 0 : -1), "overflow: work-item %d: printf returned %d",
                  g, result[g]);
    }
    kt_expect(t, lines == fit && ok == fit, "overflow: %zu lines, %zu returns of 0; %zu fit", lines,
              ok, fit);
    free(got);
    free(result);
    free(seen);
    kt_release(k, dr, NULL, NULL);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "printf", argc > 1 ? argv[1] : "printf.cl");
    test_scalars(&t);
    test_vectors(&t);
    test_in_order(&t);
    test_task_loop(&t);
    test_overflow(&t);
    return kt_finish(&t);
}
