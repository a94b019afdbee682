/* SPDX-License-Identifier: MIT */
/*
 * The LLVM pass pipeline between clang and HLS, in two runs around private_arrays.c:
 *   always-inline    everything into the kernels (see inline_prep.c); a module that uses
 *                    images gets always-inline and sroa first, then images.c's sampler folding
 *   default<O2>      the standard optimisations: SROA/mem2reg, GVN, LICM, loop rotation,
 *                    SimplifyCFG's if-conversion of small diamonds into selects. Loops are
 *                    unrolled only when the source asks: the pass-builder's loop unrolling is
 *                    off, so LLVM's full and partial unroll passes run "only when forced", by
 *                    #pragma unroll, #pragma unroll N or __attribute__((opencl_unroll_hint(N)))
 *                    (clang's llvm.loop.unroll.* metadata). HLS pipelines loops; unrolling one
 *                    nobody asked for only multiplies its hardware. Loop vectorisation and
 *                    interleaving are off: HLS chooses its own widths. (LoopLoadElimination,
 *                    which no option turns off, can still version a loop: two copies behind a
 *                    run-time check, e.g. for a[i] = a[i - 1] * 3 + b[i].)
 *   scalarizer       vector types of the source (int4 arithmetic) become scalar operations
 *                    (vector loads and stores stay: LLVM 19 splits those only under a global
 *                    flag; HLS then reports them); instcombine and dce tidy up after it
 *   <address spaces> to_global/to_local/to_private/get_fence answered (address_space_queries.c),
 *                    accesses through generic pointers onto the named pointers they were cast
 *                    from, once the helpers are inlined (address_spaces.c); accesses wider
 *                    than their alignment split (split_accesses.c), and a __local or private
 *                    array accessed in several sizes accessed in its smallest (local_puns.c);
 *                    then
 *   <private arrays> small private arrays and constant tables indexed at run time become one
 *                    scalar per element with select chains (private_arrays.c); then
 *   <strength reduction> a loop counter times a kernel argument (k * n in an index) becomes
 *                    a second counter that adds n per iteration (strength_reduce.c): no
 *                    multiplier per iteration; then
 *   sroa             turns those scalars into SSA values (phis at loop headers); early-cse
 *                    merges the repeated element compares, instcombine tidies the offsets, dce
 *                    and globaldce drop what is left (the tables)
 *   lower-switch     switches become compare-and-branch trees (HLS has no switch); it must come
 *                    after every SimplifyCFG, which would turn compare chains back into switches
 *   mergereturn      one return block per kernel: one exit for the datapath
 *   loop-simplify    canonical loops: preheader, single latch, dedicated exits
 *   load-store-vectorizer  adjacent aligned accesses joined into vector accesses again
 *                    (rejoin_vector_accesses)
 *   <live across loops> fewer values carried through loops (live_across_loops.c): address
 *                    arithmetic after a loop moves before it, and a load address
 *                    `base + counter` becomes a stepping pointer when that frees both. Last,
 *                    since InstCombine would sink the moved instructions back
 * Every defined function gets two attributes for the run:
 *   "no-builtins"    a kernel has no C library, and TargetLibraryInfo then offers none: without
 *                    it LoopIdiomRecognize turns `for (i = 0; i < n; i++) a[i] = 0;` into a
 *                    memset with a run-time length (and MemCpyOpt turns store runs into memsets).
 *                    The constant-length llvm.memcpy/memset that clang itself emits for struct
 *                    copies and initialisers are intrinsics, not library calls: unaffected.
 *   noimplicitfloat  the SLP vectoriser skips such functions. It runs inside default<O2>
 *                    whatever the pass-builder option says (only LLVM's global -vectorize-slp
 *                    flag stops it, and a library must not set LLVM's global flags), and it
 *                    turned unrolled reductions into llvm.vector.reduce.*, which the scalarizer
 *                    does not split. Taken off again for the load-store vectoriser at the end.
 * No vector code reaches HLS but vector loads and stores. The module is verified before and
 * after.
 */
#include "fe_internal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#define FE_PIPELINE_MAIN                                                                           \
    "always-inline,default<O2>,function(scalarizer,instcombine<no-verify-fixpoint>,dce)"
#define FE_PIPELINE_TAIL                                                                           \
    "function(sroa,early-cse,instcombine<no-verify-fixpoint>,dce),globaldce,"                      \
    "function(lower-switch,mergereturn,loop-simplify)"

/* For the verbose log. */
const char fe_pass_pipeline[] =
    FE_PIPELINE_MAIN ",<address spaces>,<split accesses>,<private arrays>,<strength reduction>,"
    FE_PIPELINE_TAIL ",function(load-store-vectorizer),<split accesses>,<live across loops>";

static LLVMPassBuilderOptionsRef pipeline_options(void)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();

    LLVMPassBuilderOptionsSetLoopVectorization(o, 0);
    LLVMPassBuilderOptionsSetSLPVectorization(o, 0);
    LLVMPassBuilderOptionsSetLoopInterleaving(o, 0);
    LLVMPassBuilderOptionsSetLoopUnrolling(o, 0); /* forced (pragma) unrolling still runs */
    LLVMPassBuilderOptionsSetVerifyEach(o, 0);
    LLVMPassBuilderOptionsSetDebugLogging(o, 0);
    return o;
}

static void add_attributes(LLVMModuleRef mod)
{
    static const char no_builtins[] = "no-builtins", nif[] = "noimplicitfloat";
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMAttributeRef nb =
        LLVMCreateStringAttribute(ctx, no_builtins, sizeof(no_builtins) - 1, "", 0);
    LLVMAttributeRef ni =
        LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName(nif, sizeof(nif) - 1), 0);

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, nb);
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, ni);
    }
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

static int run(LLVMModuleRef mod, const char *pipeline, LLVMPassBuilderOptionsRef opts,
               struct oclhls_strbuf *log)
{
    LLVMErrorRef err = LLVMRunPasses(mod, pipeline, NULL, opts);
    char *msg;

    if (!err)
        return 0;
    msg = LLVMGetErrorMessage(err); /* consumes err */
    oclhls_strbuf_printf(log, "error: internal: LLVM pass pipeline failed: %s\n", msg);
    LLVMDisposeErrorMessage(msg);
    return -1;
}

/*
 * InstCombine splits a vector load whose lanes are only read one by one (dot(p[i], q[i]))
 * into a load per lane; the load-store vectoriser puts adjacent accesses back together
 * where their alignment allows, so an aligned float4 of global memory is one LSU access
 * again (hls/lower/lower_memory.c). It skips functions marked noimplicitfloat, which was
 * only there for the SLP vectoriser of default<O2>, so the mark goes first. Accesses it
 * joins in other memories are split again by fe_split_accesses.
 */
static int rejoin_vector_accesses(LLVMModuleRef mod, LLVMPassBuilderOptionsRef opts,
                                  struct oclhls_strbuf *log)
{
    static const char nif[] = "noimplicitfloat";
    unsigned kind = LLVMGetEnumAttributeKindForName(nif, sizeof(nif) - 1);

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    return run(mod, "function(load-store-vectorizer)", opts, log);
}

int fe_run_pipeline(LLVMModuleRef mod, const char *pipeline, struct oclhls_strbuf *log)
{
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    int ret = run(mod, pipeline, opts, log);
    LLVMDisposePassBuilderOptions(opts);
    return ret;
}

int fe_run_passes(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    LLVMPassBuilderOptionsRef opts;
    int ret;

    if (verify(mod, "before optimisation", log))
        return -1;
    add_attributes(mod);
    opts = pipeline_options();
    /* images: samplers folded to constants once inlined and out of their allocas (images.c) */
    ret = 0;
    if (fe_images_used(mod)) {
        ret = run(mod, "always-inline,function(sroa)", opts, log);
        if (!ret)
            ret = fe_resolve_images(mod, log);
    }
    if (!ret)
        ret = run(mod, FE_PIPELINE_MAIN, opts, log);
    if (!ret && (fe_address_space_queries(mod) || fe_infer_address_spaces(mod) ||
                 fe_split_accesses(mod) || fe_split_punned_locals(mod))) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    if (!ret && fe_private_arrays(mod)) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    if (!ret)
        fe_strength_reduce(mod);
    if (!ret)
        ret = verify(mod, "after the private-array rewrite", log);
    if (!ret)
        ret = run(mod, FE_PIPELINE_TAIL, opts, log);
    if (!ret)
        ret = rejoin_vector_accesses(mod, opts, log);
    /* instcombine turns small copies into wide words */
    if (!ret && (fe_split_accesses(mod) || fe_split_punned_locals(mod))) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    if (!ret && fe_live_across_loops(mod)) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    LLVMDisposePassBuilderOptions(opts);
    return ret ? ret : verify(mod, "after optimisation", log);
}
