// SPDX-License-Identifier: MIT
/*
 * get_global_linear_id() and get_local_linear_id() in a kernel with SIMD lanes
 * (simd_lanes.c): each call becomes the sum of ids and sizes OpenCL C 2.0 defines it by,
 *   global: ((gid(2) - off(2)) * gsize(1) + gid(1) - off(1)) * gsize(0) + gid(0) - off(0)
 *   local:  (lid(2) * lsize(1) + lid(1)) * lsize(0) + lid(0),
 * so that the lanes' rewriting of the x ids and sizes (N * id' + lane, N * size') gives each
 * lane its own linear id.
 */
#include "fe_internal.h"

#include <string.h>

#include <llvm-c/DebugInfo.h>

/* A call of the work-item function `name` (one uint argument, result of type t) on dim d. */
static LLVMValueRef wi_call(LLVMBuilderRef b, LLVMModuleRef mod, const char *name, LLVMTypeRef t,
                            unsigned d)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef ft = LLVMFunctionType(t, &i32, 1, 0);
    LLVMValueRef f = LLVMGetNamedFunction(mod, name);
    if (!f)
        f = LLVMAddFunction(mod, name, ft);
    LLVMValueRef arg = LLVMConstInt(i32, d, 0);
    return LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, &arg, 1, "");
}

static LLVMValueRef linear_id(LLVMBuilderRef b, LLVMModuleRef mod, LLVMTypeRef t, int global)
{
    const char *id = global ? "_Z13get_global_idj" : "_Z12get_local_idj";
    const char *size = global ? "_Z15get_global_sizej" : "_Z14get_local_sizej";
    LLVMValueRef acc = LLVMConstInt(t, 0, 0);
    for (unsigned d = 3; d-- > 0;) {
        LLVMValueRef v = wi_call(b, mod, id, t, d);
        if (global)
            v = LLVMBuildSub(b, v, wi_call(b, mod, "_Z17get_global_offsetj", t, d), "");
        if (d < 2)
            acc = LLVMBuildMul(b, acc, wi_call(b, mod, size, t, d), "");
        acc = LLVMBuildAdd(b, acc, v, "linear.id");
    }
    return acc;
}

int fe_simd_linear_ids(LLVMModuleRef mod, LLVMValueRef fn)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            size_t len;
            const char *n = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
            int global = n && !strcmp(n, "_Z20get_global_linear_idv");
            if (!global && !(n && !strcmp(n, "_Z19get_local_linear_idv")))
                continue;
            LLVMPositionBuilderBefore(b, i);
            LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(i));
            LLVMValueRef v = linear_id(b, mod, LLVMTypeOf(i), global);
            LLVMReplaceAllUsesWith(i, v);
            LLVMInstructionEraseFromParent(i);
        }
    LLVMDisposeBuilder(b);
    return 0;
}
