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
#define OCLHLS_ROUNDED_TO(TO, FROM)                                                                \
    TO OCLHLS_OVL convert_##TO##_rte(FROM x) { return convert_##TO(__oclhls_rte(x)); }             \
    TO OCLHLS_OVL convert_##TO##_rtz(FROM x) { return convert_##TO(x); }                           \
    TO OCLHLS_OVL convert_##TO##_rtp(FROM x) { return convert_##TO(__oclhls_rtp(x)); }             \
    TO OCLHLS_OVL convert_##TO##_rtn(FROM x) { return convert_##TO(__oclhls_rtn(x)); }             \
    TO OCLHLS_OVL convert_##TO##_sat_rte(FROM x) { return convert_##TO##_sat(__oclhls_rte(x)); }   \
    TO OCLHLS_OVL convert_##TO##_sat_rtz(FROM x) { return convert_##TO##_sat(x); }                 \
    TO OCLHLS_OVL convert_##TO##_sat_rtp(FROM x) { return convert_##TO##_sat(__oclhls_rtp(x)); }   \
    TO OCLHLS_OVL convert_##TO##_sat_rtn(FROM x) { return convert_##TO##_sat(__oclhls_rtn(x)); }
#define OCLHLS_ROUNDED_TO_WIDTHS(TO, FROM)                                                         \
    OCLHLS_ROUNDED_TO(TO, FROM)                                                                    \
    OCLHLS_ROUNDED_TO(TO##2, FROM##2)                                                              \
    OCLHLS_ROUNDED_TO(TO##3, FROM##3)                                                              \
    OCLHLS_ROUNDED_TO(TO##4, FROM##4)                                                              \
    OCLHLS_ROUNDED_TO(TO##8, FROM##8)                                                              \
    OCLHLS_ROUNDED_TO(TO##16, FROM##16)
#define OCLHLS_ROUNDED_FROM(FROM)                                                                  \
    OCLHLS_ROUNDED_TO_WIDTHS(char, FROM)                                                           \
    OCLHLS_ROUNDED_TO_WIDTHS(uchar, FROM)                                                          \
    OCLHLS_ROUNDED_TO_WIDTHS(short, FROM)                                                          \
    OCLHLS_ROUNDED_TO_WIDTHS(ushort, FROM)                                                         \
    OCLHLS_ROUNDED_TO_WIDTHS(int, FROM)                                                            \
    OCLHLS_ROUNDED_TO_WIDTHS(uint, FROM)                                                           \
    OCLHLS_ROUNDED_TO_WIDTHS(long, FROM)                                                           \
    OCLHLS_ROUNDED_TO_WIDTHS(ulong, FROM)

OCLHLS_ROUNDED_FROM(char)
OCLHLS_ROUNDED_FROM(uchar)
OCLHLS_ROUNDED_FROM(short)
OCLHLS_ROUNDED_FROM(ushort)
OCLHLS_ROUNDED_FROM(int)
OCLHLS_ROUNDED_FROM(uint)
OCLHLS_ROUNDED_FROM(long)
OCLHLS_ROUNDED_FROM(ulong)
OCLHLS_ROUNDED_FROM(float)

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
