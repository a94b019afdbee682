/* SPDX-License-Identifier: MIT */
/* Source locations from the line tables clang emits (-gline-tables-only), and names for users. */
#include "fe_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

/*
 * The strings come from MDStrings, which LLVM stores NUL-terminated, so handing out the
 * pointer without its length is safe.
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
