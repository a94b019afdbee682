/* SPDX-License-Identifier: MIT */
/*
 * The LLVM pass pipeline between clang and HLS:
 *   always-inline    everything into the kernels (see inline_prep.c)
 *   default<O2>      the standard optimisations: SROA/mem2reg, GVN, LICM, loop rotation, full
 *                    unrolling of small constant-trip loops (#pragma unroll is honoured),
 *                    SimplifyCFG's if-conversion of small diamonds into selects
 *   scalarizer       back to scalar code: LLVM 19 runs the SLP vectoriser inside default<O2>
 *                    whatever the pass-builder option says (only the global -vectorize-slp
 *                    flag stops it, and a library must not set LLVM's global flags), so any
 *                    vector arithmetic it formed is split again (vector loads and stores stay:
 *                    LLVM 19 only splits those under a global flag too; HLS then reports
 *                    them); instcombine and dce tidy up after it
 *   lower-switch     switches become compare-and-branch trees (HLS has no switch); it must come
 *                    after every SimplifyCFG, which would turn compare chains back into switches
 *   mergereturn      one return block per kernel: one exit for the datapath
 *   loop-simplify    canonical loops: preheader, single latch, dedicated exits
 * No vector code reaches HLS: it chooses its own widths. The module is verified afterwards.
 */
#include "fe_internal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

const char fe_pass_pipeline[] =
    "always-inline,default<O2>,"
    "function(scalarizer,instcombine,dce,lower-switch,mergereturn,loop-simplify)";

static LLVMPassBuilderOptionsRef pipeline_options(void)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();

    LLVMPassBuilderOptionsSetLoopVectorization(o, 0);
    LLVMPassBuilderOptionsSetSLPVectorization(o, 0);
    LLVMPassBuilderOptionsSetLoopInterleaving(o, 0);
    LLVMPassBuilderOptionsSetVerifyEach(o, 0);
    LLVMPassBuilderOptionsSetDebugLogging(o, 0);
    return o;
}

static int verify(LLVMModuleRef mod, const char *when, struct oclhls_strbuf *log)
{
    char *msg = NULL;
    int bad = LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg);

    if (bad)
        oclhls_strbuf_printf(log, "error: internal: the module does not verify %s:\n%s\n", when,
                             msg ? msg : "");
    LLVMDisposeMessage(msg);
    return bad ? -1 : 0;
}

int fe_run_passes(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    LLVMPassBuilderOptionsRef opts;
    LLVMErrorRef err;
    int ret = 0;

    if (verify(mod, "before optimisation", log))
        return -1;
    opts = pipeline_options();
    err = LLVMRunPasses(mod, fe_pass_pipeline, NULL, opts);
    if (err) {
        char *msg = LLVMGetErrorMessage(err); /* consumes err */

        oclhls_strbuf_printf(log, "error: internal: LLVM pass pipeline failed: %s\n", msg);
        LLVMDisposeErrorMessage(msg);
        ret = -1;
    }
    LLVMDisposePassBuilderOptions(opts);
    return ret ? ret : verify(mod, "after optimisation", log);
}
