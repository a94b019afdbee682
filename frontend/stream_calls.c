/* SPDX-License-Identifier: MIT */
/*
 * What the pipe (pipes.c) and channel (channels.c) rewrites share: packets as chunks, the
 * declarations of the __oclhls_* stream functions that HLS lowers, and error messages at a
 * call's line.
 *
 * A packet of B bytes (1..64) travels as chunks: chunk k holds bytes [8k, min(8k + 8, B)) as an
 * integer of that many bytes, little-endian (docs: issue 8 contract). The declarations use
 * clang's spir_func calling convention, like the builtin library's declarations of the same
 * functions (builtins/pipes.cl): a call whose convention differs from its callee's is
 * undefined, and InstCombine would delete it.
 */
#include "fe_internal.h"
#include "debug_loc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#define FE_SPIR_FUNC_CC 75 /* llvm::CallingConv::SPIR_FUNC */

unsigned fe_packet_chunks(unsigned bytes)
{
    return (bytes + 7) / 8;
}

LLVMTypeRef fe_chunk_type(LLVMContextRef ctx, unsigned bytes, unsigned k)
{
    unsigned left = bytes - 8 * k;

    return LLVMIntTypeInContext(ctx, 8 * (left < 8 ? left : 8));
}

int fe_is_stream_function(const char *name)
{
    return !strncmp(name, "__oclhls_pipe_", 14) || !strncmp(name, "__oclhls_chan_", 14) ||
           !strncmp(name, "__oclhls_chunk", 14);
}

LLVMBuilderRef fe_builder_at(LLVMValueRef inst)
{
    LLVMBuilderRef b =
        LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(LLVMGetOperand(inst, 0))));

    LLVMPositionBuilderBefore(b, inst);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
    return b;
}

static void add_fn_attr(LLVMValueRef fn, const char *name, uint64_t value)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));

    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(ctx, kind, value));
}

LLVMValueRef fe_stream_function(LLVMModuleRef mod, const char *name, LLVMTypeRef ret,
                                LLVMTypeRef *params, unsigned n, int pure)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);

    if (fn)
        return fn;
    fn = LLVMAddFunction(mod, name, LLVMFunctionType(ret, params, n, 0));
    LLVMSetFunctionCallConv(fn, FE_SPIR_FUNC_CC);
    add_fn_attr(fn, "nounwind", 0);
    if (pure) { /* a function of its operands only: the optimiser may merge or drop it */
        add_fn_attr(fn, "memory", 0);
        add_fn_attr(fn, "willreturn", 0);
    }
    return fn;
}

LLVMValueRef fe_stream_call(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef *args, unsigned n)
{
    LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, n, "");

    LLVMSetInstructionCallConv(call, FE_SPIR_FUNC_CC);
    return call;
}

/* The pointer before an address-space cast: the private alloca SROA can then promote. */
static LLVMValueRef strip_addrspacecast(LLVMValueRef p)
{
    if (LLVMIsAAddrSpaceCastInst(p) ||
        (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMAddrSpaceCast))
        return LLVMGetOperand(p, 0);
    return p;
}

/*
 * The packet's scalars ("leaves"): when it is a private variable of a known type, the chunks
 * are put together from (and taken apart into) its scalars, each loaded or stored with its own
 * type. Loading a float4 as two i64s instead would leave SROA a bitcast of <2 x float> to i64,
 * vector code that the scalarizer cannot split.
 */
struct leaf {
    unsigned off, bytes;
    LLVMTypeRef type;
};

struct packet {
    LLVMValueRef ptr; /* private pointer when stripped of a cast */
    unsigned bytes, align;
    unsigned nleaves; /* 0: raw integer chunks */
    struct leaf leaves[FE_MAX_PACKET_BYTES];
};

static int add_leaves(LLVMTargetDataRef td, LLVMTypeRef t, unsigned off, struct packet *pk)
{
    LLVMTypeKind kind = LLVMGetTypeKind(t);
    unsigned size = (unsigned)LLVMABISizeOfType(td, t), n;

    switch (kind) {
    case LLVMStructTypeKind:
        n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            if (add_leaves(td, LLVMStructGetTypeAtIndex(t, i),
                           off + (unsigned)LLVMOffsetOfElement(td, t, i), pk))
                return -1;
        return 0;
    case LLVMArrayTypeKind:
    case LLVMVectorTypeKind: {
        LLVMTypeRef e = LLVMGetElementType(t);
        unsigned esize = (unsigned)LLVMABISizeOfType(td, e);

        n = kind == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
        for (unsigned i = 0; i < n; i++)
            if (add_leaves(td, e, off + i * esize, pk))
                return -1;
        return 0;
    }
    case LLVMIntegerTypeKind:
    case LLVMHalfTypeKind:
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
        /* a whole number of bytes, inside one chunk */
        if (size > 8 || off / 8 != (off + size - 1) / 8 || off + size > pk->bytes ||
            (unsigned)LLVMSizeOfTypeInBits(td, t) != 8 * size || pk->nleaves == FE_MAX_PACKET_BYTES)
            return -1;
        pk->leaves[pk->nleaves++] = (struct leaf){off, size, t};
        return 0;
    default:
        return -1;
    }
}

static void packet_init(struct packet *pk, LLVMModuleRef mod, LLVMValueRef ptr, unsigned bytes,
                        unsigned align)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);

    pk->ptr = strip_addrspacecast(ptr);
    pk->bytes = bytes;
    pk->align = align ? align : 1;
    pk->nleaves = 0;
    if (!LLVMIsAAllocaInst(pk->ptr) ||
        LLVMABISizeOfType(td, LLVMGetAllocatedType(pk->ptr)) != bytes ||
        add_leaves(td, LLVMGetAllocatedType(pk->ptr), 0, pk))
        pk->nleaves = 0;
}

/* Address and alignment of the bytes at off. */
static LLVMValueRef byte_pointer(LLVMBuilderRef b, struct packet *pk, unsigned off, unsigned *align)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(pk->ptr));
    LLVMValueRef o = LLVMConstInt(LLVMInt32TypeInContext(ctx), off, 0);

    *align = pk->align;
    if (!off)
        return pk->ptr;
    while (off % *align) /* the largest power of two dividing both */
        *align /= 2;
    return LLVMBuildInBoundsGEP2(b, LLVMInt8TypeInContext(ctx), pk->ptr, &o, 1, "");
}

static LLVMValueRef load_at(LLVMBuilderRef b, struct packet *pk, LLVMTypeRef t, unsigned off)
{
    unsigned a;
    LLVMValueRef v = LLVMBuildLoad2(b, t, byte_pointer(b, pk, off, &a), "");

    LLVMSetAlignment(v, a);
    return v;
}

static void store_at(LLVMBuilderRef b, struct packet *pk, LLVMValueRef v, unsigned off)
{
    unsigned a;
    LLVMValueRef st = LLVMBuildStore(b, v, byte_pointer(b, pk, off, &a));

    LLVMSetAlignment(st, a);
}

/* Chunk k from the leaves inside it; padding bytes are 0. */
static LLVMValueRef gather_chunk(LLVMBuilderRef b, struct packet *pk, unsigned k, LLVMTypeRef ct)
{
    LLVMValueRef chunk = LLVMConstNull(ct);
    LLVMContextRef ctx = LLVMGetTypeContext(ct);

    for (unsigned i = 0; i < pk->nleaves; i++) {
        struct leaf *l = &pk->leaves[i];
        LLVMValueRef v;

        if (l->off / 8 != k)
            continue;
        v = load_at(b, pk, l->type, l->off);
        v = LLVMBuildBitCast(b, v, LLVMIntTypeInContext(ctx, 8 * l->bytes), "");
        v = LLVMBuildZExt(b, v, ct, "");
        v = LLVMBuildShl(b, v, LLVMConstInt(ct, 8 * (l->off % 8), 0), "");
        chunk = LLVMBuildOr(b, chunk, v, "");
    }
    return chunk;
}

/* The leaves inside chunk k from it (or, where valid is false, as they were). */
static void scatter_chunk(LLVMBuilderRef b, struct packet *pk, unsigned k, LLVMValueRef chunk,
                          LLVMValueRef valid)
{
    LLVMTypeRef ct = LLVMTypeOf(chunk);
    LLVMContextRef ctx = LLVMGetTypeContext(ct);

    for (unsigned i = 0; i < pk->nleaves; i++) {
        struct leaf *l = &pk->leaves[i];
        LLVMValueRef v;

        if (l->off / 8 != k)
            continue;
        v = LLVMBuildLShr(b, chunk, LLVMConstInt(ct, 8 * (l->off % 8), 0), "");
        v = LLVMBuildTrunc(b, v, LLVMIntTypeInContext(ctx, 8 * l->bytes), "");
        v = LLVMBuildBitCast(b, v, l->type, "");
        if (valid)
            v = LLVMBuildSelect(b, valid, v, load_at(b, pk, l->type, l->off), "");
        store_at(b, pk, v, l->off);
    }
}

void fe_load_chunks(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef ptr, unsigned bytes,
                    unsigned align, LLVMValueRef *chunks)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    struct packet pk;

    packet_init(&pk, mod, ptr, bytes, align);
    for (unsigned k = 0; k < fe_packet_chunks(bytes); k++) {
        LLVMTypeRef ct = fe_chunk_type(ctx, bytes, k);

        chunks[k] = pk.nleaves ? gather_chunk(b, &pk, k, ct) : load_at(b, &pk, ct, 8 * k);
    }
}

void fe_store_chunks(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef ptr, unsigned bytes,
                     unsigned align, LLVMValueRef status, LLVMValueRef valid)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    struct packet pk;

    packet_init(&pk, mod, ptr, bytes, align);
    for (unsigned k = 0; k < fe_packet_chunks(bytes); k++) {
        LLVMTypeRef ct = fe_chunk_type(ctx, bytes, k);
        char name[32];
        LLVMTypeRef params[2] = {i32, i32};
        LLVMValueRef args[2] = {status, LLVMConstInt(i32, k, 0)};
        LLVMValueRef fn, v;

        snprintf(name, sizeof(name), "__oclhls_chunk.i%u", LLVMGetIntTypeWidth(ct));
        fn = fe_stream_function(mod, name, ct, params, 2, 1);
        v = fe_stream_call(b, fn, args, 2);
        if (pk.nleaves) {
            scatter_chunk(b, &pk, k, v, valid);
            continue;
        }
        if (valid) /* a failed read leaves the destination as it was */
            v = LLVMBuildSelect(b, valid, v, load_at(b, &pk, ct, 8 * k), "");
        store_at(b, &pk, v, 8 * k);
    }
}

/*
 * A read's status as the program sees it: an opaque copy. The chunks take the status itself;
 * were the program's tests on that same value, GVN would replace it by the constant it was
 * tested against where the test holds (`if (read_pipe(p, &x) == 0) use(x)`: the chunk calls
 * there would read __oclhls_chunk(0, k), no longer tied to their read). After the pipeline
 * the copies go (fe_drop_status_copies).
 */
#define STATUS_COPY "__oclhls_status"

LLVMValueRef fe_status_copy(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef status)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));

    return fe_stream_call(b, fe_stream_function(mod, STATUS_COPY, i32, &i32, 1, 1), &status, 1);
}

void fe_drop_status_copies(LLVMModuleRef mod)
{
    LLVMValueRef fn = LLVMGetNamedFunction(mod, STATUS_COPY), *calls;
    unsigned n = fn ? fe_collect_calls(fn, &calls) : 0;

    for (unsigned i = 0; i < n; i++) {
        LLVMReplaceAllUsesWith(calls[i], LLVMGetOperand(calls[i], 0));
        LLVMInstructionEraseFromParent(calls[i]);
    }
    if (n)
        free(calls);
    if (fn && !LLVMGetFirstUse(fn))
        LLVMDeleteFunction(fn);
}

int fe_const_operand(LLVMValueRef call, unsigned i, unsigned *out)
{
    LLVMValueRef v = LLVMGetOperand(call, i);

    if (!v || !LLVMIsAConstantInt(v))
        return -1;
    *out = (unsigned)LLVMConstIntGetZExtValue(v);
    return 0;
}

void fe_call_error(LLVMValueRef call, struct oclhls_strbuf *log, const char *fmt, ...)
{
    struct oclhls_strbuf msg = {0};
    const char *file;
    unsigned line = fe_inst_line(call, &file);
    va_list ap;

    fe_log_location(&msg, file, line);
    oclhls_strbuf_puts(&msg, "error: ");
    va_start(ap, fmt);
    oclhls_strbuf_vprintf(&msg, fmt, ap);
    va_end(ap);
    oclhls_strbuf_puts(&msg, "\n");
    /* once per line: an unrolled loop or an inlined helper repeats the call */
    if (msg.buf && !(log->buf && strstr(log->buf, msg.buf)))
        oclhls_strbuf_puts(log, msg.buf);
    oclhls_strbuf_release(&msg);
}

unsigned fe_collect_calls(LLVMValueRef fn, LLVMValueRef **calls)
{
    unsigned n = 0;

    *calls = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
        n++;
    if (!n || !(*calls = malloc(n * sizeof(**calls))))
        return 0;
    n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);

        if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == fn)
            (*calls)[n++] = user;
    }
    return n;
}
