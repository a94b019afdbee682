// SPDX-License-Identifier: MIT
/*
 * Verilog for the joints between pipeline segments (segments.c): token FIFOs, the admission
 * unit of interleaved loops (rtl-lib/ocl_loop_admit.v), the issue logic of modulo-scheduled
 * loops, and each segment's first stage (where its incoming values come from) and last stage
 * (where its token goes). A token is the concatenation of its values, the first value in the
 * low bits.
 */
#include <stdio.h>
#include <string.h>

#include "emit_util.h"

/* A token's values (original ids) and their names at the last stage of the segment sending it. */
struct token_layout {
    const int *vals, *local;
    int n;
};

/* The entry token of loop l: what the segment before the loop sends. */
static struct token_layout entry_layout(const struct hir_kernel *k, int l)
{
    const struct hir_segment *s = emit_segment_to(k, HIR_TO_LOOP_ENTRY, l);
    return (struct token_layout){s->out, s->out_local, s->nout};
}

/* The exit token of loop l: the values used after the loop. */
static struct token_layout exit_layout(const struct hir_kernel *k, int l)
{
    const struct hir_segment *s = emit_segment_to(k, HIR_TO_LOOP_END, l);
    return (struct token_layout){s->out, s->out_local, s->nexit};
}

/* The back-edge token of loop l: the values its next iteration needs. */
static struct token_layout back_layout(const struct hir_kernel *k, int l)
{
    const struct hir_segment *s = emit_segment_to(k, HIR_TO_LOOP_END, l);
    return (struct token_layout){s->out + s->back_from, s->out_local + s->back_from, s->nback};
}

static unsigned layout_width(const struct hir_kernel *k, struct token_layout t)
{
    unsigned w = 0;
    for (int i = 0; i < t.n; i++)
        w += emit_token_bits(k, t.vals[i]);
    return w ? w : 1; /* an empty token still takes a bit: FIFOs need a width */
}

/* bus[hi:lo] of value v in token t; v must be there. */
static void emit_field(struct oclhls_strbuf *o, const struct hir_kernel *k, struct token_layout t,
                       int v, const char *bus, int loop)
{
    unsigned off = 0;
    for (int i = 0; i < t.n; i++) {
        if (t.vals[i] == v) {
            char name[64];
            snprintf(name, sizeof(name), "l%d_%s", loop, bus);
            emit_token_widened(o, k, v, name, off);
            return;
        }
        off += emit_token_bits(k, t.vals[i]);
    }
    oclhls_strbuf_printf(o, "/* missing v%d */ 0", v);
}

/* A value as a loop's entry or back-edge token gives it: a field, or an invariant wire. */
static void emit_token_value(struct oclhls_strbuf *o, const struct hir_kernel *k,
                             struct token_layout t, int v, const char *bus, int loop)
{
    if (k->ops[v].invariant)
        emit_ref(o, k, v, 0);
    else
        emit_field(o, k, t, v, bus, loop);
}

/*
 * A loop FIFO. A back FIFO is deep and often narrow: it has a BLOCK_RAM parameter, 0, which
 * emit_fifo_block_rams may set to 1 when an iCE40 has block RAM to spare. head_reg: its head
 * in a register of its own (ocl_fifo HEAD_REG, the target model's loop_fifo_head_reg).
 */
static void emit_fifo(struct nl_module *m, int loop, const char *name, unsigned width, int depth,
                      int head_reg)
{
    nl_lint(m, 0, "UNUSED", "a consumer reads only its fields");
    nl_net(m, "wire", width, "l%d_%s_data, l%d_%s_head", loop, name, loop, name);
    nl_lint(m, 1, "UNUSED", NULL);
    nl_net(m, "wire", 0, "l%d_%s_push, l%d_%s_pop, l%d_%s_empty, l%d_%s_full", loop, name, loop,
           name, loop, name, loop, name);
    nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
    char inst[32];
    snprintf(inst, sizeof(inst), "u_l%d_%s", loop, name);
    struct nl_instance *f = nl_instance(m, "ocl_fifo", inst);
    nl_param(m, f, "WIDTH", width);
    nl_param(m, f, "DEPTH", depth);
    if (!strcmp(name, "back"))
        nl_param(m, f, "BLOCK_RAM", 0);
    if (head_reg && depth >= 2)
        nl_param(m, f, "HEAD_REG", 1);
    nl_connect(m, f, "clk", "clk");
    nl_connect(m, f, "rst", "rst");
    nl_connect(m, f, "push", "l%d_%s_push", loop, name);
    nl_connect(m, f, "push_data", "l%d_%s_data", loop, name);
    nl_connect_break(m, f, "pop", "l%d_%s_pop", loop, name);
    nl_connect(m, f, "pop_data", "l%d_%s_head", loop, name);
    nl_connect(m, f, "empty", "l%d_%s_empty", loop, name);
    nl_connect_break(m, f, "full", "l%d_%s_full", loop, name);
    nl_connect_open(m, f, "count");
    nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
}

static void emit_loop_joints(struct nl_module *m, const struct hir_kernel *k, int l,
                             int joint_depth, int park_depth, int head_reg)
{
    const struct hir_loop *lp = &k->loops[l];
    nl_comment(m, "Loop %d (line %u): %s, II %d, depth %d.", l, lp->line,
               lp->modulo ? "modulo-scheduled" : "work-items interleaved", lp->ii, lp->depth);
    emit_fifo(m, l, "entry", layout_width(k, entry_layout(k, l)),
              lp->park.gate != HIR_NONE ? park_depth : joint_depth, head_reg);
    emit_fifo(m, l, "exit", layout_width(k, exit_layout(k, l)), joint_depth, head_reg);
    if (lp->modulo) {
        nl_blank(m);
        return;
    }
    emit_fifo(m, l, "back", layout_width(k, back_layout(k, l)), lp->capacity, head_reg);
    nl_comment(m, "At most %d tokens inside: the back FIFO (as deep) never overflows.",
               lp->capacity);
    nl_net(m, "wire", 0, "l%d_valid, l%d_sel_back, l%d_take", l, l, l);
    nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
    char inst[32];
    snprintf(inst, sizeof(inst), "u_l%d_admit", l);
    struct nl_instance *a = nl_instance(m, "ocl_loop_admit", inst);
    nl_param(m, a, "CAP", lp->capacity);
    nl_connect(m, a, "clk", "clk");
    nl_connect(m, a, "rst", "rst");
    nl_connect(m, a, "clear", "csr_start");
    nl_connect_break(m, a, "entry_valid", "!l%d_entry_empty", l);
    nl_connect(m, a, "back_valid", "!l%d_back_empty", l);
    nl_connect(m, a, "take", "l%d_take", l);
    nl_connect_break(m, a, "out_valid", "l%d_valid", l);
    nl_connect(m, a, "sel_back", "l%d_sel_back", l);
    nl_connect(m, a, "entry_pop", "l%d_entry_pop", l);
    nl_connect_break(m, a, "back_pop", "l%d_back_pop", l);
    if (lp->park.gate != HIR_NONE)
        nl_connect(m, a, "exit_fire", "l%d_exit_push | l%d_bp_fire", l, l); /* parks leave */
    else
        nl_connect(m, a, "exit_fire", "l%d_exit_push", l);
    nl_connect_open(m, a, "count");
    nl_connect_open(m, a, "empty");
    nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
    nl_blank(m);
}

void emit_loops(struct nl_module *m, const struct hir_kernel *k, int joint_depth, int park_depth,
                int head_reg)
{
    for (int l = 0; l < k->nloops; l++)
        emit_loop_joints(m, k, l, joint_depth, park_depth, head_reg);
}

/* "& l0_entry_empty & ..." : every joint FIFO of the kernel is empty. */
void emit_joints_empty(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    for (int l = 0; l < k->nloops; l++) {
        oclhls_strbuf_printf(o, " & l%d_entry_empty & l%d_exit_empty", l, l);
        if (k->loops[l].modulo)
            oclhls_strbuf_printf(o, " & !l%d_active", l);
        else
            oclhls_strbuf_printf(o, " & l%d_back_empty", l);
    }
}

/* The back-edge registers of a modulo loop's phis. */
static void emit_modulo_phis(struct nl_module *m, const struct hir_kernel *k, int si, int l)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->seg != si || op->opcode != HIR_LOOP_PHI)
            continue;
        int next = hls_segment_local(k, si, op->next);
        int rs = k->ops[next].invariant ? 0 : k->ops[next].ready_stage;
        struct oclhls_strbuf e = {0};
        emit_ref(&e, k, next, rs);
        nl_net(m, "reg", op->width, "l%d_next_v%d", l, i);
        nl_always_form(m, NL_ALWAYS_BARE, "clk",
                       "if (s%d_valid[%d] & !s%d_stall) l%d_next_v%d <= %s;", si, rs, si, l, i,
                       emit_text(m, &e));
        oclhls_strbuf_release(&e);
    }
}

static void emit_modulo_issue(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int l = s->from_loop;
    const struct hir_loop *lp = &k->loops[l];
    int cont = hls_segment_local(k, si, lp->cont);
    char rhs[320];
    nl_comment(m,
               "Issue: a new iteration every %d cycles while the last one continues (its\n"
               "condition is known in stage %d), else the next entering token.",
               lp->ii, lp->cont_stage);
    nl_net(m, "reg", 0, "l%d_active, l%d_known, l%d_cont", l, l, l);
    nl_net(m, "wire", 0, "l%d_on_grid", l);
    snprintf(rhs, sizeof(rhs), "!l%d_active", l);
    nl_wire_to(m, 0, rhs, "l%d_first_now", l);
    snprintf(rhs, sizeof(rhs),
             "l%d_on_grid & ((l%d_active & l%d_known & l%d_cont) |\n"
             "                                           (!l%d_active & !l%d_entry_empty))",
             l, l, l, l, l, l);
    nl_assign_to(m, rhs, "s%d_in_valid", si);
    snprintf(rhs, sizeof(rhs), "s%d_in_valid & !s%d_stall", si, si);
    nl_wire_to(m, 0, rhs, "l%d_issue", l);
    snprintf(rhs, sizeof(rhs), "l%d_issue & l%d_first_now", l, l);
    nl_assign_to(m, rhs, "l%d_entry_pop", l);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_stall", si, lp->cont_stage, si);
    nl_wire_to(m, 0, rhs, "l%d_capture", l);
    struct oclhls_strbuf e = {0};
    emit_ref(&e, k, cont, lp->cont_stage);
    oclhls_strbuf_puts(&e, "[0]");
    nl_wire_to(m, 0, emit_text(m, &e), "l%d_cont_now", l);
    oclhls_strbuf_release(&e);
    char on_reset[160], statements[640];
    snprintf(on_reset, sizeof(on_reset), "l%d_active <= 1'b0;\nl%d_known <= 1'b0;\nl%d_cont <= 1'b0;",
             l, l, l);
    snprintf(statements, sizeof(statements),
             "if (l%d_issue && l%d_first_now) l%d_active <= 1'b1;\n"
             "if (l%d_capture) begin\n"
             "    l%d_known <= 1'b1;\n"
             "    l%d_cont <= l%d_cont_now;\n"
             "    if (!l%d_cont_now) l%d_active <= 1'b0;\n"
             "end else if (l%d_issue) begin\n"
             "    l%d_known <= 1'b0;\n"
             "end",
             l, l, l, l, l, l, l, l, l, l, l);
    nl_always(m, "clk", "rst || csr_start", on_reset, statements);
    if (lp->ii == 1) {
        nl_assign_to(m, "1'b1", "l%d_on_grid", l);
    } else {
        char prefix[16];
        snprintf(prefix, sizeof(prefix), "l%d", l);
        emit_issue_grid(m, prefix, si, lp->ii);
    }
    emit_modulo_phis(m, k, si, l);
    nl_blank(m);
}

/* v<i> = <a> ? <b> : <c>, each written by the callers into its buffer. */
static void assign_value(struct nl_module *m, int i, struct oclhls_strbuf *e)
{
    nl_assign_to(m, emit_text(m, e), "v%d", i);
    oclhls_strbuf_release(e);
}

/* Incoming value i (a token or a loop phi) of segment si, from loop l. */
static void emit_incoming(struct nl_module *m, const struct hir_kernel *k, int si, int l,
                          int modulo, int i)
{
    const struct hir_segment *s = &k->segs[si];
    const struct hir_op *op = &k->ops[i];
    const struct hir_loop *lp = l >= 0 ? &k->loops[l] : NULL;
    struct oclhls_strbuf e = {0};
    if (op->opcode == HIR_TOKEN && op->aux == HIR_TOKEN_FIRST) {
        oclhls_strbuf_printf(&e, "l%d_first_now", l);
    } else if (op->opcode == HIR_TOKEN && op->aux == HIR_TOKEN_ENTRY_VALUE) {
        emit_token_value(&e, k, entry_layout(k, l), op->ops[0], "entry_head", l);
    } else if (op->opcode == HIR_TOKEN && s->from == HIR_FROM_LOOP_EXIT) {
        emit_field(&e, k, exit_layout(k, l), op->ops[0], "exit_head", l);
    } else if (op->opcode == HIR_TOKEN && modulo) {
        /* constant over an invocation: held from its first iteration */
        emit_field(&e, k, entry_layout(k, l), op->ops[0], "entry_head", l);
        nl_net(m, "reg", op->width, "l%d_held_v%d", l, i);
        nl_always_form(m, NL_ALWAYS_BARE, "clk", "if (l%d_entry_pop) l%d_held_v%d <= %s;", l, l,
                       i, emit_text(m, &e));
        oclhls_strbuf_release(&e);
        oclhls_strbuf_printf(&e, "l%d_first_now ? ", l);
        emit_field(&e, k, entry_layout(k, l), op->ops[0], "entry_head", l);
        oclhls_strbuf_printf(&e, " : l%d_held_v%d", l, i);
    } else if (op->opcode == HIR_TOKEN) {
        oclhls_strbuf_printf(&e, "l%d_sel_back ? ", l);
        emit_field(&e, k, back_layout(k, l), op->ops[0], "back_head", l);
        oclhls_strbuf_printf(&e, " : ");
        emit_field(&e, k, entry_layout(k, l), op->ops[0], "entry_head", l);
    } else if (op->opcode == HIR_LOOP_PHI && modulo) {
        emit_ref(&e, k, lp->first, op->stage);
        oclhls_strbuf_printf(&e, "[0] ? ");
        emit_ref(&e, k, op->init_copy, op->stage);
        oclhls_strbuf_printf(&e, " : l%d_next_v%d", l, i);
    } else {
        oclhls_strbuf_printf(&e, "l%d_sel_back ? ", l);
        emit_token_value(&e, k, back_layout(k, l), op->next, "back_head", l);
        oclhls_strbuf_printf(&e, " : ");
        emit_token_value(&e, k, entry_layout(k, l), op->ops[0], "entry_head", l);
    }
    assign_value(m, i, &e);
}

/* The definitions of the segment's incoming values and its stage-0 valid. */
void emit_segment_input(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int l = s->from_loop;
    if (s->from == HIR_FROM_DISPATCH) {
        nl_assign_to(m, "disp_valid & entry_ok", "s%d_in_valid", si);
        return;
    }
    if (s->from == HIR_FROM_BARRIER) {
        emit_barrier_output(m, k, si);
        return;
    }
    char rhs[96];
    if (s->from == HIR_FROM_LOOP_EXIT) {
        snprintf(rhs, sizeof(rhs), "!l%d_exit_empty", l);
        nl_assign_to(m, rhs, "s%d_in_valid", si);
        snprintf(rhs, sizeof(rhs), "!s%d_stall & !l%d_exit_empty", si, l);
        nl_assign_to(m, rhs, "l%d_exit_pop", l);
    }
    const struct hir_loop *lp = l >= 0 ? &k->loops[l] : NULL;
    int modulo = s->from == HIR_FROM_LOOP_ENTRY && lp->modulo;
    if (s->from == HIR_FROM_LOOP_ENTRY && !modulo) {
        snprintf(rhs, sizeof(rhs), "l%d_valid", l);
        nl_assign_to(m, rhs, "s%d_in_valid", si);
        snprintf(rhs, sizeof(rhs), "!s%d_stall", si);
        nl_assign_to(m, rhs, "l%d_take", l);
    }
    if (modulo)
        emit_modulo_issue(m, k, si);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->seg == si &&
            (op->opcode == HIR_TOKEN || op->opcode == HIR_LOOP_PHI))
            emit_incoming(m, k, si, l, modulo, i);
    }
}

/* Token t packed from the last stage of segment s. */
static void emit_pack(struct oclhls_strbuf *o, const struct hir_kernel *k,
                      const struct hir_segment *s, struct token_layout t)
{
    if (!t.n) {
        oclhls_strbuf_printf(o, "1'b0");
        return;
    }
    oclhls_strbuf_printf(o, "{");
    for (int i = t.n - 1; i >= 0; i--) {
        emit_token_part(o, k, t.vals[i], t.local[i], s->depth - 1);
        oclhls_strbuf_printf(o, i ? ", " : "}");
    }
}

/* Where the last stage's token goes, and when that blocks the segment. */
void emit_segment_output(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int last = s->depth - 1, l = s->to_loop;
    char rhs[160];
    struct oclhls_strbuf e = {0};
    if (s->to == HIR_TO_END) {
        nl_wire_to(m, 0, "1'b0", "s%d_blocked", si);
        emit_exit_slots(m, k, si);
        return;
    }
    if (s->to == HIR_TO_BARRIER) {
        emit_barrier_input(m, k, si);
        return;
    }
    if (s->to == HIR_TO_LOOP_ENTRY) {
        emit_pack(&e, k, s, entry_layout(k, l));
        nl_assign_to(m, emit_text(m, &e), "l%d_entry_data", l);
        oclhls_strbuf_release(&e);
        if (k->loops[l].park.gate != HIR_NONE) {
            emit_park_at_entry(m, k, si, l);
            return;
        }
        snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_stall", si, last, si);
        nl_assign_to(m, rhs, "l%d_entry_push", l);
        snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & l%d_entry_full", si, last, l);
        nl_wire_to(m, 0, rhs, "s%d_blocked", si);
        return;
    }
    const struct hir_loop *lp = &k->loops[l];
    int cont = hls_segment_local(k, si, lp->cont);
    emit_ref(&e, k, cont, last);
    oclhls_strbuf_puts(&e, "[0]");
    nl_wire_to(m, 0, emit_text(m, &e), "s%d_cont", si);
    oclhls_strbuf_release(&e);
    emit_pack(&e, k, s, exit_layout(k, l));
    nl_assign_to(m, emit_text(m, &e), "l%d_exit_data", l);
    oclhls_strbuf_release(&e);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_cont & !s%d_stall", si, last, si, si);
    nl_assign_to(m, rhs, "l%d_exit_push", l);
    if (lp->modulo) {
        nl_comment(m, "continuing iterations end here: the issue logic started the next one");
        snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_cont & l%d_exit_full", si, last, si, l);
        nl_wire_to(m, 0, rhs, "s%d_blocked", si);
        return;
    }
    emit_pack(&e, k, s, back_layout(k, l));
    nl_assign_to(m, emit_text(m, &e), "l%d_back_data", l);
    oclhls_strbuf_release(&e);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & s%d_cont & !s%d_stall", si, last, si, si);
    nl_assign_to(m, rhs, "l%d_back_push", l);
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & (s%d_cont ? l%d_back_full : l%d_exit_full)", si,
             last, si, l, l);
    nl_wire_to(m, 0, rhs, "s%d_blocked", si);
}
