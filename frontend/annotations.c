/* SPDX-License-Identifier: MIT */
/*
 * __attribute__((max_work_group_size(N))) (Intel FPGA SDK for OpenCL; also (X, Y, Z)). Clang 19
 * does not know the attribute for OpenCL and drops it with a warning, so clang_driver.c
 * predefines it as a macro that turns it into annotate("oclhls.max_work_group_size", N), which
 * clang does keep: an entry of @llvm.global.annotations
 *   { ptr <function>, ptr <"oclhls.max_work_group_size">, ptr <file>, i32 <line>, ptr <args> }
 * with <args> a constant struct of the (constant-folded) arguments. We read the value into
 * struct fe_kernel and delete @llvm.global.annotations, so no annotation reaches HLS.
 */
#include "fe_internal.h"

#include <string.h>

#define FE_ANNOT_MAX_WG "oclhls.max_work_group_size"

const char *const fe_attribute_macros[] = {
    "-Dmax_work_group_size(...)=annotate(\"" FE_ANNOT_MAX_WG "\",__VA_ARGS__)",
    "-D__max_work_group_size__(...)=annotate(\"" FE_ANNOT_MAX_WG "\",__VA_ARGS__)",
    NULL,
};

/* Looks through constant casts (addrspacecast of the function, of the strings). */
static LLVMValueRef strip_casts(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* The annotation's name: operand 1, a global holding a C string. */
static int annotation_is(LLVMValueRef entry, const char *name)
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

/* The product of the arguments (operand 4, a global constant struct), 0 when not 1 or 3. */
static uint64_t max_wg_value(LLVMValueRef entry)
{
    LLVMValueRef g = strip_casts(LLVMGetOperand(entry, 4));
    LLVMValueRef args = g && LLVMIsAGlobalVariable(g) ? LLVMGetInitializer(g) : NULL;
    int n = args ? LLVMGetNumOperands(args) : 0;
    uint64_t v = 1;

    if (n != 1 && n != 3)
        return 0;
    for (int i = 0; i < n; i++) {
        LLVMValueRef c = LLVMGetOperand(args, (unsigned)i);

        if (!LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) <= 0)
            return 0;
        v *= (uint64_t)LLVMConstIntGetSExtValue(c);
        if (v > UINT32_MAX)
            return 0;
    }
    return v;
}

static int apply_max_wg(LLVMValueRef entry, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef fn = strip_casts(LLVMGetOperand(entry, 0));
    struct fe_kernel *k = find_kernel(res, fn);
    uint64_t v = max_wg_value(entry);
    const char *file = NULL;
    unsigned line = fn && LLVMIsAFunction(fn) ? fe_function_line(fn, &file) : 0;

    if (!k) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(log,
                           "warning: 'max_work_group_size' only applies to kernels; ignored\n");
        return 0;
    }
    if (!v) {
        fe_log_location(log, file, line);
        oclhls_strbuf_puts(log, "error: 'max_work_group_size' takes one or three positive integer "
                                "constants whose product fits in 32 bits\n");
        return -1;
    }
    k->max_work_group_size = (uint32_t)v;
    return 0;
}

int fe_read_annotations(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef g = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
    LLVMValueRef init = g ? LLVMGetInitializer(g) : NULL;
    int n = init ? LLVMGetNumOperands(init) : 0;
    int ret = 0;

    for (int i = 0; i < n; i++) {
        LLVMValueRef entry = LLVMGetOperand(init, (unsigned)i);

        if (LLVMGetNumOperands(entry) >= 5 && annotation_is(entry, FE_ANNOT_MAX_WG) &&
            apply_max_wg(entry, res, log))
            ret = -1;
    }
    if (g)
        LLVMDeleteGlobal(g); /* its strings and argument structs go in GlobalDCE */
    return ret;
}
