// SPDX-License-Identifier: MIT
/*
 * What holds a kernel's pipeline up, and when its memory side is done (emit_memory.c builds
 * the units): each segment's stall (its token cannot leave, or a valid, enabled access
 * cannot go on: an LSU full, an answer not back, earlier stores not in memory, a channel or
 * pipe, a private array's write port), the store LSUs' flush requests, and lsu_idle.
 */
#include <stdio.h>

#include "emit_util.h"

/* "lsuA_written & lsuB_written" for the stores and atomics an ordered access waits for. */
static void emit_order_ready(struct oclhls_strbuf *o, const struct hir_kernel *k,
                             const struct hir_op *op)
{
    const char *sep = "";
    oclhls_strbuf_printf(o, "(");
    for (int j = 0; j < k->nlsus; j++) {
        if (hir_lsu_set_has(&op->order_after, j)) {
            oclhls_strbuf_printf(o, "%slsu%d_written", sep, j);
            sep = " & ";
        }
    }
    oclhls_strbuf_printf(o, ")");
}

/*
 * The stall term of an LSU that cannot take a request. A predicate computed in the very
 * stage of the request is left out: it would put the compare's carry chain in front of
 * the segment's stall, which enables every register of the segment (the iCE40's
 * critical path: `if (i < n)` before a load). A work-item that skips the access then also
 * waits while the LSU is full, which only memory's backpressure causes (can_accept does
 * not wait for the pipeline, ocl_lsu_load.v).
 */
static void emit_issue_stall(struct oclhls_strbuf *o, const struct hir_kernel *k,
                             const struct hir_op *op)
{
    const struct hir_op *pred = &k->ops[op->pred];

    oclhls_strbuf_printf(o, "\n        | (");
    if (!pred->invariant && op->stage <= pred->ready_stage)
        oclhls_strbuf_printf(o, "s%d_valid[%d]", op->seg, op->stage);
    else
        emit_enable(o, k, op, op->stage);
    oclhls_strbuf_printf(o, " & !lsu%d_can_accept)", op->lsu);
}

/* The terms "| (...)" by which access op (one with an LSU) holds its segment up. */
void emit_lsu_stall_terms(struct oclhls_strbuf *o, const struct hir_kernel *k,
                          const struct hir_op *op)
{
    emit_issue_stall(o, k, op);
    if (op->opcode == HIR_LOAD && !op->discard) {
        oclhls_strbuf_printf(o, "\n        | (");
        emit_enable(o, k, op, op->ready_stage);
        oclhls_strbuf_printf(o, " & !lsu%d_rsp_valid)", op->lsu);
    }
    if (op->ordered) {
        oclhls_strbuf_printf(o, "\n        | (");
        emit_enable(o, k, op, op->stage);
        oclhls_strbuf_printf(o, " & !");
        emit_order_ready(o, k, op);
        oclhls_strbuf_printf(o, ")");
    }
}

/* Each segment's stall: its token cannot leave, or a valid, enabled access cannot go on. */
void emit_stall(struct nl_module *m, const struct hir_kernel *k)
{
    for (int si = 0; si < k->nsegs; si++) {
        struct oclhls_strbuf e = {0};
        oclhls_strbuf_printf(&e, "s%d_blocked", si);
        for (int i = 0; i < k->nops; i++) {
            const struct hir_op *op = &k->ops[i];
            if (!op->live || op->lsu == HIR_NONE || op->seg != si)
                continue;
            emit_lsu_stall_terms(&e, k, op);
        }
        emit_stream_stall(&e, k, si);
        nl_assign_to(m, emit_text(m, &e), "s%d_base_stall", si);
        oclhls_strbuf_release(&e);
        oclhls_strbuf_printf(&e, "s%d_base_stall", si);
        emit_private_stall(&e, k, si);
        nl_assign_to(m, emit_text(m, &e), "s%d_stall", si);
        oclhls_strbuf_release(&e);
    }
    nl_blank(m);
}

/* Store LSUs that hold lines until the pipeline drains (not written through). */
static int count_buffering_stores(const struct hir_kernel *k)
{
    int n = 0;
    for (int i = 0; i < k->nops; i++)
        n += k->ops[i].live && k->ops[i].opcode == HIR_STORE && k->ops[i].lsu != HIR_NONE &&
             !k->ops[i].write_through;
    return n;
}

/* Flush requests of the store LSUs, and the idle summary of all LSUs. */
void emit_flush_and_idle(struct nl_module *m, const struct hir_kernel *k)
{
    if (count_buffering_stores(k)) {
        nl_comment(m, "Store buffers write back when the pipeline drains, or when an\n"
                      "ordered access of the same work-item waits for them.");
        nl_wire_init(m, 0, "drain", "running & !disp_busy & pipe_empty");
    }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *st = &k->ops[i];
        if (!st->live || st->opcode != HIR_STORE || st->lsu == HIR_NONE)
            continue; /* private stores write block RAM at once */
        if (st->write_through) {
            char lhs[24];
            snprintf(lhs, sizeof(lhs), "lsu%d_flush", st->lsu);
            nl_assign_note(m, lhs, " // a later iteration waits", "1'b1");
            continue;
        }
        struct oclhls_strbuf e = {0};
        oclhls_strbuf_puts(&e, "drain");
        emit_barrier_flush(&e, k);
        for (int w = 0; w < k->nops; w++) {
            const struct hir_op *op = &k->ops[w];
            if (op->live && op->ordered && hir_lsu_set_has(&op->order_after, st->lsu)) {
                oclhls_strbuf_printf(&e, " | (");
                emit_enable(&e, k, op, op->stage);
                oclhls_strbuf_printf(&e, ")");
            }
        }
        nl_assign_to(m, emit_text(m, &e), "lsu%d_flush", st->lsu);
        oclhls_strbuf_release(&e);
    }
    struct oclhls_strbuf e = {0};
    oclhls_strbuf_puts(&e, "1'b1");
    for (int j = 0; j < k->nlsus; j++)
        oclhls_strbuf_printf(&e, " & lsu%d_idle", j);
    emit_stream_idle(&e, k);
    nl_wire_to(m, 0, emit_text(m, &e), "lsu_idle");
    oclhls_strbuf_release(&e);
    nl_blank(m);
}
