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

static void emit_fence(struct oclhls_strbuf *o, const struct hir_kernel *k, int b)
{
    oclhls_strbuf_printf(o, "    assign b%d_fence_ok = 1'b1", b);
    if (k->barriers[b].global_fence)
        for (int i = 0; i < k->nops; i++)
            if (k->ops[i].live && hir_writes_memory(&k->ops[i]) && k->ops[i].lsu != HIR_NONE)
                oclhls_strbuf_printf(o, " & lsu%d_written", k->ops[i].lsu);
    oclhls_strbuf_printf(o, ";\n");
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

void emit_barriers(struct nl_module *m, const struct hir_kernel *k)
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

void emit_barrier_fences(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    for (int b = 0; b < k->nbarriers; b++)
        emit_fence(o, k, b);
}

void emit_barrier_input(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int b = s->to_loop, last = s->depth - 1, gate = k->barriers[b].gate_of != HIR_NONE;
    /* a gate's input is shared with parking tokens: the segment's own token gets a name */
    char data[32], slot[32];
    snprintf(data, sizeof(data), gate ? "s%d_gate_data" : "b%d_in_data", gate ? si : b);
    snprintf(slot, sizeof(slot), gate ? "s%d_gate_slot" : "b%d_in_slot", gate ? si : b);
    if (gate)
        oclhls_strbuf_printf(o, "    wire [%u:0] %s;\n    wire [%u:0] %s;\n",
                             emit_barrier_token_width(k, b) - 1, data,
                             emit_index_bits(k->nwg_slots) - 1, slot);
    oclhls_strbuf_printf(o, "    assign %s = ", data);
    if (!s->nout)
        oclhls_strbuf_printf(o, "1'b0");
    for (int i = s->nout - 1; i >= 0; i--) {
        oclhls_strbuf_printf(o, i == s->nout - 1 ? "{" : "");
        emit_token_part(o, k, s->out[i], s->out_local[i], last);
        oclhls_strbuf_printf(o, i ? ", " : "}");
    }
    oclhls_strbuf_printf(o, ";\n    assign %s = ", slot);
    emit_ref(o, k, hls_segment_local(k, si, k->wg_slot), last);
    oclhls_strbuf_printf(o, "[%u:0];\n", emit_index_bits(k->nwg_slots) - 1);
    int parking_loop = emit_park_loop_of_barrier(k, b);
    if (gate) {
        emit_park_gate_input(o, k, si, b);
    } else if (parking_loop != HIR_NONE) {
        emit_park_at_barrier(o, k, si, parking_loop);
    } else {
        oclhls_strbuf_printf(o,
                             "    assign b%d_in_valid = s%d_valid[%d] & !s%d_stall;\n"
                             "    wire s%d_blocked = s%d_valid[%d] & !b%d_in_ready;\n",
                             b, si, last, si, si, si, last, b);
    }
    if (parking_loop == HIR_NONE)
        oclhls_strbuf_printf(o,
                             "    assign b%d_park_valid = 1'b0;\n"
                             "    assign b%d_park_slot = 0;\n"
                             "    assign b%d_unpark_valid = 1'b0;\n"
                             "    assign b%d_unpark_slot = 0;\n",
                             b, b, b, b);
}

void emit_barrier_output(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    int b = s->from_loop;
    oclhls_strbuf_printf(o,
                         "    assign s%d_in_valid = b%d_out_valid & b%d_fence_ok;\n"
                         "    assign b%d_out_ready = !s%d_stall & b%d_fence_ok;\n",
                         si, b, b, b, si, b);
    char bus[32];
    snprintf(bus, sizeof(bus), "b%d_out_data", b);
    unsigned off = 0;
    for (int i = 0; i < s->nin; i++) {
        int v = s->in[i], c = s->in_copy[i];
        oclhls_strbuf_printf(o, "    assign v%d = ", c);
        emit_token_widened(o, k, v, bus, off);
        oclhls_strbuf_printf(o, ";\n");
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
