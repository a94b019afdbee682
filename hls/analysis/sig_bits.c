// SPDX-License-Identifier: MIT
/*
 * Significant bits: for every value, how many low bits may be nonzero (the rest are known
 * zeros). Tokens carry only those bits through loop FIFOs and barriers, and widen again
 * where they arrive. A local id is below the largest work-group (64 for histogram: 6 of
 * its 32 bits), a work-group slot below the groups in flight, `slot * 1024` 12 bits; each
 * crossed every loop and barrier of the kernel at full width.
 *
 * A forward pass over the operations, repeated until nothing grows: loop phis start from
 * their entry value and take in their next value (each step only widens, so it ends); a
 * counting phi is capped by its loop's condition (phi_limit_bits).
 * Operations not listed keep their full width.
 */
#include "analysis.h"
#include "target.h"

static unsigned bits_for(uint64_t v)
{
    unsigned b = 1;
    while (b < 64 && (v >> b))
        b++;
    return b;
}

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

static unsigned max_u(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

/* A constant shift amount below the width, or -1. */
static int const_shift(const struct hir_kernel *k, const struct hir_op *op)
{
    const struct hir_op *s = &k->ops[op->ops[1]];
    return s->opcode == HIR_CONST && s->imm < op->width ? (int)s->imm : -1;
}

static unsigned wi_bits(const struct hir_kernel *k, const struct hir_op *op)
{
    switch (op->imm) {
    case HIR_WI_LOCAL_ID: /* below the local size, which is at most max_wg (runtime) */
        return k->max_wg ? bits_for(k->max_wg - 1) : op->width;
    case HIR_WI_LOCAL_SIZE:
        return k->max_wg ? bits_for(k->max_wg) : op->width;
    case HIR_WI_SLOT:
        return bits_for((uint64_t)(k->nslots > 1 ? k->nslots - 1 : 0));
    case HIR_WI_WG_SLOT:
        return bits_for((uint64_t)(k->nwg_slots > 1 ? k->nwg_slots - 1 : 0));
    default:
        return op->width;
    }
}

/* `next = phi + c` with a constant c >= 1: c, else 0. */
static uint64_t phi_step(const struct hir_kernel *k, const struct hir_op *phi, int p)
{
    if (phi->next == HIR_NONE)
        return 0;
    const struct hir_op *n = &k->ops[phi->next];
    if (n->opcode != HIR_ADD)
        return 0;
    int c = n->ops[0] == p ? n->ops[1] : n->ops[1] == p ? n->ops[0] : HIR_NONE;
    if (c == HIR_NONE || k->ops[c].opcode != HIR_CONST || k->ops[c].imm >> 31)
        return 0;
    return k->ops[c].imm;
}

/* The exclusive upper bound a term `v < C` (or `<=`, or its mirror; signed or unsigned;
   C a constant in [1, 2^30)) of the loop's condition puts on v, or 0. */
static uint64_t term_limit(const struct hir_kernel *k, const struct hir_op *t, int v)
{
    int var_first;
    uint64_t inclusive;
    switch (t->opcode) {
    case HIR_SLT: case HIR_ULT: var_first = 1; inclusive = 0; break;
    case HIR_SLE: case HIR_ULE: var_first = 1; inclusive = 1; break;
    case HIR_SGT: case HIR_UGT: var_first = 0; inclusive = 0; break;
    case HIR_SGE: case HIR_UGE: var_first = 0; inclusive = 1; break;
    default: return 0;
    }
    const struct hir_op *c = &k->ops[t->ops[var_first ? 1 : 0]];
    if (t->ops[var_first ? 0 : 1] != v || c->opcode != HIR_CONST || c->imm == 0 ||
        c->imm >= (1u << 30))
        return 0;
    return c->imm + inclusive;
}

/* The tightest limit on v among the terms of the AND tree `cond` (depth-limited), or 0. */
static uint64_t cond_limit(const struct hir_kernel *k, int cond, int v, int depth)
{
    const struct hir_op *t = &k->ops[cond];
    if (t->opcode != HIR_AND || t->width != 1)
        return term_limit(k, t, v);
    if (depth == 0)
        return 0;
    uint64_t a = cond_limit(k, t->ops[0], v, depth - 1), b = cond_limit(k, t->ops[1], v, depth - 1);
    return !a ? b : !b ? a : a < b ? a : b;
}

/*
 * A counting phi's bits from its loop's condition: the back edge is taken only while the
 * condition holds, so with next = phi + c and a term phi < L the phi stays below L + c
 * (with next < L, below L), once its entry value is below that too. Small limits and steps
 * keep every value far from the sign bit and from wrapping. 0: no such bound.
 */
static unsigned phi_limit_bits(const struct hir_kernel *k, int p)
{
    const struct hir_op *phi = &k->ops[p];
    uint64_t c = phi_step(k, phi, p);
    if (!c || c >= (1u << 30) || phi->loop == HIR_NONE || k->loops[phi->loop].cont == HIR_NONE)
        return 0;
    int cont = k->loops[phi->loop].cont;
    uint64_t on_phi = cond_limit(k, cont, p, 6), on_next = cond_limit(k, cont, phi->next, 6);
    uint64_t limit = on_next ? on_next : on_phi ? on_phi + c : 0;
    if (limit < 2 || bits_for(limit + c) + 1 >= phi->width) /* next stays positive */
        return 0;
    return bits_for(limit - 1);
}

/* The significant bits of operation i from those of its operands (0: not known yet). */
static unsigned transfer(const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    unsigned a = op->nops > 0 ? k->ops[op->ops[0]].sig_bits : 0;
    unsigned b = op->nops > 1 ? k->ops[op->ops[1]].sig_bits : 0;
    int sh;
    switch (op->opcode) {
    case HIR_CONST:
        return bits_for(op->width < 64 ? op->imm & ((1ull << op->width) - 1) : op->imm);
    case HIR_WI:
        return wi_bits(k, op);
    case HIR_ZEXT:
    case HIR_UDIV:
        return a;
    case HIR_TRUNC:
    case HIR_LSHR:
        sh = op->opcode == HIR_LSHR ? const_shift(k, op) : 0;
        if (sh < 0)
            return op->width;
        return a > (unsigned)sh ? a - (unsigned)sh : 1;
    case HIR_AND:
    case HIR_UREM:
    case HIR_UMIN:
        return min_u(a, b);
    case HIR_OR:
    case HIR_XOR:
    case HIR_UMAX:
        return max_u(a, b);
    case HIR_ADD:
        return max_u(a, b) + 1;
    case HIR_MUL:
        return a + b;
    case HIR_SHL:
        sh = const_shift(k, op);
        return sh < 0 ? op->width : a + (unsigned)sh;
    case HIR_SELECT:
        return max_u(b, k->ops[op->ops[2]].sig_bits);
    case HIR_LOOP_PHI: {
        unsigned bits = max_u(a, op->next != HIR_NONE ? k->ops[op->next].sig_bits : 0);
        unsigned limit = phi_limit_bits(k, i);
        return limit && a <= limit && bits > limit ? limit : bits;
    }
    case HIR_TOKEN:
        return op->aux == HIR_TOKEN_FIRST ? op->width : a;
    default:
        return op->width;
    }
}

void hls_sig_bits(struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++)
        k->ops[i].sig_bits = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < k->nops; i++) {
            struct hir_op *op = &k->ops[i];
            unsigned w = min_u(transfer(k, i), op->width);
            if (w > op->sig_bits) {
                op->sig_bits = w;
                changed = 1;
            }
        }
    }
}
