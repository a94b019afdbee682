// SPDX-License-Identifier: MIT
/*
 * Parking (park.c): the Verilog that lets idle work-items of a barrier loop leave early.
 *
 *   [before the loop] --park--------------------------------\
 *          | entry FIFO                                        \
 *          v                                                    v
 *   admit -> [body] --park----------------------------------> gate (ocl_barrier) -> [after]
 *     ^        | arrives                                        ^
 *     |        v                                                |
 *     '-- loop barrier (counts parked ones) -> [tail] -> exit --'
 *
 * Three producers share the gate's input, one token per cycle: a token parking at the loop's
 * barrier first (it never waits, so the body never stalls on the gate), then one parking
 * before the loop, then one leaving through the loop's exit. Tokens parking before the loop
 * wait in a queue, so the segment before the loop goes on meanwhile. A park is counted by
 * the loop's barrier in the cycle its token enters the gate (a park from the queue waits
 * for the barrier's park_ready: one completion per cycle). The gate's completion of a group
 * clears the group's parked count.
 *
 * Wires per parking loop l: l<l>_bp_* (parking at the barrier), l<l>_ep_* (before the loop).
 */
#include <stdio.h>

#include "emit_util.h"

int emit_park_loop_of_barrier(const struct hir_kernel *k, int b)
{
    for (int l = 0; l < k->nloops; l++)
        if (k->loops[l].park.gate != HIR_NONE && k->loops[l].park.barrier == b)
            return l;
    return HIR_NONE;
}

/* The name of value v at the last stage of segment si: v (invariant), its copy, or HIR_NONE. */
static int end_local(const struct hir_kernel *k, int si, int v)
{
    const struct hir_segment *s = &k->segs[si];
    if (k->ops[v].invariant)
        return v;
    for (int i = 0; i < s->nout; i++)
        if (s->out[i] == v)
            return s->out_local[i];
    return HIR_NONE;
}

/* Value v as the last stage of segment si passes it on (the analysis guarantees it does);
   token_part: only the bits a token carries (emit_token_part). */
static void emit_value_at_end(struct oclhls_strbuf *o, const struct hir_kernel *k, int si, int v,
                              int token_part)
{
    int c = end_local(k, si, v);
    int stage = c != HIR_NONE && k->ops[c].invariant ? 0 : k->segs[si].depth - 1;
    if (c == HIR_NONE)
        oclhls_strbuf_printf(o, "MISSING_v%d", v); /* fails the lint: an internal error */
    else if (token_part)
        emit_token_part(o, k, v, c, stage);
    else
        emit_ref(o, k, c, stage);
}

static void emit_at_end(struct oclhls_strbuf *o, const struct hir_kernel *k, int si, int v)
{
    emit_value_at_end(o, k, si, v, 0);
}

/*
 * "wire s<si>_parks": the guard is false for the round the token would start next, whose q
 * is value v >> shift, and stays false (signed guards: once q >= 0; q only shrinks then).
 */
static void emit_park_condition(struct nl_module *m, const struct hir_kernel *k, int si,
                                const struct hir_park *p, int v, unsigned shift)
{
    unsigned w = k->ops[p->phi].width;
    int sign = p->cmp == HIR_SLT || p->cmp == HIR_SLE;
    const char *rel = p->cmp == HIR_SLT || p->cmp == HIR_ULT ? "<" : "<=";
    const char *cast = sign ? "$signed" : "";
    struct oclhls_strbuf e = {0};
    emit_at_end(&e, k, si, v);
    oclhls_strbuf_printf(&e, " >> %u", shift);
    nl_wire_to(m, w, emit_text(m, &e), "s%d_park_q", si);
    oclhls_strbuf_release(&e);
    oclhls_strbuf_printf(&e, "!(%s(", cast);
    emit_at_end(&e, k, si, p->x);
    oclhls_strbuf_printf(&e, ") %s %s(s%d_park_q))", rel, cast, si);
    if (sign)
        oclhls_strbuf_printf(&e, " & !s%d_park_q[%u]", si, w - 1);
    nl_wire_to(m, 0, emit_text(m, &e), "s%d_parks", si);
    oclhls_strbuf_release(&e);
}

/* The gate's token (its barrier's layout: the values used after the loop, as the loop's exit
 * token) packed from the end of segment si; values of the loop are not used after it (park.c)
 * and go as zeros. */
static void emit_gate_token(struct oclhls_strbuf *o, const struct hir_kernel *k, int si,
                            const struct hir_loop *lp)
{
    const struct hir_segment *exit_seg = emit_segment_to(k, HIR_TO_BARRIER, lp->park.gate);
    if (!exit_seg->nout) {
        oclhls_strbuf_printf(o, "1'b0");
        return;
    }
    oclhls_strbuf_printf(o, "{");
    for (int i = exit_seg->nout - 1; i >= 0; i--) {
        int v = exit_seg->out[i];
        int d = hir_def_pos(k, v);
        if (d >= lp->begin && d < lp->end)
            oclhls_strbuf_printf(o, "%u'd0", emit_token_bits(k, v));
        else
            emit_value_at_end(o, k, si, v, 1);
        oclhls_strbuf_printf(o, i ? ", " : "}");
    }
}

static void emit_slot_at_end(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    emit_ref(o, k, hls_segment_local(k, si, k->wg_slot), k->segs[si].depth - 1);
    oclhls_strbuf_printf(o, "[%u:0]", emit_index_bits(k->nwg_slots) - 1);
}

void emit_park_wires(struct nl_module *m, const struct hir_kernel *k, int queue_depth)
{
    unsigned sw = emit_index_bits(k->nwg_slots);
    for (int l = 0; l < k->nloops; l++) {
        const struct hir_park *p = &k->loops[l].park;
        if (p->gate == HIR_NONE)
            continue;
        unsigned w = emit_barrier_token_width(k, p->gate);
        nl_comment(m,
                   "Loop %d parks work-items whose guard (line %u) stays false: they wait at\n"
                   "barrier %d after the loop; barrier %d counts them as arrived.",
                   l, k->ops[p->guard].line, p->gate, p->barrier);
        nl_net(m, "wire", 0,
               "l%d_bp_want, l%d_bp_fire, l%d_ep_want, l%d_ep_ok, l%d_ep_fire, l%d_ex_ok", l, l, l,
               l, l, l);
        nl_net(m, "wire", w, "l%d_bp_data, l%d_ep_data", l, l);
        nl_net(m, "wire", sw, "l%d_bp_slot, l%d_ep_slot", l, l);
        char lhs[32], name[32];
        snprintf(lhs, sizeof(lhs), "l%d_ex_ok", l);
        nl_assign(m, lhs, "!l%d_bp_want & !l%d_ep_want", l, l);
        nl_comment(m, "Tokens parking before the loop queue for the gate, so the segment before\n"
                      "the loop goes on while tokens parking at the barrier take the gate.");
        nl_net(m, "wire", 0, "l%d_epq_push, l%d_epq_empty, l%d_epq_full", l, l, l);
        nl_net(m, "wire", sw + w, "l%d_epq_in", l);
        nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
        snprintf(name, sizeof(name), "u_l%d_epq", l);
        struct nl_instance *q = nl_instance(m, "ocl_fifo", name);
        nl_param(m, q, "WIDTH", sw + w);
        nl_param(m, q, "DEPTH", queue_depth);
        nl_connect(m, q, "clk", "clk");
        nl_connect(m, q, "rst", "rst | csr_start");
        nl_connect(m, q, "push", "l%d_epq_push", l);
        nl_connect(m, q, "push_data", "l%d_epq_in", l);
        nl_connect_break(m, q, "pop", "l%d_ep_fire", l);
        nl_connect(m, q, "pop_data", "{l%d_ep_slot, l%d_ep_data}", l, l);
        nl_connect_break(m, q, "empty", "l%d_epq_empty", l);
        nl_connect(m, q, "full", "l%d_epq_full", l);
        nl_connect_open(m, q, "count");
        nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
        snprintf(lhs, sizeof(lhs), "l%d_ep_want", l);
        nl_assign(m, lhs, "!l%d_epq_empty", l);
        snprintf(lhs, sizeof(lhs), "l%d_ep_fire", l);
        nl_assign(m, lhs, "l%d_ep_want & l%d_ep_ok & b%d_park_ready", l, l, p->barrier);
        nl_blank(m);
    }
}

void emit_park_hookups(struct nl_module *m, const struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++) {
        const struct hir_park *p = &k->loops[l].park;
        if (p->gate == HIR_NONE)
            continue;
        char lhs[32];
        int b = p->barrier;
        snprintf(lhs, sizeof(lhs), "b%d_park_valid", b);
        nl_assign(m, lhs, "l%d_bp_fire | l%d_ep_fire", l, l);
        snprintf(lhs, sizeof(lhs), "b%d_park_slot", b);
        nl_assign(m, lhs, "l%d_bp_fire ? l%d_bp_slot : l%d_ep_slot", l, l, l);
        snprintf(lhs, sizeof(lhs), "b%d_unpark_valid", b);
        nl_assign(m, lhs, "b%d_done_valid", p->gate);
        snprintf(lhs, sizeof(lhs), "b%d_unpark_slot", b);
        nl_assign(m, lhs, "b%d_done_slot", p->gate);
        nl_blank(m);
    }
}

/* The body's push into the loop's barrier: parking tokens go to the gate instead. */
void emit_park_at_barrier(struct nl_module *m, const struct hir_kernel *k, int si, int l)
{
    const struct hir_segment *s = &k->segs[si];
    const struct hir_loop *lp = &k->loops[l];
    const struct hir_park *p = &lp->park;
    int b = p->barrier, last = s->depth - 1;
    char rhs[128];
    struct oclhls_strbuf e = {0};
    /* the next round's q from the phi (next = phi >> nshift), else from its next value */
    if (end_local(k, si, p->phi) != HIR_NONE)
        emit_park_condition(m, k, si, p, p->phi, p->nshift + p->qshift);
    else
        emit_park_condition(m, k, si, p, k->ops[p->phi].next, p->qshift);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & s%d_parks", si, last, si);
    nl_assign_to(m, rhs, "l%d_bp_want", l);
    snprintf(rhs, sizeof(rhs), "l%d_bp_want & !s%d_stall", l, si);
    nl_assign_to(m, rhs, "l%d_bp_fire", l);
    emit_slot_at_end(&e, k, si);
    nl_assign_to(m, emit_text(m, &e), "l%d_bp_slot", l);
    oclhls_strbuf_release(&e);
    emit_gate_token(&e, k, si, lp);
    nl_assign_to(m, emit_text(m, &e), "l%d_bp_data", l);
    oclhls_strbuf_release(&e);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_parks & !s%d_stall", si, last, si, si);
    nl_assign_to(m, rhs, "b%d_in_valid", b);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_parks & !b%d_in_ready", si, last, si, b);
    nl_wire_to(m, 0, rhs, "s%d_blocked", si);
    nl_comment(m, "the gate takes a token parking here first");
    snprintf(rhs, sizeof(rhs), "!l%d_bp_want", l);
    nl_assign_to(m, rhs, "l%d_ep_ok", l);
}

/* The segment before the loop (its entry data already assigned): tokens idle from the first
 * round on queue for the gate instead of entering the loop. */
void emit_park_at_entry(struct nl_module *m, const struct hir_kernel *k, int si, int l)
{
    const struct hir_segment *s = &k->segs[si];
    const struct hir_loop *lp = &k->loops[l];
    int last = s->depth - 1;
    char rhs[128];
    struct oclhls_strbuf e = {0};
    emit_park_condition(m, k, si, &lp->park, k->ops[lp->park.phi].ops[0], lp->park.qshift);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & s%d_parks & !s%d_stall", si, last, si, si);
    nl_assign_to(m, rhs, "l%d_epq_push", l);
    oclhls_strbuf_puts(&e, "{");
    emit_slot_at_end(&e, k, si);
    oclhls_strbuf_printf(&e, ", ");
    emit_gate_token(&e, k, si, lp);
    oclhls_strbuf_puts(&e, "}");
    nl_assign_to(m, emit_text(m, &e), "l%d_epq_in", l);
    oclhls_strbuf_release(&e);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_parks & !s%d_stall", si, last, si, si);
    nl_assign_to(m, rhs, "l%d_entry_push", l);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & (s%d_parks ? l%d_epq_full : l%d_entry_full)", si,
             last, si, l, l);
    nl_wire_to(m, 0, rhs, "s%d_blocked", si);
}

/* The loop's exit segment into the gate: it goes when no park takes the gate. The segment's
 * own token (data, slot) is assigned by the caller as s<si>_gate_data and s<si>_gate_slot. */
void emit_park_gate_input(struct nl_module *m, const struct hir_kernel *k, int si, int g)
{
    int l = k->barriers[g].gate_of, last = k->segs[si].depth - 1;
    char rhs[160];
    snprintf(rhs, sizeof(rhs), "l%d_bp_fire | l%d_ep_fire | (s%d_valid[%d] & !s%d_stall & l%d_ex_ok)",
             l, l, si, last, si, l);
    nl_assign_to(m, rhs, "b%d_in_valid", g);
    snprintf(rhs, sizeof(rhs), "l%d_bp_fire ? l%d_bp_data : l%d_ep_fire ? l%d_ep_data : s%d_gate_data",
             l, l, l, l, si);
    nl_assign_to(m, rhs, "b%d_in_data", g);
    snprintf(rhs, sizeof(rhs), "l%d_bp_fire ? l%d_bp_slot : l%d_ep_fire ? l%d_ep_slot : s%d_gate_slot",
             l, l, l, l, si);
    nl_assign_to(m, rhs, "b%d_in_slot", g);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !(l%d_ex_ok & b%d_in_ready)", si, last, l, g);
    nl_wire_to(m, 0, rhs, "s%d_blocked", si);
}
