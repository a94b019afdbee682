// SPDX-License-Identifier: MIT
/*
 * Slots at the kernel's entry. A work-item enters when the dispatcher offers it and, if the
 * kernel has them, a private-array slot is free (ocl_slot_pool) and its work-group has a slot
 * (ocl_wg_slots: the first work-item of a group needs a free one). It gives both back when it
 * leaves the last segment.
 */
#include <stdio.h>

#include "emit_util.h"

static int has(const struct hir_kernel *k, int v)
{
    return v != HIR_NONE && k->ops[v].live;
}

/* Bits of a work-group size: the largest group the hardware holds. */
static unsigned count_bits(const struct hir_kernel *k)
{
    return emit_index_bits(k->max_wg + 1);
}

/* Dimensions whose global id some segment rebuilds (rebuild_ids.c): bit d. */
static unsigned rebuilt_dims(const struct hir_kernel *k)
{
    unsigned dims = 0;
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && k->ops[i].opcode == HIR_GROUP_GID)
            dims |= 1u << k->ops[i].aux;
    return dims;
}

/* Each work-group slot's first global id, written when that work-item is dispatched. */
static void emit_group_bases(struct nl_module *m, const struct hir_kernel *k)
{
    unsigned dims = rebuilt_dims(k), sw = emit_index_bits(k->nwg_slots);
    for (unsigned d = 0; d < 3; d++) {
        if (!(dims & (1u << d)))
            continue;
        nl_comment(m,
                   "Global id %u of each work-group slot's first work-item: later segments\n"
                   "add the local id to it instead of carrying the global id (rebuild_ids.c).",
                   d);
        nl_net(m, "reg", 32, "gid_base%u [0:%u]", d, (1u << sw) - 1);
        nl_always_form(m, NL_ALWAYS_BARE, "clk",
                       "if (disp_valid & entry_ok & !s0_stall & disp_local_id == 96'd0)\n"
                       "    gid_base%u[disp_wg_slot] <= disp_global_id[%u:%u];",
                       d, 32 * d + 31, 32 * d);
        nl_blank(m);
    }
}

void emit_entry_slots(struct nl_module *m, const struct hir_kernel *k)
{
    int slots = has(k, k->slot), groups = has(k, k->wg_slot);
    if (k->dispatch_ii > 1)
        nl_declare(m, &(struct nl_decl){"wire", "", 0, NULL, "  // emit_dispatch_grid"},
                   "disp_on_grid");
    nl_wire_init(m, 0, "entry_ok", "%s%s%s", slots ? "slot_ready" : "1'b1",
                 groups ? " & wg_ok" : "", k->dispatch_ii > 1 ? " & disp_on_grid" : "");
    if (slots) {
        unsigned iw = emit_index_bits(k->nslots);
        nl_comment(m, "%d slots: work-items in flight with their own private arrays.", k->nslots);
        nl_net(m, "wire", 0, "slot_ready, slot_release");
        nl_net(m, "wire", iw, "disp_slot, slot_release_id");
        nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
        struct nl_instance *u = nl_instance(m, "ocl_slot_pool", "u_slots");
        nl_param(m, u, "N", k->nslots);
        nl_param(m, u, "IW", iw);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "rst", "rst");
        nl_connect(m, u, "clear", "csr_start");
        nl_connect(m, u, "alloc_ready", "slot_ready");
        nl_connect_break(m, u, "alloc_id", "disp_slot");
        nl_connect(m, u, "alloc", "disp_valid & entry_ok & !s0_stall");
        nl_connect_break(m, u, "release_en", "slot_release");
        nl_connect(m, u, "release_id", "slot_release_id");
        nl_connect_break(m, u, "all_free", "%s", ""); /* left open */
        nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
        nl_wire_init(m, 32, "disp_slot32", "{%u'd0, disp_slot}", 32 - iw);
        nl_blank(m);
    }
    if (groups) {
        unsigned sw = emit_index_bits(k->nwg_slots), cw = count_bits(k);
        nl_comment(m, "%d work-group slots: groups in flight (their __local memory, barriers).",
                   k->nwg_slots);
        nl_net(m, "wire", 0, "wg_ok, wg_exit");
        nl_net(m, "wire", sw, "disp_wg_slot, wg_exit_slot");
        nl_wire_init(m, 32, "wg_items",
                     "launch_local_size[31:0] * launch_local_size[63:32] *\n"
                     "                           launch_local_size[95:64]");
        nl_lint(m, 0, "UNUSED", NULL);
        nl_wire_init(m, 32, "wg_items_unused", "wg_items");
        nl_lint(m, 1, "UNUSED", NULL);
        nl_wire_init(m, cw, "wg_size", "wg_items[%u:0]", cw - 1);
        nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
        struct nl_instance *u = nl_instance(m, "ocl_wg_slots", "u_wg_slots");
        nl_param(m, u, "NSLOT", k->nwg_slots);
        nl_param(m, u, "SW", sw);
        nl_param(m, u, "CW", cw);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "rst", "rst");
        nl_connect(m, u, "clear", "csr_start");
        nl_connect(m, u, "wg_size", "wg_size");
        nl_connect_break(m, u, "disp_first", "disp_local_id == 96'd0");
        nl_connect(m, u, "disp_ok", "wg_ok");
        nl_connect_break(m, u, "disp_slot", "disp_wg_slot");
        nl_connect(m, u, "disp_fire", "disp_valid & entry_ok & !s0_stall");
        nl_connect_break(m, u, "exit_fire", "wg_exit");
        nl_connect(m, u, "exit_slot", "wg_exit_slot");
        nl_connect_open(m, u, "all_free");
        nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
        nl_wire_init(m, 32, "disp_wg_slot32", "{%u'd0, disp_wg_slot}", 32 - sw);
        nl_blank(m);
        emit_group_bases(m, k);
    }
}

void emit_group_gid(struct oclhls_strbuf *o, const struct hir_kernel *k, int v)
{
    const struct hir_op *op = &k->ops[v];
    oclhls_strbuf_printf(o, "gid_base%u[", op->aux);
    emit_ref(o, k, op->ops[0], op->stage);
    oclhls_strbuf_printf(o, "[%u:0]] + ", emit_index_bits(k->nwg_slots) - 1);
    emit_ref(o, k, op->ops[1], op->stage);
    oclhls_strbuf_printf(o, ";");
}

/* slot_release or wg_exit, and which slot it gives back (index bits of count slots). */
static void release(struct nl_module *m, const struct hir_kernel *k, int si, int v,
                    const char *fire, const char *id, int count)
{
    int last = k->segs[si].depth - 1;
    char rhs[64];
    struct oclhls_strbuf e = {0};
    snprintf(rhs, sizeof(rhs), "s%d_valid[%d] & !s%d_stall", si, last, si);
    nl_assign(m, fire, "%s", rhs);
    emit_ref(&e, k, hls_segment_local(k, si, v), last);
    oclhls_strbuf_printf(&e, "[%u:0]", emit_index_bits((unsigned long)count) - 1);
    nl_assign(m, id, "%s", emit_text(m, &e));
    oclhls_strbuf_release(&e);
}

void emit_exit_slots(struct nl_module *m, const struct hir_kernel *k, int si)
{
    if (has(k, k->slot))
        release(m, k, si, k->slot, "slot_release", "slot_release_id", k->nslots);
    if (has(k, k->wg_slot))
        release(m, k, si, k->wg_slot, "wg_exit", "wg_exit_slot", k->nwg_slots);
}

/*
 * An NDRange kernel whose float units are shared (share_units.c) takes a work-item on a grid
 * of dispatch_ii enabled cycles of segment 0, so the tokens in its stages stay congruent
 * modulo dispatch_ii, and operations in different residues never use a unit at once.
 */
void emit_dispatch_grid(struct nl_module *m, const struct hir_kernel *k)
{
    if (k->dispatch_ii < 2)
        return;
    nl_comment(m, "A work-item enters every %d cycles: float units are shared.", k->dispatch_ii);
    emit_issue_grid(m, "disp", 0, k->dispatch_ii);
    nl_blank(m);
}
