// SPDX-License-Identifier: MIT
// The vector forms (float2, float3, float4, float8, float16) of the float functions of the
// math, common and relational tables (OpenCL C 3.0, 6.15.2, 6.15.4, 6.15.6): each lane is
// the scalar function of its lanes (math_basic.cl, math_exp_log.cl, math_trig.cl), which
// the frontend inlines and HLS builds side by side. The relational functions compare whole
// vectors (true is -1 in each lane, all bits set). The geometric functions are elsewhere.
#pragma OPENCL FP_CONTRACT OFF

// M(F, n) for each vector width.
#define OCLHLS_EACH_WIDTH(M, F) M(F, 2) M(F, 3) M(F, 4) M(F, 8) M(F, 16)

// Each vector form repeats the scalar's declaration first: clang otherwise resolves the
// lane calls of a libm name (cosh, erfc, ...) whose scalar is declared but not yet defined
// to the vector function being defined (splatting the lane).
#define OCLHLS_SCALAR_DECL(R, F, ...) R __attribute__((overloadable)) F(__VA_ARGS__);

// floatn F(floatn), F(floatn, floatn), F(floatn, floatn, floatn).
#define OCLHLS_VEC_F1(F, N)                                                                        \
    OCLHLS_SCALAR_DECL(float, F, float)                                                            \
    float##N OCLHLS_OVL F(float##N x) { return (float##N)(OCLHLS_MAP##N##_1(F, x)); }
#define OCLHLS_VEC_F2(F, N)                                                                        \
    OCLHLS_SCALAR_DECL(float, F, float, float)                                                     \
    float##N OCLHLS_OVL F(float##N x, float##N y)                                                  \
    {                                                                                              \
        return (float##N)(OCLHLS_MAP##N##_2(F, x, y));                                             \
    }
#define OCLHLS_VEC_F3(F, N)                                                                        \
    OCLHLS_SCALAR_DECL(float, F, float, float, float)                                              \
    float##N OCLHLS_OVL F(float##N x, float##N y, float##N z)                                      \
    {                                                                                              \
        return (float##N)(OCLHLS_MAP##N##_3(F, x, y, z));                                          \
    }
// floatn F(floatn, float): the scalar spread over the lanes.
#define OCLHLS_VEC_F2_SCALAR(F, N)                                                                 \
    float##N OCLHLS_OVL F(float##N x, float y)                                                     \
    {                                                                                              \
        float##N yn = (float##N)(y);                                                               \
        return (float##N)(OCLHLS_MAP##N##_2(F, x, yn));                                            \
    }
// floatn F(floatn, intn); intn F(floatn).
#define OCLHLS_VEC_FI(F, N)                                                                        \
    OCLHLS_SCALAR_DECL(float, F, float, int)                                                       \
    float##N OCLHLS_OVL F(float##N x, int##N k)                                                    \
    {                                                                                              \
        return (float##N)(OCLHLS_MAP##N##_2(F, x, k));                                             \
    }
#define OCLHLS_VEC_I1(F, N)                                                                        \
    OCLHLS_SCALAR_DECL(int, F, float)                                                              \
    int##N OCLHLS_OVL F(float##N x) { return (int##N)(OCLHLS_MAP##N##_1(F, x)); }

// ---- math functions ----
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, acos)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, acosh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, acospi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, asin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, asinh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, asinpi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, atan)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, atan2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, atanh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, atanpi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, atan2pi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, cbrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, ceil)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, copysign)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, cos)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, cosh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, cospi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, erfc)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, erf)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, exp)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, exp2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, exp10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, expm1)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, fabs)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, fdim)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, floor)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F3, fma)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, fmax)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2_SCALAR, fmax)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, fmin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2_SCALAR, fmin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, fmod)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, hypot)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_I1, ilogb)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_FI, ldexp)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, lgamma)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, log)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, log2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, log10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, log1p)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, logb)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F3, mad)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, maxmag)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, minmag)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, nextafter)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, pow)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_FI, pown)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, powr)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, remainder)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, rint)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_FI, rootn)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, round)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, rsqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, sin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, sinh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, sinpi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, sqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, tan)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, tanh)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, tanpi)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, tgamma)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, trunc)

#define OCLHLS_VEC_LDEXP_SCALAR(F, N)                                                              \
    float##N OCLHLS_OVL F(float##N x, int k)                                                       \
    {                                                                                              \
        int##N kn = (int##N)(k);                                                                   \
        return (float##N)(OCLHLS_MAP##N##_2(F, x, kn));                                            \
    }
OCLHLS_EACH_WIDTH(OCLHLS_VEC_LDEXP_SCALAR, ldexp)

#define OCLHLS_VEC_NAN(F, N)                                                                       \
    OCLHLS_SCALAR_DECL(float, F, uint)                                                             \
    float##N OCLHLS_OVL F(uint##N code) { return (float##N)(OCLHLS_MAP##N##_1(F, code)); }
OCLHLS_EACH_WIDTH(OCLHLS_VEC_NAN, nan)

OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_cos)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, half_divide)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_exp)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_exp2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_exp10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_log)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_log2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_log10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, half_powr)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_recip)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_rsqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_sin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_sqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, half_tan)

OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_cos)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, native_divide)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_exp)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_exp2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_exp10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_log)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_log2)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_log10)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, native_powr)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_recip)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_rsqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_sin)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_sqrt)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, native_tan)

// The functions with a pointer argument: each lane's second result through a private
// temporary, the vector of them stored once. M(F, L) for each lane name L.
#define OCLHLS_EACH_LANE2(M, F) M(F, s0) M(F, s1)
#define OCLHLS_EACH_LANE3(M, F) M(F, s0) M(F, s1) M(F, s2)
#define OCLHLS_EACH_LANE4(M, F) M(F, s0) M(F, s1) M(F, s2) M(F, s3)
#define OCLHLS_EACH_LANE8(M, F) OCLHLS_EACH_LANE4(M, F) M(F, s4) M(F, s5) M(F, s6) M(F, s7)
#define OCLHLS_EACH_LANE16(M, F)                                                                   \
    OCLHLS_EACH_LANE8(M, F) M(F, s8) M(F, s9) M(F, sa) M(F, sb) M(F, sc) M(F, sd) M(F, se)         \
    M(F, sf)

// The scalar form the lanes call with the temporary's address: generic where it exists.
#if defined(__opencl_c_generic_address_space)
#define OCLHLS_LANE_AS
#else
#define OCLHLS_LANE_AS __private
#endif
#define OCLHLS_LANE_PTR1(F, L)                                                                     \
    r.L = F(x.L, &t);                                                                              \
    o.L = t;
#define OCLHLS_LANE_PTR2(F, L)                                                                     \
    r.L = F(x.L, y.L, &t);                                                                         \
    o.L = t;
// floatn F(floatn x, AS Tn *out) and floatn F(floatn x, floatn y, AS Tn *out).
#define OCLHLS_VEC_PTR1(F, N, T, AS)                                                               \
    OCLHLS_SCALAR_DECL(float, F, float, OCLHLS_LANE_AS T *)                                        \
    float##N OCLHLS_OVL F(float##N x, AS T##N *out)                                                \
    {                                                                                              \
        float##N r;                                                                                \
        T##N o;                                                                                    \
        T t;                                                                                       \
        OCLHLS_EACH_LANE##N(OCLHLS_LANE_PTR1, F)                                                   \
        *out = o;                                                                                  \
        return r;                                                                                  \
    }
#define OCLHLS_VEC_PTR2(F, N, T, AS)                                                               \
    OCLHLS_SCALAR_DECL(float, F, float, float, OCLHLS_LANE_AS T *)                                 \
    float##N OCLHLS_OVL F(float##N x, float##N y, AS T##N *out)                                    \
    {                                                                                              \
        float##N r;                                                                                \
        T##N o;                                                                                    \
        T t;                                                                                       \
        OCLHLS_EACH_LANE##N(OCLHLS_LANE_PTR2, F)                                                   \
        *out = o;                                                                                  \
        return r;                                                                                  \
    }
#define OCLHLS_VEC_PTR_WIDTHS(KIND, F, T, AS)                                                      \
    OCLHLS_VEC_##KIND(F, 2, T, AS) OCLHLS_VEC_##KIND(F, 3, T, AS)                                  \
    OCLHLS_VEC_##KIND(F, 4, T, AS) OCLHLS_VEC_##KIND(F, 8, T, AS)                                  \
    OCLHLS_VEC_##KIND(F, 16, T, AS)
#define OCLHLS_VEC_PTR_ALL(AS)                                                                     \
    OCLHLS_VEC_PTR_WIDTHS(PTR1, fract, float, AS)                                                  \
    OCLHLS_VEC_PTR_WIDTHS(PTR1, modf, float, AS)                                                   \
    OCLHLS_VEC_PTR_WIDTHS(PTR1, sincos, float, AS)                                                 \
    OCLHLS_VEC_PTR_WIDTHS(PTR1, frexp, int, AS)                                                    \
    OCLHLS_VEC_PTR_WIDTHS(PTR1, lgamma_r, int, AS)                                                 \
    OCLHLS_VEC_PTR_WIDTHS(PTR2, remquo, int, AS)

// Every named address space, always (a kernel's __global pointer then reaches its own
// overload, not the generic one), and the generic one from OpenCL C 2.0 on.
#define OCLHLS_VEC_GENERIC_AS
OCLHLS_VEC_PTR_ALL(__global)
OCLHLS_VEC_PTR_ALL(__local)
OCLHLS_VEC_PTR_ALL(__private)
#if defined(__opencl_c_generic_address_space)
OCLHLS_VEC_PTR_ALL(OCLHLS_VEC_GENERIC_AS)
#endif

// ---- common functions ----
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F3, clamp)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, degrees)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, max)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2_SCALAR, max)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, min)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2_SCALAR, min)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F3, mix)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, radians)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F2, step)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F3, smoothstep)
OCLHLS_EACH_WIDTH(OCLHLS_VEC_F1, sign)

// The forms with scalar arguments among the vectors: the scalars spread over the lanes
// (lane by lane here too: one level of calls, which inlines everywhere).
#define OCLHLS_VEC_COMMON_SCALAR(F, N)                                                             \
    OCLHLS_SCALAR_DECL(float, clamp, float, float, float)                                          \
    OCLHLS_SCALAR_DECL(float, mix, float, float, float)                                            \
    OCLHLS_SCALAR_DECL(float, step, float, float)                                                  \
    OCLHLS_SCALAR_DECL(float, smoothstep, float, float, float)                                     \
    float##N OCLHLS_OVL clamp(float##N x, float lo, float hi)                                      \
    {                                                                                              \
        float##N lon = (float##N)(lo), hin = (float##N)(hi);                                       \
        return (float##N)(OCLHLS_MAP##N##_3(clamp, x, lon, hin));                                  \
    }                                                                                              \
    float##N OCLHLS_OVL mix(float##N x, float##N y, float a)                                       \
    {                                                                                              \
        float##N an = (float##N)(a);                                                               \
        return (float##N)(OCLHLS_MAP##N##_3(mix, x, y, an));                                       \
    }                                                                                              \
    float##N OCLHLS_OVL step(float edge, float##N x)                                               \
    {                                                                                              \
        float##N edgen = (float##N)(edge);                                                         \
        return (float##N)(OCLHLS_MAP##N##_2(step, edgen, x));                                      \
    }                                                                                              \
    float##N OCLHLS_OVL smoothstep(float e0, float e1, float##N x)                                 \
    {                                                                                              \
        float##N e0n = (float##N)(e0), e1n = (float##N)(e1);                                       \
        return (float##N)(OCLHLS_MAP##N##_3(smoothstep, e0n, e1n, x));                             \
    }
OCLHLS_EACH_WIDTH(OCLHLS_VEC_COMMON_SCALAR, )

// ---- relational functions: whole-vector comparisons, -1 (true) or 0 in each int lane ----
#define OCLHLS_VEC_RELATIONAL(F, N)                                                                \
    OCLHLS_SCALAR_DECL(int, isequal, float, float)                                                 \
    OCLHLS_SCALAR_DECL(int, isnotequal, float, float)                                              \
    OCLHLS_SCALAR_DECL(int, isgreater, float, float)                                               \
    OCLHLS_SCALAR_DECL(int, isgreaterequal, float, float)                                          \
    OCLHLS_SCALAR_DECL(int, isless, float, float)                                                  \
    OCLHLS_SCALAR_DECL(int, islessequal, float, float)                                             \
    OCLHLS_SCALAR_DECL(int, islessgreater, float, float)                                           \
    OCLHLS_SCALAR_DECL(int, isordered, float, float)                                               \
    OCLHLS_SCALAR_DECL(int, isunordered, float, float)                                             \
    OCLHLS_SCALAR_DECL(int, isfinite, float)                                                       \
    OCLHLS_SCALAR_DECL(int, isinf, float)                                                          \
    OCLHLS_SCALAR_DECL(int, isnan, float)                                                          \
    OCLHLS_SCALAR_DECL(int, isnormal, float)                                                       \
    OCLHLS_SCALAR_DECL(int, signbit, float)                                                        \
    OCLHLS_SCALAR_DECL(float, select, float, float, int)                                           \
    OCLHLS_SCALAR_DECL(float, select, float, float, uint)                                          \
    OCLHLS_SCALAR_DECL(float, bitselect, float, float, float)                                      \
    int##N OCLHLS_OVL isequal(float##N x, float##N y) { return x == y; }                           \
    int##N OCLHLS_OVL isnotequal(float##N x, float##N y) { return x != y; }                        \
    int##N OCLHLS_OVL isgreater(float##N x, float##N y) { return x > y; }                          \
    int##N OCLHLS_OVL isgreaterequal(float##N x, float##N y) { return x >= y; }                    \
    int##N OCLHLS_OVL isless(float##N x, float##N y) { return x < y; }                             \
    int##N OCLHLS_OVL islessequal(float##N x, float##N y) { return x <= y; }                       \
    int##N OCLHLS_OVL islessgreater(float##N x, float##N y) { return (x < y) | (x > y); }          \
    int##N OCLHLS_OVL isordered(float##N x, float##N y) { return (x == x) & (y == y); }            \
    int##N OCLHLS_OVL isunordered(float##N x, float##N y) { return (x != x) | (y != y); }          \
    /* the classes from the magnitude's bits */                                                    \
    int##N OCLHLS_OVL isfinite(float##N x)                                                         \
    {                                                                                              \
        return (as_int##N(x) & 0x7fffffff) < 0x7f800000;                                           \
    }                                                                                              \
    int##N OCLHLS_OVL isinf(float##N x) { return (as_int##N(x) & 0x7fffffff) == 0x7f800000; }      \
    int##N OCLHLS_OVL isnan(float##N x) { return (as_int##N(x) & 0x7fffffff) > 0x7f800000; }       \
    int##N OCLHLS_OVL isnormal(float##N x)                                                         \
    {                                                                                              \
        int##N a = as_int##N(x) & 0x7fffffff;                                                      \
        return (a >= 0x00800000) & (a < 0x7f800000);                                               \
    }                                                                                              \
    int##N OCLHLS_OVL signbit(float##N x) { return as_int##N(x) < 0; }                             \
    /* select: the most significant bit of each lane of c chooses b */                             \
    float##N OCLHLS_OVL select(float##N a, float##N b, int##N c) { return c < 0 ? b : a; }         \
    float##N OCLHLS_OVL select(float##N a, float##N b, uint##N c)                                  \
    {                                                                                              \
        return as_int##N(c) < 0 ? b : a;                                                           \
    }                                                                                              \
    float##N OCLHLS_OVL bitselect(float##N a, float##N b, float##N c)                              \
    {                                                                                              \
        uint##N m = as_uint##N(c);                                                                 \
        return as_float##N((as_uint##N(a) & ~m) | (as_uint##N(b) & m));                            \
    }
OCLHLS_EACH_WIDTH(OCLHLS_VEC_RELATIONAL, )

// The library's files compute with FP_CONTRACT OFF (the host tests then see the same
// roundings as the hardware); the kernel that follows the library gets OpenCL C's default
// back: a * b + c contracts into one fused multiply-add.
#pragma OPENCL FP_CONTRACT ON
