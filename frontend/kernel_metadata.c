/* SPDX-License-Identifier: MIT */
/*
 * Per-kernel facts from clang's kernel metadata (-cl-kernel-arg-info):
 *   !kernel_arg_addr_space   i32 per argument: 0 private (by value), 1 global, 2 constant,
 *                            3 local (clang's SPIR numbering, same as enum fe_addr_space)
 *   !kernel_arg_access_qual  "none" | "read_only" | "write_only" | "read_write"
 *   !kernel_arg_type         "float*", "uint", "float4", ...
 *   !kernel_arg_type_qual    "const", "restrict const", "volatile", "pipe", or ""
 *   !kernel_arg_name         the parameter names
 *   !reqd_work_group_size, !work_group_size_hint   three i32
 *   !vec_type_hint           an undef value of the type, and i32 1 for a signed integer
 * max_work_group_size comes from annotations.c.
 */
#include "fe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

/* A kernel's metadata attachments. */
struct md_set {
    LLVMContextRef ctx;
    LLVMValueMetadataEntry *entries;
    size_t n;
};

int fe_is_kernel(LLVMValueRef fn)
{
    return LLVMGetFunctionCallConv(fn) == LLVMSPIRKERNELCallConv && !LLVMIsDeclaration(fn);
}

/* The attachment named kind as a value for LLVMGetMDNode*, or NULL. */
static LLVMValueRef md_node(struct md_set *s, const char *kind)
{
    unsigned id = LLVMGetMDKindIDInContext(s->ctx, kind, (unsigned)strlen(kind));

    for (size_t i = 0; i < s->n; i++)
        if (LLVMValueMetadataEntriesGetKind(s->entries, (unsigned)i) == id)
            return LLVMMetadataAsValue(
                s->ctx, LLVMValueMetadataEntriesGetMetadata(s->entries, (unsigned)i));
    return NULL;
}

/* Operand i of node, or NULL when the node is missing or shorter. */
static LLVMValueRef md_operand(LLVMValueRef node, unsigned i)
{
    LLVMValueRef ops[64], *all = ops, op = NULL;
    unsigned n = node ? LLVMGetMDNodeNumOperands(node) : 0;

    if (i >= n)
        return NULL;
    if (n > 64 && !(all = malloc(n * sizeof(*all))))
        return NULL;
    LLVMGetMDNodeOperands(node, all);
    op = all[i];
    if (all != ops)
        free(all);
    return op;
}

/* A malloc'ed copy of a string operand; "" when absent. */
static char *md_string(LLVMValueRef node, unsigned i)
{
    LLVMValueRef op = md_operand(node, i);
    unsigned len = 0;
    const char *s = op ? LLVMGetMDString(op, &len) : NULL;

    return s ? strndup(s, len) : strdup("");
}

static uint64_t md_int(LLVMValueRef node, unsigned i)
{
    LLVMValueRef op = md_operand(node, i);

    return op && LLVMIsAConstantInt(op) ? LLVMConstIntGetZExtValue(op) : 0;
}

static enum fe_access parse_access(const char *s)
{
    if (!strcmp(s, "read_only"))
        return FE_ACCESS_READ_ONLY;
    if (!strcmp(s, "write_only"))
        return FE_ACCESS_WRITE_ONLY;
    if (!strcmp(s, "read_write"))
        return FE_ACCESS_READ_WRITE;
    return FE_ACCESS_NONE;
}

/* Bytes clSetKernelArg passes: the pointer, the value, or a byval struct's contents. */
static uint32_t arg_size(LLVMValueRef fn, unsigned i, LLVMTargetDataRef td)
{
    static const char byval[] = "byval";
    unsigned kind = LLVMGetEnumAttributeKindForName(byval, sizeof(byval) - 1);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
    LLVMTypeRef ty = a ? LLVMGetTypeAttributeValue(a) : LLVMTypeOf(LLVMGetParam(fn, i));

    return (uint32_t)LLVMABISizeOfType(td, ty);
}

/* An image's type by its SPIR-V parameters (Dim: 0 1D, 1 2D, 2 3D, 5 buffer; Arrayed). */
static const char *image_type(LLVMTypeRef t)
{
    unsigned dim = LLVMGetTargetExtTypeIntParam(t, 0), arrayed = LLVMGetTargetExtTypeIntParam(t, 2);
    switch (dim) {
    case 0:
        return arrayed ? "image1d_array_t" : "image1d_t";
    case 1:
        return arrayed ? "image2d_array_t" : "image2d_t";
    case 2:
        return "image3d_t";
    case 5:
        return "image1d_buffer_t";
    default:
        return "image"; /* depth and multi-sample images: the library has no functions for them */
    }
}

/* Images (8 argument words) and samplers (1), by clang's types for them. */
static void read_image_kind(struct fe_arg *a, LLVMTypeRef ty)
{
    if (LLVMGetTypeKind(ty) != LLVMTargetExtTypeKind)
        return;
    const char *name = LLVMGetTargetExtTypeName(ty);
    if (!strcmp(name, "spirv.Image") && LLVMGetTargetExtTypeNumIntParams(ty) >= 3) {
        a->kind = FE_ARG_IMAGE;
        a->image_type = image_type(ty);
        a->size = 32;
    } else if (!strcmp(name, "spirv.Sampler")) {
        a->kind = FE_ARG_SAMPLER;
        a->size = 4;
    }
}

static int read_arg(struct fe_kernel *k, unsigned i, struct md_set *s, LLVMTargetDataRef td)
{
    struct fe_arg *a = &k->args[i];
    char *access = md_string(md_node(s, "kernel_arg_access_qual"), i);
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(k->function, i));

    a->addr_space = (enum fe_addr_space)md_int(md_node(s, "kernel_arg_addr_space"), i);
    a->access = access ? parse_access(access) : FE_ACCESS_NONE;
    free(access);
    a->name = md_string(md_node(s, "kernel_arg_name"), i);
    a->type_name = md_string(md_node(s, "kernel_arg_type"), i);
    a->type_qualifiers = md_string(md_node(s, "kernel_arg_type_qual"), i);
    a->is_pointer = a->addr_space != FE_AS_PRIVATE && LLVMGetTypeKind(ty) == LLVMPointerTypeKind;
    a->size = arg_size(k->function, i, td);
    read_image_kind(a, ty);
    return a->name && a->type_name && a->type_qualifiers ? 0 : -1;
}

static void read_triple(LLVMValueRef node, uint32_t out[3])
{
    for (unsigned i = 0; i < 3; i++)
        out[i] = (uint32_t)md_int(node, i);
}

/* vec_type_hint(T) as the source wrote T: "float4", "uchar", "int16". */
static void read_vec_type_hint(LLVMValueRef node, char *out, size_t size)
{
    LLVMValueRef v = md_operand(node, 0);
    LLVMTypeRef t = v ? LLVMTypeOf(v) : NULL;
    unsigned lanes = 1;
    const char *name = NULL;

    if (!t)
        return;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        lanes = LLVMGetVectorSize(t);
        t = LLVMGetElementType(t);
    }
    int is_signed = md_int(node, 1) != 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind:
        name = "half";
        break;
    case LLVMFloatTypeKind:
        name = "float";
        break;
    case LLVMDoubleTypeKind:
        name = "double";
        break;
    case LLVMIntegerTypeKind: {
        static const char *const ints[][2] = {
            {"uchar", "char"}, {"ushort", "short"}, {"uint", "int"}, {"ulong", "long"}};
        unsigned bits = LLVMGetIntTypeWidth(t);
        int i = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : bits == 64 ? 3 : -1;
        name = i >= 0 ? ints[i][is_signed] : NULL;
        break;
    }
    default:
        break;
    }
    if (name && lanes > 1)
        snprintf(out, size, "%s%u", name, lanes);
    else if (name)
        snprintf(out, size, "%s", name);
}

static int read_kernel(struct fe_kernel *k, LLVMValueRef fn, LLVMTargetDataRef td)
{
    struct md_set s = {.ctx = LLVMGetTypeContext(LLVMTypeOf(fn))};
    size_t len;
    int ret = 0;

    k->function = fn;
    k->name = strdup(LLVMGetValueName2(fn, &len));
    k->max_global_work_dim = -1; /* annotations.c sets it when the source has it */
    k->line = fe_function_line(fn, &k->file);
    k->nargs = LLVMCountParams(fn);
    k->args = calloc(k->nargs + 1, sizeof(*k->args));
    if (!k->name || !k->args)
        return -1;
    s.entries = LLVMGlobalCopyAllMetadata(fn, &s.n);
    for (unsigned i = 0; i < k->nargs && !ret; i++)
        ret = read_arg(k, i, &s, td);
    read_triple(md_node(&s, "reqd_work_group_size"), k->reqd_work_group_size);
    read_triple(md_node(&s, "work_group_size_hint"), k->work_group_size_hint);
    read_vec_type_hint(md_node(&s, "vec_type_hint"), k->vec_type_hint, sizeof(k->vec_type_hint));
    if (s.entries)
        LLVMDisposeValueMetadataEntries(s.entries);
    return ret;
}

int fe_read_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
    unsigned n = 0;

    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        n += fe_is_kernel(fn);
    res->kernels = calloc(n + 1, sizeof(*res->kernels));
    if (!res->kernels)
        goto out_oom;
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!fe_is_kernel(fn))
            continue;
        if (read_kernel(&res->kernels[res->nkernels++], fn, td))
            goto out_oom;
    }
    return 0;
out_oom:
    oclhls_strbuf_puts(log, "error: out of memory\n");
    return -1;
}

/* The pipeline keeps kernels (they are external), but look them up again to be sure. */
int fe_refresh_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    for (unsigned i = 0; i < res->nkernels; i++) {
        struct fe_kernel *k = &res->kernels[i];

        k->function = LLVMGetNamedFunction(mod, k->name);
        if (!k->function || !fe_is_kernel(k->function)) {
            oclhls_strbuf_printf(log, "error: internal: kernel '%s' vanished in the optimiser\n",
                                 k->name);
            return -1;
        }
    }
    return 0;
}

void fe_kernel_free(struct fe_kernel *k)
{
    for (unsigned i = 0; k->args && i < k->nargs; i++) {
        free(k->args[i].name);
        free(k->args[i].type_name);
        free(k->args[i].type_qualifiers);
    }
    free(k->args);
    free(k->name);
    memset(k, 0, sizeof(*k));
}
