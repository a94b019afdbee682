// SPDX-License-Identifier: MIT
/*
 * Memory accesses: loads, stores, block copies and fills, and the lanes of vector accesses
 * (lower_vector.c). They carry their block's predicate, so a path not taken neither reads
 * nor writes memory, and the kernel argument their pointer derives from (lower_provenance.c),
 * for alias analysis in memory_order.c. The addresses (lower_values.c) are checked here.
 */
#include "lower_shared.h"

/* The address spaces the hardware reaches: global (1) and constant (2). */
static int check_address_space(struct lower *l, unsigned as, unsigned line)
{
    if (as == 3)
        return lower_error(l, line,
                           "this __local pointer does not lead to one __local array or argument "
                           "(pointers that may point to several are not supported)");
    if (as == 4)
        return lower_error(l, line,
                           "this generic pointer does not lead to one memory the compiler can "
                           "follow: its __global, __local or private memory is chosen in an "
                           "earlier loop iteration or kept in memory (not supported; choose "
                           "the pointer within the iteration that uses it)");
    if (as == 0)
        return lower_error(l, line,
                           "this private pointer does not lead to one private array (pointers "
                           "that may point to several arrays, or to variables, are not "
                           "supported)");
    if (as != 1 && as != 2)
        return lower_error(l, line, "unsupported address space %u", as);
    return 0;
}

int lower_access_address(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned bytes,
                         unsigned *as, unsigned line)
{
    *as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (LLVMGetAlignment(inst) < bytes)
        return lower_error(l, line, "unaligned %u-byte access (alignment %u)", bytes,
                           LLVMGetAlignment(inst)),
               HIR_NONE;
    if (*as == 0 || *as == 3 || *as == 4) { /* private, __local or generic: block RAM? */
        int addr = lower_operand(l, ptr, line);
        if (addr == HIR_NONE)
            return HIR_NONE;
        if (lower_base_arg(l, addr) <= HIR_PRIVATE_BASE(0)) {
            *as = l->k->parrays[HIR_PRIVATE_OF(lower_base_arg(l, addr))].local ? 3 : 0;
            return lower_private_address(l, addr, bytes, line);
        }
    }
    if (check_address_space(l, *as, line))
        return HIR_NONE;
    return lower_operand(l, ptr, line);
}

/* The block's predicate, and cond with it unless cond is HIR_NONE. */
static int access_pred(struct lower *l, int cond)
{
    int pred = ifc_block_pred(l, l->cur_block);
    return cond == HIR_NONE ? pred : hir_and1(l->k, pred, cond);
}

/* A load of width bits at addr under the block's predicate and cond (HIR_NONE: none); returns
   its value (HIR_NONE when out of memory). */
static int emit_load(struct lower *l, int addr, unsigned width, unsigned as, int cond,
                     unsigned line)
{
    int pred = access_pred(l, cond); /* may add operations: before taking op */
    int v = hir_emit(l->k, HIR_LOAD, width, 1, &addr);
    if (v == HIR_NONE)
        return HIR_NONE;
    struct hir_op *op = &l->k->ops[v];
    op->pred = pred;
    op->addr_space = as;
    op->fence_seq = l->global_fences;
    op->base_arg = lower_base_arg(l, addr);
    if (op->base_arg <= HIR_PRIVATE_BASE(0)) /* a private or __local memory in block RAM */
        op->parray = HIR_PRIVATE_OF(op->base_arg);
    op->line = line;
    return v;
}

/* A store of width bits of data at addr under the block's predicate and cond. 0, or -1 when
   out of memory. */
static int emit_store(struct lower *l, int addr, int data, unsigned width, unsigned as, int cond,
                      unsigned line)
{
    int pred = access_pred(l, cond);
    int ops[2] = {addr, data};
    int s = hir_emit(l->k, HIR_STORE, 0, 2, ops);
    if (s == HIR_NONE)
        return -1;
    struct hir_op *op = &l->k->ops[s];
    op->pred = pred;
    op->imm = width; /* stored bits */
    op->addr_space = as;
    op->fence_seq = l->global_fences;
    op->base_arg = lower_base_arg(l, addr);
    if (op->base_arg <= HIR_PRIVATE_BASE(0)) /* a private or __local memory in block RAM */
        op->parray = HIR_PRIVATE_OF(op->base_arg);
    op->line = line;
    return 0;
}

/*
 * A pointer into private or __local memory that chooses between memories. LLVM merges
 * `if (c) a[i] = x; else b[i] = y;` into one store through `select c, &a[i], &b[i]`, through
 * a getelementptr of such a select, or through a phi of the two pointers after their
 * branches. A block-RAM access reaches one memory, so such an access becomes one access per
 * choice (an arm), each under its side of the choice: the if-conversion of what LLVM merged.
 * A generic pointer may also choose between block RAM and __global or __constant memory
 * (`int *p = c ? (int *)&g[i] : (int *)&l[j];`): its global arms are accesses of their own.
 */
#define MAX_ARMS 8

struct arm {
    int ptr;     /* the pointer of this choice; its block-RAM address after split_access */
    int cond;    /* 1-bit: the access takes this choice */
    unsigned as; /* 0 private, 3 __local */
};

struct arms {
    struct arm a[MAX_ARMS];
    int n;
};

static int both(struct lower *l, int cond, int c)
{
    return cond == HIR_NONE ? c : hir_and1(l->k, cond, c);
}

static LLVMOpcode opcode_of(LLVMValueRef v)
{
    return LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v) : (LLVMOpcode)0;
}

/* A phi outside a loop header: every incoming edge comes from a block lowered before it. */
static int acyclic_phi(struct lower *l, LLVMValueRef phi)
{
    int to = lower_block_of(l, LLVMGetInstructionParent(phi));
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
        if (lower_block_of(l, LLVMGetIncomingBlock(phi, i)) >= to)
            return 0;
    return to >= 0;
}

/* p chooses between pointers: a select of them, an acyclic phi, or an address off either
   (through getelementptr and casts). */
static int is_choice(struct lower *l, LLVMValueRef p)
{
    switch (opcode_of(p)) {
    case LLVMSelect:
        return LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, 0))) == LLVMIntegerTypeKind;
    case LLVMPHI:
        return acyclic_phi(l, p);
    case LLVMGetElementPtr:
    case LLVMAddrSpaceCast: /* a private pointer made generic: the same address */
    case LLVMBitCast:
        return is_choice(l, LLVMGetOperand(p, 0));
    default:
        return 0;
    }
}

/* The named space generic pointer p was cast from (through getelementptrs); p's own space
   when it is named, 4 when not known. */
static unsigned named_space(LLVMValueRef p)
{
    for (;;) {
        unsigned s = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
        LLVMOpcode op = LLVMIsAConstantExpr(p) ? LLVMGetConstOpcode(p) : opcode_of(p);
        if (s != 4 || (op != LLVMAddrSpaceCast && op != LLVMGetElementPtr && op != LLVMBitCast))
            return s;
        p = LLVMGetOperand(p, 0);
    }
}

static int add_arm(struct lower *l, struct arms *arms, int ptr, int cond, unsigned as,
                   unsigned line)
{
    if (ptr == HIR_NONE)
        return -1;
    if (arms->n == MAX_ARMS)
        return lower_error(l, line,
                           "this pointer chooses between more than %d memories (not supported)",
                           MAX_ARMS);
    arms->a[arms->n++] = (struct arm){ptr, cond, as};
    return 0;
}

/* The choices of pointer p, taken under cond, into arms. 0, or -1 after an error. */
static int collect_arms(struct lower *l, LLVMValueRef p, int cond, struct arms *arms,
                        unsigned line)
{
    if (!is_choice(l, p))
        return add_arm(l, arms, lower_operand(l, p, line), cond, named_space(p), line);
    if (opcode_of(p) == LLVMSelect) {
        int c = lower_operand(l, LLVMGetOperand(p, 0), line);
        if (c == HIR_NONE ||
            collect_arms(l, LLVMGetOperand(p, 1), both(l, cond, c), arms, line))
            return -1;
        return collect_arms(l, LLVMGetOperand(p, 2), both(l, cond, hir_not1(l->k, c)), arms,
                            line);
    }
    if (opcode_of(p) == LLVMPHI) {
        int to = lower_block_of(l, LLVMGetInstructionParent(p));
        for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
            int from = lower_block_of(l, LLVMGetIncomingBlock(p, i));
            int e = from < 0 ? HIR_NONE : ifc_edge_pred(l, from, to);
            if (e != HIR_NONE &&
                collect_arms(l, LLVMGetIncomingValue(p, i), both(l, cond, e), arms, line))
                return -1;
        }
        return 0;
    }
    if (opcode_of(p) != LLVMGetElementPtr) /* a cast */
        return collect_arms(l, LLVMGetOperand(p, 0), cond, arms, line);
    struct arms bases = {.n = 0}; /* a getelementptr off a choice: the same offset off each */
    if (collect_arms(l, LLVMGetOperand(p, 0), cond, &bases, line))
        return -1;
    for (int i = 0; i < bases.n; i++)
        if (add_arm(l, arms, lower_gep_at(l, p, bases.a[i].ptr, line), bases.a[i].cond,
                    bases.a[i].as, line))
            return -1;
    return 0;
}

/*
 * The arms of an access of `bytes` through ptr when ptr chooses between block-RAM memories,
 * each with its memory address; 0 when it does not (the access takes the usual way, which
 * reports a pointer it cannot follow), -1 after an error.
 */
static int split_access(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned bytes,
                        struct arms *arms, unsigned line)
{
    unsigned space = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if ((space != 0 && space != 3 && space != 4) || LLVMGetAlignment(inst) < bytes ||
        !is_choice(l, ptr))
        return 0;
    int v = lower_operand(l, ptr, line);
    if (v == HIR_NONE)
        return -1;
    if (lower_base_arg(l, v) <= HIR_PRIVATE_BASE(0))
        return 0; /* every choice is in the same memory */
    arms->n = 0;
    if (collect_arms(l, ptr, HIR_NONE, arms, line))
        return -1;
    int in_ram = 0;
    for (int i = 0; i < arms->n; i++) {
        int base = lower_base_arg(l, arms->a[i].ptr);
        if (base > HIR_PRIVATE_BASE(0)) {
            if (arms->a[i].as != 1 && arms->a[i].as != 2)
                return 0; /* a choice outside block RAM and not known to be global memory */
            continue; /* a __global or __constant arm: its pointer is its address */
        }
        in_ram = 1;
        arms->a[i].as = l->k->parrays[HIR_PRIVATE_OF(base)].local ? 3 : 0;
        arms->a[i].ptr = lower_private_address(l, arms->a[i].ptr, bytes, line);
        if (arms->a[i].ptr == HIR_NONE)
            return -1;
    }
    return in_ram ? arms->n : 0; /* all global: one access through the chosen address */
}

/* One load per arm; the value is the chosen arm's. */
static int load_arms(struct lower *l, const struct arms *arms, unsigned width, unsigned line)
{
    int v = HIR_NONE;
    for (int i = arms->n; i-- > 0;) {
        const struct arm *a = &arms->a[i];
        int x = emit_load(l, a->ptr, width, a->as, a->cond, line);
        if (x == HIR_NONE || v == HIR_NONE) {
            v = x;
            continue;
        }
        int ops[3] = {a->cond, x, v};
        v = hir_emit(l->k, HIR_SELECT, width, 3, ops);
    }
    return v;
}

static int memory_width(struct lower *l, LLVMTypeRef t, unsigned line)
{
    unsigned w = lower_type_width(l, t, line);
    if (w && w != 8 && w != 16 && w != 32 && w != 64) {
        lower_error(l, line, "%u-bit memory accesses are not supported", w);
        return 0;
    }
    return (int)w;
}

int lower_load(struct lower *l, LLVMValueRef inst, unsigned line)
{
    int w = memory_width(l, LLVMTypeOf(inst), line);
    if (!w)
        return -1;
    int byval = lower_byval_load(l, inst, (unsigned)w, line);
    if (byval)
        return byval < 0 ? -1 : 0;
    struct arms arms;
    int n = split_access(l, inst, LLVMGetOperand(inst, 0), (unsigned)w / 8, &arms, line);
    if (n < 0)
        return -1;
    if (n > 0) {
        int v = load_arms(l, &arms, (unsigned)w, line);
        if (v == HIR_NONE || valmap_put(&l->values, inst, v))
            return lower_error(l, line, "out of memory");
        return 0;
    }
    unsigned as;
    int addr = lower_access_address(l, inst, LLVMGetOperand(inst, 0), (unsigned)w / 8, &as, line);
    if (addr == HIR_NONE)
        return -1;
    int v = emit_load(l, addr, (unsigned)w, as, HIR_NONE, line);
    if (v == HIR_NONE || valmap_put(&l->values, inst, v))
        return lower_error(l, line, "out of memory");
    return 0;
}

int lower_store(struct lower *l, LLVMValueRef inst, unsigned line)
{
    LLVMValueRef val = LLVMGetOperand(inst, 0);
    int w = memory_width(l, LLVMTypeOf(val), line);
    if (!w)
        return -1;
    struct arms arms;
    int n = split_access(l, inst, LLVMGetOperand(inst, 1), (unsigned)w / 8, &arms, line);
    if (n < 0)
        return -1;
    if (n > 0) {
        int data = lower_operand(l, val, line);
        for (int i = 0; data != HIR_NONE && i < n; i++)
            if (emit_store(l, arms.a[i].ptr, data, (unsigned)w, arms.a[i].as, arms.a[i].cond,
                           line))
                return lower_error(l, line, "out of memory");
        return data == HIR_NONE ? -1 : 0;
    }
    unsigned as;
    int addr = lower_access_address(l, inst, LLVMGetOperand(inst, 1), (unsigned)w / 8, &as, line);
    if (addr == HIR_NONE)
        return -1;
    if (as == 2)
        return lower_error(l, line, "store to __constant memory");
    int data = lower_operand(l, val, line);
    if (data == HIR_NONE)
        return -1;
    if (emit_store(l, addr, data, (unsigned)w, as, HIR_NONE, line))
        return lower_error(l, line, "out of memory");
    return 0;
}

/* Alignment of call argument i (0-based) from its `align` attribute; 1 when absent. */
static unsigned arg_alignment(LLVMValueRef call, unsigned i)
{
    unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i + 1, kind);
    uint64_t v = a ? LLVMGetEnumAttributeValue(a) : 1;
    return v ? (unsigned)v : 1;
}

/* Bytes per access of a block operation: the largest power of two up to 8 that divides
   the length and both alignments. */
static unsigned block_chunk(unsigned len, unsigned align)
{
    unsigned c = 8;
    while (c > 1 && (len % c || align % c))
        c /= 2;
    return c;
}

#define BLOCK_MAX_BYTES 256

/* The pointer operand i of a block call, with its address space checked. */
static int block_pointer(struct lower *l, LLVMValueRef call, unsigned i, unsigned *as,
                         unsigned line)
{
    LLVMValueRef p = LLVMGetOperand(call, i);
    *as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    if (check_address_space(l, *as, line))
        return HIR_NONE;
    return lower_operand(l, p, line);
}

static int block_length(struct lower *l, LLVMValueRef call, unsigned line)
{
    LLVMValueRef len = LLVMGetOperand(call, 2);
    if (!LLVMIsAConstantInt(len))
        return lower_error(l, line, "block copies of a run-time length are not supported yet");
    uint64_t n = LLVMConstIntGetZExtValue(len);
    if (n > BLOCK_MAX_BYTES)
        return lower_error(l, line, "block copies of more than %d bytes are not supported yet",
                           BLOCK_MAX_BYTES);
    return (int)n;
}

static int offset_address(struct lower *l, int base, unsigned offset)
{
    if (!offset)
        return base;
    int ops[2] = {base, hir_const(l->k, 32, offset)};
    int a = hir_emit(l->k, HIR_ADD, 32, 2, ops);
    if (a != HIR_NONE && lower_base_arg(l, base) != HIR_NONE &&
        lower_set_base_arg(l, a, lower_base_arg(l, base)))
        return HIR_NONE;
    return a;
}

/*
 * llvm.memcpy / llvm.memmove with a constant length (struct assignments): every chunk is
 * loaded before any is stored, which is right for overlapping moves too.
 */
int lower_block_copy(struct lower *l, LLVMValueRef call, unsigned line)
{
    unsigned das, sas;
    int len = block_length(l, call, line);
    int dst = block_pointer(l, call, 0, &das, line);
    int src = block_pointer(l, call, 1, &sas, line);
    if (len < 0 || dst == HIR_NONE || src == HIR_NONE)
        return -1;
    if (das == 2)
        return lower_error(l, line, "store to __constant memory");
    unsigned align = arg_alignment(call, 0) < arg_alignment(call, 1) ? arg_alignment(call, 0)
                                                                     : arg_alignment(call, 1);
    unsigned chunk = block_chunk((unsigned)len, align), n = (unsigned)len / chunk;
    int data[BLOCK_MAX_BYTES];
    for (unsigned i = 0; i < n; i++) {
        int a = offset_address(l, src, i * chunk);
        if (a == HIR_NONE || (data[i] = emit_load(l, a, chunk * 8, sas, HIR_NONE, line)) == HIR_NONE)
            return lower_error(l, line, "out of memory");
    }
    for (unsigned i = 0; i < n; i++) {
        int a = offset_address(l, dst, i * chunk);
        if (a == HIR_NONE || emit_store(l, a, data[i], chunk * 8, das, HIR_NONE, line))
            return lower_error(l, line, "out of memory");
    }
    return 0;
}

/* llvm.memset with a constant length (struct and array initialisers). */
int lower_block_fill(struct lower *l, LLVMValueRef call, unsigned line)
{
    unsigned das;
    int len = block_length(l, call, line);
    int dst = block_pointer(l, call, 0, &das, line);
    int byte = lower_operand(l, LLVMGetOperand(call, 1), line);
    if (len < 0 || dst == HIR_NONE || byte == HIR_NONE)
        return -1;
    if (das == 2)
        return lower_error(l, line, "store to __constant memory");
    unsigned chunk = block_chunk((unsigned)len, arg_alignment(call, 0));
    /* The byte repeated across a chunk: zero-extend, then multiply by 0x0101... */
    int wide = byte;
    if (chunk > 1) {
        int z = hir_emit(l->k, HIR_ZEXT, chunk * 8, 1, &byte);
        int ops[2] = {z, hir_const(l->k, chunk * 8, 0x0101010101010101ull)};
        wide = hir_emit(l->k, HIR_MUL, chunk * 8, 2, ops);
    }
    for (unsigned i = 0; i < (unsigned)len / chunk; i++) {
        int a = offset_address(l, dst, i * chunk);
        if (wide == HIR_NONE || a == HIR_NONE || emit_store(l, a, wide, chunk * 8, das, HIR_NONE, line))
            return lower_error(l, line, "out of memory");
    }
    return 0;
}

/* Lane j (of `width` bits) of a vector access at ptr: its address, base + j elements. */
static int lane_address(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned j,
                        unsigned width, unsigned *as, unsigned line)
{
    int w = memory_width(l, LLVMIntTypeInContext(LLVMGetModuleContext(l->module), width), line);
    if (!w)
        return HIR_NONE;
    int base = lower_access_address(l, inst, ptr, width / 8, as, line);
    return base == HIR_NONE ? HIR_NONE : offset_address(l, base, j * (width / 8));
}

int lower_lane_load(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned j,
                    unsigned width, unsigned line)
{
    unsigned as;
    int addr = lane_address(l, inst, ptr, j, width, &as, line);
    if (addr == HIR_NONE)
        return HIR_NONE;
    int v = emit_load(l, addr, width, as, HIR_NONE, line);
    if (v == HIR_NONE)
        lower_error(l, line, "out of memory");
    return v;
}

int lower_lane_store(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned j,
                     unsigned width, int data, unsigned line)
{
    unsigned as;
    int addr = lane_address(l, inst, ptr, j, width, &as, line);
    if (addr == HIR_NONE || data == HIR_NONE)
        return -1;
    if (as == 2)
        return lower_error(l, line, "store to __constant memory");
    if (emit_store(l, addr, data, width, as, HIR_NONE, line))
        return lower_error(l, line, "out of memory");
    return 0;
}

/*
 * A vector access of the source (a float4 or int2 through a __global pointer) aligned to
 * its whole size: it never straddles a memory line, so one LSU moves all its lanes (or one
 * per line's width of them, when the vector is wider than the board's line), where one per
 * lane would each fetch the same line. (An OpenCL vector type is aligned to its size; vload4
 * on a float pointer is aligned to one element and stays lane by lane.)
 */
static int is_aligned_global_vector(LLVMValueRef inst, LLVMValueRef ptr, unsigned bits)
{
    unsigned bytes = bits / 8;
    return LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) == 1 && bits % 8 == 0 && bytes > 4 &&
           (bytes & (bytes - 1)) == 0 && LLVMGetAlignment(inst) >= bytes;
}

static int simd_tagged(struct lower *l, LLVMValueRef inst)
{
    LLVMContextRef c = LLVMGetModuleContext(l->module);
    return LLVMGetMetadata(inst, LLVMGetMDKindIDInContext(c, "oclhls.simd_wide", 16)) != NULL;
}

/*
 * How many accesses of equal width move the n lanes of w bits at once: 1 for an access
 * tagged by frontend/simd_lanes.c that fits a memory line, and for an aligned vector of
 * the source, the number of memory lines it spans (both widths are powers of two); 0 when
 * the lanes go one by one.
 */
static unsigned wide_pieces(struct lower *l, LLVMValueRef inst, LLVMValueRef ptr, unsigned n,
                            unsigned w)
{
    unsigned bits = n * w, line = l->ctx->board->mem_width_bits;
    if (simd_tagged(l, inst))
        return bits <= line;
    if (!is_aligned_global_vector(inst, ptr, bits) || n < 2)
        return 0;
    unsigned pieces = bits <= line ? 1 : bits / line;
    return n % pieces ? 0 : pieces;
}

int lower_wide_load(struct lower *l, LLVMValueRef inst, unsigned n, unsigned w, int *lanes,
                    unsigned line)
{
    LLVMValueRef ptr = LLVMGetOperand(inst, 0);
    unsigned as, pieces = wide_pieces(l, inst, ptr, n, w);
    if (!pieces)
        return 0;
    unsigned per = n / pieces;
    int base = lower_access_address(l, inst, ptr, n * w / 8, &as, line);
    for (unsigned p = 0; base != HIR_NONE && p < pieces; p++) {
        int addr = p ? offset_address(l, base, p * per * w / 8) : base;
        int v = addr == HIR_NONE ? HIR_NONE : emit_load(l, addr, per * w, as, HIR_NONE, line);
        if (v == HIR_NONE)
            return lower_error(l, line, "out of memory");
        l->k->ops[v].simd_wide = simd_tagged(l, inst);
        for (unsigned j = 0; j < per; j++) {
            int lane = hir_emit(l->k, HIR_CHUNK, w, 1, &v);
            if (lane == HIR_NONE)
                return lower_error(l, line, "out of memory");
            l->k->ops[lane].imm = j;
            lanes[p * per + j] = lane;
        }
    }
    return base == HIR_NONE ? -1 : 1;
}

int lower_wide_store(struct lower *l, LLVMValueRef inst, unsigned n, unsigned w, const int *lanes,
                     unsigned line)
{
    LLVMValueRef ptr = LLVMGetOperand(inst, 1);
    unsigned as, pieces = wide_pieces(l, inst, ptr, n, w);
    if (!pieces)
        return 0;
    unsigned per = n / pieces;
    int base = lower_access_address(l, inst, ptr, n * w / 8, &as, line);
    if (base == HIR_NONE)
        return -1;
    for (unsigned p = 0; p < pieces; p++) {
        int addr = p ? offset_address(l, base, p * per * w / 8) : base;
        int data = hir_emit(l->k, HIR_CONCAT, per * w, (int)per, lanes + p * per);
        if (addr == HIR_NONE || data == HIR_NONE ||
            emit_store(l, addr, data, per * w, as, HIR_NONE, line))
            return lower_error(l, line, "out of memory");
        l->k->ops[l->k->nops - 1].simd_wide = simd_tagged(l, inst); /* the store just emitted */
    }
    return 1;
}
