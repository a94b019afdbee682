/* SPDX-License-Identifier: MIT */
/*
 * Accuracy of the trig family of the builtin library (frontend/builtins/math_trig.cl):
 * sin cos tan sincos asin acos atan atan2, the *pi forms, fmod remainder remquo hypot and
 * the native_/half_ forms, against double-precision references from libm, in ulps
 * (ulp.h), on the edge inputs, special values and random inputs; the spec's exact edge
 * cases are counted by the "edge cases" line.
 */
#include "ulp.h"

#include <stdint.h>
#include <stdio.h>

float lib_sin(float);
float lib_cos(float);
float lib_tan(float);
float lib_sincos(float, float *);
float lib_asin(float);
float lib_acos(float);
float lib_atan(float);
float lib_atan2(float, float);
float lib_sinpi(float);
float lib_cospi(float);
float lib_tanpi(float);
float lib_asinpi(float);
float lib_acospi(float);
float lib_atanpi(float);
float lib_atan2pi(float, float);
float lib_fmod(float, float);
float lib_remainder(float, float);
float lib_remquo(float, float, int *);
float lib_hypot(float, float);
float lib_native_sin(float);
float lib_native_cos(float);
float lib_native_tan(float);
float lib_native_divide(float, float);
float lib_native_recip(float);
float lib_half_sin(float);
float lib_half_cos(float);
float lib_half_tan(float);
float lib_half_divide(float, float);
float lib_half_recip(float);

#define NRAND 100000
#define PI_D 3.14159265358979323846

/* ---- references ---- */

/* The *pi references reduce x exactly modulo 2 (fmod is exact) before multiplying by pi. */
static double ref_sinpi(float x)
{
    double r = fmod((double)x, 2.0);
    return (r == 0 || fabs(r) == 1) ? copysign(0.0, x) : sin(PI_D * r);
}
static double ref_cospi(float x)
{
    double r = fabs(fmod((double)x, 2.0));
    return r == 0.5 || r == 1.5 ? 0.0 : cos(PI_D * r);
}
static double ref_tanpi(float x)
{
    double r = fmod((double)x, 1.0); /* period 1 */
    if (fabs(r) == 0.5)              /* x = n + 1/2: +inf for even n, -inf for odd n */
        return fmod(floor(x), 2.0) == 0 ? INFINITY : -INFINITY;
    if (r == 0) /* x = n: copysign(0, n) for even n, copysign(0, -n) for odd n */
        return copysign(0.0, fmod((double)x, 2.0) == 0 ? x : -x);
    return tan(PI_D * r);
}
static double ref_sin(float x)
{
    return sin((double)x);
}
static double ref_cos(float x)
{
    return cos((double)x);
}
static double ref_tan(float x)
{
    return tan((double)x);
}
static double ref_asin(float x)
{
    return asin((double)x);
}
static double ref_acos(float x)
{
    return acos((double)x);
}
static double ref_atan(float x)
{
    return atan((double)x);
}
static double ref_asinpi(float x)
{
    return asin((double)x) / PI_D;
}
static double ref_acospi(float x)
{
    return acos((double)x) / PI_D;
}
static double ref_atanpi(float x)
{
    return atan((double)x) / PI_D;
}
static double ref_recip(float x)
{
    return 1.0 / x;
}
static double ref_atan2(float y, float x)
{
    return atan2((double)y, (double)x);
}
static double ref_atan2pi(float y, float x)
{
    return atan2((double)y, (double)x) / PI_D;
}
static double ref_fmod(float x, float y)
{
    return fmod((double)x, (double)y);
}
static double ref_remainder(float x, float y)
{
    return remainder((double)x, (double)y);
}
static double ref_hypot(float x, float y)
{
    return hypot((double)x, (double)y);
}
static double ref_divide(float x, float y)
{
    return (double)x / y;
}
static float lib_remquo_value(float x, float y)
{
    int q;
    return lib_remquo(x, y, &q);
}
static float lib_sincos_sin(float x)
{
    float c;
    return lib_sincos(x, &c);
}
static float lib_sincos_cos(float x)
{
    float c;
    (void)lib_sincos(x, &c);
    return c;
}

/* ---- the functions under test ---- */

struct fn1 {
    float (*lib)(float);
    double (*ref)(float);
    float lo, hi; /* the interesting range for random values */
    int exact_zero_sign;
};
struct fn2 {
    float (*lib)(float, float);
    double (*ref)(float, float);
    float lo, hi;
    int exact_zero_sign;
};

static struct ulp_check checks[] = {
    {.name = "sin", .bound = 4},
    {.name = "cos", .bound = 4},
    {.name = "tan", .bound = 5},
    {.name = "sincos.sin", .bound = 4},
    {.name = "sincos.cos", .bound = 4},
    {.name = "asin", .bound = 4},
    {.name = "acos", .bound = 4},
    {.name = "atan", .bound = 5},
    {.name = "sinpi", .bound = 4},
    {.name = "cospi", .bound = 4},
    {.name = "tanpi", .bound = 6},
    {.name = "asinpi", .bound = 5},
    {.name = "acospi", .bound = 5},
    {.name = "atanpi", .bound = 5},
    {.name = "native_recip", .bound = 0.5},
    {.name = "half_recip", .bound = 8192},
    {.name = "native_sin", .bound = 4},
    {.name = "native_cos", .bound = 4},
    {.name = "native_tan", .bound = 5},
    {.name = "half_sin", .bound = 8192},
    {.name = "half_cos", .bound = 8192},
    {.name = "half_tan", .bound = 8192},
    {.name = "atan2", .bound = 6},
    {.name = "atan2pi", .bound = 6},
    {.name = "fmod", .bound = 0},
    {.name = "remainder", .bound = 0},
    {.name = "remquo", .bound = 0},
    {.name = "hypot", .bound = 4},
    {.name = "native_divide", .bound = 0.5},
    {.name = "half_divide", .bound = 8192},
    {.name = "remquo.quo", .bound = 0},
    {.name = "edge cases", .bound = 0},
};
#define NCHECKS ((int)(sizeof checks / sizeof checks[0]))
enum { N1 = 22, QUO = 30, EDGE = 31 };

static const struct fn1 fn1s[N1] = {
    {lib_sin, ref_sin, -10, 10, 1},
    {lib_cos, ref_cos, -10, 10, 0},
    {lib_tan, ref_tan, -10, 10, 1},
    {lib_sincos_sin, ref_sin, -100, 100, 1},
    {lib_sincos_cos, ref_cos, -100, 100, 0},
    {lib_asin, ref_asin, -1, 1, 1},
    {lib_acos, ref_acos, -1, 1, 0},
    {lib_atan, ref_atan, -10, 10, 1},
    {lib_sinpi, ref_sinpi, -4, 4, 1},
    {lib_cospi, ref_cospi, -4, 4, 1},
    {lib_tanpi, ref_tanpi, -4, 4, 1},
    {lib_asinpi, ref_asinpi, -1, 1, 1},
    {lib_acospi, ref_acospi, -1, 1, 0},
    {lib_atanpi, ref_atanpi, -10, 10, 1},
    {lib_native_recip, ref_recip, -10, 10, 1},
    {lib_half_recip, ref_recip, -10, 10, 1},
    /* native_ and half_ sin/cos/tan: Cody-Waite reduction, measured on |x| <= 2^16 */
    {lib_native_sin, ref_sin, -65536, 65536, 1},
    {lib_native_cos, ref_cos, -65536, 65536, 0},
    {lib_native_tan, ref_tan, -65536, 65536, 1},
    {lib_half_sin, ref_sin, -65536, 65536, 1},
    {lib_half_cos, ref_cos, -65536, 65536, 0},
    {lib_half_tan, ref_tan, -65536, 65536, 1},
};
static const struct fn2 fn2s[] = {
    {lib_atan2, ref_atan2, -10, 10, 1},
    {lib_atan2pi, ref_atan2pi, -10, 10, 1},
    {lib_fmod, ref_fmod, -1e6f, 1e6f, 1},
    {lib_remainder, ref_remainder, -1e6f, 1e6f, 1},
    {lib_remquo_value, ref_remainder, -1e6f, 1e6f, 1},
    {lib_hypot, ref_hypot, -10, 10, 0},
    {lib_native_divide, ref_divide, -10, 10, 1},
    {lib_half_divide, ref_divide, -10, 10, 1},
};
#define N2 ((int)(sizeof fn2s / sizeof fn2s[0]))

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static float rand_in(float lo, float hi)
{
    return lo + (hi - lo) * (float)(ulp_rand(&rng) >> 8) * 0x1p-24f;
}

/* Signed zeros: ulp_error does not see them, so a zero result is checked bit for bit. */
static void record_edge(int ok, const float *in, int nin)
{
    if (!ok)
        printf("edge case failed at (%a, %a)\n", in[0], nin > 1 ? in[1] : 0.0f);
    ulp_record(&checks[EDGE], in, nin, ok ? 0.0f : 1.0f, 0.0);
}

static void check1(int i, float x)
{
    const struct fn1 *f = &fn1s[i];
    float got = f->lib(x);
    double ref = f->ref(x);
    /* native_/half_ sin cos tan: the half_ domain is |x| <= 2^16; beyond, native_ accuracy is
     * implementation-defined (ours: meaningless, the reduction is Cody-Waite only) */
    if (i >= 16 && isfinite(x) && fabsf(x) > 65536.0f)
        return;
    ulp_record(&checks[i], &x, 1, got, ref);
    if (f->exact_zero_sign && ref == 0 && got == 0)
        record_edge(!signbit(got) == !signbit(ref), &x, 1);
}

static void check2(int i, float x, float y)
{
    const struct fn2 *f = &fn2s[i];
    float in[2] = {x, y};
    float got = f->lib(x, y);
    double ref = f->ref(x, y);
    ulp_record(&checks[N1 + i], in, 2, got, ref);
    if (f->exact_zero_sign && ref == 0 && got == 0)
        record_edge(!signbit(got) == !signbit(ref), in, 2);
}

/* The integral quotient of |x| / |y| rounded to nearest even, modulo 128, by long division
 * one bit at a time (an independent way from the library's modular ladder). */
static int quotient_mod128(float x, float y)
{
    int ex, ey;
    double fx = frexp(fabs((double)x), &ex), fy = frexp(fabs((double)y), &ey);
    uint64_t mx = (uint64_t)ldexp(fx, 24), my = (uint64_t)ldexp(fy, 24);
    int d = ex - ey;
    if (d < 0)
        return fabsf(x) * 2 > fabsf(y) ? 1 : 0; /* a tie (|x| = |y| / 2) rounds to 0 */
    uint64_t r = 0, q = 0;
    /* mx 2^d / my: the bits of mx then d zero bits */
    for (int b = 23 + d; b >= 0; b--) {
        uint64_t bit = b >= d ? (mx >> (b - d)) & 1 : 0;
        r = r << 1 | bit;
        q <<= 1;
        if (r >= my) {
            r -= my;
            q |= 1;
        }
    }
    if (2 * r > my || (2 * r == my && (q & 1)))
        q++;
    return (int)(q & 127);
}

static void check_remquo_quo(float x, float y)
{
    int quo;
    float in[2] = {x, y};
    float r = lib_remquo(x, y, &quo);
    int bad;
    if (isnan(r)) {
        bad = quo != 0;
    } else {
        int want = quotient_mod128(x, y);
        want = (!signbit(x) != !signbit(y)) ? -want : want;
        bad = quo != want;
    }
    ulp_record(&checks[QUO], in, 2, bad ? 1.0f : 0.0f, 0.0);
}

static void check_all2(float x, float y)
{
    for (int i = 0; i < N2; i++)
        check2(i, x, y);
    check_remquo_quo(x, y);
}

/* The values the spec prescribes exactly (OpenCL C "Edge Case Behavior", C99 F.9). */
static void check_exact(float got, float want, float x, float y)
{
    float in[2] = {x, y};
    int ok = isnan(want) ? isnan(got) : ulp_bits(got) == ulp_bits(want);
    if (!ok)
        printf("edge case: (%a, %a) got %a want %a\n", x, y, got, want);
    record_edge(ok, in, 2);
}

static void edge_cases(void)
{
    const float inf = INFINITY, nan = NAN, pi = 0x1.921fb6p+1f, pio2 = 0x1.921fb6p+0f;
    check_exact(lib_sin(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_tan(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_cos(-0.0f), 1.0f, -0.0f, 0);
    check_exact(lib_sin(inf), nan, inf, 0);
    check_exact(lib_cos(-inf), nan, -inf, 0);
    check_exact(lib_tan(inf), nan, inf, 0);
    check_exact(lib_asin(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_asin(1.5f), nan, 1.5f, 0);
    check_exact(lib_acos(1.0f), 0.0f, 1.0f, 0);
    check_exact(lib_acos(-1.0000001f), nan, -1.0000001f, 0);
    check_exact(lib_atan(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_atan(inf), pio2, inf, 0);
    check_exact(lib_atan(-inf), -pio2, -inf, 0);
    /* atan2 (C99 F.9.1.4) and atan2pi (OpenCL edge cases) */
    const float zs[2] = {0.0f, -0.0f};
    for (int s = 0; s < 2; s++) {
        float z = zs[s], sg = s ? -1.0f : 1.0f;
        check_exact(lib_atan2(z, -0.0f), sg * pi, z, -0.0f);
        check_exact(lib_atan2(z, 0.0f), z, z, 0.0f);
        check_exact(lib_atan2(z, -3.0f), sg * pi, z, -3.0f);
        check_exact(lib_atan2(z, 3.0f), z, z, 3.0f);
        check_exact(lib_atan2pi(z, -0.0f), sg, z, -0.0f);
        check_exact(lib_atan2pi(z, 0.0f), z, z, 0.0f);
        check_exact(lib_atan2pi(z, -2.0f), sg, z, -2.0f);
        check_exact(lib_atan2pi(z, 2.0f), z, z, 2.0f);
        check_exact(lib_atan2pi(sg * 5, inf), z, sg * 5, inf);
        check_exact(lib_atan2pi(sg * 5, -inf), sg, sg * 5, -inf);
        check_exact(lib_atan2pi(sg * inf, 7.0f), sg * 0.5f, sg * inf, 7.0f);
        check_exact(lib_atan2pi(sg * inf, -inf), sg * 0.75f, sg * inf, -inf);
        check_exact(lib_atan2pi(sg * inf, inf), sg * 0.25f, sg * inf, inf);
        check_exact(lib_atan2pi(sg * 3, z), sg * 0.5f, sg * 3, z);
        check_exact(lib_atan2(sg * inf, -inf), sg * 0x1.2d97c8p+1f, sg * inf, -inf);
        check_exact(lib_atan2(sg * inf, inf), sg * 0x1.921fb6p-1f, sg * inf, inf);
    }
    check_exact(lib_atan2(nan, 1.0f), nan, nan, 1.0f);
    check_exact(lib_atan2(1.0f, nan), nan, 1.0f, nan);
    check_exact(lib_asinpi(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_asinpi(-2.0f), nan, -2.0f, 0);
    check_exact(lib_acospi(1.0f), 0.0f, 1.0f, 0);
    check_exact(lib_acospi(2.0f), nan, 2.0f, 0);
    check_exact(lib_atanpi(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_atanpi(inf), 0.5f, inf, 0);
    check_exact(lib_atanpi(-inf), -0.5f, -inf, 0);
    /* sinpi, cospi, tanpi */
    const float whole[] = {0.0f,    1.0f,        2.0f,        3.0f,        4.0f,
                           5.0f,    1e6f,        0x1p22f + 1, 0x1p23f + 1, 0x1p23f,
                           0x1p24f, 0x1p24f + 2, 0x1p30f,     0x1p127f};
    for (unsigned i = 0; i < sizeof whole / sizeof whole[0]; i++) {
        for (int s = 0; s < 2; s++) {
            float n = s ? -whole[i] : whole[i];
            int odd = fmodf(whole[i], 2.0f) == 1.0f;
            check_exact(lib_sinpi(n), s ? -0.0f : 0.0f, n, 0);
            check_exact(lib_cospi(n), odd ? -1.0f : 1.0f, n, 0);
            /* tanpi(n) = copysign(0, n) for even n, copysign(0, -n) for odd n */
            check_exact(lib_tanpi(n), (s != odd) ? -0.0f : 0.0f, n, 0);
            if (whole[i] < 0x1p22f) {
                float h = n + (s ? -0.5f : 0.5f);       /* |n| + 0.5 with the sign of n */
                float m = s ? -whole[i] - 1 : whole[i]; /* h = m + 0.5 */
                int m_odd = fmodf(fabsf(m), 2.0f) == 1.0f;
                check_exact(lib_cospi(h), 0.0f, h, 0);
                check_exact(lib_tanpi(h), m_odd ? -inf : inf, h, 0);
            }
        }
    }
    check_exact(lib_sinpi(inf), nan, inf, 0);
    check_exact(lib_cospi(-inf), nan, -inf, 0);
    check_exact(lib_tanpi(inf), nan, inf, 0);
    check_exact(lib_sinpi(nan), nan, nan, 0);
    /* fmod, remainder, remquo (C99 F.9.7, the OpenCL remquo line) */
    const float odd_vals[] = {0.0f, -0.0f, 1.0f, -3.5f, 0x1p-149f, 0x1p127f, inf, -inf, nan};
    for (unsigned i = 0; i < 9; i++) {
        for (unsigned j = 0; j < 9; j++) {
            float x = odd_vals[i], y = odd_vals[j];
            int quo = 99;
            float r = lib_remquo(x, y, &quo);
            int invalid = isnan(x) || isnan(y) || isinf(x) || y == 0;
            check_exact(lib_fmod(x, y), invalid ? nan : (float)fmod(x, y), x, y);
            check_exact(lib_remainder(x, y), invalid ? nan : (float)remainder(x, y), x, y);
            check_exact(r, invalid ? nan : (float)remainder(x, y), x, y);
            if (invalid)
                record_edge(quo == 0, (float[]){x, y}, 2);
        }
    }
    check_exact(lib_fmod(-4.0f, 2.0f), -0.0f, -4.0f, 2.0f);
    check_exact(lib_remainder(-4.0f, 2.0f), -0.0f, -4.0f, 2.0f);
    check_exact(lib_remainder(3.0f, 2.0f), -1.0f, 3.0f, 2.0f); /* tie to even k = 2 */
    check_exact(lib_remainder(5.0f, 2.0f), 1.0f, 5.0f, 2.0f);  /* tie to even k = 2 */
    /* hypot (C99 F.9.4.3) */
    check_exact(lib_hypot(inf, nan), inf, inf, nan);
    check_exact(lib_hypot(nan, -inf), inf, nan, -inf);
    check_exact(lib_hypot(-0.0f, -0.0f), 0.0f, -0.0f, -0.0f);
    check_exact(lib_hypot(nan, 1.0f), nan, nan, 1.0f);
    check_exact(lib_hypot(0x1p127f, 0x1p127f), 0x1.6a09e6p+127f, 0x1p127f, 0x1p127f);
    check_exact(lib_hypot(0x1.fffffep127f, 0x1p127f), inf, 0x1.fffffep127f, 0x1p127f);
    check_exact(lib_hypot(3e38f, 1.0f), 3e38f, 3e38f, 1.0f);
    check_exact(lib_hypot(0x1p-149f, 0.0f), 0x1p-149f, 0x1p-149f, 0.0f);
    /* half_ and native_ keep the edge cases of their functions */
    check_exact(lib_half_sin(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_half_tan(-0.0f), -0.0f, -0.0f, 0);
    check_exact(lib_half_cos(inf), nan, inf, 0);
}

/* Floats closest to multiples of pi/2 (the worst cancellations of the reduction). */
static float near_multiple_of_pio2(uint64_t k)
{
    return (float)((double)k * (PI_D / 2));
}

int main(void)
{
    for (int e = 0; e < ULP_NEDGE; e++) {
        float x = ulp_float(ulp_edge_bits[e]);
        for (int i = 0; i < N1; i++)
            check1(i, x);
        for (int f = 0; f < ULP_NEDGE; f++)
            check_all2(x, ulp_float(ulp_edge_bits[f]));
    }
    for (int n = 0; n < NRAND; n++) {
        float bits = ulp_float(ulp_rand(&rng)), bits2 = ulp_float(ulp_rand(&rng));
        for (int i = 0; i < N1; i++) {
            check1(i, bits);
            check1(i, rand_in(fn1s[i].lo, fn1s[i].hi));
        }
        /* pairs: random bits; random values in range; close magnitudes; halves and wholes */
        check_all2(bits, bits2);
        for (int i = 0; i < N2; i++)
            check2(i, rand_in(fn2s[i].lo, fn2s[i].hi), rand_in(fn2s[i].lo, fn2s[i].hi));
        float y = rand_in(-100, 100), k = (float)(int)rand_in(-300, 300);
        check_all2(y * k + rand_in(-1, 1) * y, y);
        check_all2(y * (k + 0.5f), y);
        check_all2(bits, ulp_float((ulp_rand(&rng) & 0x807fffffu))); /* denormal y */
        /* hypot near overflow and underflow */
        check2(5, ldexpf(bits2 = rand_in(-2, 2), 126), ldexpf(rand_in(-2, 2), 126));
        check2(5, ldexpf(bits2, -140), ldexpf(rand_in(-2, 2), -130));
        /* the sin/cos/tan reduction near multiples of pi/2, large and small */
        float near = near_multiple_of_pio2(ulp_rand(&rng) >> (ulp_rand(&rng) & 31));
        for (int i = 0; i < 5; i++) {
            check1(i, near);
            check1(i, ulp_float(ulp_bits(near) + 1));
        }
        float half = (float)((int)rand_in(-1000, 1000)) * 0.5f;
        for (int i = 8; i < 11; i++)
            check1(i, half);
    }
    edge_cases();
    return ulp_report(checks, NCHECKS) ? 1 : 0;
}
