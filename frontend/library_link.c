/* SPDX-License-Identifier: MIT */
/*
 * Links the builtin library's bitcode (builtins_bc.c) into a kernel's module. The library is
 * read lazily: only the bodies the kernel calls (and what they call) are ever parsed, so a
 * kernel pays for the functions it uses, not for the library's thousands of overloads.
 */
#include "fe_internal.h"
#include "builtins_bc.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

/*
 * The linker copies a link-once definition only where the destination refers to it. The
 * library is compiled as ordinary external definitions (so that clang emits them all), and
 * becomes link-once here; unmaterialised functions keep their linkage like any other.
 */
static void make_link_once(LLVMModuleRef lib)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
        if (LLVMGetLinkage(f) == LLVMExternalLinkage && !LLVMIsDeclaration(f))
            LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
    for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g))
        if (LLVMGetLinkage(g) == LLVMExternalLinkage && !LLVMIsDeclaration(g))
            LLVMSetLinkage(g, LLVMLinkOnceODRLinkage);
}

int fe_link_library(LLVMModuleRef mod, struct oclhls_strbuf *log)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)fe_builtins_bc, fe_builtins_bc_size(), "oclhls_builtins.bc", 0);
    LLVMModuleRef lib = NULL;

    if (!mb) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    /* the lazy module owns mb from here on, whether or not it could be read */
    if (LLVMGetBitcodeModuleInContext2(ctx, mb, &lib)) {
        oclhls_strbuf_puts(log, "internal error: the builtin library's bitcode does not parse\n");
        return -1;
    }
    make_link_once(lib);
    /* LLVMLinkModules2 consumes lib; a failure has gone to the context's diagnostic handler */
    if (LLVMLinkModules2(mod, lib)) {
        oclhls_strbuf_puts(log, "internal error: cannot link the builtin library\n");
        return -1;
    }
    return 0;
}
