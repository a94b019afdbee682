/* SPDX-License-Identifier: MIT */
/*
 * The rewrite of one array that private_arrays.c found rewritable: a scalar alloca per element
 * (a table uses its initialiser's values instead), a byte offset for every address, a select
 * chain for every load, a guarded store to every element for every store, element loads and
 * stores for memset/memcpy/memmove. The addresses and the array go; the new instructions keep
 * the source line of the access they replace.
 */
#include "private_array_rewrite.h"

#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

/* The builder goes before inst and gives what it builds inst's source location. */
static void at(struct pa_ctx *c, LLVMValueRef inst)
{
    LLVMPositionBuilderBefore(c->b, inst);
    LLVMSetCurrentDebugLocation2(c->b, LLVMInstructionGetDebugLoc(inst));
}

static LLVMValueRef index_const(struct pa_object *o, long long v)
{
    return LLVMConstInt(o->ity, (unsigned long long)v, 1);
}

static int is_zero(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

static LLVMValueRef add(struct pa_ctx *c, LLVMValueRef a, LLVMValueRef b)
{
    if (is_zero(a))
        return b;
    if (is_zero(b))
        return a;
    return LLVMBuildAdd(c->b, a, b, "");
}

static LLVMValueRef offset_of(struct pa_ctx *c, struct pa_object *o, LLVMValueRef v);

/* sum of index * stride along the GEP's types, added to its pointer's offset */
static LLVMValueRef gep_offset(struct pa_ctx *c, struct pa_object *o, LLVMValueRef gep)
{
    LLVMValueRef off = offset_of(c, o, LLVMGetOperand(gep, 0));
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);

    at(c, gep);
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        unsigned long long stride;

        if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) { /* constant field number */
            unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);

            off = add(c, off, index_const(o, (long long)LLVMOffsetOfElement(c->td, t, field)));
            t = LLVMStructGetTypeAtIndex(t, field);
            continue;
        }
        if (i > 1)
            t = LLVMGetElementType(t);
        stride = LLVMABISizeOfType(c->td, t);
        idx = LLVMBuildIntCast2(c->b, idx, o->ity, 1, "");
        if (stride != 1)
            idx = LLVMBuildMul(c->b, idx, index_const(o, (long long)stride), "");
        off = add(c, off, idx);
    }
    return off;
}

/* A phi of addresses: a phi of their offsets, made first so that loops find it. */
static LLVMValueRef phi_offset(struct pa_ctx *c, struct pa_object *o, struct pa_addr *a)
{
    LLVMValueRef phi;

    at(c, a->v);
    phi = LLVMBuildPhi(c->b, o->ity, "");
    a->off = phi;
    for (unsigned j = 0; j < LLVMCountIncoming(a->v); j++) {
        LLVMValueRef in = offset_of(c, o, LLVMGetIncomingValue(a->v, j));
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(a->v, j);

        LLVMAddIncoming(phi, &in, &bb, 1);
    }
    return phi;
}

static LLVMValueRef offset_of(struct pa_ctx *c, struct pa_object *o, LLVMValueRef v)
{
    struct pa_addr *a = pa_find_addr(o, v);
    long long k = 0;

    if (a->off)
        return a->off;
    if (v == o->base || LLVMIsAConstantExpr(v)) {
        pa_const_offset(c, o, v, &k);
        a->off = index_const(o, k);
    } else if (LLVMIsAAddrSpaceCastInst(v)) {
        a->off = offset_of(c, o, LLVMGetOperand(v, 0));
    } else if (LLVMIsAGetElementPtrInst(v)) {
        a->off = gep_offset(c, o, v);
    } else if (LLVMIsAPHINode(v)) {
        phi_offset(c, o, a);
    } else { /* select */
        LLVMValueRef t = offset_of(c, o, LLVMGetOperand(v, 1));
        LLVMValueRef f = offset_of(c, o, LLVMGetOperand(v, 2));

        at(c, v);
        a->off = LLVMBuildSelect(c->b, LLVMGetOperand(v, 0), t, f, "");
    }
    return a->off;
}

/* Element k's value at the builder's position. */
static LLVMValueRef element(struct pa_ctx *c, struct pa_object *o, unsigned k)
{
    return o->is_const ? o->elems[k] : LLVMBuildLoad2(c->b, o->elem, o->elems[k], "");
}

static LLVMValueRef is_element(struct pa_ctx *c, struct pa_object *o, LLVMValueRef off, unsigned k)
{
    return LLVMBuildICmp(c->b, LLVMIntEQ, off, index_const(o, (long long)k * o->size), "");
}

/* The element a constant offset names; -1 for a run-time offset (or one naming none). */
static long long const_element(struct pa_object *o, LLVMValueRef off)
{
    long long v;

    if (!LLVMIsAConstantInt(off))
        return -1;
    v = LLVMConstIntGetSExtValue(off);
    return v >= 0 && v % o->size == 0 && v / o->size < o->n ? v / o->size : -1;
}

static void rewrite_load(struct pa_ctx *c, struct pa_object *o, LLVMValueRef ld)
{
    LLVMValueRef off = offset_of(c, o, LLVMGetOperand(ld, 0));
    long long k = const_element(o, off);
    LLVMValueRef v;

    at(c, ld);
    if (k >= 0) {
        v = element(c, o, (unsigned)k);
    } else {
        v = element(c, o, o->n - 1);
        for (unsigned j = o->n - 1; j-- > 0;)
            v = LLVMBuildSelect(c->b, is_element(c, o, off, j), element(c, o, j), v, "");
    }
    if (LLVMTypeOf(ld) != LLVMTypeOf(v)) /* a float field of integer elements, or so */
        v = LLVMBuildBitCast(c->b, v, LLVMTypeOf(ld), "");
    LLVMReplaceAllUsesWith(ld, v);
    LLVMInstructionEraseFromParent(ld);
}

static void rewrite_store(struct pa_ctx *c, struct pa_object *o, LLVMValueRef st)
{
    LLVMValueRef v = LLVMGetOperand(st, 0);
    LLVMValueRef off = offset_of(c, o, LLVMGetOperand(st, 1));
    long long k = const_element(o, off);

    at(c, st);
    if (LLVMTypeOf(v) != o->elem && pa_same_bits(LLVMTypeOf(v), o->elem))
        v = LLVMBuildBitCast(c->b, v, o->elem, "");
    if (k >= 0) {
        LLVMBuildStore(c->b, v, o->elems[k]);
    } else {
        for (unsigned j = 0; j < o->n; j++) {
            LLVMValueRef old = element(c, o, j);

            LLVMBuildStore(c->b, LLVMBuildSelect(c->b, is_element(c, o, off, j), v, old, ""),
                           o->elems[j]);
        }
    }
    LLVMInstructionEraseFromParent(st);
}

static void rewrite_compare(struct pa_ctx *c, struct pa_object *o, LLVMValueRef cmp)
{
    LLVMValueRef a = offset_of(c, o, LLVMGetOperand(cmp, 0));
    LLVMValueRef b = offset_of(c, o, LLVMGetOperand(cmp, 1));
    LLVMValueRef r;

    at(c, cmp);
    r = LLVMBuildICmp(c->b, LLVMGetICmpPredicate(cmp), a, b, "");
    LLVMReplaceAllUsesWith(cmp, r);
    LLVMInstructionEraseFromParent(cmp);
}

/* Element index of a validated constant address. */
static unsigned first_element(struct pa_ctx *c, struct pa_object *o, LLVMValueRef ptr)
{
    long long off = 0;

    pa_const_offset(c, o, ptr, &off);
    return (unsigned)(off / o->size);
}

/* A wide constant store: its pieces, lowest bytes first (little-endian), into the elements. */
static void rewrite_wide_store(struct pa_ctx *c, struct pa_object *o, LLVMValueRef st)
{
    unsigned long long bits = LLVMConstIntGetZExtValue(LLVMGetOperand(st, 0));
    unsigned k0 = first_element(c, o, LLVMGetOperand(st, 1));
    unsigned n = (unsigned)(pa_store_bytes(c, st) / o->size);
    unsigned ew = LLVMGetIntTypeWidth(o->elem); /* < 64: the store covers two or more */
    unsigned long long mask = (1ull << ew) - 1;

    at(c, st);
    for (unsigned j = 0; j < n; j++)
        LLVMBuildStore(c->b, LLVMConstInt(o->elem, (bits >> (j * ew)) & mask, 0), o->elems[k0 + j]);
    LLVMInstructionEraseFromParent(st);
}

/* The byte b repeated over an integer of width bits (at most 64). */
static unsigned long long repeat_byte(unsigned long long b, unsigned width)
{
    unsigned long long r = 0;

    for (unsigned i = 0; i < 64; i += 8)
        r |= (b & 0xff) << i;
    return width < 64 ? r & ((1ull << width) - 1) : r;
}

static void rewrite_memset(struct pa_ctx *c, struct pa_object *o, LLVMValueRef call)
{
    LLVMValueRef byte = LLVMGetOperand(call, 1);
    unsigned k0 = first_element(c, o, LLVMGetOperand(call, 0));
    unsigned n = (unsigned)(LLVMConstIntGetZExtValue(LLVMGetOperand(call, 2)) / o->size);
    LLVMValueRef v;

    at(c, call);
    if (LLVMGetTypeKind(o->elem) != LLVMIntegerTypeKind) {
        v = LLVMConstNull(o->elem); /* pointers, floats: only 0 was accepted */
    } else {
        unsigned w = LLVMGetIntTypeWidth(o->elem);

        if (LLVMIsAConstantInt(byte)) {
            v = LLVMConstInt(o->elem, repeat_byte(LLVMConstIntGetZExtValue(byte), w), 0);
        } else {
            v = LLVMBuildIntCast2(c->b, byte, o->elem, 0, "");
            if (w > 8)
                v = LLVMBuildMul(c->b, v, LLVMConstInt(o->elem, repeat_byte(1, w), 0), "");
        }
    }
    for (unsigned k = k0; k < k0 + n; k++)
        LLVMBuildStore(c->b, v, o->elems[k]);
    LLVMInstructionEraseFromParent(call);
}

/* The alignment the call promises for argument arg at byte offset off from it. */
static unsigned align_at(LLVMValueRef call, unsigned arg, unsigned long long off)
{
    static const char name[] = "align";
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(
        call, arg + 1, LLVMGetEnumAttributeKindForName(name, sizeof(name) - 1));
    unsigned long long align = a ? LLVMGetEnumAttributeValue(a) : 1;

    while (align > 1 && off % align)
        align >>= 1;
    return align ? (unsigned)align : 1;
}

/* p + off bytes, for the side of a copy that is not this array. */
static LLVMValueRef byte_address(struct pa_ctx *c, LLVMValueRef p, unsigned long long off)
{
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    LLVMValueRef idx = LLVMConstInt(LLVMIntPtrTypeForASInContext(c->ctx, c->td, as), off, 0);

    if (!off)
        return p;
    return LLVMBuildGEP2(c->b, LLVMInt8TypeInContext(c->ctx), p, &idx, 1, "");
}

/* Every element read first, then written: right for memmove within the array too. */
static int rewrite_memcpy(struct pa_ctx *c, struct pa_object *o, LLVMValueRef call)
{
    LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
    int dst_in = pa_find_addr(o, dst) != NULL, src_in = pa_find_addr(o, src) != NULL;
    unsigned n = (unsigned)(LLVMConstIntGetZExtValue(LLVMGetOperand(call, 2)) / o->size);
    unsigned k_src = src_in ? first_element(c, o, src) : 0;
    unsigned k_dst = dst_in ? first_element(c, o, dst) : 0;
    LLVMValueRef *vals = malloc((n ? n : 1) * sizeof(*vals));

    if (!vals)
        return -1;
    at(c, call);
    for (unsigned j = 0; j < n; j++) {
        unsigned long long off = (unsigned long long)j * o->size;

        if (src_in) {
            vals[j] = element(c, o, k_src + j);
        } else {
            vals[j] = LLVMBuildLoad2(c->b, o->elem, byte_address(c, src, off), "");
            LLVMSetAlignment(vals[j], align_at(call, 1, off));
        }
    }
    for (unsigned j = 0; j < n; j++) {
        unsigned long long off = (unsigned long long)j * o->size;

        if (dst_in)
            LLVMBuildStore(c->b, vals[j], o->elems[k_dst + j]);
        else
            LLVMSetAlignment(LLVMBuildStore(c->b, vals[j], byte_address(c, dst, off)),
                             align_at(call, 0, off));
    }
    free(vals);
    LLVMInstructionEraseFromParent(call);
    return 0;
}

static int rewrite_use(struct pa_ctx *c, struct pa_object *o, LLVMValueRef u)
{
    switch (LLVMGetInstructionOpcode(u)) {
    case LLVMLoad:
        rewrite_load(c, o, u);
        return 0;
    case LLVMStore:
        if (pa_is_wide_store(o, u))
            rewrite_wide_store(c, o, u);
        else
            rewrite_store(c, o, u);
        return 0;
    case LLVMICmp:
        rewrite_compare(c, o, u);
        return 0;
    default:
        break;
    }
    switch (pa_intrinsic_of(c, u)) {
    case PA_MEMSET:
    case PA_MEMSET_INLINE:
        rewrite_memset(c, o, u);
        return 0;
    case PA_MEMCPY:
    case PA_MEMCPY_INLINE:
    case PA_MEMMOVE:
        return rewrite_memcpy(c, o, u);
    default: /* lifetime markers */
        LLVMInstructionEraseFromParent(u);
        return 0;
    }
}

/* One scalar alloca per element, at the top of the entry block (where SROA looks). */
static int make_scalars(struct pa_ctx *c, struct pa_object *o)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(o->base));

    o->elems = malloc(o->n * sizeof(*o->elems));
    if (!o->elems)
        return -1;
    LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)));
    LLVMSetCurrentDebugLocation2(c->b, NULL);
    for (unsigned k = 0; k < o->n; k++)
        o->elems[k] = LLVMBuildAlloca(c->b, o->elem, "");
    return 0;
}

int pa_rewrite(struct pa_ctx *c, struct pa_object *o)
{
    if (!o->is_const && make_scalars(c, o))
        return -1;
    for (unsigned i = 0; i < o->nuses; i++)
        if (rewrite_use(c, o, o->uses[i]))
            return -1;
    /* what is left of the addresses only uses itself */
    for (unsigned i = 1; i < o->naddrs; i++)
        if (LLVMIsAInstruction(o->addrs[i].v))
            LLVMReplaceAllUsesWith(o->addrs[i].v, LLVMGetPoison(LLVMTypeOf(o->addrs[i].v)));
    for (unsigned i = 1; i < o->naddrs; i++)
        if (LLVMIsAInstruction(o->addrs[i].v))
            LLVMInstructionEraseFromParent(o->addrs[i].v);
    if (!o->is_const)
        LLVMInstructionEraseFromParent(o->base);
    else /* nothing reads the table any more: globaldce may drop it even if it was external */
        LLVMSetLinkage(o->base, LLVMPrivateLinkage);
    return 0;
}
