/* SPDX-License-Identifier: MIT */
/*
 * Accuracy of the exp/log family of the builtin library (frontend/builtins/math_exp_log.cl)
 * against double-precision references from the host's libm, in ulps (ulp.h), plus the exact
 * results the OpenCL C spec and C99 Annex F prescribe (signed zeros, infinities, pow's
 * special cases), counted as the check "exact edges".
 */
#define _GNU_SOURCE /* exp10 */
#include "ulp.h"

#include <float.h>
#include <stdlib.h>

float lib_exp(float), lib_exp2(float), lib_exp10(float), lib_expm1(float);
float lib_log(float), lib_log2(float), lib_log10(float), lib_log1p(float);
float lib_sqrt(float), lib_rsqrt(float), lib_cbrt(float);
float lib_sinh(float), lib_cosh(float), lib_tanh(float);
float lib_erf(float), lib_erfc(float), lib_tgamma(float), lib_lgamma(float);
float lib_lgamma_r(float, int *);
float lib_asinh(float), lib_acosh(float), lib_atanh(float);
float lib_pow(float, float), lib_powr(float, float), lib_pown(float, int), lib_rootn(float, int);
float lib_native_exp(float), lib_native_exp2(float), lib_native_exp10(float);
float lib_native_log(float), lib_native_log2(float), lib_native_log10(float);
float lib_native_powr(float, float), lib_native_rsqrt(float), lib_native_sqrt(float);
float lib_half_exp(float), lib_half_exp2(float), lib_half_exp10(float);
float lib_half_log(float), lib_half_log2(float), lib_half_log10(float);
float lib_half_powr(float, float), lib_half_rsqrt(float), lib_half_sqrt(float);

#define RANDOM_COUNT 100000

static double ref_rsqrt(double x)
{
    return 1.0 / sqrt(x);
}

struct unary {
    const char *name;
    float (*lib)(float);
    double (*ref)(double);
    double bound;
    float lo, hi; /* the interesting range for uniform random inputs */
};

static const struct unary unaries[] = {
    {"exp", lib_exp, exp, 3, -104, 89},
    {"exp2", lib_exp2, exp2, 3, -151, 129},
    {"exp10", lib_exp10, exp10, 3, -46, 39},
    {"expm1", lib_expm1, expm1, 3, -2, 2},
    {"log", lib_log, log, 3, 0, 4},
    {"log2", lib_log2, log2, 3, 0, 4},
    {"log10", lib_log10, log10, 3, 0, 4},
    {"log1p", lib_log1p, log1p, 2, -1, 2},
    {"sqrt", lib_sqrt, sqrt, 3, 0, 4},
    {"rsqrt", lib_rsqrt, ref_rsqrt, 2, 0, 4},
    {"cbrt", lib_cbrt, cbrt, 2, -8, 8},
    {"sinh", lib_sinh, sinh, 4, -12, 12},
    {"cosh", lib_cosh, cosh, 4, -12, 12},
    {"tanh", lib_tanh, tanh, 5, -4, 4},
    {"asinh", lib_asinh, asinh, 4, -4, 4},
    {"acosh", lib_acosh, acosh, 4, 1, 4},
    {"atanh", lib_atanh, atanh, 5, -1, 1},
    {"erf", lib_erf, erf, 16, -4, 4},
    {"erfc", lib_erfc, erfc, 16, -2, 11},
    {"tgamma", lib_tgamma, tgamma, 16, -45, 36},
    {"native_exp", lib_native_exp, exp, 3, -104, 89},
    {"native_exp2", lib_native_exp2, exp2, 3, -151, 129},
    {"native_exp10", lib_native_exp10, exp10, 3, -46, 39},
    {"native_log", lib_native_log, log, 3, 0, 4},
    {"native_log2", lib_native_log2, log2, 3, 0, 4},
    {"native_log10", lib_native_log10, log10, 3, 0, 4},
    {"native_rsqrt", lib_native_rsqrt, ref_rsqrt, 2, 0, 4},
    {"native_sqrt", lib_native_sqrt, sqrt, 3, 0, 4},
    {"half_exp", lib_half_exp, exp, 8192, -104, 89},
    {"half_exp2", lib_half_exp2, exp2, 8192, -151, 129},
    {"half_exp10", lib_half_exp10, exp10, 8192, -46, 39},
    {"half_log", lib_half_log, log, 8192, 0, 4},
    {"half_log2", lib_half_log2, log2, 8192, 0, 4},
    {"half_log10", lib_half_log10, log10, 8192, 0, 4},
    {"half_rsqrt", lib_half_rsqrt, ref_rsqrt, 8192, 0, 4},
    {"half_sqrt", lib_half_sqrt, sqrt, 8192, 0, 4},
};
#define NUNARY ((int)(sizeof unaries / sizeof unaries[0]))

/* Two-argument functions: pow, powr (and their native_/half_ forms), pown, rootn. */
enum { POW, POWR, NATIVE_POWR, HALF_POWR, POWN, ROOTN, NBINARY };
static const char *const binary_names[NBINARY] = {"pow",       "powr", "native_powr",
                                                  "half_powr", "pown", "rootn"};
static const double binary_bounds[NBINARY] = {16, 16, 16, 8192, 16, 16};

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static float random_in(float lo, float hi)
{
    return lo + (hi - lo) * (float)(ulp_rand(&rng) >> 8) * 0x1p-24f;
}

static float random_bits(void)
{
    return ulp_float(ulp_rand(&rng));
}

/*
 * A reference beyond the float range is recorded as +-2^128 (where inf is 0 ulp away and
 * FLT_MAX 1 ulp): ulp_error measures its distance from 2^128 in ulps of 2^127, which would
 * count inf as wrong for e.g. exp(700).
 */
static void record(struct ulp_check *c, const float *in, int nin, float got, double ref)
{
    if (fabs(ref) > 0x1p128 && !isinf(ref))
        ref = copysign(0x1p128, ref);
    ulp_record(c, in, nin, got, ref);
}

static void check_unary(struct ulp_check *c, const struct unary *u, float x)
{
    record(c, &x, 1, u->lib(x), u->ref((double)x));
}

/* pow's reference in double: exact for the float inputs up to double rounding. */
static void check_pow_like(struct ulp_check *c, int which, float x, float y)
{
    float in[2] = {x, y};
    float got;
    double ref = pow((double)x, (double)y);
    switch (which) {
    case POW:
        got = lib_pow(x, y);
        break;
    case POWR:
    case NATIVE_POWR:
    case HALF_POWR:
        got = which == POWR          ? lib_powr(x, y)
              : which == NATIVE_POWR ? lib_native_powr(x, y)
                                     : lib_half_powr(x, y);
        /* powr's own edge cases (x < 0, 0^0, inf^0, 1^inf: NaN) are checked exactly below */
        ref = pow(fabs((double)x), (double)y); /* powr(-0, y) = powr(+0, y) */
        if (x < 0 || isnan(x) || isnan(y) || (x == 1 && isinf(y)) ||
            ((x == 0 || isinf(x)) && y == 0))
            ref = NAN;
        break;
    default:
        return;
    }
    record(c, in, 2, got, ref);
}

static void check_pown(struct ulp_check *c, float x, int n)
{
    float in[2] = {x, (float)n};
    record(c, in, 2, lib_pown(x, n), pow((double)x, (double)n));
}

static void check_rootn(struct ulp_check *c, float x, int n)
{
    float in[2] = {x, (float)n};
    double ref;
    if (n == 0 || (x < 0 && !(n & 1)))
        ref = NAN;
    else if (signbit(x) && (n & 1))
        ref = -pow(-(double)x, 1.0 / n);
    else
        ref = pow((double)x, 1.0 / n);
    record(c, in, 2, lib_rootn(x, n), ref);
}

/* Exact expected results: bit for bit, any NaN for NaN. */
static void check_exact(struct ulp_check *c, const char *what, float got, float want)
{
    int ok = isnan(want) ? isnan(got) : ulp_bits(got) == ulp_bits(want);
    c->count++;
    if (!ok) {
        printf("  exact edge %s: got %a want %a\n", what, (double)got, (double)want);
        c->worst = INFINITY;
        c->nin = 0;
        c->worst_got = got;
        c->worst_ref = want;
    }
}

static void check_exact_edges(struct ulp_check *c)
{
    const float inf = INFINITY, nan = NAN;
#define EXACT(call, want) check_exact(c, #call, call, want)
    EXACT(lib_exp(-inf), 0.0f);
    EXACT(lib_exp(inf), inf);
    EXACT(lib_exp(0.0f), 1.0f);
    EXACT(lib_exp(-0.0f), 1.0f);
    EXACT(lib_exp2(-inf), 0.0f);
    EXACT(lib_exp2(-0.0f), 1.0f);
    EXACT(lib_exp2(128.0f), inf);
    EXACT(lib_exp2(-149.0f), 0x1p-149f);
    EXACT(lib_exp2(-150.5f), 0.0f);
    EXACT(lib_exp10(-inf), 0.0f);
    EXACT(lib_exp10(inf), inf);
    EXACT(lib_expm1(-0.0f), -0.0f);
    EXACT(lib_expm1(0.0f), 0.0f);
    EXACT(lib_expm1(-inf), -1.0f);
    EXACT(lib_expm1(inf), inf);
    EXACT(lib_log(1.0f), 0.0f);
    EXACT(lib_log(0.0f), -inf);
    EXACT(lib_log(-0.0f), -inf);
    EXACT(lib_log(-1.0f), nan);
    EXACT(lib_log(inf), inf);
    EXACT(lib_log(-inf), nan);
    EXACT(lib_log2(1.0f), 0.0f);
    EXACT(lib_log2(0x1p-149f), -149.0f);
    EXACT(lib_log2(0x1p100f), 100.0f);
    EXACT(lib_log10(1.0f), 0.0f);
    EXACT(lib_log10(0.0f), -inf);
    EXACT(lib_log1p(-0.0f), -0.0f);
    EXACT(lib_log1p(0.0f), 0.0f);
    EXACT(lib_log1p(-1.0f), -inf);
    EXACT(lib_log1p(-2.0f), nan);
    EXACT(lib_log1p(inf), inf);
    EXACT(lib_sqrt(-0.0f), -0.0f);
    EXACT(lib_rsqrt(0.0f), inf);
    EXACT(lib_rsqrt(-0.0f), -inf);
    EXACT(lib_rsqrt(inf), 0.0f);
    EXACT(lib_rsqrt(-1.0f), nan);
    EXACT(lib_cbrt(-0.0f), -0.0f);
    EXACT(lib_cbrt(-inf), -inf);
    EXACT(lib_cbrt(-27.0f), -3.0f);
    EXACT(lib_cbrt(0x1p-147f), 0x1p-49f);
    EXACT(lib_sinh(-0.0f), -0.0f);
    EXACT(lib_sinh(-inf), -inf);
    EXACT(lib_cosh(-inf), inf);
    EXACT(lib_cosh(0.0f), 1.0f);
    EXACT(lib_tanh(-0.0f), -0.0f);
    EXACT(lib_tanh(-inf), -1.0f);
    EXACT(lib_tanh(inf), 1.0f);
    EXACT(lib_asinh(-0.0f), -0.0f);
    EXACT(lib_asinh(-inf), -inf);
    EXACT(lib_acosh(1.0f), 0.0f);
    EXACT(lib_acosh(inf), inf);
    EXACT(lib_acosh(0.5f), nan);
    EXACT(lib_atanh(-0.0f), -0.0f);
    EXACT(lib_atanh(1.0f), inf);
    EXACT(lib_atanh(-1.0f), -inf);
    EXACT(lib_atanh(1.5f), nan);
    /* pow: C99 F.9.4.4 */
    EXACT(lib_pow(nan, 0.0f), 1.0f);
    EXACT(lib_pow(nan, -0.0f), 1.0f);
    EXACT(lib_pow(inf, 0.0f), 1.0f);
    EXACT(lib_pow(1.0f, nan), 1.0f);
    EXACT(lib_pow(1.0f, -inf), 1.0f);
    EXACT(lib_pow(-1.0f, inf), 1.0f);
    EXACT(lib_pow(-1.0f, -inf), 1.0f);
    EXACT(lib_pow(2.0f, nan), nan);
    EXACT(lib_pow(nan, 1.0f), nan);
    EXACT(lib_pow(0.0f, -3.0f), inf);
    EXACT(lib_pow(-0.0f, -3.0f), -inf);
    EXACT(lib_pow(-0.0f, -2.0f), inf);
    EXACT(lib_pow(-0.0f, -0.5f), inf);
    EXACT(lib_pow(-0.0f, -inf), inf);
    EXACT(lib_pow(0.0f, 3.0f), 0.0f);
    EXACT(lib_pow(-0.0f, 3.0f), -0.0f);
    EXACT(lib_pow(-0.0f, 2.0f), 0.0f);
    EXACT(lib_pow(-0.0f, 0.5f), 0.0f);
    EXACT(lib_pow(0.5f, -inf), inf);
    EXACT(lib_pow(-0.5f, -inf), inf);
    EXACT(lib_pow(2.0f, -inf), 0.0f);
    EXACT(lib_pow(-2.0f, -inf), 0.0f);
    EXACT(lib_pow(0.5f, inf), 0.0f);
    EXACT(lib_pow(-2.0f, inf), inf);
    EXACT(lib_pow(-inf, -3.0f), -0.0f);
    EXACT(lib_pow(-inf, -2.0f), 0.0f);
    EXACT(lib_pow(-inf, -0.5f), 0.0f);
    EXACT(lib_pow(-inf, 3.0f), -inf);
    EXACT(lib_pow(-inf, 2.0f), inf);
    EXACT(lib_pow(-inf, 0.5f), inf);
    EXACT(lib_pow(inf, -0.5f), 0.0f);
    EXACT(lib_pow(inf, 0.5f), inf);
    EXACT(lib_pow(-2.0f, 0.5f), nan);
    EXACT(lib_pow(-2.0f, 3.0f), -8.0f);
    EXACT(lib_pow(-2.0f, 0x1p24f), inf);
    EXACT(lib_pow(-1.0f, 0x1.fffffep23f), -1.0f);
    EXACT(lib_pow(2.0f, 10.0f), 1024.0f);
    EXACT(lib_pow(2.0f, -149.0f), 0x1p-149f);
    /* pown, powr, rootn: the spec's edge case section */
    EXACT(lib_pown(nan, 0), 1.0f);
    EXACT(lib_pown(0.0f, 0), 1.0f);
    EXACT(lib_pown(-0.0f, -3), -inf);
    EXACT(lib_pown(-0.0f, -2), inf);
    EXACT(lib_pown(-0.0f, 2), 0.0f);
    EXACT(lib_pown(-0.0f, 3), -0.0f);
    EXACT(lib_pown(-2.0f, 3), -8.0f);
    EXACT(lib_pown(-1.0f, INT32_MAX), -1.0f);
    EXACT(lib_powr(2.0f, 0.0f), 1.0f);
    EXACT(lib_powr(0.0f, -2.0f), inf);
    EXACT(lib_powr(-0.0f, -inf), inf);
    EXACT(lib_powr(-0.0f, 3.0f), 0.0f);
    EXACT(lib_powr(1.0f, 5.0f), 1.0f);
    EXACT(lib_powr(-2.0f, 2.0f), nan);
    EXACT(lib_powr(0.0f, 0.0f), nan);
    EXACT(lib_powr(inf, -0.0f), nan);
    EXACT(lib_powr(1.0f, inf), nan);
    EXACT(lib_powr(2.0f, nan), nan);
    EXACT(lib_powr(nan, 0.0f), nan);
    EXACT(lib_rootn(0.0f, -3), inf);
    EXACT(lib_rootn(-0.0f, -3), -inf);
    EXACT(lib_rootn(-0.0f, -2), inf);
    EXACT(lib_rootn(-0.0f, 2), 0.0f);
    EXACT(lib_rootn(-0.0f, 3), -0.0f);
    EXACT(lib_rootn(-8.0f, 2), nan);
    EXACT(lib_rootn(8.0f, 0), nan);
    EXACT(lib_rootn(-inf, 3), -inf);
    EXACT(lib_erf(-0.0f), -0.0f);
    EXACT(lib_erf(inf), 1.0f);
    EXACT(lib_erf(-inf), -1.0f);
    EXACT(lib_erfc(-inf), 2.0f);
    EXACT(lib_erfc(inf), 0.0f);
    EXACT(lib_tgamma(0.0f), inf);
    EXACT(lib_tgamma(-0.0f), -inf);
    EXACT(lib_tgamma(-1.0f), nan);
    EXACT(lib_tgamma(-0x1p30f), nan);
    EXACT(lib_tgamma(-inf), nan);
    EXACT(lib_tgamma(inf), inf);
    EXACT(lib_tgamma(36.0f), inf);
    EXACT(lib_lgamma(1.0f), 0.0f);
    EXACT(lib_lgamma(2.0f), 0.0f);
    EXACT(lib_lgamma(0.0f), inf);
    EXACT(lib_lgamma(-0.0f), inf);
    EXACT(lib_lgamma(-3.0f), inf);
    EXACT(lib_lgamma(-inf), inf);
    EXACT(lib_lgamma(inf), inf);
#undef EXACT
}

int main(void)
{
    static struct ulp_check checks[NUNARY + NBINARY + 3];
    int nc = 0;

    for (int f = 0; f < NUNARY; f++) {
        const struct unary *u = &unaries[f];
        struct ulp_check *c = &checks[nc++];
        c->name = u->name;
        c->bound = u->bound;
        for (int i = 0; i < ULP_NEDGE; i++)
            check_unary(c, u, ulp_float(ulp_edge_bits[i]));
        for (int i = 0; i < RANDOM_COUNT; i++) {
            check_unary(c, u, random_bits());
            check_unary(c, u, random_in(u->lo, u->hi));
        }
        /* near 0, where expm1, log1p and the odd functions must keep their precision */
        for (int i = 0; i < RANDOM_COUNT / 10; i++)
            check_unary(c, u, ldexpf(random_in(-1, 1), -(int)(ulp_rand(&rng) % 40)));
    }

    struct ulp_check *bin = &checks[nc];
    for (int w = 0; w < NBINARY; w++) {
        bin[w].name = binary_names[w];
        bin[w].bound = binary_bounds[w];
    }
    nc += NBINARY;
    for (int w = POW; w <= HALF_POWR; w++) {
        struct ulp_check *c = &bin[w];
        for (int i = 0; i < ULP_NEDGE; i++)
            for (int j = 0; j < ULP_NEDGE; j++)
                check_pow_like(c, w, ulp_float(ulp_edge_bits[i]), ulp_float(ulp_edge_bits[j]));
        for (int i = 0; i < RANDOM_COUNT; i++) {
            check_pow_like(c, w, random_bits(), random_bits());
            float x = random_in(-10, 10), y = random_in(-40, 40);
            check_pow_like(c, w, x, y);
            check_pow_like(c, w, x, rintf(y)); /* integer y: negative x too */
            /* results across the whole range, overflow, underflow and denormals */
            float ax = fabsf(random_bits());
            if (ax != 0 && ax != 1 && isfinite(ax))
                check_pow_like(c, w, ax, random_in(-155, 130) / log2f(ax));
            /* x near 1, large y */
            check_pow_like(c, w, 1 + random_in(-0x1p-10f, 0x1p-10f), random_in(-1e5f, 1e5f));
        }
    }
    for (int i = 0; i < ULP_NEDGE; i++) {
        static const int ns[] = {0, 1, -1, 2, -2, 3, -3, 127, -128, INT32_MAX, INT32_MIN};
        for (unsigned j = 0; j < sizeof ns / sizeof ns[0]; j++) {
            check_pown(&bin[POWN], ulp_float(ulp_edge_bits[i]), ns[j]);
            check_rootn(&bin[ROOTN], ulp_float(ulp_edge_bits[i]), ns[j]);
        }
    }
    for (int i = 0; i < RANDOM_COUNT; i++) {
        int n = (int)(ulp_rand(&rng) % 81) - 40;
        check_pown(&bin[POWN], random_in(-10, 10), n);
        check_pown(&bin[POWN], random_bits(), n);
        check_pown(&bin[POWN], 1 + random_in(-0x1p-20f, 0x1p-20f), (int)ulp_rand(&rng));
        check_rootn(&bin[ROOTN], random_in(-100, 100), n);
        check_rootn(&bin[ROOTN], random_bits(), n);
        check_rootn(&bin[ROOTN], random_bits(), (int)ulp_rand(&rng));
    }

    /*
     * lgamma has no bound in the spec. Away from its zeros (|lgamma| >= 1/2) it is held to
     * 16 ulp here; near them the error is absolute (a difference of logarithms cancels),
     * printed for information. lgamma_r must agree with lgamma and give Gamma's sign.
     */
    struct ulp_check *lg = &checks[nc++], *lgr = &checks[nc++];
    lg->name = "lgamma";
    lg->bound = 16;
    lgr->name = "lgamma_r";
    lgr->bound = 0;
    double worst_abs = 0, worst_abs_x = 0;
    for (int i = 0; i < 3 * RANDOM_COUNT + ULP_NEDGE; i++) {
        float x = i < ULP_NEDGE ? ulp_float(ulp_edge_bits[i])
                  : i % 3 == 0  ? random_bits()
                  : i % 3 == 1  ? random_in(-40, 40)
                                : random_in(-4, 4);
        int sign, want_sign;
        double ref = lgamma_r((double)x, &want_sign);
        float got = lib_lgamma(x), got_r = lib_lgamma_r(x, &sign);
        if (!(fabs(ref) < 0.5))
            record(lg, &x, 1, got, ref);
        else if (fabs(got - ref) > worst_abs) {
            worst_abs = fabs(got - ref);
            worst_abs_x = x;
        }
        /* the sign: glibc's for finite x off the poles, 0 at the poles (the spec) */
        int pole = x == 0 || (x < 0 && x == rintf(x));
        if (pole)
            want_sign = 0;
        if (!isfinite(x))
            want_sign = sign;
        ulp_record(lgr, &x, 1, got_r,
                   ulp_bits(got_r) == ulp_bits(got) && sign == want_sign ? got : NAN);
    }
    printf("info lgamma where |lgamma| < 1/2: worst absolute error %.3g at %a\n", worst_abs,
           worst_abs_x);

    struct ulp_check *edges = &checks[nc++];
    edges->name = "exact edges";
    edges->bound = 0;
    check_exact_edges(edges);

    return ulp_report(checks, nc) ? 1 : 0;
}
