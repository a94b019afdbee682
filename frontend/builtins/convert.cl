// SPDX-License-Identifier: MIT
// convert_<type>[_sat][_rte|_rtz|_rtp|_rtn] between the integer types, scalar and vector
// (OpenCL C 3.0, "Explicit Conversions"): _sat clamps to the destination's range, plain
// conversions wrap (the C cast). The rounding-mode forms, which matter for float arguments,
// are in convert_float.cl, with the float conversions.

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
