// SPDX-License-Identifier: MIT
/*
 * Slots at the kernel's entry. A work-item enters when the dispatcher offers it and, if the
 * kernel has them, a private-array slot is free (ocl_slot_pool) and its work-group has a slot
 * (ocl_wg_slots: the first work-item of a group needs a free one). It gives both back when it
 * leaves the last segment.
 */
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
static void emit_group_bases(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    unsigned dims = rebuilt_dims(k), sw = emit_index_bits(k->nwg_slots);
    for (unsigned d = 0; d < 3; d++) {
        if (!(dims & (1u << d)))
            continue;
        oclhls_strbuf_printf(
            o,
            "    // Global id %u of each work-group slot's first work-item: later segments\n"
            "    // add the local id to it instead of carrying the global id (rebuild_ids.c).\n"
            "    reg [31:0] gid_base%u [0:%u];\n"
            "    always @(posedge clk)\n"
            "        if (disp_valid & entry_ok & !s0_stall & disp_local_id == 96'd0)\n"
            "            gid_base%u[disp_wg_slot] <= disp_global_id[%u:%u];\n\n",
            d, d, (1u << sw) - 1, d, 32 * d + 31, 32 * d);
    }
}

void emit_entry_slots(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    int slots = has(k, k->slot), groups = has(k, k->wg_slot);
    if (k->dispatch_ii > 1)
        oclhls_strbuf_printf(o, "    wire disp_on_grid;  // emit_dispatch_grid\n");
    oclhls_strbuf_printf(o, "    wire entry_ok = %s%s%s;\n", slots ? "slot_ready" : "1'b1",
                         groups ? " & wg_ok" : "", k->dispatch_ii > 1 ? " & disp_on_grid" : "");
    if (slots) {
        unsigned iw = emit_index_bits(k->nslots);
        oclhls_strbuf_printf(
            o,
            "    // %d slots: work-items in flight with their own private arrays.\n"
            "    wire slot_ready, slot_release;\n"
            "    wire [%u:0] disp_slot, slot_release_id;\n"
            "    /* verilator lint_off PINCONNECTEMPTY */\n"
            "    ocl_slot_pool #(.N(%d), .IW(%u)) u_slots (\n"
            "        .clk(clk), .rst(rst), .clear(csr_start), .alloc_ready(slot_ready),\n"
            "        .alloc_id(disp_slot), .alloc(disp_valid & entry_ok & !s0_stall),\n"
            "        .release_en(slot_release), .release_id(slot_release_id),\n"
            "        .all_free());\n"
            "    /* verilator lint_on PINCONNECTEMPTY */\n"
            "    wire [31:0] disp_slot32 = {%u'd0, disp_slot};\n\n",
            k->nslots, iw - 1, k->nslots, iw, 32 - iw);
    }
    if (groups) {
        unsigned sw = emit_index_bits(k->nwg_slots), cw = count_bits(k);
        oclhls_strbuf_printf(
            o,
            "    // %d work-group slots: groups in flight (their __local memory, barriers).\n"
            "    wire wg_ok, wg_exit;\n"
            "    wire [%u:0] disp_wg_slot, wg_exit_slot;\n"
            "    wire [31:0] wg_items = launch_local_size[31:0] * launch_local_size[63:32] *\n"
            "                           launch_local_size[95:64];\n"
            "    /* verilator lint_off UNUSED */\n"
            "    wire [31:0] wg_items_unused = wg_items;\n"
            "    /* verilator lint_on UNUSED */\n"
            "    wire [%u:0] wg_size = wg_items[%u:0];\n"
            "    /* verilator lint_off PINCONNECTEMPTY */\n"
            "    ocl_wg_slots #(.NSLOT(%d), .SW(%u), .CW(%u)) u_wg_slots (\n"
            "        .clk(clk), .rst(rst), .clear(csr_start), .wg_size(wg_size),\n"
            "        .disp_first(disp_local_id == 96'd0), .disp_ok(wg_ok),\n"
            "        .disp_slot(disp_wg_slot), .disp_fire(disp_valid & entry_ok & !s0_stall),\n"
            "        .exit_fire(wg_exit), .exit_slot(wg_exit_slot), .all_free());\n"
            "    /* verilator lint_on PINCONNECTEMPTY */\n"
            "    wire [31:0] disp_wg_slot32 = {%u'd0, disp_wg_slot};\n\n",
            k->nwg_slots, sw - 1, cw - 1, cw - 1, k->nwg_slots, sw, cw, 32 - sw);
        emit_group_bases(o, k);
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

void emit_exit_slots(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    int last = k->segs[si].depth - 1;
    if (has(k, k->slot)) {
        oclhls_strbuf_printf(o,
                             "    assign slot_release = s%d_valid[%d] & !s%d_stall;\n"
                             "    assign slot_release_id = ",
                             si, last, si);
        emit_ref(o, k, hls_segment_local(k, si, k->slot), last);
        oclhls_strbuf_printf(o, "[%u:0];\n", emit_index_bits(k->nslots) - 1);
    }
    if (has(k, k->wg_slot)) {
        oclhls_strbuf_printf(o,
                             "    assign wg_exit = s%d_valid[%d] & !s%d_stall;\n"
                             "    assign wg_exit_slot = ",
                             si, last, si);
        emit_ref(o, k, hls_segment_local(k, si, k->wg_slot), last);
        oclhls_strbuf_printf(o, "[%u:0];\n", emit_index_bits(k->nwg_slots) - 1);
    }
}

/*
 * An NDRange kernel whose float units are shared (share_units.c) takes a work-item on a grid
 * of dispatch_ii enabled cycles of segment 0, so the tokens in its stages stay congruent
 * modulo dispatch_ii, and operations in different residues never use a unit at once.
 */
void emit_dispatch_grid(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    if (k->dispatch_ii < 2)
        return;
    oclhls_strbuf_printf(o, "    // A work-item enters every %d cycles: float units are shared.\n",
                         k->dispatch_ii);
    emit_issue_grid(o, "disp", 0, k->dispatch_ii);
    oclhls_strbuf_printf(o, "\n");
}
