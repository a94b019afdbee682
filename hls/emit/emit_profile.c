// SPDX-License-Identifier: MIT
/*
 * oclhls build --profile: hardware counters in a kernel module (docs/profiling.md).
 *
 * Each counter is a 32-bit register that clears at the kernel's start pulse and counts the
 * cycles of the run in which its event holds. They are read through the kernel's CSR window
 * in the words after the argument words (emit.h gives the layout, metadata.c describes it
 * to the runtime). Without --profile none of this is written: no area.
 *
 * The stall events are the very terms that stall the pipeline (emit_memory.c,
 * emit_stream.c), so a cycle counted as "held by memory" is one in which a segment stood
 * still because of an LSU. A cycle may count in more than one class (two segments held for
 * different reasons).
 */
#include <stdio.h>

#include "emit_util.h"

static const char *const kernel_counter_names[HLS_PROF_KERNEL_COUNTERS] = {
    "busy_cycles",   "memory_stall_cycles", "channel_stall_cycles", "barrier_stall_cycles",
    "memory_reads",  "memory_writes",
};

static const char *const lsu_counter_names[HLS_PROF_LSU_COUNTERS] = {
    "requests", "lines", "stall_cycles",
};

const char *hls_profile_counter_name(enum hls_profile_counter c)
{
    return kernel_counter_names[c];
}

const char *hls_profile_lsu_counter_name(enum hls_profile_lsu_counter c)
{
    return lsu_counter_names[c];
}

/* A line kernel has no LSUs (its engine reads and writes whole lines); an autorun kernel is
   never launched by the host, which reads counters only after its own launches. */
unsigned hls_profile_words(const struct hir_kernel *k)
{
    if (!k->profile || k->autorun)
        return 0;
    if (k->line_kernel)
        return HLS_PROF_KERNEL_COUNTERS;
    return HLS_PROF_KERNEL_COUNTERS + HLS_PROF_LSU_COUNTERS * (unsigned)k->nlsus;
}

unsigned hls_profile_offset(const struct hir_kernel *k, unsigned w)
{
    return HIR_KCSR_ARGS + 4 * (k->arg_words + w);
}

/* One counter: cleared by the start pulse, +1 in each running cycle in which `event` holds. */
static void emit_counter(struct nl_module *m, unsigned w, const char *running, const char *event)
{
    nl_net(m, "reg", 32, "prof_c%u", w);
    nl_always_form(m, NL_ALWAYS_BARE, "clk",
                   "if (rst || csr_start) prof_c%u <= 32'd0;\n"
                   "else if (%s && (%s)) prof_c%u <= prof_c%u + 32'd1;",
                   w, running, event, w, w);
}

/* A counter with nothing to count (no channel, no barrier): a constant, no register. */
static void emit_zero_counter(struct nl_module *m, unsigned w)
{
    nl_wire_to(m, 32, "32'd0", "prof_c%u", w);
}

/* Per LSU: its wait (the terms of its segment's stall that are its own; where the stall is
   a register, the conditions it was decided from, its LSUs' slack counted) and counters. */
static void emit_lsu_counters(struct nl_module *m, const struct hir_kernel *k, const char *running,
                              int registered)
{
    char ev[64];
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->lsu == HIR_NONE)
            continue;
        int j = op->lsu;
        unsigned w = HLS_PROF_KERNEL_COUNTERS + HLS_PROF_LSU_COUNTERS * (unsigned)j;
        struct oclhls_strbuf e = {0};
        nl_comment(m, "LSU %d (line %u)", j, op->line);
        oclhls_strbuf_puts(&e, "1'b0");
        emit_lsu_stall_terms(&e, k, op, emit_stall_registered(k, op->seg, registered));
        nl_wire_to(m, 0, emit_text(m, &e), "lsu%d_wait", j);
        oclhls_strbuf_release(&e);
        snprintf(ev, sizeof(ev), "lsu%d_fire", j);
        emit_counter(m, w + HLS_PROF_LSU_REQUESTS, running, ev);
        snprintf(ev, sizeof(ev), "m_req_valid[%d] & m_req_ready[%d]", j, j);
        emit_counter(m, w + HLS_PROF_LSU_LINES, running, ev);
        snprintf(ev, sizeof(ev), "lsu%d_wait", j);
        emit_counter(m, w + HLS_PROF_LSU_STALL, running, ev);
    }
}

/* The kernel's own counters of a pipeline kernel. */
static void emit_pipeline_counters(struct nl_module *m, const struct hir_kernel *k,
                                   const char *running)
{
    struct oclhls_strbuf e = {0};
    emit_counter(m, HLS_PROF_BUSY, running, "1'b1");
    if (k->nlsus) {
        oclhls_strbuf_puts(&e, "1'b0");
        for (int i = 0; i < k->nops; i++)
            if (k->ops[i].live && k->ops[i].lsu != HIR_NONE)
                oclhls_strbuf_printf(&e, " | lsu%d_wait", k->ops[i].lsu);
        nl_wire_to(m, 0, emit_text(m, &e), "prof_memory_wait");
        oclhls_strbuf_release(&e);
        emit_counter(m, HLS_PROF_MEMORY_STALL, running, "prof_memory_wait");
    } else {
        emit_zero_counter(m, HLS_PROF_MEMORY_STALL);
    }
    if (k->nstreams) { /* channel and pipe endpoints */
        oclhls_strbuf_puts(&e, "1'b0");
        for (int si = 0; si < k->nsegs; si++)
            emit_stream_stall(&e, k, si);
        nl_wire_to(m, 0, emit_text(m, &e), "prof_channel_wait");
        oclhls_strbuf_release(&e);
        emit_counter(m, HLS_PROF_CHANNEL_STALL, running, "prof_channel_wait");
    } else {
        emit_zero_counter(m, HLS_PROF_CHANNEL_STALL);
    }
    if (k->nbarriers) {
        /* work-items wait in the barrier, and none of them can leave it yet */
        oclhls_strbuf_puts(&e, "1'b0");
        for (int b = 0; b < k->nbarriers; b++)
            oclhls_strbuf_printf(&e, " | (!b%d_empty & !b%d_out_valid)", b, b);
        nl_wire_to(m, 0, emit_text(m, &e), "prof_barrier_wait");
        oclhls_strbuf_release(&e);
        emit_counter(m, HLS_PROF_BARRIER_STALL, running, "prof_barrier_wait");
    } else {
        emit_zero_counter(m, HLS_PROF_BARRIER_STALL);
    }
}

/* The counters' read port: registered, 0 unless one of their words is read, ORed with the
   CSR block's answer (which is 0 for words past the argument words). */
static void emit_read_port(struct nl_module *m, const struct hir_kernel *k, unsigned words)
{
    struct oclhls_strbuf e = {0};
    oclhls_strbuf_puts(&e, "prof_rdata <= 32'd0;\n"
                           "if (!rst && csr_rd)\n"
                           "    case (csr_addr[10:2])\n");
    for (unsigned w = 0; w < words; w++)
        oclhls_strbuf_printf(&e, "        9'd%u: prof_rdata <= prof_c%u;\n",
                             hls_profile_offset(k, w) / 4, w);
    oclhls_strbuf_puts(&e, "        default: ;\n"
                           "    endcase");
    nl_net(m, "reg", 32, "prof_rdata");
    nl_always(m, "clk", NULL, NULL, emit_text(m, &e));
    oclhls_strbuf_release(&e);
    nl_assign(m, "csr_rdata", "csr_regs_rdata | prof_rdata");
    nl_blank(m);
}

int emit_profile_counters(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k,
                          const char *running)
{
    unsigned words = hls_profile_words(k);
    if (!k->profile)
        return 0;
    if (hls_profile_offset(k, words) > HIR_KCSR_WINDOW)
        return hls_error_in(ctx, hir_file_name(k, k->file), k->line,
                            "kernel '%s': its %u profile counters do not fit in its register "
                            "window after %u argument words (build without --profile, or pass "
                            "fewer arguments)",
                            k->name, words, k->arg_words);
    nl_comment(m, "Profile counters (oclhls build --profile; docs/profiling.md)");
    if (!words) { /* autorun: nothing reads them */
        nl_assign(m, "csr_rdata", "csr_regs_rdata");
        nl_blank(m);
        return 0;
    }
    if (k->line_kernel) {
        emit_counter(m, HLS_PROF_BUSY, running, "1'b1");
        emit_counter(m, HLS_PROF_MEMORY_STALL, running, "mem_req_valid & !mem_req_ready");
        emit_zero_counter(m, HLS_PROF_CHANNEL_STALL);
        emit_zero_counter(m, HLS_PROF_BARRIER_STALL);
    } else {
        emit_pipeline_counters(m, k, running);
        emit_lsu_counters(m, k, running, hls_target_of(ctx->board).registered_stall);
    }
    emit_counter(m, HLS_PROF_MEMORY_READS, running,
                 "mem_req_valid & mem_req_ready & !mem_req_we");
    emit_counter(m, HLS_PROF_MEMORY_WRITES, running,
                 "mem_req_valid & mem_req_ready & mem_req_we");
    emit_read_port(m, k, words);
    return 0;
}
