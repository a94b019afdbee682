/* SPDX-License-Identifier: MIT */
/*
 * Private arrays in registers. After default<O2> a kernel can still hold an alloca: a private
 * array indexed by a run-time value (SROA splits an array only where every index is a
 * constant). The hardware has no private memory, so every alloca of at most 256 bytes whose
 * elements all have one integer, float or pointer type (an array, nested arrays, or a struct
 * of one such type) becomes one scalar alloca per element, and its accesses become
 *   x = a[i]      x = select chain over the elements: i == 0 ? a0 : i == 1 ? a1 : ...
 *   a[i] = v      for every element j: aj = (i == j) ? v : aj
 * (i is compared as a byte offset). SROA then turns the scalars into SSA values: a mux per
 * read, phis at loop headers. Constant tables get the same treatment: an initialised array
 * that is never written is a load from a constant global after default<O2> (HLS has no such
 * memory), so a small constant global read at a run-time index becomes a select chain over
 * its initialiser's values.
 *
 * Addresses reach the accesses as GEP chains (any source type: `getelementptr i8, ptr %a,
 * i32 %bytes` as well as `getelementptr [16 x i32], ptr %a, i32 0, i32 %i`), possibly through
 * phis, selects and casts to the generic address space (`int *p = a;` in OpenCL 2.0 and
 * later); the byte offset is built as instructions next to each address
 * (private_array_rewrite.c). Constant-length llvm.memset/memcpy/memmove on an array (array
 * initialisers, copies) become element loads and stores. An array with any other use (passed
 * to a call, ptrtoint, stored as a value, a load or store of another type, volatile, selected
 * against another array, a constant index out of bounds) is left alone: HLS reports it at its
 * line. (Running out of memory while looking also leaves an array alone.)
 */
#include "private_array_rewrite.h"

#include <stdlib.h>
#include <string.h>

static int is_memcpy(enum pa_intrinsic k)
{
    return k == PA_MEMCPY || k == PA_MEMCPY_INLINE || k == PA_MEMMOVE;
}

static int is_memset(enum pa_intrinsic k)
{
    return k == PA_MEMSET || k == PA_MEMSET_INLINE;
}

static int add_addr(struct pa_object *o, LLVMValueRef v)
{
    if (pa_find_addr(o, v))
        return 0;
    if (o->naddrs == o->addr_cap) {
        unsigned cap = o->addr_cap ? 2 * o->addr_cap : 16;
        struct pa_addr *a = realloc(o->addrs, cap * sizeof(*a));

        if (!a)
            return -1;
        o->addrs = a;
        o->addr_cap = cap;
    }
    o->addrs[o->naddrs++] = (struct pa_addr){.v = v};
    return 0;
}

static int add_use(struct pa_object *o, LLVMValueRef inst)
{
    for (unsigned i = 0; i < o->nuses; i++)
        if (o->uses[i] == inst)
            return 0; /* a memcpy within the array uses it twice */
    if (o->nuses == o->use_cap) {
        unsigned cap = o->use_cap ? 2 * o->use_cap : 16;
        LLVMValueRef *u = realloc(o->uses, cap * sizeof(*u));

        if (!u)
            return -1;
        o->uses = u;
        o->use_cap = cap;
    }
    o->uses[o->nuses++] = inst;
    return 0;
}

/*
 * Appends the leaves of t, at byte offset off, to the layout: 0 while they all have one
 * integer or pointer type and follow each other without gaps. Integers and floats of one
 * size may mix (a struct {int id; float pos[3];}): the elements are then integers of that
 * size, and a float access reads or writes their bits (pa_same_bits).
 */
static int layout(struct pa_ctx *c, struct pa_object *o, LLVMTypeRef t, unsigned long long off)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
    case LLVMFloatTypeKind:
    case LLVMPointerTypeKind:
        if (!o->elem) {
            o->elem = t;
            o->size = (unsigned)LLVMABISizeOfType(c->td, t);
        }
        if (t != o->elem && pa_same_bits(t, o->elem))
            o->elem = LLVMIntTypeInContext(LLVMGetTypeContext(t), 8 * o->size);
        else if (t != o->elem)
            return -1;
        if (off != (unsigned long long)o->n * o->size)
            return -1;
        o->n++;
        return 0;
    case LLVMArrayTypeKind: {
        LLVMTypeRef et = LLVMGetElementType(t);
        unsigned long long es = LLVMABISizeOfType(c->td, et);

        for (uint64_t i = 0; i < LLVMGetArrayLength2(t); i++)
            if (layout(c, o, et, off + i * es))
                return -1;
        return 0;
    }
    case LLVMStructTypeKind:
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
            if (layout(c, o, LLVMStructGetTypeAtIndex(t, i),
                       off + LLVMOffsetOfElement(c->td, t, i)))
                return -1;
        return 0;
    default:
        return -1;
    }
}

static int layout_of(struct pa_ctx *c, struct pa_object *o, LLVMTypeRef t)
{
    unsigned long long bytes = LLVMABISizeOfType(c->td, t);

    if (!bytes || bytes > FE_PRIVATE_ARRAY_MAX_BYTES || layout(c, o, t, 0))
        return -1;
    return (unsigned long long)o->n * o->size == bytes ? 0 : -1;
}

/* An access at a constant offset must land on an element (else it is left to HLS). */
static int valid_access(struct pa_ctx *c, struct pa_object *o, LLVMValueRef ptr)
{
    long long off;

    if (pa_const_offset(c, o, ptr, &off))
        return 1; /* run-time offset: the select chain copes with any value */
    return off >= 0 && off % o->size == 0 && off / o->size < o->n;
}

/* [off, off + n) of the array at a constant address, whole elements. */
static int valid_span(struct pa_ctx *c, struct pa_object *o, LLVMValueRef ptr, unsigned long long n)
{
    long long off;

    if (pa_const_offset(c, o, ptr, &off) || off < 0 || off % o->size)
        return 0;
    return n % o->size == 0 && (unsigned long long)off + n <= (unsigned long long)o->n * o->size;
}

/* [off, off + len) of the array, whole elements; len constant. */
static int valid_block(struct pa_ctx *c, struct pa_object *o, LLVMValueRef ptr, LLVMValueRef len)
{
    return LLVMIsAConstantInt(len) && valid_span(c, o, ptr, LLVMConstIntGetZExtValue(len));
}

static int const_zero(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* A fill: integers up to 64 bits take any byte, pointers and floats only 0. */
static int valid_memset(struct pa_ctx *c, struct pa_object *o, LLVMValueRef call)
{
    LLVMValueRef val = LLVMGetOperand(call, 1);

    if (o->is_const || !valid_block(c, o, LLVMGetOperand(call, 0), LLVMGetOperand(call, 2)))
        return 0;
    if (LLVMGetTypeKind(o->elem) != LLVMIntegerTypeKind)
        return const_zero(val);
    return LLVMGetIntTypeWidth(o->elem) <= 64;
}

static int valid_memcpy(struct pa_ctx *c, struct pa_object *o, LLVMValueRef call)
{
    LLVMValueRef len = LLVMGetOperand(call, 2);

    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef p = LLVMGetOperand(call, i);

        if (!pa_find_addr(o, p))
            continue;
        if ((i == 0 && o->is_const) || !valid_block(c, o, p, len))
            return 0;
    }
    return 1;
}

static int check_call(struct pa_ctx *c, struct pa_object *o, LLVMValueRef call)
{
    enum pa_intrinsic k = pa_intrinsic_of(c, call);

    if (k == PA_LIFETIME_START || k == PA_LIFETIME_END)
        return 1;
    if (is_memset(k) || is_memcpy(k)) {
        /* the volatile flag is the last argument */
        if (!const_zero(LLVMGetOperand(call, 3)))
            return 0;
        return is_memset(k) ? valid_memset(c, o, call) : valid_memcpy(c, o, call);
    }
    return 0;
}

/* Once every address is known: phis, selects and compares see only addresses of the array. */
static int check_uses(struct pa_ctx *c, struct pa_object *o)
{
    for (unsigned i = 1; i < o->naddrs; i++) {
        LLVMValueRef v = o->addrs[i].v;

        if (LLVMIsAPHINode(v)) {
            for (unsigned j = 0; j < LLVMCountIncoming(v); j++)
                if (!pa_find_addr(o, LLVMGetIncomingValue(v, j)))
                    return -1;
        } else if (LLVMIsASelectInst(v)) {
            if (!pa_find_addr(o, LLVMGetOperand(v, 1)) || !pa_find_addr(o, LLVMGetOperand(v, 2)))
                return -1;
        }
    }
    for (unsigned i = 0; i < o->nuses; i++) {
        LLVMValueRef u = o->uses[i];
        int ok;

        switch (LLVMGetInstructionOpcode(u)) {
        case LLVMICmp:
            ok = pa_find_addr(o, LLVMGetOperand(u, 0)) && pa_find_addr(o, LLVMGetOperand(u, 1));
            break;
        case LLVMLoad:
            ok = valid_access(c, o, LLVMGetOperand(u, 0));
            break;
        case LLVMStore:
            ok = pa_is_wide_store(o, u)
                     ? valid_span(c, o, LLVMGetOperand(u, 1), pa_store_bytes(c, u))
                     : valid_access(c, o, LLVMGetOperand(u, 1));
            break;
        default:
            ok = check_call(c, o, u);
        }
        if (!ok)
            return -1;
    }
    return 0;
}

static int gep_indices_constant(LLVMValueRef gep)
{
    for (int i = 1; i < LLVMGetNumOperands(gep); i++)
        if (!LLVMIsAConstantInt(LLVMGetOperand(gep, (unsigned)i)))
            return 0;
    return 1;
}

static int is_pointer(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

static int simple_access(LLVMValueRef inst, LLVMTypeRef t, LLVMTypeRef elem)
{
    return (t == elem || pa_same_bits(t, elem)) && pa_plain(inst);
}

/* What user does with the address v: 0 when the rewrite can follow it. */
static int classify(struct pa_ctx *c, struct pa_object *o, LLVMValueRef v, LLVMValueRef user)
{
    if (LLVMIsAConstantExpr(user)) {
        LLVMOpcode op = LLVMGetConstOpcode(user);

        if (op == LLVMAddrSpaceCast ||
            (op == LLVMGetElementPtr && LLVMGetOperand(user, 0) == v && gep_indices_constant(user)))
            return add_addr(o, user);
        return -1;
    }
    if (!LLVMIsAInstruction(user))
        return -1; /* e.g. a global's initialiser */
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMGetElementPtr:
        return LLVMGetOperand(user, 0) == v && is_pointer(user) ? add_addr(o, user) : -1;
    case LLVMAddrSpaceCast: /* to the generic address space: still this array */
        return is_pointer(user) ? add_addr(o, user) : -1;
    case LLVMPHI:
    case LLVMSelect:
        return is_pointer(user) ? add_addr(o, user) : -1;
    case LLVMLoad:
        return simple_access(user, LLVMTypeOf(user), o->elem) ? add_use(o, user) : -1;
    case LLVMStore:
        if (o->is_const || LLVMGetOperand(user, 1) != v || LLVMGetOperand(user, 0) == v)
            return -1;
        return simple_access(user, LLVMTypeOf(LLVMGetOperand(user, 0)), o->elem) ||
                       pa_is_wide_store(o, user)
                   ? add_use(o, user)
                   : -1;
    case LLVMICmp:
        return add_use(o, user);
    case LLVMCall:
        return pa_intrinsic_of(c, user) != PA_NINTRINSICS ? add_use(o, user) : -1;
    default:
        return -1;
    }
}

/* Follows the uses from base through addresses; 0 when every one can be rewritten. */
static int analyse(struct pa_ctx *c, struct pa_object *o)
{
    if (add_addr(o, o->base))
        return -1;
    for (unsigned i = 0; i < o->naddrs; i++)
        for (LLVMUseRef u = LLVMGetFirstUse(o->addrs[i].v); u; u = LLVMGetNextUse(u))
            if (classify(c, o, o->addrs[i].v, LLVMGetUser(u)))
                return -1;
    return check_uses(c, o);
}

static void object_free(struct pa_object *o)
{
    free(o->elems);
    free(o->addrs);
    free(o->uses);
}

/* A table's initialiser, leaf by leaf in the layout's order, into elems[*k...]. */
static int leaves(LLVMValueRef init, LLVMTypeRef t, LLVMValueRef *elems, unsigned *k)
{
    unsigned n;

    switch (LLVMGetTypeKind(t)) {
    case LLVMArrayTypeKind:
        n = (unsigned)LLVMGetArrayLength2(t);
        break;
    case LLVMStructTypeKind:
        n = LLVMCountStructElementTypes(t);
        break;
    default:
        elems[(*k)++] = init;
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = LLVMGetAggregateElement(init, i);
        LLVMTypeRef et = LLVMGetTypeKind(t) == LLVMArrayTypeKind ? LLVMGetElementType(t)
                                                                 : LLVMStructGetTypeAtIndex(t, i);

        if (!e || leaves(e, et, elems, k))
            return -1;
    }
    return 0;
}

/* 0 with o->elems the table's values, 1 when they cannot be read, -1 when out of memory. */
static int table_values(struct pa_object *o, LLVMTypeRef type)
{
    unsigned k = 0;

    o->elems = malloc(o->n * sizeof(*o->elems));
    if (!o->elems)
        return -1;
    if (leaves(LLVMGetInitializer(o->base), type, o->elems, &k))
        return 1;
    for (unsigned i = 0; i < o->n; i++) /* floats among integers: their bits */
        if (LLVMTypeOf(o->elems[i]) != o->elem)
            o->elems[i] = LLVMConstBitCast(o->elems[i], o->elem);
    return 0;
}

/* 1 when base was rewritten, 0 when left alone, -1 when out of memory. */
static int try_object(struct pa_ctx *c, LLVMValueRef base, LLVMTypeRef type, int is_const)
{
    struct pa_object o = {.base = base, .is_const = is_const};
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(base));
    int ret = 0;

    o.ity = LLVMIntPtrTypeForASInContext(c->ctx, c->td, as);
    if (layout_of(c, &o, type) == 0 && analyse(c, &o) == 0) {
        ret = is_const ? table_values(&o, type) : 0;
        if (ret == 0)
            ret = pa_rewrite(c, &o) ? -1 : 1;
        else if (ret > 0)
            ret = 0;
    }
    object_free(&o);
    return ret;
}

static int static_alloca(LLVMValueRef in)
{
    LLVMValueRef count = LLVMGetOperand(in, 0);

    return LLVMIsAConstantInt(count) && LLVMConstIntGetZExtValue(count) == 1;
}

static int rewrite_allocas(struct pa_ctx *c, LLVMValueRef fn)
{
    unsigned n = 0, i = 0;
    LLVMValueRef *allocas;
    int ret = 0;

    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            n += LLVMIsAAllocaInst(in) != NULL;
    if (!n)
        return 0;
    allocas = malloc(n * sizeof(*allocas));
    if (!allocas)
        return -1;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMIsAAllocaInst(in))
                allocas[i++] = in;
    for (i = 0; i < n && ret >= 0; i++)
        if (static_alloca(allocas[i]))
            ret = try_object(c, allocas[i], LLVMGetAllocatedType(allocas[i]), 0);
    free(allocas);
    return ret < 0 ? -1 : 0;
}

/* A constant whose initialiser is the one every user sees. */
static int constant_table(LLVMValueRef g)
{
    LLVMLinkage l = LLVMGetLinkage(g);

    return LLVMIsGlobalConstant(g) && LLVMGetInitializer(g) && !LLVMIsExternallyInitialized(g) &&
           (l == LLVMExternalLinkage || l == LLVMInternalLinkage || l == LLVMPrivateLinkage);
}

int fe_private_arrays(LLVMModuleRef mod)
{
    struct pa_ctx c = {.mod = mod, .ctx = LLVMGetModuleContext(mod)};
    int ret = 0;

    c.td = LLVMGetModuleDataLayout(mod);
    c.b = LLVMCreateBuilderInContext(c.ctx);
    pa_find_intrinsics(&c);
    /* allocas first: their initialisers become loads from constant tables at fixed offsets */
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !ret; fn = LLVMGetNextFunction(fn))
        ret = rewrite_allocas(&c, fn);
    for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g && ret >= 0; g = LLVMGetNextGlobal(g))
        if (constant_table(g))
            ret = try_object(&c, g, LLVMGlobalGetValueType(g), 1);
    LLVMDisposeBuilder(c.b);
    return ret < 0 ? -1 : 0;
}
