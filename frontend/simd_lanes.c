// SPDX-License-Identifier: MIT
/*
 * num_simd_work_items(N): the kernel's body computed for N lanes, N consecutive work-items
 * of one work-group (local x = N * x' + l), so the hardware's pipeline takes one token of N
 * work-items per clock and the runtime launches 1/N of the x range (launch.c). The lanes are
 * copies of the body chained one after the other within each stretch between barriers: the
 * if-conversion predicates each lane's branches, each lane runs its own loops, and every
 * lane reaches a barrier before any lane passes it (so barriers must be in blocks that every
 * work-item passes once: not in a loop or a branch). Work-item ids of x are rewritten per lane.
 *
 * A global access a[get_global_id(0)] through a kernel argument, in a block every work-item
 * passes once, is one access of <N x T> (tagged !oclhls.simd_wide; HLS makes it one wide
 * LSU access): the buffer is 128-byte aligned and the runtime launches offsets that are a
 * multiple of N, so lane 0's element is N-element aligned. A wide load takes lane 0's place
 * and a wide store lane N-1's; that is only done when it cannot reorder a lane's own
 * accesses: no write may come before such a load and no access after such a store.
 */
#include "fe_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LANES 16

/* A small pointer map (open addressing). */
struct vmap {
    LLVMValueRef *key, *val;
    size_t cap;
};

static size_t vmap_slot(const struct vmap *m, LLVMValueRef k)
{
    size_t h = ((size_t)k >> 4) * 0x9E3779B97F4A7C15ull;
    size_t i = h & (m->cap - 1);
    while (m->key[i] && m->key[i] != k)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int vmap_init(struct vmap *m, size_t n)
{
    m->cap = 64;
    while (m->cap < 2 * n + 2)
        m->cap *= 2;
    m->key = calloc(m->cap, sizeof(*m->key));
    m->val = calloc(m->cap, sizeof(*m->val));
    return m->key && m->val ? 0 : -1;
}

static void vmap_free(struct vmap *m)
{
    free(m->key);
    free(m->val);
}

static void vmap_put(struct vmap *m, LLVMValueRef k, LLVMValueRef v)
{
    size_t i = vmap_slot(m, k);
    m->key[i] = k;
    m->val[i] = v;
}

static LLVMValueRef vmap_get(const struct vmap *m, LLVMValueRef k)
{
    size_t i = vmap_slot(m, k);
    return m->key[i] ? m->val[i] : NULL;
}

static const char *callee_name(LLVMValueRef inst)
{
    if (!LLVMIsACallInst(inst))
        return NULL;
    LLVMValueRef f = LLVMGetCalledValue(inst);
    size_t len;
    return f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
}

static int is_barrier(LLVMValueRef inst)
{
    const char *n = callee_name(inst);
    return n && (!strcmp(n, "_Z7barrierj") || !strncmp(n, "_Z18work_group_barrierj", 23));
}

/* Work-item queries of x the lanes see differently: 2 = an id (N * id' + lane), 1 = a size or
   offset (N * value'), 0 = other calls. */
static int x_query(LLVMValueRef inst)
{
    static const char *ids[] = {"_Z13get_global_idj", "_Z12get_local_idj"};
    static const char *sizes[] = {"_Z15get_global_sizej", "_Z14get_local_sizej",
                                  "_Z23get_enqueued_local_sizej", "_Z17get_global_offsetj"};
    const char *n = callee_name(inst);
    int kind = 0;
    if (!n)
        return 0;
    for (unsigned i = 0; i < 2; i++)
        kind |= !strcmp(n, ids[i]) ? 2 : 0;
    for (unsigned i = 0; i < 4; i++)
        kind |= !strcmp(n, sizes[i]) ? 1 : 0;
    if (!kind)
        return 0;
    LLVMValueRef d = LLVMGetOperand(inst, 0);
    if (!LLVMIsAConstantInt(d))
        return -1;
    return LLVMConstIntGetZExtValue(d) == 0 ? kind : 0;
}

/* Calls that read or write nothing a lane could reorder. */
static int is_pure_call(LLVMValueRef inst)
{
    const char *n = callee_name(inst);
    return n && (!strncmp(n, "_Z13get_", 8) || !strncmp(n, "_Z12get_", 8) ||
                 !strncmp(n, "_Z14get_", 8) || !strncmp(n, "_Z15get_", 8) ||
                 !strncmp(n, "_Z17get_", 8) || !strncmp(n, "_Z23get_", 8) ||
                 !strncmp(n, "llvm.", 5) || is_barrier(inst));
}

static int writes_memory(LLVMValueRef i)
{
    return LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
           (LLVMIsACallInst(i) && !is_pure_call(i));
}

static int accesses_memory(LLVMValueRef i)
{
    return writes_memory(i) || LLVMIsALoadInst(i);
}

/* The function's blocks, numbered, and which reaches which. */
struct cfg {
    unsigned n;
    LLVMBasicBlockRef *bb;
    unsigned char *reach; /* reach[a * n + b]: a path of at least one edge from a to b */
};

static unsigned block_index(const struct cfg *g, LLVMBasicBlockRef b)
{
    for (unsigned i = 0; i < g->n; i++)
        if (g->bb[i] == b)
            return i;
    return 0;
}

static int cfg_build(struct cfg *g, LLVMValueRef fn)
{
    g->n = LLVMCountBasicBlocks(fn);
    g->bb = calloc(g->n, sizeof(*g->bb));
    g->reach = calloc((size_t)g->n * g->n, 1);
    unsigned *stack = calloc(g->n + 1, sizeof(*stack));
    if (!g->bb || !g->reach || !stack) {
        free(stack);
        return -1;
    }
    LLVMGetBasicBlocks(fn, g->bb);
    for (unsigned a = 0; a < g->n; a++) {
        unsigned char *r = &g->reach[(size_t)a * g->n];
        unsigned sp = 0;
        stack[sp++] = a;
        while (sp) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[stack[--sp]]);
            unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
            for (unsigned s = 0; s < ns; s++) {
                unsigned j = block_index(g, LLVMGetSuccessor(t, s));
                if (!r[j]) {
                    r[j] = 1;
                    stack[sp++] = j;
                }
            }
        }
    }
    free(stack);
    return 0;
}

/* Every work-item passes block i exactly once: not in a cycle, and the exit is not reachable
   from the entry without it. */
static int on_spine(const struct cfg *g, unsigned i)
{
    if (g->reach[(size_t)i * g->n + i])
        return 0;
    if (i == 0)
        return 1;
    unsigned char *seen = calloc(g->n, 1);
    unsigned *stack = calloc(g->n + 1, sizeof(*stack));
    int escapes = 0;
    unsigned sp = 0;
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return 0;
    }
    seen[0] = 1;
    stack[sp++] = 0;
    while (sp && !escapes) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[stack[--sp]]);
        unsigned ns = LLVMGetNumSuccessors(t);
        escapes = LLVMGetInstructionOpcode(t) == LLVMRet;
        for (unsigned s = 0; s < ns; s++) {
            unsigned j = block_index(g, LLVMGetSuccessor(t, s));
            if (j != i && !seen[j]) {
                seen[j] = 1;
                stack[sp++] = j;
            }
        }
    }
    free(seen);
    free(stack);
    return !escapes;
}

/* inst comes after `from` on some path (same block later, or a block from's reaches). */
static int comes_after(const struct cfg *g, LLVMValueRef from, LLVMValueRef inst)
{
    LLVMBasicBlockRef fb = LLVMGetInstructionParent(from), ib = LLVMGetInstructionParent(inst);
    if (g->reach[(size_t)block_index(g, fb) * g->n + block_index(g, ib)])
        return 1;
    if (fb != ib)
        return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(from); i; i = LLVMGetNextInstruction(i))
        if (i == inst)
            return 1;
    return 0;
}

/* ptr is arg[get_global_id(0)] for a global or constant pointer argument: the element type's
   bytes, else 0. */
static unsigned consecutive_element(LLVMValueRef ptr)
{
    if (!LLVMIsAGetElementPtrInst(ptr) || LLVMGetNumOperands(ptr) != 2 ||
        !LLVMIsAArgument(LLVMGetOperand(ptr, 0)))
        return 0;
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    LLVMValueRef idx = LLVMGetOperand(ptr, 1);
    if (LLVMIsASExtInst(idx) || LLVMIsAZExtInst(idx))
        idx = LLVMGetOperand(idx, 0);
    const char *n = callee_name(idx);
    if ((as != 1 && as != 2) || !n || strcmp(n, "_Z13get_global_idj") || x_query(idx) != 2)
        return 0;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(ptr);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(
        LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(ptr))));
    LLVMTypeKind kind = LLVMGetTypeKind(t);
    if (kind != LLVMIntegerTypeKind && kind != LLVMFloatTypeKind && kind != LLVMDoubleTypeKind &&
        kind != LLVMHalfTypeKind)
        return 0;
    unsigned long long bytes = LLVMABISizeOfType(td, t);
    return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 ? (unsigned)bytes : 0;
}

/* A load or store that becomes one access of all lanes. */
static int goes_wide(const struct cfg *g, LLVMValueRef fn, LLVMValueRef inst, unsigned lanes)
{
    int load = LLVMIsALoadInst(inst) != NULL;
    if ((!load && !LLVMIsAStoreInst(inst)) || LLVMGetVolatile(inst))
        return 0;
    LLVMValueRef ptr = LLVMGetOperand(inst, load ? 0 : 1);
    LLVMTypeRef vt = LLVMTypeOf(load ? inst : LLVMGetOperand(inst, 0));
    unsigned bytes = consecutive_element(ptr);
    if (!bytes || bytes * lanes > 128 || LLVMGetTypeKind(vt) == LLVMVectorTypeKind ||
        vt != LLVMGetGEPSourceElementType(ptr) ||
        !on_spine(g, block_index(g, LLVMGetInstructionParent(inst))))
        return 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            if (i == inst)
                continue;
            if (load && writes_memory(i) && comes_after(g, i, inst))
                return 0;
            if (!load && accesses_memory(i) && comes_after(g, inst, i))
                return 0;
        }
    return 1;
}

/* What the lanes of one kernel share while they are made. */
struct lanes {
    LLVMValueRef fn;
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    unsigned n, log2n;
    struct cfg g;
    unsigned char *wide;             /* per instruction number: 1 = a wide access */
    struct vmap num;                 /* instruction -> its number (as a pointer-sized int) */
    struct vmap lane[MAX_LANES];     /* original value -> lane's value */
    LLVMValueRef *wide_val;          /* per instruction: the wide load, or a store's lane data */
    LLVMValueRef *store_data;        /* [instruction * n + lane] */
    LLVMBasicBlockRef *first, *last; /* [lane * nblocks + block]: a clone's first, last part */
    LLVMBasicBlockRef *region;       /* [region * n + lane]: where lane starts a region */
    LLVMBasicBlockRef *region_end;   /* [region * n + lane]: the block ending it (filled) */
    unsigned nregions;
    LLVMValueRef entry_alloca_pos;
};

static unsigned inst_num(const struct lanes *s, LLVMValueRef i)
{
    return (unsigned)(size_t)vmap_get(&s->num, i) - 1;
}

static LLVMValueRef map(const struct lanes *s, unsigned lane, LLVMValueRef v)
{
    LLVMValueRef m = vmap_get(&s->lane[lane], v);
    return m ? m : v;
}

/* The lane's value of an x query: N * q' (+ lane for an id). */
static LLVMValueRef rewrite_query(struct lanes *s, LLVMValueRef q, int kind, unsigned lane)
{
    LLVMTypeRef t = LLVMTypeOf(q);
    LLVMValueRef v = LLVMBuildNUWMul(s->b, q, LLVMConstInt(t, s->n, 0), "simd.x");
    if (kind == 2)
        v = LLVMBuildNUWAdd(s->b, v, LLVMConstInt(t, lane, 0), "simd.lane");
    return v;
}

static LLVMMetadataRef wide_tag(struct lanes *s)
{
    return LLVMMDStringInContext2(s->ctx, "simd", 4);
}

static void tag_wide(struct lanes *s, LLVMValueRef inst)
{
    LLVMMetadataRef md = LLVMMDNodeInContext2(s->ctx, (LLVMMetadataRef[]){wide_tag(s)}, 1);
    unsigned kind = LLVMGetMDKindIDInContext(s->ctx, "oclhls.simd_wide", 16);
    LLVMSetMetadata(inst, kind, LLVMMetadataAsValue(s->ctx, md));
}

/* A wide access in lane `lane`: the load in lane 0 (each lane extracts its element), the
   store in lane N-1 (of every lane's data). */
static LLVMValueRef wide_access(struct lanes *s, LLVMValueRef inst, unsigned lane)
{
    unsigned k = inst_num(s, inst);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(s->ctx);
    if (LLVMIsALoadInst(inst)) {
        if (lane == 0) {
            LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(inst), s->n);
            LLVMValueRef w =
                LLVMBuildLoad2(s->b, vt, map(s, 0, LLVMGetOperand(inst, 0)), "simd.wide");
            LLVMSetAlignment(w, LLVMGetAlignment(inst) * s->n);
            tag_wide(s, w);
            s->wide_val[k] = w;
        }
        return LLVMBuildExtractElement(s->b, s->wide_val[k], LLVMConstInt(i32, lane, 0), "");
    }
    s->store_data[(size_t)k * s->n + lane] = map(s, lane, LLVMGetOperand(inst, 0));
    if (lane + 1 < s->n)
        return NULL;
    LLVMTypeRef et = LLVMTypeOf(LLVMGetOperand(inst, 0));
    LLVMValueRef v = LLVMGetPoison(LLVMVectorType(et, s->n));
    for (unsigned l = 0; l < s->n; l++)
        v = LLVMBuildInsertElement(s->b, v, s->store_data[(size_t)k * s->n + l],
                                   LLVMConstInt(i32, l, 0), "");
    LLVMValueRef st = LLVMBuildStore(s->b, v, map(s, 0, LLVMGetOperand(inst, 1)));
    LLVMSetAlignment(st, LLVMGetAlignment(inst) * s->n);
    tag_wide(s, st);
    return st;
}

/* The region a barrier starts (1-based in order along the spine), from the original blocks. */
static unsigned barrier_region(const struct lanes *s, LLVMValueRef call)
{
    unsigned r = 1;
    for (unsigned bi = 0; bi < s->g.n; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            if (i != call && is_barrier(i) && comes_after(&s->g, i, call))
                r++;
    return r;
}

/* Copies block `bi` for lane `lane`: instructions (phis with no incoming yet), parts split at
   barriers. Branch targets and phi edges are fixed later. */
static void clone_block(struct lanes *s, unsigned lane, unsigned bi)
{
    LLVMBasicBlockRef ob = s->g.bb[bi];
    LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(s->ctx, s->fn, "simd");
    s->first[lane * s->g.n + bi] = nb;
    LLVMPositionBuilderAtEnd(s->b, nb);
    for (LLVMValueRef i = LLVMGetFirstInstruction(ob); i; i = LLVMGetNextInstruction(i)) {
        if (is_barrier(i)) {
            unsigned r = barrier_region(s, i);
            LLVMBasicBlockRef after = LLVMAppendBasicBlockInContext(s->ctx, s->fn, "simd.b");
            s->region_end[(r - 1) * s->n + lane] = nb; /* its branch is added when linking */
            s->region[r * s->n + lane] = after;
            nb = after;
            LLVMPositionBuilderAtEnd(s->b, nb);
            if (lane != 0)
                continue; /* one barrier for all lanes */
        }
        LLVMValueRef c;
        int q = x_query(i);
        if (s->wide[inst_num(s, i)]) {
            c = wide_access(s, i, lane);
            if (c)
                vmap_put(&s->lane[lane], i, c);
            continue;
        }
        if (LLVMIsAPHINode(i))
            c = LLVMBuildPhi(s->b, LLVMTypeOf(i), "");
        else {
            c = LLVMInstructionClone(i);
            LLVMInsertIntoBuilder(s->b, c);
            for (int o = 0, no = LLVMGetNumOperands(c); o < no; o++) {
                LLVMValueRef op = LLVMGetOperand(c, (unsigned)o);
                LLVMValueRef m = op ? vmap_get(&s->lane[lane], op) : NULL;
                if (m)
                    LLVMSetOperand(c, (unsigned)o, m);
            }
            if (LLVMIsAAllocaInst(c) && s->entry_alloca_pos) { /* static: the entry block */
                LLVMInstructionRemoveFromParent(c);
                LLVMPositionBuilderBefore(s->b, s->entry_alloca_pos);
                LLVMInsertIntoBuilder(s->b, c);
                LLVMPositionBuilderAtEnd(s->b, nb);
            }
        }
        vmap_put(&s->lane[lane], i, q > 0 ? rewrite_query(s, c, q, lane) : c);
    }
    s->last[lane * s->g.n + bi] = nb;
}

/* Operands defined later (phis' incoming values, loops) are mapped once every lane exists. */
static void fix_lane(struct lanes *s, unsigned lane)
{
    for (unsigned bi = 0; bi < s->g.n; bi++) {
        LLVMBasicBlockRef ob = s->g.bb[bi];
        for (LLVMBasicBlockRef nb = s->first[lane * s->g.n + bi];; nb = LLVMGetNextBasicBlock(nb)) {
            for (LLVMValueRef c = LLVMGetFirstInstruction(nb); c; c = LLVMGetNextInstruction(c)) {
                if (LLVMIsAPHINode(c))
                    continue;
                for (int o = 0, no = LLVMGetNumOperands(c); o < no; o++) {
                    LLVMValueRef op = LLVMGetOperand(c, (unsigned)o);
                    if (!op)
                        continue;
                    if (LLVMValueIsBasicBlock(op)) {
                        unsigned t = block_index(&s->g, LLVMValueAsBasicBlock(op));
                        if (LLVMValueAsBasicBlock(op) == s->g.bb[t])
                            LLVMSetOperand(c, (unsigned)o,
                                           LLVMBasicBlockAsValue(s->first[lane * s->g.n + t]));
                        continue;
                    }
                    LLVMValueRef m = vmap_get(&s->lane[lane], op);
                    if (m)
                        LLVMSetOperand(c, (unsigned)o, m);
                }
            }
            if (nb == s->last[lane * s->g.n + bi])
                break;
        }
        /* phis: the original's incoming edges, from the clones' last parts */
        LLVMValueRef oi = LLVMGetFirstInstruction(ob);
        for (; oi && LLVMIsAPHINode(oi); oi = LLVMGetNextInstruction(oi)) {
            LLVMValueRef c = vmap_get(&s->lane[lane], oi);
            for (unsigned e = 0; e < LLVMCountIncoming(oi); e++) {
                LLVMValueRef v = map(s, lane, LLVMGetIncomingValue(oi, e));
                LLVMBasicBlockRef from =
                    s->last[lane * s->g.n + block_index(&s->g, LLVMGetIncomingBlock(oi, e))];
                LLVMAddIncoming(c, &v, &from, 1);
            }
        }
    }
}

/* Chains the lanes: each lane's end of a region goes on to the next lane's start of it; the
   last lane's goes on to the barrier (lane 0's copy) or returns. */
static void link_regions(struct lanes *s)
{
    for (unsigned r = 0; r < s->nregions; r++)
        for (unsigned l = 0; l < s->n; l++) {
            LLVMBasicBlockRef end = s->region_end[r * s->n + l];
            LLVMValueRef ret = LLVMGetBasicBlockTerminator(end);
            LLVMBasicBlockRef to = l + 1 < s->n          ? s->region[r * s->n + l + 1]
                                   : r + 1 < s->nregions ? s->region[(r + 1) * s->n]
                                                         : NULL;
            if (ret && r + 1 == s->nregions && !to)
                continue; /* the last lane returns */
            if (ret)
                LLVMInstructionEraseFromParent(ret);
            LLVMPositionBuilderAtEnd(s->b, end);
            LLVMBuildBr(s->b, to);
        }
}

static void erase_originals(struct lanes *s)
{
    for (unsigned bi = 0; bi < s->g.n; bi++) {
        LLVMBasicBlockRef b = s->g.bb[bi];
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
                LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    }
    for (unsigned bi = 0; bi < s->g.n; bi++)
        LLVMDeleteBasicBlock(s->g.bb[bi]);
}

/* Why the kernel cannot have lanes (a message), or NULL. */
static const char *refusal(struct lanes *s, unsigned *nret)
{
    *nret = 0;
    for (unsigned bi = 0; bi < s->g.n; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i)) {
            const char *n = callee_name(i);
            if (x_query(i) < 0)
                return "a work-item function of a dimension that is not a constant";
            if (n &&
                (!strcmp(n, "_Z20get_global_linear_idv") || !strcmp(n, "_Z19get_local_linear_idv")))
                return "get_global_linear_id and get_local_linear_id are not supported with "
                       "lanes yet";
            if (is_barrier(i) && !on_spine(&s->g, bi))
                return "a barrier in a loop or a branch (every lane must reach it at once)";
            *nret += LLVMGetInstructionOpcode(i) == LLVMRet;
        }
    return *nret == 1 ? NULL : "the kernel does not have one return";
}

static int make_lanes(struct lanes *s, struct oclhls_strbuf *log, const struct fe_kernel *k)
{
    unsigned ninst = 0, nret, n = s->n, nb = s->g.n;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            ninst++;
    const char *why = refusal(s, &nret);
    if (why) {
        const char *file = NULL;
        unsigned line = fe_function_line(s->fn, &file);
        fe_log_location(log, file, line);
        oclhls_strbuf_printf(log, "error: kernel '%s': num_simd_work_items(%u): %s\n", k->name, n,
                             why);
        return -1;
    }
    unsigned nbarriers = 0;
    if (vmap_init(&s->num, ninst))
        return -2;
    ninst = 0;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i)) {
            vmap_put(&s->num, i, (LLVMValueRef)(size_t)++ninst);
            nbarriers += is_barrier(i);
        }
    s->nregions = nbarriers + 1;
    s->wide = calloc(ninst + 1, 1);
    s->wide_val = calloc(ninst + 1, sizeof(*s->wide_val));
    s->store_data = calloc((size_t)(ninst + 1) * n, sizeof(*s->store_data));
    s->first = calloc((size_t)n * nb, sizeof(*s->first));
    s->last = calloc((size_t)n * nb, sizeof(*s->last));
    s->region = calloc((size_t)s->nregions * n, sizeof(*s->region));
    s->region_end = calloc((size_t)s->nregions * n, sizeof(*s->region_end));
    if (!s->wide || !s->wide_val || !s->store_data || !s->first || !s->last || !s->region ||
        !s->region_end)
        return -2;
    for (unsigned l = 0; l < n; l++)
        if (vmap_init(&s->lane[l], ninst))
            return -2;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            s->wide[inst_num(s, i)] = (unsigned char)goes_wide(&s->g, s->fn, i, n);
    unsigned ret_block = 0;
    for (unsigned bi = 0; bi < nb; bi++)
        if (LLVMGetInstructionOpcode(LLVMGetBasicBlockTerminator(s->g.bb[bi])) == LLVMRet)
            ret_block = bi;
    s->entry_alloca_pos = NULL;
    for (unsigned l = 0; l < n; l++) {
        for (unsigned bi = 0; bi < nb; bi++) {
            clone_block(s, l, bi);
            if (l == 0 && bi == 0)
                s->entry_alloca_pos = LLVMGetFirstInstruction(s->first[0]);
        }
        s->region[l] = s->first[l * nb];
        s->region_end[(s->nregions - 1) * n + l] = s->last[l * nb + ret_block];
    }
    for (unsigned l = 0; l < n; l++)
        fix_lane(s, l);
    /* lane 0's entry block has to be the function's first: move the originals after it */
    link_regions(s);
    erase_originals(s);
    return 0;
}

static void lanes_free(struct lanes *s)
{
    free(s->g.bb);
    free(s->g.reach);
    free(s->wide);
    free(s->wide_val);
    free(s->store_data);
    free(s->first);
    free(s->last);
    free(s->region);
    free(s->region_end);
    vmap_free(&s->num);
    for (unsigned l = 0; l < MAX_LANES; l++)
        vmap_free(&s->lane[l]);
    if (s->b)
        LLVMDisposeBuilder(s->b);
}

int fe_simd_lanes(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    unsigned done = 0;
    for (unsigned ki = 0; ki < res->nkernels; ki++) {
        const struct fe_kernel *k = &res->kernels[ki];
        LLVMValueRef fn = LLVMGetNamedFunction(mod, k->name);
        if (k->simd_work_items < 2 || !fn || LLVMIsDeclaration(fn))
            continue;
        struct lanes s = {.fn = fn, .ctx = LLVMGetModuleContext(mod), .n = k->simd_work_items};
        s.b = LLVMCreateBuilderInContext(s.ctx);
        int ret = cfg_build(&s.g, s.fn) ? -2 : make_lanes(&s, log, k);
        lanes_free(&s);
        if (ret == -2)
            oclhls_strbuf_puts(log, "error: out of memory\n");
        if (ret)
            return -1;
        done++;
    }
    /* the lanes' copies of what a wide access replaced */
    return done ? fe_run_pipeline(mod, "function(dce)", log) : 0;
}
