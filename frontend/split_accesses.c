/* SPDX-License-Identifier: MIT */
/*
 * Accesses the hardware takes one element at a time. LLVM's optimisations write two shapes
 * that the lowering (hls/lower/lower_memory.c) cannot take as they are:
 *
 * - An access wider than its alignment. Copying a small struct (`dst[i] = src[i]` of a
 *   `{int key; int val;}`, or `s = (S){0}`) becomes one `load i64, align 4`; a field of a
 *   packed struct is a load with `align 1`. A memory port reads naturally aligned words,
 *   so such an access becomes pieces of its alignment, put together with shifts (values
 *   little-endian, as the device is), element by element for vectors.
 * - A block copy or fill (`llvm.memcpy`, `llvm.memmove`, `llvm.memset`) that touches a
 *   `__local` array, from copying a struct into or out of one. Block copies run on global
 *   memory only; these become loads and stores of the array's element size (of its
 *   smallest leaf type when the array is a variable of the program, else of the copy's
 *   alignment, at most
 *   4 bytes: the widths its other accesses use), so the array keeps one element size.
 *   The same for a private array copied at a run-time offset (`p[i] = in[i]` of structs in
 *   a loop): the private-array rewrite (private_arrays.c) takes element accesses at any
 *   offset, but block copies only at constant ones.
 *
 * Volatile accesses keep their flag; atomic ones are left alone (they are aligned).
 */
#include "fe_internal.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXPANDED_COPY 1024 /* bytes: larger __local copies stay as they are (refused) */

/* The power of two an access may use: its alignment, capped at 8 bytes. */
static unsigned piece_bytes(unsigned align)
{
    unsigned p = 1;
    while (p * 2 <= align && p < 8)
        p *= 2;
    return p;
}

static LLVMValueRef byte_offset(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ptr,
                                unsigned long long off)
{
    if (!off)
        return ptr;
    LLVMValueRef idx = LLVMConstInt(LLVMInt32TypeInContext(ctx), off, 0);
    return LLVMBuildInBoundsGEP2(b, LLVMInt8TypeInContext(ctx), ptr, &idx, 1, "piece_ptr");
}

/* A scalar of `bytes` bytes at ptr + off, read as pieces of p bytes (integer result). */
static LLVMValueRef load_pieces(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ptr,
                                unsigned long long off, unsigned bytes, unsigned p, int vol)
{
    LLVMTypeRef whole = LLVMIntTypeInContext(ctx, 8 * bytes), part = LLVMIntTypeInContext(ctx, 8 * p);
    LLVMValueRef v = NULL;

    for (unsigned k = 0; k < bytes; k += p) {
        LLVMValueRef l = LLVMBuildLoad2(b, part, byte_offset(b, ctx, ptr, off + k), "piece");
        LLVMSetAlignment(l, p);
        LLVMSetVolatile(l, vol);
        LLVMValueRef w = p == bytes ? l : LLVMBuildZExt(b, l, whole, "piece_wide");
        if (k)
            w = LLVMBuildShl(b, w, LLVMConstInt(whole, 8ull * k, 0), "piece_at");
        v = v ? LLVMBuildOr(b, v, w, "pieces") : w;
    }
    return v;
}

/* The integer value v of `bytes` bytes written at ptr + off as pieces of p bytes. */
static void store_pieces(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ptr,
                         unsigned long long off, LLVMValueRef v, unsigned bytes, unsigned p,
                         int vol)
{
    LLVMTypeRef whole = LLVMTypeOf(v), part = LLVMIntTypeInContext(ctx, 8 * p);

    for (unsigned k = 0; k < bytes; k += p) {
        LLVMValueRef w = k ? LLVMBuildLShr(b, v, LLVMConstInt(whole, 8ull * k, 0), "piece_of") : v;
        if (p != bytes)
            w = LLVMBuildTrunc(b, w, part, "piece");
        LLVMValueRef s = LLVMBuildStore(b, w, byte_offset(b, ctx, ptr, off + k));
        LLVMSetAlignment(s, p);
        LLVMSetVolatile(s, vol);
    }
}

/* A scalar type the pieces can stand for (integers and floats of 2 to 8 bytes). */
static int splittable_scalar(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMIntegerTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
           k == LLVMHalfTypeKind;
}

static int splittable(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        return splittable_scalar(LLVMGetElementType(t));
    return splittable_scalar(t);
}

/* One scalar of type t (stored in `bytes` bytes) at ptr + off: whole, or in pieces. */
static LLVMValueRef load_scalar(LLVMBuilderRef b, LLVMContextRef ctx, LLVMTypeRef t,
                                LLVMValueRef ptr, unsigned long long off, unsigned bytes,
                                unsigned p, int vol)
{
    if (p >= bytes) {
        LLVMValueRef l = LLVMBuildLoad2(b, t, byte_offset(b, ctx, ptr, off), "element");
        LLVMSetAlignment(l, bytes);
        LLVMSetVolatile(l, vol);
        return l;
    }
    LLVMValueRef v = load_pieces(b, ctx, ptr, off, bytes, p, vol);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? v : LLVMBuildBitCast(b, v, t, "as_type");
}

static void store_scalar(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef v, LLVMValueRef ptr,
                         unsigned long long off, unsigned bytes, unsigned p, int vol)
{
    if (p >= bytes) {
        LLVMValueRef s = LLVMBuildStore(b, v, byte_offset(b, ctx, ptr, off));
        LLVMSetAlignment(s, bytes);
        LLVMSetVolatile(s, vol);
        return;
    }
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
        v = LLVMBuildBitCast(b, v, LLVMIntTypeInContext(ctx, 8 * bytes), "as_bits");
    store_pieces(b, ctx, ptr, off, v, bytes, p, vol);
}

/*
 * What ptr points into: the variable, alloca or argument under its getelementptrs and casts
 * (instructions or constant expressions), NULL past 16 of them; *constant says whether every
 * index on the way was a constant.
 */
LLVMValueRef fe_pointer_base(LLVMValueRef ptr, int *constant)
{
    *constant = 1;
    for (int depth = 0; depth < 16 && ptr; depth++) {
        int gep = LLVMIsAGetElementPtrInst(ptr) ||
                  (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMGetElementPtr);
        int cast = LLVMIsABitCastInst(ptr) || LLVMIsAAddrSpaceCastInst(ptr) ||
                   (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMBitCast);
        if (!gep && !cast)
            return ptr;
        for (int i = 1; gep && i < LLVMGetNumOperands(ptr); i++)
            *constant &= LLVMIsAConstantInt(LLVMGetOperand(ptr, (unsigned)i)) != NULL;
        ptr = LLVMGetOperand(ptr, 0);
    }
    return NULL;
}

/* Does ptr point into a struct argument passed by value (`ptr byval(%struct.T)`)? */
static int from_byval_argument(LLVMValueRef ptr)
{
    static const char byval[] = "byval";
    unsigned kind = LLVMGetEnumAttributeKindForName(byval, sizeof(byval) - 1);
    int constant;
    LLVMValueRef arg = fe_pointer_base(ptr, &constant);

    if (!arg || !LLVMIsAArgument(arg))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(arg);
    for (unsigned i = 0; i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == arg)
            return LLVMGetEnumAttributeAtIndex(fn, i + 1, kind) != NULL;
    return 0;
}

/*
 * A vector access of global memory aligned to its whole size (a float4 through a __global
 * float4 pointer): the lowering makes it one access of all its lanes where the board's
 * memory line holds it, and lane by lane where not (hls/lower/lower_memory.c).
 */
static int whole_global_vector(LLVMTargetDataRef td, LLVMValueRef inst, LLVMValueRef ptr,
                               LLVMTypeRef t, unsigned align)
{
    unsigned long long size = LLVMStoreSizeOfType(td, t);
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
           LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) == 1 && !LLVMGetVolatile(inst) &&
           LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic && size <= 128 &&
           (size & (size - 1)) == 0 && align >= size;
}

/*
 * Splits one load or store wider than its alignment, or than max_piece bytes; 1 when it did.
 * A vector read from a struct argument by value is split into its lanes too: the argument's
 * bytes are registers, read a value at a time (hls/lower/lower_byval.c).
 */
int fe_split_access(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef inst,
                    unsigned max_piece)
{
    int is_load = LLVMIsALoadInst(inst) != NULL;
    LLVMValueRef ptr = LLVMGetOperand(inst, is_load ? 0 : 1);
    LLVMTypeRef t = is_load ? LLVMTypeOf(inst) : LLVMTypeOf(LLVMGetOperand(inst, 0));
    unsigned align = LLVMGetAlignment(inst), bytes = (unsigned)LLVMABISizeOfType(td, t);
    int byval_vector = is_load && LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
                       from_byval_argument(ptr);

    unsigned p = piece_bytes(align);
    if (p > max_piece)
        p = max_piece;
    if (whole_global_vector(td, inst, ptr, t, align) && !byval_vector)
        return 0;
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic || !splittable(t) || !align ||
        (p >= LLVMStoreSizeOfType(td, t) && !byval_vector) || bytes > 128)
        return 0;
    LLVMContextRef ctx = LLVMGetTypeContext(t);
    int vol = LLVMGetVolatile(inst);
    LLVMPositionBuilderBefore(b, inst);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        LLVMTypeRef et = LLVMGetElementType(t);
        unsigned n = LLVMGetVectorSize(t), es = (unsigned)LLVMABISizeOfType(td, et);
        LLVMValueRef v = is_load ? LLVMGetUndef(t) : LLVMGetOperand(inst, 0);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef idx = LLVMConstInt(LLVMInt32TypeInContext(ctx), i, 0);
            if (is_load)
                v = LLVMBuildInsertElement(
                    b, v, load_scalar(b, ctx, et, ptr, (unsigned long long)i * es, es, p, vol),
                    idx, "lane");
            else
                store_scalar(b, ctx, LLVMBuildExtractElement(b, v, idx, "lane"), ptr,
                             (unsigned long long)i * es, es, p, vol);
        }
        if (is_load)
            LLVMReplaceAllUsesWith(inst, v);
    } else if (is_load) {
        LLVMReplaceAllUsesWith(inst, load_scalar(b, ctx, t, ptr, 0, bytes, p, vol));
    } else {
        store_scalar(b, ctx, LLVMGetOperand(inst, 0), ptr, 0, bytes, p, vol);
    }
    LLVMInstructionEraseFromParent(inst);
    return 1;
}

/* ---- block copies and fills that touch __local memory ----------------------------------- */

/* The byte size of t's smallest leaf (a struct of int and char: 1). */
static unsigned smallest_leaf_bytes(LLVMTargetDataRef td, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMArrayTypeKind:
    case LLVMVectorTypeKind:
        return smallest_leaf_bytes(td, LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        unsigned size = 0;
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++) {
            unsigned s = smallest_leaf_bytes(td, LLVMStructGetTypeAtIndex(t, i));
            if (s && (!size || s < size))
                size = s;
        }
        return size;
    }
    default:
        return (unsigned)LLVMABISizeOfType(td, t);
    }
}

/* The __local variable ptr points into, or NULL. */
static LLVMValueRef local_variable(LLVMValueRef ptr)
{
    int constant;
    LLVMValueRef base = fe_pointer_base(ptr, &constant);
    return base && LLVMIsAGlobalVariable(base) ? base : NULL;
}

static int is_local(LLVMValueRef ptr)
{
    return LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMPointerTypeKind &&
           LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) == 3;
}

/* The private variable (alloca) ptr points into at a run-time offset, else NULL. */
static LLVMValueRef private_at_run_time_offset(LLVMValueRef ptr)
{
    int constant;
    LLVMValueRef base = fe_pointer_base(ptr, &constant);
    return base && LLVMIsAAllocaInst(base) && !constant ? base : NULL;
}

/*
 * The element size of the block RAM or private array ptr reaches: its smallest leaf's (the
 * leaves' size when they have one; local_puns.c accesses an array of several in the
 * smallest); 0 when it does not reach one.
 */
static unsigned array_element_bytes(LLVMTargetDataRef td, LLVMValueRef ptr)
{
    LLVMValueRef v = is_local(ptr) ? local_variable(ptr) : private_at_run_time_offset(ptr);
    if (!v)
        return 0;
    LLVMTypeRef t = LLVMIsAAllocaInst(v) ? LLVMGetAllocatedType(v) : LLVMGlobalGetValueType(v);
    unsigned s = smallest_leaf_bytes(td, t);
    return s == 1 || s == 2 || s == 4 || s == 8 ? s : 0;
}

/* The alignment the call promises for its pointer argument i (an attribute), else 1. */
static unsigned param_align(LLVMValueRef call, unsigned i)
{
    static const char align[] = "align";
    unsigned kind = LLVMGetEnumAttributeKindForName(align, sizeof(align) - 1);
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i + 1, kind);
    return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

/* The element size of a copy into or out of __local or private memory: see the top of the
   file. */
static unsigned local_element_bytes(LLVMTargetDataRef td, LLVMValueRef call, unsigned nptr)
{
    unsigned e = 4;

    for (unsigned i = 0; i < nptr; i++) {
        unsigned s = array_element_bytes(td, LLVMGetOperand(call, i));
        if (s)
            return s;
    }
    for (unsigned i = 0; i < nptr; i++) {
        unsigned a = piece_bytes(param_align(call, i));
        if (a < e)
            e = a;
    }
    return e;
}

/* The called intrinsic's name starts with prefix. */
static int calls(LLVMValueRef inst, const char *prefix)
{
    LLVMValueRef fn = LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
    size_t len;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
    return name && !strncmp(name, prefix, strlen(prefix));
}

static int expand_copy(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef call)
{
    int fill = calls(call, "llvm.memset.");
    LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
    LLVMValueRef len = LLVMGetOperand(call, 2);

    int private_dst = private_at_run_time_offset(dst) != NULL;
    int private_src = !fill && private_at_run_time_offset(src) != NULL;
    if (!LLVMIsAConstantInt(len) ||
        (!is_local(dst) && !private_dst && (fill || (!is_local(src) && !private_src))))
        return 0;
    if ((private_dst && !array_element_bytes(td, dst)) ||
        (private_src && !array_element_bytes(td, src)))
        return 0; /* leaves of odd sizes: left as it is (refused) */
    unsigned long long n = LLVMConstIntGetZExtValue(len);
    unsigned e = local_element_bytes(td, call, fill ? 1 : 2);
    if (n > MAX_EXPANDED_COPY || n % e || (fill && !LLVMIsAConstantInt(src)))
        return 0;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(dst));
    LLVMTypeRef et = LLVMIntTypeInContext(ctx, 8 * e);
    int vol = LLVMIsAConstantInt(LLVMGetOperand(call, 3)) &&
              LLVMConstIntGetZExtValue(LLVMGetOperand(call, 3)) != 0;
    LLVMValueRef pattern = NULL;
    if (fill) { /* the byte repeated over the element */
        unsigned long long byte = LLVMConstIntGetZExtValue(src) & 0xff, word = 0;
        for (unsigned k = 0; k < e; k++)
            word |= byte << (8 * k);
        pattern = LLVMConstInt(et, word, 0);
    }
    LLVMPositionBuilderBefore(b, call);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
    /* copies: every load before the stores, as memmove allows overlapping ranges */
    LLVMValueRef *vals = fill ? NULL : calloc(n / e ? n / e : 1, sizeof(*vals));
    if (!fill && !vals)
        return -1;
    for (unsigned long long off = 0; !fill && off < n; off += e) {
        LLVMValueRef l = LLVMBuildLoad2(b, et, byte_offset(b, ctx, src, off), "copied");
        LLVMSetAlignment(l, e);
        LLVMSetVolatile(l, vol);
        vals[off / e] = l;
    }
    for (unsigned long long off = 0; off < n; off += e) {
        LLVMValueRef s = LLVMBuildStore(b, fill ? pattern : vals[off / e],
                                        byte_offset(b, ctx, dst, off));
        LLVMSetAlignment(s, e);
        LLVMSetVolatile(s, vol);
    }
    free(vals);
    LLVMInstructionEraseFromParent(call);
    return 1;
}

int fe_split_accesses(LLVMModuleRef mod)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !ret;
             bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef next;
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !ret; in = next) {
                next = LLVMGetNextInstruction(in);
                if (LLVMIsALoadInst(in) || LLVMIsAStoreInst(in))
                    fe_split_access(b, td, in, 8);
                else if (calls(in, "llvm.memcpy.") || calls(in, "llvm.memmove.") ||
                         calls(in, "llvm.memset."))
                    ret = expand_copy(b, td, in) < 0 ? -1 : 0;
            }
        }
    LLVMDisposeBuilder(b);
    return ret;
}
