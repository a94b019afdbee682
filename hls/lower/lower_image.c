// SPDX-License-Identifier: MIT
/*
 * Image and sampler arguments (frontend/builtins/images.cl, docs/program-file.md "Images"). An
 * image is 8 argument words: the device address of its texels, then width, height, depth,
 * array size, row pitch, slice pitch and the format word; the library reads them through
 * __oclhls_image_texels.<tag>(image) and __oclhls_image_word.<tag>(image, k), each a slice of
 * the argument (an HIR_ARG at the word's byte). The texel address carries the argument as its
 * provenance, and images are restrict: a kernel may not read and write one image through two
 * arguments; a write-only image's stores wait for no other (HIR_ARG_OWN_BYTES). A sampler is
 * one word, clang's bit encoding, read by __oclhls_sampler_bits.
 */
#include <string.h>

#include "lower_shared.h"

#define IMAGE_WORDS 8u

static int is_type(LLVMValueRef p, const char *name)
{
    LLVMTypeRef t = LLVMTypeOf(p);
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           !strcmp(LLVMGetTargetExtTypeName(t), name);
}

static int arg_word(struct lower *l, int arg, unsigned word, unsigned line)
{
    int id = hir_emit(l->k, HIR_ARG, 32, 0, NULL);
    if (id == HIR_NONE) {
        lower_error(l, line, "out of memory");
        return HIR_NONE;
    }
    l->k->ops[id].imm = (uint64_t)arg;
    l->k->ops[id].aux = word * 4u;
    l->k->ops[id].line = line;
    return id;
}

int lower_image_argument(struct lower *l, int arg, unsigned *offset)
{
    LLVMValueRef p = LLVMGetParam(l->fk->function, (unsigned)arg);
    int image = is_type(p, "spirv.Image");
    if (!image && !is_type(p, "spirv.Sampler"))
        return 0;
    struct hir_kernel *k = l->k;
    unsigned bytes = image ? IMAGE_WORDS * 4u : 4u;
    if (lower_argument_room(l, *offset + bytes, l->fk->line))
        return -1;
    k->arg_width[arg] = bytes * 8u;
    k->arg_csr_offset[arg] = *offset;
    *offset += bytes;
    if (image)
        k->arg_flags[arg] |= HIR_ARG_RESTRICT;
    /* A write-only image is only written, each texel by one work-item (two writes of one
       texel by different work-items are undefined), so its stores wait for none another
       makes: the store of each texel size its format may have is its own LSU. */
    if (image && l->fk->args[arg].access == FE_ACCESS_WRITE_ONLY)
        k->arg_flags[arg] |= HIR_ARG_OWN_BYTES;
    return 1;
}

/* The kernel argument v is, or -1. */
static int argument_index(struct lower *l, LLVMValueRef v)
{
    LLVMValueRef fn = l->fk->function;
    for (unsigned i = 0; i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == v)
            return (int)i;
    return -1;
}

int lower_image_call(struct lower *l, LLVMValueRef call, const char *name, unsigned line)
{
    int texels = !strncmp(name, "__oclhls_image_texels.", 22);
    int word = !strncmp(name, "__oclhls_image_word.", 20);
    int sampler = !strcmp(name, "__oclhls_sampler_bits");
    if (!texels && !word && !sampler)
        return 0;
    int arg = argument_index(l, LLVMGetOperand(call, 0));
    if (arg < 0)
        return lower_error(l, line, "an image or sampler that is not a kernel argument");
    unsigned w = 0;
    if (word) {
        LLVMValueRef k = LLVMGetOperand(call, 1);
        if (!LLVMIsAConstantInt(k) || LLVMConstIntGetZExtValue(k) >= IMAGE_WORDS)
            return lower_error(l, line, "internal: an image word that is not a constant");
        w = (unsigned)LLVMConstIntGetZExtValue(k);
    }
    int id = arg_word(l, arg, w, line);
    if (id == HIR_NONE)
        return -1;
    if (texels && lower_set_base_arg(l, id, arg))
        return -1;
    return lower_define(l, call, id, line) ? -1 : 1;
}
