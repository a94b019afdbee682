// SPDX-License-Identifier: MIT
/*
 * The system top, oclhls_system: every kernel of the program behind one CSR bus (kernel k at
 * HIR_KCSR_WINDOW * (k + 1), docs/architecture.md) and one global-memory port (an arbiter over the
 * kernels' ports). The board shell instantiates it. A kernel with num_compute_units is
 * several instances, each a master of the arbiter (emit_units.c).
 */
#include <stdio.h>

#include "emit_util.h"

/* Wires "names" of count lanes of lane bits each: [count*lane-1:0]. */
static void declare_lanes(struct nl_module *m, int count, const char *lane, const char *names)
{
    char range[48];
    snprintf(range, sizeof(range), "[%d*%s-1:0]", count, lane);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "%s", names);
}

/* n kernels, nm memory masters (kernel instances); sliced: each master has its own response
   data (from its ocl_mem_slice), else all share the arbiter's. */
static void emit_header(struct nl_module *m, int n, int nm, int sliced)
{
    nl_module_begin(m, "oclhls_system", "MEM_DW = 512",
                    "System top: %d kernel(s) on one CSR bus and one memory port.", n);
    emit_module_ports(m, 16);
    if (nm == n) {
        nl_net(m, "wire", (unsigned)n,
               "k_sel, k_busy, k_req_valid, k_req_ready, k_req_we, k_rsp_valid");
        declare_lanes(m, n, "32", "k_rdata, k_req_addr");
    } else {
        nl_net(m, "wire", (unsigned)n, "k_sel, k_busy");
        nl_net(m, "wire", (unsigned)nm, "k_req_valid, k_req_ready, k_req_we, k_rsp_valid");
        declare_lanes(m, n, "32", "k_rdata");
        declare_lanes(m, nm, "32", "k_req_addr");
    }
    declare_lanes(m, nm, "MEM_DW", "k_req_wdata");
    declare_lanes(m, nm, "(MEM_DW/8)", "k_req_wstrb");
    if (sliced)
        declare_lanes(m, nm, "MEM_DW", "k_rsp_data");
    else
        nl_declare(m, &(struct nl_decl){"wire", "[MEM_DW-1:0]", 0, NULL, NULL}, "k_rsp_data");
    nl_blank(m);
}

/* The arbiter's side of nm ocl_mem_slices, one per memory master, and the slices: the
   s_* wires are the masters' ports as the program's arbiter sees them. */
static void emit_port_slices(struct nl_module *m, int nm)
{
    nl_comment(m, "A register slice between each kernel and the program's arbiter (the "
                  "target's kernel_port_slice).");
    emit_bus_wires(m, "s_", nm);
    for (int mi = 0; mi < nm; mi++) {
        char name[32];
        snprintf(name, sizeof(name), "u_slice%d", mi);
        struct nl_instance *sl = nl_instance(m, "ocl_mem_slice", name);
        nl_param_expr(m, sl, "MEM_DW", "MEM_DW");
        nl_param(m, sl, "AW", 32);
        nl_param(m, sl, "RSP_REG", 1);
        nl_connect(m, sl, "clk", "clk");
        nl_connect(m, sl, "rst", "rst");
        emit_bus_lane(m, sl, "m_", "k_", mi, 32, 1);
        emit_bus_lane(m, sl, "mem_", "s_", mi, 32, 0);
    }
    nl_blank(m);
}

/* Kernel i's instance, memory master mi; copy c of its compute units (-1: it has one);
   sliced: its response data is its own (emit_header). */
static void emit_kernel_instance(struct nl_module *m, const struct hir_kernel *k, int i, int c,
                                 int mi, int sliced)
{
    char lhs[32], module[80], name[32];
    if (c < 0) {
        nl_comment(m, "kernel %d: %s, CSR window 0x%04x", i, k->name,
                   HIR_KCSR_WINDOW * (unsigned)(i + 1));
        snprintf(lhs, sizeof(lhs), "k_sel[%d]", i);
        nl_assign(m, lhs, "csr_addr[15:11] == 5'd%d", i + 1);
    }
    snprintf(module, sizeof(module), "oclk_%s", k->name);
    if (c < 0)
        snprintf(name, sizeof(name), "u_k%d", i);
    else
        snprintf(name, sizeof(name), "u_k%d_cu%d", i, c);
    struct nl_instance *u = nl_instance(m, module, name);
    nl_param_expr(m, u, "MEM_DW", "MEM_DW");
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect_break(m, u, "csr_wr", "csr_wr & k_sel[%d]", i);
    if (c < 0) {
        nl_connect(m, u, "csr_rd", "csr_rd & k_sel[%d]", i);
        nl_connect_break(m, u, "csr_addr", "csr_addr[10:0]");
        nl_connect(m, u, "csr_wdata", "csr_wdata");
        nl_connect_break(m, u, "csr_rdata", "k_rdata[%d*32 +: 32]", i);
        nl_connect(m, u, "busy", "k_busy[%d]", i);
    } else { /* the copies take the writes; the system's registers answer the reads */
        if (k->profile && hls_profile_words(k)) /* but their profile counters, summed */
            nl_connect(m, u, "csr_rd", "csr_rd & k_sel[%d] & (csr_addr[10:2] >= 9'd%u)", i,
                       hls_profile_offset(k, 0) / 4);
        else
            nl_connect(m, u, "csr_rd", "1'b0");
        nl_connect_break(m, u, "csr_addr", "csr_addr[10:0]");
        nl_connect(m, u, "csr_wdata", "csr_wdata");
        nl_connect_break(m, u, "csr_rdata", "k%d_cu_rdata[%d*32 +: 32]", i, c);
        nl_connect(m, u, "busy", "k%d_cu_busy[%d]", i, c);
    }
    emit_bus_lane(m, u, "mem_", "k_", mi, 32, sliced);
    if (c >= 0)
        emit_unit_connect(m, u, k, i, c);
    for (int e = 0; e < k->nstreams; e++) {
        const struct hir_stream *s = &k->streams[e];
        int c = s->channel;
        char port[32];
        if (c == HIR_NONE)
            continue;
        snprintf(port, sizeof(port), "st%d_%s", e, s->write ? "wdata" : "rdata");
        nl_connect_break(m, u, port, "ch%d_%s", c, s->write ? "wdata" : "rdata");
        snprintf(port, sizeof(port), "st%d_%s", e, s->write ? "push" : "valid");
        nl_connect(m, u, port, s->write ? "ch%d_push" : "!ch%d_empty", c);
        snprintf(port, sizeof(port), "st%d_%s", e, s->write ? "ready" : "pop");
        nl_connect(m, u, port, s->write ? "!ch%d_full" : "ch%d_pop", c);
    }
    nl_blank(m);
}

/* The kernel and endpoint that writes (or reads) channel c; -1 when none, -2 when several. */
static int channel_end(struct hir_kernel *const *kernels, int n, int c, int write, int *kernel)
{
    int found = -1;
    for (int i = 0; i < n; i++)
        for (int e = 0; e < kernels[i]->nstreams; e++) {
            const struct hir_stream *s = &kernels[i]->streams[e];
            if (s->channel != c || s->write != write)
                continue;
            if (found >= 0)
                return -2;
            found = e;
            *kernel = i;
        }
    return found;
}

/* One ocl_fifo per channel a kernel uses, between its writer and its reader. */
static int emit_channels(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                         struct nl_module *m)
{
    for (unsigned c = 0; c < ctx->nchannels; c++) {
        const struct hls_channel *ch = &ctx->channels[c];
        int wk = -1, rk = -1;
        int we = channel_end(kernels, n, (int)c, 1, &wk);
        int re = channel_end(kernels, n, (int)c, 0, &rk);
        if (we == -1 && re == -1)
            continue; /* declared, never used */
        if (we == -2 || re == -2)
            return hls_error(ctx, ch->line,
                             "channel '%s' is %s by more than one kernel: a channel connects "
                             "one writer to one reader",
                             ch->name, we == -2 ? "written" : "read");
        if (we == -1 || re == -1)
            return hls_error(ctx, ch->line,
                             "channel '%s' is %s by kernel '%s' but no kernel %s it: it would "
                             "block forever",
                             ch->name, we == -1 ? "read" : "written",
                             kernels[we == -1 ? rk : wk]->name, we == -1 ? "writes" : "reads");
        unsigned w = ch->bytes * 8, depth = ch->depth ? ch->depth : HLS_CHANNEL_DEFAULT_DEPTH;
        nl_comment(m, "channel %s: %s -> %s, %u bits, depth %u", ch->name, kernels[wk]->name,
                   kernels[rk]->name, w, depth);
        nl_net(m, "wire", w, "ch%u_wdata, ch%u_rdata", c, c);
        nl_net(m, "wire", 0, "ch%u_push, ch%u_pop, ch%u_empty, ch%u_full", c, c, c, c);
        nl_lint(m, 0, "UNUSED", NULL);
        nl_net(m, "wire", emit_index_bits(depth + 1), "ch%u_count", c);
        nl_lint(m, 1, "UNUSED", NULL);
        char name[32];
        snprintf(name, sizeof(name), "u_ch%u", c);
        struct nl_instance *f = nl_instance(m, "ocl_fifo", name);
        nl_param(m, f, "WIDTH", w);
        nl_param(m, f, "DEPTH", depth);
        nl_connect(m, f, "clk", "clk");
        nl_connect(m, f, "rst", "rst");
        nl_connect(m, f, "push", "ch%u_push", c);
        nl_connect(m, f, "push_data", "ch%u_wdata", c);
        nl_connect_break(m, f, "pop", "ch%u_pop", c);
        nl_connect(m, f, "pop_data", "ch%u_rdata", c);
        nl_connect(m, f, "empty", "ch%u_empty", c);
        nl_connect_break(m, f, "full", "ch%u_full", c);
        nl_connect(m, f, "count", "ch%u_count", c);
        nl_blank(m);
    }
    return 0;
}

/* Bit i set for kernel i when the host launches it (not autorun). */
static unsigned long long launched_mask(struct hir_kernel *const *kernels, int n)
{
    unsigned long long m = 0;
    for (int i = 0; i < n; i++)
        if (!kernels[i]->autorun)
            m |= 1ull << i;
    return m;
}

/* The system top as a netlist (netlist.h). */
static int build_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                        struct nl_module *m)
{
    int nm = 0; /* memory masters: every copy of every kernel */
    for (int i = 0; i < n; i++)
        nm += emit_unit_copies(kernels[i]);
    if (nm > 63)
        return hls_error(ctx, 0,
                         "a program's kernels and compute units need at most 63 "
                         "instances (has %d)",
                         nm);
    /* Each kernel's port through a register slice (on the ECP5): there the arbiters of two
       kernels and the program's, joined by the grant, were one path across the die. */
    int sliced = nm > 1 && hls_target_of(ctx->board).kernel_port_slice;
    emit_header(m, n, nm, sliced);
    if (emit_channels(ctx, kernels, n, m))
        return -1;
    for (int i = 0, mi = 0; i < n; i++) {
        int copies = emit_unit_copies(kernels[i]);
        if (copies > 1)
            emit_units_front(m, kernels[i], i, ctx->board);
        for (int c = 0; c < copies; c++)
            emit_kernel_instance(m, kernels[i], i, copies > 1 ? c : -1, mi++, sliced);
    }
    nl_comment(m, "A kernel's csr_rdata is 0 but in the cycle after a read of it: OR them.");
    nl_net(m, "reg", 32, "rdata_any");
    nl_net(m, "integer", 0, "i");
    nl_always_form(m, NL_ALWAYS_BLOCK, "*",
                   "rdata_any = 32'h0;\n"
                   "for (i = 0; i < %d; i = i + 1)\n"
                   "    rdata_any = rdata_any | k_rdata[i*32 +: 32];",
                   n);
    nl_assign(m, "csr_rdata", "rdata_any");
    nl_comment(m, "Autorun kernels never finish: the system is idle when the others are.");
    nl_assign(m, "busy", "|(k_busy & %d'h%llx)", n, launched_mask(kernels, n));
    nl_blank(m);
    if (sliced)
        emit_port_slices(m, nm);
    struct nl_instance *arb = nl_instance(m, "ocl_mem_arbiter", "u_arb");
    nl_param(m, arb, "N", nm);
    nl_param_expr(m, arb, "MEM_DW", "MEM_DW");
    nl_param(m, arb, "AW", 32);
    nl_param(m, arb, "TAGQ_DEPTH", 4 * hls_load_depth(ctx->board));
    emit_arbiter_ports(m, arb, sliced ? "s_" : "k_");
    nl_end(m);
    return m->failed ? hls_error(ctx, 0, "out of memory") : 0;
}

int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out)
{
    struct nl_module m = {0};
    if (n < 1 || n > 63)
        return hls_error(ctx, 0, "a program needs 1 to 63 kernels (has %d)", n);
    int ret = build_system(ctx, kernels, n, &m);
    if (!ret && (nl_print(&m, out) || out->failed))
        ret = hls_error(ctx, 0, "out of memory");
    nl_release(&m);
    return ret;
}
