// SPDX-License-Identifier: MIT
/*
 * Generic pointers resolved after inlining. In OpenCL C 2.0 and later an unqualified pointer
 * in a helper function is generic (address space 4): `void add(int *p, int v) { *p += v; }`
 * called with `&a[i]` of a __global buffer. Once the helper is inlined, its accesses go
 * through `addrspacecast ptr addrspace(1) %q to ptr addrspace(4)`, which HLS cannot follow.
 * Every access through such a cast (a load, a store, an atomic; through getelementptrs of it
 * too) is rewritten onto the named pointer the cast started from, as LLVM's InferAddressSpaces
 * does on targets that name a flat address space. A generic pointer that still chooses
 * between address spaces at run time (a select or phi of casts from different spaces) is
 * left as it is, and HLS reports it at its line.
 */
#include "fe_internal.h"

#include <stdlib.h>

#define GENERIC_AS 4

/* The users of v (they change while we rewrite them); *n of them, NULL when out of memory. */
static LLVMValueRef *users_of(LLVMValueRef v, unsigned *n)
{
    unsigned count = 0, i = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        count++;
    LLVMValueRef *users = malloc((count ? count : 1) * sizeof(*users));
    if (!users)
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        users[i++] = LLVMGetUser(u);
    *n = count;
    return users;
}

/* Moves the accesses through `generic` onto `named`, which points to the same place in its
   own address space. 0, or -1 when out of memory. */
static int rewrite_uses(LLVMBuilderRef b, LLVMValueRef generic, LLVMValueRef named, int depth)
{
    unsigned n;
    LLVMValueRef *users = users_of(generic, &n);
    int ret = users ? 0 : -1;

    for (unsigned i = 0; i < n && !ret; i++) {
        LLVMValueRef u = users[i];
        switch (LLVMIsAInstruction(u) ? LLVMGetInstructionOpcode(u) : (LLVMOpcode)0) {
        case LLVMLoad:
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
            if (LLVMGetOperand(u, 0) == generic)
                LLVMSetOperand(u, 0, named);
            break;
        case LLVMStore:
            if (LLVMGetOperand(u, 1) == generic && LLVMGetOperand(u, 0) != generic)
                LLVMSetOperand(u, 1, named);
            break;
        case LLVMGetElementPtr: {
            if (LLVMGetOperand(u, 0) != generic || depth > 32)
                break;
            unsigned nidx = (unsigned)LLVMGetNumOperands(u) - 1;
            LLVMValueRef idx[16];
            if (nidx > 16)
                break;
            for (unsigned k = 0; k < nidx; k++)
                idx[k] = LLVMGetOperand(u, k + 1);
            LLVMPositionBuilderBefore(b, u);
            LLVMValueRef gep =
                LLVMBuildGEP2(b, LLVMGetGEPSourceElementType(u), named, idx, nidx, "");
            LLVMSetIsInBounds(gep, LLVMIsInBounds(u));
            ret = rewrite_uses(b, u, gep, depth + 1);
            break;
        }
        case LLVMAddrSpaceCast: /* back to a named space: the same pointer if it is ours */
            if (LLVMTypeOf(u) == LLVMTypeOf(named))
                LLVMReplaceAllUsesWith(u, named);
            break;
        default:
            break; /* comparisons, calls, selects, phis: the generic value stays for them */
        }
    }
    free(users);
    return ret;
}

int fe_infer_address_spaces(LLVMModuleRef mod)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !ret;
             bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !ret;
                 in = LLVMGetNextInstruction(in)) {
                if (!LLVMIsAAddrSpaceCastInst(in) ||
                    LLVMGetPointerAddressSpace(LLVMTypeOf(in)) != GENERIC_AS)
                    continue;
                LLVMValueRef from = LLVMGetOperand(in, 0);
                if (LLVMGetPointerAddressSpace(LLVMTypeOf(from)) != GENERIC_AS)
                    ret = rewrite_uses(b, in, from, 0);
            }
    LLVMDisposeBuilder(b);
    return ret;
}
