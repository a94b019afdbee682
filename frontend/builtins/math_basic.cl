// SPDX-License-Identifier: MIT
// The exact float math functions, the common, geometric and relational functions for
// scalar float (OpenCL C 3.0, "Math Functions", "Common Functions", "Geometric Functions",
// "Relational Functions"), plus the geometric functions of float2/3/4, which are vector by
// nature. The first float file of the library: later files may call everything here.
//
// Rounding to integers (ceil, floor, trunc, round, rint) and the exponent functions (frexp,
// ldexp, ilogb, logb, nextafter) work on the IEEE-754 bits with integer operations: there is
// no float unit for them, and the bit forms are exact by construction.
#pragma OPENCL FP_CONTRACT OFF

#define OCLHLS_F32_SIGN 0x80000000u
#define OCLHLS_F32_ABS 0x7fffffffu
#define OCLHLS_F32_INF 0x7f800000u
#define OCLHLS_F32_ONE 0x3f800000u
#define OCLHLS_F32_HALF 0x3f000000u

// ---- private helpers ----------------------------------------------------------------------

// 2^k for -126 <= k <= 127 (a normal float).
float OCLHLS_OVL __oclhls_pow2(int k) { return as_float((uint)(k + 127) << 23); }

// The bits of |x|'s fraction below the units place: all magnitude bits when |x| < 1, none
// when |x| >= 2^23 (integers, inf, NaN). u is as_uint(x).
uint OCLHLS_OVL __oclhls_frac_mask(uint u)
{
    int e = (int)((u >> 23) & 0xffu) - 127;
    return e < 0 ? OCLHLS_F32_ABS : e > 22 ? 0u : 0x007fffffu >> e;
}

// x truncated, or, when `away`, the next integer away from zero: one unit added to the
// truncated bits (a carry out of the fraction correctly bumps the exponent), or +-1 when
// |x| < 1.
float OCLHLS_OVL __oclhls_round_away(uint u, uint mask, int away)
{
    uint t = u & ~mask;
    uint next = mask == OCLHLS_F32_ABS ? t | OCLHLS_F32_ONE : t + mask + 1u;
    return as_float(away ? next : t);
}

// Half a unit of the units place, in the fraction bits of __oclhls_frac_mask (0.5 itself
// when |x| < 1; 1, never reached by a zero fraction, when x is already an integer).
uint OCLHLS_OVL __oclhls_frac_half(uint mask)
{
    return mask == OCLHLS_F32_ABS ? OCLHLS_F32_HALF : (mask >> 1) + 1u;
}

// |x| (bits a, nonzero and finite) as m * 2^(e - 150), the leading one of m at bit 23:
// denormals are normalised. These give the biased exponent e (below 1 for denormals) and
// the 23 fraction bits of m.
uint OCLHLS_OVL __oclhls_norm_shift(uint a) { return a < 0x00800000u ? (uint)clz(a) - 8u : 0u; }
int OCLHLS_OVL __oclhls_norm_exp(uint a)
{
    return (int)max(a >> 23, 1u) - (int)__oclhls_norm_shift(a);
}
uint OCLHLS_OVL __oclhls_norm_frac(uint a) { return (a << __oclhls_norm_shift(a)) & 0x007fffffu; }

// ---- math functions -----------------------------------------------------------------------

float OCLHLS_OVL fabs(float x) { return as_float(as_uint(x) & OCLHLS_F32_ABS); }

float OCLHLS_OVL copysign(float x, float y)
{
    return as_float((as_uint(x) & OCLHLS_F32_ABS) | (as_uint(y) & OCLHLS_F32_SIGN));
}

float OCLHLS_OVL trunc(float x)
{
    uint u = as_uint(x);
    return as_float(u & ~__oclhls_frac_mask(u));
}

float OCLHLS_OVL ceil(float x)
{
    uint u = as_uint(x), mask = __oclhls_frac_mask(u);
    return __oclhls_round_away(u, mask, (u & mask) != 0u && (u >> 31) == 0u);
}

float OCLHLS_OVL floor(float x)
{
    uint u = as_uint(x), mask = __oclhls_frac_mask(u);
    return __oclhls_round_away(u, mask, (u & mask) != 0u && (u >> 31) != 0u);
}

// Halfway cases away from zero.
float OCLHLS_OVL round(float x)
{
    uint u = as_uint(x), mask = __oclhls_frac_mask(u);
    return __oclhls_round_away(u, mask, (u & mask) >= __oclhls_frac_half(mask));
}

// Halfway cases to even.
float OCLHLS_OVL rint(float x)
{
    uint u = as_uint(x), mask = __oclhls_frac_mask(u);
    uint frac = u & mask, halfway = __oclhls_frac_half(mask);
    // the units bit: the next bit above the mask (for 1 <= |x| < 2 that is the exponent's
    // lowest bit, set in 127 as in the implicit one); none when |x| < 1
    int odd = (u & (mask + 1u) & OCLHLS_F32_ABS) != 0u;
    return __oclhls_round_away(u, mask, frac > halfway || (frac == halfway && odd));
}

// fmin(x - floor(x), 0x1.fffffep-1f) given fl = floor(x), with the spec's edge cases:
// +-0 for +-0 and +-inf, NaN for NaN.
float OCLHLS_OVL __oclhls_fract(float x, float fl)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    float d = x - fl;
    d = d > 0x1.fffffep-1f ? 0x1.fffffep-1f : d; // not fmin: a NaN must stay
    return a == 0u || a == OCLHLS_F32_INF ? as_float(as_uint(x) & OCLHLS_F32_SIGN) : d;
}

// The fraction of x with x's sign (exact: x - trunc(x) is representable); +-0 for +-inf.
float OCLHLS_OVL __oclhls_modf(float x, float t)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    float f = a == OCLHLS_F32_INF ? 0.0f : x - t;
    return copysign(f, x);
}

// frexp's mantissa and exponent: x and 0 for +-0, +-inf and NaN.
int OCLHLS_OVL __oclhls_frexp_exp(float x)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    return a == 0u || a >= OCLHLS_F32_INF ? 0 : __oclhls_norm_exp(a) - 126;
}
float OCLHLS_OVL __oclhls_frexp_mant(float x)
{
    uint u = as_uint(x), a = u & OCLHLS_F32_ABS;
    uint m = (u & OCLHLS_F32_SIGN) | OCLHLS_F32_HALF | __oclhls_norm_frac(a);
    return a == 0u || a >= OCLHLS_F32_INF ? x : as_float(m);
}

// The pointer forms: clang's opencl-c.h declares only the generic-pointer overload when the
// generic address space exists (CL2.0, CL3.0 with the feature), else one per named space.
#define OCLHLS_MATH_POINTER_FUNCS(AS)                                                          \
    float OCLHLS_OVL fract(float x, AS float *iptr)                                            \
    {                                                                                          \
        float fl = floor(x);                                                                   \
        *iptr = fl;                                                                            \
        return __oclhls_fract(x, fl);                                                          \
    }                                                                                          \
    float OCLHLS_OVL modf(float x, AS float *iptr)                                             \
    {                                                                                          \
        float t = trunc(x);                                                                    \
        *iptr = t;                                                                             \
        return __oclhls_modf(x, t);                                                            \
    }                                                                                          \
    float OCLHLS_OVL frexp(float x, AS int *exp)                                               \
    {                                                                                          \
        *exp = __oclhls_frexp_exp(x);                                                          \
        return __oclhls_frexp_mant(x);                                                         \
    }

#if defined(__opencl_c_generic_address_space)
OCLHLS_MATH_POINTER_FUNCS()
#endif
#if defined(__opencl_c_named_address_space_builtins)
OCLHLS_MATH_POINTER_FUNCS(__global)
OCLHLS_MATH_POINTER_FUNCS(__local)
OCLHLS_MATH_POINTER_FUNCS(__private)
#endif

// x * 2^n, correctly rounded (to nearest even) when the result is denormal, for any n.
float OCLHLS_OVL ldexp(float x, int n)
{
    uint u = as_uint(x), a = u & OCLHLS_F32_ABS, sign = u & OCLHLS_F32_SIGN;
    uint m = __oclhls_norm_frac(a) | 0x00800000u;
    // |n| beyond 300 takes any nonzero finite x past the range either way
    int e = __oclhls_norm_exp(a) + clamp(n, -300, 300);
    // a denormal result: m shifted right by s, rounded to nearest even (s >= 25 leaves less
    // than half of the smallest denormal: 0)
    uint s = (uint)clamp(1 - e, 1, 25);
    uint q = m >> s, rest = m & ((1u << s) - 1u), halfway = 1u << (s - 1u);
    // a carry out of bit 22 correctly gives the smallest normal
    q += rest > halfway || (rest == halfway && (q & 1u) != 0u);
    uint normal = ((uint)e << 23) | (m & 0x007fffffu);
    uint r = e >= 255 ? OCLHLS_F32_INF : e >= 1 ? normal : q;
    return a == 0u || a >= OCLHLS_F32_INF ? x : as_float(sign | r);
}

int OCLHLS_OVL ilogb(float x)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    int e = __oclhls_norm_exp(a) - 127;
    int special = a == 0u ? FP_ILOGB0 : a > OCLHLS_F32_INF ? FP_ILOGBNAN : INT_MAX;
    return a == 0u || a >= OCLHLS_F32_INF ? special : e;
}

float OCLHLS_OVL logb(float x)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    float e = (float)(__oclhls_norm_exp(a) - 127);
    return a == 0u ? -INFINITY : a >= OCLHLS_F32_INF ? as_float(a) : e;
}

float OCLHLS_OVL nextafter(float x, float y)
{
    uint u = as_uint(x);
    // sign-magnitude bits: one step away from zero is +1, towards zero -1
    uint step = (y > x) == (x > 0.0f) ? u + 1u : u - 1u;
    uint from_zero = (as_uint(y) & OCLHLS_F32_SIGN) | 1u;
    float r = (u & OCLHLS_F32_ABS) == 0u ? as_float(from_zero) : as_float(step);
    // a NaN operand is returned as it is (a select, where x + y would cost an adder)
    return x != x ? x : y != y ? y : x == y ? y : r;
}

float OCLHLS_OVL nan(uint nancode) { return as_float(0x7fc00000u | (nancode & 0x003fffffu)); }

// Unordered (a NaN operand): that NaN.
float OCLHLS_OVL fdim(float x, float y) { return x > y ? x - y : x <= y ? 0.0f : x != x ? x : y; }

float OCLHLS_OVL fmax(float x, float y) { return __builtin_fmaxf(x, y); }
float OCLHLS_OVL fmin(float x, float y) { return __builtin_fminf(x, y); }

float OCLHLS_OVL fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
// The spec allows mad to be the correctly rounded fma.
float OCLHLS_OVL mad(float a, float b, float c) { return __builtin_fmaf(a, b, c); }

float OCLHLS_OVL maxmag(float x, float y)
{
    float ax = fabs(x), ay = fabs(y);
    return ax > ay ? x : ay > ax ? y : __builtin_fmaxf(x, y);
}

float OCLHLS_OVL minmag(float x, float y)
{
    float ax = fabs(x), ay = fabs(y);
    return ax < ay ? x : ay < ax ? y : __builtin_fminf(x, y);
}

// ---- common functions ---------------------------------------------------------------------

float OCLHLS_OVL clamp(float x, float lo, float hi)
{
    return __builtin_fminf(__builtin_fmaxf(x, lo), hi);
}

// One rounding of x times the nearest float to 180/pi (or pi/180): within 1 ulp (spec: 2).
float OCLHLS_OVL degrees(float radians) { return radians * 0x1.ca5dc2p+5f; }
float OCLHLS_OVL radians(float degrees) { return degrees * 0x1.1df46ap-6f; }

// The spec's definitions (undefined for NaN): a compare and a select.
float OCLHLS_OVL max(float x, float y) { return x < y ? y : x; }
float OCLHLS_OVL min(float x, float y) { return y < x ? y : x; }

float OCLHLS_OVL mix(float x, float y, float a) { return __builtin_fmaf(y - x, a, x); }

float OCLHLS_OVL step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }

float OCLHLS_OVL smoothstep(float edge0, float edge1, float x)
{
    float t = clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * __builtin_fmaf(-2.0f, t, 3.0f);
}

float OCLHLS_OVL sign(float x)
{
    uint u = as_uint(x), a = u & OCLHLS_F32_ABS;
    uint r = a == 0u ? u : a > OCLHLS_F32_INF ? 0u : (u & OCLHLS_F32_SIGN) | OCLHLS_F32_ONE;
    return as_float(r);
}

// ---- relational functions (scalar: 1 or 0) ------------------------------------------------

int OCLHLS_OVL isequal(float x, float y) { return x == y; }
int OCLHLS_OVL isnotequal(float x, float y) { return x != y; }
int OCLHLS_OVL isgreater(float x, float y) { return x > y; }
int OCLHLS_OVL isgreaterequal(float x, float y) { return x >= y; }
int OCLHLS_OVL isless(float x, float y) { return x < y; }
int OCLHLS_OVL islessequal(float x, float y) { return x <= y; }
int OCLHLS_OVL islessgreater(float x, float y) { return x < y || x > y; }
int OCLHLS_OVL isfinite(float x) { return (as_uint(x) & OCLHLS_F32_ABS) < OCLHLS_F32_INF; }
int OCLHLS_OVL isinf(float x) { return (as_uint(x) & OCLHLS_F32_ABS) == OCLHLS_F32_INF; }
int OCLHLS_OVL isnan(float x) { return (as_uint(x) & OCLHLS_F32_ABS) > OCLHLS_F32_INF; }
int OCLHLS_OVL isnormal(float x)
{
    uint a = as_uint(x) & OCLHLS_F32_ABS;
    return a >= 0x00800000u && a < OCLHLS_F32_INF;
}
int OCLHLS_OVL isordered(float x, float y) { return x == x && y == y; }
int OCLHLS_OVL isunordered(float x, float y) { return x != x || y != y; }
int OCLHLS_OVL signbit(float x) { return (int)(as_uint(x) >> 31); }

float OCLHLS_OVL select(float a, float b, int c) { return c ? b : a; }
float OCLHLS_OVL select(float a, float b, uint c) { return c ? b : a; }
float OCLHLS_OVL bitselect(float a, float b, float c)
{
    uint m = as_uint(c);
    return as_float((as_uint(a) & ~m) | (as_uint(b) & m));
}

// ---- geometric functions ------------------------------------------------------------------
// Accuracy (OpenCL C 3.0 spec, 7.4): dot within max*max*(2n-1)*FLT_EPSILON, cross within
// max*max*3*FLT_EPSILON per component (max: the largest input magnitude), length within
// 2.75 + 0.5n ulp, distance 2.5 + 2n, normalize 2 + n; the fast_ forms 8192 ulp.
//
// length and normalize scale the vector by a power of two that brings its largest component
// to [2^-23, 2) before summing the squares (exactly, but for components too small to
// matter), so the sum never overflows nor loses bits to underflow.

float OCLHLS_OVL dot(float a, float b) { return a * b; }
float OCLHLS_OVL dot(float2 a, float2 b) { return __builtin_fmaf(a.y, b.y, a.x * b.x); }
float OCLHLS_OVL dot(float3 a, float3 b)
{
    return __builtin_fmaf(a.z, b.z, __builtin_fmaf(a.y, b.y, a.x * b.x));
}
float OCLHLS_OVL dot(float4 a, float4 b)
{
    return __builtin_fmaf(a.w, b.w, __builtin_fmaf(a.z, b.z, __builtin_fmaf(a.y, b.y, a.x * b.x)));
}

float3 OCLHLS_OVL cross(float3 a, float3 b)
{
    return (float3)(__builtin_fmaf(a.y, b.z, -(a.z * b.y)), __builtin_fmaf(a.z, b.x, -(a.x * b.z)),
                    __builtin_fmaf(a.x, b.y, -(a.y * b.x)));
}
float4 OCLHLS_OVL cross(float4 a, float4 b)
{
    return (float4)(cross(a.xyz, b.xyz), 0.0f);
}

// Per vector size: the largest |component| as bits (NaN above inf) and whether a component
// is infinite.
uint OCLHLS_OVL __oclhls_max_abs_bits(float2 p)
{
    uint2 a = as_uint2(p) & OCLHLS_F32_ABS;
    return max(a.x, a.y);
}
uint OCLHLS_OVL __oclhls_max_abs_bits(float3 p)
{
    uint3 a = as_uint3(p) & OCLHLS_F32_ABS;
    return max(max(a.x, a.y), a.z);
}
uint OCLHLS_OVL __oclhls_max_abs_bits(float4 p)
{
    uint4 a = as_uint4(p) & OCLHLS_F32_ABS;
    return max(max(a.x, a.y), max(a.z, a.w));
}
int OCLHLS_OVL __oclhls_any_inf(float2 p)
{
    uint2 a = as_uint2(p) & OCLHLS_F32_ABS;
    return a.x == OCLHLS_F32_INF || a.y == OCLHLS_F32_INF;
}
int OCLHLS_OVL __oclhls_any_inf(float3 p)
{
    uint3 a = as_uint3(p) & OCLHLS_F32_ABS;
    return a.x == OCLHLS_F32_INF || a.y == OCLHLS_F32_INF || a.z == OCLHLS_F32_INF;
}
int OCLHLS_OVL __oclhls_any_inf(float4 p)
{
    uint4 a = as_uint4(p) & OCLHLS_F32_ABS;
    return a.x == OCLHLS_F32_INF || a.y == OCLHLS_F32_INF || a.z == OCLHLS_F32_INF ||
           a.w == OCLHLS_F32_INF;
}

// The exponent k of the scale 2^k for a vector whose largest |component| has bits m: the
// component lands in [1, 2), or in [2^-23, 1) when denormal (k stops at 126 so that 2^k
// and 2^-k stay normal floats).
int OCLHLS_OVL __oclhls_geo_scale(uint m) { return clamp(127 - (int)(m >> 23), -126, 126); }

// Infinite components as +-1 and the others as +-0 (NaN kept), the spec's rule for
// normalize of a vector with an infinite component. VN/UN: the float and uint vector types.
#define OCLHLS_INF_TO_UNIT(VN, UN, p)                                                          \
    as_##VN(((as_##UN(p) & OCLHLS_F32_ABS) == OCLHLS_F32_INF)                                   \
                ? (as_##UN(p) & OCLHLS_F32_SIGN) | OCLHLS_F32_ONE                              \
            : ((as_##UN(p) & OCLHLS_F32_ABS) > OCLHLS_F32_INF) ? as_##UN(p)                     \
                                                               : as_##UN(p) & OCLHLS_F32_SIGN)

#define OCLHLS_GEOMETRIC(VN, UN)                                                               \
    /* hypot's rule: an infinite component makes the length +inf even beside a NaN */        \
    float OCLHLS_OVL length(VN p)                                                              \
    {                                                                                          \
        int k = __oclhls_geo_scale(__oclhls_max_abs_bits(p));                                  \
        VN s = p * __oclhls_pow2(k);                                                           \
        float r = __builtin_sqrtf(dot(s, s)) * __oclhls_pow2(-k);                              \
        return __oclhls_any_inf(p) ? INFINITY : r;                                             \
    }                                                                                          \
    float OCLHLS_OVL distance(VN a, VN b) { return length(a - b); }                            \
    VN OCLHLS_OVL normalize(VN p)                                                              \
    {                                                                                          \
        VN q = __oclhls_any_inf(p) ? OCLHLS_INF_TO_UNIT(VN, UN, p) : p;                        \
        uint m = __oclhls_max_abs_bits(q);                                                     \
        VN s = q * __oclhls_pow2(__oclhls_geo_scale(m));                                       \
        VN r = s * (1.0f / __builtin_sqrtf(dot(s, s)));                                        \
        return m == 0u ? p : r;                                                                \
    }                                                                                          \
    /* the spec's fast_ formulas: no scaling (undefined on overflow) */                       \
    float OCLHLS_OVL fast_length(VN p) { return __builtin_sqrtf(dot(p, p)); }                  \
    float OCLHLS_OVL fast_distance(VN a, VN b) { return fast_length(a - b); }                  \
    VN OCLHLS_OVL fast_normalize(VN p)                                                         \
    {                                                                                          \
        float sum = dot(p, p);                                                                 \
        return sum == 0.0f ? p : p * (1.0f / __builtin_sqrtf(sum));                            \
    }

OCLHLS_GEOMETRIC(float2, uint2)
OCLHLS_GEOMETRIC(float3, uint3)
OCLHLS_GEOMETRIC(float4, uint4)

// Scalars: |p|, and +-1 (+-0, NaN kept) as the direction.
float OCLHLS_OVL length(float p) { return fabs(p); }
float OCLHLS_OVL distance(float a, float b) { return fabs(a - b); }
float OCLHLS_OVL normalize(float p)
{
    uint a = as_uint(p) & OCLHLS_F32_ABS;
    return a == 0u || a > OCLHLS_F32_INF ? p : copysign(1.0f, p);
}
float OCLHLS_OVL fast_length(float p) { return fabs(p); }
float OCLHLS_OVL fast_distance(float a, float b) { return fabs(a - b); }
float OCLHLS_OVL fast_normalize(float p) { return normalize(p); }
