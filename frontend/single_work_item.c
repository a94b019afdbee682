/* SPDX-License-Identifier: MIT */
/*
 * Single work-item kernels ("tasks", launched with clEnqueueTask). A kernel is one when it
 * says so with __attribute__((max_global_work_dim(0))) (annotations.c), or when, after
 * inlining and optimisation, it calls none of the work-item functions that tell work-items
 * apart: get_global_id, get_local_id, get_group_id, get_global_linear_id,
 * get_local_linear_id. That is the Intel FPGA SDK's rule (a kernel that uses no work-item ID
 * is compiled as a single work-item kernel, whose loops are pipelined): its work-items could
 * only repeat one another. The sizes (get_global_size, get_local_size, get_num_groups,
 * get_work_dim, get_global_offset) do not count: every work-item sees the same values.
 */
#include "fe_internal.h"

#include <string.h>

static const char *const fe_id_functions[] = {
    "_Z13get_global_idj",        "_Z12get_local_idj",        "_Z12get_group_idj",
    "_Z20get_global_linear_idv", "_Z19get_local_linear_idv", NULL,
};

static int is_id_call(LLVMValueRef in)
{
    LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMIsAFunction(LLVMGetCalledValue(in)) : NULL;
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;

    for (const char *const *f = fe_id_functions; name && *f; f++)
        if (!strcmp(name, *f))
            return 1;
    return 0;
}

static int uses_ids(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (is_id_call(in))
                return 1;
    return 0;
}

void fe_mark_single_work_items(struct fe_result *res)
{
    for (unsigned i = 0; i < res->nkernels; i++)
        if (!uses_ids(res->kernels[i].function))
            res->kernels[i].single_work_item = 1;
}
