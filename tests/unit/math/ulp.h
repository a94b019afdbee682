/* SPDX-License-Identifier: MIT */
/*
 * Accuracy checks of the builtin math library (frontend/builtins/math_*.cl) compiled for the
 * host: each result is compared with a double-precision reference and its error measured in
 * ulps as the OpenCL C spec defines them (section 7.4 of the OpenCL C 3.0 spec: the gap
 * between the two binary32 numbers nearest the exact result). A check records the worst
 * error per function; ulp_report prints it beside the spec's bound and the closing line
 * `N passed, N failed`.
 */
#ifndef OCLHLS_TEST_ULP_H
#define OCLHLS_TEST_ULP_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static inline uint32_t ulp_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float ulp_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The ulp of binary32 at magnitude |x| (denormal spacing below the smallest normal). */
static inline double ulp_of(double x)
{
    int e;
    x = fabs(x);
    if (x < 0x1p-126)
        return 0x1p-149;
    frexp(x, &e); /* x = m * 2^e, 0.5 <= m < 1 */
    if (e > 128)
        e = 128;
    return ldexp(1.0, e - 24);
}

/*
 * Error of `got` against the reference `ref` in ulps: 0 when both are the same NaN-ness or
 * the same infinity; INFINITY when one is NaN and the other not, or an infinity is wrong.
 * An infinite result is 0 ulp away from a finite reference that rounds to infinity (at least
 * FLT_MAX + half an ulp), else it counts as 2^128.
 */
static inline double ulp_error(float got, double ref)
{
    if (isnan(ref) || isnan(got))
        return isnan(ref) && isnan(got) ? 0 : INFINITY;
    if (isinf(ref)) {
        if (got == ref)
            return 0;
        return isinf(got) ? INFINITY : fabs((double)got - copysign(0x1p128, ref)) / ulp_of(ref);
    }
    if (isinf(got)) {
        /* inf is exact for a reference that rounds to it (at least FLT_MAX + half an ulp);
           else it stands for 2^128 */
        if ((got > 0) != (ref > 0))
            return INFINITY;
        if (fabs(ref) >= 0x1p128 - 0x1p103)
            return 0;
        return fabs(copysign(0x1p128, got) - ref) / ulp_of(0x1p127);
    }
    return fabs((double)got - ref) / ulp_of(ref);
}

struct ulp_check {
    const char *name;
    double bound; /* the spec's limit in ulps */
    double worst;
    float worst_in[3];
    int nin;
    float worst_got;
    double worst_ref;
    unsigned long count;
};

static inline void ulp_record(struct ulp_check *c, const float *in, int nin, float got,
                              double ref)
{
    double e = ulp_error(got, ref);
    c->count++;
    if (e > c->worst || (c->count == 1 && e >= c->worst)) {
        c->worst = e;
        c->nin = nin;
        for (int i = 0; i < nin && i < 3; i++)
            c->worst_in[i] = in[i];
        c->worst_got = got;
        c->worst_ref = ref;
    }
}

/* Prints one line per function; returns the number of functions above their bound. */
static inline int ulp_report(const struct ulp_check *checks, int n)
{
    int failed = 0;
    for (int i = 0; i < n; i++) {
        const struct ulp_check *c = &checks[i];
        int ok = c->worst <= c->bound && c->count > 0;
        printf("%-4s %-14s worst %8.3f ulp (limit %g) over %lu inputs", ok ? "PASS" : "FAIL",
               c->name, c->worst, c->bound, c->count);
        if (c->worst > 0) {
            printf(" at (");
            for (int j = 0; j < c->nin; j++)
                printf("%s%a", j ? ", " : "", (double)c->worst_in[j]);
            printf(") got %a want %a", (double)c->worst_got, c->worst_ref);
        }
        printf("\n");
        failed += !ok;
    }
    printf("%d passed, %d failed\n", n - failed, failed);
    return failed;
}

/*
 * Test inputs: the edge cases every function sees (signed zeros, infinities, NaN, the
 * smallest and largest denormals and normals, 1, powers of two around the ranges), then
 * random bit patterns and random values in [lo, hi], from a fixed-seed generator.
 */
static inline uint32_t ulp_rand(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*state >> 32);
}

static const uint32_t ulp_edge_bits[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x00000001,
    0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,
    0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0xc0000000, 0x3f7fffff, 0x3f800001,
    0x4b000000, 0x4b800000, 0x4effffff, 0x4f000000, 0x42b17218, 0xc2aeac50, 0x40490fdb,
    0x3fc90fdb, 0x49742400, 0x5a000000, 0x7e000000, 0x33800000, 0x0c000000,
};
#define ULP_NEDGE ((int)(sizeof ulp_edge_bits / sizeof ulp_edge_bits[0]))

#endif
