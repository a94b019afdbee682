// SPDX-License-Identifier: MIT
// The OpenCL C integer functions (OpenCL C 3.0, "Integer Functions") and the integer forms
// of select/bitselect, for the scalar types. Each is a few operations or one LLVM intrinsic
// that HLS lowers (min/max, ctpop, ctlz, cttz, funnel shifts, saturating add/sub).
// The vector forms are in integer_vector.cl.


// T: the type, U: its unsigned twin, S: its signed twin, W: its bits.
#define OCLHLS_INT_COMMON(T, U, S, W)                                                          \
    T OCLHLS_OVL max(T x, T y) { return x > y ? x : y; }                                      \
    T OCLHLS_OVL min(T x, T y) { return x < y ? x : y; }                                      \
    T OCLHLS_OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                       \
    U OCLHLS_OVL abs(T x) { return x < (T)0 ? (U)0 - (U)x : (U)x; }                           \
    U OCLHLS_OVL abs_diff(T x, T y) { return x > y ? (U)x - (U)y : (U)y - (U)x; }             \
    /* (x + y) >> 1 and (x + y + 1) >> 1 without the carry out of W bits */                   \
    T OCLHLS_OVL hadd(T x, T y) { return (x >> 1) + (y >> 1) + (x & y & (T)1); }              \
    T OCLHLS_OVL rhadd(T x, T y) { return (x >> 1) + (y >> 1) + ((x | y) & (T)1); }           \
    T OCLHLS_OVL clz(T x) { return (T)__builtin_clzg((U)x, W); }                              \
    T OCLHLS_OVL ctz(T x) { return (T)__builtin_ctzg((U)x, W); }                              \
    T OCLHLS_OVL popcount(T x) { return (T)__builtin_popcountg((U)x); }                       \
    T OCLHLS_OVL rotate(T v, T i) { return (T)((U)v << ((U)i % W) | (U)v >> ((W - (U)i % W) % W)); } \
    T OCLHLS_OVL mad_hi(T a, T b, T c) { return mul_hi(a, b) + c; }                           \
    T OCLHLS_OVL select(T a, T b, S c) { return c ? b : a; }                                  \
    T OCLHLS_OVL select(T a, T b, U c) { return c ? b : a; }                                  \
    T OCLHLS_OVL bitselect(T a, T b, T c) { return (a & ~c) | (b & c); }

// Saturation through the wider type WT (clang promotes 8- and 16-bit operands of
// __builtin_elementwise_add_sat to int, where they never saturate).
#define OCLHLS_SAT(T, WT, LO, HI, v) ((v) < (WT)(LO) ? (T)(LO) : (v) > (WT)(HI) ? (T)(HI) : (T)(v))

// mul_hi, mad_sat and add/sub_sat through types twice as wide: WT (of T's signedness) for
// products, ST (signed) for sums and differences. All but long/ulong.
#define OCLHLS_INT_NARROW(T, WT, ST, W, LO, HI)                                                \
    T OCLHLS_OVL add_sat(T x, T y)                                                             \
    {                                                                                          \
        ST r = (ST)x + (ST)y;                                                                  \
        return OCLHLS_SAT(T, ST, LO, HI, r);                                                   \
    }                                                                                          \
    T OCLHLS_OVL sub_sat(T x, T y)                                                             \
    {                                                                                          \
        ST r = (ST)x - (ST)y;                                                                  \
        return OCLHLS_SAT(T, ST, LO, HI, r);                                                   \
    }                                                                                          \
    T OCLHLS_OVL mul_hi(T x, T y) { return (T)(((WT)x * (WT)y) >> W); }                       \
    T OCLHLS_OVL mad_sat(T a, T b, T c)                                                        \
    {                                                                                          \
        WT r = (WT)a * (WT)b + (WT)c;                                                          \
        return OCLHLS_SAT(T, WT, LO, HI, r);                                                   \
    }

OCLHLS_INT_COMMON(char, uchar, char, 8)
OCLHLS_INT_COMMON(uchar, uchar, char, 8)
OCLHLS_INT_COMMON(short, ushort, short, 16)
OCLHLS_INT_COMMON(ushort, ushort, short, 16)
OCLHLS_INT_COMMON(int, uint, int, 32)
OCLHLS_INT_COMMON(uint, uint, int, 32)
OCLHLS_INT_COMMON(long, ulong, long, 64)
OCLHLS_INT_COMMON(ulong, ulong, long, 64)

OCLHLS_INT_NARROW(char, short, short, 8, CHAR_MIN, CHAR_MAX)
OCLHLS_INT_NARROW(uchar, ushort, short, 8, 0, UCHAR_MAX)
OCLHLS_INT_NARROW(short, int, int, 16, SHRT_MIN, SHRT_MAX)
OCLHLS_INT_NARROW(ushort, uint, int, 16, 0, USHRT_MAX)
OCLHLS_INT_NARROW(int, long, long, 32, INT_MIN, INT_MAX)
OCLHLS_INT_NARROW(uint, ulong, long, 32, 0, UINT_MAX)

// 64 bits: the LLVM saturating intrinsics (no wider type to compute in).
long OCLHLS_OVL add_sat(long x, long y) { return __builtin_elementwise_add_sat(x, y); }
ulong OCLHLS_OVL add_sat(ulong x, ulong y) { return __builtin_elementwise_add_sat(x, y); }
long OCLHLS_OVL sub_sat(long x, long y) { return __builtin_elementwise_sub_sat(x, y); }
ulong OCLHLS_OVL sub_sat(ulong x, ulong y) { return __builtin_elementwise_sub_sat(x, y); }

// 64-bit mul_hi from 32-bit halves: the high 64 bits of the 128-bit product.
ulong OCLHLS_OVL mul_hi(ulong x, ulong y)
{
    ulong xl = x & 0xffffffffUL, xh = x >> 32, yl = y & 0xffffffffUL, yh = y >> 32;
    ulong ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    ulong mid = (ll >> 32) + (lh & 0xffffffffUL) + (hl & 0xffffffffUL);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

// Signed: the unsigned high part, corrected for each negative operand (two's complement).
long OCLHLS_OVL mul_hi(long x, long y)
{
    ulong h = mul_hi((ulong)x, (ulong)y);
    h -= x < 0 ? (ulong)y : 0;
    h -= y < 0 ? (ulong)x : 0;
    return (long)h;
}

// 64-bit mad_sat: the 128-bit a * b + c as (hi, lo), saturated when hi is not lo's sign.
long OCLHLS_OVL mad_sat(long a, long b, long c)
{
    ulong lo = (ulong)a * (ulong)b, sum = lo + (ulong)c;
    long hi = mul_hi(a, b) + (c < 0 ? -1 : 0) + (sum < lo ? 1 : 0);
    if (hi != ((long)sum >> 63))
        return hi < 0 ? LONG_MIN : LONG_MAX;
    return (long)sum;
}

ulong OCLHLS_OVL mad_sat(ulong a, ulong b, ulong c)
{
    ulong lo = a * b, sum = lo + c;
    ulong hi = mul_hi(a, b) + (sum < lo ? 1 : 0);
    return hi ? ULONG_MAX : sum;
}

// 24-bit multiplies: the operands' low 24 bits (sign-extended for int), as the spec's range
// allows; results outside it are implementation-defined.
int OCLHLS_OVL mul24(int x, int y) { return ((x << 8) >> 8) * ((y << 8) >> 8); }
uint OCLHLS_OVL mul24(uint x, uint y) { return (x & 0xffffffu) * (y & 0xffffffu); }
int OCLHLS_OVL mad24(int x, int y, int z) { return mul24(x, y) + z; }
uint OCLHLS_OVL mad24(uint x, uint y, uint z) { return mul24(x, y) + z; }

// upsample(hi, lo) = hi << bits(lo) | lo.
short OCLHLS_OVL upsample(char hi, uchar lo) { return (short)((ushort)(uchar)hi << 8 | lo); }
ushort OCLHLS_OVL upsample(uchar hi, uchar lo) { return (ushort)((ushort)hi << 8 | lo); }
int OCLHLS_OVL upsample(short hi, ushort lo) { return (int)((uint)(ushort)hi << 16 | lo); }
uint OCLHLS_OVL upsample(ushort hi, ushort lo) { return (uint)hi << 16 | lo; }
long OCLHLS_OVL upsample(int hi, uint lo) { return (long)((ulong)(uint)hi << 32 | lo); }
ulong OCLHLS_OVL upsample(uint hi, uint lo) { return (ulong)hi << 32 | lo; }

// any/all of a scalar: its most significant bit (the relational functions' rule).
#define OCLHLS_ANY_ALL(T)                                                                      \
    int OCLHLS_OVL any(T x) { return x < (T)0; }                                               \
    int OCLHLS_OVL all(T x) { return x < (T)0; }

OCLHLS_ANY_ALL(char)
OCLHLS_ANY_ALL(short)
OCLHLS_ANY_ALL(int)
OCLHLS_ANY_ALL(long)
