// SPDX-License-Identifier: MIT
/*
 * Single work-item kernels: the copies of an access that `#pragma unroll N` made, a[i],
 * a[i + 1], ... a[i + N - 1] in one block, become one access of <N x T> (tagged
 * !oclhls.simd_wide like simd_lanes.c's, so HLS gives it one wide LSU access) instead of N
 * narrow LSUs. Only when the wide access is aligned to its size, which the LSU needs: the
 * pointer is a kernel argument (a buffer, 128-byte aligned) and i is a multiple of N (a loop
 * counter that starts at and steps by multiples of N, as the unrolled loop's does). A wide
 * load takes the first copy's place and a wide store the last one's, only when no other
 * write (for loads) or access (for stores) of the block lies between them.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_GROUP 16

/* An access's address as base[x + off] (elements of T): 0 when it has no such form. */
struct form {
    LLVMValueRef inst, base, x;
    LLVMTypeRef t;
    long off;
};

static int const_int(LLVMValueRef v, long *out)
{
    if (!v || !LLVMIsAConstantInt(v))
        return 0;
    *out = (long)LLVMConstIntGetSExtValue(v);
    return 1;
}

/* x as y + c (add, or an or of disjoint bits: what LLVM makes of i + 1 when i is even). */
static LLVMValueRef split_add(LLVMValueRef x, long *c)
{
    *c = 0;
    if (LLVMIsAInstruction(x) && LLVMGetNumOperands(x) == 2 &&
        (LLVMGetInstructionOpcode(x) == LLVMAdd ||
         (LLVMGetInstructionOpcode(x) == LLVMOr && LLVMGetIsDisjoint(x))) &&
        const_int(LLVMGetOperand(x, 1), c))
        return LLVMGetOperand(x, 0);
    return x;
}

static int element_bytes(LLVMTargetDataRef td, LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k != LLVMIntegerTypeKind && k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
        return 0;
    unsigned long long b = LLVMABISizeOfType(td, t);
    return b == 1 || b == 2 || b == 4 || b == 8 ? (int)b : 0;
}

static int address_form(LLVMTargetDataRef td, LLVMValueRef inst, struct form *f)
{
    int load = LLVMIsALoadInst(inst) != NULL;
    if ((!load && !LLVMIsAStoreInst(inst)) || LLVMGetVolatile(inst))
        return 0;
    LLVMValueRef ptr = LLVMGetOperand(inst, load ? 0 : 1);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    f->inst = inst;
    f->t = LLVMTypeOf(load ? inst : LLVMGetOperand(inst, 0));
    int bytes = element_bytes(td, f->t);
    if ((as != 1 && as != 2) || !bytes || !LLVMIsAGetElementPtrInst(ptr) ||
        LLVMGetNumOperands(ptr) != 2)
        return 0;
    long c = 0;
    LLVMTypeRef st = LLVMGetGEPSourceElementType(ptr);
    LLVMValueRef p = LLVMGetOperand(ptr, 0), idx = LLVMGetOperand(ptr, 1);
    if (const_int(idx, &c) && LLVMIsAGetElementPtrInst(p) && LLVMGetNumOperands(p) == 2) {
        /* base[x] then a constant step, in elements or (LLVM 19's form) in bytes */
        long unit = (long)LLVMABISizeOfType(td, st);
        if (unit <= 0 || (c * unit) % bytes || LLVMGetGEPSourceElementType(p) != f->t)
            return 0;
        f->off = c * unit / bytes;
        f->base = LLVMGetOperand(p, 0);
        f->x = split_add(LLVMGetOperand(p, 1), &c);
        f->off += c;
    } else {
        if (st != f->t)
            return 0;
        f->base = p;
        f->x = split_add(idx, &c);
        f->off = c;
    }
    return LLVMIsAArgument(f->base) != NULL;
}

/* x is a multiple of n: a constant, a product, or a loop counter stepping by multiples. */
static int multiple_of(LLVMValueRef x, long n, int depth)
{
    long c;
    if (const_int(x, &c))
        return c % n == 0;
    if (depth > 4 || !LLVMIsAInstruction(x))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    if (op == LLVMSExt || op == LLVMZExt)
        return multiple_of(LLVMGetOperand(x, 0), n, depth + 1);
    if (op == LLVMMul)
        return multiple_of(LLVMGetOperand(x, 0), n, depth + 1) ||
               multiple_of(LLVMGetOperand(x, 1), n, depth + 1);
    if (op == LLVMShl && const_int(LLVMGetOperand(x, 1), &c) && c < 31)
        return (1L << c) % n == 0 || multiple_of(LLVMGetOperand(x, 0), n, depth + 1);
    if (op == LLVMAdd || op == LLVMOr)
        return multiple_of(LLVMGetOperand(x, 0), n, depth + 1) &&
               multiple_of(LLVMGetOperand(x, 1), n, depth + 1);
    if (op == LLVMPHI) {
        for (unsigned e = 0; e < LLVMCountIncoming(x); e++) {
            LLVMValueRef v = LLVMGetIncomingValue(x, e), y = v;
            long step = 0;
            if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMAdd &&
                LLVMGetOperand(v, 0) == x && const_int(LLVMGetOperand(v, 1), &step)) {
                if (step % n)
                    return 0;
                continue;
            }
            if (!multiple_of(y, n, depth + 1))
                return 0;
        }
        return 1;
    }
    return 0;
}

static int writes(LLVMValueRef i)
{
    return LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
           (LLVMIsACallInst(i) && !LLVMIsAIntrinsicInst(i));
}

/* A restrict (noalias) pointer argument. */
static int is_noalias_arg(LLVMValueRef v)
{
    if (!v || !LLVMIsAArgument(v))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned idx = 0;
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != v; p = LLVMGetNextParam(p))
        idx++;
    return LLVMGetEnumAttributeAtIndex(fn, idx + 1,
                                       LLVMGetEnumAttributeKindForName("noalias", 7)) != NULL;
}

/* The memory i reaches is not the group's: both are different restrict arguments. */
static int other_memory(LLVMTargetDataRef td, LLVMValueRef i, const struct form *g)
{
    struct form x;
    return address_form(td, i, &x) && x.base != g->base && is_noalias_arg(x.base) &&
           is_noalias_arg(g->base);
}

/* No instruction strictly between a and b (a first) that would be reordered. */
static int nothing_between(LLVMTargetDataRef td, LLVMValueRef a, LLVMValueRef b,
                           const struct form *g, int n, int load)
{
    for (LLVMValueRef i = LLVMGetNextInstruction(a); i && i != b; i = LLVMGetNextInstruction(i)) {
        int member = 0;
        for (int k = 0; k < n; k++)
            member |= g[k].inst == i;
        if (member || other_memory(td, i, g))
            continue;
        if (load ? writes(i) : writes(i) || LLVMIsALoadInst(i))
            return 0;
    }
    return 1;
}

static void tag(LLVMContextRef ctx, LLVMValueRef inst)
{
    LLVMMetadataRef s = LLVMMDStringInContext2(ctx, "simd", 4);
    LLVMMetadataRef md = LLVMMDNodeInContext2(ctx, &s, 1);
    LLVMSetMetadata(inst, LLVMGetMDKindIDInContext(ctx, "oclhls.simd_wide", 16),
                    LLVMMetadataAsValue(ctx, md));
}

/* One wide access for g[0..n) (g[k] at offset off0 + k); order: first, last in the block. */
static void merge(LLVMBuilderRef b, LLVMContextRef ctx, struct form *g, int n, LLVMValueRef first,
                  LLVMValueRef last, int bytes)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), vt = LLVMVectorType(g[0].t, (unsigned)n);
    int load = LLVMIsALoadInst(g[0].inst) != NULL;
    LLVMValueRef ptr;
    if (load) {
        LLVMPositionBuilderBefore(b, first);
        ptr = LLVMBuildGEP2(b, g[0].t, g[0].base, (LLVMValueRef[]){g[0].x}, 1, "wide.ptr");
        LLVMValueRef w = LLVMBuildLoad2(b, vt, ptr, "wide");
        LLVMSetAlignment(w, (unsigned)(n * bytes));
        tag(ctx, w);
        LLVMValueRef e[MAX_GROUP];
        for (int k = 0; k < n; k++) /* all before `first` goes */
            e[k] = LLVMBuildExtractElement(b, w, LLVMConstInt(i32, (unsigned)k, 0), "");
        for (int k = 0; k < n; k++) {
            LLVMReplaceAllUsesWith(g[k].inst, e[k]);
            LLVMInstructionEraseFromParent(g[k].inst);
        }
        return;
    }
    LLVMPositionBuilderBefore(b, last);
    LLVMValueRef v = LLVMGetPoison(vt);
    for (int k = 0; k < n; k++)
        v = LLVMBuildInsertElement(b, v, LLVMGetOperand(g[k].inst, 0),
                                   LLVMConstInt(i32, (unsigned)k, 0), "");
    ptr = LLVMBuildGEP2(b, g[0].t, g[0].base, (LLVMValueRef[]){g[0].x}, 1, "wide.ptr");
    LLVMValueRef s = LLVMBuildStore(b, v, ptr);
    LLVMSetAlignment(s, (unsigned)(n * bytes));
    tag(ctx, s);
    for (int k = 0; k < n; k++)
        LLVMInstructionEraseFromParent(g[k].inst);
}

/* The widest aligned group starting at a's element among the block's forms. */
static int try_group(LLVMBuilderRef b, LLVMContextRef ctx, LLVMTargetDataRef td, struct form *f,
                     int nf, int a)
{
    int bytes = element_bytes(td, f[a].t), load = LLVMIsALoadInst(f[a].inst) != NULL;
    for (int n = MAX_GROUP; n >= 2; n /= 2) {
        struct form g[MAX_GROUP];
        LLVMValueRef first = NULL, last = NULL;
        int found = 0;
        if (n * bytes > 64 || f[a].off % n || !multiple_of(f[a].x, n, 0))
            continue;
        for (int k = 0; k < n; k++)
            for (int j = 0; j < nf; j++)
                if (f[j].inst && f[j].base == f[a].base && f[j].x == f[a].x && f[j].t == f[a].t &&
                    f[j].off == f[a].off + k && (LLVMIsALoadInst(f[j].inst) != NULL) == load) {
                    g[k] = f[j];
                    found++;
                    break;
                }
        if (found != n)
            continue;
        /* block order: the first and last member */
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(f[a].inst);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            for (int k = 0; k < n; k++)
                if (g[k].inst == i) {
                    first = first ? first : i;
                    last = i;
                }
        if (!nothing_between(td, first, last, g, n, load))
            continue;
        if (f[a].off) { /* the element at x + off: its own address */
            LLVMPositionBuilderBefore(b, first);
            g[0].x = LLVMBuildAdd(b, g[0].x,
                                  LLVMConstInt(LLVMTypeOf(g[0].x), (unsigned long long)f[a].off, 0),
                                  "wide.idx");
        }
        for (int k = 0; k < n; k++)
            for (int j = 0; j < nf; j++)
                if (f[j].inst == g[k].inst)
                    f[j].inst = NULL;
        merge(b, ctx, g, n, first, last, bytes);
        return 1;
    }
    return 0;
}

static int widen_block(LLVMBuilderRef b, LLVMContextRef ctx, LLVMTargetDataRef td,
                       LLVMBasicBlockRef bb)
{
    int nf = 0, cap = 0;
    struct form *f = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        struct form x;
        if (!address_form(td, i, &x))
            continue;
        if (nf == cap) {
            struct form *g = realloc(f, (size_t)(cap = cap ? 2 * cap : 32) * sizeof(*f));
            if (!g) {
                free(f);
                return -1;
            }
            f = g;
        }
        f[nf++] = x;
    }
    for (int a = 0; a < nf; a++)
        if (f[a].inst)
            try_group(b, ctx, td, f, nf, a);
    free(f);
    return 0;
}

int fe_widen_unrolled(LLVMModuleRef mod, struct fe_result *res)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    int ret = 0;
    for (unsigned k = 0; !ret && k < res->nkernels; k++) {
        LLVMValueRef fn = res->kernels[k].function;
        if (!res->kernels[k].single_work_item || !fn || LLVMIsDeclaration(fn))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); !ret && bb;
             bb = LLVMGetNextBasicBlock(bb))
            ret = widen_block(b, ctx, td, bb);
    }
    LLVMDisposeBuilder(b);
    return ret;
}
