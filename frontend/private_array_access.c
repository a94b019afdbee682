/* SPDX-License-Identifier: MIT */
/*
 * What private_arrays.c (which arrays and uses can be rewritten) and private_array_rewrite.c
 * (the rewrite) both ask of an array's uses: which intrinsic a call is, the address record of
 * a pointer, the constant offset of a GEP chain, and which stores are plain or cover several
 * elements at once.
 */
#include "private_array_access.h"

#include <string.h>

static const char *const pa_intrinsic_names[PA_NINTRINSICS] = {
    [PA_MEMCPY] = "llvm.memcpy",
    [PA_MEMCPY_INLINE] = "llvm.memcpy.inline",
    [PA_MEMMOVE] = "llvm.memmove",
    [PA_MEMSET] = "llvm.memset",
    [PA_MEMSET_INLINE] = "llvm.memset.inline",
    [PA_LIFETIME_START] = "llvm.lifetime.start",
    [PA_LIFETIME_END] = "llvm.lifetime.end",
};

void pa_find_intrinsics(struct pa_ctx *c)
{
    for (int i = 0; i < PA_NINTRINSICS; i++)
        c->intrinsic_id[i] =
            LLVMLookupIntrinsicID(pa_intrinsic_names[i], strlen(pa_intrinsic_names[i]));
}

enum pa_intrinsic pa_intrinsic_of(const struct pa_ctx *c, LLVMValueRef call)
{
    LLVMValueRef callee = LLVMIsAFunction(LLVMGetCalledValue(call));
    unsigned id = callee ? LLVMGetIntrinsicID(callee) : 0;

    for (int i = 0; id && i < PA_NINTRINSICS; i++)
        if (c->intrinsic_id[i] == id)
            return (enum pa_intrinsic)i;
    return PA_NINTRINSICS;
}

struct pa_addr *pa_find_addr(struct pa_object *o, LLVMValueRef v)
{
    for (unsigned i = 0; i < o->naddrs; i++)
        if (o->addrs[i].v == v)
            return &o->addrs[i];
    return NULL;
}

/* *off = the byte offset of an all-constant GEP chain from the array; -1 when v is not one. */
int pa_const_offset(struct pa_ctx *c, struct pa_object *o, LLVMValueRef v, long long *off)
{
    LLVMTypeRef t;
    int n;

    if (v == o->base) {
        *off = 0;
        return 0;
    }
    if (LLVMIsAAddrSpaceCastInst(v) ||
        (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
        return pa_const_offset(c, o, LLVMGetOperand(v, 0), off);
    if (!(LLVMIsAGetElementPtrInst(v) ||
          (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)))
        return -1;
    if (pa_const_offset(c, o, LLVMGetOperand(v, 0), off))
        return -1;
    t = LLVMGetGEPSourceElementType(v);
    n = LLVMGetNumOperands(v);
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(v, (unsigned)i);
        long long k;

        if (!LLVMIsAConstantInt(idx))
            return -1;
        k = LLVMConstIntGetSExtValue(idx);
        if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            *off += (long long)LLVMOffsetOfElement(c->td, t, (unsigned)k);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)k);
            continue;
        }
        if (i > 1)
            t = LLVMGetElementType(t);
        *off += k * (long long)LLVMABISizeOfType(c->td, t);
    }
    return 0;
}

/* The bits of an integer or float, so that one reads the other's with a bitcast. */
static unsigned scalar_bits(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t);
    case LLVMHalfTypeKind:
        return 16;
    case LLVMFloatTypeKind:
        return 32;
    case LLVMDoubleTypeKind:
        return 64;
    default:
        return 0;
    }
}

int pa_same_bits(LLVMTypeRef a, LLVMTypeRef b)
{
    return scalar_bits(a) && scalar_bits(a) == scalar_bits(b);
}

int pa_plain(LLVMValueRef inst)
{
    return !LLVMGetVolatile(inst) && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic;
}

/* A constant integer covering several integer elements, as clang writes `short a[2] = {0}`. */
int pa_is_wide_store(const struct pa_object *o, LLVMValueRef st)
{
    LLVMValueRef v = LLVMGetOperand(st, 0);
    LLVMTypeRef t = LLVMTypeOf(v);

    if (!LLVMIsAConstantInt(v) || LLVMGetTypeKind(o->elem) != LLVMIntegerTypeKind || t == o->elem)
        return 0;
    unsigned w = LLVMGetIntTypeWidth(t), ew = LLVMGetIntTypeWidth(o->elem);
    return w <= 64 && ew % 8 == 0 && w % ew == 0 && pa_plain(st);
}

unsigned long long pa_store_bytes(struct pa_ctx *c, LLVMValueRef st)
{
    return LLVMABISizeOfType(c->td, LLVMTypeOf(LLVMGetOperand(st, 0)));
}
