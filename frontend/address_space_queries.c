// SPDX-License-Identifier: MIT
/*
 * The address space qualifier functions of OpenCL C 2.0 and later (section 6.13.9):
 * to_global, to_local and to_private (clang calls __to_global, __to_local, __to_private)
 * and get_fence, answered after inlining from where each generic pointer came from.
 *
 * A generic pointer is built from casts of named pointers through getelementptrs, selects
 * and phis (address_spaces.c follows the same shapes). Its space is then a value too: a
 * constant for a cast, a select or phi of the spaces of the choices. So each query becomes
 * logic on that value: `to_local(p) == NULL` a comparison of it, `to_local(p)` the named
 * pointer of each choice of that space and NULL for the others, `get_fence(p)` the fence of
 * the space. A pointer from elsewhere (loaded from memory) is left alone, and the call is
 * reported at its line by HLS.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

#define GENERIC_AS 4u
#define FENCE_LOCAL 1u  /* CLK_LOCAL_MEM_FENCE */
#define FENCE_GLOBAL 2u /* CLK_GLOBAL_MEM_FENCE */

struct memo {
    LLVMValueRef key; /* a generic pointer */
    int what;         /* 0: its space (i32); else the named space of its pointer */
    LLVMValueRef val;
};

struct queries {
    LLVMBuilderRef b;
    LLVMContextRef ctx;
    struct memo *m;
    unsigned n, cap;
    int failed;
};

/* An instruction's or a constant expression's opcode (`(int *)&local_array[0]` is one). */
static LLVMOpcode opcode(LLVMValueRef v)
{
    if (LLVMIsAInstruction(v))
        return LLVMGetInstructionOpcode(v);
    return LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : (LLVMOpcode)0;
}

static unsigned space_of_type(LLVMValueRef v)
{
    return LLVMGetPointerAddressSpace(LLVMTypeOf(v));
}

static LLVMValueRef *memo_find(struct queries *q, LLVMValueRef key, int what)
{
    for (unsigned i = 0; i < q->n; i++)
        if (q->m[i].key == key && q->m[i].what == what)
            return &q->m[i].val;
    return NULL;
}

static void memo_put(struct queries *q, LLVMValueRef key, int what, LLVMValueRef val)
{
    if (q->n == q->cap) {
        unsigned cap = q->cap ? 2 * q->cap : 16;
        struct memo *m = realloc(q->m, cap * sizeof(*m));
        if (!m) {
            q->failed = 1;
            return;
        }
        q->m = m;
        q->cap = cap;
    }
    q->m[q->n++] = (struct memo){key, what, val};
}

/* Where new values for v go: before v, or for a phi after the phis of its block. */
static void position_at(struct queries *q, LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return; /* a constant: what is built from constants folds, nothing is inserted */
    if (opcode(v) != LLVMPHI) {
        LLVMPositionBuilderBefore(q->b, v);
        return;
    }
    LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(v));
    while (opcode(i) == LLVMPHI)
        i = LLVMGetNextInstruction(i);
    LLVMPositionBuilderBefore(q->b, i);
}

static LLVMValueRef select_of(struct queries *q, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b)
{
    return a == b ? a : LLVMBuildSelect(q->b, c, a, b, "");
}

/*
 * What query `what` needs of generic pointer v: what 0, its named space as an i32; what S
 * (1, 2, 3 or 0x100 for private), the pointer in space S when v points there and a null
 * pointer of space S when it does not. NULL when v is not built from named pointers.
 */
static LLVMValueRef answer(struct queries *q, LLVMValueRef v, int what);

static LLVMValueRef answer_phi(struct queries *q, LLVMValueRef v, int what, LLVMTypeRef t)
{
    LLVMPositionBuilderBefore(q->b, v);
    LLVMValueRef phi = LLVMBuildPhi(q->b, t, "");
    memo_put(q, v, what, phi); /* a cycle through the phi closes on it */
    for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
        LLVMValueRef x = answer(q, LLVMGetIncomingValue(v, i), what);
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(v, i);
        if (!x)
            return NULL;
        LLVMAddIncoming(phi, &x, &bb, 1);
    }
    return phi;
}

static LLVMValueRef answer(struct queries *q, LLVMValueRef v, int what)
{
    LLVMValueRef *known = memo_find(q, v, what);
    if (known)
        return *known;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(q->ctx);
    unsigned named = what == 0x100 ? 0u : (unsigned)what;
    LLVMTypeRef t = what ? LLVMPointerTypeInContext(q->ctx, named) : i32;
    LLVMValueRef r = NULL;
    if (LLVMIsNull(v)) /* NULL is in no space: every to_* gives NULL */
        return what ? LLVMConstNull(t) : LLVMConstInt(i32, 1, 0);
    switch (opcode(v)) {
    case LLVMAddrSpaceCast: {
        LLVMValueRef from = LLVMGetOperand(v, 0);
        unsigned s = space_of_type(from);
        if (s == GENERIC_AS)
            return answer(q, from, what);
        r = !what ? LLVMConstInt(i32, s, 0) : s == named ? from : LLVMConstNull(t);
        break;
    }
    case LLVMGetElementPtr: {
        LLVMValueRef base = answer(q, LLVMGetOperand(v, 0), what);
        if (!base)
            return NULL;
        if (!what || LLVMIsNull(base)) {
            r = base; /* the same space; or not space S on any choice */
            break;
        }
        /* Off the null of another space's choice the offset must not make it non-null. */
        LLVMValueRef sp = answer(q, LLVMGetOperand(v, 0), 0);
        if (!sp)
            return NULL;
        unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
        LLVMValueRef *idx = malloc((n ? n : 1) * sizeof(*idx));
        if (!idx) {
            q->failed = 1;
            return NULL;
        }
        for (unsigned k = 0; k < n; k++)
            idx[k] = LLVMGetOperand(v, k + 1);
        position_at(q, v);
        LLVMValueRef g = LLVMBuildGEP2(q->b, LLVMGetGEPSourceElementType(v), base, idx, n, "");
        free(idx);
        LLVMValueRef here = LLVMBuildICmp(q->b, LLVMIntEQ, sp, LLVMConstInt(i32, named, 0), "");
        r = select_of(q, here, g, LLVMConstNull(t));
        break;
    }
    case LLVMSelect: {
        LLVMValueRef a = answer(q, LLVMGetOperand(v, 1), what);
        LLVMValueRef b = a ? answer(q, LLVMGetOperand(v, 2), what) : NULL;
        if (!b)
            return NULL;
        position_at(q, v);
        r = select_of(q, LLVMGetOperand(v, 0), a, b);
        break;
    }
    case LLVMPHI:
        return answer_phi(q, v, what, t);
    default:
        return NULL; /* a generic pointer from memory or an argument: not followed */
    }
    memo_put(q, v, what, r);
    return r;
}

/* The query a call makes: 1/3/0x100 for to_global/to_local/to_private, 0 for get_fence. */
static int query_of(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (!fn || !LLVMIsAFunction(fn))
        return -1;
    const char *name = LLVMGetValueName(fn);
    if (!strcmp(name, "__to_global"))
        return 1;
    if (!strcmp(name, "__to_local"))
        return 3;
    if (!strcmp(name, "__to_private"))
        return 0x100;
    if (!strncmp(name, "_Z9get_fence", 12))
        return 0;
    return -1;
}

/* get_fence: CLK_GLOBAL_MEM_FENCE for __global and __constant, CLK_LOCAL_MEM_FENCE for
   __local, none for private memory (no other work-item sees it). */
static LLVMValueRef fence_of(struct queries *q, LLVMValueRef space, LLVMTypeRef result)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(q->ctx);
    LLVMValueRef local = LLVMBuildICmp(q->b, LLVMIntEQ, space, LLVMConstInt(i32, 3, 0), "");
    LLVMValueRef priv = LLVMBuildICmp(q->b, LLVMIntEQ, space, LLVMConstInt(i32, 0, 0), "");
    LLVMValueRef f = select_of(q, local, LLVMConstInt(result, FENCE_LOCAL, 0),
                               LLVMConstInt(result, FENCE_GLOBAL, 0));
    return select_of(q, priv, LLVMConstInt(result, 0, 0), f);
}

/*
 * `to_local(p) == NULL` (or != NULL) as a comparison of p's space: the pointer itself may be
 * 0 in its memory (the first word of a __local array) and must not count as NULL.
 */
static int answer_null_tests(struct queries *q, LLVMValueRef call, LLVMValueRef p, int what)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(q->ctx);
    unsigned named = what == 0x100 ? 0u : (unsigned)what;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u;) {
        LLVMValueRef user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        if (opcode(user) != LLVMICmp || !LLVMIsAInstruction(user))
            continue;
        LLVMValueRef other =
            LLVMGetOperand(user, 0) == call ? LLVMGetOperand(user, 1) : LLVMGetOperand(user, 0);
        LLVMIntPredicate pred = LLVMGetICmpPredicate(user);
        if (!LLVMIsNull(other) || (pred != LLVMIntEQ && pred != LLVMIntNE))
            continue;
        LLVMValueRef space = answer(q, p, 0);
        if (!space)
            return -1;
        LLVMPositionBuilderBefore(q->b, user);
        LLVMValueRef is = LLVMBuildICmp(q->b, pred == LLVMIntEQ ? LLVMIntNE : LLVMIntEQ, space,
                                        LLVMConstInt(i32, named, 0), "");
        LLVMReplaceAllUsesWith(user, is);
        LLVMInstructionEraseFromParent(user);
    }
    return 0;
}

/* Replaces one query call; 1 when done, 0 when its pointer is not followed. */
static int answer_call(struct queries *q, LLVMValueRef call, int what)
{
    LLVMValueRef p = LLVMGetOperand(call, 0);
    if (space_of_type(p) != GENERIC_AS)
        return 0;
    LLVMValueRef r = answer(q, p, what);
    if (!r || (what && answer_null_tests(q, call, p, what)))
        return 0;
    if (!what) {
        LLVMPositionBuilderBefore(q->b, call);
        r = fence_of(q, r, LLVMTypeOf(call));
    } else if (LLVMTypeOf(r) != LLVMTypeOf(call)) {
        LLVMPositionBuilderBefore(q->b, call);
        r = LLVMBuildAddrSpaceCast(q->b, r, LLVMTypeOf(call), "");
    }
    LLVMReplaceAllUsesWith(call, r);
    LLVMInstructionEraseFromParent(call);
    return 1;
}

/* The query calls of fn are collected first: answering one erases the comparisons after it. */
static void answer_function(struct queries *q, LLVMValueRef fn)
{
    LLVMValueRef *calls = NULL;
    unsigned n = 0, cap = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (opcode(i) != LLVMCall || query_of(i) < 0)
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 8;
                LLVMValueRef *c = realloc(calls, cap * sizeof(*c));
                if (!c) {
                    q->failed = 1;
                    free(calls);
                    return;
                }
                calls = c;
            }
            calls[n++] = i;
        }
    q->n = 0;
    for (unsigned k = 0; k < n && !q->failed; k++)
        answer_call(q, calls[k], query_of(calls[k]));
    free(calls);
}

int fe_address_space_queries(LLVMModuleRef mod)
{
    struct queries q = {.b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod)),
                        .ctx = LLVMGetModuleContext(mod)};
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !q.failed; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            answer_function(&q, fn);
    LLVMDisposeBuilder(q.b);
    free(q.m);
    return q.failed ? -1 : 0;
}
