/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the unit tests: CHECK prints what it checked and counts failures;
 * each test's main returns test_result() (non-zero when anything failed).
 */
#ifndef OCLHLS_TEST_UTIL_H
#define OCLHLS_TEST_UTIL_H

#define _GNU_SOURCE
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int test_failures;
static int test_checks;

#define CHECK(cond, ...) test_check(!!(cond), #cond, __FILE__, __LINE__, __VA_ARGS__)

static inline void test_check(int ok, const char *expr, const char *file, int line, const char *fmt,
                              ...)
{
    va_list ap;

    test_checks++;
    printf("%s: ", ok ? "ok  " : "FAIL");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (!ok) {
        printf("   [%s:%d: %s]", file, line, expr);
        test_failures++;
    }
    printf("\n");
    fflush(stdout);
}

/* Non-zero when a check failed, or when none ran (a test that checks nothing proves nothing). */
static inline int test_result(void)
{
    printf("%d checks, %d failed\n", test_checks, test_failures);
    if (!test_checks)
        printf("FAIL: no check ran\n");
    return test_failures || !test_checks ? 1 : 0;
}

static inline double test_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whole file, NUL-terminated, or NULL. */
static inline char *test_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
            buf[n] = '\0';
            if (size)
                *size = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

static inline int test_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    int ok;

    if (!f)
        return -1;
    ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok ? 0 : -1;
}

static inline int test_rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return type == FTW_DP ? rmdir(path) : unlink(path);
}

static inline void test_rm_rf(const char *path)
{
    nftw(path, test_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
