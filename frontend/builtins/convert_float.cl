// SPDX-License-Identifier: MIT
// The explicit conversions that involve float (OpenCL C 3.0, "Explicit Conversions"), scalar
// and vector, and half as a storage format (vload_half, vstore_half and their vector and
// aligned forms). All correctly rounded in every mode; the hardware offers only the C casts
// ((int)x truncates, (float)i rounds to nearest even), so every other rounding is integer
// work on the bits.
#pragma OPENCL FP_CONTRACT OFF

// ---- Rounding a float to an integral float (exact: integer operations on the bits) ----

// The bits of |x| below its units place: all of them when |x| < 1, none when |x| >= 2^23
// (which includes inf and NaN: they pass through every rounding unchanged).
uint OCLHLS_OVL __oclhls_fraction_mask(uint b)
{
    int e = (int)((b >> 23) & 0xffu) - 127;
    return e < 0 ? 0x7fffffffu : e >= 23 ? 0u : 0x007fffffu >> e;
}

float OCLHLS_OVL __oclhls_rtz(float x)
{
    uint b = as_uint(x);
    return as_float(b & ~__oclhls_fraction_mask(b));
}

// Away from zero when inexact, toward zero otherwise; up_pos/up_neg choose the direction of
// the positive and the negative values (rtp: 1, 0; rtn: 0, 1).
float OCLHLS_OVL __oclhls_round_directed(float x, int up_pos, int up_neg)
{
    uint b = as_uint(x), m = __oclhls_fraction_mask(b), sign = b & 0x80000000u;
    int up = sign ? up_neg : up_pos;
    uint toward_zero = b & ~m;
    /* below 1: the magnitude becomes 1; above: the carry of b + m reaches the units place */
    uint away = m == 0x7fffffffu ? (sign | 0x3f800000u) : (b + m) & ~m;
    return as_float(up && (b & m) != 0u ? away : toward_zero);
}

float OCLHLS_OVL __oclhls_rtp(float x) { return __oclhls_round_directed(x, 1, 0); }
float OCLHLS_OVL __oclhls_rtn(float x) { return __oclhls_round_directed(x, 0, 1); }

// To nearest, ties to even: adding half a unit less one, plus the units bit, carries into
// the units place exactly when the fraction is above half, or half with an odd units bit.
float OCLHLS_OVL __oclhls_rte(float x)
{
    uint b = as_uint(x), sign = b & 0x80000000u, a = b ^ sign, m = __oclhls_fraction_mask(b);
    uint units_bit = (b & (m + 1u)) != 0u ? 1u : 0u;
    uint nearest = (b + (m >> 1) + units_bit) & ~m;
    /* below 1: to 1 above one half, to 0 up to one half */
    uint below_one = a > 0x3f000000u ? (sign | 0x3f800000u) : sign;
    return as_float(m == 0u ? b : m == 0x7fffffffu ? below_one : nearest);
}

// The vector forms, and the identity on integers: convert_<int>_rte(x) (the macros below)
// rounds x first, whatever its type.
#define OCLHLS_ROUND_VECTOR(N)                                                                     \
    float##N OCLHLS_OVL __oclhls_rte(float##N x) { return (float##N)(OCLHLS_MAP##N##_1(__oclhls_rte, x)); } \
    float##N OCLHLS_OVL __oclhls_rtp(float##N x) { return (float##N)(OCLHLS_MAP##N##_1(__oclhls_rtp, x)); } \
    float##N OCLHLS_OVL __oclhls_rtn(float##N x) { return (float##N)(OCLHLS_MAP##N##_1(__oclhls_rtn, x)); }
OCLHLS_ROUND_VECTOR(2)
OCLHLS_ROUND_VECTOR(3)
OCLHLS_ROUND_VECTOR(4)
OCLHLS_ROUND_VECTOR(8)
OCLHLS_ROUND_VECTOR(16)

#define OCLHLS_ROUND_IDENTITY(T)                                                                   \
    T OCLHLS_OVL __oclhls_rte(T x) { return x; }                                                   \
    T OCLHLS_OVL __oclhls_rtp(T x) { return x; }                                                   \
    T OCLHLS_OVL __oclhls_rtn(T x) { return x; }
#define OCLHLS_ROUND_IDENTITIES(T)                                                                 \
    OCLHLS_ROUND_IDENTITY(T)                                                                       \
    OCLHLS_ROUND_IDENTITY(T##2)                                                                    \
    OCLHLS_ROUND_IDENTITY(T##3)                                                                    \
    OCLHLS_ROUND_IDENTITY(T##4)                                                                    \
    OCLHLS_ROUND_IDENTITY(T##8)                                                                    \
    OCLHLS_ROUND_IDENTITY(T##16)
OCLHLS_ROUND_IDENTITIES(char)
OCLHLS_ROUND_IDENTITIES(uchar)
OCLHLS_ROUND_IDENTITIES(short)
OCLHLS_ROUND_IDENTITIES(ushort)
OCLHLS_ROUND_IDENTITIES(int)
OCLHLS_ROUND_IDENTITIES(uint)
OCLHLS_ROUND_IDENTITIES(long)
OCLHLS_ROUND_IDENTITIES(ulong)

// ---- float to integer: truncation (the C cast), saturation by comparisons ----

// TO from float: [LO_F, HI_F) is the range of floats that truncate into TO (HI_F = its
// maximum + 1, exact in float); below it the minimum, from HI_F on the maximum, NaN 0.
// The plain conversion of a value out of range is implementation-defined: the narrow types
// wrap through int (CAST), the hardware saturates the others.
#define OCLHLS_FLOAT_TO(TO, CAST, TLO, THI, LO_F, HI_F)                                            \
    TO OCLHLS_OVL convert_##TO(float x) { return (TO)CAST x; }                                     \
    TO OCLHLS_OVL convert_##TO##_sat(float x)                                                      \
    {                                                                                              \
        return x < LO_F ? (TO)(TLO) : x >= HI_F ? (TO)(THI) : x == x ? (TO)x : (TO)0;              \
    }                                                                                              \
    OCLHLS_FLOAT_TO_VECTOR(TO, 2)                                                                  \
    OCLHLS_FLOAT_TO_VECTOR(TO, 3)                                                                  \
    OCLHLS_FLOAT_TO_VECTOR(TO, 4)                                                                  \
    OCLHLS_FLOAT_TO_VECTOR(TO, 8)                                                                  \
    OCLHLS_FLOAT_TO_VECTOR(TO, 16)
#define OCLHLS_FLOAT_TO_VECTOR(TO, N)                                                              \
    TO##N OCLHLS_OVL convert_##TO##N(float##N x)                                                   \
    {                                                                                              \
        return (TO##N)(OCLHLS_MAP##N##_1(convert_##TO, x));                                        \
    }                                                                                              \
    TO##N OCLHLS_OVL convert_##TO##N##_sat(float##N x)                                             \
    {                                                                                              \
        return (TO##N)(OCLHLS_MAP##N##_1(convert_##TO##_sat, x));                                  \
    }

OCLHLS_FLOAT_TO(char, (int), CHAR_MIN, CHAR_MAX, -128.0f, 128.0f)
OCLHLS_FLOAT_TO(uchar, (int), 0, UCHAR_MAX, 0.0f, 256.0f)
OCLHLS_FLOAT_TO(short, (int), SHRT_MIN, SHRT_MAX, -32768.0f, 32768.0f)
OCLHLS_FLOAT_TO(ushort, (int), 0, USHRT_MAX, 0.0f, 65536.0f)
OCLHLS_FLOAT_TO(int, , INT_MIN, INT_MAX, -0x1p31f, 0x1p31f)
OCLHLS_FLOAT_TO(uint, , 0, UINT_MAX, 0.0f, 0x1p32f)
OCLHLS_FLOAT_TO(long, , LONG_MIN, LONG_MAX, -0x1p63f, 0x1p63f)
OCLHLS_FLOAT_TO(ulong, , 0, ULONG_MAX, 0.0f, 0x1p64f)

// The rounding modes of the conversions to integers: the argument rounded to an integral
// value in the mode first (the identity on integers), then converted: exact, so the
// truncation and the saturation that follow see the correctly rounded value. _rtz is the
// plain conversion (truncation). Between integers every mode is the plain conversion.
#define convert_char_rte(x) convert_char(__oclhls_rte(x))
#define convert_char_rtz(x) convert_char(x)
#define convert_char_rtp(x) convert_char(__oclhls_rtp(x))
#define convert_char_rtn(x) convert_char(__oclhls_rtn(x))
#define convert_char_sat_rte(x) convert_char_sat(__oclhls_rte(x))
#define convert_char_sat_rtz(x) convert_char_sat(x)
#define convert_char_sat_rtp(x) convert_char_sat(__oclhls_rtp(x))
#define convert_char_sat_rtn(x) convert_char_sat(__oclhls_rtn(x))
#define convert_char2_rte(x) convert_char2(__oclhls_rte(x))
#define convert_char2_rtz(x) convert_char2(x)
#define convert_char2_rtp(x) convert_char2(__oclhls_rtp(x))
#define convert_char2_rtn(x) convert_char2(__oclhls_rtn(x))
#define convert_char2_sat_rte(x) convert_char2_sat(__oclhls_rte(x))
#define convert_char2_sat_rtz(x) convert_char2_sat(x)
#define convert_char2_sat_rtp(x) convert_char2_sat(__oclhls_rtp(x))
#define convert_char2_sat_rtn(x) convert_char2_sat(__oclhls_rtn(x))
#define convert_char3_rte(x) convert_char3(__oclhls_rte(x))
#define convert_char3_rtz(x) convert_char3(x)
#define convert_char3_rtp(x) convert_char3(__oclhls_rtp(x))
#define convert_char3_rtn(x) convert_char3(__oclhls_rtn(x))
#define convert_char3_sat_rte(x) convert_char3_sat(__oclhls_rte(x))
#define convert_char3_sat_rtz(x) convert_char3_sat(x)
#define convert_char3_sat_rtp(x) convert_char3_sat(__oclhls_rtp(x))
#define convert_char3_sat_rtn(x) convert_char3_sat(__oclhls_rtn(x))
#define convert_char4_rte(x) convert_char4(__oclhls_rte(x))
#define convert_char4_rtz(x) convert_char4(x)
#define convert_char4_rtp(x) convert_char4(__oclhls_rtp(x))
#define convert_char4_rtn(x) convert_char4(__oclhls_rtn(x))
#define convert_char4_sat_rte(x) convert_char4_sat(__oclhls_rte(x))
#define convert_char4_sat_rtz(x) convert_char4_sat(x)
#define convert_char4_sat_rtp(x) convert_char4_sat(__oclhls_rtp(x))
#define convert_char4_sat_rtn(x) convert_char4_sat(__oclhls_rtn(x))
#define convert_char8_rte(x) convert_char8(__oclhls_rte(x))
#define convert_char8_rtz(x) convert_char8(x)
#define convert_char8_rtp(x) convert_char8(__oclhls_rtp(x))
#define convert_char8_rtn(x) convert_char8(__oclhls_rtn(x))
#define convert_char8_sat_rte(x) convert_char8_sat(__oclhls_rte(x))
#define convert_char8_sat_rtz(x) convert_char8_sat(x)
#define convert_char8_sat_rtp(x) convert_char8_sat(__oclhls_rtp(x))
#define convert_char8_sat_rtn(x) convert_char8_sat(__oclhls_rtn(x))
#define convert_char16_rte(x) convert_char16(__oclhls_rte(x))
#define convert_char16_rtz(x) convert_char16(x)
#define convert_char16_rtp(x) convert_char16(__oclhls_rtp(x))
#define convert_char16_rtn(x) convert_char16(__oclhls_rtn(x))
#define convert_char16_sat_rte(x) convert_char16_sat(__oclhls_rte(x))
#define convert_char16_sat_rtz(x) convert_char16_sat(x)
#define convert_char16_sat_rtp(x) convert_char16_sat(__oclhls_rtp(x))
#define convert_char16_sat_rtn(x) convert_char16_sat(__oclhls_rtn(x))
#define convert_uchar_rte(x) convert_uchar(__oclhls_rte(x))
#define convert_uchar_rtz(x) convert_uchar(x)
#define convert_uchar_rtp(x) convert_uchar(__oclhls_rtp(x))
#define convert_uchar_rtn(x) convert_uchar(__oclhls_rtn(x))
#define convert_uchar_sat_rte(x) convert_uchar_sat(__oclhls_rte(x))
#define convert_uchar_sat_rtz(x) convert_uchar_sat(x)
#define convert_uchar_sat_rtp(x) convert_uchar_sat(__oclhls_rtp(x))
#define convert_uchar_sat_rtn(x) convert_uchar_sat(__oclhls_rtn(x))
#define convert_uchar2_rte(x) convert_uchar2(__oclhls_rte(x))
#define convert_uchar2_rtz(x) convert_uchar2(x)
#define convert_uchar2_rtp(x) convert_uchar2(__oclhls_rtp(x))
#define convert_uchar2_rtn(x) convert_uchar2(__oclhls_rtn(x))
#define convert_uchar2_sat_rte(x) convert_uchar2_sat(__oclhls_rte(x))
#define convert_uchar2_sat_rtz(x) convert_uchar2_sat(x)
#define convert_uchar2_sat_rtp(x) convert_uchar2_sat(__oclhls_rtp(x))
#define convert_uchar2_sat_rtn(x) convert_uchar2_sat(__oclhls_rtn(x))
#define convert_uchar3_rte(x) convert_uchar3(__oclhls_rte(x))
#define convert_uchar3_rtz(x) convert_uchar3(x)
#define convert_uchar3_rtp(x) convert_uchar3(__oclhls_rtp(x))
#define convert_uchar3_rtn(x) convert_uchar3(__oclhls_rtn(x))
#define convert_uchar3_sat_rte(x) convert_uchar3_sat(__oclhls_rte(x))
#define convert_uchar3_sat_rtz(x) convert_uchar3_sat(x)
#define convert_uchar3_sat_rtp(x) convert_uchar3_sat(__oclhls_rtp(x))
#define convert_uchar3_sat_rtn(x) convert_uchar3_sat(__oclhls_rtn(x))
#define convert_uchar4_rte(x) convert_uchar4(__oclhls_rte(x))
#define convert_uchar4_rtz(x) convert_uchar4(x)
#define convert_uchar4_rtp(x) convert_uchar4(__oclhls_rtp(x))
#define convert_uchar4_rtn(x) convert_uchar4(__oclhls_rtn(x))
#define convert_uchar4_sat_rte(x) convert_uchar4_sat(__oclhls_rte(x))
#define convert_uchar4_sat_rtz(x) convert_uchar4_sat(x)
#define convert_uchar4_sat_rtp(x) convert_uchar4_sat(__oclhls_rtp(x))
#define convert_uchar4_sat_rtn(x) convert_uchar4_sat(__oclhls_rtn(x))
#define convert_uchar8_rte(x) convert_uchar8(__oclhls_rte(x))
#define convert_uchar8_rtz(x) convert_uchar8(x)
#define convert_uchar8_rtp(x) convert_uchar8(__oclhls_rtp(x))
#define convert_uchar8_rtn(x) convert_uchar8(__oclhls_rtn(x))
#define convert_uchar8_sat_rte(x) convert_uchar8_sat(__oclhls_rte(x))
#define convert_uchar8_sat_rtz(x) convert_uchar8_sat(x)
#define convert_uchar8_sat_rtp(x) convert_uchar8_sat(__oclhls_rtp(x))
#define convert_uchar8_sat_rtn(x) convert_uchar8_sat(__oclhls_rtn(x))
#define convert_uchar16_rte(x) convert_uchar16(__oclhls_rte(x))
#define convert_uchar16_rtz(x) convert_uchar16(x)
#define convert_uchar16_rtp(x) convert_uchar16(__oclhls_rtp(x))
#define convert_uchar16_rtn(x) convert_uchar16(__oclhls_rtn(x))
#define convert_uchar16_sat_rte(x) convert_uchar16_sat(__oclhls_rte(x))
#define convert_uchar16_sat_rtz(x) convert_uchar16_sat(x)
#define convert_uchar16_sat_rtp(x) convert_uchar16_sat(__oclhls_rtp(x))
#define convert_uchar16_sat_rtn(x) convert_uchar16_sat(__oclhls_rtn(x))
#define convert_short_rte(x) convert_short(__oclhls_rte(x))
#define convert_short_rtz(x) convert_short(x)
#define convert_short_rtp(x) convert_short(__oclhls_rtp(x))
#define convert_short_rtn(x) convert_short(__oclhls_rtn(x))
#define convert_short_sat_rte(x) convert_short_sat(__oclhls_rte(x))
#define convert_short_sat_rtz(x) convert_short_sat(x)
#define convert_short_sat_rtp(x) convert_short_sat(__oclhls_rtp(x))
#define convert_short_sat_rtn(x) convert_short_sat(__oclhls_rtn(x))
#define convert_short2_rte(x) convert_short2(__oclhls_rte(x))
#define convert_short2_rtz(x) convert_short2(x)
#define convert_short2_rtp(x) convert_short2(__oclhls_rtp(x))
#define convert_short2_rtn(x) convert_short2(__oclhls_rtn(x))
#define convert_short2_sat_rte(x) convert_short2_sat(__oclhls_rte(x))
#define convert_short2_sat_rtz(x) convert_short2_sat(x)
#define convert_short2_sat_rtp(x) convert_short2_sat(__oclhls_rtp(x))
#define convert_short2_sat_rtn(x) convert_short2_sat(__oclhls_rtn(x))
#define convert_short3_rte(x) convert_short3(__oclhls_rte(x))
#define convert_short3_rtz(x) convert_short3(x)
#define convert_short3_rtp(x) convert_short3(__oclhls_rtp(x))
#define convert_short3_rtn(x) convert_short3(__oclhls_rtn(x))
#define convert_short3_sat_rte(x) convert_short3_sat(__oclhls_rte(x))
#define convert_short3_sat_rtz(x) convert_short3_sat(x)
#define convert_short3_sat_rtp(x) convert_short3_sat(__oclhls_rtp(x))
#define convert_short3_sat_rtn(x) convert_short3_sat(__oclhls_rtn(x))
#define convert_short4_rte(x) convert_short4(__oclhls_rte(x))
#define convert_short4_rtz(x) convert_short4(x)
#define convert_short4_rtp(x) convert_short4(__oclhls_rtp(x))
#define convert_short4_rtn(x) convert_short4(__oclhls_rtn(x))
#define convert_short4_sat_rte(x) convert_short4_sat(__oclhls_rte(x))
#define convert_short4_sat_rtz(x) convert_short4_sat(x)
#define convert_short4_sat_rtp(x) convert_short4_sat(__oclhls_rtp(x))
#define convert_short4_sat_rtn(x) convert_short4_sat(__oclhls_rtn(x))
#define convert_short8_rte(x) convert_short8(__oclhls_rte(x))
#define convert_short8_rtz(x) convert_short8(x)
#define convert_short8_rtp(x) convert_short8(__oclhls_rtp(x))
#define convert_short8_rtn(x) convert_short8(__oclhls_rtn(x))
#define convert_short8_sat_rte(x) convert_short8_sat(__oclhls_rte(x))
#define convert_short8_sat_rtz(x) convert_short8_sat(x)
#define convert_short8_sat_rtp(x) convert_short8_sat(__oclhls_rtp(x))
#define convert_short8_sat_rtn(x) convert_short8_sat(__oclhls_rtn(x))
#define convert_short16_rte(x) convert_short16(__oclhls_rte(x))
#define convert_short16_rtz(x) convert_short16(x)
#define convert_short16_rtp(x) convert_short16(__oclhls_rtp(x))
#define convert_short16_rtn(x) convert_short16(__oclhls_rtn(x))
#define convert_short16_sat_rte(x) convert_short16_sat(__oclhls_rte(x))
#define convert_short16_sat_rtz(x) convert_short16_sat(x)
#define convert_short16_sat_rtp(x) convert_short16_sat(__oclhls_rtp(x))
#define convert_short16_sat_rtn(x) convert_short16_sat(__oclhls_rtn(x))
#define convert_ushort_rte(x) convert_ushort(__oclhls_rte(x))
#define convert_ushort_rtz(x) convert_ushort(x)
#define convert_ushort_rtp(x) convert_ushort(__oclhls_rtp(x))
#define convert_ushort_rtn(x) convert_ushort(__oclhls_rtn(x))
#define convert_ushort_sat_rte(x) convert_ushort_sat(__oclhls_rte(x))
#define convert_ushort_sat_rtz(x) convert_ushort_sat(x)
#define convert_ushort_sat_rtp(x) convert_ushort_sat(__oclhls_rtp(x))
#define convert_ushort_sat_rtn(x) convert_ushort_sat(__oclhls_rtn(x))
#define convert_ushort2_rte(x) convert_ushort2(__oclhls_rte(x))
#define convert_ushort2_rtz(x) convert_ushort2(x)
#define convert_ushort2_rtp(x) convert_ushort2(__oclhls_rtp(x))
#define convert_ushort2_rtn(x) convert_ushort2(__oclhls_rtn(x))
#define convert_ushort2_sat_rte(x) convert_ushort2_sat(__oclhls_rte(x))
#define convert_ushort2_sat_rtz(x) convert_ushort2_sat(x)
#define convert_ushort2_sat_rtp(x) convert_ushort2_sat(__oclhls_rtp(x))
#define convert_ushort2_sat_rtn(x) convert_ushort2_sat(__oclhls_rtn(x))
#define convert_ushort3_rte(x) convert_ushort3(__oclhls_rte(x))
#define convert_ushort3_rtz(x) convert_ushort3(x)
#define convert_ushort3_rtp(x) convert_ushort3(__oclhls_rtp(x))
#define convert_ushort3_rtn(x) convert_ushort3(__oclhls_rtn(x))
#define convert_ushort3_sat_rte(x) convert_ushort3_sat(__oclhls_rte(x))
#define convert_ushort3_sat_rtz(x) convert_ushort3_sat(x)
#define convert_ushort3_sat_rtp(x) convert_ushort3_sat(__oclhls_rtp(x))
#define convert_ushort3_sat_rtn(x) convert_ushort3_sat(__oclhls_rtn(x))
#define convert_ushort4_rte(x) convert_ushort4(__oclhls_rte(x))
#define convert_ushort4_rtz(x) convert_ushort4(x)
#define convert_ushort4_rtp(x) convert_ushort4(__oclhls_rtp(x))
#define convert_ushort4_rtn(x) convert_ushort4(__oclhls_rtn(x))
#define convert_ushort4_sat_rte(x) convert_ushort4_sat(__oclhls_rte(x))
#define convert_ushort4_sat_rtz(x) convert_ushort4_sat(x)
#define convert_ushort4_sat_rtp(x) convert_ushort4_sat(__oclhls_rtp(x))
#define convert_ushort4_sat_rtn(x) convert_ushort4_sat(__oclhls_rtn(x))
#define convert_ushort8_rte(x) convert_ushort8(__oclhls_rte(x))
#define convert_ushort8_rtz(x) convert_ushort8(x)
#define convert_ushort8_rtp(x) convert_ushort8(__oclhls_rtp(x))
#define convert_ushort8_rtn(x) convert_ushort8(__oclhls_rtn(x))
#define convert_ushort8_sat_rte(x) convert_ushort8_sat(__oclhls_rte(x))
#define convert_ushort8_sat_rtz(x) convert_ushort8_sat(x)
#define convert_ushort8_sat_rtp(x) convert_ushort8_sat(__oclhls_rtp(x))
#define convert_ushort8_sat_rtn(x) convert_ushort8_sat(__oclhls_rtn(x))
#define convert_ushort16_rte(x) convert_ushort16(__oclhls_rte(x))
#define convert_ushort16_rtz(x) convert_ushort16(x)
#define convert_ushort16_rtp(x) convert_ushort16(__oclhls_rtp(x))
#define convert_ushort16_rtn(x) convert_ushort16(__oclhls_rtn(x))
#define convert_ushort16_sat_rte(x) convert_ushort16_sat(__oclhls_rte(x))
#define convert_ushort16_sat_rtz(x) convert_ushort16_sat(x)
#define convert_ushort16_sat_rtp(x) convert_ushort16_sat(__oclhls_rtp(x))
#define convert_ushort16_sat_rtn(x) convert_ushort16_sat(__oclhls_rtn(x))
#define convert_int_rte(x) convert_int(__oclhls_rte(x))
#define convert_int_rtz(x) convert_int(x)
#define convert_int_rtp(x) convert_int(__oclhls_rtp(x))
#define convert_int_rtn(x) convert_int(__oclhls_rtn(x))
#define convert_int_sat_rte(x) convert_int_sat(__oclhls_rte(x))
#define convert_int_sat_rtz(x) convert_int_sat(x)
#define convert_int_sat_rtp(x) convert_int_sat(__oclhls_rtp(x))
#define convert_int_sat_rtn(x) convert_int_sat(__oclhls_rtn(x))
#define convert_int2_rte(x) convert_int2(__oclhls_rte(x))
#define convert_int2_rtz(x) convert_int2(x)
#define convert_int2_rtp(x) convert_int2(__oclhls_rtp(x))
#define convert_int2_rtn(x) convert_int2(__oclhls_rtn(x))
#define convert_int2_sat_rte(x) convert_int2_sat(__oclhls_rte(x))
#define convert_int2_sat_rtz(x) convert_int2_sat(x)
#define convert_int2_sat_rtp(x) convert_int2_sat(__oclhls_rtp(x))
#define convert_int2_sat_rtn(x) convert_int2_sat(__oclhls_rtn(x))
#define convert_int3_rte(x) convert_int3(__oclhls_rte(x))
#define convert_int3_rtz(x) convert_int3(x)
#define convert_int3_rtp(x) convert_int3(__oclhls_rtp(x))
#define convert_int3_rtn(x) convert_int3(__oclhls_rtn(x))
#define convert_int3_sat_rte(x) convert_int3_sat(__oclhls_rte(x))
#define convert_int3_sat_rtz(x) convert_int3_sat(x)
#define convert_int3_sat_rtp(x) convert_int3_sat(__oclhls_rtp(x))
#define convert_int3_sat_rtn(x) convert_int3_sat(__oclhls_rtn(x))
#define convert_int4_rte(x) convert_int4(__oclhls_rte(x))
#define convert_int4_rtz(x) convert_int4(x)
#define convert_int4_rtp(x) convert_int4(__oclhls_rtp(x))
#define convert_int4_rtn(x) convert_int4(__oclhls_rtn(x))
#define convert_int4_sat_rte(x) convert_int4_sat(__oclhls_rte(x))
#define convert_int4_sat_rtz(x) convert_int4_sat(x)
#define convert_int4_sat_rtp(x) convert_int4_sat(__oclhls_rtp(x))
#define convert_int4_sat_rtn(x) convert_int4_sat(__oclhls_rtn(x))
#define convert_int8_rte(x) convert_int8(__oclhls_rte(x))
#define convert_int8_rtz(x) convert_int8(x)
#define convert_int8_rtp(x) convert_int8(__oclhls_rtp(x))
#define convert_int8_rtn(x) convert_int8(__oclhls_rtn(x))
#define convert_int8_sat_rte(x) convert_int8_sat(__oclhls_rte(x))
#define convert_int8_sat_rtz(x) convert_int8_sat(x)
#define convert_int8_sat_rtp(x) convert_int8_sat(__oclhls_rtp(x))
#define convert_int8_sat_rtn(x) convert_int8_sat(__oclhls_rtn(x))
#define convert_int16_rte(x) convert_int16(__oclhls_rte(x))
#define convert_int16_rtz(x) convert_int16(x)
#define convert_int16_rtp(x) convert_int16(__oclhls_rtp(x))
#define convert_int16_rtn(x) convert_int16(__oclhls_rtn(x))
#define convert_int16_sat_rte(x) convert_int16_sat(__oclhls_rte(x))
#define convert_int16_sat_rtz(x) convert_int16_sat(x)
#define convert_int16_sat_rtp(x) convert_int16_sat(__oclhls_rtp(x))
#define convert_int16_sat_rtn(x) convert_int16_sat(__oclhls_rtn(x))
#define convert_uint_rte(x) convert_uint(__oclhls_rte(x))
#define convert_uint_rtz(x) convert_uint(x)
#define convert_uint_rtp(x) convert_uint(__oclhls_rtp(x))
#define convert_uint_rtn(x) convert_uint(__oclhls_rtn(x))
#define convert_uint_sat_rte(x) convert_uint_sat(__oclhls_rte(x))
#define convert_uint_sat_rtz(x) convert_uint_sat(x)
#define convert_uint_sat_rtp(x) convert_uint_sat(__oclhls_rtp(x))
#define convert_uint_sat_rtn(x) convert_uint_sat(__oclhls_rtn(x))
#define convert_uint2_rte(x) convert_uint2(__oclhls_rte(x))
#define convert_uint2_rtz(x) convert_uint2(x)
#define convert_uint2_rtp(x) convert_uint2(__oclhls_rtp(x))
#define convert_uint2_rtn(x) convert_uint2(__oclhls_rtn(x))
#define convert_uint2_sat_rte(x) convert_uint2_sat(__oclhls_rte(x))
#define convert_uint2_sat_rtz(x) convert_uint2_sat(x)
#define convert_uint2_sat_rtp(x) convert_uint2_sat(__oclhls_rtp(x))
#define convert_uint2_sat_rtn(x) convert_uint2_sat(__oclhls_rtn(x))
#define convert_uint3_rte(x) convert_uint3(__oclhls_rte(x))
#define convert_uint3_rtz(x) convert_uint3(x)
#define convert_uint3_rtp(x) convert_uint3(__oclhls_rtp(x))
#define convert_uint3_rtn(x) convert_uint3(__oclhls_rtn(x))
#define convert_uint3_sat_rte(x) convert_uint3_sat(__oclhls_rte(x))
#define convert_uint3_sat_rtz(x) convert_uint3_sat(x)
#define convert_uint3_sat_rtp(x) convert_uint3_sat(__oclhls_rtp(x))
#define convert_uint3_sat_rtn(x) convert_uint3_sat(__oclhls_rtn(x))
#define convert_uint4_rte(x) convert_uint4(__oclhls_rte(x))
#define convert_uint4_rtz(x) convert_uint4(x)
#define convert_uint4_rtp(x) convert_uint4(__oclhls_rtp(x))
#define convert_uint4_rtn(x) convert_uint4(__oclhls_rtn(x))
#define convert_uint4_sat_rte(x) convert_uint4_sat(__oclhls_rte(x))
#define convert_uint4_sat_rtz(x) convert_uint4_sat(x)
#define convert_uint4_sat_rtp(x) convert_uint4_sat(__oclhls_rtp(x))
#define convert_uint4_sat_rtn(x) convert_uint4_sat(__oclhls_rtn(x))
#define convert_uint8_rte(x) convert_uint8(__oclhls_rte(x))
#define convert_uint8_rtz(x) convert_uint8(x)
#define convert_uint8_rtp(x) convert_uint8(__oclhls_rtp(x))
#define convert_uint8_rtn(x) convert_uint8(__oclhls_rtn(x))
#define convert_uint8_sat_rte(x) convert_uint8_sat(__oclhls_rte(x))
#define convert_uint8_sat_rtz(x) convert_uint8_sat(x)
#define convert_uint8_sat_rtp(x) convert_uint8_sat(__oclhls_rtp(x))
#define convert_uint8_sat_rtn(x) convert_uint8_sat(__oclhls_rtn(x))
#define convert_uint16_rte(x) convert_uint16(__oclhls_rte(x))
#define convert_uint16_rtz(x) convert_uint16(x)
#define convert_uint16_rtp(x) convert_uint16(__oclhls_rtp(x))
#define convert_uint16_rtn(x) convert_uint16(__oclhls_rtn(x))
#define convert_uint16_sat_rte(x) convert_uint16_sat(__oclhls_rte(x))
#define convert_uint16_sat_rtz(x) convert_uint16_sat(x)
#define convert_uint16_sat_rtp(x) convert_uint16_sat(__oclhls_rtp(x))
#define convert_uint16_sat_rtn(x) convert_uint16_sat(__oclhls_rtn(x))
#define convert_long_rte(x) convert_long(__oclhls_rte(x))
#define convert_long_rtz(x) convert_long(x)
#define convert_long_rtp(x) convert_long(__oclhls_rtp(x))
#define convert_long_rtn(x) convert_long(__oclhls_rtn(x))
#define convert_long_sat_rte(x) convert_long_sat(__oclhls_rte(x))
#define convert_long_sat_rtz(x) convert_long_sat(x)
#define convert_long_sat_rtp(x) convert_long_sat(__oclhls_rtp(x))
#define convert_long_sat_rtn(x) convert_long_sat(__oclhls_rtn(x))
#define convert_long2_rte(x) convert_long2(__oclhls_rte(x))
#define convert_long2_rtz(x) convert_long2(x)
#define convert_long2_rtp(x) convert_long2(__oclhls_rtp(x))
#define convert_long2_rtn(x) convert_long2(__oclhls_rtn(x))
#define convert_long2_sat_rte(x) convert_long2_sat(__oclhls_rte(x))
#define convert_long2_sat_rtz(x) convert_long2_sat(x)
#define convert_long2_sat_rtp(x) convert_long2_sat(__oclhls_rtp(x))
#define convert_long2_sat_rtn(x) convert_long2_sat(__oclhls_rtn(x))
#define convert_long3_rte(x) convert_long3(__oclhls_rte(x))
#define convert_long3_rtz(x) convert_long3(x)
#define convert_long3_rtp(x) convert_long3(__oclhls_rtp(x))
#define convert_long3_rtn(x) convert_long3(__oclhls_rtn(x))
#define convert_long3_sat_rte(x) convert_long3_sat(__oclhls_rte(x))
#define convert_long3_sat_rtz(x) convert_long3_sat(x)
#define convert_long3_sat_rtp(x) convert_long3_sat(__oclhls_rtp(x))
#define convert_long3_sat_rtn(x) convert_long3_sat(__oclhls_rtn(x))
#define convert_long4_rte(x) convert_long4(__oclhls_rte(x))
#define convert_long4_rtz(x) convert_long4(x)
#define convert_long4_rtp(x) convert_long4(__oclhls_rtp(x))
#define convert_long4_rtn(x) convert_long4(__oclhls_rtn(x))
#define convert_long4_sat_rte(x) convert_long4_sat(__oclhls_rte(x))
#define convert_long4_sat_rtz(x) convert_long4_sat(x)
#define convert_long4_sat_rtp(x) convert_long4_sat(__oclhls_rtp(x))
#define convert_long4_sat_rtn(x) convert_long4_sat(__oclhls_rtn(x))
#define convert_long8_rte(x) convert_long8(__oclhls_rte(x))
#define convert_long8_rtz(x) convert_long8(x)
#define convert_long8_rtp(x) convert_long8(__oclhls_rtp(x))
#define convert_long8_rtn(x) convert_long8(__oclhls_rtn(x))
#define convert_long8_sat_rte(x) convert_long8_sat(__oclhls_rte(x))
#define convert_long8_sat_rtz(x) convert_long8_sat(x)
#define convert_long8_sat_rtp(x) convert_long8_sat(__oclhls_rtp(x))
#define convert_long8_sat_rtn(x) convert_long8_sat(__oclhls_rtn(x))
#define convert_long16_rte(x) convert_long16(__oclhls_rte(x))
#define convert_long16_rtz(x) convert_long16(x)
#define convert_long16_rtp(x) convert_long16(__oclhls_rtp(x))
#define convert_long16_rtn(x) convert_long16(__oclhls_rtn(x))
#define convert_long16_sat_rte(x) convert_long16_sat(__oclhls_rte(x))
#define convert_long16_sat_rtz(x) convert_long16_sat(x)
#define convert_long16_sat_rtp(x) convert_long16_sat(__oclhls_rtp(x))
#define convert_long16_sat_rtn(x) convert_long16_sat(__oclhls_rtn(x))
#define convert_ulong_rte(x) convert_ulong(__oclhls_rte(x))
#define convert_ulong_rtz(x) convert_ulong(x)
#define convert_ulong_rtp(x) convert_ulong(__oclhls_rtp(x))
#define convert_ulong_rtn(x) convert_ulong(__oclhls_rtn(x))
#define convert_ulong_sat_rte(x) convert_ulong_sat(__oclhls_rte(x))
#define convert_ulong_sat_rtz(x) convert_ulong_sat(x)
#define convert_ulong_sat_rtp(x) convert_ulong_sat(__oclhls_rtp(x))
#define convert_ulong_sat_rtn(x) convert_ulong_sat(__oclhls_rtn(x))
#define convert_ulong2_rte(x) convert_ulong2(__oclhls_rte(x))
#define convert_ulong2_rtz(x) convert_ulong2(x)
#define convert_ulong2_rtp(x) convert_ulong2(__oclhls_rtp(x))
#define convert_ulong2_rtn(x) convert_ulong2(__oclhls_rtn(x))
#define convert_ulong2_sat_rte(x) convert_ulong2_sat(__oclhls_rte(x))
#define convert_ulong2_sat_rtz(x) convert_ulong2_sat(x)
#define convert_ulong2_sat_rtp(x) convert_ulong2_sat(__oclhls_rtp(x))
#define convert_ulong2_sat_rtn(x) convert_ulong2_sat(__oclhls_rtn(x))
#define convert_ulong3_rte(x) convert_ulong3(__oclhls_rte(x))
#define convert_ulong3_rtz(x) convert_ulong3(x)
#define convert_ulong3_rtp(x) convert_ulong3(__oclhls_rtp(x))
#define convert_ulong3_rtn(x) convert_ulong3(__oclhls_rtn(x))
#define convert_ulong3_sat_rte(x) convert_ulong3_sat(__oclhls_rte(x))
#define convert_ulong3_sat_rtz(x) convert_ulong3_sat(x)
#define convert_ulong3_sat_rtp(x) convert_ulong3_sat(__oclhls_rtp(x))
#define convert_ulong3_sat_rtn(x) convert_ulong3_sat(__oclhls_rtn(x))
#define convert_ulong4_rte(x) convert_ulong4(__oclhls_rte(x))
#define convert_ulong4_rtz(x) convert_ulong4(x)
#define convert_ulong4_rtp(x) convert_ulong4(__oclhls_rtp(x))
#define convert_ulong4_rtn(x) convert_ulong4(__oclhls_rtn(x))
#define convert_ulong4_sat_rte(x) convert_ulong4_sat(__oclhls_rte(x))
#define convert_ulong4_sat_rtz(x) convert_ulong4_sat(x)
#define convert_ulong4_sat_rtp(x) convert_ulong4_sat(__oclhls_rtp(x))
#define convert_ulong4_sat_rtn(x) convert_ulong4_sat(__oclhls_rtn(x))
#define convert_ulong8_rte(x) convert_ulong8(__oclhls_rte(x))
#define convert_ulong8_rtz(x) convert_ulong8(x)
#define convert_ulong8_rtp(x) convert_ulong8(__oclhls_rtp(x))
#define convert_ulong8_rtn(x) convert_ulong8(__oclhls_rtn(x))
#define convert_ulong8_sat_rte(x) convert_ulong8_sat(__oclhls_rte(x))
#define convert_ulong8_sat_rtz(x) convert_ulong8_sat(x)
#define convert_ulong8_sat_rtp(x) convert_ulong8_sat(__oclhls_rtp(x))
#define convert_ulong8_sat_rtn(x) convert_ulong8_sat(__oclhls_rtn(x))
#define convert_ulong16_rte(x) convert_ulong16(__oclhls_rte(x))
#define convert_ulong16_rtz(x) convert_ulong16(x)
#define convert_ulong16_rtp(x) convert_ulong16(__oclhls_rtp(x))
#define convert_ulong16_rtn(x) convert_ulong16(__oclhls_rtn(x))
#define convert_ulong16_sat_rte(x) convert_ulong16_sat(__oclhls_rte(x))
#define convert_ulong16_sat_rtz(x) convert_ulong16_sat(x)
#define convert_ulong16_sat_rtp(x) convert_ulong16_sat(__oclhls_rtp(x))
#define convert_ulong16_sat_rtn(x) convert_ulong16_sat(__oclhls_rtn(x))

// ---- integer to float ----

// The float of magnitude `mag` (sign `neg`) rounded toward zero, or away from zero when
// `away` and inexact: the bits below the 24 a float keeps are cleared (so the hardware
// conversion is exact), and the next float up in magnitude is one more in the bits.
float OCLHLS_OVL __oclhls_uint_to_float_directed(uint mag, int neg, int away)
{
    int dropped = max(8 - (int)clz(mag), 0);
    uint kept = mag & (0xffffffffu << dropped);
    uint bits = as_uint((float)kept) + (away && kept != mag ? 1u : 0u);
    return as_float(bits | (neg ? 0x80000000u : 0u));
}

float OCLHLS_OVL __oclhls_ulong_to_float_directed(ulong mag, int neg, int away)
{
    int dropped = max(40 - (int)clz(mag), 0);
    ulong kept = mag & (0xfffffffffffffffful << dropped);
    uint bits = as_uint((float)kept) + (away && kept != mag ? 1u : 0u);
    return as_float(bits | (neg ? 0x80000000u : 0u));
}

// Types that float holds exactly: every mode is the plain conversion.
#define OCLHLS_EXACT_TO_FLOAT(T)                                                                   \
    float OCLHLS_OVL convert_float(T x) { return (float)x; }                                       \
    float OCLHLS_OVL convert_float_rte(T x) { return (float)x; }                                   \
    float OCLHLS_OVL convert_float_rtz(T x) { return (float)x; }                                   \
    float OCLHLS_OVL convert_float_rtp(T x) { return (float)x; }                                   \
    float OCLHLS_OVL convert_float_rtn(T x) { return (float)x; }

// The others: the hardware rounds to nearest even; the directed modes from the magnitude
// (U, as wide as T) and the sign (NEG, an expression of x).
#define OCLHLS_WIDE_TO_FLOAT(T, U, NEG)                                                            \
    float OCLHLS_OVL convert_float(T x) { return (float)x; }                                       \
    float OCLHLS_OVL convert_float_rte(T x) { return (float)x; }                                   \
    float OCLHLS_OVL convert_float_rtz(T x)                                                        \
    {                                                                                              \
        int neg = NEG;                                                                             \
        return __oclhls_##U##_to_float_directed(neg ? (U)0 - (U)x : (U)x, neg, 0);                 \
    }                                                                                              \
    float OCLHLS_OVL convert_float_rtp(T x)                                                        \
    {                                                                                              \
        int neg = NEG;                                                                             \
        return __oclhls_##U##_to_float_directed(neg ? (U)0 - (U)x : (U)x, neg, !neg);              \
    }                                                                                              \
    float OCLHLS_OVL convert_float_rtn(T x)                                                        \
    {                                                                                              \
        int neg = NEG;                                                                             \
        return __oclhls_##U##_to_float_directed(neg ? (U)0 - (U)x : (U)x, neg, neg);               \
    }

#define OCLHLS_TO_FLOAT_VECTOR(T, N, MODE)                                                         \
    float##N OCLHLS_OVL convert_float##N##MODE(T##N x)                                             \
    {                                                                                              \
        return (float##N)(OCLHLS_MAP##N##_1(convert_float##MODE, x));                              \
    }
#define OCLHLS_TO_FLOAT_VECTORS_N(T, N)                                                            \
    OCLHLS_TO_FLOAT_VECTOR(T, N, )                                                                 \
    OCLHLS_TO_FLOAT_VECTOR(T, N, _rte)                                                             \
    OCLHLS_TO_FLOAT_VECTOR(T, N, _rtz)                                                             \
    OCLHLS_TO_FLOAT_VECTOR(T, N, _rtp)                                                             \
    OCLHLS_TO_FLOAT_VECTOR(T, N, _rtn)
#define OCLHLS_TO_FLOAT_VECTORS(T)                                                                 \
    OCLHLS_TO_FLOAT_VECTORS_N(T, 2)                                                                \
    OCLHLS_TO_FLOAT_VECTORS_N(T, 3)                                                                \
    OCLHLS_TO_FLOAT_VECTORS_N(T, 4)                                                                \
    OCLHLS_TO_FLOAT_VECTORS_N(T, 8)                                                                \
    OCLHLS_TO_FLOAT_VECTORS_N(T, 16)

OCLHLS_EXACT_TO_FLOAT(char)
OCLHLS_EXACT_TO_FLOAT(uchar)
OCLHLS_EXACT_TO_FLOAT(short)
OCLHLS_EXACT_TO_FLOAT(ushort)
OCLHLS_EXACT_TO_FLOAT(float)
OCLHLS_WIDE_TO_FLOAT(int, uint, x < 0)
OCLHLS_WIDE_TO_FLOAT(uint, uint, 0)
OCLHLS_WIDE_TO_FLOAT(long, ulong, x < 0)
OCLHLS_WIDE_TO_FLOAT(ulong, ulong, 0)
OCLHLS_TO_FLOAT_VECTORS(char)
OCLHLS_TO_FLOAT_VECTORS(uchar)
OCLHLS_TO_FLOAT_VECTORS(short)
OCLHLS_TO_FLOAT_VECTORS(ushort)
OCLHLS_TO_FLOAT_VECTORS(int)
OCLHLS_TO_FLOAT_VECTORS(uint)
OCLHLS_TO_FLOAT_VECTORS(long)
OCLHLS_TO_FLOAT_VECTORS(ulong)
OCLHLS_TO_FLOAT_VECTORS(float)

// ---- half as a storage format: the 16 bits handled as a ushort, no half arithmetic ----

// The float of a half's bits: exact for every half (denormals normalised, inf and NaN keep
// their sign and payload).
float OCLHLS_OVL __oclhls_half_to_float(ushort h)
{
    uint sign = (uint)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    uint normal = ((e + 112u) << 23) | (m << 13);
    uint special = 0x7f800000u | (m << 13);
    /* m * 2^-24: its leading bit moved to the float's implicit bit (the add carries it into
       the exponent field) */
    uint lz = clz(m);
    uint denormal = m == 0u ? 0u : ((133u - lz) << 23) + (m << (lz - 8u));
    return as_float(sign | (e == 31u ? special : e == 0u ? denormal : normal));
}

#define OCLHLS_HALF_RTE 0
#define OCLHLS_HALF_RTZ 1
#define OCLHLS_HALF_RTP 2
#define OCLHLS_HALF_RTN 3

// The half bits of f rounded in MODE (one of the above, a constant after inlining).
ushort OCLHLS_OVL __oclhls_float_to_half(float f, int mode)
{
    uint b = as_uint(f), a = b & 0x7fffffffu, sign = (b >> 16) & 0x8000u, biased = a >> 23;
    int away = mode == OCLHLS_HALF_RTP ? sign == 0u : mode == OCLHLS_HALF_RTN ? sign != 0u : 0;
    /* the value in units of the result's last place: from 2^-14 on the float's bits with
       the exponent rebased (13 bits below), under it the significand shifted to units of
       2^-24 (at most 25 places: anything smaller is only a sticky bit) */
    int normal = biased >= 113u;
    uint significand = (a & 0x007fffffu) | (biased != 0u ? 0x00800000u : 0u);
    uint shift = normal ? 13u : min(126u - biased, 25u);
    uint v = normal ? a - (112u << 23) : significand;
    uint kept = v >> shift, rest = v & ((1u << shift) - 1u), half_unit = 1u << (shift - 1u);
    uint nearest_up = rest > half_unit || (rest == half_unit && (kept & 1u) != 0u);
    uint up = mode == OCLHLS_HALF_RTE ? nearest_up : (uint)(away && rest != 0u);
    uint rounded = kept + up; /* a carry out of 0x7bff gives inf, as it should */
    /* from 2^16 on: inf when rounding to nearest or away from zero, else the largest half */
    uint overflow = a == 0x7f800000u || mode == OCLHLS_HALF_RTE || away ? 0x7c00u : 0x7bffu;
    uint nan = 0x7e00u | ((a >> 13) & 0x1ffu);
    uint magnitude = a > 0x7f800000u ? nan : a >= 0x47800000u ? overflow : rounded;
    return (ushort)(sign | magnitude);
}

// One per mode, to map over vector lanes.
ushort OCLHLS_OVL __oclhls_float_to_half_rte(float f) { return __oclhls_float_to_half(f, OCLHLS_HALF_RTE); }
ushort OCLHLS_OVL __oclhls_float_to_half_rtz(float f) { return __oclhls_float_to_half(f, OCLHLS_HALF_RTZ); }
ushort OCLHLS_OVL __oclhls_float_to_half_rtp(float f) { return __oclhls_float_to_half(f, OCLHLS_HALF_RTP); }
ushort OCLHLS_OVL __oclhls_float_to_half_rtn(float f) { return __oclhls_float_to_half(f, OCLHLS_HALF_RTN); }

// The n halves from q[b] on (q a ushort pointer), as floats; n floats stored there.
#define OCLHLS_LOAD_HALVES(N, q, b)                                                                \
    ushort##N bits = (ushort##N)(OCLHLS_READ##N(q, b));                                            \
    return (float##N)(OCLHLS_MAP##N##_1(__oclhls_half_to_float, bits))
#define OCLHLS_STORE_HALVES(N, q, b, data, MODE)                                                   \
    ushort##N bits = (ushort##N)(OCLHLS_MAP##N##_1(__oclhls_float_to_half##MODE, data));           \
    OCLHLS_WRITE##N(q, b, bits)

// The loads through pointers of address space AS (empty: generic). vloada_half3 reads from
// the 4-aligned place p + 4 * offset.
#define OCLHLS_VLOAD_HALF_N(N, STRIDE, NAME, AS)                                                   \
    float##N OCLHLS_OVL NAME(size_t offset, const AS half *p)                                      \
    {                                                                                              \
        const AS ushort *q = (const AS ushort *)p;                                                 \
        size_t b = offset * STRIDE;                                                                \
        OCLHLS_LOAD_HALVES(N, q, b);                                                               \
    }
#define OCLHLS_VLOAD_HALF(AS)                                                                      \
    float OCLHLS_OVL vload_half(size_t offset, const AS half *p)                                   \
    {                                                                                              \
        return __oclhls_half_to_float(((const AS ushort *)p)[offset]);                             \
    }                                                                                              \
    OCLHLS_VLOAD_HALF_N(2, 2, vload_half2, AS)                                                     \
    OCLHLS_VLOAD_HALF_N(3, 3, vload_half3, AS)                                                     \
    OCLHLS_VLOAD_HALF_N(4, 4, vload_half4, AS)                                                     \
    OCLHLS_VLOAD_HALF_N(8, 8, vload_half8, AS)                                                     \
    OCLHLS_VLOAD_HALF_N(16, 16, vload_half16, AS)                                                  \
    OCLHLS_VLOAD_HALF_N(2, 2, vloada_half2, AS)                                                    \
    OCLHLS_VLOAD_HALF_N(3, 4, vloada_half3, AS)                                                    \
    OCLHLS_VLOAD_HALF_N(4, 4, vloada_half4, AS)                                                    \
    OCLHLS_VLOAD_HALF_N(8, 8, vloada_half8, AS)                                                    \
    OCLHLS_VLOAD_HALF_N(16, 16, vloada_half16, AS)

// The stores: vstore_half<n> and vstorea_half<n> (n > 1), without suffix rounding to
// nearest even (the default mode, the only one OpenCL C lets a kernel set).
#define OCLHLS_VSTORE_HALF_1(SUFFIX, MODE, AS)                                                     \
    void OCLHLS_OVL vstore_half##SUFFIX(float data, size_t offset, AS half *p)                     \
    {                                                                                              \
        ((AS ushort *)p)[offset] = __oclhls_float_to_half##MODE(data);                             \
    }
#define OCLHLS_VSTORE_HALF_N(N, STRIDE, NAME, MODE, AS)                                            \
    void OCLHLS_OVL NAME(float##N data, size_t offset, AS half *p)                                 \
    {                                                                                              \
        AS ushort *q = (AS ushort *)p;                                                             \
        size_t b = offset * STRIDE;                                                                \
        OCLHLS_STORE_HALVES(N, q, b, data, MODE);                                                  \
    }
#define OCLHLS_VSTORE_HALF_MODE(SUFFIX, MODE, AS)                                                  \
    OCLHLS_VSTORE_HALF_1(SUFFIX, MODE, AS)                                                         \
    OCLHLS_VSTORE_HALF_N(2, 2, vstore_half2##SUFFIX, MODE, AS)                                     \
    OCLHLS_VSTORE_HALF_N(3, 3, vstore_half3##SUFFIX, MODE, AS)                                     \
    OCLHLS_VSTORE_HALF_N(4, 4, vstore_half4##SUFFIX, MODE, AS)                                     \
    OCLHLS_VSTORE_HALF_N(8, 8, vstore_half8##SUFFIX, MODE, AS)                                     \
    OCLHLS_VSTORE_HALF_N(16, 16, vstore_half16##SUFFIX, MODE, AS)                                  \
    OCLHLS_VSTORE_HALF_N(2, 2, vstorea_half2##SUFFIX, MODE, AS)                                    \
    OCLHLS_VSTORE_HALF_N(3, 4, vstorea_half3##SUFFIX, MODE, AS)                                    \
    OCLHLS_VSTORE_HALF_N(4, 4, vstorea_half4##SUFFIX, MODE, AS)                                    \
    OCLHLS_VSTORE_HALF_N(8, 8, vstorea_half8##SUFFIX, MODE, AS)                                    \
    OCLHLS_VSTORE_HALF_N(16, 16, vstorea_half16##SUFFIX, MODE, AS)
#define OCLHLS_VSTORE_HALF(AS)                                                                     \
    OCLHLS_VSTORE_HALF_MODE(, _rte, AS)                                                            \
    OCLHLS_VSTORE_HALF_MODE(_rte, _rte, AS)                                                        \
    OCLHLS_VSTORE_HALF_MODE(_rtz, _rtz, AS)                                                        \
    OCLHLS_VSTORE_HALF_MODE(_rtp, _rtp, AS)                                                        \
    OCLHLS_VSTORE_HALF_MODE(_rtn, _rtn, AS)

// Every named address space, always (opencl-c.h declares them only where the named-address-
// space builtins exist; defining them everywhere lets a kernel's __global pointer reach its
// own overload instead of a generic one, which HLS could not follow), and the generic one
// from OpenCL C 2.0 on.
#define OCLHLS_GENERIC_AS
OCLHLS_VLOAD_HALF(__constant)
OCLHLS_VLOAD_HALF(__global)
OCLHLS_VLOAD_HALF(__local)
OCLHLS_VLOAD_HALF(__private)
OCLHLS_VSTORE_HALF(__global)
OCLHLS_VSTORE_HALF(__local)
OCLHLS_VSTORE_HALF(__private)
#if defined(__opencl_c_generic_address_space)
OCLHLS_VLOAD_HALF(OCLHLS_GENERIC_AS)
OCLHLS_VSTORE_HALF(OCLHLS_GENERIC_AS)
#endif
