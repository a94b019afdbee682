/* SPDX-License-Identifier: MIT */
/*
 * Everything is inlined into the kernels: hardware has no call stack. Before the pipeline every
 * non-kernel function becomes internal + alwaysinline (noinline/optnone removed), and so does
 * every kernel that another kernel calls (clang 19 emits such calls to the kernel itself). After
 * the pipeline the kernels lose alwaysinline again.
 */
#include "fe_internal.h"

#include <string.h>

static unsigned attr_kind(const char *name)
{
    return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

static void add_fn_attr(LLVMValueRef fn, const char *name)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));

    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(ctx, attr_kind(name), 0));
}

static void remove_fn_attr(LLVMValueRef fn, const char *name)
{
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, attr_kind(name));
}

/* Drops call-site noinline and marks called kernels alwaysinline. */
static void prepare_calls(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            LLVMValueRef callee;

            if (!LLVMIsACallInst(in))
                continue;
            LLVMRemoveCallSiteEnumAttribute(in, LLVMAttributeFunctionIndex, attr_kind("noinline"));
            callee = LLVMIsAFunction(LLVMGetCalledValue(in));
            if (callee && fe_is_kernel(callee) && !LLVMIsDeclaration(callee))
                add_fn_attr(callee, "alwaysinline");
        }
    }
}

void fe_prepare_inlining(LLVMModuleRef mod)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        remove_fn_attr(fn, "optnone");
        remove_fn_attr(fn, "noinline");
        if (!fe_is_kernel(fn)) {
            add_fn_attr(fn, "alwaysinline");
            LLVMSetLinkage(fn, LLVMInternalLinkage);
            LLVMSetVisibility(fn, LLVMDefaultVisibility);
        }
        prepare_calls(fn);
    }
}

void fe_finish_inlining(LLVMModuleRef mod)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (fe_is_kernel(fn))
            remove_fn_attr(fn, "alwaysinline");
}
