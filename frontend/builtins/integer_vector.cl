// SPDX-License-Identifier: MIT
// The vector forms of the integer functions (integer.cl) and of select, bitselect, any and
// all, for 2, 3, 4, 8 and 16 lanes: each lane is the scalar function of its lanes, which the
// frontend inlines and HLS builds side by side. Last, shuffle and shuffle2 on every type.

// OCLHLS_MAP<n>_<k>(F, ...): F applied lane by lane to k vector arguments of n lanes.
#define OCLHLS_MAP2_1(F, x0) F(x0.s0), F(x0.s1)
#define OCLHLS_MAP2_2(F, x0, x1) F(x0.s0, x1.s0), F(x0.s1, x1.s1)
#define OCLHLS_MAP2_3(F, x0, x1, x2) F(x0.s0, x1.s0, x2.s0), F(x0.s1, x1.s1, x2.s1)
#define OCLHLS_MAP3_1(F, x0) F(x0.s0), F(x0.s1), F(x0.s2)
#define OCLHLS_MAP3_2(F, x0, x1) F(x0.s0, x1.s0), F(x0.s1, x1.s1), F(x0.s2, x1.s2)
#define OCLHLS_MAP3_3(F, x0, x1, x2) F(x0.s0, x1.s0, x2.s0), F(x0.s1, x1.s1, x2.s1), F(x0.s2, x1.s2, x2.s2)
#define OCLHLS_MAP4_1(F, x0) F(x0.s0), F(x0.s1), F(x0.s2), F(x0.s3)
#define OCLHLS_MAP4_2(F, x0, x1) F(x0.s0, x1.s0), F(x0.s1, x1.s1), F(x0.s2, x1.s2), F(x0.s3, x1.s3)
#define OCLHLS_MAP4_3(F, x0, x1, x2) F(x0.s0, x1.s0, x2.s0), F(x0.s1, x1.s1, x2.s1), F(x0.s2, x1.s2, x2.s2), F(x0.s3, x1.s3, x2.s3)
#define OCLHLS_MAP8_1(F, x0) F(x0.s0), F(x0.s1), F(x0.s2), F(x0.s3), F(x0.s4), F(x0.s5), F(x0.s6), F(x0.s7)
#define OCLHLS_MAP8_2(F, x0, x1) F(x0.s0, x1.s0), F(x0.s1, x1.s1), F(x0.s2, x1.s2), F(x0.s3, x1.s3), F(x0.s4, x1.s4), F(x0.s5, x1.s5), F(x0.s6, x1.s6), F(x0.s7, x1.s7)
#define OCLHLS_MAP8_3(F, x0, x1, x2) F(x0.s0, x1.s0, x2.s0), F(x0.s1, x1.s1, x2.s1), F(x0.s2, x1.s2, x2.s2), F(x0.s3, x1.s3, x2.s3), F(x0.s4, x1.s4, x2.s4), F(x0.s5, x1.s5, x2.s5), F(x0.s6, x1.s6, x2.s6), F(x0.s7, x1.s7, x2.s7)
#define OCLHLS_MAP16_1(F, x0) F(x0.s0), F(x0.s1), F(x0.s2), F(x0.s3), F(x0.s4), F(x0.s5), F(x0.s6), F(x0.s7), F(x0.s8), F(x0.s9), F(x0.sa), F(x0.sb), F(x0.sc), F(x0.sd), F(x0.se), F(x0.sf)
#define OCLHLS_MAP16_2(F, x0, x1) F(x0.s0, x1.s0), F(x0.s1, x1.s1), F(x0.s2, x1.s2), F(x0.s3, x1.s3), F(x0.s4, x1.s4), F(x0.s5, x1.s5), F(x0.s6, x1.s6), F(x0.s7, x1.s7), F(x0.s8, x1.s8), F(x0.s9, x1.s9), F(x0.sa, x1.sa), F(x0.sb, x1.sb), F(x0.sc, x1.sc), F(x0.sd, x1.sd), F(x0.se, x1.se), F(x0.sf, x1.sf)
#define OCLHLS_MAP16_3(F, x0, x1, x2) F(x0.s0, x1.s0, x2.s0), F(x0.s1, x1.s1, x2.s1), F(x0.s2, x1.s2, x2.s2), F(x0.s3, x1.s3, x2.s3), F(x0.s4, x1.s4, x2.s4), F(x0.s5, x1.s5, x2.s5), F(x0.s6, x1.s6, x2.s6), F(x0.s7, x1.s7, x2.s7), F(x0.s8, x1.s8, x2.s8), F(x0.s9, x1.s9, x2.s9), F(x0.sa, x1.sa, x2.sa), F(x0.sb, x1.sb, x2.sb), F(x0.sc, x1.sc, x2.sc), F(x0.sd, x1.sd, x2.sd), F(x0.se, x1.se, x2.se), F(x0.sf, x1.sf, x2.sf)

// The functions of one vector type VN (lanes of T, unsigned twin UN, signed twin SN).
#define OCLHLS_INT_VECTOR(T, VN, UN, SN, N)                                                    \
    VN OCLHLS_OVL max(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(max, x, y)); }              \
    VN OCLHLS_OVL max(VN x, T y) { return max(x, (VN)(y)); }                                  \
    VN OCLHLS_OVL min(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(min, x, y)); }              \
    VN OCLHLS_OVL min(VN x, T y) { return min(x, (VN)(y)); }                                  \
    VN OCLHLS_OVL clamp(VN x, VN lo, VN hi) { return min(max(x, lo), hi); }                   \
    VN OCLHLS_OVL clamp(VN x, T lo, T hi) { return min(max(x, lo), hi); }                     \
    UN OCLHLS_OVL abs(VN x) { return (UN)(OCLHLS_MAP##N##_1(abs, x)); }                       \
    UN OCLHLS_OVL abs_diff(VN x, VN y) { return (UN)(OCLHLS_MAP##N##_2(abs_diff, x, y)); }    \
    VN OCLHLS_OVL add_sat(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(add_sat, x, y)); }      \
    VN OCLHLS_OVL sub_sat(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(sub_sat, x, y)); }      \
    VN OCLHLS_OVL hadd(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(hadd, x, y)); }            \
    VN OCLHLS_OVL rhadd(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(rhadd, x, y)); }          \
    VN OCLHLS_OVL clz(VN x) { return (VN)(OCLHLS_MAP##N##_1(clz, x)); }                       \
    VN OCLHLS_OVL ctz(VN x) { return (VN)(OCLHLS_MAP##N##_1(ctz, x)); }                       \
    VN OCLHLS_OVL popcount(VN x) { return (VN)(OCLHLS_MAP##N##_1(popcount, x)); }             \
    VN OCLHLS_OVL rotate(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(rotate, x, y)); }        \
    VN OCLHLS_OVL mul_hi(VN x, VN y) { return (VN)(OCLHLS_MAP##N##_2(mul_hi, x, y)); }        \
    VN OCLHLS_OVL mad_hi(VN x, VN y, VN z) { return (VN)(OCLHLS_MAP##N##_3(mad_hi, x, y, z)); } \
    VN OCLHLS_OVL mad_sat(VN x, VN y, VN z) { return (VN)(OCLHLS_MAP##N##_3(mad_sat, x, y, z)); } \
    VN OCLHLS_OVL bitselect(VN a, VN b, VN c) { return (a & ~c) | (b & c); }                  \
    /* vector select: the most significant bit of each lane of c chooses */                   \
    VN OCLHLS_OVL select(VN a, VN b, SN c) { return c < (SN)(0) ? b : a; }                    \
    VN OCLHLS_OVL select(VN a, VN b, UN c) { return as_##SN(c) < (SN)(0) ? b : a; }

#define OCLHLS_INT_VECTORS(T, U, S)                                                            \
    OCLHLS_INT_VECTOR(T, T##2, U##2, S##2, 2)                                                  \
    OCLHLS_INT_VECTOR(T, T##3, U##3, S##3, 3)                                                  \
    OCLHLS_INT_VECTOR(T, T##4, U##4, S##4, 4)                                                  \
    OCLHLS_INT_VECTOR(T, T##8, U##8, S##8, 8)                                                  \
    OCLHLS_INT_VECTOR(T, T##16, U##16, S##16, 16)

OCLHLS_INT_VECTORS(char, uchar, char)
OCLHLS_INT_VECTORS(uchar, uchar, char)
OCLHLS_INT_VECTORS(short, ushort, short)
OCLHLS_INT_VECTORS(ushort, ushort, short)
OCLHLS_INT_VECTORS(int, uint, int)
OCLHLS_INT_VECTORS(uint, uint, int)
OCLHLS_INT_VECTORS(long, ulong, long)
OCLHLS_INT_VECTORS(ulong, ulong, long)

// mul24 and mad24 exist for int and uint only; upsample for each pair (hi, lo) of half the
// result's width.
#define OCLHLS_INT24_VECTOR(T, N)                                                              \
    T##N OCLHLS_OVL mul24(T##N x, T##N y) { return (T##N)(OCLHLS_MAP##N##_2(mul24, x, y)); }  \
    T##N OCLHLS_OVL mad24(T##N x, T##N y, T##N z)                                              \
    {                                                                                          \
        return (T##N)(OCLHLS_MAP##N##_3(mad24, x, y, z));                                      \
    }
#define OCLHLS_UPSAMPLE_VECTOR(R, H, L, N)                                                     \
    R##N OCLHLS_OVL upsample(H##N hi, L##N lo)                                                 \
    {                                                                                          \
        return (R##N)(OCLHLS_MAP##N##_2(upsample, hi, lo));                                    \
    }
#define OCLHLS_WIDTHS(M, ...)                                                                  \
    M(__VA_ARGS__, 2) M(__VA_ARGS__, 3) M(__VA_ARGS__, 4) M(__VA_ARGS__, 8) M(__VA_ARGS__, 16)

OCLHLS_WIDTHS(OCLHLS_INT24_VECTOR, int)
OCLHLS_WIDTHS(OCLHLS_INT24_VECTOR, uint)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, short, char, uchar)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, ushort, uchar, uchar)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, int, short, ushort)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, uint, ushort, ushort)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, long, int, uint)
OCLHLS_WIDTHS(OCLHLS_UPSAMPLE_VECTOR, ulong, uint, uint)

// any/all of a signed vector: the most significant bits of its lanes, or-ed or and-ed.
int OCLHLS_OVL any(char2 x) { return (x.s0 < 0) | (x.s1 < 0); }
int OCLHLS_OVL all(char2 x) { return (x.s0 < 0) & (x.s1 < 0); }
int OCLHLS_OVL any(char3 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0); }
int OCLHLS_OVL all(char3 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0); }
int OCLHLS_OVL any(char4 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0); }
int OCLHLS_OVL all(char4 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0); }
int OCLHLS_OVL any(char8 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0); }
int OCLHLS_OVL all(char8 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0); }
int OCLHLS_OVL any(char16 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0) | (x.s8 < 0) | (x.s9 < 0) | (x.sa < 0) | (x.sb < 0) | (x.sc < 0) | (x.sd < 0) | (x.se < 0) | (x.sf < 0); }
int OCLHLS_OVL all(char16 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0) & (x.s8 < 0) & (x.s9 < 0) & (x.sa < 0) & (x.sb < 0) & (x.sc < 0) & (x.sd < 0) & (x.se < 0) & (x.sf < 0); }
int OCLHLS_OVL any(short2 x) { return (x.s0 < 0) | (x.s1 < 0); }
int OCLHLS_OVL all(short2 x) { return (x.s0 < 0) & (x.s1 < 0); }
int OCLHLS_OVL any(short3 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0); }
int OCLHLS_OVL all(short3 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0); }
int OCLHLS_OVL any(short4 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0); }
int OCLHLS_OVL all(short4 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0); }
int OCLHLS_OVL any(short8 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0); }
int OCLHLS_OVL all(short8 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0); }
int OCLHLS_OVL any(short16 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0) | (x.s8 < 0) | (x.s9 < 0) | (x.sa < 0) | (x.sb < 0) | (x.sc < 0) | (x.sd < 0) | (x.se < 0) | (x.sf < 0); }
int OCLHLS_OVL all(short16 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0) & (x.s8 < 0) & (x.s9 < 0) & (x.sa < 0) & (x.sb < 0) & (x.sc < 0) & (x.sd < 0) & (x.se < 0) & (x.sf < 0); }
int OCLHLS_OVL any(int2 x) { return (x.s0 < 0) | (x.s1 < 0); }
int OCLHLS_OVL all(int2 x) { return (x.s0 < 0) & (x.s1 < 0); }
int OCLHLS_OVL any(int3 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0); }
int OCLHLS_OVL all(int3 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0); }
int OCLHLS_OVL any(int4 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0); }
int OCLHLS_OVL all(int4 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0); }
int OCLHLS_OVL any(int8 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0); }
int OCLHLS_OVL all(int8 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0); }
int OCLHLS_OVL any(int16 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0) | (x.s8 < 0) | (x.s9 < 0) | (x.sa < 0) | (x.sb < 0) | (x.sc < 0) | (x.sd < 0) | (x.se < 0) | (x.sf < 0); }
int OCLHLS_OVL all(int16 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0) & (x.s8 < 0) & (x.s9 < 0) & (x.sa < 0) & (x.sb < 0) & (x.sc < 0) & (x.sd < 0) & (x.se < 0) & (x.sf < 0); }
int OCLHLS_OVL any(long2 x) { return (x.s0 < 0) | (x.s1 < 0); }
int OCLHLS_OVL all(long2 x) { return (x.s0 < 0) & (x.s1 < 0); }
int OCLHLS_OVL any(long3 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0); }
int OCLHLS_OVL all(long3 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0); }
int OCLHLS_OVL any(long4 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0); }
int OCLHLS_OVL all(long4 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0); }
int OCLHLS_OVL any(long8 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0); }
int OCLHLS_OVL all(long8 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0); }
int OCLHLS_OVL any(long16 x) { return (x.s0 < 0) | (x.s1 < 0) | (x.s2 < 0) | (x.s3 < 0) | (x.s4 < 0) | (x.s5 < 0) | (x.s6 < 0) | (x.s7 < 0) | (x.s8 < 0) | (x.s9 < 0) | (x.sa < 0) | (x.sb < 0) | (x.sc < 0) | (x.sd < 0) | (x.se < 0) | (x.sf < 0); }
int OCLHLS_OVL all(long16 x) { return (x.s0 < 0) & (x.s1 < 0) & (x.s2 < 0) & (x.s3 < 0) & (x.s4 < 0) & (x.s5 < 0) & (x.s6 < 0) & (x.s7 < 0) & (x.s8 < 0) & (x.s9 < 0) & (x.sa < 0) & (x.sb < 0) & (x.sc < 0) & (x.sd < 0) & (x.se < 0) & (x.sf < 0); }

// ---- shuffle and shuffle2 ("Miscellaneous Vector Functions"), every element type but half
// Lane j of the result is the lane of x (shuffle), or of x then y (shuffle2), that the low
// log2 bits of mask lane j name. It is a tree of selects on those bits: for L lanes to
// choose from, L - 1 selects log2(L) deep. A constant mask folds it to a lane move (LLVM
// makes a shufflevector of it, which HLS wires); a run-time lane index (x[k]) would be a
// chain of L - 1 selects behind compares of k instead (hls/lower/lower_vector.c).

// __oclhls_pick(b, one, zero) chooses between values already computed, a select once
// inlined (a ?: on lanes it reads would be branches). Then lane k of x, and of x then y.
#define OCLHLS_PICKS(T, U)                                                                     \
    T OCLHLS_OVL __oclhls_pick(U b, T one, T zero) { return b ? one : zero; }                  \
    T OCLHLS_OVL __oclhls_pick(T##2 x, U k) { return __oclhls_pick((U)(k & 1), x.s1, x.s0); } \
    T OCLHLS_OVL __oclhls_pick(T##4 x, U k)                                                    \
    {                                                                                          \
        return __oclhls_pick((U)(k & 2), __oclhls_pick(x.hi, k), __oclhls_pick(x.lo, k));      \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##8 x, U k)                                                    \
    {                                                                                          \
        return __oclhls_pick((U)(k & 4), __oclhls_pick(x.hi, k), __oclhls_pick(x.lo, k));      \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##16 x, U k)                                                   \
    {                                                                                          \
        return __oclhls_pick((U)(k & 8), __oclhls_pick(x.hi, k), __oclhls_pick(x.lo, k));      \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##2 x, T##2 y, U k)                                            \
    {                                                                                          \
        return __oclhls_pick((U)(k & 2), __oclhls_pick(y, k), __oclhls_pick(x, k));            \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##4 x, T##4 y, U k)                                            \
    {                                                                                          \
        return __oclhls_pick((U)(k & 4), __oclhls_pick(y, k), __oclhls_pick(x, k));            \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##8 x, T##8 y, U k)                                            \
    {                                                                                          \
        return __oclhls_pick((U)(k & 8), __oclhls_pick(y, k), __oclhls_pick(x, k));            \
    }                                                                                          \
    T OCLHLS_OVL __oclhls_pick(T##16 x, T##16 y, U k)                                          \
    {                                                                                          \
        return __oclhls_pick((U)(k & 16), __oclhls_pick(y, k), __oclhls_pick(x, k));           \
    }

// F(..., m.sj) for each lane j of m, in order.
#define OCLHLS_LANES2(F, m, ...) F(__VA_ARGS__, (m).s0), F(__VA_ARGS__, (m).s1)
#define OCLHLS_LANES4(F, m, ...)                                                               \
    OCLHLS_LANES2(F, (m).lo, __VA_ARGS__), OCLHLS_LANES2(F, (m).hi, __VA_ARGS__)
#define OCLHLS_LANES8(F, m, ...)                                                               \
    OCLHLS_LANES4(F, (m).lo, __VA_ARGS__), OCLHLS_LANES4(F, (m).hi, __VA_ARGS__)
#define OCLHLS_LANES16(F, m, ...)                                                              \
    OCLHLS_LANES8(F, (m).lo, __VA_ARGS__), OCLHLS_LANES8(F, (m).hi, __VA_ARGS__)

#define OCLHLS_SHUFFLE(T, U, N, M)                                                             \
    T##M OCLHLS_OVL shuffle(T##N x, U##M mask)                                                 \
    {                                                                                          \
        return (T##M)(OCLHLS_LANES##M(__oclhls_pick, mask, x));                                \
    }                                                                                          \
    T##M OCLHLS_OVL shuffle2(T##N x, T##N y, U##M mask)                                        \
    {                                                                                          \
        return (T##M)(OCLHLS_LANES##M(__oclhls_pick, mask, x, y));                             \
    }
#define OCLHLS_SHUFFLES_FROM(T, U, N)                                                          \
    OCLHLS_SHUFFLE(T, U, N, 2) OCLHLS_SHUFFLE(T, U, N, 4) OCLHLS_SHUFFLE(T, U, N, 8)           \
    OCLHLS_SHUFFLE(T, U, N, 16)
#define OCLHLS_SHUFFLES(T, U)                                                                  \
    OCLHLS_PICKS(T, U)                                                                         \
    OCLHLS_SHUFFLES_FROM(T, U, 2) OCLHLS_SHUFFLES_FROM(T, U, 4) OCLHLS_SHUFFLES_FROM(T, U, 8)  \
    OCLHLS_SHUFFLES_FROM(T, U, 16)

OCLHLS_SHUFFLES(char, uchar)
OCLHLS_SHUFFLES(uchar, uchar)
OCLHLS_SHUFFLES(short, ushort)
OCLHLS_SHUFFLES(ushort, ushort)
OCLHLS_SHUFFLES(int, uint)
OCLHLS_SHUFFLES(uint, uint)
OCLHLS_SHUFFLES(long, ulong)
OCLHLS_SHUFFLES(ulong, ulong)
OCLHLS_SHUFFLES(float, uint)
