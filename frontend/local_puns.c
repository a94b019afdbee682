// SPDX-License-Identifier: MIT
/*
 * __local memory (and private arrays) read or written with several element sizes: a
 * `__local uint hist[64]` whose bytes are counted through a `(__local uchar *)` view and
 * read back as words (as NVIDIA's histogram64 sample does), or a struct of mixed fields in
 * a __local or private array indexed at run time. A block-RAM memory has one element size (hls/lower/lower_private.c), so every access wider
 * than the smallest one becomes pieces of that size, put together little-endian with
 * shifts (split_accesses.c does the same for accesses wider than their alignment). A word
 * then takes as many ports as it has pieces: correct, and slower only where the kernel mixes
 * sizes.
 *
 * Not split: atomics (a read-modify-write of a 32-bit word), so a memory with an atomic and
 * narrower accesses stays refused, naming both sizes.
 */
#include "fe_internal.h"

#include <stdlib.h>

/*
 * The memory ptr reaches: a __local variable of the program or __local pointer argument, or
 * a private array (an alloca: what is left of one after LLVM's scalar replacement is
 * indexed at run time, and goes to block RAM unless private_arrays.c makes it registers,
 * which take pieces as well).
 */
static LLVMValueRef local_memory(LLVMValueRef ptr)
{
    int constant;
    if (LLVMGetTypeKind(LLVMTypeOf(ptr)) != LLVMPointerTypeKind)
        return NULL;
    unsigned space = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    LLVMValueRef base = space == 3 || space == 0 ? fe_pointer_base(ptr, &constant) : NULL;
    if (!base)
        return NULL;
    if (space == 0)
        return LLVMIsAAllocaInst(base) ? base : NULL;
    return LLVMIsAGlobalVariable(base) || LLVMIsAArgument(base) ? base : NULL;
}

/* The memory an access (load, store, atomic) reaches, and its bytes; NULL when not __local. */
static LLVMValueRef access_of(LLVMTargetDataRef td, LLVMValueRef inst, unsigned *bytes, int *atomic)
{
    LLVMValueRef ptr;
    LLVMTypeRef t;
    *atomic = 0;
    if (LLVMIsALoadInst(inst)) {
        ptr = LLVMGetOperand(inst, 0);
        t = LLVMTypeOf(inst);
        *atomic = LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic;
    } else if (LLVMIsAStoreInst(inst)) {
        ptr = LLVMGetOperand(inst, 1);
        t = LLVMTypeOf(LLVMGetOperand(inst, 0));
        *atomic = LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic;
    } else if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst)) {
        ptr = LLVMGetOperand(inst, 0);
        t = LLVMTypeOf(LLVMGetOperand(inst, 1));
        *atomic = 1;
    } else {
        return NULL;
    }
    *bytes = (unsigned)LLVMStoreSizeOfType(td, t);
    return local_memory(ptr);
}

struct memory_sizes {
    LLVMValueRef memory;
    unsigned smallest, largest;
    int atomic; /* some access is an atomic */
};

static struct memory_sizes *entry_of(struct memory_sizes **m, unsigned *n, LLVMValueRef memory)
{
    for (unsigned i = 0; i < *n; i++)
        if ((*m)[i].memory == memory)
            return &(*m)[i];
    struct memory_sizes *grown = realloc(*m, (*n + 1) * sizeof(**m));
    if (!grown)
        return NULL;
    *m = grown;
    grown[*n] = (struct memory_sizes){memory, ~0u, 0, 0};
    return &grown[(*n)++];
}

/* The sizes each __local memory of fn is accessed with. -1 when out of memory. */
static int survey(LLVMTargetDataRef td, LLVMValueRef fn, struct memory_sizes **m, unsigned *n)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            unsigned bytes;
            int atomic;
            LLVMValueRef memory = access_of(td, in, &bytes, &atomic);
            if (!memory)
                continue;
            struct memory_sizes *e = entry_of(m, n, memory);
            if (!e)
                return -1;
            e->smallest = bytes < e->smallest ? bytes : e->smallest;
            e->largest = bytes > e->largest ? bytes : e->largest;
            e->atomic |= atomic;
        }
    return 0;
}

/* The piece size the accesses of `memory` take: its smallest, when the memory mixes sizes. */
static unsigned piece_of(const struct memory_sizes *m, unsigned n, LLVMValueRef memory)
{
    for (unsigned i = 0; i < n; i++)
        if (m[i].memory == memory)
            return m[i].smallest < m[i].largest && !m[i].atomic ? m[i].smallest : 0;
    return 0;
}

static int split_function(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef fn)
{
    struct memory_sizes *m = NULL;
    unsigned n = 0;
    if (survey(td, fn, &m, &n)) {
        free(m);
        return -1;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && n;
         bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef next;
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = next) {
            next = LLVMGetNextInstruction(in);
            unsigned bytes, piece;
            int atomic;
            LLVMValueRef memory = access_of(td, in, &bytes, &atomic);
            if (memory && !atomic && (piece = piece_of(m, n, memory)) && bytes > piece)
                fe_split_access(b, td, in, piece);
        }
    }
    free(m);
    return 0;
}

int fe_split_punned_locals(LLVMModuleRef mod)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    int ret = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            ret = split_function(b, td, fn);
    LLVMDisposeBuilder(b);
    return ret;
}
