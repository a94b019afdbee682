// SPDX-License-Identifier: MIT
/*
 * If-conversion of an acyclic CFG: every block gets a predicate (control reaches it), every
 * edge a predicate (control flows along it), and phis become select chains over the edges.
 * Blocks are visited in reverse post-order, so a block's predecessors are done before it.
 */
#include <stdlib.h>

#include "lower_shared.h"

/* A back edge: `to` is the header of a loop being lowered. Its predicate continues the loop. */
static int back_edge(struct lower *l, int to, int pred)
{
    for (int i = l->nopen; i-- > 0;) {
        if (l->open[i].header != to)
            continue;
        struct hir_loop *lp = &l->k->loops[l->open[i].loop];
        lp->cont = lp->cont == HIR_NONE ? pred : hir_or1(l->k, lp->cont, pred);
        return 1;
    }
    return 0;
}

static int add_edge(struct lower *l, int from, int to, int pred)
{
    if (back_edge(l, to, pred))
        return 0;
    if (l->nedges == l->cap_edges) {
        int cap = l->cap_edges ? l->cap_edges * 2 : 32;
        struct lower_edge *grown = realloc(l->edges, (size_t)cap * sizeof(*grown));
        if (!grown)
            return lower_error(l, 0, "out of memory");
        l->edges = grown;
        l->cap_edges = cap;
    }
    l->edges[l->nedges++] = (struct lower_edge){from, to, pred};
    /* The target's predicate is the OR of its incoming edges. */
    int cur = l->block_pred[to];
    l->block_pred[to] = cur == HIR_NONE ? pred : hir_or1(l->k, cur, pred);
    return 0;
}

int ifc_block_pred(struct lower *l, int block)
{
    if (block == 0)
        return hir_const(l->k, 1, 1);
    int p = l->block_pred[block];
    return p == HIR_NONE ? hir_const(l->k, 1, 0) : p;
}

int lower_block_of(struct lower *l, LLVMBasicBlockRef bb)
{
    return valmap_get(&l->block_index, bb, -1);
}
#define block_of lower_block_of

/*
 * Every work-item reaches block (outside loops): it post-dominates the entry, i.e. no path
 * from the entry to a return avoids it. Its predicate is then true, whatever the branches
 * before it; without this, a block after a loop would be predicated on the loop's exit
 * condition and keep a loop value alive past the loop.
 */
int ifc_reached_by_all(struct lower *l, int block)
{
    char *seen = calloc((size_t)l->nblocks, 1);
    int *stack = malloc((size_t)l->nblocks * sizeof(*stack)), n = 0, avoidable = 0;
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return 0; /* keep the OR of the edges: correct, only larger */
    }
    seen[block] = 1;
    if (block != 0) {
        seen[0] = 1;
        stack[n++] = 0;
    }
    while (n && !avoidable) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(l->blocks[stack[--n]]);
        unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
        avoidable = nsucc == 0; /* a return (or unreachable) reached around the block */
        for (unsigned i = 0; i < nsucc; i++) {
            int b = block_of(l, LLVMGetSuccessor(term, i));
            if (b >= 0 && !seen[b]) {
                seen[b] = 1;
                stack[n++] = b;
            }
        }
    }
    free(seen);
    free(stack);
    return block != 0 && !avoidable;
}

static int switch_edges(struct lower *l, int block, LLVMValueRef sw, int bpred, unsigned line)
{
    /* Operands: condition, default dest, then (case value, dest) pairs. */
    int cond = lower_operand(l, LLVMGetOperand(sw, 0), line);
    if (cond == HIR_NONE)
        return -1;
    unsigned nops = (unsigned)LLVMGetNumOperands(sw);
    int none_taken = hir_const(l->k, 1, 1);
    for (unsigned i = 2; i + 1 < nops; i += 2) {
        int cv = lower_operand(l, LLVMGetOperand(sw, i), line);
        if (cv == HIR_NONE)
            return -1;
        int ops[2] = {cond, cv};
        int eq = hir_emit(l->k, HIR_EQ, 1, 2, ops);
        int to = block_of(l, LLVMValueAsBasicBlock(LLVMGetOperand(sw, i + 1)));
        none_taken = hir_and1(l->k, none_taken, hir_not1(l->k, eq));
        if (to >= 0 && add_edge(l, block, to, hir_and1(l->k, bpred, eq)))
            return -1;
    }
    int def = block_of(l, LLVMValueAsBasicBlock(LLVMGetOperand(sw, 1)));
    if (def >= 0 && add_edge(l, block, def, hir_and1(l->k, bpred, none_taken)))
        return -1;
    return 0;
}

int ifc_add_out_edges(struct lower *l, int block, LLVMValueRef term)
{
    unsigned line = fe_inst_line(term, NULL);
    int bpred = ifc_block_pred(l, block);
    LLVMOpcode opc = LLVMGetInstructionOpcode(term);

    if (opc == LLVMRet || opc == LLVMUnreachable)
        return 0;
    if (opc == LLVMSwitch)
        return switch_edges(l, block, term, bpred, line);
    if (opc != LLVMBr)
        return lower_error(l, line, "unsupported control flow (opcode %d)", (int)opc);
    if (!LLVMIsConditional(term)) {
        int to = block_of(l, LLVMGetSuccessor(term, 0));
        return to >= 0 ? add_edge(l, block, to, bpred) : 0;
    }
    int cond = lower_operand(l, LLVMGetCondition(term), line);
    if (cond == HIR_NONE)
        return -1;
    int t = block_of(l, LLVMGetSuccessor(term, 0));
    int f = block_of(l, LLVMGetSuccessor(term, 1));
    if (t == f)
        return add_edge(l, block, t, bpred);
    if (add_edge(l, block, t, hir_and1(l->k, bpred, cond)))
        return -1;
    return add_edge(l, block, f, hir_and1(l->k, bpred, hir_not1(l->k, cond)));
}

int ifc_edge_pred(struct lower *l, int from, int to)
{
    int p = HIR_NONE;
    for (int i = 0; i < l->nedges; i++)
        if (l->edges[i].from == from && l->edges[i].to == to)
            p = p == HIR_NONE ? l->edges[i].pred : hir_or1(l->k, p, l->edges[i].pred);
    return p;
}

int ifc_phi_select(struct lower *l, LLVMValueRef phi, int block, int entry_only, unsigned line)
{
    unsigned width = lower_type_width(l, LLVMTypeOf(phi), line);
    if (!width)
        return HIR_NONE;
    unsigned n = LLVMCountIncoming(phi);
    int result = HIR_NONE;
    int base = -2; /* pointer provenance: the common base argument, if any */

    /* Select chain, last incoming value innermost: at most one edge is active. */
    for (unsigned i = n; i-- > 0;) {
        int from = block_of(l, LLVMGetIncomingBlock(phi, i));
        if (from < 0 || (entry_only && from >= block))
            continue; /* unreachable predecessor, or the back edge */
        int v = lower_operand(l, LLVMGetIncomingValue(phi, i), line);
        if (v == HIR_NONE)
            return HIR_NONE;
        int b = lower_base_arg(l, v);
        base = base == -2 ? b : (base == b ? base : HIR_NONE);
        if (result == HIR_NONE) {
            result = v;
            continue;
        }
        int e = ifc_edge_pred(l, from, block);
        if (e == HIR_NONE)
            continue;
        int ops[3] = {e, v, result};
        result = hir_emit(l->k, HIR_SELECT, width, 3, ops);
        if (result == HIR_NONE) {
            lower_error(l, line, "out of memory");
            return HIR_NONE;
        }
        l->k->ops[result].line = line;
    }
    if (result == HIR_NONE)
        result = hir_const(l->k, width, 0);
    if (base != -2 && base != HIR_NONE && lower_set_base_arg(l, result, base))
        return HIR_NONE;
    return result;
}

int ifc_lower_phi(struct lower *l, LLVMValueRef phi, unsigned line)
{
    if (valmap_get(&l->values, phi, HIR_NONE) != HIR_NONE)
        return 0; /* a loop header's phi: lowered by lower_loop_begin */
    int result = ifc_phi_select(l, phi, l->cur_block, -1, line);
    if (result == HIR_NONE)
        return -1;
    return valmap_put(&l->values, phi, result) ? lower_error(l, line, "out of memory") : 0;
}
