// SPDX-License-Identifier: MIT
/*
 * Loops in the lowering. At a loop's start: the header's phis get their entry values (selects
 * over the edges from outside, lowered before the loop's range) and become HIR_LOOP_PHI; an
 * extra loop phi `active` (entry: control reaches the loop; back edge: 1) is the header's
 * predicate, so a token that skips the loop passes through it once with every side effect
 * off. At its end: each phi's back-edge value. The back edge's predicate (ifconvert.c) says
 * whether an iteration continues.
 */
#include <stdlib.h>
#include <string.h>

#include "lower_shared.h"

/* The loop statement's line and its file: from the loop metadata, else the back-edge branch. */
static unsigned loop_line(const struct cfg_item *it, const char **file)
{
    unsigned line = fe_loop_start_line(it->latch_branch);
    *file = fe_loop_start_file(it->latch_branch);
    if (!line)
        line = fe_inst_line(it->latch_branch, file);
    for (LLVMValueRef i = LLVMGetFirstInstruction(it->block); i && !line;
         i = LLVMGetNextInstruction(i))
        line = fe_inst_line(i, file);
    return line;
}

/*
 * The one object a pointer derives from, followed through getelementptrs and casts, and
 * through phis and selects all of whose inputs derive from it (a pointer stepping through an
 * array in a loop nest: the outer loop's phi takes the inner loop's final pointer). A phi met
 * again on the way (its own back edge) adds nothing.
 */
#define MAX_SEEN 64

struct object_walk {
    LLVMValueRef seen[MAX_SEEN];
    int nseen;
    int many; /* several objects, or too far to tell */
};

static void walk_object(struct object_walk *w, LLVMValueRef v, LLVMValueRef *object)
{
    while (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
        v = LLVMGetOperand(v, 0);
    if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
        for (int i = 0; i < w->nseen; i++)
            if (w->seen[i] == v)
                return;
        if (w->nseen == MAX_SEEN) {
            w->many = 1;
            return;
        }
        w->seen[w->nseen++] = v;
        if (LLVMIsASelectInst(v)) {
            walk_object(w, LLVMGetOperand(v, 1), object);
            walk_object(w, LLVMGetOperand(v, 2), object);
        } else {
            for (unsigned i = 0; i < LLVMCountIncoming(v) && !w->many; i++)
                walk_object(w, LLVMGetIncomingValue(v, i), object);
        }
        return;
    }
    if (*object && *object != v)
        w->many = 1;
    *object = v;
}

/*
 * A pointer phi keeps its entry value's provenance only when the back edge brings a pointer
 * into the same object (p = p + 1, or the pointer an inner loop stepped on from it), not
 * another one (swapped buffers).
 */
static int same_object_around(LLVMValueRef phi)
{
    struct object_walk w = {.nseen = 0};
    LLVMValueRef object = NULL;
    walk_object(&w, phi, &object);
    return !w.many;
}

static int loop_phi(struct lower *l, int init, unsigned width, unsigned line)
{
    int id = hir_emit(l->k, HIR_LOOP_PHI, width, 1, &init);
    if (id == HIR_NONE)
        return lower_error(l, line, "out of memory");
    l->k->ops[id].line = line;
    return id;
}

static void apply_hints(struct lower *l, struct hir_loop *lp, const struct cfg_item *it)
{
    /* in a linked program, a hint's unit too: other units may have a loop on that line */
    const char *unit = fe_loop_start_unit(it->latch_branch);
    for (unsigned i = 0; i < l->hints_n; i++) {
        const struct fe_loop_hint *h = &l->hints[i];
        if (h->loop_line != lp->line || (h->unit && (!unit || strcmp(h->unit, unit))))
            continue;
        if (h->ii)
            lp->hint_ii = h->ii;
        lp->ivdep |= h->ivdep;
    }
}

int lower_loop_begin(struct lower *l, const struct cfg_item *it)
{
    struct hir_kernel *k = l->k;
    int header = lower_block_of(l, it->block);
    const char *file;
    unsigned line = loop_line(it, &file);
    unsigned loop_file = lower_file_index(l, file);
    k->cur_file = loop_file;
    if (l->nopen == (int)(sizeof(l->open) / sizeof(l->open[0])))
        return lower_error(l, line, "loops nested too deeply (at most 64)");
    struct lower_open_loop *o = &l->open[l->nopen];
    o->header = header;
    o->nphis = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(it->block); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
        o->nphis++;
    o->phis = calloc((size_t)o->nphis + 1, sizeof(*o->phis));
    o->phi_ids = calloc((size_t)o->nphis + 1, sizeof(*o->phi_ids));
    int *inits = calloc((size_t)o->nphis + 1, sizeof(*inits));
    if (!o->phis || !o->phi_ids || !inits) {
        free(inits);
        return lower_error(l, line, "out of memory");
    }
    /* Entry values first: they belong before the loop. */
    LLVMValueRef phi = LLVMGetFirstInstruction(it->block);
    for (int p = 0; p < o->nphis; p++, phi = LLVMGetNextInstruction(phi)) {
        o->phis[p] = phi;
        k->cur_line = fe_inst_line(phi, &file);
        k->cur_file = k->cur_line ? lower_file_index(l, file) : loop_file;
        inits[p] = ifc_phi_select(l, phi, header, 1, k->cur_line ? k->cur_line : line);
        if (inits[p] == HIR_NONE) {
            free(inits);
            return -1;
        }
    }
    int entered = l->block_pred[header] == HIR_NONE ? hir_const(k, 1, 0) : l->block_pred[header];
    k->cur_file = loop_file; /* the loop's and its phis' */
    o->loop = hir_loop_new(k, k->cur_loop, line);
    if (o->loop == HIR_NONE) {
        free(inits);
        return lower_error(l, line, "out of memory");
    }
    l->nopen++;
    struct hir_loop *lp = &k->loops[o->loop];
    apply_hints(l, lp, it);
    k->cur_loop = o->loop;
    int active = loop_phi(l, entered, 1, line);
    if (active < 0) {
        free(inits);
        return -1;
    }
    k->ops[active].next = hir_const(k, 1, 1);
    l->block_pred[header] = active;
    for (int p = 0; p < o->nphis; p++) {
        unsigned w = k->ops[inits[p]].width;
        o->phi_ids[p] = loop_phi(l, inits[p], w, k->ops[inits[p]].line);
        if (o->phi_ids[p] < 0) {
            free(inits);
            return -1;
        }
        int b = lower_base_arg(l, inits[p]);
        if (b != HIR_NONE && !same_object_around(o->phis[p])) {
            if (b <= HIR_PRIVATE_BASE(0)) {
                free(inits);
                return lower_error(l, line,
                                   "a pointer that moves between private arrays "
                                   "in this loop is not supported");
            }
            b = HIR_NONE; /* swapped buffers: may point anywhere */
        }
        if ((b != HIR_NONE && lower_set_base_arg(l, o->phi_ids[p], b)) ||
            valmap_put(&l->values, o->phis[p], o->phi_ids[p])) {
            free(inits);
            return lower_error(l, line, "out of memory");
        }
    }
    free(inits);
    return 0;
}

int lower_loop_end(struct lower *l)
{
    struct hir_kernel *k = l->k;
    struct lower_open_loop *o = &l->open[l->nopen - 1];
    struct hir_loop *lp = &k->loops[o->loop];
    int ret = 0;

    for (int p = 0; p < o->nphis && !ret; p++) {
        unsigned line = fe_inst_line(o->phis[p], NULL);
        int next = HIR_NONE;
        for (unsigned i = 0; i < LLVMCountIncoming(o->phis[p]); i++) {
            int from = lower_block_of(l, LLVMGetIncomingBlock(o->phis[p], i));
            if (from < o->header)
                continue; /* the entry edge */
            if (next != HIR_NONE) {
                ret = lower_error(l, line, "internal error: a loop with several back edges");
                break;
            }
            next = lower_operand(l, LLVMGetIncomingValue(o->phis[p], i), line);
            if (next == HIR_NONE)
                ret = -1;
        }
        k->ops[o->phi_ids[p]].next = next == HIR_NONE ? o->phi_ids[p] : next;
    }
    lp = &k->loops[o->loop];
    if (lp->cont == HIR_NONE)
        lp->cont = hir_const(k, 1, 0);
    /* A barrier that ends the loop's body, with nothing after it before the back edge (the
       loop exits earlier: `if (i == n - 1) break;` between two barriers, as Rodinia's hotspot
       and pathfinder do), must stay inside the loop: segments.c takes a barrier at the
       loop's end position for the first thing after the loop, and every iteration but the
       last would pass none. An operation after it keeps it in. */
    const struct hir_barrier *last = k->nbarriers ? &k->barriers[k->nbarriers - 1] : NULL;
    if (!ret && last && last->pos == k->nops && last->pos > lp->begin) {
        int pad = hir_emit(k, HIR_CONST, 1, 0, NULL);
        if (pad == HIR_NONE)
            ret = lower_error(l, lp->line, "out of memory");
        else
            k->ops[pad].aux = 1; /* not a constant hir_const may hand out for reuse */
    }
    lp = &k->loops[o->loop];
    lp->end = k->nops;
    k->cur_loop = lp->parent;
    free(o->phis);
    free(o->phi_ids);
    l->nopen--;
    return ret;
}
