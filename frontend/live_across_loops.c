/* SPDX-License-Identifier: MIT */
/*
 * Fewer values carried through loops. In the hardware a value defined before a loop and used
 * in it or after it travels with the work-item's token through every stage of the loop and
 * through the back edge's FIFO: each such 32-bit value costs about 32 flip-flops per loop
 * stage and a block RAM's width in the FIFO. Two rewrites shrink that set:
 *
 * 1. Address arithmetic after a loop that needs only values from before it moves before the
 *    loop. matmul's `c[row * n + col]` after its k loop read row * n and col; computed
 *    before the loop, one pointer crosses it instead of two integers. An instruction moves
 *    up to the latest block that defines one of its operands when that block lies before a
 *    loop that the instruction's block follows, and when the bits crossing the loop do not
 *    grow: the operands that die there count against the result. Moves that only break even
 *    are made, since they let the next instruction of a chain gain.
 *
 * 2. A load address `base + counter` (a GEP) in a loop that writes no memory becomes a
 *    pointer that steps with the counter, when that frees both base and counter: matmul's
 *    `b[k * n + col]` after strength_reduce.c is (b + col) + (k*n), and both would otherwise
 *    cross the loop. The pointer starts at base and adds the counter's step per iteration.
 *    Loops with stores are left alone: memory_deps.c proves iterations independent from
 *    `base + scale * counter` addresses.
 *
 * Only pure, non-trapping instructions move (no division, loads or calls). It runs after
 * LLVM's passes: InstCombine would sink the moved instructions back to their users.
 */
#include <stdlib.h>

#include "fe_internal.h"
#include "cfg.h"

/* Bits a value takes in the datapath (pointers: the spir target's 32). */
static unsigned value_bits(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 32;
}

static int is_pure(LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return 0;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMICmp: case LLVMSelect: case LLVMZExt:
    case LLVMSExt: case LLVMTrunc: case LLVMGetElementPtr: case LLVMPtrToInt:
    case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMFreeze:
        return 1;
    default:
        return 0;
    }
}

/* The same for every work-item (constants and arguments, and pure functions of them): the
   hardware keeps such values out of the pipeline registers. */
static int is_uniform(LLVMValueRef v, int depth)
{
    if (LLVMIsAConstant(v) || LLVMIsAArgument(v))
        return 1;
    if (depth == 0 || !is_pure(v))
        return 0;
    for (int i = 0, n = LLVMGetNumOperands(v); i < n; i++)
        if (!is_uniform(LLVMGetOperand(v, i), depth - 1))
            return 0;
    return 1;
}

static unsigned carried_bits(LLVMValueRef v)
{
    return LLVMIsAInstruction(v) && !is_uniform(v, 6) ? value_bits(v) : 0;
}

static int block_of(const struct fe_cfg *g, LLVMValueRef v)
{
    return LLVMIsAInstruction(v) ? fe_cfg_index(g, LLVMGetInstructionParent(v)) : 0;
}

/* Blocks from the loops that block t dominates onwards (where a value of t is carried). */
static int after_loops_of(const struct fe_cfg *g, int t, char *after)
{
    int *work = malloc((size_t)g->n * sizeof(*work)), top = 0;
    if (!work)
        return -1;
    for (int b = 0; b < g->n; b++) {
        after[b] = g->loop_header[b] && b != t && fe_cfg_dominates(g, t, b);
        if (after[b])
            work[top++] = b;
    }
    while (top) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->blocks[work[--top]]);
        for (unsigned i = 0, n = term ? LLVMGetNumSuccessors(term) : 0; i < n; i++) {
            int s = fe_cfg_index(g, LLVMGetSuccessor(term, i));
            if (s >= 0 && !after[s]) {
                after[s] = 1;
                work[top++] = s;
            }
        }
    }
    free(work);
    return 0;
}

/* v's only uses past the loops are by `except` (after: after_loops_of). */
static int dies_at_loops(const struct fe_cfg *g, LLVMValueRef v, LLVMValueRef except,
                         const char *after)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        int b = block_of(g, user);
        if (user != except && b >= 0 && after[b])
            return 0;
    }
    return 1;
}

/* 1: inst moved before the loops that separate it from its operands' latest block. */
static int hoist(const struct fe_cfg *g, LLVMValueRef inst, int here, char *after)
{
    int t = 0, n = LLVMGetNumOperands(inst);
    for (int i = 0; i < n; i++) {
        int d = block_of(g, LLVMGetOperand(inst, i));
        if (d < 0)
            return 0;
        if (fe_cfg_dominates(g, t, d))
            t = d;
    }
    if (t == here || g->in_loop[t] || after_loops_of(g, t, after) || !after[here])
        return 0;
    long gain = -(long)carried_bits(inst);
    for (int i = 0; i < n; i++) {
        LLVMValueRef o = LLVMGetOperand(inst, i);
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= LLVMGetOperand(inst, j) == o;
        if (!seen && dies_at_loops(g, o, inst, after))
            gain += carried_bits(o);
    }
    if (gain < 0)
        return 0;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(inst)));
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(g->blocks[t]));
    LLVMInstructionRemoveFromParent(inst);
    LLVMInsertIntoBuilder(b, inst);
    LLVMDisposeBuilder(b);
    return 1;
}

static int hoist_past_loops(const struct fe_cfg *g)
{
    char *after = malloc((size_t)(g->n ? g->n : 1));
    if (!after)
        return -1;
    for (int x = 0; x < g->n; x++) {
        if (g->in_loop[x])
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->blocks[x]), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            if (is_pure(i))
                hoist(g, i, x, after);
        }
    }
    free(after);
    return 0;
}

/* The preheader of loop lp: its header's one predecessor outside it, or -1. */
static int preheader(const struct fe_cfg *g, const struct fe_loop *lp)
{
    int found = -1;
    for (int p = 0; p < g->n; p++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->blocks[p]);
        for (unsigned i = 0, n = term ? LLVMGetNumSuccessors(term) : 0; i < n; i++)
            if (LLVMGetSuccessor(term, i) == g->blocks[lp->header] && !lp->body[p]) {
                if (found >= 0 && found != p)
                    return -1;
                found = p;
            }
    }
    return found;
}

static int writes_memory(const struct fe_cfg *g, const struct fe_loop *lp)
{
    for (int b = 0; b < g->n; b++) {
        if (!lp->body[b])
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->blocks[b]); i;
             i = LLVMGetNextInstruction(i))
            switch (LLVMGetInstructionOpcode(i)) {
            case LLVMStore: case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMCall:
            case LLVMFence:
                return 1;
            default:
                break;
            }
    }
    return 0;
}

/* A counter of loop lp: `phi [0, pre], [phi + step, latch]` with a uniform step. */
struct counter {
    LLVMValueRef phi, inc, step;
};

static int read_counter(const struct fe_cfg *g, const struct fe_loop *lp, int pre,
                        LLVMValueRef phi, struct counter *c)
{
    if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2)
        return 0;
    c->phi = phi;
    c->inc = NULL;
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        int from = fe_cfg_index(g, LLVMGetIncomingBlock(phi, i));
        if (from == pre && !(LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0))
            return 0;
        if (from == lp->latch && LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMAdd) {
            LLVMValueRef a = LLVMGetOperand(v, 0), s = LLVMGetOperand(v, 1);
            if (s == phi) {
                s = a;
                a = phi;
            }
            if (a == phi && (LLVMIsAConstantInt(s) || LLVMIsAArgument(s))) {
                c->inc = v;
                c->step = s;
            }
        }
    }
    return c->inc != NULL;
}

/* `gep T, base, counter` in the loop with base from before it. */
static int is_counter_gep(const struct fe_cfg *g, const struct fe_loop *lp, LLVMValueRef v,
                          LLVMValueRef phi)
{
    if (!LLVMIsAGetElementPtrInst(v) || LLVMGetNumOperands(v) != 2 ||
        LLVMGetOperand(v, 1) != phi || !lp->body[block_of(g, v)])
        return 0;
    LLVMValueRef base = LLVMGetOperand(v, 0);
    int b = block_of(g, base);
    return LLVMIsAArgument(base) || (LLVMIsAInstruction(base) && b >= 0 && !lp->body[b]);
}

/* Values no longer carried when the counter's GEPs step pointers instead: the counter, when
   nothing else reads it or its increment, and each base only its GEP reads, less one new
   pointer per GEP. 0 or less: no gain. */
static int values_freed(const struct fe_cfg *g, const struct fe_loop *lp, const struct counter *c)
{
    int freed = 1;
    for (LLVMUseRef u = LLVMGetFirstUse(c->inc); u; u = LLVMGetNextUse(u))
        if (LLVMGetUser(u) != c->phi)
            return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(c->phi); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (user == c->inc)
            continue;
        if (!is_counter_gep(g, lp, user, c->phi))
            return 0;
        LLVMValueRef base = LLVMGetOperand(user, 0);
        freed += (carried_bits(base) && !LLVMGetNextUse(LLVMGetFirstUse(base))) - 1;
    }
    return freed;
}

/* Each GEP of the counter becomes a pointer phi stepping with it; the counter goes. */
static void step_pointers(const struct fe_cfg *g, const struct fe_loop *lp, int pre,
                          const struct counter *c)
{
    for (LLVMUseRef u = LLVMGetFirstUse(c->phi), next; u; u = next) {
        next = LLVMGetNextUse(u);
        LLVMValueRef gep = LLVMGetUser(u);
        if (gep == c->inc)
            continue;
        LLVMBuilderRef b = fe_builder_at(gep);
        LLVMTypeRef elem = LLVMGetGEPSourceElementType(gep);
        LLVMValueRef base = LLVMGetOperand(gep, 0), step = c->step;
        LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(g->blocks[lp->header]));
        LLVMValueRef ptr = LLVMBuildPhi(b, LLVMTypeOf(gep), "stepping_ptr");
        LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(g->blocks[lp->latch]));
        LLVMValueRef ptr_next = LLVMBuildGEP2(b, elem, ptr, &step, 1, "stepping_ptr_next");
        LLVMValueRef values[2] = {base, ptr_next};
        LLVMBasicBlockRef blocks[2] = {g->blocks[pre], g->blocks[lp->latch]};
        LLVMAddIncoming(ptr, values, blocks, 2);
        LLVMDisposeBuilder(b);
        LLVMReplaceAllUsesWith(gep, ptr);
        LLVMInstructionEraseFromParent(gep);
    }
    LLVMReplaceAllUsesWith(c->phi, LLVMGetUndef(LLVMTypeOf(c->phi)));
    LLVMInstructionEraseFromParent(c->phi);
    LLVMInstructionEraseFromParent(c->inc);
}

static void pointer_counters(const struct fe_cfg *g)
{
    for (int l = 0; l < g->nloops; l++) {
        const struct fe_loop *lp = &g->loops[l];
        int pre = preheader(g, lp), latches = 0;
        for (int m = 0; m < g->nloops; m++)
            latches += g->loops[m].header == lp->header;
        if (pre < 0 || latches != 1 || writes_memory(g, lp))
            continue;
        LLVMValueRef phi = LLVMGetFirstInstruction(g->blocks[lp->header]), next;
        for (; phi && LLVMIsAPHINode(phi); phi = next) {
            next = LLVMGetNextInstruction(phi);
            struct counter c;
            if (read_counter(g, lp, pre, phi, &c) && values_freed(g, lp, &c) > 0)
                step_pointers(g, lp, pre, &c);
        }
    }
}

int fe_live_across_loops(LLVMModuleRef mod)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        struct fe_cfg g;
        if (fe_cfg_build(fn, &g))
            return -1;
        pointer_counters(&g);
        int err = hoist_past_loops(&g);
        fe_cfg_free(&g);
        if (err)
            return -1;
    }
    return 0;
}
