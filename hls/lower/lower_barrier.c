// SPDX-License-Identifier: MIT
/*
 * barrier() and work_group_barrier(): a point in the operation list where the work-items of
 * a group gather (segments.c cuts the pipeline there; ocl_barrier holds a group's tokens until
 * all have arrived). A barrier under a condition is, as the spec requires, reached by all
 * work-items of the group or none; if-converted, every token passes it anyway.
 */
#include <stdlib.h>

#include "lower_shared.h"

/* cl_mem_fence_flags (OpenCL C 6.15.8): CLK_GLOBAL_MEM_FENCE */
#define FENCE_GLOBAL 0x02

int lower_barrier(struct lower *l, LLVMValueRef call, unsigned line)
{
    struct hir_kernel *k = l->k;
    LLVMValueRef flags = LLVMGetOperand(call, 0);
    /* flags that are not a constant: order everything */
    int global = !LLVMIsAConstantInt(flags) || (LLVMConstIntGetZExtValue(flags) & FENCE_GLOBAL);
    if (lower_work_group_slot(l) == HIR_NONE)
        return lower_error(l, line, "out of memory");
    struct hir_barrier *grown =
        realloc(k->barriers, (size_t)(k->nbarriers + 1) * sizeof(*grown));
    if (!grown)
        return lower_error(l, line, "out of memory");
    k->barriers = grown;
    k->barriers[k->nbarriers++] = (struct hir_barrier){.pos = k->nops,
                                                       .line = line,
                                                       .file = k->cur_file,
                                                       .global_fence = global,
                                                       .gate_of = HIR_NONE};
    return 0;
}
