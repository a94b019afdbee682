// SPDX-License-Identifier: MIT
/*
 * Generic pointers resolved after inlining. In OpenCL C 2.0 and later an unqualified pointer
 * in a helper function is generic (address space 4): `void add(int *p, int v) { *p += v; }`
 * called with `&a[i]` of a __global buffer, or `while (n--) s += *p++;` over a private array.
 * Once the helper is inlined, its accesses go through `addrspacecast ptr addrspace(1) %q to
 * ptr addrspace(4)`, getelementptrs, phis and selects of it, which HLS cannot follow.
 *
 * As LLVM's InferAddressSpaces does on targets that name a flat address space: each generic
 * pointer built only from casts of one named space (through getelementptrs, phis and
 * selects) gets a twin in that space, and the loads, stores and atomics through it use the
 * twin. A generic pointer that may come from two spaces (or from anywhere else) is left as it
 * is, and HLS reports the access at its line.
 */
#include "fe_internal.h"

#include <stdlib.h>

#define GENERIC_AS 4u
#define UNKNOWN (-1) /* no named space seen yet */
#define MIXED (-2)   /* two spaces, or a source we cannot see through */

struct ptr_info {
    LLVMValueRef v;
    int space; /* UNKNOWN, MIXED, or the named address space */
    LLVMValueRef twin;
};

struct infer {
    struct ptr_info *p;
    unsigned n, cap;
    LLVMBuilderRef b;
    int failed;
};

static int is_generic(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind &&
           LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == GENERIC_AS;
}

static struct ptr_info *find(struct infer *in, LLVMValueRef v)
{
    for (unsigned i = 0; i < in->n; i++)
        if (in->p[i].v == v)
            return &in->p[i];
    return NULL;
}

/* Generic pointers the inference follows: casts from a named space, and getelementptrs,
   phis and selects of generic pointers. */
static int followed(LLVMValueRef v)
{
    if (!is_generic(v) || !LLVMIsAInstruction(v))
        return 0;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAddrSpaceCast:
        return !is_generic(LLVMGetOperand(v, 0));
    case LLVMGetElementPtr:
    case LLVMPHI:
    case LLVMSelect:
        return 1;
    default:
        return 0;
    }
}

static void add(struct infer *in, LLVMValueRef v)
{
    if (in->n == in->cap) {
        unsigned cap = in->cap ? 2 * in->cap : 32;
        struct ptr_info *p = realloc(in->p, cap * sizeof(*p));
        if (!p) {
            in->failed = 1;
            return;
        }
        in->p = p;
        in->cap = cap;
    }
    in->p[in->n++] = (struct ptr_info){v, UNKNOWN, NULL};
}

static int meet(int a, int b)
{
    return a == UNKNOWN ? b : b == UNKNOWN || a == b ? a : MIXED;
}

/* The space value v comes from, as far as known now. */
static int space_of(struct infer *in, LLVMValueRef v)
{
    struct ptr_info *p = find(in, v);
    return p ? p->space : MIXED;
}

static int transfer(struct infer *in, LLVMValueRef v)
{
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAddrSpaceCast:
        return (int)LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(v, 0)));
    case LLVMGetElementPtr:
        return space_of(in, LLVMGetOperand(v, 0));
    case LLVMSelect:
        return meet(space_of(in, LLVMGetOperand(v, 1)), space_of(in, LLVMGetOperand(v, 2)));
    default: { /* phi */
        int s = UNKNOWN;
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
            s = meet(s, space_of(in, LLVMGetIncomingValue(v, i)));
        return s;
    }
    }
}

/* The twin of v in its named space, built on first need (phis first, so cycles close). */
static LLVMValueRef twin_of(struct infer *in, LLVMValueRef v)
{
    struct ptr_info *p = find(in, v);
    if (!p || p->space < 0)
        return NULL;
    if (p->twin)
        return p->twin;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    LLVMTypeRef named = LLVMPointerTypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)),
                                                 (unsigned)p->space);
    if (op == LLVMAddrSpaceCast)
        return p->twin = LLVMGetOperand(v, 0);
    LLVMPositionBuilderBefore(in->b, v);
    if (op == LLVMPHI) {
        LLVMValueRef phi = LLVMBuildPhi(in->b, named, "");
        p->twin = phi;
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMValueRef x = twin_of(in, LLVMGetIncomingValue(v, i));
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(v, i);
            if (!x) { /* cannot be: every input of a phi with a space has a twin */
                in->failed = 1;
                return NULL;
            }
            LLVMAddIncoming(phi, &x, &bb, 1);
        }
        return phi;
    }
    if (op == LLVMSelect) {
        LLVMValueRef a = twin_of(in, LLVMGetOperand(v, 1)), b = twin_of(in, LLVMGetOperand(v, 2));
        if (!a || !b)
            return NULL;
        LLVMPositionBuilderBefore(in->b, v);
        return p->twin = LLVMBuildSelect(in->b, LLVMGetOperand(v, 0), a, b, "");
    }
    /* getelementptr */
    LLVMValueRef base = twin_of(in, LLVMGetOperand(v, 0));
    unsigned nidx = (unsigned)LLVMGetNumOperands(v) - 1;
    LLVMValueRef *idx = malloc((nidx ? nidx : 1) * sizeof(*idx));
    if (!base || !idx) {
        free(idx);
        return NULL;
    }
    for (unsigned k = 0; k < nidx; k++)
        idx[k] = LLVMGetOperand(v, k + 1);
    LLVMPositionBuilderBefore(in->b, v);
    p->twin = LLVMBuildGEP2(in->b, LLVMGetGEPSourceElementType(v), base, idx, nidx, "");
    LLVMSetIsInBounds(p->twin, LLVMIsInBounds(v));
    free(idx);
    return p->twin;
}

/* The operand that is an access's address: loads and atomics 0, stores 1; -1 for others. */
static int address_operand(LLVMValueRef inst)
{
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMLoad:
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
        return 0;
    case LLVMStore:
        return 1;
    default:
        return -1;
    }
}

static int infer_function(struct infer *in, LLVMValueRef fn)
{
    in->n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (followed(i))
                add(in, i);
    /* To the fixed point (spaces only fall); then what no cast reaches counts as MIXED, and
       what depends on it falls too, so every twin's inputs have twins. */
    for (int round = 0; round < 2 && !in->failed; round++) {
        for (int changed = 1; changed;) {
            changed = 0;
            for (unsigned k = 0; k < in->n; k++) {
                int s = transfer(in, in->p[k].v);
                if (round && s == UNKNOWN)
                    s = MIXED;
                if (s != in->p[k].space) {
                    in->p[k].space = s;
                    changed = 1;
                }
            }
        }
        for (unsigned k = 0; k < in->n; k++)
            if (in->p[k].space == UNKNOWN)
                in->p[k].space = MIXED;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !in->failed;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            int a = address_operand(i);
            if (a < 0 || !is_generic(LLVMGetOperand(i, (unsigned)a)) ||
                (a == 1 && LLVMGetOperand(i, 0) == LLVMGetOperand(i, 1)))
                continue;
            LLVMValueRef t = twin_of(in, LLVMGetOperand(i, (unsigned)a));
            if (t)
                LLVMSetOperand(i, (unsigned)a, t);
        }
    return in->failed ? -1 : 0;
}

int fe_infer_address_spaces(LLVMModuleRef mod)
{
    struct infer in = {.b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod))};
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            ret = infer_function(&in, fn);
    LLVMDisposeBuilder(in.b);
    free(in.p);
    return ret;
}
