/* SPDX-License-Identifier: MIT */
/*
 * The basic float functions of the builtin library (frontend/builtins/math_basic.cl, wrapped
 * by lib_basic.cl): the exact ones (rounding to integers, fract, modf, frexp, ldexp, ilogb,
 * logb, nextafter, fdim, fmin/fmax, fma, the relational functions ...) must equal the host's
 * C99 functions bit for bit (NaNs: any NaN); degrees/radians and the geometric functions are
 * measured in ulps (or, for dot, cross, mix and smoothstep, in the spec's absolute error
 * tolerance) against double-precision references. Inputs: ulp.h's edge values, special
 * values of each function, and >= 100,000 random bit patterns and random values in the
 * function's interesting range.
 */
#include "ulp.h"

#include <float.h>
#include <limits.h>
#include <stdlib.h>

float lib_fabs(float);
float lib_copysign(float, float);
float lib_ceil(float);
float lib_floor(float);
float lib_trunc(float);
float lib_round(float);
float lib_rint(float);
float lib_fract(float, float *);
float lib_modf(float, float *);
float lib_frexp(float, int *);
float lib_ldexp(float, int);
int lib_ilogb(float);
float lib_logb(float);
float lib_nextafter(float, float);
float lib_nan(uint32_t);
float lib_fdim(float, float);
float lib_fmax(float, float);
float lib_fmin(float, float);
float lib_fma(float, float, float);
float lib_mad(float, float, float);
float lib_maxmag(float, float);
float lib_minmag(float, float);
float lib_clamp(float, float, float);
float lib_degrees(float);
float lib_radians(float);
float lib_max(float, float);
float lib_min(float, float);
float lib_mix(float, float, float);
float lib_step(float, float);
float lib_smoothstep(float, float, float);
float lib_sign(float);
int lib_isequal(float, float);
int lib_isnotequal(float, float);
int lib_isgreater(float, float);
int lib_isgreaterequal(float, float);
int lib_isless(float, float);
int lib_islessequal(float, float);
int lib_islessgreater(float, float);
int lib_isfinite(float);
int lib_isinf(float);
int lib_isnan(float);
int lib_isnormal(float);
int lib_isordered(float, float);
int lib_isunordered(float, float);
int lib_signbit(float);
float lib_select_i(float, float, int);
float lib_select_u(float, float, uint32_t);
float lib_bitselect(float, float, float);

#define DECLARE_GEO(N)                                                                             \
    float lib_dot##N(const float *, const float *);                                                \
    float lib_length##N(const float *);                                                            \
    float lib_fast_length##N(const float *);                                                       \
    float lib_distance##N(const float *, const float *);                                           \
    float lib_fast_distance##N(const float *, const float *);                                      \
    void lib_normalize##N(const float *, float *);                                                 \
    void lib_fast_normalize##N(const float *, float *);
DECLARE_GEO(1)
DECLARE_GEO(2)
DECLARE_GEO(3)
DECLARE_GEO(4)
void lib_cross3(const float *, const float *, float *);
void lib_cross4(const float *, const float *, float *);

/* The checks: id, printed name, bound (0: exact; ulps; or units of an absolute tolerance). */
#define CHECKS(X)                                                                                  \
    X(FABS, "fabs", 0)                                                                             \
    X(COPYSIGN, "copysign", 0)                                                                     \
    X(CEIL, "ceil", 0)                                                                             \
    X(FLOOR, "floor", 0)                                                                           \
    X(TRUNC, "trunc", 0)                                                                           \
    X(ROUND, "round", 0)                                                                           \
    X(RINT, "rint", 0)                                                                             \
    X(FRACT, "fract", 0)                                                                           \
    X(MODF, "modf", 0)                                                                             \
    X(FREXP, "frexp", 0)                                                                           \
    X(LDEXP, "ldexp", 0)                                                                           \
    X(ILOGB, "ilogb", 0)                                                                           \
    X(LOGB, "logb", 0)                                                                             \
    X(NEXTAFTER, "nextafter", 0)                                                                   \
    X(NAN_, "nan", 0)                                                                              \
    X(FDIM, "fdim", 0)                                                                             \
    X(FMAX, "fmax", 0)                                                                             \
    X(FMIN, "fmin", 0)                                                                             \
    X(FMA, "fma", 0)                                                                               \
    X(MAD, "mad", 0)                                                                               \
    X(MAXMAG, "maxmag", 0)                                                                         \
    X(MINMAG, "minmag", 0)                                                                         \
    X(CLAMP, "clamp", 0)                                                                           \
    X(DEGREES, "degrees", 2)                                                                       \
    X(RADIANS, "radians", 2)                                                                       \
    X(MAX, "max", 0)                                                                               \
    X(MIN, "min", 0)                                                                               \
    X(MIX, "mix(1e-3 abs)", 1)                                                                     \
    X(STEP, "step", 0)                                                                             \
    X(SMOOTHSTEP, "smoothstep(abs)", 1)                                                            \
    X(SIGN, "sign", 0)                                                                             \
    X(RELATIONAL, "relational", 0)                                                                 \
    X(SELECT, "select", 0)                                                                         \
    X(BITSELECT, "bitselect", 0)                                                                   \
    X(DOT1, "dot1(max2eps)", 1)                                                                    \
    X(DOT2, "dot2(max2eps)", 3)                                                                    \
    X(DOT3, "dot3(max2eps)", 5)                                                                    \
    X(DOT4, "dot4(max2eps)", 7)                                                                    \
    X(CROSS, "cross(max2eps)", 3)                                                                  \
    X(LENGTH1, "length1", 3.25)                                                                    \
    X(LENGTH2, "length2", 3.75)                                                                    \
    X(LENGTH3, "length3", 4.25)                                                                    \
    X(LENGTH4, "length4", 4.75)                                                                    \
    X(DISTANCE1, "distance1", 4.5)                                                                 \
    X(DISTANCE2, "distance2", 6.5)                                                                 \
    X(DISTANCE3, "distance3", 8.5)                                                                 \
    X(DISTANCE4, "distance4", 10.5)                                                                \
    X(NORMALIZE1, "normalize1", 3)                                                                 \
    X(NORMALIZE2, "normalize2", 4)                                                                 \
    X(NORMALIZE3, "normalize3", 5)                                                                 \
    X(NORMALIZE4, "normalize4", 6)                                                                 \
    X(FAST_LENGTH, "fast_length", 8192)                                                            \
    X(FAST_DISTANCE, "fast_distance", 8192)                                                        \
    X(FAST_NORMALIZE, "fast_normalize", 8192)

#define CHECK_ID(id, name, bound) C_##id,
enum { CHECKS(CHECK_ID) N_CHECKS };
#define CHECK_INIT(id, name, bound) {name, bound, 0, {0}, 0, 0, 0, 0},
static struct ulp_check checks[] = {CHECKS(CHECK_INIT)};

#define RANDOM_COUNT 200000

static uint64_t rng = 0x243f6a8885a308d3ull;

/* Records an error already measured (the same bookkeeping as ulp_record). */
static void record_error(int id, const float *in, int nin, float got, double ref, double e)
{
    struct ulp_check *c = &checks[id];
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

/* Exact: the same bits, or both NaN; otherwise at least 1 (a wrong zero sign counts). */
static void record_exact(int id, const float *in, int nin, float got, float want)
{
    double e = 0;
    if (isnan(got) || isnan(want))
        e = isnan(got) && isnan(want) ? 0 : INFINITY;
    else if (ulp_bits(got) != ulp_bits(want))
        e = fmax(ulp_error(got, want), 1);
    record_error(id, in, nin, got, want, e);
}

/* Exact but for the sign of a zero result (fmin/fmax may return either zero for +-0). */
static void record_exact_any_zero(int id, const float *in, int nin, float got, float want)
{
    if (got == 0 && want == 0)
        got = want;
    record_exact(id, in, nin, got, want);
}

static void record_int(int id, const float *in, int nin, int got, int want)
{
    record_error(id, in, nin, (float)got, want, got == want ? 0 : INFINITY);
}

/* An absolute error in units of `tolerance` (NaN and infinities must match exactly). */
static void record_abs(int id, const float *in, int nin, float got, double ref, double tolerance)
{
    double e;
    if (isnan(got) || isnan(ref) || isinf(got) || isinf(ref))
        e = ulp_error(got, ref) == 0 ? 0 : INFINITY;
    else
        e = fabs((double)got - ref) / tolerance;
    record_error(id, in, nin, got, ref, e);
}

/*
 * ulp_record with a reference beyond the float range taken as 2^128: an infinite result is
 * then 0 ulp away (ulp_error measures inf as 2^128 against the unclamped value otherwise).
 */
static void record_ulp(int id, const float *in, int nin, float got, double ref)
{
    if (fabs(ref) > 0x1p128 && !isinf(ref))
        ref = copysign(0x1p128, ref);
    ulp_record(&checks[id], in, nin, got, ref);
}

/* OpenCL's fmin/fmax: a NaN operand, signalling or not, gives the other one (glibc's fmaxf
 * returns NaN for a signalling NaN, as IEEE 754-2019 does). */
static float ref_fmax(float x, float y)
{
    return isnan(x) ? y : isnan(y) ? x : fmaxf(x, y);
}
static float ref_fmin(float x, float y)
{
    return isnan(x) ? y : isnan(y) ? x : fminf(x, y);
}

static float rand_bits(void)
{
    return ulp_float(ulp_rand(&rng));
}

/* Uniform in [lo, hi]. */
static float rand_range(double lo, double hi)
{
    return (float)(lo + (hi - lo) * (ulp_rand(&rng) / 4294967296.0));
}

/* Random sign and mantissa, exponent uniform in [elo, ehi] (below -126: denormals). */
static float rand_exp(int elo, int ehi)
{
    uint32_t r = ulp_rand(&rng);
    int e = elo + (int)(ulp_rand(&rng) % (uint32_t)(ehi - elo + 1));
    float f = ldexpf(1.0f + (float)(r & 0x7fffff) * 0x1p-23f, e);
    return r >> 31 ? -f : f;
}

/* Inputs of the one-argument functions: edges, then random bits and random values. */
static float input1(int i, double lo, double hi)
{
    if (i < ULP_NEDGE)
        return ulp_float(ulp_edge_bits[i]);
    return i & 1 ? rand_bits() : rand_range(lo, hi);
}
#define NINPUT1 (ULP_NEDGE + RANDOM_COUNT)

/* Pairs: every pair of edges, then random bits, random values, and near-equal pairs. */
static void input2(int i, float *x, float *y, double lo, double hi)
{
    if (i < ULP_NEDGE * ULP_NEDGE) {
        *x = ulp_float(ulp_edge_bits[i / ULP_NEDGE]);
        *y = ulp_float(ulp_edge_bits[i % ULP_NEDGE]);
        return;
    }
    switch (i % 4) {
    case 0:
        *x = rand_bits(), *y = rand_bits();
        break;
    case 1:
        *x = rand_range(lo, hi), *y = rand_range(lo, hi);
        break;
    case 2: /* equal, opposite or neighbouring values */
        *x = rand_bits();
        *y = ulp_rand(&rng) & 1 ? -*x : ulp_float(ulp_bits(*x) + (ulp_rand(&rng) % 3) - 1);
        break;
    default:
        *x = rand_exp(-149, 127), *y = rand_exp(-149, 127);
    }
}
#define NINPUT2 (ULP_NEDGE * ULP_NEDGE + RANDOM_COUNT)

static void test_rounding(void)
{
    for (int i = 0; i < NINPUT1 + 40000; i++) {
        float x = i < NINPUT1 ? input1(i, -0x1p24, 0x1p24)
                              : (float)((int)(ulp_rand(&rng) % 200001) - 100000) * 0.5f;
        float ip, fl = floorf(x);
        record_exact(C_FABS, &x, 1, lib_fabs(x), fabsf(x));
        record_exact(C_CEIL, &x, 1, lib_ceil(x), ceilf(x));
        record_exact(C_FLOOR, &x, 1, lib_floor(x), fl);
        record_exact(C_TRUNC, &x, 1, lib_trunc(x), truncf(x));
        record_exact(C_ROUND, &x, 1, lib_round(x), roundf(x));
        record_exact(C_RINT, &x, 1, lib_rint(x), rintf(x));

        /* fract: fmin(x - floor(x), 0x1.fffffep-1f); +-0 for +-0 and +-inf, floor in iptr */
        float want = isinf(x) || x == 0 ? copysignf(0, x) : fminf(x - fl, 0x1.fffffep-1f);
        record_exact(C_FRACT, &x, 1, lib_fract(x, &ip), isnan(x) ? x : want);
        record_exact(C_FRACT, &x, 1, ip, fl);

        float wip, wfrac = modff(x, &wip);
        record_exact(C_MODF, &x, 1, lib_modf(x, &ip), wfrac);
        record_exact(C_MODF, &x, 1, ip, wip);

        int e, we;
        float wm = frexpf(x, &we);
        record_exact(C_FREXP, &x, 1, lib_frexp(x, &e), wm);
        record_int(C_FREXP, &x, 1, e, isfinite(x) ? we : 0); /* spec: 0 for inf and NaN */

        int wl = x == 0 ? INT_MIN : isnan(x) ? INT_MAX : isinf(x) ? INT_MAX : ilogbf(x);
        record_int(C_ILOGB, &x, 1, lib_ilogb(x), wl);
        record_exact(C_LOGB, &x, 1, lib_logb(x), logbf(x));

        float ws = isnan(x) ? 0.0f : x == 0 ? x : copysignf(1.0f, x);
        record_exact(C_SIGN, &x, 1, lib_sign(x), ws);
        record_ulp(C_DEGREES, &x, 1, lib_degrees(x), x * (180.0 / M_PI));
        record_ulp(C_RADIANS, &x, 1, lib_radians(x), x * (M_PI / 180.0));
    }
}

static void test_ldexp(void)
{
    static const int edge_n[] = {0,   1,    -1,   23,    -23,     126,     -126,    127,
                                 149, -149, 150,  -150,  254,     -254,    277,     -277,
                                 300, -300, 1000, -1000, INT_MAX, INT_MIN, 1 << 30, -(1 << 30)};
    int nedge_n = (int)(sizeof edge_n / sizeof edge_n[0]);
    for (int i = 0; i < ULP_NEDGE * nedge_n; i++) {
        float x = ulp_float(ulp_edge_bits[i / nedge_n]);
        int n = edge_n[i % nedge_n];
        record_exact(C_LDEXP, &x, 1, lib_ldexp(x, n), ldexpf(x, n));
    }
    for (int i = 0; i < 3 * RANDOM_COUNT; i++) {
        float x = i % 3 == 0 ? rand_bits() : rand_exp(-149, 127);
        int n;
        if (i % 3 == 2) { /* results around and below the smallest normal */
            int e;
            frexpf(x, &e);
            n = -e - 100 - (int)(ulp_rand(&rng) % 60);
        } else {
            n = (int)(ulp_rand(&rng) % 701) - 350;
        }
        float in[2] = {x, (float)n};
        record_exact(C_LDEXP, in, 2, lib_ldexp(x, n), ldexpf(x, n));
    }
}

static float ref_maxmag(float x, float y)
{
    return fabsf(x) > fabsf(y) ? x : fabsf(y) > fabsf(x) ? y : ref_fmax(x, y);
}

static float ref_minmag(float x, float y)
{
    return fabsf(x) < fabsf(y) ? x : fabsf(y) < fabsf(x) ? y : ref_fmin(x, y);
}

static void test_pairs(void)
{
    for (int i = 0; i < NINPUT2; i++) {
        float in[3], x, y;
        input2(i, &x, &y, -1000, 1000);
        in[0] = x, in[1] = y, in[2] = rand_bits();
        record_exact(C_COPYSIGN, in, 2, lib_copysign(x, y), copysignf(x, y));
        record_exact(C_NEXTAFTER, in, 2, lib_nextafter(x, y), nextafterf(x, y));
        record_exact(C_FDIM, in, 2, lib_fdim(x, y), fdimf(x, y));
        record_exact_any_zero(C_FMAX, in, 2, lib_fmax(x, y), ref_fmax(x, y));
        record_exact_any_zero(C_FMIN, in, 2, lib_fmin(x, y), ref_fmin(x, y));
        record_exact_any_zero(C_MAXMAG, in, 2, lib_maxmag(x, y), ref_maxmag(x, y));
        record_exact_any_zero(C_MINMAG, in, 2, lib_minmag(x, y), ref_minmag(x, y));
        record_exact(C_FMA, in, 3, lib_fma(x, y, in[2]), fmaf(x, y, in[2]));
        record_exact(C_MAD, in, 3, lib_mad(x, y, in[2]), fmaf(x, y, in[2]));
        if (!isnan(x) && !isnan(y)) { /* NaN: undefined */
            record_exact(C_MAX, in, 2, lib_max(x, y), x < y ? y : x);
            record_exact(C_MIN, in, 2, lib_min(x, y), y < x ? y : x);
        }
        record_exact(C_STEP, in, 2, lib_step(x, y), y < x ? 0.0f : 1.0f);

        /* clamp(v, lo, hi) = fmin(fmax(v, lo), hi) for lo <= hi */
        float lo = fminf(x, y), hi = fmaxf(x, y), v = in[2];
        if (!(lo > hi)) {
            float c[3] = {v, lo, hi};
            record_exact_any_zero(C_CLAMP, c, 3, lib_clamp(v, lo, hi),
                                  ref_fmin(ref_fmax(v, lo), hi));
        }

        /* relational: each must be 1 or 0 as the C99 macros say */
        int rel[] = {
            lib_isequal(x, y) == (x == y),
            lib_isnotequal(x, y) == (x != y),
            lib_isgreater(x, y) == !!isgreater(x, y),
            lib_isgreaterequal(x, y) == !!isgreaterequal(x, y),
            lib_isless(x, y) == !!isless(x, y),
            lib_islessequal(x, y) == !!islessequal(x, y),
            lib_islessgreater(x, y) == !!islessgreater(x, y),
            lib_isfinite(x) == !!isfinite(x),
            lib_isinf(x) == !!isinf(x),
            lib_isnan(x) == !!isnan(x),
            lib_isnormal(x) == !!isnormal(x),
            lib_isordered(x, y) == !isunordered(x, y),
            lib_isunordered(x, y) == !!isunordered(x, y),
            lib_signbit(x) == !!signbit(x),
        };
        for (unsigned k = 0; k < sizeof rel / sizeof rel[0]; k++)
            record_int(C_RELATIONAL, in, 2, rel[k], 1);

        uint32_t c = ulp_rand(&rng) & (i & 8 ? 0x80000000u : 1u);
        record_exact(C_SELECT, in, 2, lib_select_i(x, y, (int)c), c ? y : x);
        record_exact(C_SELECT, in, 2, lib_select_u(x, y, c), c ? y : x);
        uint32_t m = ulp_bits(in[2]);
        float want = ulp_float((ulp_bits(x) & ~m) | (ulp_bits(y) & m));
        record_exact(C_BITSELECT, in, 3, lib_bitselect(x, y, in[2]), want);
    }
    /* the spec's edge cases of nextafter and fdim */
    float z[2] = {-0.0f, 1.0f};
    record_exact(C_NEXTAFTER, z, 2, lib_nextafter(-0.0f, 1.0f), 0x1p-149f);
    record_exact(C_NEXTAFTER, z, 2, lib_nextafter(0.0f, -1.0f), -0x1p-149f);
    record_exact(C_FDIM, z, 2, lib_fdim(1.0f, NAN), NAN);
    record_exact(C_FDIM, z, 2, lib_fdim(NAN, 1.0f), NAN);
    /* nan: a quiet NaN for every code */
    for (int i = 0; i < RANDOM_COUNT; i++) {
        uint32_t code = i < 2 ? (uint32_t)-i : ulp_rand(&rng);
        uint32_t b = ulp_bits(lib_nan(code));
        float in = (float)code;
        record_int(C_NAN_, &in, 1, isnan(ulp_float(b)) && (b & 0x00400000u), 1);
    }
}

/* mix (x, y in [-1000, 1000], a in [0, 1]: tolerance 1e-3) and smoothstep (1e-5). */
static void test_blends(void)
{
    for (int i = 0; i < RANDOM_COUNT; i++) {
        float x = rand_range(-1000, 1000), y = rand_range(-1000, 1000);
        float a = i & 1 ? rand_range(0, 1) : (float)(i % 3) * 0.5f;
        float in[3] = {x, y, a};
        record_abs(C_MIX, in, 3, lib_mix(x, y, a), x + ((double)y - x) * a, 1e-3);

        float e0 = fminf(x, y), e1 = fmaxf(x, y);
        if (!(e0 < e1))
            continue;
        float v = i & 2 ? rand_range(e0 - 10, e1 + 10) : (i & 4 ? e0 : e1);
        double t = ((double)v - e0) / ((double)e1 - e0);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        float s[3] = {e0, e1, v};
        record_abs(C_SMOOTHSTEP, s, 3, lib_smoothstep(e0, e1, v), t * t * (3 - 2 * t), 1e-5);
    }
}

/* ---- geometric functions ---- */

typedef float (*length_fn)(const float *);
typedef float (*distance_fn)(const float *, const float *);
typedef void (*normalize_fn)(const float *, float *);
static const length_fn lengths[] = {lib_length1, lib_length2, lib_length3, lib_length4};
static const length_fn fast_lengths[] = {lib_fast_length1, lib_fast_length2, lib_fast_length3,
                                         lib_fast_length4};
static const distance_fn distances[] = {lib_distance1, lib_distance2, lib_distance3, lib_distance4};
static const distance_fn fast_distances[] = {lib_fast_distance1, lib_fast_distance2,
                                             lib_fast_distance3, lib_fast_distance4};
static const distance_fn dots[] = {lib_dot1, lib_dot2, lib_dot3, lib_dot4};
static const normalize_fn normalizes[] = {lib_normalize1, lib_normalize2, lib_normalize3,
                                          lib_normalize4};
static const normalize_fn fast_normalizes[] = {lib_fast_normalize1, lib_fast_normalize2,
                                               lib_fast_normalize3, lib_fast_normalize4};

/* A random vector: independent bit patterns, a shared exponent (terms of similar size:
 * the sum matters), values in [-1, 1], or tiny/huge values near the range ends. */
static void rand_vector(float *p, int n, int kind)
{
    int e = (int)(ulp_rand(&rng) % 277) - 149;
    for (int j = 0; j < n; j++) {
        switch (kind % 4) {
        case 0:
            p[j] = rand_bits();
            break;
        case 1:
            p[j] = rand_exp(e - 3, e + 3 > 127 ? 127 : e + 3);
            break;
        case 2:
            p[j] = rand_range(-1, 1);
            break;
        default:
            p[j] = kind & 4 ? rand_exp(120, 127) : rand_exp(-149, -120);
        }
    }
}

static double ref_length(const float *p, int n)
{
    double s = 0;
    for (int j = 0; j < n; j++)
        s += (double)p[j] * p[j];
    for (int j = 0; j < n; j++) /* hypot's rule: inf wins over NaN */
        if (isinf(p[j]))
            return INFINITY;
    return sqrt(s);
}

/* The spec's normalize, edge cases included, in double. */
static void ref_normalize(const float *p, int n, double *r)
{
    double q[4];
    int any_inf = 0, all_zero = 1;
    for (int j = 0; j < n; j++) {
        any_inf |= isinf(p[j]);
        all_zero &= p[j] == 0;
    }
    for (int j = 0; j < n; j++)
        q[j] = any_inf ? (isinf(p[j]) ? copysign(1, p[j]) : 0.0 * p[j]) : p[j];
    double len = 0;
    for (int j = 0; j < n; j++)
        len += q[j] * q[j];
    len = sqrt(len);
    for (int j = 0; j < n; j++)
        r[j] = all_zero ? p[j] : q[j] / len;
}

/* moderate: every operand's magnitude in [2^-60, 2^60] (also checks dot, cross, fast_) */
static void check_vector(const float *p, const float *q, int n, int moderate)
{
    int ni = n < 3 ? n : 3;
    double ref = ref_length(p, n);
    record_ulp(C_LENGTH1 + n - 1, p, ni, lengths[n - 1](p), ref);

    double s = 0;
    int inf = 0;
    for (int j = 0; j < n; j++) {
        double dj = (double)p[j] - q[j];
        s += dj * dj;
        inf |= isinf(p[j]) || isinf(q[j]);
    }
    double dref = sqrt(s);
    if (!inf) /* infinities: covered by length */
        record_ulp(C_DISTANCE1 + n - 1, p, ni, distances[n - 1](p, q), dref);

    double rn[4];
    float got[4];
    ref_normalize(p, n, rn);
    normalizes[n - 1](p, got);
    for (int j = 0; j < n; j++)
        record_ulp(C_NORMALIZE1 + n - 1, p, ni, got[j], rn[j]);

    /* dot: |error| <= max * max * (2n - 1) * FLT_EPSILON over the operands' magnitudes */
    double dot = 0, mx = 0;
    for (int j = 0; j < n; j++) {
        dot += (double)p[j] * q[j];
        mx = fmax(mx, fmax(fabs(p[j]), fabs(q[j])));
    }
    if (moderate) {
        float in[3] = {p[0], q[0], n > 1 ? p[1] : 0};
        record_abs(C_DOT1 + n - 1, in, 3, dots[n - 1](p, q), dot, mx * mx * FLT_EPSILON);
        if (n >= 3) {
            float c[4], w[4] = {p[0], p[1], p[2], 7.0f}, v[4] = {q[0], q[1], q[2], -3.0f};
            double rc[3] = {(double)p[1] * q[2] - (double)p[2] * q[1],
                            (double)p[2] * q[0] - (double)p[0] * q[2],
                            (double)p[0] * q[1] - (double)p[1] * q[0]};
            lib_cross3(p, q, c);
            for (int j = 0; j < 3; j++)
                record_abs(C_CROSS, in, 3, c[j], rc[j], mx * mx * FLT_EPSILON);
            lib_cross4(w, v, c);
            for (int j = 0; j < 3; j++)
                record_abs(C_CROSS, in, 3, c[j], rc[j], mx * mx * FLT_EPSILON);
            record_exact(C_CROSS, in, 3, c[3], 0.0f);
        }
    }

    /* fast_: only where the plain sum of squares stays normal and finite */
    double sum = ref * ref;
    if (moderate && sum < FLT_MAX && sum > FLT_MIN && dref * dref < FLT_MAX &&
        dref * dref > FLT_MIN) {
        record_ulp(C_FAST_LENGTH, p, ni, fast_lengths[n - 1](p), ref);
        record_ulp(C_FAST_DISTANCE, p, ni, fast_distances[n - 1](p, q), dref);
        fast_normalizes[n - 1](p, got);
        for (int j = 0; j < n; j++)
            record_ulp(C_FAST_NORMALIZE, p, ni, got[j], rn[j]);
    }
}

static void test_geometric(void)
{
    float p[4], q[4];
    /* edges: every edge value in every lane, the others 0, 1 or the same value */
    for (int n = 1; n <= 4; n++)
        for (int i = 0; i < ULP_NEDGE; i++)
            for (int lane = 0; lane < n; lane++)
                for (int other = 0; other < 3; other++) {
                    for (int j = 0; j < n; j++)
                        p[j] = q[j] = other == 0   ? 0.0f
                                      : other == 1 ? 1.0f
                                                   : ulp_float(ulp_edge_bits[i]);
                    p[lane] = ulp_float(ulp_edge_bits[i]);
                    check_vector(p, q, n, 0);
                }
    for (int n = 1; n <= 4; n++)
        for (int i = 0; i < RANDOM_COUNT; i++) {
            rand_vector(p, n, i);
            rand_vector(q, n, i >> 2);
            check_vector(p, q, n, 0);
            /* dot, cross, fast_: operands in [2^-60, 2^60], where max*max*eps is normal
             * (the spec's absolute tolerance) */
            for (int j = 0; j < n; j++)
                p[j] = rand_exp(-60, 60), q[j] = rand_exp(-60, 60);
            check_vector(p, q, n, 1);
        }
    /* the spec's edge cases of normalize (also counted by the ulp checks above) */
    float in[4] = {INFINITY, -2.0f, NAN, 0.0f}, r[4];
    lib_normalize4(in, r);
    record_int(C_NORMALIZE4, in, 3, isnan(r[0]) && isnan(r[1]) && isnan(r[3]), 1);
    float z[4] = {-0.0f, 0.0f, -0.0f, 0.0f};
    lib_normalize4(z, r);
    record_int(C_NORMALIZE4, z, 3, memcmp(r, z, sizeof z) == 0, 1);
}

int main(void)
{
    test_rounding();
    test_ldexp();
    test_pairs();
    test_blends();
    test_geometric();
    return ulp_report(checks, N_CHECKS) ? EXIT_FAILURE : EXIT_SUCCESS;
}
