// SPDX-License-Identifier: MIT
/*
 * Program-scope __constant variables in global memory. Those that private_arrays.c did not
 * turn into registers (larger than 256 bytes, structs of several types, ...) are laid out one
 * after the other in the program's constant data (the program file's "constants" section),
 * which the runtime copies into a read-only block of global memory when it loads the program.
 * A kernel that reads them gets that block's address in a hidden argument word
 * (lower.c), and a variable is that address plus its offset: its loads are global loads.
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "constant_data.h"

/* Writes constant c of type t at out (t's ABI size bytes, little-endian). 0, -1 unsupported. */
static int write_constant(LLVMTargetDataRef td, LLVMValueRef c, LLVMTypeRef t, unsigned char *out)
{
    unsigned long long size = LLVMABISizeOfType(td, t);
    if (LLVMIsAConstantAggregateZero(c) || LLVMIsUndef(c) || LLVMIsPoison(c) ||
        LLVMIsAConstantPointerNull(c)) {
        memset(out, 0, size);
        return 0;
    }
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        if (!LLVMIsAConstantInt(c))
            return -1;
        unsigned long long v = LLVMConstIntGetZExtValue(c);
        for (unsigned long long i = 0; i < size; i++)
            out[i] = (unsigned char)(i < 8 ? v >> (8 * i) : 0);
        return 0;
    }
    case LLVMFloatTypeKind: {
        LLVMBool lost;
        float f = (float)LLVMConstRealGetDouble(c, &lost);
        memcpy(out, &f, 4); /* the host and the device are both little-endian IEEE-754 */
        return 0;
    }
    case LLVMArrayTypeKind:
    case LLVMVectorTypeKind: {
        LLVMTypeRef et = LLVMGetElementType(t);
        unsigned long long es = LLVMABISizeOfType(td, et);
        unsigned n = LLVMGetTypeKind(t) == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
                                                              : LLVMGetVectorSize(t);
        memset(out, 0, size);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (!e || write_constant(td, e, et, out + i * es))
                return -1;
        }
        return 0;
    }
    case LLVMStructTypeKind:
        memset(out, 0, size); /* padding */
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++) {
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (!e || write_constant(td, e, LLVMStructGetTypeAtIndex(t, i),
                                     out + LLVMOffsetOfElement(td, t, i)))
                return -1;
        }
        return 0;
    default:
        return -1;
    }
}

static int used(LLVMValueRef g)
{
    return LLVMGetFirstUse(g) != NULL;
}

int hls_constant_data(struct hls_ctx *ctx, LLVMModuleRef m, struct hls_constant_data *out)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    memset(out, 0, sizeof(*out));
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 2 || !LLVMGetInitializer(g) || !used(g))
            continue;
        LLVMTypeRef t = LLVMGlobalGetValueType(g);
        size_t align = LLVMABIAlignmentOfType(td, t) > 8 ? LLVMABIAlignmentOfType(td, t) : 8;
        size_t at = (out->size + align - 1) / align * align;
        size_t bytes = (size_t)LLVMABISizeOfType(td, t);
        unsigned char *grown = realloc(out->bytes, at + bytes);
        LLVMValueRef *globals = realloc(out->globals, (size_t)(out->n + 1) * sizeof(*globals));
        size_t *offsets = realloc(out->offsets, (size_t)(out->n + 1) * sizeof(*offsets));
        if (grown)
            out->bytes = grown;
        if (globals)
            out->globals = globals;
        if (offsets)
            out->offsets = offsets;
        if (!grown || !globals || !offsets)
            return hls_error(ctx, 0, "out of memory");
        memset(out->bytes + out->size, 0, at - out->size);
        if (write_constant(td, LLVMGetInitializer(g), t, out->bytes + at)) {
            size_t len;
            return hls_error(ctx, 0, "__constant variable '%s': its initialiser is not supported",
                             LLVMGetValueName2(g, &len));
        }
        out->globals[out->n] = g;
        out->offsets[out->n++] = at;
        out->size = at + bytes;
    }
    return 0;
}

long long hls_constant_offset(const struct hls_constant_data *d, LLVMValueRef g)
{
    for (int i = 0; d && i < d->n; i++)
        if (d->globals[i] == g)
            return (long long)d->offsets[i];
    return -1;
}

void hls_constant_data_free(struct hls_constant_data *d)
{
    free(d->bytes);
    free(d->globals);
    free(d->offsets);
    memset(d, 0, sizeof(*d));
}
