// SPDX-License-Identifier: MIT
/*
 * The entries of @llvm.global.annotations that our attribute macros make (annotations.c
 * lists the macros): { ptr <function>, ptr <"oclhls.<name>">, ptr <file>, i32 <line>,
 * ptr <args> }. Reading them is shared by annotations.c, throughput_attributes.c and
 * channels.c.
 */
#include "fe_internal.h"

#include <string.h>

/* Looks through constant casts (addrspacecast of the function, of the strings). */
static LLVMValueRef strip_casts(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* The annotation's name: operand 1, a global holding a C string. */
int fe_annotation_is(LLVMValueRef entry, const char *name)
{
    LLVMValueRef g = strip_casts(LLVMGetOperand(entry, 1));
    LLVMValueRef init = g && LLVMIsAGlobalVariable(g) ? LLVMGetInitializer(g) : NULL;
    size_t len = 0;
    const char *s =
        init && LLVMIsAConstantDataSequential(init) ? LLVMGetAsString(init, &len) : NULL;

    return s && len == strlen(name) + 1 && !memcmp(s, name, len);
}

static struct fe_kernel *find_kernel(struct fe_result *res, LLVMValueRef fn)
{
    for (unsigned i = 0; i < res->nkernels; i++)
        if (res->kernels[i].function == fn)
            return &res->kernels[i];
    return NULL;
}

/*
 * The arguments: operand 4, a global constant struct (zeroinitializer when they are all 0);
 * none when it is missing. The i-th is LLVMGetAggregateElement(*args, i).
 */
unsigned fe_annotation_args(LLVMValueRef entry, LLVMValueRef *args)
{
    LLVMValueRef g = strip_casts(LLVMGetOperand(entry, 4));
    LLVMTypeRef t;

    *args = g && LLVMIsAGlobalVariable(g) ? LLVMGetInitializer(g) : NULL;
    t = *args ? LLVMTypeOf(*args) : NULL;
    return t && LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : 0;
}

struct fe_kernel *fe_annotated_kernel(LLVMValueRef entry, const char *attr, struct fe_result *res,
                                      struct oclhls_strbuf *log, const char **file, unsigned *line)
{
    LLVMValueRef fn = strip_casts(LLVMGetOperand(entry, 0));
    struct fe_kernel *k = find_kernel(res, fn);

    *file = NULL;
    *line = fn && LLVMIsAFunction(fn) ? fe_function_line(fn, file) : 0;
    if (!k) {
        fe_log_location(log, *file, *line);
        oclhls_strbuf_printf(log, "warning: '%s' only applies to kernels; ignored\n", attr);
    }
    return k;
}
