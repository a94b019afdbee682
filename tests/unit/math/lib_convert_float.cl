// SPDX-License-Identifier: MIT
// Wrappers with plain C names around the float conversions, the half loads and stores
// (frontend/builtins/convert_float.cl) and the vector math forms (math_vector.cl), for
// test_math_convert_float.c. Vectors travel through arrays of their lanes.
#pragma OPENCL FP_CONTRACT OFF
// float16 arguments between the inlined library functions: no ABI is involved.
#pragma clang diagnostic ignored "-Wpsabi"
// Every library call inlined, as the frontend does for kernels: clang alone would leave
// the larger (vector) library functions as calls to bodies it does not emit.
#pragma clang attribute push(__attribute__((flatten)), apply_to = function)

// Vectors to and from arrays of their lanes.
#define LIB_LOAD4(x) (x[0], x[1], x[2], x[3])
#define LIB_LOAD16(x)                                                                              \
    (x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10], x[11], x[12], x[13],       \
     x[14], x[15])
#define LIB_STORE4(out, r)                                                                         \
    out[0] = r.s0; out[1] = r.s1; out[2] = r.s2; out[3] = r.s3;
#define LIB_STORE16(out, r)                                                                        \
    out[0] = r.s0; out[1] = r.s1; out[2] = r.s2; out[3] = r.s3; out[4] = r.s4; out[5] = r.s5;      \
    out[6] = r.s6; out[7] = r.s7; out[8] = r.s8; out[9] = r.s9; out[10] = r.sa;                    \
    out[11] = r.sb; out[12] = r.sc; out[13] = r.sd; out[14] = r.se; out[15] = r.sf;

// float -> TO in every mode, scalar, and in 16 lanes (checked against the scalar result).
#define LIB_FROM_FLOAT_MODE(TO, SUFFIX)                                                            \
    TO lib_convert_##TO##SUFFIX(float x) { return convert_##TO##SUFFIX(x); }                       \
    void lib_convert_##TO##16##SUFFIX(const float *x, TO *out)                                     \
    {                                                                                              \
        TO##16 r = convert_##TO##16##SUFFIX((float16)LIB_LOAD16(x));                               \
        LIB_STORE16(out, r);                                                                       \
    }
#define LIB_FROM_FLOAT(TO)                                                                         \
    LIB_FROM_FLOAT_MODE(TO, )                                                                      \
    LIB_FROM_FLOAT_MODE(TO, _rte)                                                                  \
    LIB_FROM_FLOAT_MODE(TO, _rtz)                                                                  \
    LIB_FROM_FLOAT_MODE(TO, _rtp)                                                                  \
    LIB_FROM_FLOAT_MODE(TO, _rtn)                                                                  \
    LIB_FROM_FLOAT_MODE(TO, _sat)                                                                  \
    LIB_FROM_FLOAT_MODE(TO, _sat_rte)                                                              \
    LIB_FROM_FLOAT_MODE(TO, _sat_rtz)                                                              \
    LIB_FROM_FLOAT_MODE(TO, _sat_rtp)                                                              \
    LIB_FROM_FLOAT_MODE(TO, _sat_rtn)

// FROM -> float in every mode, scalar and in 3 lanes.
#define LIB_TO_FLOAT_MODE(FROM, SUFFIX)                                                            \
    float lib_convert_float##SUFFIX##_##FROM(FROM x) { return convert_float##SUFFIX(x); }          \
    void lib_convert_float3##SUFFIX##_##FROM(const FROM *x, float *out)                            \
    {                                                                                              \
        float3 r = convert_float3##SUFFIX((FROM##3)(x[0], x[1], x[2]));                            \
        out[0] = r.s0;                                                                             \
        out[1] = r.s1;                                                                             \
        out[2] = r.s2;                                                                             \
    }
#define LIB_TO_FLOAT(FROM)                                                                         \
    LIB_TO_FLOAT_MODE(FROM, )                                                                      \
    LIB_TO_FLOAT_MODE(FROM, _rte)                                                                  \
    LIB_TO_FLOAT_MODE(FROM, _rtz)                                                                  \
    LIB_TO_FLOAT_MODE(FROM, _rtp)                                                                  \
    LIB_TO_FLOAT_MODE(FROM, _rtn)

LIB_FROM_FLOAT(char)
LIB_FROM_FLOAT(uchar)
LIB_FROM_FLOAT(short)
LIB_FROM_FLOAT(ushort)
LIB_FROM_FLOAT(int)
LIB_FROM_FLOAT(uint)
LIB_FROM_FLOAT(long)
LIB_FROM_FLOAT(ulong)

LIB_TO_FLOAT(char)
LIB_TO_FLOAT(uchar)
LIB_TO_FLOAT(short)
LIB_TO_FLOAT(ushort)
LIB_TO_FLOAT(int)
LIB_TO_FLOAT(uint)
LIB_TO_FLOAT(long)
LIB_TO_FLOAT(ulong)
LIB_TO_FLOAT(float)

// Integer to integer with a rounding suffix still converts (convert.cl's aliases replaced).
int lib_convert_int_sat_rtp_long(long x) { return convert_int_sat_rtp(x); }
uchar4 lib_convert_uchar4_rtn_short4_lane0(short x) { return convert_uchar4_rtn((short4)(x)); }

// Half loads and stores (the halves as ushort bits).
float lib_vload_half(size_t offset, const ushort *p) { return vload_half(offset, (const half *)p); }
void lib_vload_half3(size_t offset, const ushort *p, float *out)
{
    float3 r = vload_half3(offset, (const half *)p);
    out[0] = r.s0;
    out[1] = r.s1;
    out[2] = r.s2;
}
void lib_vloada_half3(size_t offset, const ushort *p, float *out)
{
    float3 r = vloada_half3(offset, (const half *)p);
    out[0] = r.s0;
    out[1] = r.s1;
    out[2] = r.s2;
}
void lib_vload_half16(size_t offset, const ushort *p, float *out)
{
    float16 r = vload_half16(offset, (const half *)p);
    LIB_STORE16(out, r);
}
#define LIB_STORE_HALF(SUFFIX)                                                                     \
    void lib_vstore_half##SUFFIX(float x, size_t offset, ushort *p)                                \
    {                                                                                              \
        vstore_half##SUFFIX(x, offset, (half *)p);                                                 \
    }                                                                                              \
    void lib_vstore_half16##SUFFIX(const float *x, size_t offset, ushort *p)                       \
    {                                                                                              \
        vstore_half16##SUFFIX((float16)LIB_LOAD16(x), offset, (half *)p);                          \
    }                                                                                              \
    void lib_vstorea_half3##SUFFIX(const float *x, size_t offset, ushort *p)                       \
    {                                                                                              \
        vstorea_half3##SUFFIX((float3)(x[0], x[1], x[2]), offset, (half *)p);                      \
    }
LIB_STORE_HALF()
LIB_STORE_HALF(_rte)
LIB_STORE_HALF(_rtz)
LIB_STORE_HALF(_rtp)
LIB_STORE_HALF(_rtn)

// ---- the vector math forms ----

#define LIB_VEC(N, NAME, ...)                                                                      \
    void lib_v##N##_##NAME(const float *a, const float *b, const float *c, const int *k,           \
                           float *out, int *iout)                                                  \
    {                                                                                              \
        float##N A = (float##N)LIB_LOAD##N(a), B = (float##N)LIB_LOAD##N(b);                       \
        float##N C = (float##N)LIB_LOAD##N(c), r = 0.0f;                                           \
        int##N K = (int##N)LIB_LOAD##N(k), ir = 0;                                                 \
        __VA_ARGS__                                                                                \
        LIB_STORE##N(out, r)                                                                       \
        LIB_STORE##N(iout, ir)                                                                     \
    }
#define LIB_SCALAR(NAME, ...)                                                                      \
    float lib_s_##NAME(float a, float b, float c, int k, int *iout)                                \
    {                                                                                              \
        float r = 0.0f;                                                                            \
        int ir = 0;                                                                                \
        __VA_ARGS__                                                                                \
        *iout = ir;                                                                                \
        return r;                                                                                  \
    }

// The wrappers of the vector math forms (math_vector.cl) for float4 and float16, and of
// their scalar functions, all with one signature: a, b, c (float lanes), k (int lanes) in;
// out (float lanes), iout (int lanes) out. Calling each once is the compile check.
LIB_VEC(4, acos, r = acos(A);)
LIB_VEC(4, acosh, r = acosh(A);)
LIB_VEC(4, acospi, r = acospi(A);)
LIB_VEC(4, asin, r = asin(A);)
LIB_VEC(4, asinh, r = asinh(A);)
LIB_VEC(4, asinpi, r = asinpi(A);)
LIB_VEC(4, atan, r = atan(A);)
LIB_VEC(4, atanh, r = atanh(A);)
LIB_VEC(4, atanpi, r = atanpi(A);)
LIB_VEC(4, cbrt, r = cbrt(A);)
LIB_VEC(4, ceil, r = ceil(A);)
LIB_VEC(4, cos, r = cos(A);)
LIB_VEC(4, cosh, r = cosh(A);)
LIB_VEC(4, cospi, r = cospi(A);)
LIB_VEC(4, erfc, r = erfc(A);)
LIB_VEC(4, erf, r = erf(A);)
LIB_VEC(4, exp, r = exp(A);)
LIB_VEC(4, exp2, r = exp2(A);)
LIB_VEC(4, exp10, r = exp10(A);)
LIB_VEC(4, expm1, r = expm1(A);)
LIB_VEC(4, fabs, r = fabs(A);)
LIB_VEC(4, floor, r = floor(A);)
LIB_VEC(4, lgamma, r = lgamma(A);)
LIB_VEC(4, log, r = log(A);)
LIB_VEC(4, log2, r = log2(A);)
LIB_VEC(4, log10, r = log10(A);)
LIB_VEC(4, log1p, r = log1p(A);)
LIB_VEC(4, logb, r = logb(A);)
LIB_VEC(4, rint, r = rint(A);)
LIB_VEC(4, round, r = round(A);)
LIB_VEC(4, rsqrt, r = rsqrt(A);)
LIB_VEC(4, sin, r = sin(A);)
LIB_VEC(4, sinh, r = sinh(A);)
LIB_VEC(4, sinpi, r = sinpi(A);)
LIB_VEC(4, sqrt, r = sqrt(A);)
LIB_VEC(4, tan, r = tan(A);)
LIB_VEC(4, tanh, r = tanh(A);)
LIB_VEC(4, tanpi, r = tanpi(A);)
LIB_VEC(4, tgamma, r = tgamma(A);)
LIB_VEC(4, trunc, r = trunc(A);)
LIB_VEC(4, half_cos, r = half_cos(A);)
LIB_VEC(4, half_exp, r = half_exp(A);)
LIB_VEC(4, half_exp2, r = half_exp2(A);)
LIB_VEC(4, half_exp10, r = half_exp10(A);)
LIB_VEC(4, half_log, r = half_log(A);)
LIB_VEC(4, half_log2, r = half_log2(A);)
LIB_VEC(4, half_log10, r = half_log10(A);)
LIB_VEC(4, half_recip, r = half_recip(A);)
LIB_VEC(4, half_rsqrt, r = half_rsqrt(A);)
LIB_VEC(4, half_sin, r = half_sin(A);)
LIB_VEC(4, half_sqrt, r = half_sqrt(A);)
LIB_VEC(4, half_tan, r = half_tan(A);)
LIB_VEC(4, native_cos, r = native_cos(A);)
LIB_VEC(4, native_exp, r = native_exp(A);)
LIB_VEC(4, native_exp2, r = native_exp2(A);)
LIB_VEC(4, native_exp10, r = native_exp10(A);)
LIB_VEC(4, native_log, r = native_log(A);)
LIB_VEC(4, native_log2, r = native_log2(A);)
LIB_VEC(4, native_log10, r = native_log10(A);)
LIB_VEC(4, native_recip, r = native_recip(A);)
LIB_VEC(4, native_rsqrt, r = native_rsqrt(A);)
LIB_VEC(4, native_sin, r = native_sin(A);)
LIB_VEC(4, native_sqrt, r = native_sqrt(A);)
LIB_VEC(4, native_tan, r = native_tan(A);)
LIB_VEC(4, degrees, r = degrees(A);)
LIB_VEC(4, radians, r = radians(A);)
LIB_VEC(4, sign, r = sign(A);)
LIB_VEC(4, atan2, r = atan2(A, B);)
LIB_VEC(4, atan2pi, r = atan2pi(A, B);)
LIB_VEC(4, copysign, r = copysign(A, B);)
LIB_VEC(4, fdim, r = fdim(A, B);)
LIB_VEC(4, fmax, r = fmax(A, B);)
LIB_VEC(4, fmin, r = fmin(A, B);)
LIB_VEC(4, fmod, r = fmod(A, B);)
LIB_VEC(4, hypot, r = hypot(A, B);)
LIB_VEC(4, maxmag, r = maxmag(A, B);)
LIB_VEC(4, minmag, r = minmag(A, B);)
LIB_VEC(4, nextafter, r = nextafter(A, B);)
LIB_VEC(4, pow, r = pow(A, B);)
LIB_VEC(4, powr, r = powr(A, B);)
LIB_VEC(4, remainder, r = remainder(A, B);)
LIB_VEC(4, half_divide, r = half_divide(A, B);)
LIB_VEC(4, half_powr, r = half_powr(A, B);)
LIB_VEC(4, native_divide, r = native_divide(A, B);)
LIB_VEC(4, native_powr, r = native_powr(A, B);)
LIB_VEC(4, max, r = max(A, B);)
LIB_VEC(4, min, r = min(A, B);)
LIB_VEC(4, step, r = step(A, B);)
LIB_VEC(4, fma, r = fma(A, B, C);)
LIB_VEC(4, mad, r = mad(A, B, C);)
LIB_VEC(4, clamp, r = clamp(A, B, C);)
LIB_VEC(4, mix, r = mix(A, B, C);)
LIB_VEC(4, smoothstep, r = smoothstep(A, B, C);)
LIB_VEC(4, ldexp, r = ldexp(A, K);)
LIB_VEC(4, pown, r = pown(A, K);)
LIB_VEC(4, rootn, r = rootn(A, K);)
LIB_VEC(4, ldexp_scalar, r = ldexp(A, k[0]);)
LIB_VEC(4, fmax_scalar, r = fmax(A, b[0]);)
LIB_VEC(4, fmin_scalar, r = fmin(A, b[0]);)
LIB_VEC(4, max_scalar, r = max(A, b[0]);)
LIB_VEC(4, min_scalar, r = min(A, b[0]);)
LIB_VEC(4, clamp_scalar, r = clamp(A, b[0], c[0]);)
LIB_VEC(4, mix_scalar, r = mix(A, B, c[0]);)
LIB_VEC(4, step_scalar, r = step(a[0], B);)
LIB_VEC(4, smoothstep_scalar, r = smoothstep(a[0], b[0], C);)
LIB_VEC(4, ilogb, ir = ilogb(A);)
LIB_VEC(4, nan, r = nan(as_uint4(K));)
LIB_VEC(4, fract, float4 p; r = fract(A, &p); ir = as_int4(p);)
LIB_VEC(4, modf, float4 p; r = modf(A, &p); ir = as_int4(p);)
LIB_VEC(4, sincos, float4 p; r = sincos(A, &p); ir = as_int4(p);)
LIB_VEC(4, frexp, r = frexp(A, &ir);)
LIB_VEC(4, lgamma_r, r = lgamma_r(A, &ir);)
LIB_VEC(4, remquo, r = remquo(A, B, &ir);)
LIB_VEC(4, isequal, ir = isequal(A, B);)
LIB_VEC(4, isnotequal, ir = isnotequal(A, B);)
LIB_VEC(4, isgreater, ir = isgreater(A, B);)
LIB_VEC(4, isgreaterequal, ir = isgreaterequal(A, B);)
LIB_VEC(4, isless, ir = isless(A, B);)
LIB_VEC(4, islessequal, ir = islessequal(A, B);)
LIB_VEC(4, islessgreater, ir = islessgreater(A, B);)
LIB_VEC(4, isordered, ir = isordered(A, B);)
LIB_VEC(4, isunordered, ir = isunordered(A, B);)
LIB_VEC(4, isfinite, ir = isfinite(A);)
LIB_VEC(4, isinf, ir = isinf(A);)
LIB_VEC(4, isnan, ir = isnan(A);)
LIB_VEC(4, isnormal, ir = isnormal(A);)
LIB_VEC(4, signbit, ir = signbit(A);)
LIB_VEC(4, select, r = select(A, B, K);)
LIB_VEC(4, select_uint, r = select(A, B, as_uint4(K));)
LIB_VEC(4, bitselect, r = bitselect(A, B, C);)
LIB_VEC(16, acos, r = acos(A);)
LIB_VEC(16, acosh, r = acosh(A);)
LIB_VEC(16, acospi, r = acospi(A);)
LIB_VEC(16, asin, r = asin(A);)
LIB_VEC(16, asinh, r = asinh(A);)
LIB_VEC(16, asinpi, r = asinpi(A);)
LIB_VEC(16, atan, r = atan(A);)
LIB_VEC(16, atanh, r = atanh(A);)
LIB_VEC(16, atanpi, r = atanpi(A);)
LIB_VEC(16, cbrt, r = cbrt(A);)
LIB_VEC(16, ceil, r = ceil(A);)
LIB_VEC(16, cos, r = cos(A);)
LIB_VEC(16, cosh, r = cosh(A);)
LIB_VEC(16, cospi, r = cospi(A);)
LIB_VEC(16, erfc, r = erfc(A);)
LIB_VEC(16, erf, r = erf(A);)
LIB_VEC(16, exp, r = exp(A);)
LIB_VEC(16, exp2, r = exp2(A);)
LIB_VEC(16, exp10, r = exp10(A);)
LIB_VEC(16, expm1, r = expm1(A);)
LIB_VEC(16, fabs, r = fabs(A);)
LIB_VEC(16, floor, r = floor(A);)
LIB_VEC(16, lgamma, r = lgamma(A);)
LIB_VEC(16, log, r = log(A);)
LIB_VEC(16, log2, r = log2(A);)
LIB_VEC(16, log10, r = log10(A);)
LIB_VEC(16, log1p, r = log1p(A);)
LIB_VEC(16, logb, r = logb(A);)
LIB_VEC(16, rint, r = rint(A);)
LIB_VEC(16, round, r = round(A);)
LIB_VEC(16, rsqrt, r = rsqrt(A);)
LIB_VEC(16, sin, r = sin(A);)
LIB_VEC(16, sinh, r = sinh(A);)
LIB_VEC(16, sinpi, r = sinpi(A);)
LIB_VEC(16, sqrt, r = sqrt(A);)
LIB_VEC(16, tan, r = tan(A);)
LIB_VEC(16, tanh, r = tanh(A);)
LIB_VEC(16, tanpi, r = tanpi(A);)
LIB_VEC(16, tgamma, r = tgamma(A);)
LIB_VEC(16, trunc, r = trunc(A);)
LIB_VEC(16, half_cos, r = half_cos(A);)
LIB_VEC(16, half_exp, r = half_exp(A);)
LIB_VEC(16, half_exp2, r = half_exp2(A);)
LIB_VEC(16, half_exp10, r = half_exp10(A);)
LIB_VEC(16, half_log, r = half_log(A);)
LIB_VEC(16, half_log2, r = half_log2(A);)
LIB_VEC(16, half_log10, r = half_log10(A);)
LIB_VEC(16, half_recip, r = half_recip(A);)
LIB_VEC(16, half_rsqrt, r = half_rsqrt(A);)
LIB_VEC(16, half_sin, r = half_sin(A);)
LIB_VEC(16, half_sqrt, r = half_sqrt(A);)
LIB_VEC(16, half_tan, r = half_tan(A);)
LIB_VEC(16, native_cos, r = native_cos(A);)
LIB_VEC(16, native_exp, r = native_exp(A);)
LIB_VEC(16, native_exp2, r = native_exp2(A);)
LIB_VEC(16, native_exp10, r = native_exp10(A);)
LIB_VEC(16, native_log, r = native_log(A);)
LIB_VEC(16, native_log2, r = native_log2(A);)
LIB_VEC(16, native_log10, r = native_log10(A);)
LIB_VEC(16, native_recip, r = native_recip(A);)
LIB_VEC(16, native_rsqrt, r = native_rsqrt(A);)
LIB_VEC(16, native_sin, r = native_sin(A);)
LIB_VEC(16, native_sqrt, r = native_sqrt(A);)
LIB_VEC(16, native_tan, r = native_tan(A);)
LIB_VEC(16, degrees, r = degrees(A);)
LIB_VEC(16, radians, r = radians(A);)
LIB_VEC(16, sign, r = sign(A);)
LIB_VEC(16, atan2, r = atan2(A, B);)
LIB_VEC(16, atan2pi, r = atan2pi(A, B);)
LIB_VEC(16, copysign, r = copysign(A, B);)
LIB_VEC(16, fdim, r = fdim(A, B);)
LIB_VEC(16, fmax, r = fmax(A, B);)
LIB_VEC(16, fmin, r = fmin(A, B);)
LIB_VEC(16, fmod, r = fmod(A, B);)
LIB_VEC(16, hypot, r = hypot(A, B);)
LIB_VEC(16, maxmag, r = maxmag(A, B);)
LIB_VEC(16, minmag, r = minmag(A, B);)
LIB_VEC(16, nextafter, r = nextafter(A, B);)
LIB_VEC(16, pow, r = pow(A, B);)
LIB_VEC(16, powr, r = powr(A, B);)
LIB_VEC(16, remainder, r = remainder(A, B);)
LIB_VEC(16, half_divide, r = half_divide(A, B);)
LIB_VEC(16, half_powr, r = half_powr(A, B);)
LIB_VEC(16, native_divide, r = native_divide(A, B);)
LIB_VEC(16, native_powr, r = native_powr(A, B);)
LIB_VEC(16, max, r = max(A, B);)
LIB_VEC(16, min, r = min(A, B);)
LIB_VEC(16, step, r = step(A, B);)
LIB_VEC(16, fma, r = fma(A, B, C);)
LIB_VEC(16, mad, r = mad(A, B, C);)
LIB_VEC(16, clamp, r = clamp(A, B, C);)
LIB_VEC(16, mix, r = mix(A, B, C);)
LIB_VEC(16, smoothstep, r = smoothstep(A, B, C);)
LIB_VEC(16, ldexp, r = ldexp(A, K);)
LIB_VEC(16, pown, r = pown(A, K);)
LIB_VEC(16, rootn, r = rootn(A, K);)
LIB_VEC(16, ldexp_scalar, r = ldexp(A, k[0]);)
LIB_VEC(16, fmax_scalar, r = fmax(A, b[0]);)
LIB_VEC(16, fmin_scalar, r = fmin(A, b[0]);)
LIB_VEC(16, max_scalar, r = max(A, b[0]);)
LIB_VEC(16, min_scalar, r = min(A, b[0]);)
LIB_VEC(16, clamp_scalar, r = clamp(A, b[0], c[0]);)
LIB_VEC(16, mix_scalar, r = mix(A, B, c[0]);)
LIB_VEC(16, step_scalar, r = step(a[0], B);)
LIB_VEC(16, smoothstep_scalar, r = smoothstep(a[0], b[0], C);)
LIB_VEC(16, ilogb, ir = ilogb(A);)
LIB_VEC(16, nan, r = nan(as_uint16(K));)
LIB_VEC(16, fract, float16 p; r = fract(A, &p); ir = as_int16(p);)
LIB_VEC(16, modf, float16 p; r = modf(A, &p); ir = as_int16(p);)
LIB_VEC(16, sincos, float16 p; r = sincos(A, &p); ir = as_int16(p);)
LIB_VEC(16, frexp, r = frexp(A, &ir);)
LIB_VEC(16, lgamma_r, r = lgamma_r(A, &ir);)
LIB_VEC(16, remquo, r = remquo(A, B, &ir);)
LIB_VEC(16, isequal, ir = isequal(A, B);)
LIB_VEC(16, isnotequal, ir = isnotequal(A, B);)
LIB_VEC(16, isgreater, ir = isgreater(A, B);)
LIB_VEC(16, isgreaterequal, ir = isgreaterequal(A, B);)
LIB_VEC(16, isless, ir = isless(A, B);)
LIB_VEC(16, islessequal, ir = islessequal(A, B);)
LIB_VEC(16, islessgreater, ir = islessgreater(A, B);)
LIB_VEC(16, isordered, ir = isordered(A, B);)
LIB_VEC(16, isunordered, ir = isunordered(A, B);)
LIB_VEC(16, isfinite, ir = isfinite(A);)
LIB_VEC(16, isinf, ir = isinf(A);)
LIB_VEC(16, isnan, ir = isnan(A);)
LIB_VEC(16, isnormal, ir = isnormal(A);)
LIB_VEC(16, signbit, ir = signbit(A);)
LIB_VEC(16, select, r = select(A, B, K);)
LIB_VEC(16, select_uint, r = select(A, B, as_uint16(K));)
LIB_VEC(16, bitselect, r = bitselect(A, B, C);)

// The scalar functions, the same way (the reference of each lane).
LIB_SCALAR(acos, r = acos(a);)
LIB_SCALAR(acosh, r = acosh(a);)
LIB_SCALAR(acospi, r = acospi(a);)
LIB_SCALAR(asin, r = asin(a);)
LIB_SCALAR(asinh, r = asinh(a);)
LIB_SCALAR(asinpi, r = asinpi(a);)
LIB_SCALAR(atan, r = atan(a);)
LIB_SCALAR(atanh, r = atanh(a);)
LIB_SCALAR(atanpi, r = atanpi(a);)
LIB_SCALAR(cbrt, r = cbrt(a);)
LIB_SCALAR(ceil, r = ceil(a);)
LIB_SCALAR(cos, r = cos(a);)
LIB_SCALAR(cosh, r = cosh(a);)
LIB_SCALAR(cospi, r = cospi(a);)
LIB_SCALAR(erfc, r = erfc(a);)
LIB_SCALAR(erf, r = erf(a);)
LIB_SCALAR(exp, r = exp(a);)
LIB_SCALAR(exp2, r = exp2(a);)
LIB_SCALAR(exp10, r = exp10(a);)
LIB_SCALAR(expm1, r = expm1(a);)
LIB_SCALAR(fabs, r = fabs(a);)
LIB_SCALAR(floor, r = floor(a);)
LIB_SCALAR(lgamma, r = lgamma(a);)
LIB_SCALAR(log, r = log(a);)
LIB_SCALAR(log2, r = log2(a);)
LIB_SCALAR(log10, r = log10(a);)
LIB_SCALAR(log1p, r = log1p(a);)
LIB_SCALAR(logb, r = logb(a);)
LIB_SCALAR(rint, r = rint(a);)
LIB_SCALAR(round, r = round(a);)
LIB_SCALAR(rsqrt, r = rsqrt(a);)
LIB_SCALAR(sin, r = sin(a);)
LIB_SCALAR(sinh, r = sinh(a);)
LIB_SCALAR(sinpi, r = sinpi(a);)
LIB_SCALAR(sqrt, r = sqrt(a);)
LIB_SCALAR(tan, r = tan(a);)
LIB_SCALAR(tanh, r = tanh(a);)
LIB_SCALAR(tanpi, r = tanpi(a);)
LIB_SCALAR(tgamma, r = tgamma(a);)
LIB_SCALAR(trunc, r = trunc(a);)
LIB_SCALAR(half_cos, r = half_cos(a);)
LIB_SCALAR(half_exp, r = half_exp(a);)
LIB_SCALAR(half_exp2, r = half_exp2(a);)
LIB_SCALAR(half_exp10, r = half_exp10(a);)
LIB_SCALAR(half_log, r = half_log(a);)
LIB_SCALAR(half_log2, r = half_log2(a);)
LIB_SCALAR(half_log10, r = half_log10(a);)
LIB_SCALAR(half_recip, r = half_recip(a);)
LIB_SCALAR(half_rsqrt, r = half_rsqrt(a);)
LIB_SCALAR(half_sin, r = half_sin(a);)
LIB_SCALAR(half_sqrt, r = half_sqrt(a);)
LIB_SCALAR(half_tan, r = half_tan(a);)
LIB_SCALAR(native_cos, r = native_cos(a);)
LIB_SCALAR(native_exp, r = native_exp(a);)
LIB_SCALAR(native_exp2, r = native_exp2(a);)
LIB_SCALAR(native_exp10, r = native_exp10(a);)
LIB_SCALAR(native_log, r = native_log(a);)
LIB_SCALAR(native_log2, r = native_log2(a);)
LIB_SCALAR(native_log10, r = native_log10(a);)
LIB_SCALAR(native_recip, r = native_recip(a);)
LIB_SCALAR(native_rsqrt, r = native_rsqrt(a);)
LIB_SCALAR(native_sin, r = native_sin(a);)
LIB_SCALAR(native_sqrt, r = native_sqrt(a);)
LIB_SCALAR(native_tan, r = native_tan(a);)
LIB_SCALAR(degrees, r = degrees(a);)
LIB_SCALAR(radians, r = radians(a);)
LIB_SCALAR(sign, r = sign(a);)
LIB_SCALAR(atan2, r = atan2(a, b);)
LIB_SCALAR(atan2pi, r = atan2pi(a, b);)
LIB_SCALAR(copysign, r = copysign(a, b);)
LIB_SCALAR(fdim, r = fdim(a, b);)
LIB_SCALAR(fmax, r = fmax(a, b);)
LIB_SCALAR(fmin, r = fmin(a, b);)
LIB_SCALAR(fmod, r = fmod(a, b);)
LIB_SCALAR(hypot, r = hypot(a, b);)
LIB_SCALAR(maxmag, r = maxmag(a, b);)
LIB_SCALAR(minmag, r = minmag(a, b);)
LIB_SCALAR(nextafter, r = nextafter(a, b);)
LIB_SCALAR(pow, r = pow(a, b);)
LIB_SCALAR(powr, r = powr(a, b);)
LIB_SCALAR(remainder, r = remainder(a, b);)
LIB_SCALAR(half_divide, r = half_divide(a, b);)
LIB_SCALAR(half_powr, r = half_powr(a, b);)
LIB_SCALAR(native_divide, r = native_divide(a, b);)
LIB_SCALAR(native_powr, r = native_powr(a, b);)
LIB_SCALAR(max, r = max(a, b);)
LIB_SCALAR(min, r = min(a, b);)
LIB_SCALAR(step, r = step(a, b);)
LIB_SCALAR(fma, r = fma(a, b, c);)
LIB_SCALAR(mad, r = mad(a, b, c);)
LIB_SCALAR(clamp, r = clamp(a, b, c);)
LIB_SCALAR(mix, r = mix(a, b, c);)
LIB_SCALAR(smoothstep, r = smoothstep(a, b, c);)
LIB_SCALAR(ldexp, r = ldexp(a, k);)
LIB_SCALAR(pown, r = pown(a, k);)
LIB_SCALAR(rootn, r = rootn(a, k);)
LIB_SCALAR(ilogb, ir = ilogb(a);)
LIB_SCALAR(nan, r = nan(as_uint(k));)
LIB_SCALAR(fract, float p; r = fract(a, &p); ir = as_int(p);)
LIB_SCALAR(modf, float p; r = modf(a, &p); ir = as_int(p);)
LIB_SCALAR(sincos, float p; r = sincos(a, &p); ir = as_int(p);)
LIB_SCALAR(frexp, r = frexp(a, &ir);)
LIB_SCALAR(lgamma_r, r = lgamma_r(a, &ir);)
LIB_SCALAR(remquo, r = remquo(a, b, &ir);)
LIB_SCALAR(isequal, ir = isequal(a, b);)
LIB_SCALAR(isnotequal, ir = isnotequal(a, b);)
LIB_SCALAR(isgreater, ir = isgreater(a, b);)
LIB_SCALAR(isgreaterequal, ir = isgreaterequal(a, b);)
LIB_SCALAR(isless, ir = isless(a, b);)
LIB_SCALAR(islessequal, ir = islessequal(a, b);)
LIB_SCALAR(islessgreater, ir = islessgreater(a, b);)
LIB_SCALAR(isordered, ir = isordered(a, b);)
LIB_SCALAR(isunordered, ir = isunordered(a, b);)
LIB_SCALAR(isfinite, ir = isfinite(a);)
LIB_SCALAR(isinf, ir = isinf(a);)
LIB_SCALAR(isnan, ir = isnan(a);)
LIB_SCALAR(isnormal, ir = isnormal(a);)
LIB_SCALAR(signbit, ir = signbit(a);)
LIB_SCALAR(select, r = select(a, b, k);)
LIB_SCALAR(bitselect, r = bitselect(a, b, c);)

#pragma clang attribute pop
