// SPDX-License-Identifier: MIT
/*
 * num_simd_work_items(N): the kernel's body computed for N lanes, N consecutive work-items
 * of one work-group (local x = N * x' + l), so the hardware's pipeline takes one token of N
 * work-items per clock and the runtime launches 1/N of the x range (launch.c). The lanes are
 * copies of the body chained one after the other within each stretch between barriers: the
 * if-conversion predicates each lane's branches, each lane runs its own loops, and every
 * lane reaches a barrier before any lane passes it. A barrier must be one every work-item
 * passes once, once per iteration of a loop, or under branches that go the same way for the
 * whole work-group (simd_uniform.c): such a loop or branch is taken once for all lanes in
 * lock-step (a loop's header and exit and such a branch's successors start regions like
 * barriers, and the last lane's branch decides for all, as OpenCL's rules for barriers
 * allow), values carried through memory while the lanes are made (reg2mem, then mem2reg).
 * Work-item ids of x are rewritten per lane.
 *
 * A global access a[get_global_id(0)] through a kernel argument, in a block every work-item
 * passes once, is one access of <N x T> (tagged !oclhls.simd_wide; HLS makes it one wide
 * LSU access): the buffer is 128-byte aligned and the runtime launches offsets that are a
 * multiple of N, so lane 0's element is N-element aligned. A wide load takes lane 0's place
 * and a wide store lane N-1's; that is only done when it cannot reorder a lane's own
 * accesses: no write may come before such a load and no access after such a store.
 */
#include "debug_loc.h"
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
    unsigned nregions;
    /* Regions start at the entry, after each barrier, and at the header and the exit of each
       loop with a barrier (a lock-step loop). Per original block: the region it starts in
       (block_region) and, for a block that starts one, that region (entry_region, else -1);
       per barrier (by instruction number) the region after it. */
    int *block_region, *entry_region, *barrier_after;
    struct vmap part_region; /* a lane's block part -> its region + 1 */
    struct vmap part_entry;  /* a lane's block part that starts a region -> that region + 1 */
    LLVMValueRef entry_alloca_pos;
    /* Branches that go the same way for the whole work-group (simd_uniform.c), found before
       reg2mem; those a barrier is under (by block) start regions at their successors. A
       barrier under another branch: it and the branch, for the error. */
    LLVMValueRef *uniform;
    unsigned nuniform;
    unsigned char *uniform_ctl;
    LLVMValueRef bad_barrier, bad_branch;
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

/* Copies block `bi` for lane `lane`: instructions (phis with no incoming yet), parts split at
   barriers. Branch targets and phi edges are fixed later. */
static void clone_block(struct lanes *s, unsigned lane, unsigned bi)
{
    LLVMBasicBlockRef ob = s->g.bb[bi];
    LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(s->ctx, s->fn, "simd");
    int r = s->block_region[bi];
    s->first[lane * s->g.n + bi] = nb;
    vmap_put(&s->part_region, LLVMBasicBlockAsValue(nb), (LLVMValueRef)(size_t)(r + 1));
    if (s->entry_region[bi] >= 0) {
        s->region[(unsigned)s->entry_region[bi] * s->n + lane] = nb;
        vmap_put(&s->part_entry, LLVMBasicBlockAsValue(nb),
                 (LLVMValueRef)(size_t)(s->entry_region[bi] + 1));
    }
    LLVMPositionBuilderAtEnd(s->b, nb);
    for (LLVMValueRef i = LLVMGetFirstInstruction(ob); i; i = LLVMGetNextInstruction(i)) {
        if (is_barrier(i)) {
            LLVMBasicBlockRef after = LLVMAppendBasicBlockInContext(s->ctx, s->fn, "simd.b");
            LLVMBuildBr(s->b, after); /* a region's end: linked to the next lane's start */
            r = s->barrier_after[inst_num(s, i)];
            s->region[(unsigned)r * s->n + lane] = after;
            vmap_put(&s->part_region, LLVMBasicBlockAsValue(after), (LLVMValueRef)(size_t)(r + 1));
            vmap_put(&s->part_entry, LLVMBasicBlockAsValue(after), (LLVMValueRef)(size_t)(r + 1));
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

/* Chains the lanes: an edge of a lane's copy that enters a region (a barrier, a lock-step loop's
   header or exit) goes on to the next lane's start of the region it leaves; the last lane's
   goes where its own branch says (lane 0's start of that region). Every lane but the last
   goes on to the next lane where the kernel returns. */
static void link_regions(struct lanes *s)
{
    for (unsigned l = 0; l < s->n; l++)
        for (unsigned bi = 0; bi < s->g.n; bi++)
            for (LLVMBasicBlockRef p = s->first[l * s->g.n + bi];; p = LLVMGetNextBasicBlock(p)) {
                LLVMValueRef t = LLVMGetBasicBlockTerminator(p);
                unsigned r =
                    (unsigned)(size_t)vmap_get(&s->part_region, LLVMBasicBlockAsValue(p)) - 1;
                LLVMBasicBlockRef next = l + 1 < s->n ? s->region[r * s->n + l + 1] : NULL;
                if (t && LLVMGetInstructionOpcode(t) == LLVMRet) {
                    if (next) {
                        LLVMInstructionEraseFromParent(t);
                        LLVMPositionBuilderAtEnd(s->b, p);
                        LLVMBuildBr(s->b, next);
                    }
                } else if (t) {
                    for (unsigned k = 0, ns = LLVMGetNumSuccessors(t); k < ns; k++) {
                        LLVMValueRef to = LLVMBasicBlockAsValue(LLVMGetSuccessor(t, k));
                        size_t e = (size_t)vmap_get(&s->part_entry, to);
                        if (e)
                            LLVMSetSuccessor(t, k, next ? next : s->region[(e - 1) * s->n]);
                    }
                }
                if (p == s->last[l * s->g.n + bi])
                    break;
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

/* Can `from` reach a block of `targets` (a 0/1 array) without passing `avoid`, staying in
   `within` (NULL: anywhere)? */
static int reaches_avoiding(const struct cfg *g, unsigned from, unsigned avoid,
                            const unsigned char *within, const unsigned char *targets)
{
    unsigned char *seen = calloc(g->n, 1);
    unsigned *stack = calloc(g->n + 1, sizeof(*stack));
    unsigned sp = 0;
    int found = 0;
    if (!seen || !stack || from == avoid) {
        free(seen);
        free(stack);
        return 0;
    }
    seen[from] = 1;
    stack[sp++] = from;
    while (sp && !found) {
        unsigned x = stack[--sp];
        found = targets[x];
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[x]);
        for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
            unsigned j = block_index(g, LLVMGetSuccessor(t, k));
            if (j != avoid && !seen[j] && (!within || within[j])) {
                seen[j] = 1;
                stack[sp++] = j;
            }
        }
    }
    free(seen);
    free(stack);
    return found;
}

/* The loops with a barrier (lock-step loops), one per header: the body, the latches (blocks
   with an edge back to the header) and the one exit block. */
struct lsloop {
    unsigned header, exit, size;
    unsigned char *body, *latch;
};

static unsigned char *block_set(const struct cfg *g)
{
    return calloc(g->n ? g->n : 1, 1);
}

/* Does h dominate b (every path from the entry to b passes h)? */
static int dominates(const struct cfg *g, unsigned h, unsigned b)
{
    unsigned char *t = block_set(g);
    if (!t)
        return 0;
    t[b] = 1;
    int d = h == b || h == 0 || !reaches_avoiding(g, 0, h, NULL, t);
    free(t);
    return d;
}

/* The natural loops of g with a barrier, into *out (*nout of them); a message when one
   cannot run in lock-step (several exits), else NULL. */
static const char *find_lsloops(const struct cfg *g, struct lsloop **out, unsigned *nout)
{
    *out = calloc(g->n ? g->n : 1, sizeof(**out));
    *nout = 0;
    if (!*out)
        return "out of memory";
    for (unsigned h = 0; h < g->n; h++) {
        struct lsloop L = {.header = h, .body = block_set(g), .latch = block_set(g)};
        unsigned *stack = calloc(g->n + 1, sizeof(*stack)), sp = 0;
        if (!L.body || !L.latch || !stack) {
            free(L.body), free(L.latch), free(stack);
            return "out of memory";
        }
        L.body[h] = 1;
        for (unsigned b = 0; b < g->n; b++) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[b]);
            int back = 0;
            for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++)
                back |= block_index(g, LLVMGetSuccessor(t, k)) == h;
            if (!back || !dominates(g, h, b))
                continue;
            L.latch[b] = 1;
            if (!L.body[b]) { /* the blocks that reach b without passing h */
                L.body[b] = 1;
                stack[sp++] = b;
            }
            while (sp) {
                unsigned x = stack[--sp];
                for (unsigned y = 0; y < g->n; y++) {
                    LLVMValueRef ty = LLVMGetBasicBlockTerminator(g->bb[y]);
                    for (unsigned k = 0, ns = ty ? LLVMGetNumSuccessors(ty) : 0; k < ns; k++)
                        if (block_index(g, LLVMGetSuccessor(ty, k)) == x && !L.body[y]) {
                            L.body[y] = 1;
                            stack[sp++] = y;
                        }
                }
            }
        }
        free(stack);
        int barrier = 0, exits = 0;
        for (unsigned x = 0; x < g->n; x++) {
            if (!L.body[x])
                continue;
            L.size++;
            for (LLVMValueRef i = LLVMGetFirstInstruction(g->bb[x]); i;
                 i = LLVMGetNextInstruction(i))
                barrier |= is_barrier(i);
            LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[x]);
            for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
                unsigned j = block_index(g, LLVMGetSuccessor(t, k));
                if (!L.body[j] && (!exits || j != L.exit)) {
                    L.exit = j;
                    exits++;
                }
            }
        }
        int any_latch = 0;
        for (unsigned x = 0; x < g->n; x++)
            any_latch |= L.latch[x];
        if (!any_latch || !barrier) {
            free(L.body), free(L.latch);
            continue;
        }
        (*out)[(*nout)++] = L;
        if (exits != 1)
            return "a loop with a barrier must have one exit (a break before a barrier would "
                   "not be uniform)";
    }
    return NULL;
}

static void lsloops_free(struct lsloop *ls, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        free(ls[i].body);
        free(ls[i].latch);
    }
    free(ls);
}

/* A barrier's block b runs once per run of the innermost lock-step loop holding it (once
   per iteration: every way from its header to a latch passes b), or once per kernel. */
static int runs_once(const struct cfg *g, const struct lsloop *ls, unsigned n, unsigned b)
{
    int c = -1;
    for (unsigned i = 0; i < n; i++)
        if (ls[i].body[b] && (c < 0 || ls[i].size < ls[c].size))
            c = (int)i;
    if (c < 0)
        return on_spine(g, b);
    return b == ls[c].header || !reaches_avoiding(g, ls[c].header, b, ls[c].body, ls[c].latch);
}

/* The regions (struct lanes): ids for the entry (0), each barrier, each lock-step loop's
   header and exit; each block's region from the edges between. A block reached from two
   regions (a lock-step loop's guard and its exit joining) starts a region of its own: a
   barrier in a branch is refused before (runs_once). NULL, or a message. */
static const char *assign_regions(struct lanes *s, const struct lsloop *ls, unsigned nls)
{
    unsigned nb = s->g.n, r = 1, *stack = calloc(nb + 1, sizeof(*stack)), sp = 0;
    s->block_region = malloc(nb * sizeof(int));
    s->entry_region = malloc(nb * sizeof(int));
    if (!stack || !s->block_region || !s->entry_region) {
        free(stack);
        return "out of memory";
    }
    for (unsigned bi = 0; bi < nb; bi++)
        s->block_region[bi] = s->entry_region[bi] = -1;
    s->entry_region[0] = 0;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            if (is_barrier(i))
                s->barrier_after[inst_num(s, i)] = (int)r++;
    for (unsigned i = 0; i < nls; i++) {
        if (s->entry_region[ls[i].header] < 0)
            s->entry_region[ls[i].header] = (int)r++;
        if (s->entry_region[ls[i].exit] < 0)
            s->entry_region[ls[i].exit] = (int)r++;
    }
    for (unsigned c = 0; c < nb; c++) { /* a uniform branch over a barrier: lanes go together */
        LLVMValueRef t = s->uniform_ctl[c] ? LLVMGetBasicBlockTerminator(s->g.bb[c]) : NULL;
        for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
            unsigned j = block_index(&s->g, LLVMGetSuccessor(t, k));
            if (s->entry_region[j] < 0)
                s->entry_region[j] = (int)r++;
        }
    }
    const char *why = NULL;
    int joined = 1;
    while (joined) { /* again after each join found */
        joined = 0;
        sp = 0;
        for (unsigned bi = 0; bi < nb; bi++) {
            s->block_region[bi] = s->entry_region[bi];
            if (s->entry_region[bi] >= 0)
                stack[sp++] = bi;
        }
        while (sp && !joined) {
            unsigned bi = stack[--sp];
            int end = s->block_region[bi];
            for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
                 i = LLVMGetNextInstruction(i))
                if (is_barrier(i))
                    end = s->barrier_after[inst_num(s, i)];
            LLVMValueRef t = LLVMGetBasicBlockTerminator(s->g.bb[bi]);
            for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
                unsigned j = block_index(&s->g, LLVMGetSuccessor(t, k));
                if (s->entry_region[j] >= 0)
                    continue;
                if (s->block_region[j] < 0) {
                    s->block_region[j] = end;
                    stack[sp++] = j;
                } else if (s->block_region[j] != end) {
                    s->entry_region[j] = (int)r++;
                    joined = 1;
                }
            }
        }
    }
    s->nregions = r;
    for (unsigned bi = 0; bi < nb; bi++) /* unreachable */
        if (s->block_region[bi] < 0)
            s->block_region[bi] = 0;
    free(stack);
    return why;
}

/* Every way from x to a return passes b (x == b included). */
static int postdominates(const struct cfg *g, unsigned b, unsigned x, const unsigned char *ret)
{
    return x == b || !reaches_avoiding(g, x, b, NULL, ret);
}

/* Block c's branch is one of a lock-step loop around b: it leaves the loop or goes back to
   its header (the last lane decides those for all). */
static int loop_control(const struct cfg *g, const struct lsloop *ls, unsigned nls, unsigned b,
                        unsigned c)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[c]);
    for (unsigned i = 0; i < nls; i++) {
        if (!ls[i].body[b] || !ls[i].body[c])
            continue;
        for (unsigned k = 0, ns = LLVMGetNumSuccessors(t); k < ns; k++) {
            unsigned j = block_index(g, LLVMGetSuccessor(t, k));
            if (!ls[i].body[j] || j == ls[i].header)
                return 1;
        }
    }
    return 0;
}

static int is_uniform(const struct lanes *s, LLVMValueRef term)
{
    for (unsigned i = 0; i < s->nuniform; i++)
        if (s->uniform[i] == term)
            return 1;
    return 0;
}

/* The branches barrier block b is under (b post-dominates one of the branch's successors but
   not the branch): the first that may go differently for work-items of a group, or -1.
   The uniform ones are marked in s->uniform_ctl. */
static int divergent_branch(struct lanes *s, const struct lsloop *ls, unsigned nls, unsigned b,
                            const unsigned char *ret)
{
    const struct cfg *g = &s->g;
    for (unsigned c = 0; c < g->n; c++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[c]);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        if (ns < 2 || (c != b && postdominates(g, b, c, ret)))
            continue;
        int under = 0;
        for (unsigned k = 0; k < ns && !under; k++)
            under = postdominates(g, b, block_index(g, LLVMGetSuccessor(t, k)), ret);
        if (!under || loop_control(g, ls, nls, b, c))
            continue;
        if (!is_uniform(s, t))
            return (int)c;
        s->uniform_ctl[c] = 1;
    }
    return -1;
}

/* Why the kernel cannot have lanes (a message), or NULL. */
static const char *refusal(struct lanes *s, const struct lsloop *ls, unsigned nls, unsigned *nret)
{
    unsigned char *ret = calloc(s->g.n ? s->g.n : 1, 1);
    s->uniform_ctl = calloc(s->g.n ? s->g.n : 1, 1);
    if (!ret || !s->uniform_ctl) {
        free(ret);
        return "out of memory";
    }
    for (unsigned bi = 0; bi < s->g.n; bi++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(s->g.bb[bi]);
        ret[bi] = t && LLVMGetInstructionOpcode(t) == LLVMRet;
    }
    *nret = 0;
    for (unsigned bi = 0; bi < s->g.n; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i)) {
            if (x_query(i) < 0)
                return "a work-item function of a dimension that is not a constant";
            if (is_barrier(i) && !runs_once(&s->g, ls, nls, bi)) {
                int c = divergent_branch(s, ls, nls, bi, ret);
                if (c >= 0) {
                    s->bad_barrier = i;
                    s->bad_branch = LLVMGetBasicBlockTerminator(s->g.bb[c]);
                    free(ret);
                    return "a barrier under a branch that may go differently for work-items of "
                           "one work-group";
                }
            }
            *nret += LLVMGetInstructionOpcode(i) == LLVMRet;
        }
    free(ret);
    return *nret == 1 ? NULL : "the kernel does not have one return";
}

static int refuse(struct lanes *s, struct oclhls_strbuf *log, const struct fe_kernel *k,
                  const char *why)
{
    const char *file = NULL;
    unsigned line = s->bad_barrier ? fe_inst_line(s->bad_barrier, &file) : 0;
    if (!line)
        line = fe_function_line(s->fn, &file);
    fe_log_location(log, file, line);
    oclhls_strbuf_printf(log, "error: kernel '%s': num_simd_work_items(%u): %s", k->name, s->n,
                         why);
    if (s->bad_barrier) {
        unsigned bl = fe_inst_line(s->bad_branch, NULL);
        if (bl)
            oclhls_strbuf_printf(log, " (the branch on line %u)", bl);
        oclhls_strbuf_puts(log, ": OpenCL leaves that undefined (every work-item of a "
                                "work-group must reach a barrier, or none); a branch on kernel "
                                "arguments, group ids and sizes, or counters of such loops may "
                                "hold one");
    }
    oclhls_strbuf_puts(log, "\n");
    return -1;
}

static int make_lanes(struct lanes *s, struct oclhls_strbuf *log, const struct fe_kernel *k)
{
    unsigned ninst = 0, nret, n = s->n, nb = s->g.n, nls = 0;
    struct lsloop *ls = NULL;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            ninst++;
    const char *why = find_lsloops(&s->g, &ls, &nls);
    if (!why)
        why = refusal(s, ls, nls, &nret);
    if (why) {
        lsloops_free(ls, nls);
        return refuse(s, log, k, why);
    }
    if (vmap_init(&s->num, ninst) || vmap_init(&s->part_region, 4 * ninst + 4 * nb) ||
        vmap_init(&s->part_entry, 4 * ninst + 4 * nb)) {
        lsloops_free(ls, nls);
        return -2;
    }
    ninst = 0;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            vmap_put(&s->num, i, (LLVMValueRef)(size_t)++ninst);
    s->barrier_after = calloc(ninst + 1, sizeof(int));
    why = s->barrier_after ? assign_regions(s, ls, nls) : "out of memory";
    lsloops_free(ls, nls);
    if (why)
        return refuse(s, log, k, why);
    s->wide = calloc(ninst + 1, 1);
    s->wide_val = calloc(ninst + 1, sizeof(*s->wide_val));
    s->store_data = calloc((size_t)(ninst + 1) * n, sizeof(*s->store_data));
    s->first = calloc((size_t)n * nb, sizeof(*s->first));
    s->last = calloc((size_t)n * nb, sizeof(*s->last));
    s->region = calloc((size_t)s->nregions * n, sizeof(*s->region));
    if (!s->wide || !s->wide_val || !s->store_data || !s->first || !s->last || !s->region)
        return -2;
    for (unsigned l = 0; l < n; l++)
        if (vmap_init(&s->lane[l], ninst))
            return -2;
    for (unsigned bi = 0; bi < nb; bi++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(s->g.bb[bi]); i;
             i = LLVMGetNextInstruction(i))
            s->wide[inst_num(s, i)] = (unsigned char)goes_wide(&s->g, s->fn, i, n);
    s->entry_alloca_pos = NULL;
    for (unsigned l = 0; l < n; l++)
        for (unsigned bi = 0; bi < nb; bi++) {
            clone_block(s, l, bi);
            if (l == 0 && bi == 0)
                s->entry_alloca_pos = LLVMGetFirstInstruction(s->first[0]);
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
    free(s->block_region);
    free(s->entry_region);
    free(s->barrier_after);
    free(s->uniform_ctl);
    vmap_free(&s->num);
    vmap_free(&s->part_region);
    vmap_free(&s->part_entry);
    for (unsigned l = 0; l < MAX_LANES; l++)
        vmap_free(&s->lane[l]);
    if (s->b)
        LLVMDisposeBuilder(s->b);
}

/*
 * An address (a getelementptr from a variable, an argument or another such address) used in
 * another block is computed again there, before each use: carried through memory and back
 * (reg2mem, mem2reg) it would become a phi that also has an undefined incoming value where a
 * lane skips a lock-step loop, whose memory HLS could not tell.
 */
static void addresses_at_uses(LLVMValueRef fn)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsAGetElementPtrInst(i))
                    continue;
                LLVMValueRef base = LLVMGetOperand(i, 0);
                if (!LLVMIsAGlobalVariable(base) && !LLVMIsAArgument(base) &&
                    !LLVMIsAGetElementPtrInst(base))
                    continue;
                for (LLVMUseRef u = LLVMGetFirstUse(i); u;) {
                    LLVMValueRef user = LLVMGetUser(u);
                    LLVMUseRef next = LLVMGetNextUse(u);
                    LLVMBasicBlockRef at = LLVMGetInstructionParent(user);
                    LLVMValueRef before = user;
                    if (LLVMIsAPHINode(user))
                        for (unsigned e = 0; e < LLVMCountIncoming(user); e++)
                            if (LLVMGetIncomingValue(user, e) == i) {
                                at = LLVMGetIncomingBlock(user, e);
                                before = LLVMGetBasicBlockTerminator(at);
                            }
                    if (at != b) {
                        LLVMValueRef c = LLVMInstructionClone(i);
                        LLVMBuilderRef bld = LLVMCreateBuilderInContext(
                            LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
                        LLVMPositionBuilderBefore(bld, before);
                        LLVMInsertIntoBuilder(bld, c);
                        LLVMDisposeBuilder(bld);
                        for (unsigned o = 0, no = (unsigned)LLVMGetNumOperands(user); o < no; o++)
                            if (LLVMGetOperand(user, o) == i &&
                                (!LLVMIsAPHINode(user) || LLVMGetIncomingBlock(user, o) == at))
                                LLVMSetOperand(user, o, c);
                        changed = 1;
                    }
                    u = next;
                }
            }
    }
}

/* A SIMD kernel with a barrier in a loop: its lock-step loops' values are carried through
   memory while the lanes are made (reg2mem), so that no value crosses a region's entry. */
static int needs_memory_values(LLVMModuleRef mod, const struct fe_result *res)
{
    int needs = 0;
    for (unsigned ki = 0; ki < res->nkernels; ki++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, res->kernels[ki].name);
        struct cfg g = {0};
        if (res->kernels[ki].simd_work_items < 2 || !fn || LLVMIsDeclaration(fn) ||
            cfg_build(&g, fn)) {
            free(g.bb);
            free(g.reach);
            continue;
        }
        int loop_barrier = 0;
        for (unsigned bi = 0; bi < g.n; bi++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(g.bb[bi]); i;
                 i = LLVMGetNextInstruction(i))
                loop_barrier |= is_barrier(i) && !on_spine(&g, bi); /* a loop or a branch */
        if (loop_barrier)
            addresses_at_uses(fn);
        needs |= loop_barrier;
        free(g.bb);
        free(g.reach);
    }
    return needs;
}

/* The kernels' lanes, given their uniform branches (found before reg2mem). */
static int simd_kernels(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log,
                        LLVMValueRef **uniform, const unsigned *nuniform)
{
    unsigned done = 0;
    int memory_values = needs_memory_values(mod, res);
    if (memory_values && fe_run_pipeline(mod, "function(reg2mem)", log))
        return -1;
    for (unsigned ki = 0; ki < res->nkernels; ki++) {
        const struct fe_kernel *k = &res->kernels[ki];
        LLVMValueRef fn = LLVMGetNamedFunction(mod, k->name);
        if (k->simd_work_items < 2 || !fn || LLVMIsDeclaration(fn))
            continue;
        struct lanes s = {.fn = fn,
                          .ctx = LLVMGetModuleContext(mod),
                          .n = k->simd_work_items,
                          .uniform = uniform[ki],
                          .nuniform = nuniform[ki]};
        s.b = LLVMCreateBuilderInContext(s.ctx);
        int ret = cfg_build(&s.g, s.fn) ? -2 : make_lanes(&s, log, k);
        lanes_free(&s);
        if (ret == -2)
            oclhls_strbuf_puts(log, "error: out of memory\n");
        if (ret)
            return -1;
        done++;
    }
    /* the lanes' copies of what a wide access replaced; values back from memory */
    if (memory_values)
        return fe_run_pipeline(mod, "function(mem2reg,dce)", log);
    return done ? fe_run_pipeline(mod, "function(dce)", log) : 0;
}

int fe_simd_lanes(LLVMModuleRef mod, struct fe_result *res, struct oclhls_strbuf *log)
{
    LLVMValueRef **uniform = calloc(res->nkernels + 1, sizeof(*uniform));
    unsigned *nuniform = calloc(res->nkernels + 1, sizeof(*nuniform));
    if (!uniform || !nuniform) {
        free(uniform), free(nuniform);
        oclhls_strbuf_puts(log, "error: out of memory\n");
        return -1;
    }
    for (unsigned ki = 0; ki < res->nkernels; ki++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, res->kernels[ki].name);
        if (res->kernels[ki].simd_work_items > 1 && fn && !LLVMIsDeclaration(fn)) {
            fe_simd_linear_ids(mod, fn);
            uniform[ki] = fe_simd_uniform_branches(fn, &nuniform[ki]);
        }
    }
    int ret = simd_kernels(mod, res, log, uniform, nuniform);
    for (unsigned ki = 0; ki < res->nkernels; ki++)
        free(uniform[ki]);
    free(uniform), free(nuniform);
    return ret;
}
