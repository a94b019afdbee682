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
#include <stdio.h>
#include <string.h>

#include "emit_util.h"
#include "emit.h"
#include "target.h"

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

/* A declaration in a table of declarations: its range padded to "[95:0]"'s width. */
static void table_net(struct nl_module *m, const char *kind, const char *range, const char *names)
{
    nl_declare(m, &(struct nl_decl){kind, range, 6, NULL, NULL}, "%s", names);
}

/* The launch values' wires, prefix "csr_" or "host_". */
static void launch_wires(struct nl_module *m, const char *prefix)
{
    char names[160];
    snprintf(names, sizeof(names), "%sstart", prefix);
    table_net(m, "wire", "", names);
    snprintf(names, sizeof(names), "%swork_dim", prefix);
    table_net(m, "wire", "[31:0]", names);
    snprintf(names, sizeof(names), "%sglobal_offset, %sglobal_size, %slocal_size, %snum_groups",
             prefix, prefix, prefix, prefix);
    table_net(m, "wire", "[95:0]", names);
    snprintf(names, sizeof(names), "%slast_global_id", prefix);
    table_net(m, "wire", "[95:0]", names);
    snprintf(names, sizeof(names), "%swork_items_m1", prefix);
    table_net(m, "wire", "[31:0]", names);
}

/*
 * An autorun kernel (Intel channels) is one work-item that starts after reset and again
 * whenever it finishes; the host never launches it, so its CSR launch values are unused.
 */
static void emit_autorun(struct nl_module *m)
{
    nl_comment(m, "Autorun: started after reset and again each time it finishes.");
    nl_lint(m, 0, "UNUSED", NULL);
    launch_wires(m, "host_");
    nl_lint(m, 1, "UNUSED", NULL);
    table_net(m, "reg ", "", "autorun_kick");
    nl_always_form(m, NL_ALWAYS_LINE, "clk", "autorun_kick <= rst | (!running & !autorun_kick);");
    nl_assign(m, "csr_start", "autorun_kick");
    nl_assign(m, "csr_work_dim", "32'd1");
    nl_assign(m, "csr_global_offset", "96'h0");
    nl_assign(m, "csr_global_size", "{32'd1, 32'd1, 32'd1}");
    nl_assign(m, "csr_local_size", "{32'd1, 32'd1, 32'd1}");
    nl_assign(m, "csr_num_groups", "{32'd1, 32'd1, 32'd1}");
    nl_assign(m, "csr_last_global_id", "96'h0");
    nl_assign(m, "csr_work_items_m1", "32'd0");
    nl_blank(m);
}

/*
 * The local size the dispatcher, the work-group slots and get_local_size() read. With
 * reqd_work_group_size it is a constant (the runtime launches no other size), so synthesis
 * drops the dispatcher's local-size registers, the work-group size product and the compares
 * of local ids that cannot change.
 */
static void emit_local_size(struct nl_module *m, const struct hir_kernel *k)
{
    /* a line kernel reads it only for get_local_size */
    nl_lint(m, 0, "UNUSED", NULL);
    if (!k->reqd_wg[0]) {
        nl_wire_init(m, 96, "launch_local_size", "csr_local_size");
    } else {
        nl_comment(m, "reqd_work_group_size(%u, %u, %u): the only local size launched.",
                   k->reqd_wg[0], k->reqd_wg[1], k->reqd_wg[2]);
        nl_wire_init(m, 96, "launch_local_size", "{32'd%u, 32'd%u, 32'd%u}", k->reqd_wg[2],
                     k->reqd_wg[1], k->reqd_wg[0]);
    }
    nl_lint(m, 1, "UNUSED", NULL);
    nl_blank(m);
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
    unsigned argbits = k->arg_words * 32;
    struct hls_target t = hls_target_of(board);
    const char *from = k->autorun ? "host_" : "csr_"; /* the launch values' source */
    /* with --profile the counters answer reads too (emit_profile.c) */
    const char *rdata = k->profile ? "csr_regs_rdata" : "csr_rdata";
    char args[24];
    if (k->profile)
        nl_net(m, "wire", 32, "csr_regs_rdata");
    nl_comment(m, "Launch registers. A kernel reads only the launch values it uses, so the\n"
                  "rest of these wires are left unread.");
    nl_lint(m, 0, "UNUSED", NULL);
    launch_wires(m, "csr_");
    snprintf(args, sizeof(args), "[%u:0]", argbits - 1);
    nl_declare(m, &(struct nl_decl){"wire", args, 0, NULL, NULL}, "csr_args");
    nl_lint(m, 1, "UNUSED", NULL);
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
    nl_blank(m);
    emit_local_size(m, k);
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
    nl_lint(m, 0, "UNUSED", NULL);
    table_net(m, "wire", "", "disp_valid, disp_busy");
    table_net(m, "wire", "[95:0]", "disp_global_id, disp_local_id, disp_group_id");
    nl_lint(m, 1, "UNUSED", NULL);
    table_net(m, "reg ", "", "running, arm");
    nl_blank(m);
    emit_launch_registers(m, k, board, emit_unit_dispatch(k, "busy"));
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
    nl_blank(m);
    if (k->autorun)
        emit_autorun(m);
}

static void emit_segment_signals(struct nl_module *m, const struct hir_kernel *k, int si)
{
    const struct hir_segment *s = &k->segs[si];
    char range[24];
    nl_comment(m, "Segment %d: %d stages; stage 0 is its input's head.", si, s->depth);
    nl_net(m, "wire", 0, "s%d_stall, s%d_base_stall, s%d_in_valid", si, si, si);
    snprintf(range, sizeof(range), "[%d:0]", s->depth - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "s%d_valid", si);
    snprintf(range, sizeof(range), "[%d:1]", s->depth - 1);
    nl_declare(m, &(struct nl_decl){"reg ", range, 0, NULL, NULL}, "s%d_valid_r", si);
    char lhs[24], statements[160];
    snprintf(lhs, sizeof(lhs), "s%d_valid", si);
    nl_assign(m, lhs, "{s%d_valid_r, s%d_in_valid}", si, si);
    snprintf(statements, sizeof(statements),
             "if (rst || csr_start) s%d_valid_r <= 0;\n"
             "else if (!s%d_stall) s%d_valid_r <= s%d_valid[%d:0];",
             si, si, si, si, s->depth - 2);
    nl_always(m, "clk", NULL, NULL, statements);
    nl_blank(m);
}

static void emit_segments(struct nl_module *m, const struct hir_kernel *k,
                          const struct oclhls_board *board)
{
    emit_entry_slots(m, k);
    for (int si = 0; si < k->nsegs; si++)
        emit_segment_signals(m, k, si);
    emit_dispatch_grid(m, k);
    struct hls_target t = hls_target_of(board);
    int park_depth = t.park_queue_depth ? t.park_queue_depth : (int)k->max_wg;
    emit_park_wires(m, k, park_depth);
    emit_loops(m, k, t.joint_fifo_depth, park_depth, t.loop_fifo_head_reg);
    emit_barriers(m, k, t.barrier_out_reg);
}

/* Every segment, loop joint and barrier is empty. */
static void emit_pipe_empty(struct nl_module *m, const struct hir_kernel *k)
{
    struct oclhls_strbuf e = {0};
    oclhls_strbuf_printf(&e, "1'b1");
    for (int si = 0; si < k->nsegs; si++)
        oclhls_strbuf_printf(&e, " & ~|s%d_valid", si);
    emit_joints_empty(&e, k);
    emit_barriers_empty(&e, k);
    nl_wire_init(m, 0, "pipe_empty", "%s", e.buf ? e.buf : "");
    m->failed |= e.failed;
    oclhls_strbuf_release(&e);
}

/*
 * The module as a netlist (netlist.h), planned (pipeline registers, block RAM), ready to
 * print; the register copies it reads recorded as they are written.
 */
static int build_netlist(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m,
                         struct emit_reads *reads)
{
    if (emit_reads_begin(reads, k->nops, emit_pipeline_stages(k)))
        return hls_error(ctx, k->line, "out of memory");
    emit_ports(m, k);
    emit_control(m, k, ctx->board);
    emit_segments(m, k, ctx->board);
    if (emit_stream_decls(ctx, m, k))
        return -1;
    emit_functions(m, k);
    emit_values(m, k);
    emit_dividers(m, k);
    emit_float_units(m, k);
    emit_pipe_empty(m, k);
    if (emit_memory(ctx, m, k))
        return -1;
    emit_unit_atomic_busy(m, k); /* compute units' global atomics (emit_units.c) */
    emit_barrier_fences(m, k);
    if (emit_profile_counters(ctx, m, k, "running"))
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
    nl_assign_note(m, "busy", " /* busy from the start pulse on */", "running | csr_start");
    nl_end(m);
    nl_blank(m);
    return m->failed ? hls_error(ctx, k->line, "out of memory") : 0;
}

int hls_emit_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m)
{
    struct emit_reads reads = {0};
    int ret = build_netlist(ctx, k, m, &reads);

    emit_reads_end(); /* when it returned early */
    emit_reads_release(&reads);
    return ret;
}
