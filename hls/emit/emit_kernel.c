// SPDX-License-Identifier: MIT
/*
 * Verilog for one scheduled kernel: module oclk_<name>, built from rtl-lib units.
 *
 *   ocl_kernel_csr → ocl_dispatcher → stage 0 … stage D-1 → (tokens leave)
 *                                     │ loads/stores: ocl_lsu_* → ocl_mem_arbiter → mem port
 *
 * The pipeline advances as a whole while `stall` is low (docs/architecture.md). Value v
 * is the wire `v<id>` in the stage where it becomes ready and the register `v<id>_s<n>` in
 * each later stage that reads it. Launch-invariant values are plain wires.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "emit_util.h"
#include "emit.h"
#include "target.h"

static const char *wi_source(enum hir_wi kind)
{
    switch (kind) {
    case HIR_WI_GLOBAL_ID:
        return "disp_global_id";
    case HIR_WI_LOCAL_ID:
        return "disp_local_id";
    case HIR_WI_GROUP_ID:
        return "disp_group_id";
    case HIR_WI_GLOBAL_SIZE:
        return "csr_global_size";
    case HIR_WI_LOCAL_SIZE:
        return "launch_local_size";
    case HIR_WI_NUM_GROUPS:
        return "csr_num_groups";
    case HIR_WI_GLOBAL_OFFSET:
        return "csr_global_offset";
    case HIR_WI_COMPUTE_ID:
        return "cu_id";
    default:
        return "csr_work_dim";
    }
}

static void emit_ports(struct nl_module *m, const struct hir_kernel *k)
{
    struct oclhls_strbuf name = {0};
    oclhls_strbuf_printf(&name, "oclk_%s", k->name);
    nl_module_begin(m, name.buf ? name.buf : "", "MEM_DW = 512",
                    "Kernel '%s' (source line %u): %d pipeline segments, %d stages, %d loops, "
                    "%d LSUs.",
                    k->name, k->line, k->nsegs, k->depth, k->nloops, k->nlsus);
    m->failed |= name.failed;
    oclhls_strbuf_release(&name);
    emit_module_ports(m, 11); /* the byte offset in the kernel's window (HIR_KCSR_WINDOW) */
    emit_stream_ports(m, k); /* the channel FIFOs' ports */
    emit_unit_ports(m, k);   /* num_compute_units: the work-group distributor's */
}

/*
 * An autorun kernel (Intel channels) is one work-item that starts after reset and again
 * whenever it finishes; the host never launches it, so its CSR launch values are unused.
 */
static void emit_autorun(struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(
        o,
        "    // Autorun: started after reset and again each time it finishes.\n"
        "    /* verilator lint_off UNUSED */\n"
        "    wire        host_start;\n"
        "    wire [31:0] host_work_dim;\n"
        "    wire [95:0] host_global_offset, host_global_size, host_local_size, host_num_groups;\n"
        "    wire [95:0] host_last_global_id;\n"
        "    wire [31:0] host_work_items_m1;\n"
        "    /* verilator lint_on UNUSED */\n"
        "    reg         autorun_kick;\n"
        "    always @(posedge clk) autorun_kick <= rst | (!running & !autorun_kick);\n"
        "    assign csr_start = autorun_kick;\n"
        "    assign csr_work_dim = 32'd1;\n"
        "    assign csr_global_offset = 96'h0;\n"
        "    assign csr_global_size = {32'd1, 32'd1, 32'd1};\n"
        "    assign csr_local_size = {32'd1, 32'd1, 32'd1};\n"
        "    assign csr_num_groups = {32'd1, 32'd1, 32'd1};\n"
        "    assign csr_last_global_id = 96'h0;\n"
        "    assign csr_work_items_m1 = 32'd0;\n\n");
}

/*
 * The local size the dispatcher, the work-group slots and get_local_size() read. With
 * reqd_work_group_size it is a constant (the runtime launches no other size), so synthesis
 * drops the dispatcher's local-size registers, the work-group size product and the compares
 * of local ids that cannot change.
 */
static void emit_local_size(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    /* a line kernel reads it only for get_local_size */
    oclhls_strbuf_printf(o, "    /* verilator lint_off UNUSED */\n");
    if (!k->reqd_wg[0])
        oclhls_strbuf_printf(o, "    wire [95:0] launch_local_size = csr_local_size;\n");
    else
        oclhls_strbuf_printf(o,
                             "    // reqd_work_group_size(%u, %u, %u): the only local size "
                             "launched.\n"
                             "    wire [95:0] launch_local_size = {32'd%u, 32'd%u, 32'd%u};\n",
                             k->reqd_wg[0], k->reqd_wg[1], k->reqd_wg[2], k->reqd_wg[2],
                             k->reqd_wg[1], k->reqd_wg[0]);
    oclhls_strbuf_printf(o, "    /* verilator lint_on UNUSED */\n\n");
}

/*
 * A kernel observes work-groups when it reads a local or group id or has a barrier or
 * __local memory (both give it a work-group slot). One that does not gets its work-items in
 * the order of the global range (ocl_dispatcher FLAT): no local-id counters, and unit-stride
 * accesses stay sequential across work-group boundaries.
 */
static int observes_work_groups(const struct hir_kernel *k)
{
    if (k->wg_slot != HIR_NONE)
        return 1;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live)
            continue;
        if (op->opcode == HIR_GROUP_GID)
            return 1;
        if (op->opcode == HIR_WI && (op->imm == HIR_WI_LOCAL_ID || op->imm == HIR_WI_GROUP_ID))
            return 1;
    }
    return 0;
}

void emit_launch_registers(struct nl_module *m, const struct hir_kernel *k,
                           const struct oclhls_board *board, const char *busy)
{
    struct oclhls_strbuf *o = nl_text(m);
    unsigned argbits = k->arg_words * 32;
    struct hls_target t = hls_target_of(board);
    const char *from = k->autorun ? "host_" : "csr_"; /* the launch values' source */
    /* with --profile the counters answer reads too (emit_profile.c) */
    const char *rdata = k->profile ? "csr_regs_rdata" : "csr_rdata";
    if (k->profile)
        oclhls_strbuf_printf(o, "    wire [31:0] csr_regs_rdata;\n");
    oclhls_strbuf_printf(
        o,
        "    // Launch registers. A kernel reads only the launch values it uses, so the\n"
        "    // rest of these wires are left unread.\n"
        "    /* verilator lint_off UNUSED */\n"
        "    wire        csr_start;\n"
        "    wire [31:0] csr_work_dim;\n"
        "    wire [95:0] csr_global_offset, csr_global_size, csr_local_size, csr_num_groups;\n"
        "    wire [95:0] csr_last_global_id;\n"
        "    wire [31:0] csr_work_items_m1;\n"
        "    wire [%u:0] csr_args;\n"
        "    /* verilator lint_on UNUSED */\n",
        argbits - 1);
    struct nl_instance *u = nl_instance(m, "ocl_kernel_csr", "u_csr");
    nl_param(m, u, "NUM_ARG_WORDS", k->arg_words);
    nl_param(m, u, "READBACK", !t.compact_launch);
    nl_param(m, u, "CYCLE_BITS", t.cycle_counter_bits);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "csr_wr", "csr_wr");
    nl_connect(m, u, "csr_rd", "csr_rd");
    nl_connect(m, u, "csr_addr", "csr_addr");
    nl_connect_break(m, u, "csr_wdata", "csr_wdata");
    nl_connect(m, u, "csr_rdata", "%s", rdata);
    nl_connect(m, u, "start", "%sstart", from);
    nl_connect_break(m, u, "work_dim", "%swork_dim", from);
    nl_connect(m, u, "global_offset", "%sglobal_offset", from);
    nl_connect_break(m, u, "global_size", "%sglobal_size", from);
    nl_connect(m, u, "local_size", "%slocal_size", from);
    nl_connect_break(m, u, "num_groups", "%snum_groups", from);
    nl_connect(m, u, "last_global_id", "%slast_global_id", from);
    nl_connect_break(m, u, "work_items_m1", "%swork_items_m1", from);
    nl_connect(m, u, "args", "csr_args");
    nl_connect(m, u, "busy", "%s", busy);
    oclhls_strbuf_puts(nl_text(m), "\n");
    emit_local_size(nl_text(m), k);
}

/*
 * The dispatcher. The sim board keeps every id and register 32 bits wide and readable; a
 * hardware board has no logic to spare (the target model's compact_launch): local ids get
 * the bits of its work-group limit, the dispatcher reads GLOBAL_OFFSET from the CSR instead
 * of copying it (the runtime writes the launch registers only while the kernel is idle),
 * the launch registers are write-only, so synthesis removes those the kernel does not read,
 * and CYCLES counts 40 bits.
 */
static void emit_control(struct nl_module *m, const struct hir_kernel *k,
                         const struct oclhls_board *board)
{
    struct hls_target t = hls_target_of(board);
    nl_comment(m, "Work-item dispatch: the kernel reads only the ids it uses.");
    oclhls_strbuf_puts(nl_text(m), /* a table, its names aligned */
                       "    /* verilator lint_off UNUSED */\n"
                       "    wire        disp_valid, disp_busy;\n"
                       "    wire [95:0] disp_global_id, disp_local_id, disp_group_id;\n"
                       "    /* verilator lint_on UNUSED */\n"
                       "    reg         running, arm;\n\n");
    emit_launch_registers(m, k, board, "running");
    emit_unit_control(m, k); /* compute units: the dispatcher runs one work-group at a time */
    struct nl_instance *d = nl_instance(m, "ocl_dispatcher", "u_disp");
    nl_param(m, d, "LW", t.local_id_bits);
    nl_param(m, d, "SAMPLED", !t.compact_launch || k->compute_units > 1);
    nl_param(m, d, "FLAT", !observes_work_groups(k));
    nl_connect(m, d, "clk", "clk");
    nl_connect(m, d, "rst", "rst");
    nl_connect(m, d, "start", "%s", emit_unit_dispatch(k, "start"));
    nl_connect(m, d, "local_size", "launch_local_size");
    nl_connect_break(m, d, "work_items_m1", "%s", emit_unit_dispatch(k, "work_items_m1"));
    nl_connect(m, d, "global_offset", "%s", emit_unit_dispatch(k, "global_offset"));
    nl_connect_break(m, d, "last_global_id", "%s", emit_unit_dispatch(k, "last_global_id"));
    nl_connect_break(m, d, "valid", "disp_valid");
    nl_connect(m, d, "ready", "!s0_stall & entry_ok");
    nl_connect(m, d, "global_id", "disp_global_id");
    nl_connect_break(m, d, "local_id", "disp_local_id");
    nl_connect(m, d, "group_id", "%s", emit_unit_dispatch(k, "group_id"));
    nl_connect(m, d, "busy", "disp_busy");
    oclhls_strbuf_puts(nl_text(m), "\n");
    if (k->autorun)
        emit_autorun(nl_text(m));
}

static void emit_segment_signals(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    oclhls_strbuf_printf(o,
                         "    // Segment %d: %d stages; stage 0 is its input's head.\n"
                         "    wire s%d_stall, s%d_base_stall, s%d_in_valid;\n"
                         "    wire [%d:0] s%d_valid;\n"
                         "    reg  [%d:1] s%d_valid_r;\n"
                         "    assign s%d_valid = {s%d_valid_r, s%d_in_valid};\n"
                         "    always @(posedge clk) begin\n"
                         "        if (rst || csr_start) s%d_valid_r <= 0;\n"
                         "        else if (!s%d_stall) s%d_valid_r <= s%d_valid[%d:0];\n"
                         "    end\n\n",
                         si, s->depth, si, si, si, s->depth - 1, si, s->depth - 1, si, si, si, si,
                         si, si, si, si, s->depth - 2);
}

static void emit_segments(struct nl_module *m, const struct hir_kernel *k,
                          const struct oclhls_board *board)
{
    emit_entry_slots(m, k);
    for (int si = 0; si < k->nsegs; si++)
        emit_segment_signals(nl_text(m), k, si);
    emit_dispatch_grid(nl_text(m), k);
    struct hls_target t = hls_target_of(board);
    int park_depth = t.park_queue_depth ? t.park_queue_depth : (int)k->max_wg;
    emit_park_wires(m, k, park_depth);
    emit_loops(m, k, t.joint_fifo_depth, park_depth);
    emit_barriers(m, k);
}

/* Definitions of every live value, as wires in its ready stage. */
void emit_source_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    if (op->opcode == HIR_CONST) {
        oclhls_strbuf_printf(o, "%u'h%" PRIx64 ";", op->width, op->imm);
    } else if (op->opcode == HIR_ARG) { /* aux: the byte of a vector argument's lane */
        unsigned bit = (k->arg_csr_offset[op->imm] - 0x80 + op->aux) * 8;
        oclhls_strbuf_printf(o, "csr_args[%u:%u];", bit + op->width - 1, bit);
    } else if (op->imm == HIR_WI_SLOT) {
        oclhls_strbuf_printf(o, "disp_slot32;");
    } else if (op->imm == HIR_WI_WG_SLOT) {
        oclhls_strbuf_printf(o, "disp_wg_slot32;");
    } else if (op->imm == HIR_WI_WORK_DIM) {
        oclhls_strbuf_printf(o, "csr_work_dim;");
    } else {
        oclhls_strbuf_printf(o, "%s[%u:%u];", wi_source((enum hir_wi)op->imm), op->aux * 32 + 31,
                             op->aux * 32);
    }
}

static void emit_values(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    oclhls_strbuf_printf(
        o, "    // Datapath values (v<id>: ready stage; v<id>_s<n>: copy in stage n).\n"
           "    // A value may be read only in part (truncations): synthesis drops the rest.\n"
           "    /* verilator lint_off UNUSED */\n");
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->opcode != HIR_STORE)
            oclhls_strbuf_printf(o, "    wire [%u:0] v%d;  // %s, line %u\n", op->width - 1, i,
                                 hir_opcode_name(op->opcode), op->line);
    }
    oclhls_strbuf_printf(o, "    /* verilator lint_on UNUSED */\n");
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->opcode == HIR_STORE || op->opcode == HIR_TOKEN ||
            op->opcode == HIR_LOOP_PHI)
            continue; /* tokens and loop phis: emit_segment_input */
        oclhls_strbuf_printf(o, "    assign v%d = ", i);
        switch (op->opcode) {
        case HIR_CONST:
        case HIR_ARG:
        case HIR_WI:
            emit_source_value(o, k, i);
            break;
        case HIR_LOAD:
            if (op->parray != HIR_NONE && op->store_site != HIR_NONE) /* an atomic */
                oclhls_strbuf_printf(o, "pm%d_old%u;", op->parray, op->aux);
            else if (op->parray != HIR_NONE)
                oclhls_strbuf_printf(o, "pm%d_rd_data[%u +: %u];", op->parray, op->aux * op->width,
                                     op->width);
            else
                oclhls_strbuf_printf(o, "lsu%d_rsp_data;", op->lsu);
            break;
        case HIR_STREAM:
        case HIR_CHUNK:
            emit_stream_value(o, k, i);
            break;
        case HIR_GROUP_GID:
            emit_group_gid(o, k, i);
            break;
        case HIR_UDIV:
        case HIR_SDIV:
        case HIR_UREM:
        case HIR_SREM:
            oclhls_strbuf_printf(o, "div%d_%s[%u:0];", i,
                                 op->opcode == HIR_UDIV || op->opcode == HIR_SDIV ? "quot" : "rem",
                                 op->width - 1);
            break;
        default:
            if (hir_is_float_unit(op->opcode)) {
                emit_float_value(o, k, i);
                break;
            }
            emit_expression(o, k, i);
            oclhls_strbuf_printf(o, ";");
            break;
        }
        oclhls_strbuf_printf(o, "\n");
    }
    for (int si = 0; si < k->nsegs; si++) {
        emit_segment_input(o, k, si);
        emit_segment_output(o, k, si);
    }
    oclhls_strbuf_printf(o, "\n");
}

static void emit_dividers(struct nl_module *m, const struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || (op->opcode != HIR_UDIV && op->opcode != HIR_SDIV &&
                          op->opcode != HIR_UREM && op->opcode != HIR_SREM))
            continue;
        unsigned w = hls_div_width(op->width);
        int sgn = op->opcode == HIR_SDIV || op->opcode == HIR_SREM;
        struct oclhls_strbuf a = {0}, b = {0};
        emit_extended_ref(&a, k, op->ops[0], op->stage, w, sgn);
        emit_extended_ref(&b, k, op->ops[1], op->stage, w, sgn);
        nl_comment(m, "%s at stage %d, result at stage %d (latency %u)",
                   hir_opcode_name(op->opcode), op->stage, op->ready_stage,
                   hls_div_latency(op->width));
        nl_lint(m, 0, "UNUSED", NULL);
        nl_net(m, "wire", w, "div%d_quot, div%d_rem", i, i);
        nl_lint(m, 1, "UNUSED", NULL);
        char name[32];
        snprintf(name, sizeof(name), "u_div%d", i);
        struct nl_instance *u = nl_instance(m, "ocl_div", name);
        nl_param(m, u, "W", w);
        nl_param(m, u, "SIGNED", sgn);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "en", "!s%d_stall", op->seg);
        nl_connect(m, u, "a", "%s", a.buf ? a.buf : "");
        nl_connect(m, u, "b", "%s", b.buf ? b.buf : "");
        nl_connect_break(m, u, "quot", "div%d_quot", i);
        nl_connect(m, u, "rem", "div%d_rem", i);
        oclhls_strbuf_puts(nl_text(m), "\n");
        if (a.failed || b.failed)
            m->failed = 1;
        oclhls_strbuf_release(&a);
        oclhls_strbuf_release(&b);
    }
}

/*
 * The module as a netlist (netlist.h), planned (pipeline registers, block RAM), ready to
 * print; the register copies it reads recorded as they are written.
 */
static int build_netlist(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m,
                         struct emit_reads *reads)
{
    struct oclhls_strbuf *o = nl_text(m);
    if (emit_reads_begin(reads, k->nops, emit_pipeline_stages(k)))
        return hls_error(ctx, k->line, "out of memory");
    emit_ports(m, k);
    emit_control(m, k, ctx->board);
    emit_segments(m, k, ctx->board);
    if (emit_stream_decls(ctx, o, k))
        return -1;
    emit_functions(o, k);
    emit_values(o, k);
    emit_dividers(m, k);
    emit_float_units(m, k);
    oclhls_strbuf_printf(o, "    wire pipe_empty = 1'b1");
    for (int si = 0; si < k->nsegs; si++)
        oclhls_strbuf_printf(o, " & ~|s%d_valid", si);
    emit_joints_empty(o, k);
    emit_barriers_empty(o, k);
    oclhls_strbuf_printf(o, ";\n");
    if (emit_memory(ctx, m, k))
        return -1;
    emit_barrier_fences(o, k);
    if (emit_profile_counters(ctx, o, k, "running"))
        return -1;
    /* Last: which register copies are read is known once everything else is written. */
    emit_reads_end();
    emit_fifo_block_rams(m, k, ctx->board);
    if (emit_pipeline_regs(m, k, ctx->board, reads))
        return hls_error(ctx, k->line, "out of memory");
    nl_comment(m, "Done when every work-item has left the pipeline and every store is in\n"
                  "memory. `arm` skips the cycle where the dispatcher has not started yet.");
    char done[160]; /* compute units: and no work-group is left to take */
    snprintf(done, sizeof(done),
             "arm <= csr_start;\n"
             "if (csr_start) running <= 1'b1;\n"
             "else if (running && !arm && !disp_busy && pipe_empty && lsu_idle%s)\n"
             "    running <= 1'b0;",
             emit_unit_dispatch(k, "done"));
    nl_always(m, "clk", "rst", "running <= 1'b0;\narm <= 1'b0;", done);
    oclhls_strbuf_puts(nl_text(m), "    assign busy = running | csr_start; /* busy from the start "
                                   "pulse on */\n"
                                   "endmodule\n\n");
    return m->failed || o->failed ? hls_error(ctx, k->line, "out of memory") : 0;
}

int hls_emit_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m)
{
    struct emit_reads reads = {0};
    int ret = build_netlist(ctx, k, m, &reads);

    emit_reads_end(); /* when it returned early */
    emit_reads_release(&reads);
    return ret;
}

int hls_emit_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct oclhls_strbuf *out)
{
    struct nl_module m = {0};
    int ret = hls_emit_kernel_netlist(ctx, k, &m);

    if (!ret && nl_print(&m, out))
        ret = hls_error(ctx, k->line, "out of memory");
    nl_release(&m);
    return ret;
}
