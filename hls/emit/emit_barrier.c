// SPDX-License-Identifier: MIT
/*
 * Barriers (rtl-lib/ocl_barrier.v): the segment before a barrier pushes its tokens with their
 * work-group slot; the unit releases a group's tokens, in arrival order, once all of them have
 * arrived, into the segment after it. A barrier with a global fence also waits until every
 * store LSU and atomic unit has written back (and asks the stores to), so loads after it see
 * the group's stores.
 */
#include <stdio.h>
#include <string.h>

#include "emit_util.h"

static void emit_fence(struct nl_module *m, const struct hir_kernel *k, int b)
{
    struct oclhls_strbuf e = {0};
    oclhls_strbuf_puts(&e, "1'b1");
    if (k->barriers[b].global_fence)
        for (int i = 0; i < k->nops; i++)
            if (k->ops[i].live && hir_writes_memory(&k->ops[i]) && k->ops[i].lsu != HIR_NONE)
                oclhls_strbuf_printf(&e, " & lsu%d_written", k->ops[i].lsu);
    nl_assign_to(m, emit_text(m, &e), "b%d_fence_ok", b);
    oclhls_strbuf_release(&e);
}

/* Ports wired to b<b>_<port>: each line of names (space-separated) on a line of its own. */
static void connect_ports(struct nl_module *m, struct nl_instance *u, int b,
                          const char *const *lines)
{
    for (; *lines; lines++)
        for (const char *p = *lines; *p;) {
            size_t n = strcspn(p, " ");
            char port[32];
            snprintf(port, sizeof(port), "%.*s", (int)n, p);
            if (p == *lines)
                nl_connect_break(m, u, port, "b%d_%s", b, port);
            else
                nl_connect(m, u, port, "b%d_%s", b, port);
            p += n + (p[n] == ' ');
        }
}

void emit_barriers(struct nl_module *m, const struct hir_kernel *k, int out_reg)
{
    static const char *const lines[] = {"in_valid in_ready in_data",
                                        "in_slot out_valid out_ready",
                                        "out_data empty",
                                        "park_valid park_slot",
                                        "unpark_valid unpark_slot",
                                        "done_valid done_slot",
                                        "park_ready",
                                        NULL};
    unsigned sw = emit_index_bits(k->nwg_slots), cw = emit_index_bits(k->max_wg + 1);
    for (int b = 0; b < k->nbarriers; b++) {
        unsigned w = emit_barrier_token_width(k, b);
        nl_comment(m, "Barrier %d (line %u): work-groups of up to %u work-items gather here%s.", b,
                   k->barriers[b].line, k->max_wg,
                   k->barriers[b].global_fence ? " (global fence: stores written back first)" : "");
        nl_net(m, "wire", 0, "b%d_in_valid, b%d_in_ready, b%d_out_valid, b%d_out_ready, b%d_empty",
               b, b, b, b, b);
        nl_net(m, "wire", w, "b%d_in_data", b);
        nl_lint(m, 0, "UNUSED", "the next segment reads only its fields");
        nl_net(m, "wire", w, "b%d_out_data", b);
        nl_lint(m, 1, "UNUSED", NULL);
        nl_net(m, "wire", sw, "b%d_in_slot", b);
        nl_net(m, "wire", 0, "b%d_park_valid, b%d_unpark_valid", b, b);
        nl_net(m, "wire", sw, "b%d_park_slot, b%d_unpark_slot", b, b);
        nl_lint(m, 0, "UNUSED", "a gate's completion clears its loop's parks");
        nl_net(m, "wire", 0, "b%d_done_valid, b%d_park_ready", b, b);
        nl_net(m, "wire", sw, "b%d_done_slot", b);
        nl_lint(m, 1, "UNUSED", NULL);
        char name[32];
        snprintf(name, sizeof(name), "u_b%d", b);
        struct nl_instance *u = nl_instance(m, "ocl_barrier", name);
        nl_param(m, u, "W", w);
        nl_param(m, u, "NSLOT", k->nwg_slots);
        nl_param(m, u, "SW", sw);
        nl_param(m, u, "MAXWG", k->max_wg);
        nl_param(m, u, "CW", cw);
        if (out_reg)
            nl_param(m, u, "OUT_REG", 1);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "rst", "rst");
        nl_connect(m, u, "clear", "csr_start");
        nl_connect(m, u, "wg_size", "wg_size");
        connect_ports(m, u, b, lines);
        nl_net(m, "wire", 0, "b%d_fence_ok", b);
        nl_blank(m);
    }
    emit_park_hookups(m, k);
}

void emit_barrier_fences(struct nl_module *m, const struct hir_kernel *k)
{
    for (int b = 0; b < k->nbarriers; b++)
        emit_fence(m, k, b);
}

/* The segment's token into barrier b: its values' significant bits. */
static void emit_barrier_token(struct oclhls_strbuf *e, const struct hir_kernel *k,
                               const struct hir_segment *s)
{
    if (!s->nout)
        oclhls_strbuf_printf(e, "1'b0");
    for (int i = s->nout - 1; i >= 0; i--) {
        oclhls_strbuf_printf(e, i == s->nout - 1 ? "{" : "");
        emit_token_part(e, k, s->out[i], s->out_local[i], s->depth - 1);
        oclhls_strbuf_printf(e, i ? ", " : "}");
    }
}

void emit_barrier_input(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int b = s->to_loop, last = s->depth - 1, gate = k->barriers[b].gate_of != HIR_NONE;
    /* a gate's input is shared with parking tokens: the segment's own token gets a name */
    char data[32], slot[32], rhs[128];
    snprintf(data, sizeof(data), gate ? "s%d_gate_data" : "b%d_in_data", gate ? si : b);
    snprintf(slot, sizeof(slot), gate ? "s%d_gate_slot" : "b%d_in_slot", gate ? si : b);
    if (gate) {
        nl_net(m, "wire", emit_barrier_token_width(k, b), "%s", data);
        nl_net(m, "wire", emit_index_bits(k->nwg_slots), "%s", slot);
    }
    struct oclhls_strbuf e = {0};
    emit_barrier_token(&e, k, s);
    nl_assign(m, data, "%s", emit_text(m, &e));
    oclhls_strbuf_release(&e);
    emit_ref(&e, k, hls_segment_local(k, si, k->wg_slot), last);
    oclhls_strbuf_printf(&e, "[%u:0]", emit_index_bits(k->nwg_slots) - 1);
    nl_assign(m, slot, "%s", emit_text(m, &e));
    oclhls_strbuf_release(&e);
    int parking_loop = emit_park_loop_of_barrier(k, b);
    if (gate) {
        emit_park_gate_input(m, k, si, b);
    } else if (parking_loop != HIR_NONE) {
        emit_park_at_barrier(m, k, si, parking_loop);
    } else {
        snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_stall", si, last, si);
        nl_assign_to(m, rhs, "b%d_in_valid", b);
        snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !b%d_in_ready", si, last, b);
        nl_wire_to(m, 0, rhs, "s%d_blocked", si);
    }
    if (parking_loop == HIR_NONE) {
        nl_assign_to(m, "1'b0", "b%d_park_valid", b);
        nl_assign_to(m, "0", "b%d_park_slot", b);
        nl_assign_to(m, "1'b0", "b%d_unpark_valid", b);
        nl_assign_to(m, "0", "b%d_unpark_slot", b);
    }
}

void emit_barrier_output(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int b = s->from_loop;
    char rhs[96];
    snprintf(rhs, sizeof(rhs), "b%d_out_valid & b%d_fence_ok", b, b);
    nl_assign_to(m, rhs, "s%d_in_valid", si);
    snprintf(rhs, sizeof(rhs), "!s%d_stall & b%d_fence_ok", si, b);
    nl_assign_to(m, rhs, "b%d_out_ready", b);
    char bus[32];
    snprintf(bus, sizeof(bus), "b%d_out_data", b);
    unsigned off = 0;
    for (int i = 0; i < s->nin; i++) {
        int v = s->in[i], c = s->in_copy[i];
        struct oclhls_strbuf e = {0};
        emit_token_widened(&e, k, v, bus, off);
        nl_assign_to(m, emit_text(m, &e), "v%d", c);
        oclhls_strbuf_release(&e);
        off += emit_token_bits(k, v);
    }
}

void emit_barriers_empty(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    for (int b = 0; b < k->nbarriers; b++)
        oclhls_strbuf_printf(o, " & b%d_empty", b);
}

void emit_barrier_flush(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    for (int b = 0; b < k->nbarriers; b++)
        if (k->barriers[b].global_fence)
            oclhls_strbuf_printf(o, " | b%d_out_valid", b);
}
