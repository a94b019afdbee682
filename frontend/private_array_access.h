/* SPDX-License-Identifier: MIT */
/*
 * Private arrays in registers, the bottom of three files: the arrays and their uses as data,
 * and what private_arrays.c (which arrays, and which of their uses, can be rewritten) and
 * private_array_rewrite.c (the rewrite) both ask of the uses (private_array_access.c). See
 * private_arrays.c for what and why.
 */
#ifndef OCLHLS_FE_PRIVATE_ARRAY_ACCESS_H
#define OCLHLS_FE_PRIVATE_ARRAY_ACCESS_H

#include "fe_internal.h"

#include <llvm-c/Target.h>

#define FE_PRIVATE_ARRAY_MAX_BYTES 256

/* Intrinsics the rewrite knows, by LLVM intrinsic ID (0 when LLVM has no such name). */
enum pa_intrinsic {
    PA_MEMCPY,
    PA_MEMCPY_INLINE,
    PA_MEMMOVE,
    PA_MEMSET,
    PA_MEMSET_INLINE,
    PA_LIFETIME_START,
    PA_LIFETIME_END,
    PA_NINTRINSICS
};

struct pa_ctx {
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    LLVMTargetDataRef td;
    LLVMBuilderRef b;
    unsigned intrinsic_id[PA_NINTRINSICS];
};

/* A pointer derived from the array; off is its byte offset from the start, once built. */
struct pa_addr {
    LLVMValueRef v;
    LLVMValueRef off;
};

/* One array: an alloca, or a constant global (a table, read only). */
struct pa_object {
    LLVMValueRef base;
    int is_const;
    LLVMTypeRef elem;      /* every element's type: an integer, a float or a pointer */
    unsigned n;            /* elements */
    unsigned size;         /* bytes from one element to the next */
    LLVMTypeRef ity;       /* offsets: the index type of base's address space */
    LLVMValueRef *elems;   /* alloca: one scalar alloca per element; constant: the values */
    struct pa_addr *addrs; /* addrs[0] is base; then GEPs, phis, selects in discovery order */
    unsigned naddrs, addr_cap;
    LLVMValueRef *uses; /* loads, stores, pointer compares, intrinsic calls */
    unsigned nuses, use_cap;
};

void pa_find_intrinsics(struct pa_ctx *c); /* c->intrinsic_id from LLVM's names */
enum pa_intrinsic pa_intrinsic_of(const struct pa_ctx *c, LLVMValueRef call);
struct pa_addr *pa_find_addr(struct pa_object *o, LLVMValueRef v);
/* A constant store covering several elements (clang's `short a[2] = {0}`), and its bytes. */
int pa_is_wide_store(const struct pa_object *o, LLVMValueRef st);
unsigned long long pa_store_bytes(struct pa_ctx *c, LLVMValueRef st);
/* *off = byte offset of v, an all-constant GEP chain from the array; -1 when v is not one. */
int pa_const_offset(struct pa_ctx *c, struct pa_object *o, LLVMValueRef v, long long *off);
/* a and b are integers or floats of one width: an access may bitcast between them. */
int pa_same_bits(LLVMTypeRef a, LLVMTypeRef b);

/* Neither volatile nor atomic. */
int pa_plain(LLVMValueRef inst);

#endif
