// SPDX-License-Identifier: MIT
/*
 * Liveness and invariance. Live: a store needs the value (directly or through its address,
 * data or predicate). Invariant: the same for every work-item of a launch (constants,
 * arguments, sizes, and combinational functions of those), so it needs no pipeline register.
 * A global atomic whose old value nothing reads is marked discard: `atomic_add(p, x);` as a
 * statement, the common case, needs no response slot in the pipeline.
 */
#include "analysis.h"
#include "target.h"

static int is_launch_constant(const struct hir_op *op)
{
    if (op->opcode == HIR_CONST || op->opcode == HIR_ARG)
        return 1;
    return op->opcode == HIR_WI && op->imm != HIR_WI_GLOBAL_ID && op->imm != HIR_WI_LOCAL_ID &&
           op->imm != HIR_WI_GROUP_ID && op->imm != HIR_WI_SLOT && op->imm != HIR_WI_WG_SLOT;
}

static int mark(struct hir_kernel *k, int v)
{
    if (v == HIR_NONE || k->ops[v].live)
        return 0;
    k->ops[v].live = 1;
    return 1;
}

static int is_read(const struct hir_kernel *k, int v)
{
    for (int l = 0; l < k->nloops; l++)
        if (k->loops[l].cont == v)
            return 1;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live)
            continue;
        if (op->pred == v || op->next == v || op->init_copy == v)
            return 1;
        for (int j = 0; j < op->nops; j++)
            if (op->ops[j] == v)
                return 1;
    }
    return 0;
}

static void mark_discarded_atomics(struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        op->discard = op->atomic && op->parray == HIR_NONE && !is_read(k, i);
    }
}

void hls_liveness(struct hir_kernel *k)
{
    /* Every loop's condition is live: the loop runs whether or not its results are used. */
    for (int l = 0; l < k->nloops; l++)
        mark(k, k->loops[l].cont);
    mark(k, k->slot);    /* given back when the work-item leaves */
    mark(k, k->wg_slot); /* counted when the work-item leaves; held by barriers */
    /*
     * Operands precede their users, so a backward sweep marks everything, except a loop
     * phi's back-edge value, defined after the phi: sweep again until nothing changes.
     */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = k->nops; i-- > 0;) {
            struct hir_op *op = &k->ops[i];
            if (hir_has_side_effect(op))
                op->live = 1;
            if (!op->live)
                continue;
            for (int j = 0; j < op->nops; j++)
                changed |= mark(k, op->ops[j]);
            changed |= mark(k, op->pred);
            changed |= mark(k, op->next);
        }
    }
    mark_discarded_atomics(k);
    for (int i = 0; i < k->nops; i++) {
        struct hir_op *op = &k->ops[i];
        op->invariant = is_launch_constant(op);
        if (!op->invariant && op->nops && !hir_is_multicycle(op->opcode) &&
            !hir_has_side_effect(op) && op->opcode != HIR_LOOP_PHI) {
            op->invariant = 1;
            for (int j = 0; j < op->nops; j++)
                op->invariant &= k->ops[op->ops[j]].invariant;
        }
    }
}
