// SPDX-License-Identifier: MIT
/*
 * What holds a kernel's pipeline up, and when its memory side is done (emit_memory.c builds
 * the units): each segment's stall (its token cannot leave, or a valid, enabled access
 * cannot go on: an LSU full, an answer not back, earlier stores not in memory, a channel or
 * pipe, a private array's write port), the store LSUs' flush requests, and lsu_idle.
 *
 * On the ECP5 (the target's registered_stall) a segment whose stall only its loads and
 * stores make takes it from a register, decided a cycle ahead: the OR of a segment's LSU
 * conditions, gathered from LSUs spread over the die and sent back to every register of
 * the segment and into the LSUs' queues in one cycle, was dot_normalize's critical path
 * (19.2 ns). Its LSUs then report with slack (ocl_lsu_load/ocl_lsu_store SLACK: room for
 * two requests, the next response's data), so what the register says holds next cycle
 * whatever this cycle fires and pops.
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
                          const struct hir_op *op, int slack)
{
    emit_issue_stall(o, k, op);
    if (op->opcode == HIR_LOAD && !op->discard) {
        oclhls_strbuf_printf(o, "\n        | (");
        emit_enable(o, k, op, op->ready_stage);
        oclhls_strbuf_printf(o, " & !lsu%d_rsp_valid%s)", op->lsu, slack ? "[0]" : "");
    }
    if (op->ordered) {
        oclhls_strbuf_printf(o, "\n        | (");
        emit_enable(o, k, op, op->stage);
        oclhls_strbuf_printf(o, " & !");
        emit_order_ready(o, k, op);
        oclhls_strbuf_printf(o, ")");
    }
}

/* The store LSU j whose fire wire is lsu<j>_fire: one of segment si, not an atomic. */
static int same_segment_store(const struct hir_kernel *k, int j, int si)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->lsu == j)
            return op->opcode == HIR_STORE && !op->atomic && op->seg == si;
    }
    return 0;
}

int emit_stall_registered(const struct hir_kernel *k, int si, int enabled)
{
    int accesses = 0;
    if (!enabled || k->segs[si].to != HIR_TO_END)
        return 0; /* a loop's or a barrier's input may block it: not from LSUs */
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->seg != si || op->lsu == HIR_NONE)
            continue;
        if (op->atomic || (op->opcode != HIR_LOAD && op->opcode != HIR_STORE))
            return 0;
        accesses++;
        for (int j = 0; op->ordered && j < k->nlsus; j++)
            if (hir_lsu_set_has(&op->order_after, j) && !same_segment_store(k, j, si))
                return 0;
    }
    struct oclhls_strbuf other = {0};
    emit_stream_stall(&other, k, si);
    emit_private_stall(&other, k, si);
    int none = other.len == 0;
    oclhls_strbuf_release(&other);
    return none && accesses; /* without accesses it never stalls */
}

/* Op's enable in the stage before stage (stage > 0), or more: its valid bit where the
   predicate is not computed yet. */
static void emit_enable_before(struct oclhls_strbuf *o, const struct hir_kernel *k,
                               const struct hir_op *op, int stage)
{
    const struct hir_op *pred = &k->ops[op->pred];
    if (stage - 1 >= op->stage && (pred->invariant || pred->ready_stage <= stage - 1))
        emit_enable(o, k, op, stage - 1);
    else
        oclhls_strbuf_printf(o, "s%d_valid[%d]", op->seg, stage - 1);
}

/*
 * "(s<si>_stall_r ? <now> : <before>)": op's enable at stage next cycle, or more. Stalled,
 * the token in the stage stays; else the one in the stage before comes. Stage 0 is the
 * input's head, which may come while the segment stalls: any.
 */
static void emit_next_enable(struct oclhls_strbuf *o, const struct hir_kernel *k,
                             const struct hir_op *op, int stage, int now_valid_only)
{
    if (stage == 0) {
        oclhls_strbuf_puts(o, "1'b1");
        return;
    }
    oclhls_strbuf_printf(o, "(s%d_stall_r ? ", op->seg);
    if (now_valid_only)
        oclhls_strbuf_printf(o, "s%d_valid[%d]", op->seg, stage);
    else
        emit_enable(o, k, op, stage);
    oclhls_strbuf_puts(o, " : ");
    emit_enable_before(o, k, op, stage);
    oclhls_strbuf_puts(o, ")");
}

/*
 * The terms of access op in its segment's next stall (emit_stall_registered): its LSU may
 * have no room for a request next cycle (can_accept is room for two: one may be fired now),
 * the answer it takes next cycle may not be there (stalled: the same answer; else the one
 * after this cycle's pop when it pops, rsp_valid[1]), or the stores it waits for may not be
 * in memory (not idle, or taking a store now).
 */
static void emit_next_terms(struct oclhls_strbuf *o, const struct hir_kernel *k,
                            const struct hir_op *op)
{
    const struct hir_op *pred = &k->ops[op->pred];
    int j = op->lsu, si = op->seg;

    oclhls_strbuf_puts(o, "\n        | (");
    emit_next_enable(o, k, op, op->stage, !pred->invariant && op->stage <= pred->ready_stage);
    oclhls_strbuf_printf(o, " & !lsu%d_can_accept)", j);
    if (op->opcode == HIR_LOAD && !op->discard) {
        oclhls_strbuf_printf(o, "\n        | (s%d_stall_r ? ", si);
        emit_enable(o, k, op, op->ready_stage);
        oclhls_strbuf_printf(o, " & !lsu%d_rsp_valid[0]\n            : ", j);
        emit_enable_before(o, k, op, op->ready_stage);
        oclhls_strbuf_puts(o, " & !(");
        emit_enable(o, k, op, op->ready_stage);
        oclhls_strbuf_printf(o, " ? lsu%d_rsp_valid[1] : lsu%d_rsp_valid[0]))", j, j);
    }
    if (op->ordered) {
        const char *sep = "";
        oclhls_strbuf_puts(o, "\n        | (");
        emit_next_enable(o, k, op, op->stage, 0);
        oclhls_strbuf_puts(o, " & !(");
        for (int x = 0; x < k->nlsus; x++) {
            if (hir_lsu_set_has(&op->order_after, x)) {
                oclhls_strbuf_printf(o, "%slsu%d_written & !lsu%d_fire", sep, x, x);
                sep = " & ";
            }
        }
        oclhls_strbuf_puts(o, "))");
    }
}

/* Segment si's stall as a register, and what it is next cycle. */
static void emit_registered_stall(struct nl_module *m, const struct hir_kernel *k, int si)
{
    struct oclhls_strbuf e = {0};
    char reset[40], next[48];
    nl_comment(m, "Segment %d's stall: a register, decided a cycle ahead (LSUs with slack).", si);
    nl_net(m, "reg ", 0, "s%d_stall_r", si);
    oclhls_strbuf_printf(&e, "s%d_blocked", si);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->lsu != HIR_NONE && op->seg == si)
            emit_next_terms(&e, k, op);
    }
    nl_wire_to(m, 0, emit_text(m, &e), "s%d_stall_next", si);
    oclhls_strbuf_release(&e);
    snprintf(reset, sizeof(reset), "s%d_stall_r <= 1'b0;", si);
    snprintf(next, sizeof(next), "s%d_stall_r <= s%d_stall_next;", si, si);
    nl_always(m, "clk", "rst", reset, next);
    snprintf(next, sizeof(next), "s%d_stall_r", si);
    nl_assign_to(m, next, "s%d_base_stall", si);
}

/* Each segment's stall: its token cannot leave, or a valid, enabled access cannot go on. */
void emit_stall(struct nl_module *m, const struct hir_kernel *k, int registered)
{
    for (int si = 0; si < k->nsegs; si++) {
        struct oclhls_strbuf e = {0};
        if (emit_stall_registered(k, si, registered)) {
            emit_registered_stall(m, k, si);
        } else {
            oclhls_strbuf_printf(&e, "s%d_blocked", si);
            for (int i = 0; i < k->nops; i++) {
                const struct hir_op *op = &k->ops[i];
                if (!op->live || op->lsu == HIR_NONE || op->seg != si)
                    continue;
                emit_lsu_stall_terms(&e, k, op, 0);
            }
            emit_stream_stall(&e, k, si);
            nl_assign_to(m, emit_text(m, &e), "s%d_base_stall", si);
            oclhls_strbuf_release(&e);
        }
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
