/* SPDX-License-Identifier: MIT */
/* Source locations from the line tables clang emits (-gline-tables-only), and names for users. */
#include "fe_internal.h"
#include "debug_loc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

/*
 * The strings come from MDStrings, which LLVM stores NUL-terminated, so handing out the
 * pointer without its length is safe.
 *
 * The builtin library's bitcode has no debug info, so code inlined from it (atomics,
 * work-group functions) carries the location of the kernel's call: LLVM's inliner gives an
 * inlined instruction without a location that of the call site.
 */
unsigned fe_inst_line(LLVMValueRef inst, const char **file)
{
    unsigned len = 0;
    unsigned line;
    const char *f;

    if (file)
        *file = NULL;
    if (!inst || !LLVMIsAInstruction(inst))
        return 0;
    line = LLVMGetDebugLocLine(inst);
    f = line ? LLVMGetDebugLocFilename(inst, &len) : NULL;
    if (file && f && len)
        *file = f;
    return line;
}

/* Line of a function's definition from its DISubprogram; 0 when it has none. */
unsigned fe_function_line(LLVMValueRef fn, const char **file)
{
    LLVMMetadataRef sp = LLVMGetSubprogram(fn);
    LLVMMetadataRef df;
    unsigned len = 0;
    const char *f;

    if (file)
        *file = NULL;
    if (!sp)
        return 0;
    df = LLVMDIScopeGetFile(sp);
    f = df ? LLVMDIFileGetFilename(df, &len) : NULL;
    if (file && f && len)
        *file = f;
    return LLVMDISubprogramGetLine(sp);
}

void fe_log_location(struct oclhls_strbuf *log, const char *file, unsigned line)
{
    if (file && line)
        oclhls_strbuf_printf(log, "%s:%u: ", file, line);
    else if (file)
        oclhls_strbuf_printf(log, "%s: ", file);
}

/*
 * OpenCL C builtins are overloadable, so clang mangles them: "_Z13get_global_idj". Users wrote
 * "get_global_id"; that is what errors should say. Only the <length><name> prefix is read.
 */
const char *fe_demangle(const char *name, char *buf, size_t n)
{
    const char *p;
    char *end;
    unsigned long len;

    if (strncmp(name, "_Z", 2) || !isdigit((unsigned char)name[2]))
        return name;
    len = strtoul(name + 2, &end, 10);
    p = end;
    if (len == 0 || len >= n || strlen(p) < len)
        return name;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return buf;
}

/*
 * Clang gives every loop an !llvm.loop node when it emits debug info:
 *   distinct !{<self>, <start DILocation>, <end DILocation>, <properties...>}
 * on the loop's latch branch; the pipeline keeps it on the latch. The first DILocation is the
 * loop statement's start (the for/while/do keyword). Remainder loops made by runtime
 * unrolling get a node without locations: 0.
 */
/* The loop's start DILocation from its latch's !llvm.loop; NULL when absent. */
static LLVMMetadataRef loop_start(LLVMValueRef latch_terminator)
{
    static const char kind[] = "llvm.loop";
    LLVMValueRef node, stack_ops[16], *ops = stack_ops;
    LLVMMetadataRef start = NULL;
    unsigned n;

    if (!latch_terminator || !LLVMIsAInstruction(latch_terminator))
        return NULL;
    node = LLVMGetMetadata(
        latch_terminator, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(latch_terminator)),
                                                   kind, (unsigned)sizeof(kind) - 1));
    n = node ? LLVMGetMDNodeNumOperands(node) : 0;
    if (n > sizeof(stack_ops) / sizeof(stack_ops[0]) && !(ops = malloc(n * sizeof(*ops))))
        return NULL;
    if (n)
        LLVMGetMDNodeOperands(node, ops);
    for (unsigned i = 1; i < n && !start; i++) {
        LLVMMetadataRef md = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;

        if (md && LLVMGetMetadataKind(md) == LLVMDILocationMetadataKind)
            start = md;
    }
    if (ops != stack_ops)
        free(ops);
    return start;
}

unsigned fe_loop_start_line(LLVMValueRef latch_terminator)
{
    LLVMMetadataRef start = loop_start(latch_terminator);

    return start ? LLVMDILocationGetLine(start) : 0;
}

/* The DIFile of a loop's start location, NULL when unknown. */
static LLVMMetadataRef loop_start_file(LLVMValueRef latch_terminator)
{
    LLVMMetadataRef start = loop_start(latch_terminator);
    LLVMMetadataRef scope = start ? LLVMDILocationGetScope(start) : NULL;

    return scope ? LLVMDIScopeGetFile(scope) : NULL;
}

const char *fe_loop_start_file(LLVMValueRef latch_terminator)
{
    LLVMMetadataRef file = loop_start_file(latch_terminator);
    unsigned len = 0;
    const char *name = file ? LLVMDIFileGetFilename(file, &len) : NULL;

    return name && len ? name : NULL;
}

const char *fe_loop_start_unit(LLVMValueRef latch_terminator)
{
    LLVMMetadataRef file = loop_start_file(latch_terminator);
    unsigned len = 0;
    const char *dir = file ? LLVMDIFileGetDirectory(file, &len) : NULL;

    return dir && len ? dir : NULL;
}
