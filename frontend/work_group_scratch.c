/* SPDX-License-Identifier: MIT */
/*
 * The work-group functions of builtins/work_group.cl need a __local array, which only a
 * kernel may declare. They call __oclhls_wg_scratch32() or __oclhls_wg_scratch64() instead;
 * here every such call becomes the address of a hidden address-space-3 global (what clang
 * makes of a kernel's __local variable), one per word size. HLS recognises the globals by
 * FE_WG_SCRATCH_PREFIX and gives each one word per work-item of the kernel's largest
 * work-group.
 */
#include "fe_internal.h"

#include <stdio.h>
#include <string.h>

#define FE_LOCAL_ADDRESS_SPACE 3

static LLVMValueRef scratch_global(LLVMModuleRef mod, unsigned bits)
{
    char name[64];
    snprintf(name, sizeof(name), "%s.u%u", FE_WG_SCRATCH_PREFIX, bits);
    LLVMValueRef g = LLVMGetNamedGlobal(mod, name);
    if (g)
        return g;
    LLVMTypeRef word = LLVMIntTypeInContext(LLVMGetModuleContext(mod), bits);
    LLVMTypeRef type = LLVMArrayType2(word, 1); /* HLS sizes it per kernel */
    g = LLVMAddGlobalInAddressSpace(mod, type, name, FE_LOCAL_ADDRESS_SPACE);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetInitializer(g, LLVMGetUndef(type));
    LLVMSetAlignment(g, bits / 8);
    return g;
}

static void replace_calls(LLVMModuleRef mod, const char *fname, unsigned bits)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, fname);
    if (!fn)
        return;
    LLVMValueRef g = NULL;
    LLVMUseRef u;
    while ((u = LLVMGetFirstUse(fn)) != NULL) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!g)
            g = scratch_global(mod, bits);
        if (LLVMIsACallInst(call)) {
            LLVMReplaceAllUsesWith(call, g);
            LLVMInstructionEraseFromParent(call);
        } else {
            LLVMReplaceAllUsesWith(fn, LLVMConstNull(LLVMTypeOf(fn))); /* not called: unused */
            break;
        }
    }
    LLVMDeleteFunction(fn);
}

void fe_work_group_scratch(LLVMModuleRef mod)
{
    replace_calls(mod, "__oclhls_wg_scratch32", 32);
    replace_calls(mod, "__oclhls_wg_scratch64", 64);
}
