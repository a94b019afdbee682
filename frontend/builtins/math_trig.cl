// SPDX-License-Identifier: MIT
// The OpenCL C trigonometric functions and the remainders (OpenCL C 3.0, "Math Functions"),
// scalar float forms: sin cos tan sincos asin acos atan atan2, their *pi twins, fmod
// remainder remquo hypot, and native_/half_ sin cos tan divide recip.
//
// Every float operation is a hardware unit, so each function is straight-line code:
// both sides of a choice are built and ?: picks the result.
// - sin/cos/tan reduce EXACTLY for every finite x: x * 2/pi is formed in integers from the
//   24-bit significand and a 96-bit window of the bits of 2/pi chosen by the exponent
//   (Payne-Hanek), so no Cody-Waite path is needed beside it: one reduction serves all
//   |x| >= pi/4, below which x is its own reduced argument.
// - fmod/remainder/remquo are exact: |x| mod |y| = (mx * 2^d) mod my on the 24-bit
//   significands, with 2^d mod my from a fixed 4-step square-and-double ladder
//   (Barrett reduction, 64-bit multiplies), d <= 277.
// Polynomials: fits of the series remainders at Chebyshev nodes in z = r*r (each well
// below 0.1 ulp), evaluated with explicit fma, so host and hardware compute bit for bit
// the same thing.
#pragma OPENCL FP_CONTRACT OFF

// Helpers private to this file (always inlined, as OCLHLS_OVL functions are).
#define OCLHLS_TRIG_HELPER static inline __attribute__((always_inline))

#define OCLHLS_TRIG_SIGN 0x80000000u
#define OCLHLS_TRIG_QNAN 0x7fc00000u
// pi/2, pi and 1/pi as hi + lo floats.
#define OCLHLS_PIO2_HI 0x1.921fb6p+0f
#define OCLHLS_PIO2_LO -0x1.777a5cp-25f
#define OCLHLS_PIO2_LO2 -0x1.ee59dap-50f
#define OCLHLS_PI_HI 0x1.921fb6p+1f
#define OCLHLS_PI_LO -0x1.777a5cp-24f
#define OCLHLS_INVPI_HI 0x1.45f306p-2f
#define OCLHLS_INVPI_LO 0x1.b93910p-27f

OCLHLS_TRIG_HELPER float __oclhls_trig_negate_if(float v, int neg)
{
    return as_float(as_uint(v) ^ (neg ? OCLHLS_TRIG_SIGN : 0u));
}

// ---- sin and cos of |r| <= pi/4 ----------------------------------------------------------

// r + r^3 P(r^2): the r^3..r^9 terms.
OCLHLS_TRIG_HELPER float __oclhls_trig_sin_poly(float r, float z)
{
    float p = __builtin_fmaf(z, 0x1.6dbe08p-19f, -0x1.a013a8p-13f);
    p = __builtin_fmaf(z, p, 0x1.11110ep-7f);
    p = __builtin_fmaf(z, p, -0x1.555556p-3f);
    return __builtin_fmaf(r * z, p, r);
}

// 1 + z (-1/2 + z Q(z)): the r^4..r^10 terms in Q.
OCLHLS_TRIG_HELPER float __oclhls_trig_cos_poly(float z)
{
    float q = __builtin_fmaf(z, -0x1.25244ep-22f, 0x1.a015c4p-16f);
    q = __builtin_fmaf(z, q, -0x1.6c16cp-10f);
    q = __builtin_fmaf(z, q, 0x1.555556p-5f);
    return __builtin_fmaf(z, __builtin_fmaf(z, q, -0.5f), 1.0f);
}

// ---- exact reduction of |x| by pi/2 (Payne-Hanek) -----------------------------------------

// Word i of the bit string 0.(32 zero bits)(bits of 2/pi): word 1 holds 2/pi's first 32
// fraction bits. The zero word lets exponents below 2 use the same window arithmetic.
OCLHLS_TRIG_HELPER ulong __oclhls_trig_2opi_word(int i)
{
    return i == 0   ? 0x00000000UL
           : i == 1 ? 0xA2F9836EUL
           : i == 2 ? 0x4E441529UL
           : i == 3 ? 0xFC2757D1UL
           : i == 4 ? 0xF534DDC0UL
           : i == 5 ? 0xDB629599UL
           : i == 6 ? 0x3C439041UL
                    : 0xFE5163ABUL;
}

// For the bits ux of a finite |x| >= 2^-7: r in [-pi/4, pi/4] and the quadrant q (0..3)
// with |x| = (4n + q) pi/2 + r. x = m 2^e; bits of 2/pi above the window only add
// multiples of 4 quarter turns to x * 2/pi, bits below it less than 2^-70 of one.
OCLHLS_TRIG_HELPER float __oclhls_trig_reduce(uint ux, int *quadrant)
{
    ulong m = (ux & 0x7fffffu) | 0x800000u;
    int e = (int)(ux >> 23) - 150;
    int pos = max(e + 30, 0); // the window starts at 2/pi's bit e - 1 (position 0 = bit -31)
    int w = pos >> 5, s = pos & 31;
    ulong hi = __oclhls_trig_2opi_word(w) << 32 | __oclhls_trig_2opi_word(w + 1);
    ulong lo = __oclhls_trig_2opi_word(w + 2) << 32 | __oclhls_trig_2opi_word(w + 3);
    hi = hi << s | (lo >> 1) >> (63 - s);
    lo <<= s;
    // x * 2/pi = P 2^-94 (mod 4) with P = m * (96-bit window) = pa 2^64 + pb 2^32 + pc
    ulong pa = m * (hi >> 32), pb = m * (hi & 0xffffffffUL), pc = m * (lo >> 32);
    ulong p_lo = (pb << 32) + pc;
    ulong p_hi = pa + (pb >> 32) + (p_lo < pc);
    // quadrant: bits 94, 95 of P; fraction: the 64 bits below, rounded to the nearest quadrant
    ulong frac = p_hi << 34 | p_lo >> 30;
    int up = (int)(frac >> 63);
    *quadrant = ((int)(p_hi >> 30) + up) & 3;
    ulong mag = up ? 0UL - frac : frac; // |fraction| in units of 2^-64 quarter turns
    // r = mag 2^-64 pi/2: the top 32 bits of mag times pi/2 2^31, rounded once to a float
    int n = (int)clz(mag | 1UL);
    ulong prod = ((mag << n) >> 32) * 0xC90FDAA2UL; // in [2^62, 2^64)
    int top = (int)(prod >> 63);
    ulong norm = prod << (1 - top);
    uint mant = (uint)(norm >> 40);
    ulong rest = norm << 24;
    uint round_up = rest > 0x8000000000000000UL || (rest == 0x8000000000000000UL && (mant & 1u));
    uint bits = ((uint)(125 - n + top) << 23) + mant + round_up;
    return __oclhls_trig_negate_if(as_float(bits), up);
}

// sin(|x|) and cos(|x|) before the sign of x; NaN for inf and NaN.
OCLHLS_TRIG_HELPER float __oclhls_trig_sincos_abs(uint ux, float *cosval)
{
    int quadrant;
    float reduced = __oclhls_trig_reduce(ux, &quadrant);
    int small = ux < 0x3f490fdbu; // |x| < pi/4
    float r = small ? as_float(ux) : reduced;
    int q = small ? 0 : quadrant;
    float z = r * r;
    float s = __oclhls_trig_sin_poly(r, z), c = __oclhls_trig_cos_poly(z);
    float sinv = __oclhls_trig_negate_if(q & 1 ? c : s, q & 2);
    float cosv = __oclhls_trig_negate_if(q & 1 ? s : c, (q + 1) & 2);
    int finite = ux < 0x7f800000u;
    *cosval = finite ? cosv : as_float(ux | OCLHLS_TRIG_QNAN);
    return finite ? sinv : as_float(ux | OCLHLS_TRIG_QNAN);
}

float OCLHLS_OVL sin(float x)
{
    float c;
    float s = __oclhls_trig_sincos_abs(as_uint(x) & ~OCLHLS_TRIG_SIGN, &c);
    return as_float(as_uint(s) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL cos(float x)
{
    float c;
    (void)__oclhls_trig_sincos_abs(as_uint(x) & ~OCLHLS_TRIG_SIGN, &c);
    return c;
}

// tan = sin / cos, from the unsigned sin and cos of the reduced argument.
OCLHLS_TRIG_HELPER float __oclhls_trig_tan_abs(uint ux)
{
    int quadrant;
    float reduced = __oclhls_trig_reduce(ux, &quadrant);
    int small = ux < 0x3f490fdbu;
    float r = small ? as_float(ux) : reduced;
    int odd = small ? 0 : quadrant & 1;
    float z = r * r;
    float s = __oclhls_trig_sin_poly(r, z), c = __oclhls_trig_cos_poly(z);
    float t = (odd ? -c : s) / (odd ? s : c);
    return ux < 0x7f800000u ? t : as_float(ux | OCLHLS_TRIG_QNAN);
}

float OCLHLS_OVL tan(float x)
{
    float t = __oclhls_trig_tan_abs(as_uint(x) & ~OCLHLS_TRIG_SIGN);
    return as_float(as_uint(t) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

// ---- native_ and half_: Cody-Waite reduction only -----------------------------------------

// native_sin/cos/tan reduce with three-part pi/2 (Cody-Waite, fma): about as accurate as
// sin/cos/tan for |x| up to 2^17 or so (the half_ functions' domain is |x| <= 2^16), cheaper
// than the exact reduction, and MEANINGLESS for larger |x| (implementation-defined accuracy).
OCLHLS_TRIG_HELPER float __oclhls_trig_reduce_fast(float ax, int *quadrant)
{
    float k = __builtin_fmaf(ax, 0x1.45f306p-1f, 0x1.8p23f) - 0x1.8p23f; // rint(ax 2/pi)
    float r = __builtin_fmaf(-k, OCLHLS_PIO2_HI, ax);
    r = __builtin_fmaf(-k, OCLHLS_PIO2_LO, r);
    r = __builtin_fmaf(-k, OCLHLS_PIO2_LO2, r);
    *quadrant = (int)k & 3;
    return r;
}

float OCLHLS_OVL native_sin(float x)
{
    int q;
    float ax = __builtin_fabsf(x);
    float r = __oclhls_trig_reduce_fast(ax, &q), z = r * r;
    float s = __oclhls_trig_sin_poly(r, z), c = __oclhls_trig_cos_poly(z);
    float v = __oclhls_trig_negate_if(q & 1 ? c : s, q & 2);
    v = ax < __builtin_inff() ? v : as_float(OCLHLS_TRIG_QNAN);
    return as_float(as_uint(v) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL native_cos(float x)
{
    int q;
    float ax = __builtin_fabsf(x);
    float r = __oclhls_trig_reduce_fast(ax, &q), z = r * r;
    float s = __oclhls_trig_sin_poly(r, z), c = __oclhls_trig_cos_poly(z);
    float v = __oclhls_trig_negate_if(q & 1 ? s : c, (q + 1) & 2);
    return ax < __builtin_inff() ? v : as_float(OCLHLS_TRIG_QNAN);
}

float OCLHLS_OVL native_tan(float x)
{
    int q;
    float ax = __builtin_fabsf(x);
    float r = __oclhls_trig_reduce_fast(ax, &q), z = r * r;
    float s = __oclhls_trig_sin_poly(r, z), c = __oclhls_trig_cos_poly(z);
    float t = (q & 1 ? -c : s) / (q & 1 ? s : c);
    t = ax < __builtin_inff() ? t : as_float(OCLHLS_TRIG_QNAN);
    return as_float(as_uint(t) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

// The divider is exact (correctly rounded): the cheapest form is also the exact one.
float OCLHLS_OVL native_divide(float x, float y) { return x / y; }
float OCLHLS_OVL native_recip(float x) { return 1.0f / x; }
float OCLHLS_OVL half_sin(float x) { return native_sin(x); }
float OCLHLS_OVL half_cos(float x) { return native_cos(x); }
float OCLHLS_OVL half_tan(float x) { return native_tan(x); }
float OCLHLS_OVL half_divide(float x, float y) { return x / y; }
float OCLHLS_OVL half_recip(float x) { return 1.0f / x; }

// ---- sinpi, cospi, tanpi ------------------------------------------------------------------

// pi |x| = (4n + q) pi/2 + t exactly: 2|x| is split into an integer and a part in [-1/2, 1/2]
// without rounding; *is_whole says t is 0 (2x an integer).
OCLHLS_TRIG_HELPER float __oclhls_trig_reduce_pi(float ax, int *quadrant, int *is_whole)
{
    float w = ax >= 0x1p24f ? 0.0f : ax + ax; // from 2^24 on, 2|x| is a multiple of 4
    int k = (int)w;
    float f = w - (float)k;
    int up = f > 0.5f;
    f = up ? f - 1.0f : f;
    *quadrant = (k + up) & 3;
    *is_whole = f == 0.0f;
    return __builtin_fmaf(f, OCLHLS_PIO2_HI, f * OCLHLS_PIO2_LO);
}

float OCLHLS_OVL sinpi(float x)
{
    int q, whole;
    float ax = __builtin_fabsf(x);
    float t = __oclhls_trig_reduce_pi(ax, &q, &whole), z = t * t;
    float s = __oclhls_trig_sin_poly(t, z), c = __oclhls_trig_cos_poly(z);
    float v = __oclhls_trig_negate_if(q & 1 ? c : s, q & 2);
    v = whole && !(q & 1) ? 0.0f : v; // sinpi(n) = +0 before the sign of x
    v = ax < __builtin_inff() ? v : as_float(as_uint(ax) | OCLHLS_TRIG_QNAN);
    return as_float(as_uint(v) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL cospi(float x)
{
    int q, whole;
    float ax = __builtin_fabsf(x);
    float t = __oclhls_trig_reduce_pi(ax, &q, &whole), z = t * t;
    float s = __oclhls_trig_sin_poly(t, z), c = __oclhls_trig_cos_poly(z);
    float v = __oclhls_trig_negate_if(q & 1 ? s : c, (q + 1) & 2);
    v = whole && (q & 1) ? 0.0f : v; // cospi(n + 1/2) = +0
    return ax < __builtin_inff() ? v : as_float(as_uint(ax) | OCLHLS_TRIG_QNAN);
}

float OCLHLS_OVL tanpi(float x)
{
    int q, whole;
    float ax = __builtin_fabsf(x);
    float t = __oclhls_trig_reduce_pi(ax, &q, &whole), z = t * t;
    float s = __oclhls_trig_sin_poly(t, z), c = __oclhls_trig_cos_poly(z);
    float v = (q & 1 ? -c : s) / (q & 1 ? s : c);
    // the spec's values at multiples of 1/2: +0, +inf, -0, -inf by quadrant (before sign)
    float at_whole = as_float((q & 2 ? OCLHLS_TRIG_SIGN : 0u) | (q & 1 ? 0x7f800000u : 0u));
    v = whole ? at_whole : v;
    v = ax < __builtin_inff() ? v : as_float(as_uint(ax) | OCLHLS_TRIG_QNAN);
    return as_float(as_uint(v) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

// ---- asin, acos ---------------------------------------------------------------------------

// asin(a) for a in [0, 1/2]: a + a^3 P(a^2), z = a^2.
OCLHLS_TRIG_HELPER float __oclhls_trig_asin_poly(float a, float z)
{
    float p = __builtin_fmaf(z, 0x1.37fe16p-5f, 0x1.b311d2p-6f);
    p = __builtin_fmaf(z, p, 0x1.70a6bcp-5f);
    p = __builtin_fmaf(z, p, 0x1.332732p-4f);
    p = __builtin_fmaf(z, p, 0x1.55555ep-3f);
    return __builtin_fmaf(a * z, p, a);
}

// q = asin(s) with s = |x| for |x| <= 1/2, else s = sqrt((1 - |x|) / 2), for which
// asin|x| = pi/2 - 2q and acos|x| = 2q.
OCLHLS_TRIG_HELPER float __oclhls_trig_asin_half(float ax, int big)
{
    float z = big ? (1.0f - ax) * 0.5f : ax * ax;
    float s = big ? __builtin_sqrtf(big ? z : 0.0f) : ax;
    return __oclhls_trig_asin_poly(s, z);
}

float OCLHLS_OVL asin(float x)
{
    float ax = __builtin_fabsf(x);
    int big = ax > 0.5f;
    float q = __oclhls_trig_asin_half(ax, big);
    float v = big ? OCLHLS_PIO2_HI + __builtin_fmaf(-2.0f, q, OCLHLS_PIO2_LO) : q;
    v = ax > 1.0f ? as_float(OCLHLS_TRIG_QNAN) : v;
    return as_float(as_uint(v) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL acos(float x)
{
    float ax = __builtin_fabsf(x);
    int big = ax > 0.5f, neg = x < 0.0f;
    float q = __oclhls_trig_asin_half(ax, big);
    float qs = __oclhls_trig_negate_if(q, neg); // asin(x) for |x| <= 1/2
    float v = big ? (neg ? OCLHLS_PI_HI + __builtin_fmaf(-2.0f, q, OCLHLS_PI_LO) : 2.0f * q)
                  : OCLHLS_PIO2_HI + (OCLHLS_PIO2_LO - qs);
    return ax > 1.0f ? as_float(OCLHLS_TRIG_QNAN) : v;
}

OCLHLS_TRIG_HELPER float __oclhls_trig_over_pi(float v)
{
    return __builtin_fmaf(v, OCLHLS_INVPI_HI, v * OCLHLS_INVPI_LO);
}

float OCLHLS_OVL asinpi(float x)
{
    float ax = __builtin_fabsf(x);
    int big = ax > 0.5f;
    float q = __oclhls_trig_over_pi(__oclhls_trig_asin_half(ax, big));
    float v = big ? __builtin_fmaf(-2.0f, q, 0.5f) : q;
    v = ax > 1.0f ? as_float(OCLHLS_TRIG_QNAN) : v;
    return as_float(as_uint(v) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL acospi(float x)
{
    float ax = __builtin_fabsf(x);
    int big = ax > 0.5f, neg = x < 0.0f;
    float q = __oclhls_trig_over_pi(__oclhls_trig_asin_half(ax, big));
    float v = big ? __builtin_fmaf(neg ? -2.0f : 2.0f, q, neg ? 1.0f : 0.0f)
                  : 0.5f - __oclhls_trig_negate_if(q, neg);
    return ax > 1.0f ? as_float(OCLHLS_TRIG_QNAN) : v;
}

// ---- atan, atan2 --------------------------------------------------------------------------

// atan(u) for |u| <= tan(pi/8): u + u^3 P(u^2).
OCLHLS_TRIG_HELPER float __oclhls_trig_atan_poly(float u)
{
    float z = u * u;
    float p = __builtin_fmaf(z, 0x1.9d798ap-5f, -0x1.6140ep-4f);
    p = __builtin_fmaf(z, p, 0x1.c57b38p-4f);
    p = __builtin_fmaf(z, p, -0x1.248a14p-3f);
    p = __builtin_fmaf(z, p, 0x1.99997cp-3f);
    p = __builtin_fmaf(z, p, -0x1.555556p-2f);
    return __builtin_fmaf(u * z, p, u);
}

// The angle of (|x|, |y|) turned to the half plane of x's sign, as j pi/4 + sign * p
// (j in 0..4, sign +-1, p = atan of a quotient in [-tan(pi/8), tan(pi/8)]): one division.
// The reduction: the smaller of |x|, |y| over the larger is t in [0, 1]; t > tan(pi/8)
// uses atan t = pi/4 + atan((t - 1) / (t + 1)) = pi/4 + atan((mn - mx) / (mn + mx)).
OCLHLS_TRIG_HELPER float __oclhls_trig_atan2_parts(float y, float x, int *j, int *negate)
{
    float ay = __builtin_fabsf(y), ax = __builtin_fabsf(x);
    int both_inf = ay == __builtin_inff() && ax == __builtin_inff();
    ay = both_inf ? 1.0f : ay;
    ax = both_inf ? 1.0f : ax;
    int swap = ay > ax;
    float mx = swap ? ay : ax, mn = swap ? ax : ay;
    int mid = mn > 0x1.a8279ap-2f * mx;
    // mn and mx within a factor 2.5 of each other: scaling by 1/4 is exact, mn + mx finite
    float sc = mx > 0x1p125f ? 0.25f : 1.0f;
    float num = mid ? mn * sc - mx * sc : mn;
    float den = mid ? mn * sc + mx * sc : (mx == 0.0f ? 1.0f : mx);
    float p = __oclhls_trig_atan_poly(num / den);
    int jj = mid, neg = 0;
    jj = swap ? 2 - jj : jj;
    neg = swap;
    int xneg = (as_uint(x) & OCLHLS_TRIG_SIGN) != 0;
    *j = xneg ? 4 - jj : jj;
    *negate = xneg ? !neg : neg;
    return p;
}

OCLHLS_TRIG_HELPER float __oclhls_trig_atan2_rad(float y, float x)
{
    int j, neg;
    float p = __oclhls_trig_atan2_parts(y, x, &j, &neg);
    // j pi/4 as hi + lo
    float hi = j == 0 ? 0.0f : j == 1 ? 0x1.921fb6p-1f : j == 2 ? 0x1.921fb6p+0f
             : j == 3 ? 0x1.2d97c8p+1f : 0x1.921fb6p+1f;
    float lo = j == 0 ? 0.0f : j == 1 ? -0x1.777a5cp-26f : j == 2 ? -0x1.777a5cp-25f
             : j == 3 ? -0x1.99bc5cp-28f : -0x1.777a5cp-24f;
    float v = hi + (__oclhls_trig_negate_if(p, neg) + lo);
    v = x != x || y != y ? as_float(OCLHLS_TRIG_QNAN) : v;
    return as_float(as_uint(v) ^ (as_uint(y) & OCLHLS_TRIG_SIGN));
}

OCLHLS_TRIG_HELPER float __oclhls_trig_atan2_pi(float y, float x)
{
    int j, neg;
    float p = __oclhls_trig_over_pi(__oclhls_trig_atan2_parts(y, x, &j, &neg));
    float v = (float)j * 0.25f + __oclhls_trig_negate_if(p, neg);
    v = x != x || y != y ? as_float(OCLHLS_TRIG_QNAN) : v;
    return as_float(as_uint(v) ^ (as_uint(y) & OCLHLS_TRIG_SIGN));
}

float OCLHLS_OVL atan(float x) { return __oclhls_trig_atan2_rad(x, 1.0f); }
float OCLHLS_OVL atan2(float y, float x) { return __oclhls_trig_atan2_rad(y, x); }
float OCLHLS_OVL atanpi(float x) { return __oclhls_trig_atan2_pi(x, 1.0f); }
float OCLHLS_OVL atan2pi(float y, float x) { return __oclhls_trig_atan2_pi(y, x); }

// ---- hypot --------------------------------------------------------------------------------

// Both scaled by a power of two that brings the larger near 1 (exact), so the sum of
// squares neither overflows nor underflows; hypot(+-inf, NaN) = +inf (C99 F.9.4.3).
float OCLHLS_OVL hypot(float x, float y)
{
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    float mx = ax > ay ? ax : ay, mn = ax > ay ? ay : ax;
    uint be = clamp(as_uint(mx) >> 23, 1u, 253u);
    float down = as_float((254u - be) << 23), up = as_float(be << 23);
    float a = mx * down, b = mn * down;
    float h = __builtin_sqrtf(__builtin_fmaf(a, a, b * b)) * up;
    h = x != x || y != y ? as_float(OCLHLS_TRIG_QNAN) : h;
    return ax == __builtin_inff() || ay == __builtin_inff() ? __builtin_inff() : h;
}

// ---- fmod, remainder, remquo --------------------------------------------------------------

// a mod m for a < 2^48, m in [2^23, 2^24), mu = floor(2^48 / m): Barrett reduction
// (Handbook of Applied Cryptography 14.42 with b = 2, k = 24): the estimate is at most 2 low.
OCLHLS_TRIG_HELPER ulong __oclhls_trig_mod48(ulong a, ulong m, ulong mu)
{
    ulong r = a - (((a >> 23) * mu) >> 25) * m;
    r = r >= m ? r - m : r;
    return r >= m ? r - m : r;
}

// One ladder step: r = r^2 (times 2 if bit) mod m.
OCLHLS_TRIG_HELPER ulong __oclhls_trig_sqr_dbl(ulong r, int bit, ulong m, ulong mu)
{
    r = __oclhls_trig_mod48(r * r, m, mu);
    r = bit ? r + r : r;
    return r >= m ? r - m : r;
}

// The bits of |v| (finite) as sig 2^e with sig's bit 23 set (0 for zero).
OCLHLS_TRIG_HELPER uint __oclhls_trig_unpack(uint ua, int *e)
{
    uint bexp = ua >> 23;
    uint sig = (ua & 0x7fffffu) | (bexp ? 0x800000u : 0u);
    int shift = (int)clz(sig | 1u) - 8;
    *e = (int)max(bexp, 1u) - 150 - shift;
    return sig << shift;
}

// sig 2^e as a float, known to be representable (the remainders are exact).
OCLHLS_TRIG_HELPER float __oclhls_trig_pack(uint sig, int e)
{
    int n = (int)clz(sig | 1u) - 8;
    int be = e - n + 150; // biased exponent of the leading bit
    int sh = e + 149;     // denormal: sig 2^e in units of 2^-149
    uint denormal = sh >= 0 ? sig << min(sh, 31) : sig >> min(-sh, 31);
    uint bits = be >= 1 ? ((uint)(be - 1) << 23) + (sig << n) : denormal;
    return as_float(sig ? bits : 0u);
}

// For |x| >= |y| > 0, both finite: |x| mod |y| as a float (exact), and in *quot the low 7
// bits of floor(|x| / |y|), from |x| = mx 2^ex, |y| = my 2^ey, d = ex - ey in [0, 277]:
// R = mx 2^d mod my, 2^d mod my by a ladder starting at 2^(d >> 4) < 2^18 < my.
// The quotient (mx 2^d - R) / my mod 2^7 is ((mx 2^d - R) / 2^t) * (odd part of my)^-1
// mod 2^7 (my = odd 2^t), only the low 64 bits of mx 2^d needed.
OCLHLS_TRIG_HELPER uint __oclhls_trig_rem_core(uint ux, uint uy, uint *quot, uint *my_out,
                                               int *ey_out)
{
    int ex, ey;
    ulong mx = __oclhls_trig_unpack(ux, &ex);
    ulong my = __oclhls_trig_unpack(uy, &ey) | 0x800000u; // never 0: no division by 0
    int d = clamp(ex - ey, 0, 287);
    ulong mu = 0x1000000000000UL / my;
    ulong r = 1UL << (d >> 4);
    r = __oclhls_trig_sqr_dbl(r, (d >> 3) & 1, my, mu);
    r = __oclhls_trig_sqr_dbl(r, (d >> 2) & 1, my, mu);
    r = __oclhls_trig_sqr_dbl(r, (d >> 1) & 1, my, mu);
    r = __oclhls_trig_sqr_dbl(r, d & 1, my, mu);
    ulong rem = __oclhls_trig_mod48(mx * r, my, mu);
    // low quotient bits
    uint t = ctz((uint)my);
    uint odd = (uint)my >> t;
    uint inv = odd; // odd * odd = 1 mod 8; each Newton step doubles the correct bits
    inv *= 2u - odd * inv;
    inv *= 2u - odd * inv;
    ulong a_low = d < 64 ? mx << d : 0UL;
    *quot = ((uint)((a_low - rem) >> t) * inv) & 127u;
    *my_out = (uint)my;
    *ey_out = ey;
    return (uint)rem;
}

// NaN results: x infinite or NaN, y zero or NaN.
OCLHLS_TRIG_HELPER int __oclhls_trig_rem_invalid(float x, float y)
{
    return !(__builtin_fabsf(x) < __builtin_inff()) || y != y || y == 0.0f;
}

float OCLHLS_OVL fmod(float x, float y)
{
    uint ax = as_uint(x) & ~OCLHLS_TRIG_SIGN, ay = as_uint(y) & ~OCLHLS_TRIG_SIGN;
    uint quot, my;
    int ey;
    uint rem = __oclhls_trig_rem_core(ax, ay, &quot, &my, &ey);
    float v = as_float(as_uint(__oclhls_trig_pack(rem, ey)) | (as_uint(x) & OCLHLS_TRIG_SIGN));
    v = ax < ay ? x : v; // also y infinite, x zero
    return __oclhls_trig_rem_invalid(x, y) ? as_float(OCLHLS_TRIG_QNAN) : v;
}

// remainder and remquo: x - k y with k = x / y rounded to nearest even; *quo_out gets k's
// low 7 bits with the sign of x / y.
OCLHLS_TRIG_HELPER float __oclhls_trig_remquo(float x, float y, int *quo_out)
{
    uint ax = as_uint(x) & ~OCLHLS_TRIG_SIGN, ay = as_uint(y) & ~OCLHLS_TRIG_SIGN;
    uint quot, my;
    int ey;
    uint rem = __oclhls_trig_rem_core(ax, ay, &quot, &my, &ey);
    // |x| >= |y|: round the quotient up when the remainder is above my / 2 (ties to even)
    int up = 2u * rem > my || (2u * rem == my && (quot & 1u));
    float mag = __oclhls_trig_pack(up ? my - rem : rem, ey);
    uint k = quot + (uint)up;
    // |x| < |y|: k is 1 when |x| > |y| / 2, and |x| - |y| is exact
    float fx = as_float(ax), fy = as_float(ay);
    int small_up = fx + fx > fy;
    int small = ax < ay;
    mag = small ? (small_up ? fy - fx : fx) : mag;
    int flip = small ? small_up : up;
    k = small ? (uint)small_up : k;
    uint sign = (as_uint(x) & OCLHLS_TRIG_SIGN) ^ (flip ? OCLHLS_TRIG_SIGN : 0u);
    float v = as_float(as_uint(mag) ^ sign);
    int invalid = __oclhls_trig_rem_invalid(x, y);
    int kq = (int)(k & 127u);
    kq = ((as_uint(x) ^ as_uint(y)) & OCLHLS_TRIG_SIGN) ? -kq : kq;
    *quo_out = invalid ? 0 : kq;
    return invalid ? as_float(OCLHLS_TRIG_QNAN) : v;
}

float OCLHLS_OVL remainder(float x, float y)
{
    int quo;
    return __oclhls_trig_remquo(x, y, &quo);
}

// ---- the pointer forms ------------------------------------------------------------------
// opencl-c.h declares the generic-address-space form alone when the generic address space
// exists (OpenCL C 2.0, 3.0 with the feature) and the named forms otherwise. The named forms
// are defined in every version: overload resolution prefers them for named pointers, and
// HLS cannot follow a __global pointer cast to a generic one (a kernel calling
// sincos(x, global_ptr) through the generic form fails to build).

#define OCLHLS_TRIG_POINTER_FORMS(AS)                                                          \
    float OCLHLS_OVL sincos(float x, AS float *cosval)                                    \
    {                                                                                          \
        float c;                                                                               \
        float s = __oclhls_trig_sincos_abs(as_uint(x) & ~OCLHLS_TRIG_SIGN, &c);                \
        *cosval = c;                                                                           \
        return as_float(as_uint(s) ^ (as_uint(x) & OCLHLS_TRIG_SIGN));                         \
    }                                                                                          \
    float OCLHLS_OVL remquo(float x, float y, AS int *quo)                                \
    {                                                                                          \
        int q;                                                                                 \
        float r = __oclhls_trig_remquo(x, y, &q);                                              \
        *quo = q;                                                                              \
        return r;                                                                              \
    }

#if defined(__opencl_c_generic_address_space)
OCLHLS_TRIG_POINTER_FORMS()
#endif
OCLHLS_TRIG_POINTER_FORMS(__global)
OCLHLS_TRIG_POINTER_FORMS(__local)
OCLHLS_TRIG_POINTER_FORMS(__private)
