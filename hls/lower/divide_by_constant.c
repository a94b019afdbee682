// SPDX-License-Identifier: MIT
/*
 * Division and remainder by a constant become a multiplication by a scaled reciprocal, as
 * compilers do for CPUs: a multiplier instead of a W + 2 stage divider (Granlund and
 * Montgomery, "Division by Invariant Integers using Multiplication", PLDI 1994, thm. 4.2:
 * with 2^(l-1) < d <= 2^l and m = ceil(2^(W+l) / d), floor(x / d) = floor(m x / 2^(W+l))
 * for every 0 <= x < 2^W). Signed division divides magnitudes and fixes the sign;
 * remainders are x - q d. Up to 32-bit operands: the product then fits in 2W + 2 bits.
 */
#include "lower_shared.h"

static int op2(struct lower *l, enum hir_opcode op, unsigned w, int a, int b)
{
    int ops[2] = {a, b};
    return hir_emit(l->k, op, w, 2, ops);
}

static int op1(struct lower *l, enum hir_opcode op, unsigned w, int a)
{
    return hir_emit(l->k, op, w, 1, &a);
}

/* floor(x / d) for unsigned W-bit x and constant 1 <= d < 2^W. */
static int unsigned_quotient(struct lower *l, unsigned w, int x, uint64_t d)
{
    unsigned lg = 0, wide = 2 * w + 2;
    while (lg < w && (UINT64_C(1) << lg) < d)
        lg++;
    unsigned __int128 p = (unsigned __int128)1 << (w + lg);
    uint64_t m = (uint64_t)((p + d - 1) / d); /* at most 2^(W+1): fits */
    int prod = op2(l, HIR_MUL, wide, op1(l, HIR_ZEXT, wide, x), hir_const(l->k, wide, m));
    int shifted = op2(l, HIR_LSHR, wide, prod, hir_const(l->k, wide, w + lg));
    return op1(l, HIR_TRUNC, w, shifted);
}

static int select3(struct lower *l, unsigned w, int c, int a, int b)
{
    int ops[3] = {c, a, b};
    return hir_emit(l->k, HIR_SELECT, w, 3, ops);
}

/* trunc(x / d) for signed W-bit x and constant d != 0 (MIN / -1 wraps to MIN). */
static int signed_quotient(struct lower *l, unsigned w, int x, uint64_t d)
{
    uint64_t mask = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    int d_neg = (d >> (w - 1)) & 1;
    uint64_t ad = d_neg ? (0 - d) & mask : d;
    int zero = hir_const(l->k, w, 0);
    int x_neg = op2(l, HIR_SLT, 1, x, zero);
    int ax = select3(l, w, x_neg, op2(l, HIR_SUB, w, zero, x), x); /* |MIN| = 2^(W-1): fine */
    int uq = unsigned_quotient(l, w, ax, ad);
    int neg = d_neg ? hir_not1(l->k, x_neg) : x_neg;
    return select3(l, w, neg, op2(l, HIR_SUB, w, zero, uq), uq);
}

int lower_divide_by_constant(struct lower *l, enum hir_opcode op, unsigned w, int x, int d)
{
    const struct hir_op *dc = &l->k->ops[d];
    if (dc->opcode != HIR_CONST || w > 32 || dc->imm == 0)
        return HIR_NONE; /* the divider handles it (and division by zero) */
    uint64_t dv = dc->imm;
    int sgn = op == HIR_SDIV || op == HIR_SREM;
    int q = sgn ? signed_quotient(l, w, x, dv) : unsigned_quotient(l, w, x, dv);
    if (op == HIR_UDIV || op == HIR_SDIV || q == HIR_NONE)
        return q;
    return op2(l, HIR_SUB, w, x, op2(l, HIR_MUL, w, q, d)); /* remainder: x - q d */
}
