/* SPDX-License-Identifier: MIT */
/*
 * Images and samplers (builtins/images.cl). The library's image builtins read an image's
 * descriptor through __oclhls_image_texels.<tag>(image) and __oclhls_image_word.<tag>(image,
 * k), and a sampler's bits through __oclhls_sampler_bits(sampler); HLS answers them from the
 * kernel's argument words (hls/lower/lower_image.c). Once everything is inlined and the
 * allocas are values (passes.c runs always-inline and sroa first when a kernel uses images),
 * each sampler is either a kernel argument or clang's __translate_sampler_initializer(bits)
 * of a sampler declared in the source: the latter becomes the constant, so that the
 * optimiser drops the addressing and filter code of every other mode. An image or a sampler
 * that is neither (chosen at run time) is refused at its line.
 */
#include "debug_loc.h"
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

static const char sampler_bits[] = "__oclhls_sampler_bits";
static const char translate[] = "__translate_sampler_initializer";

int fe_is_image_function(const char *name)
{
    return !strcmp(name, sampler_bits) || !strncmp(name, "__oclhls_image_texels.", 22) ||
           !strncmp(name, "__oclhls_image_word.", 20);
}

int fe_images_used(LLVMModuleRef mod)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        if (LLVMIsDeclaration(fn) && LLVMGetFirstUse(fn) &&
            (fe_is_image_function(name) || !strcmp(name, translate)))
            return 1;
    }
    return 0;
}

static int is_call_to(LLVMValueRef v, const char *name)
{
    LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMIsAFunction(LLVMGetCalledValue(v)) : NULL;
    size_t len;
    return callee && !strcmp(LLVMGetValueName2(callee, &len), name);
}

/* The sampler s as an i32 before `at`: a constant, the argument's own call (kept), a select
   or phi of declared samplers; NULL when it is chosen otherwise. */
static LLVMValueRef sampler_value(LLVMValueRef s, LLVMValueRef at, LLVMTypeRef i32, int *keep)
{
    if (is_call_to(s, translate))
        return LLVMGetOperand(s, 0);
    if (LLVMIsAArgument(s)) {
        *keep = 1;
        return NULL;
    }
    if (LLVMIsASelectInst(s)) {
        int k0 = 0, k1 = 0;
        LLVMValueRef a = sampler_value(LLVMGetOperand(s, 1), at, i32, &k0);
        LLVMValueRef b = sampler_value(LLVMGetOperand(s, 2), at, i32, &k1);
        if (!a || !b)
            return NULL; /* an argument against a constant: not worth a second call */
        LLVMBuilderRef bld = fe_builder_at(at);
        LLVMValueRef v = LLVMBuildSelect(bld, LLVMGetOperand(s, 0), a, b, "sampler");
        LLVMDisposeBuilder(bld);
        return v;
    }
    if (LLVMIsAPHINode(s)) { /* `c ? a : b` before SimplifyCFG: a phi of declared samplers */
        unsigned n = LLVMCountIncoming(s);
        LLVMValueRef vals[16];
        LLVMBasicBlockRef blocks[16];
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef in = LLVMGetIncomingValue(s, i);
            if (n > 16 || !is_call_to(in, translate))
                return NULL;
            vals[i] = LLVMGetOperand(in, 0);
            blocks[i] = LLVMGetIncomingBlock(s, i);
        }
        LLVMBuilderRef bld = fe_builder_at(s);
        LLVMValueRef phi = LLVMBuildPhi(bld, i32, "sampler");
        LLVMDisposeBuilder(bld);
        LLVMAddIncoming(phi, vals, blocks, n);
        return phi;
    }
    return NULL;
}

/* Does the sampler s come from a load of a program-scope sampler (through a phi)? clang
   loads a `__constant sampler_t` used as an lvalue from an external global without its bits. */
static int program_scope_load(LLVMValueRef s)
{
    if (LLVMIsALoadInst(s))
        return LLVMIsAGlobalVariable(LLVMGetOperand(s, 0)) != NULL;
    if (LLVMIsAPHINode(s))
        for (unsigned i = 0; i < LLVMCountIncoming(s); i++)
            if (LLVMIsALoadInst(LLVMGetIncomingValue(s, i)) &&
                LLVMIsAGlobalVariable(LLVMGetOperand(LLVMGetIncomingValue(s, i), 0)))
                return 1;
    return 0;
}

/* Calls of fn (by name) in the module, malloc'ed; 0 when none or fn is absent. */
static unsigned calls_of(LLVMModuleRef mod, const char *name, LLVMValueRef **calls)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
    *calls = NULL;
    return fn ? fe_collect_calls(fn, calls) : 0;
}

static int is_sampler(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           !strcmp(LLVMGetTargetExtTypeName(t), "spirv.Sampler");
}

/* The sampler values nothing reads any more once folded (the choices and initializers the
   constants replaced): clang's initializer is a call the optimiser would keep. */
static void drop_dead_samplers(LLVMModuleRef mod)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
                 bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
                    next = LLVMGetNextInstruction(in);
                    if (is_sampler(in) && !LLVMGetFirstUse(in) &&
                        (LLVMIsAPHINode(in) || LLVMIsASelectInst(in) || LLVMIsALoadInst(in) ||
                         is_call_to(in, translate))) {
                        LLVMInstructionEraseFromParent(in);
                        changed = 1;
                    }
                }
    }
}

static int fold_samplers(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
    LLVMValueRef *calls;
    unsigned n = calls_of(mod, sampler_bits, &calls);
    int ret = 0;

    for (unsigned i = 0; i < n; i++) {
        int keep = 0;
        LLVMValueRef v = sampler_value(LLVMGetOperand(calls[i], 0), calls[i], i32, &keep);
        if (keep)
            continue;
        LLVMValueRef from = LLVMGetOperand(calls[i], 0);
        if (!v && !LLVMIsASelectInst(from) && program_scope_load(from)) {
            fe_call_error(calls[i], log,
                          "a program-scope sampler chosen with ?: (or read through a pointer) "
                          "has no value in clang's output: declare the samplers in the kernel, "
                          "or choose between read_image calls");
            ret = -1;
            continue;
        }
        if (!v) {
            fe_call_error(calls[i], log,
                          "a sampler chosen at run time is not supported: use one sampler "
                          "declared in the source, or a sampler argument");
            ret = -1;
            continue;
        }
        LLVMReplaceAllUsesWith(calls[i], v);
        LLVMInstructionEraseFromParent(calls[i]);
    }
    free(calls);
    drop_dead_samplers(mod);
    return ret;
}

/* Every image a descriptor is read from must be a kernel argument. */
static int check_images(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    int ret = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        LLVMValueRef *calls;
        if (!LLVMIsDeclaration(fn) || !fe_is_image_function(name) || !strcmp(name, sampler_bits))
            continue;
        unsigned n = fe_collect_calls(fn, &calls);
        for (unsigned i = 0; i < n; i++)
            if (!LLVMIsAArgument(LLVMGetOperand(calls[i], 0))) {
                fe_call_error(calls[i], log,
                              "an image chosen at run time is not supported: each image "
                              "access must name one image argument of the kernel");
                ret = -1;
            }
        free(calls);
    }
    return ret;
}

int fe_resolve_images(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    int a = fold_samplers(mod, log);
    int b = check_images(mod, log);
    return a || b ? -1 : 0;
}
