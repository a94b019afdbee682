// SPDX-License-Identifier: MIT
// The exponential, logarithm, power, root and hyperbolic builtins for scalar float (OpenCL C
// 3.0, "Math Functions"), with the accuracy of the spec's full-profile ulp table.
//
// Everything rests on three cores, so each kernel's hardware holds few distinct pieces:
// - __oclhls_exp2_hl(hi, lo) = 2^(hi + lo): rounding to an integer n, a degree-6 polynomial
//   on [-1/2, 1/2] and a scaling by 2^n in two exact-or-once-rounded multiplications, so
//   results that overflow, underflow or are denormal come out right. exp, exp10, pow, ...
//   pass their exponent in two parts (hi + lo) to keep the bits a plain product would lose.
// - __oclhls_log2_hl(x, k) = log2(x) + k as an unevaluated sum hi + lo (about 2^-30
//   relative), from s = (m - 1)/(m + 1) with m in [sqrt(1/2), sqrt(2)); pow needs the extra
//   bits, log/log2/log10/log1p round the sum once.
// - __oclhls_expm1_reduced(x, &n): e^x = 2^n (1 + em) in natural units (Cody-Waite
//   reduction, exact for n = 0) for expm1 and the hyperbolic functions, where 1 + em must
//   not be formed.
// Polynomial coefficients are near-minimax fits (Chebyshev) rounded to float.
// The native_ and half_ forms are the full-accuracy functions (the spec allows any accuracy
// for native_, 8192 ulp for half_): cheaper versions would save little next to the cores.
#pragma OPENCL FP_CONTRACT OFF

#define OCLHLS_FMA __builtin_fmaf
#define OCLHLS_FABS __builtin_fabsf

// log2(e), log2(10), ln(2), log10(2) and 2/ln(2) as float pairs hi + lo.
#define OCLHLS_LOG2E_HI 0x1.715476p+0f
#define OCLHLS_LOG2E_LO 0x1.4ae0cp-26f
#define OCLHLS_LOG2_10_HI 0x1.a934f0p+1f
#define OCLHLS_LOG2_10_LO 0x1.2f346ep-24f
#define OCLHLS_LN2_HI 0x1.62e430p-1f
#define OCLHLS_LN2_LO -0x1.05c61p-29f
#define OCLHLS_LOG10_2_HI 0x1.344136p-2f
#define OCLHLS_LOG10_2_LO -0x1.ec10cp-27f
#define OCLHLS_2_LN2_HI 0x1.715476p+1f
#define OCLHLS_2_LN2_LO 0x1.4ae0cp-25f
// ln(2) with 16 significant bits (n * hi exact for |n| < 256) and the rest.
#define OCLHLS_LN2_CW_HI 0x1.62e4p-1f
#define OCLHLS_LN2_CW_LO 0x1.7f7d1cp-20f
// Adding and subtracting 1.5 * 2^23 rounds |v| < 2^22 to an integer.
#define OCLHLS_ROUND_INT(v) (((v) + 0x1.8p23f) - 0x1.8p23f)

// 2^n for n in [-126, 127].
float OCLHLS_OVL __oclhls_exp_pow2i(int n) { return as_float((uint)(n + 127) << 23); }

// p * 2^n for n in [-160, 130] and p in [1/2, 2]: the first product is exact, the second
// rounds once, also into the denormals.
float OCLHLS_OVL __oclhls_exp_scale(float p, int n)
{
    int n1 = n >> 1;
    return p * __oclhls_exp_pow2i(n1) * __oclhls_exp_pow2i(n - n1);
}

// 2^(hi + lo) for |lo| <= 1/64 (a rounding error, or Stirling's series in tgamma); NaN hi is
// not propagated (callers select it).
float OCLHLS_OVL __oclhls_exp2_hl(float hi, float lo)
{
    // Beyond 2^+-160 the result is inf or 0 whatever lo is (lo may then be NaN: inf - inf).
    lo = OCLHLS_FABS(hi) < 160.0f ? lo : 0.0f;
    hi = __builtin_fminf(__builtin_fmaxf(hi, -160.0f), 130.0f);
    float nf = OCLHLS_ROUND_INT(hi);
    // hi - nf is exact; adding lo rounds r by at most 2^-26 (0.2 ulp in the result).
    float r = (hi - nf) + lo;
    // 2^r = 1 + r q(r): within 5e-9 relative for |r| <= 1/2, 2e-8 up to 0.52
    float q = OCLHLS_FMA(r, 0x1.44138ap-13f, 0x1.5f089p-10f);
    q = OCLHLS_FMA(r, q, 0x1.3b2a54p-7f);
    q = OCLHLS_FMA(r, q, 0x1.c6af6cp-5f);
    q = OCLHLS_FMA(r, q, 0x1.ebfbe0p-3f);
    q = OCLHLS_FMA(r, q, 0x1.62e430p-1f);
    float p = OCLHLS_FMA(r, q, 1.0f);
    return __oclhls_exp_scale(p, (int)nf);
}

// 2^(x * (chi + clo)): the product in two parts, for e^x and 10^x.
float OCLHLS_OVL __oclhls_exp2_scaled(float x, float chi, float clo)
{
    float hi = x * chi;
    float lo = OCLHLS_FMA(x, chi, -hi) + x * clo;
    float r = __oclhls_exp2_hl(hi, lo);
    return x != x ? x : r;
}

// log2(x) + k as hi + lo (|lo| <= ulp(hi)/2) for finite x > 0, denormals included.
float2 OCLHLS_OVL __oclhls_log2_hl(float x, int k)
{
    int denormal = x < 0x1p-126f;
    uint bits = as_uint(denormal ? x * 0x1p23f : x);
    // x = 2^e m with m in [sqrt(1/2), sqrt(2)): e from the bits of x / sqrt(1/2).
    int e = (int)(bits - 0x3f3504f3u) >> 23;
    float m = as_float(bits - ((uint)e << 23));
    e += k - (denormal ? 23 : 0);
    // log2(m) = (2/ln2) atanh(s), s = f / (2 + f), |s| < 0.172; s = shi + slo.
    float f = m - 1.0f;
    float d = f + 2.0f;
    float dlo = f - (d - 2.0f); // 2 + f = d + dlo exactly
    float rcp = 1.0f / d;
    float s = f * rcp;
    float slo = (OCLHLS_FMA(-s, d, f) - s * dlo) * rcp;
    float z = s * s;
    // (2/ln2) (s + s^3/3 + s^5/5 + ...) = (2/ln2) s + s^3 P(s^2)
    float p = OCLHLS_FMA(z, 0x1.58aa64p-2f, 0x1.a5c972p-2f);
    p = OCLHLS_FMA(z, p, 0x1.2777p-1f);
    p = OCLHLS_FMA(z, p, 0x1.ec709ep-1f);
    float hi = s * OCLHLS_2_LN2_HI;
    float tail = OCLHLS_FMA(s * z, p, OCLHLS_FMA(slo, OCLHLS_2_LN2_HI, s * OCLHLS_2_LN2_LO));
    float lo = OCLHLS_FMA(s, OCLHLS_2_LN2_HI, -hi) + tail;
    // e + hi + lo; |hi| < 1/2 <= |e| unless e = 0, so the fast two-sum is exact.
    float ef = (float)e;
    float h = ef + hi;
    float l = (hi - (h - ef)) + lo;
    float h2 = h + l;
    return (float2)(h2, l - (h2 - h));
}

// ln(u) + corr (corr a small correction such as c/u for ln(u + c)), plus k ln2.
float OCLHLS_OVL __oclhls_ln_hl(float u, float corr, int k)
{
    float2 l = __oclhls_log2_hl(u, k);
    float r = l.x * OCLHLS_LN2_HI;
    float tail = OCLHLS_FMA(l.x, OCLHLS_LN2_LO, OCLHLS_FMA(l.y, OCLHLS_LN2_HI, corr));
    return r + (OCLHLS_FMA(l.x, OCLHLS_LN2_HI, -r) + tail);
}

// The logarithms' edge cases around r, the result for finite x > 0.
float OCLHLS_OVL __oclhls_log_edges(float x, float r)
{
    r = x == INFINITY ? x : r;
    r = x == 0.0f ? -INFINITY : r;
    r = x < 0.0f ? NAN : r;
    return x != x ? x : r;
}

// ln(1 + x) for x > -1 by the log core at u = 1 + x, plus the rounding error of 1 + x over u.
float OCLHLS_OVL __oclhls_log1p_core(float x)
{
    float u = 1.0f + x;
    float c = OCLHLS_FABS(x) < 1.0f ? x - (u - 1.0f) : 1.0f - (u - x);
    c = OCLHLS_FABS(x) < 0x1p25f ? c : 0.0f; // inf - inf
    return __oclhls_ln_hl(u, c / u, 0);
}

// e^x = 2^n (1 + em) with |x - n ln2| <= ln2 / 2; x in [-64, 90].
float OCLHLS_OVL __oclhls_expm1_reduced(float x, int *n)
{
    float nf = OCLHLS_ROUND_INT(x * OCLHLS_LOG2E_HI);
    float r = (x - nf * OCLHLS_LN2_CW_HI) - nf * OCLHLS_LN2_CW_LO; // = x when n = 0
    *n = (int)nf;
    // e^r - 1 = r + r^2 q(r)
    float q = OCLHLS_FMA(r, 0x1.a12a34p-13f, 0x1.6d491p-10f);
    q = OCLHLS_FMA(r, q, 0x1.1110ep-7f);
    q = OCLHLS_FMA(r, q, 0x1.5554e4p-5f);
    q = OCLHLS_FMA(r, q, 0x1.555556p-3f);
    q = OCLHLS_FMA(r, q, 0x1p-1f);
    return OCLHLS_FMA(r * r, q, r);
}

// 2^n (1 + em) - 1 for n in [-126, 64]: 2^n em + (2^n - 1), one rounding for n <= 24.
float OCLHLS_OVL __oclhls_expm1_join(float em, int n)
{
    float s = __oclhls_exp_pow2i(n);
    return OCLHLS_FMA(s, em, s - 1.0f);
}

// ---- exponentials ----

float OCLHLS_OVL exp2(float x)
{
    float r = __oclhls_exp2_hl(x, 0.0f);
    return x != x ? x : r;
}

float OCLHLS_OVL exp(float x)
{
    return __oclhls_exp2_scaled(x, OCLHLS_LOG2E_HI, OCLHLS_LOG2E_LO);
}

float OCLHLS_OVL exp10(float x)
{
    return __oclhls_exp2_scaled(x, OCLHLS_LOG2_10_HI, OCLHLS_LOG2_10_LO);
}

float OCLHLS_OVL expm1(float x)
{
    int n;
    float em = __oclhls_expm1_reduced(__builtin_fminf(__builtin_fmaxf(x, -64.0f), 90.0f), &n);
    // Above 2^64 the -1 vanishes: compute 2^(n-64) (1 + em) and scale by 2^64 after.
    int k = n > 64 ? 64 : 0;
    float s = __oclhls_exp_pow2i(n - k);
    float r = OCLHLS_FMA(s, em, s - __oclhls_exp_pow2i(-k)) * __oclhls_exp_pow2i(k);
    r = __builtin_copysignf(r, x); // expm1(-0) = -0
    return x != x ? x : r;
}

// ---- logarithms ----

float OCLHLS_OVL log2(float x)
{
    return __oclhls_log_edges(x, __oclhls_log2_hl(x, 0).x);
}

float OCLHLS_OVL log(float x) { return __oclhls_log_edges(x, __oclhls_ln_hl(x, 0.0f, 0)); }

float OCLHLS_OVL log10(float x)
{
    float2 l = __oclhls_log2_hl(x, 0);
    float r = l.x * OCLHLS_LOG10_2_HI;
    float tail = OCLHLS_FMA(l.x, OCLHLS_LOG10_2_LO, l.y * OCLHLS_LOG10_2_HI);
    return __oclhls_log_edges(x, r + (OCLHLS_FMA(l.x, OCLHLS_LOG10_2_HI, -r) + tail));
}

float OCLHLS_OVL log1p(float x)
{
    float r = __builtin_copysignf(__oclhls_log1p_core(x), x); // log1p(-0) = -0
    r = x == INFINITY ? x : r;
    r = x == -1.0f ? -INFINITY : r;
    r = x < -1.0f ? NAN : r;
    return x != x ? x : r;
}

// ---- powers and roots ----

// |x|^(yhi + ylo) for x not NaN and yhi != 0: 2^(y log2|x|) with the product in two parts.
// |x| = 1 with infinite y gives 0 (NaN exponent): callers decide that case.
float OCLHLS_OVL __oclhls_pow_mag(float x, float yhi, float ylo)
{
    float ax = OCLHLS_FABS(x);
    int edge = ax == 0.0f || ax == INFINITY;
    float2 l = __oclhls_log2_hl(ax, 0);
    float lhi = edge ? (ax == 0.0f ? -INFINITY : INFINITY) : l.x;
    float llo = edge ? 0.0f : l.y;
    float phi = yhi * lhi;
    float plo = OCLHLS_FMA(yhi, lhi, -phi) + OCLHLS_FMA(yhi, llo, ylo * lhi);
    return __oclhls_exp2_hl(phi, plo);
}

// The sign and special values shared by pow and pown, C99 F.9.4.4; y_odd: y an odd integer.
float OCLHLS_OVL __oclhls_pow_edges(float x, float y, float mag, int y_int, int y_odd)
{
    uint bx = as_uint(x);
    float r = (bx >> 31) && y_odd ? -mag : mag;
    // x < 0 and finite, on the bits: as float compares LLVM turns it into llvm.is.fpclass(x,
    // 999), which the hardware lowering (hls/lower/lower_float.c) currently gets wrong
    int x_neg_finite = bx > 0x80000000u && bx < 0xff800000u;
    r = x_neg_finite && !y_int ? NAN : r;
    r = x != x || y != y ? x + y : r;
    return x == 1.0f || y == 0.0f || (x == -1.0f && OCLHLS_FABS(y) == INFINITY) ? 1.0f : r;
}

float OCLHLS_OVL pow(float x, float y)
{
    // y is an integer when |y| >= 2^23 or the bits below its binary point are zero.
    uint by = as_uint(y);
    int ey = (int)((by >> 23) & 0xffu) - 127;
    uint my = (by & 0x7fffffu) | 0x800000u;
    int in_range = ey >= 0 && ey < 23;
    int no_fraction = in_range && (my << ((ey + 9) & 31)) == 0u;
    int y_int = ey >= 23 || no_fraction || y == 0.0f;
    int y_odd = (ey == 23 && (my & 1u)) || (no_fraction && ((my >> ((23 - ey) & 31)) & 1u));
    return __oclhls_pow_edges(x, y, __oclhls_pow_mag(x, y, 0.0f), y_int, y_odd);
}

float OCLHLS_OVL pown(float x, int n)
{
    // n = yhi + ylo exactly (float(n) rounds when |n| > 2^24).
    float yhi = (float)n;
    float ylo = (float)((long)n - (long)yhi);
    return __oclhls_pow_edges(x, yhi, __oclhls_pow_mag(x, yhi, ylo), 1, n & 1);
}

float OCLHLS_OVL powr(float x, float y)
{
    float r = __oclhls_pow_mag(x, y, 0.0f); // x^0 = 1 for finite x > 0 falls out
    float ay = OCLHLS_FABS(y);
    int nan = x < 0.0f || x != x || y != y || (x == 1.0f && ay == INFINITY) ||
              ((x == 0.0f || x == INFINITY) && y == 0.0f);
    return nan ? NAN : r;
}

float OCLHLS_OVL rootn(float x, int n)
{
    // 1/n = yhi + ylo (ylo from the exact residual 1 - yhi n when n is exact in float).
    float nf = (float)n;
    float yhi = 1.0f / nf;
    float ylo = OCLHLS_FMA(-yhi, nf, 1.0f) * yhi;
    int odd = n & 1;
    float r = __oclhls_pow_mag(x, yhi, ylo);
    r = (as_uint(x) >> 31) && odd ? -r : r;
    int nan = n == 0 || x != x || (x < 0.0f && !odd);
    return nan ? NAN : r;
}

float OCLHLS_OVL sqrt(float x) { return __builtin_sqrtf(x); }

// Two correctly rounded operations: below 1.5 ulp.
float OCLHLS_OVL rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }

float OCLHLS_OVL cbrt(float x)
{
    // |x| = 2^(3k) m, m in [1, 8); cbrt(m) from Newton steps on t = m^(-1/3), which need no
    // division, and a last correction of y = m t^2 from its exact residual m - y^3.
    float ax = OCLHLS_FABS(x);
    int denormal = ax < 0x1p-126f;
    uint bits = as_uint(denormal ? ax * 0x1p24f : ax);
    int e = (int)(bits >> 23) - 127 - (denormal ? 24 : 0); // in [-150, 127]
    int k = (int)((uint)(e + 153) / 3u) - 51;               // floor(e / 3)
    float m = as_float((bits & 0x7fffffu) | ((uint)(127 + e - 3 * k) << 23));
    float t = as_float(0x54a2fa8cu - as_uint(m) / 3u); // within 4%
    const float third = 0x1.555556p-2f;
    t = OCLHLS_FMA(t * third, OCLHLS_FMA(-m, t * t * t, 1.0f), t);
    t = OCLHLS_FMA(t * third, OCLHLS_FMA(-m, t * t * t, 1.0f), t);
    t = OCLHLS_FMA(t * third, OCLHLS_FMA(-m, t * t * t, 1.0f), t);
    float t2 = t * t;
    float y = m * t2;
    float y2 = y * y;
    float res = OCLHLS_FMA(-y2, y, m) - OCLHLS_FMA(y, y, -y2) * y;
    y = OCLHLS_FMA(res, t2 * third, y);
    float r = __builtin_copysignf(y * __oclhls_exp_pow2i(k), x);
    return ax == 0.0f || ax == INFINITY || x != x ? x : r;
}

// ---- hyperbolic functions ----

float OCLHLS_OVL sinh(float x)
{
    float ax = OCLHLS_FABS(x);
    int n;
    float em = __oclhls_expm1_reduced(__builtin_fminf(ax, 90.0f), &n);
    // Small: (E + E/(E + 1)) / 2 with E = e^|x| - 1; large: e^|x| / 2 = 2^(n-1) (1 + em).
    float e1 = __oclhls_expm1_join(em, n);
    float small = 0.5f * (e1 + e1 / (e1 + 1.0f));
    float large = __oclhls_exp_scale(1.0f + em, n - 1);
    float r = __builtin_copysignf(ax < 10.0f ? small : large, x);
    return x != x ? x : r;
}

float OCLHLS_OVL cosh(float x)
{
    int n;
    float em = __oclhls_expm1_reduced(__builtin_fminf(OCLHLS_FABS(x), 90.0f), &n);
    float half_exp = __oclhls_exp_scale(1.0f + em, n - 1); // e^|x| / 2
    float r = half_exp + 0.25f / half_exp;
    return x != x ? x : r;
}

float OCLHLS_OVL tanh(float x)
{
    // (e^2|x| - 1) / (e^2|x| + 1); beyond |x| = 10 it rounds to 1.
    int n;
    float em = __oclhls_expm1_reduced(2.0f * __builtin_fminf(OCLHLS_FABS(x), 10.0f), &n);
    float e1 = __oclhls_expm1_join(em, n);
    float r = __builtin_copysignf(e1 / (e1 + 2.0f), x);
    return x != x ? x : r;
}

float OCLHLS_OVL asinh(float x)
{
    // ln(1 + t), t = |x| + x^2 / (1 + sqrt(1 + x^2)); above 2^12 ln(2|x|).
    float ax = OCLHLS_FABS(x);
    int large = ax >= 0x1p12f;
    float x2 = ax * ax;
    float t = ax + x2 / (1.0f + __builtin_sqrtf(1.0f + x2));
    float u = 1.0f + t;
    float c = t < 1.0f ? t - (u - 1.0f) : 1.0f - (u - t); // the rounding error of 1 + t
    float r = __oclhls_ln_hl(large ? ax : u, large ? 0.0f : c / u, large);
    r = __builtin_copysignf(r, x);
    return ax == INFINITY || x != x ? x : r;
}

float OCLHLS_OVL acosh(float x)
{
    // ln(1 + w), w = t + sqrt(t (t + 2)), t = x - 1 (exact); above 2^12 ln(2x).
    int large = x >= 0x1p12f;
    float t = x - 1.0f;
    float w = t + __builtin_sqrtf(t * (t + 2.0f));
    float u = 1.0f + w;
    float c = w < 1.0f ? w - (u - 1.0f) : 1.0f - (u - w);
    float r = __oclhls_ln_hl(large ? x : u, large ? 0.0f : c / u, large);
    r = x == INFINITY ? x : r;
    r = x < 1.0f ? NAN : r;
    return x != x ? x : r;
}

float OCLHLS_OVL atanh(float x)
{
    // ln((1 + |x|) / (1 - |x|)) / 2 = log1p(2|x| / (1 - |x|)) / 2
    float ax = OCLHLS_FABS(x);
    float w = (2.0f * ax) / (1.0f - ax);
    float r = __builtin_copysignf(0.5f * __oclhls_log1p_core(w), x);
    r = ax == 1.0f ? __builtin_copysignf(INFINITY, x) : r;
    r = ax > 1.0f ? NAN : r;
    return x != x ? x : r;
}

// ---- error function ----

// erfc(x) for x >= 0: e^(-x^2) f(t), f = erfc(x) e^(x^2) as a polynomial in
// t = (x - 4) / (x + 4) (x in [0, 10.1] gives t in [-1, 0.44], f within 3.1e-10
// relative); e^(-x^2) from x^2 in two parts. Zero above 10.5 (erfc(10.06) < 2^-149 / 2).
float OCLHLS_OVL __oclhls_erfc_pos(float x)
{
    x = __builtin_fminf(x, 10.5f);
    float t = (x - 4.0f) / (x + 4.0f);
    float f = OCLHLS_FMA(t, 0x1.a70056p-14f, -0x1.f603ecp-16f);
    f = OCLHLS_FMA(t, f, -0x1.abd848p-11f);
    f = OCLHLS_FMA(t, f, 0x1.0a08ccp-8f);
    f = OCLHLS_FMA(t, f, -0x1.a4b62p-7f);
    f = OCLHLS_FMA(t, f, 0x1.00684ep-5f);
    f = OCLHLS_FMA(t, f, -0x1.027e08p-4f);
    f = OCLHLS_FMA(t, f, 0x1.be5016p-4f);
    f = OCLHLS_FMA(t, f, -0x1.506662p-3f);
    f = OCLHLS_FMA(t, f, 0x1.bff01ap-3f);
    f = OCLHLS_FMA(t, f, -0x1.094922p-2f);
    f = OCLHLS_FMA(t, f, 0x1.18932cp-3f);
    float x2 = x * x;
    float x2lo = OCLHLS_FMA(x, x, -x2);
    float h = x2 * OCLHLS_LOG2E_HI;
    float l = OCLHLS_FMA(x2, OCLHLS_LOG2E_HI, -h) +
              OCLHLS_FMA(x2, OCLHLS_LOG2E_LO, x2lo * OCLHLS_LOG2E_HI);
    return __oclhls_exp2_hl(-h, -l) * f;
}

float OCLHLS_OVL erfc(float x)
{
    float e = __oclhls_erfc_pos(OCLHLS_FABS(x));
    float r = x < 0.0f ? 2.0f - e : e;
    return x != x ? x : r;
}

float OCLHLS_OVL erf(float x)
{
    // |x| < 1/2: x P(x^2) (1.4e-9 relative); above, 1 - erfc(|x|) >= 0.52 loses nothing.
    float ax = OCLHLS_FABS(x);
    float z = x * x;
    float p = OCLHLS_FMA(z, 0x1.354512p-8f, -0x1.b6661p-6f);
    p = OCLHLS_FMA(z, p, 0x1.ce251p-4f);
    p = OCLHLS_FMA(z, p, -0x1.812732p-2f);
    p = OCLHLS_FMA(z, p, 0x1.20dd74p+0f);
    float large = __builtin_copysignf(1.0f - __oclhls_erfc_pos(ax), x);
    float r = ax < 0.5f ? x * p : large;
    return x != x ? x : r;
}

// ---- gamma function ----

// sin(pi ax) for ax >= 0 (0 exactly at the integers): ax - round(ax) in [-1/2, 1/2] is
// exact; sin(pi r) = r P(r^2) within 2.7e-11 relative.
float OCLHLS_OVL __oclhls_gamma_sinpi(float ax)
{
    float n = ax < 0x1p23f ? (ax + 0x1p23f) - 0x1p23f : ax;
    float r = ax - n;
    float z = r * r;
    float p = OCLHLS_FMA(z, -0x1.cc9b6p-8f, 0x1.501408p-4f);
    p = OCLHLS_FMA(z, p, -0x1.32d12ep-1f);
    p = OCLHLS_FMA(z, p, 0x1.466bcp+1f);
    p = OCLHLS_FMA(z, p, -0x1.4abbcep+2f);
    p = OCLHLS_FMA(z, p, 0x1.921fb6p+1f);
    float s = r * p;
    return ((int)__builtin_fminf(n, 0x1p24f) & 1) ? -s : s;
}

// log2 Gamma(z + zlo) for z >= 8, |zlo| <= ulp(z), as hi + lo, by Stirling's series
//   (z - 1/2) log2 z - z log2 e + log2 sqrt(2 pi)
//     + (1/(12z) - 1/(360z^3) + 1/(1260z^5) - 1/(1680z^7)) log2 e   (next term < 2^-35)
// plus zlo psi(z) log2 e with psi(z) ~ ln z - 1/(2z). *log2z: log2 z rounded.
float2 OCLHLS_OVL __oclhls_gamma_stirling(float z, float zlo, float *log2z)
{
    float2 l = __oclhls_log2_hl(z, 0);
    *log2z = l.x;
    float y = z - 0.5f; // exact below 2^23; above, its rounding is below 2^-24 relative
    float ph = y * l.x;
    float pl = OCLHLS_FMA(y, l.x, -ph) + y * l.y;
    float qh = z * OCLHLS_LOG2E_HI;
    float ql = OCLHLS_FMA(z, OCLHLS_LOG2E_HI, -qh) + z * OCLHLS_LOG2E_LO;
    // fast two-sums: ph >= qh >= 11 > log2 sqrt(2 pi) for z >= 8
    float s1 = ph - qh;
    float e1 = (ph - s1) - qh;
    const float c_hi = 0x1.53643ap+0f, c_lo = -0x1.6ce442p-26f; // log2 sqrt(2 pi)
    float s2 = s1 + c_hi;
    float e2 = c_hi - (s2 - s1);
    float w = 1.0f / z;
    float w2 = w * w;
    float series = OCLHLS_FMA(w2, -0x1.381382p-11f, 0x1.a01a02p-11f); // -1/1680, 1/1260
    series = OCLHLS_FMA(w2, series, -0x1.6c16c2p-9f);                  // -1/360
    series = OCLHLS_FMA(w2, series, 0x1.555556p-4f);                   // 1/12
    series = w * series * OCLHLS_LOG2E_HI;
    float psi = OCLHLS_FMA(l.x, OCLHLS_LN2_HI, -0.5f * w);
    float lo = (e1 + e2) + (pl - ql) + (c_lo + OCLHLS_FMA(zlo * OCLHLS_LOG2E_HI, psi, series));
    return (float2)(s2, lo);
}

// The pieces of Gamma(x) for finite x: with ax = |x| and d = ax (ax + 1) ... (ax + 7)
// (1 when ax >= 8), Gamma(ax) = 2^e / d, e = log2 Gamma(ax + 8) (or of ax); for x < 0,
// Gamma(x) = pi / (ax sinpi(x) Gamma(ax)) (reflection). d multiplies pairs:
// u = ax (ax + 7), then u (u + 6) (u + 10) (u + 12), four roundings of precise factors.
struct __oclhls_gamma_parts {
    float2 e;    // log2 Gamma of the shifted argument
    float d;     // the shift's product
    float sinpi; // sin(pi x)
    float log2z; // log2 of the shifted argument
};

struct __oclhls_gamma_parts OCLHLS_OVL __oclhls_gamma_parts(float x)
{
    struct __oclhls_gamma_parts g;
    float ax = OCLHLS_FABS(x);
    int shift = ax < 8.0f;
    float z = shift ? ax + 8.0f : ax;
    float zlo = shift ? ax - (z - 8.0f) : 0.0f; // exact two-sum: 8 > ax
    float u = ax * (ax + 7.0f);
    g.d = shift ? u * (u + 6.0f) * ((u + 10.0f) * (u + 12.0f)) : 1.0f;
    g.e = __oclhls_gamma_stirling(z, zlo, &g.log2z);
    g.sinpi = -__oclhls_gamma_sinpi(ax); // sin(pi x) for x < 0
    return g;
}

float OCLHLS_OVL tgamma(float x)
{
    struct __oclhls_gamma_parts g = __oclhls_gamma_parts(x);
    float ax = OCLHLS_FABS(x);
    // Reflection below -2^-30; above, Gamma(x) = -Gamma(|x|) (1 + O(x)) to float precision,
    // and ax sinpi(x) would underflow as x -> -0.
    int neg = x < -0x1p-30f;
    // x > 0: 2^e / d.  x < 0: 2^(k - e) pi d / (ax sinpi(x)) 2^-k, the 2^k keeping
    // 2^(k - e) normal (k - e is exact when e > 96) so that only the last product rounds
    // into the denormals. One exp2 and one division serve both.
    int k = neg && g.e.x > 96.0f ? 64 : 0;
    float m = __oclhls_exp2_hl(neg ? (float)k - g.e.x : g.e.x, neg ? -g.e.y : g.e.y);
    const float pi = 0x1.921fb6p+1f;
    float r = m * (neg ? pi * g.d : 1.0f) / (neg ? ax * g.sinpi : g.d);
    r = r * __oclhls_exp_pow2i(-k);
    r = x < 0.0f && !neg ? -r : r;
    r = neg && g.sinpi == 0.0f ? NAN : r; // negative integers
    r = x > 36.0f ? INFINITY : r;         // Gamma(35.05) > FLT_MAX; Stirling's parts overflow
    r = x == 0.0f ? __builtin_copysignf(INFINITY, x) : r;
    r = x == INFINITY ? x : r;
    r = x == -INFINITY ? NAN : r;
    return x != x ? x : r;
}

// lgamma with the sign of Gamma(x) (0 at the poles: zero and the negative integers).
// log2 |Gamma(x)| = e - log2 d (x > 0) or log2(pi d / (ax |sinpi(x)|)) - e (x < 0); near
// the zeros of lgamma (1, 2, and one in each (-n-1, -n)) this difference cancels, so the
// error there is absolute (about 2^-24 |e|), not relative.
float OCLHLS_OVL __oclhls_lgamma_sign(float x, int *signp)
{
    struct __oclhls_gamma_parts g = __oclhls_gamma_parts(x);
    float ax = OCLHLS_FABS(x);
    int neg = x < -0x1p-30f; // above, lgamma(x) = lgamma(|x|) to float precision
    const float pi = 0x1.921fb6p+1f;
    float w = neg ? pi * g.d / (ax * OCLHLS_FABS(g.sinpi)) : g.d;
    float2 lw = __oclhls_log2_hl(w, 0);
    // (a + b) two-sum, a = +-e.x, b = -+lw.x
    float a = neg ? -g.e.x : g.e.x;
    float b = neg ? lw.x : -lw.x;
    float s = a + b;
    float bb = s - a;
    float err = (a - (s - bb)) + (b - bb);
    float lo = err + (neg ? lw.y - g.e.y : g.e.y - lw.y);
    float r = s * OCLHLS_LN2_HI;
    r = r + (OCLHLS_FMA(s, OCLHLS_LN2_HI, -r) + OCLHLS_FMA(s, OCLHLS_LN2_LO, lo * OCLHLS_LN2_HI));
    // huge x: ln Gamma(x) = x (ln x - 1) to float precision (Stirling's parts overflow)
    r = ax > 0x1p100f ? ax * OCLHLS_FMA(g.log2z, OCLHLS_LN2_HI, -1.0f) : r;
    int pole = x == 0.0f || (neg && g.sinpi == 0.0f);
    r = x == 1.0f || x == 2.0f ? 0.0f : r;
    r = pole || ax == INFINITY ? INFINITY : r;
    *signp = pole ? 0 : x < 0.0f && g.sinpi < 0.0f ? -1 : 1;
    return x != x ? x : r;
}

float OCLHLS_OVL lgamma(float x)
{
    int sign;
    return __oclhls_lgamma_sign(x, &sign);
}

// lgamma_r through each named address space, and through the generic one where opencl-c.h
// declares it (OpenCL C 2.0, 3.0 with generic address space): the named overloads are exact
// matches, so the hardware sees the store's own address space (a __global pointer turned
// generic is not supported).
#define OCLHLS_LGAMMA_R(AS)                                                                    \
    float OCLHLS_OVL lgamma_r(float x, AS int *signp)                                      \
    {                                                                                          \
        int sign;                                                                              \
        float r = __oclhls_lgamma_sign(x, &sign);                                              \
        *signp = sign;                                                                         \
        return r;                                                                              \
    }
OCLHLS_LGAMMA_R(__private)
OCLHLS_LGAMMA_R(__global)
OCLHLS_LGAMMA_R(__local)
#if defined(__opencl_c_generic_address_space)
OCLHLS_LGAMMA_R()
#endif
#undef OCLHLS_LGAMMA_R

// ---- native_ and half_ forms: the full functions ----

float OCLHLS_OVL native_exp(float x) { return exp(x); }
float OCLHLS_OVL native_exp2(float x) { return exp2(x); }
float OCLHLS_OVL native_exp10(float x) { return exp10(x); }
float OCLHLS_OVL native_log(float x) { return log(x); }
float OCLHLS_OVL native_log2(float x) { return log2(x); }
float OCLHLS_OVL native_log10(float x) { return log10(x); }
float OCLHLS_OVL native_powr(float x, float y) { return powr(x, y); }
float OCLHLS_OVL native_rsqrt(float x) { return rsqrt(x); }
// The square root unit is correctly rounded and a digit recurrence with no multiplier: an
// approximation built from multiplications would take more area, not less.
float OCLHLS_OVL native_sqrt(float x) { return sqrt(x); }
float OCLHLS_OVL half_exp(float x) { return exp(x); }
float OCLHLS_OVL half_exp2(float x) { return exp2(x); }
float OCLHLS_OVL half_exp10(float x) { return exp10(x); }
float OCLHLS_OVL half_log(float x) { return log(x); }
float OCLHLS_OVL half_log2(float x) { return log2(x); }
float OCLHLS_OVL half_log10(float x) { return log10(x); }
float OCLHLS_OVL half_powr(float x, float y) { return powr(x, y); }
float OCLHLS_OVL half_rsqrt(float x) { return rsqrt(x); }
float OCLHLS_OVL half_sqrt(float x) { return sqrt(x); }

// The file-local macros end here (later library files may use the names).
#undef OCLHLS_FMA
#undef OCLHLS_FABS
#undef OCLHLS_LOG2E_HI
#undef OCLHLS_LOG2E_LO
#undef OCLHLS_LOG2_10_HI
#undef OCLHLS_LOG2_10_LO
#undef OCLHLS_LN2_HI
#undef OCLHLS_LN2_LO
#undef OCLHLS_LOG10_2_HI
#undef OCLHLS_LOG10_2_LO
#undef OCLHLS_2_LN2_HI
#undef OCLHLS_2_LN2_LO
#undef OCLHLS_LN2_CW_HI
#undef OCLHLS_LN2_CW_LO
#undef OCLHLS_ROUND_INT
