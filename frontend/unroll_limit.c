// SPDX-License-Identifier: MIT
/*
 * A bound on forced unrolling, checked before the pass pipeline: `#pragma unroll N` (clang's
 * llvm.loop.unroll.count) with N above FE_MAX_UNROLL is an error at the loop's line. LLVM
 * would spend minutes making 100,000 copies of a body, and the hardware would not fit any
 * FPGA: the loop is pipelined without unrolling (docs/architecture.md, "Loops").
 */
#include "debug_loc.h"
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

/* The count of a llvm.loop node's llvm.loop.unroll.count entry, 0 when it has none. */
static unsigned long long unroll_count(LLVMValueRef loop)
{
    unsigned n = LLVMGetMDNodeNumOperands(loop);
    LLVMValueRef *ops = calloc(n ? n : 1, sizeof(*ops));
    unsigned long long count = 0;

    if (!ops)
        return 0;
    LLVMGetMDNodeOperands(loop, ops);
    for (unsigned i = 1; i < n && !count; i++) {
        LLVMValueRef entry[2];
        unsigned len;
        if (!ops[i] || !LLVMIsAMDNode(ops[i]) || LLVMGetMDNodeNumOperands(ops[i]) != 2)
            continue;
        LLVMGetMDNodeOperands(ops[i], entry);
        const char *name = entry[0] ? LLVMGetMDString(entry[0], &len) : NULL;
        if (name && len == strlen("llvm.loop.unroll.count") &&
            !strncmp(name, "llvm.loop.unroll.count", len) && entry[1] &&
            LLVMIsAConstantInt(entry[1]))
            count = LLVMConstIntGetZExtValue(entry[1]);
    }
    free(ops);
    return count;
}

int fe_check_unroll(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    static const char kind[] = "llvm.loop";
    unsigned id = LLVMGetMDKindIDInContext(LLVMGetModuleContext(mod), kind, sizeof(kind) - 1);
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
             bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            LLVMValueRef loop = term ? LLVMGetMetadata(term, id) : NULL;
            unsigned long long count = loop ? unroll_count(loop) : 0;
            if (count <= FE_MAX_UNROLL)
                continue;
            const char *file = NULL;
            unsigned at = fe_inst_line(term, &file), line = fe_loop_start_line(term);
            struct oclhls_strbuf msg = {0};
            fe_log_location(&msg, file, line ? line : at);
            oclhls_strbuf_printf(&msg,
                                 "error: #pragma unroll %llu: at most %d copies of a loop body "
                                 "(the loop is pipelined as it is; unroll it by a factor that "
                                 "makes the parallel work you want)\n",
                                 count, FE_MAX_UNROLL);
            if (msg.buf && !(log->buf && strstr(log->buf, msg.buf)))
                oclhls_strbuf_puts(log, msg.buf);
            oclhls_strbuf_release(&msg);
            ret = -1;
        }
    return ret;
}
