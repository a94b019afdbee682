// SPDX-License-Identifier: MIT
// convert_<type>[_sat][_rte|_rtz|_rtp|_rtn] between the integer types, scalar and vector
// (OpenCL C 3.0, "Explicit Conversions"). Between integers the rounding modes change
// nothing, so the suffixed names are macros for the plain ones; _sat clamps to the
// destination's range, plain conversions wrap (the C cast). Conversions from and to
// floating point arrive with issue 5.

// x (a FROM, signed when FS) saturated to TO's range [TLO, THI].
#define OCLHLS_CONVERT(TO, TLO, THI, FROM, FS)                                                 \
    TO OCLHLS_OVL convert_##TO(FROM x) { return (TO)x; }                                      \
    TO OCLHLS_OVL convert_##TO##_sat(FROM x)                                                  \
    {                                                                                          \
        if (FS && (long)x < 0) /* below zero: compare as signed */                             \
            return (long)x < (long)(TLO) ? (TO)(TLO) : (TO)x;                                  \
        return (ulong)x > (ulong)(THI) ? (TO)(THI) : (TO)x;                                    \
    }

// Vectors of N lanes: the plain conversion element-wise, the saturating one lane by lane.
#define OCLHLS_CONVERT_VECTOR(TO, FROM, N)                                                     \
    TO##N OCLHLS_OVL convert_##TO##N(FROM##N x) { return __builtin_convertvector(x, TO##N); } \
    TO##N OCLHLS_OVL convert_##TO##N##_sat(FROM##N x)                                         \
    {                                                                                          \
        return (TO##N)(OCLHLS_MAP##N##_1(convert_##TO##_sat, x));                              \
    }

// Conversions into TO (and its vectors) from every integer type.
#define OCLHLS_CONVERT_TO(TO, TLO, THI)                                                        \
    OCLHLS_CONVERT(TO, TLO, THI, char, 1) \
    OCLHLS_CONVERT_VECTOR(TO, char, 2) \
    OCLHLS_CONVERT_VECTOR(TO, char, 3) \
    OCLHLS_CONVERT_VECTOR(TO, char, 4) \
    OCLHLS_CONVERT_VECTOR(TO, char, 8) \
    OCLHLS_CONVERT_VECTOR(TO, char, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, uchar, 0) \
    OCLHLS_CONVERT_VECTOR(TO, uchar, 2) \
    OCLHLS_CONVERT_VECTOR(TO, uchar, 3) \
    OCLHLS_CONVERT_VECTOR(TO, uchar, 4) \
    OCLHLS_CONVERT_VECTOR(TO, uchar, 8) \
    OCLHLS_CONVERT_VECTOR(TO, uchar, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, short, 1) \
    OCLHLS_CONVERT_VECTOR(TO, short, 2) \
    OCLHLS_CONVERT_VECTOR(TO, short, 3) \
    OCLHLS_CONVERT_VECTOR(TO, short, 4) \
    OCLHLS_CONVERT_VECTOR(TO, short, 8) \
    OCLHLS_CONVERT_VECTOR(TO, short, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, ushort, 0) \
    OCLHLS_CONVERT_VECTOR(TO, ushort, 2) \
    OCLHLS_CONVERT_VECTOR(TO, ushort, 3) \
    OCLHLS_CONVERT_VECTOR(TO, ushort, 4) \
    OCLHLS_CONVERT_VECTOR(TO, ushort, 8) \
    OCLHLS_CONVERT_VECTOR(TO, ushort, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, int, 1) \
    OCLHLS_CONVERT_VECTOR(TO, int, 2) \
    OCLHLS_CONVERT_VECTOR(TO, int, 3) \
    OCLHLS_CONVERT_VECTOR(TO, int, 4) \
    OCLHLS_CONVERT_VECTOR(TO, int, 8) \
    OCLHLS_CONVERT_VECTOR(TO, int, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, uint, 0) \
    OCLHLS_CONVERT_VECTOR(TO, uint, 2) \
    OCLHLS_CONVERT_VECTOR(TO, uint, 3) \
    OCLHLS_CONVERT_VECTOR(TO, uint, 4) \
    OCLHLS_CONVERT_VECTOR(TO, uint, 8) \
    OCLHLS_CONVERT_VECTOR(TO, uint, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, long, 1) \
    OCLHLS_CONVERT_VECTOR(TO, long, 2) \
    OCLHLS_CONVERT_VECTOR(TO, long, 3) \
    OCLHLS_CONVERT_VECTOR(TO, long, 4) \
    OCLHLS_CONVERT_VECTOR(TO, long, 8) \
    OCLHLS_CONVERT_VECTOR(TO, long, 16) \
    OCLHLS_CONVERT(TO, TLO, THI, ulong, 0) \
    OCLHLS_CONVERT_VECTOR(TO, ulong, 2) \
    OCLHLS_CONVERT_VECTOR(TO, ulong, 3) \
    OCLHLS_CONVERT_VECTOR(TO, ulong, 4) \
    OCLHLS_CONVERT_VECTOR(TO, ulong, 8) \
    OCLHLS_CONVERT_VECTOR(TO, ulong, 16)

OCLHLS_CONVERT_TO(char, CHAR_MIN, CHAR_MAX)
OCLHLS_CONVERT_TO(uchar, 0, UCHAR_MAX)
OCLHLS_CONVERT_TO(short, SHRT_MIN, SHRT_MAX)
OCLHLS_CONVERT_TO(ushort, 0, USHRT_MAX)
OCLHLS_CONVERT_TO(int, INT_MIN, INT_MAX)
OCLHLS_CONVERT_TO(uint, 0, UINT_MAX)
OCLHLS_CONVERT_TO(long, LONG_MIN, LONG_MAX)
OCLHLS_CONVERT_TO(ulong, 0, ULONG_MAX)

// The rounding suffixes, as names of the unsuffixed conversions.
#define convert_char_rte convert_char
#define convert_char_sat_rte convert_char_sat
#define convert_char_rtz convert_char
#define convert_char_sat_rtz convert_char_sat
#define convert_char_rtp convert_char
#define convert_char_sat_rtp convert_char_sat
#define convert_char_rtn convert_char
#define convert_char_sat_rtn convert_char_sat
#define convert_char2_rte convert_char2
#define convert_char2_sat_rte convert_char2_sat
#define convert_char2_rtz convert_char2
#define convert_char2_sat_rtz convert_char2_sat
#define convert_char2_rtp convert_char2
#define convert_char2_sat_rtp convert_char2_sat
#define convert_char2_rtn convert_char2
#define convert_char2_sat_rtn convert_char2_sat
#define convert_char3_rte convert_char3
#define convert_char3_sat_rte convert_char3_sat
#define convert_char3_rtz convert_char3
#define convert_char3_sat_rtz convert_char3_sat
#define convert_char3_rtp convert_char3
#define convert_char3_sat_rtp convert_char3_sat
#define convert_char3_rtn convert_char3
#define convert_char3_sat_rtn convert_char3_sat
#define convert_char4_rte convert_char4
#define convert_char4_sat_rte convert_char4_sat
#define convert_char4_rtz convert_char4
#define convert_char4_sat_rtz convert_char4_sat
#define convert_char4_rtp convert_char4
#define convert_char4_sat_rtp convert_char4_sat
#define convert_char4_rtn convert_char4
#define convert_char4_sat_rtn convert_char4_sat
#define convert_char8_rte convert_char8
#define convert_char8_sat_rte convert_char8_sat
#define convert_char8_rtz convert_char8
#define convert_char8_sat_rtz convert_char8_sat
#define convert_char8_rtp convert_char8
#define convert_char8_sat_rtp convert_char8_sat
#define convert_char8_rtn convert_char8
#define convert_char8_sat_rtn convert_char8_sat
#define convert_char16_rte convert_char16
#define convert_char16_sat_rte convert_char16_sat
#define convert_char16_rtz convert_char16
#define convert_char16_sat_rtz convert_char16_sat
#define convert_char16_rtp convert_char16
#define convert_char16_sat_rtp convert_char16_sat
#define convert_char16_rtn convert_char16
#define convert_char16_sat_rtn convert_char16_sat
#define convert_uchar_rte convert_uchar
#define convert_uchar_sat_rte convert_uchar_sat
#define convert_uchar_rtz convert_uchar
#define convert_uchar_sat_rtz convert_uchar_sat
#define convert_uchar_rtp convert_uchar
#define convert_uchar_sat_rtp convert_uchar_sat
#define convert_uchar_rtn convert_uchar
#define convert_uchar_sat_rtn convert_uchar_sat
#define convert_uchar2_rte convert_uchar2
#define convert_uchar2_sat_rte convert_uchar2_sat
#define convert_uchar2_rtz convert_uchar2
#define convert_uchar2_sat_rtz convert_uchar2_sat
#define convert_uchar2_rtp convert_uchar2
#define convert_uchar2_sat_rtp convert_uchar2_sat
#define convert_uchar2_rtn convert_uchar2
#define convert_uchar2_sat_rtn convert_uchar2_sat
#define convert_uchar3_rte convert_uchar3
#define convert_uchar3_sat_rte convert_uchar3_sat
#define convert_uchar3_rtz convert_uchar3
#define convert_uchar3_sat_rtz convert_uchar3_sat
#define convert_uchar3_rtp convert_uchar3
#define convert_uchar3_sat_rtp convert_uchar3_sat
#define convert_uchar3_rtn convert_uchar3
#define convert_uchar3_sat_rtn convert_uchar3_sat
#define convert_uchar4_rte convert_uchar4
#define convert_uchar4_sat_rte convert_uchar4_sat
#define convert_uchar4_rtz convert_uchar4
#define convert_uchar4_sat_rtz convert_uchar4_sat
#define convert_uchar4_rtp convert_uchar4
#define convert_uchar4_sat_rtp convert_uchar4_sat
#define convert_uchar4_rtn convert_uchar4
#define convert_uchar4_sat_rtn convert_uchar4_sat
#define convert_uchar8_rte convert_uchar8
#define convert_uchar8_sat_rte convert_uchar8_sat
#define convert_uchar8_rtz convert_uchar8
#define convert_uchar8_sat_rtz convert_uchar8_sat
#define convert_uchar8_rtp convert_uchar8
#define convert_uchar8_sat_rtp convert_uchar8_sat
#define convert_uchar8_rtn convert_uchar8
#define convert_uchar8_sat_rtn convert_uchar8_sat
#define convert_uchar16_rte convert_uchar16
#define convert_uchar16_sat_rte convert_uchar16_sat
#define convert_uchar16_rtz convert_uchar16
#define convert_uchar16_sat_rtz convert_uchar16_sat
#define convert_uchar16_rtp convert_uchar16
#define convert_uchar16_sat_rtp convert_uchar16_sat
#define convert_uchar16_rtn convert_uchar16
#define convert_uchar16_sat_rtn convert_uchar16_sat
#define convert_short_rte convert_short
#define convert_short_sat_rte convert_short_sat
#define convert_short_rtz convert_short
#define convert_short_sat_rtz convert_short_sat
#define convert_short_rtp convert_short
#define convert_short_sat_rtp convert_short_sat
#define convert_short_rtn convert_short
#define convert_short_sat_rtn convert_short_sat
#define convert_short2_rte convert_short2
#define convert_short2_sat_rte convert_short2_sat
#define convert_short2_rtz convert_short2
#define convert_short2_sat_rtz convert_short2_sat
#define convert_short2_rtp convert_short2
#define convert_short2_sat_rtp convert_short2_sat
#define convert_short2_rtn convert_short2
#define convert_short2_sat_rtn convert_short2_sat
#define convert_short3_rte convert_short3
#define convert_short3_sat_rte convert_short3_sat
#define convert_short3_rtz convert_short3
#define convert_short3_sat_rtz convert_short3_sat
#define convert_short3_rtp convert_short3
#define convert_short3_sat_rtp convert_short3_sat
#define convert_short3_rtn convert_short3
#define convert_short3_sat_rtn convert_short3_sat
#define convert_short4_rte convert_short4
#define convert_short4_sat_rte convert_short4_sat
#define convert_short4_rtz convert_short4
#define convert_short4_sat_rtz convert_short4_sat
#define convert_short4_rtp convert_short4
#define convert_short4_sat_rtp convert_short4_sat
#define convert_short4_rtn convert_short4
#define convert_short4_sat_rtn convert_short4_sat
#define convert_short8_rte convert_short8
#define convert_short8_sat_rte convert_short8_sat
#define convert_short8_rtz convert_short8
#define convert_short8_sat_rtz convert_short8_sat
#define convert_short8_rtp convert_short8
#define convert_short8_sat_rtp convert_short8_sat
#define convert_short8_rtn convert_short8
#define convert_short8_sat_rtn convert_short8_sat
#define convert_short16_rte convert_short16
#define convert_short16_sat_rte convert_short16_sat
#define convert_short16_rtz convert_short16
#define convert_short16_sat_rtz convert_short16_sat
#define convert_short16_rtp convert_short16
#define convert_short16_sat_rtp convert_short16_sat
#define convert_short16_rtn convert_short16
#define convert_short16_sat_rtn convert_short16_sat
#define convert_ushort_rte convert_ushort
#define convert_ushort_sat_rte convert_ushort_sat
#define convert_ushort_rtz convert_ushort
#define convert_ushort_sat_rtz convert_ushort_sat
#define convert_ushort_rtp convert_ushort
#define convert_ushort_sat_rtp convert_ushort_sat
#define convert_ushort_rtn convert_ushort
#define convert_ushort_sat_rtn convert_ushort_sat
#define convert_ushort2_rte convert_ushort2
#define convert_ushort2_sat_rte convert_ushort2_sat
#define convert_ushort2_rtz convert_ushort2
#define convert_ushort2_sat_rtz convert_ushort2_sat
#define convert_ushort2_rtp convert_ushort2
#define convert_ushort2_sat_rtp convert_ushort2_sat
#define convert_ushort2_rtn convert_ushort2
#define convert_ushort2_sat_rtn convert_ushort2_sat
#define convert_ushort3_rte convert_ushort3
#define convert_ushort3_sat_rte convert_ushort3_sat
#define convert_ushort3_rtz convert_ushort3
#define convert_ushort3_sat_rtz convert_ushort3_sat
#define convert_ushort3_rtp convert_ushort3
#define convert_ushort3_sat_rtp convert_ushort3_sat
#define convert_ushort3_rtn convert_ushort3
#define convert_ushort3_sat_rtn convert_ushort3_sat
#define convert_ushort4_rte convert_ushort4
#define convert_ushort4_sat_rte convert_ushort4_sat
#define convert_ushort4_rtz convert_ushort4
#define convert_ushort4_sat_rtz convert_ushort4_sat
#define convert_ushort4_rtp convert_ushort4
#define convert_ushort4_sat_rtp convert_ushort4_sat
#define convert_ushort4_rtn convert_ushort4
#define convert_ushort4_sat_rtn convert_ushort4_sat
#define convert_ushort8_rte convert_ushort8
#define convert_ushort8_sat_rte convert_ushort8_sat
#define convert_ushort8_rtz convert_ushort8
#define convert_ushort8_sat_rtz convert_ushort8_sat
#define convert_ushort8_rtp convert_ushort8
#define convert_ushort8_sat_rtp convert_ushort8_sat
#define convert_ushort8_rtn convert_ushort8
#define convert_ushort8_sat_rtn convert_ushort8_sat
#define convert_ushort16_rte convert_ushort16
#define convert_ushort16_sat_rte convert_ushort16_sat
#define convert_ushort16_rtz convert_ushort16
#define convert_ushort16_sat_rtz convert_ushort16_sat
#define convert_ushort16_rtp convert_ushort16
#define convert_ushort16_sat_rtp convert_ushort16_sat
#define convert_ushort16_rtn convert_ushort16
#define convert_ushort16_sat_rtn convert_ushort16_sat
#define convert_int_rte convert_int
#define convert_int_sat_rte convert_int_sat
#define convert_int_rtz convert_int
#define convert_int_sat_rtz convert_int_sat
#define convert_int_rtp convert_int
#define convert_int_sat_rtp convert_int_sat
#define convert_int_rtn convert_int
#define convert_int_sat_rtn convert_int_sat
#define convert_int2_rte convert_int2
#define convert_int2_sat_rte convert_int2_sat
#define convert_int2_rtz convert_int2
#define convert_int2_sat_rtz convert_int2_sat
#define convert_int2_rtp convert_int2
#define convert_int2_sat_rtp convert_int2_sat
#define convert_int2_rtn convert_int2
#define convert_int2_sat_rtn convert_int2_sat
#define convert_int3_rte convert_int3
#define convert_int3_sat_rte convert_int3_sat
#define convert_int3_rtz convert_int3
#define convert_int3_sat_rtz convert_int3_sat
#define convert_int3_rtp convert_int3
#define convert_int3_sat_rtp convert_int3_sat
#define convert_int3_rtn convert_int3
#define convert_int3_sat_rtn convert_int3_sat
#define convert_int4_rte convert_int4
#define convert_int4_sat_rte convert_int4_sat
#define convert_int4_rtz convert_int4
#define convert_int4_sat_rtz convert_int4_sat
#define convert_int4_rtp convert_int4
#define convert_int4_sat_rtp convert_int4_sat
#define convert_int4_rtn convert_int4
#define convert_int4_sat_rtn convert_int4_sat
#define convert_int8_rte convert_int8
#define convert_int8_sat_rte convert_int8_sat
#define convert_int8_rtz convert_int8
#define convert_int8_sat_rtz convert_int8_sat
#define convert_int8_rtp convert_int8
#define convert_int8_sat_rtp convert_int8_sat
#define convert_int8_rtn convert_int8
#define convert_int8_sat_rtn convert_int8_sat
#define convert_int16_rte convert_int16
#define convert_int16_sat_rte convert_int16_sat
#define convert_int16_rtz convert_int16
#define convert_int16_sat_rtz convert_int16_sat
#define convert_int16_rtp convert_int16
#define convert_int16_sat_rtp convert_int16_sat
#define convert_int16_rtn convert_int16
#define convert_int16_sat_rtn convert_int16_sat
#define convert_uint_rte convert_uint
#define convert_uint_sat_rte convert_uint_sat
#define convert_uint_rtz convert_uint
#define convert_uint_sat_rtz convert_uint_sat
#define convert_uint_rtp convert_uint
#define convert_uint_sat_rtp convert_uint_sat
#define convert_uint_rtn convert_uint
#define convert_uint_sat_rtn convert_uint_sat
#define convert_uint2_rte convert_uint2
#define convert_uint2_sat_rte convert_uint2_sat
#define convert_uint2_rtz convert_uint2
#define convert_uint2_sat_rtz convert_uint2_sat
#define convert_uint2_rtp convert_uint2
#define convert_uint2_sat_rtp convert_uint2_sat
#define convert_uint2_rtn convert_uint2
#define convert_uint2_sat_rtn convert_uint2_sat
#define convert_uint3_rte convert_uint3
#define convert_uint3_sat_rte convert_uint3_sat
#define convert_uint3_rtz convert_uint3
#define convert_uint3_sat_rtz convert_uint3_sat
#define convert_uint3_rtp convert_uint3
#define convert_uint3_sat_rtp convert_uint3_sat
#define convert_uint3_rtn convert_uint3
#define convert_uint3_sat_rtn convert_uint3_sat
#define convert_uint4_rte convert_uint4
#define convert_uint4_sat_rte convert_uint4_sat
#define convert_uint4_rtz convert_uint4
#define convert_uint4_sat_rtz convert_uint4_sat
#define convert_uint4_rtp convert_uint4
#define convert_uint4_sat_rtp convert_uint4_sat
#define convert_uint4_rtn convert_uint4
#define convert_uint4_sat_rtn convert_uint4_sat
#define convert_uint8_rte convert_uint8
#define convert_uint8_sat_rte convert_uint8_sat
#define convert_uint8_rtz convert_uint8
#define convert_uint8_sat_rtz convert_uint8_sat
#define convert_uint8_rtp convert_uint8
#define convert_uint8_sat_rtp convert_uint8_sat
#define convert_uint8_rtn convert_uint8
#define convert_uint8_sat_rtn convert_uint8_sat
#define convert_uint16_rte convert_uint16
#define convert_uint16_sat_rte convert_uint16_sat
#define convert_uint16_rtz convert_uint16
#define convert_uint16_sat_rtz convert_uint16_sat
#define convert_uint16_rtp convert_uint16
#define convert_uint16_sat_rtp convert_uint16_sat
#define convert_uint16_rtn convert_uint16
#define convert_uint16_sat_rtn convert_uint16_sat
#define convert_long_rte convert_long
#define convert_long_sat_rte convert_long_sat
#define convert_long_rtz convert_long
#define convert_long_sat_rtz convert_long_sat
#define convert_long_rtp convert_long
#define convert_long_sat_rtp convert_long_sat
#define convert_long_rtn convert_long
#define convert_long_sat_rtn convert_long_sat
#define convert_long2_rte convert_long2
#define convert_long2_sat_rte convert_long2_sat
#define convert_long2_rtz convert_long2
#define convert_long2_sat_rtz convert_long2_sat
#define convert_long2_rtp convert_long2
#define convert_long2_sat_rtp convert_long2_sat
#define convert_long2_rtn convert_long2
#define convert_long2_sat_rtn convert_long2_sat
#define convert_long3_rte convert_long3
#define convert_long3_sat_rte convert_long3_sat
#define convert_long3_rtz convert_long3
#define convert_long3_sat_rtz convert_long3_sat
#define convert_long3_rtp convert_long3
#define convert_long3_sat_rtp convert_long3_sat
#define convert_long3_rtn convert_long3
#define convert_long3_sat_rtn convert_long3_sat
#define convert_long4_rte convert_long4
#define convert_long4_sat_rte convert_long4_sat
#define convert_long4_rtz convert_long4
#define convert_long4_sat_rtz convert_long4_sat
#define convert_long4_rtp convert_long4
#define convert_long4_sat_rtp convert_long4_sat
#define convert_long4_rtn convert_long4
#define convert_long4_sat_rtn convert_long4_sat
#define convert_long8_rte convert_long8
#define convert_long8_sat_rte convert_long8_sat
#define convert_long8_rtz convert_long8
#define convert_long8_sat_rtz convert_long8_sat
#define convert_long8_rtp convert_long8
#define convert_long8_sat_rtp convert_long8_sat
#define convert_long8_rtn convert_long8
#define convert_long8_sat_rtn convert_long8_sat
#define convert_long16_rte convert_long16
#define convert_long16_sat_rte convert_long16_sat
#define convert_long16_rtz convert_long16
#define convert_long16_sat_rtz convert_long16_sat
#define convert_long16_rtp convert_long16
#define convert_long16_sat_rtp convert_long16_sat
#define convert_long16_rtn convert_long16
#define convert_long16_sat_rtn convert_long16_sat
#define convert_ulong_rte convert_ulong
#define convert_ulong_sat_rte convert_ulong_sat
#define convert_ulong_rtz convert_ulong
#define convert_ulong_sat_rtz convert_ulong_sat
#define convert_ulong_rtp convert_ulong
#define convert_ulong_sat_rtp convert_ulong_sat
#define convert_ulong_rtn convert_ulong
#define convert_ulong_sat_rtn convert_ulong_sat
#define convert_ulong2_rte convert_ulong2
#define convert_ulong2_sat_rte convert_ulong2_sat
#define convert_ulong2_rtz convert_ulong2
#define convert_ulong2_sat_rtz convert_ulong2_sat
#define convert_ulong2_rtp convert_ulong2
#define convert_ulong2_sat_rtp convert_ulong2_sat
#define convert_ulong2_rtn convert_ulong2
#define convert_ulong2_sat_rtn convert_ulong2_sat
#define convert_ulong3_rte convert_ulong3
#define convert_ulong3_sat_rte convert_ulong3_sat
#define convert_ulong3_rtz convert_ulong3
#define convert_ulong3_sat_rtz convert_ulong3_sat
#define convert_ulong3_rtp convert_ulong3
#define convert_ulong3_sat_rtp convert_ulong3_sat
#define convert_ulong3_rtn convert_ulong3
#define convert_ulong3_sat_rtn convert_ulong3_sat
#define convert_ulong4_rte convert_ulong4
#define convert_ulong4_sat_rte convert_ulong4_sat
#define convert_ulong4_rtz convert_ulong4
#define convert_ulong4_sat_rtz convert_ulong4_sat
#define convert_ulong4_rtp convert_ulong4
#define convert_ulong4_sat_rtp convert_ulong4_sat
#define convert_ulong4_rtn convert_ulong4
#define convert_ulong4_sat_rtn convert_ulong4_sat
#define convert_ulong8_rte convert_ulong8
#define convert_ulong8_sat_rte convert_ulong8_sat
#define convert_ulong8_rtz convert_ulong8
#define convert_ulong8_sat_rtz convert_ulong8_sat
#define convert_ulong8_rtp convert_ulong8
#define convert_ulong8_sat_rtp convert_ulong8_sat
#define convert_ulong8_rtn convert_ulong8
#define convert_ulong8_sat_rtn convert_ulong8_sat
#define convert_ulong16_rte convert_ulong16
#define convert_ulong16_sat_rte convert_ulong16_sat
#define convert_ulong16_rtz convert_ulong16
#define convert_ulong16_sat_rtz convert_ulong16_sat
#define convert_ulong16_rtp convert_ulong16
#define convert_ulong16_sat_rtp convert_ulong16_sat
#define convert_ulong16_rtn convert_ulong16
#define convert_ulong16_sat_rtn convert_ulong16_sat
