// SPDX-License-Identifier: MIT
// convert_<type>[_sat][_rte|_rtz|_rtp|_rtn] between the integer scalar types (OpenCL C 3.0,
// "Explicit Conversions"). Between integers the rounding modes change nothing; _sat clamps
// to the destination's range, plain conversions wrap (the C cast). Conversions from and to
// floating point arrive with issue 5.


// x (a FROM, signed when FS) saturated to TO's range [TLO, THI].
#define OCLHLS_CONVERT_SAT(TO, TLO, THI, FROM, FS)                                             \
    TO OCLHLS_OVL convert_##TO##_sat(FROM x)                                                  \
    {                                                                                          \
        if (FS && (long)x < 0) /* below zero: compare as signed */                             \
            return (long)x < (long)(TLO) ? (TO)(TLO) : (TO)x;                                  \
        return (ulong)x > (ulong)(THI) ? (TO)(THI) : (TO)x;                                    \
    }

// Every form of one conversion: plain and _sat, each with the four rounding suffixes.
#define OCLHLS_CONVERT(TO, TLO, THI, FROM, FS)                                                 \
    TO OCLHLS_OVL convert_##TO(FROM x) { return (TO)x; }                                      \
    TO OCLHLS_OVL convert_##TO##_rte(FROM x) { return (TO)x; }                                \
    TO OCLHLS_OVL convert_##TO##_rtz(FROM x) { return (TO)x; }                                \
    TO OCLHLS_OVL convert_##TO##_rtp(FROM x) { return (TO)x; }                                \
    TO OCLHLS_OVL convert_##TO##_rtn(FROM x) { return (TO)x; }                                \
    OCLHLS_CONVERT_SAT(TO, TLO, THI, FROM, FS)                                                 \
    TO OCLHLS_OVL convert_##TO##_sat_rte(FROM x) { return convert_##TO##_sat(x); }            \
    TO OCLHLS_OVL convert_##TO##_sat_rtz(FROM x) { return convert_##TO##_sat(x); }            \
    TO OCLHLS_OVL convert_##TO##_sat_rtp(FROM x) { return convert_##TO##_sat(x); }            \
    TO OCLHLS_OVL convert_##TO##_sat_rtn(FROM x) { return convert_##TO##_sat(x); }

// Conversions into TO from every integer type.
#define OCLHLS_CONVERT_TO(TO, TLO, THI)                                                        \
    OCLHLS_CONVERT(TO, TLO, THI, char, 1) \
    OCLHLS_CONVERT(TO, TLO, THI, uchar, 0) \
    OCLHLS_CONVERT(TO, TLO, THI, short, 1) \
    OCLHLS_CONVERT(TO, TLO, THI, ushort, 0) \
    OCLHLS_CONVERT(TO, TLO, THI, int, 1) \
    OCLHLS_CONVERT(TO, TLO, THI, uint, 0) \
    OCLHLS_CONVERT(TO, TLO, THI, long, 1) \
    OCLHLS_CONVERT(TO, TLO, THI, ulong, 0)

OCLHLS_CONVERT_TO(char, CHAR_MIN, CHAR_MAX)
OCLHLS_CONVERT_TO(uchar, 0, UCHAR_MAX)
OCLHLS_CONVERT_TO(short, SHRT_MIN, SHRT_MAX)
OCLHLS_CONVERT_TO(ushort, 0, USHRT_MAX)
OCLHLS_CONVERT_TO(int, INT_MIN, INT_MAX)
OCLHLS_CONVERT_TO(uint, 0, UINT_MAX)
OCLHLS_CONVERT_TO(long, LONG_MIN, LONG_MAX)
OCLHLS_CONVERT_TO(ulong, 0, ULONG_MAX)
