// SPDX-License-Identifier: MIT
/*
 * The system top, oclhls_system: every kernel of the program behind one CSR bus (kernel k at
 * HIR_KCSR_WINDOW * (k + 1), docs/architecture.md) and one global-memory port (an arbiter over the
 * kernels' ports). The board shell instantiates it.
 */
#include "emit_util.h"

static void emit_header(struct oclhls_strbuf *o, int n)
{
    oclhls_strbuf_printf(o,
                         "// System top: %d kernel(s) on one CSR bus and one memory port.\n"
                         "module oclhls_system ",
                         n);
    emit_module_ports(o, 16);
    emit_module_ports_end(o);
    oclhls_strbuf_printf(
        o,
        "    wire [%d:0] k_sel, k_busy, k_req_valid, k_req_ready, k_req_we, k_rsp_valid;\n"
        "    wire [%d*32-1:0] k_rdata, k_req_addr;\n"
        "    wire [%d*MEM_DW-1:0] k_req_wdata;\n"
        "    wire [%d*(MEM_DW/8)-1:0] k_req_wstrb;\n"
        "    wire [MEM_DW-1:0] k_rsp_data;\n\n",
        n - 1, n, n, n);
}

static void emit_kernel_instance(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    oclhls_strbuf_printf(
        o,
        "    // kernel %d: %s, CSR window 0x%04x\n"
        "    assign k_sel[%d] = csr_addr[15:11] == 5'd%d;\n"
        "    oclk_%s #(.MEM_DW(MEM_DW)) u_k%d (\n"
        "        .clk(clk), .rst(rst),\n"
        "        .csr_wr(csr_wr & k_sel[%d]), .csr_rd(csr_rd & k_sel[%d]),\n"
        "        .csr_addr(csr_addr[10:0]), .csr_wdata(csr_wdata),\n"
        "        .csr_rdata(k_rdata[%d*32 +: 32]), .busy(k_busy[%d]),\n"
        "        .mem_req_valid(k_req_valid[%d]), .mem_req_ready(k_req_ready[%d]),\n"
        "        .mem_req_we(k_req_we[%d]), .mem_req_addr(k_req_addr[%d*32 +: 32]),\n"
        "        .mem_req_wdata(k_req_wdata[%d*MEM_DW +: MEM_DW]),\n"
        "        .mem_req_wstrb(k_req_wstrb[%d*(MEM_DW/8) +: MEM_DW/8]),\n"
        "        .mem_rsp_valid(k_rsp_valid[%d]), .mem_rsp_data(k_rsp_data)",
        i, k->name, HIR_KCSR_WINDOW * (unsigned)(i + 1), i, i + 1, k->name, i, i, i, i, i, i, i, i, i, i, i, i);
    for (int e = 0; e < k->nstreams; e++) {
        const struct hir_stream *s = &k->streams[e];
        int c = s->channel;
        if (c == HIR_NONE)
            continue;
        if (s->write)
            oclhls_strbuf_printf(o,
                                 ",\n        .st%d_wdata(ch%d_wdata), .st%d_push(ch%d_push), "
                                 ".st%d_ready(!ch%d_full)",
                                 e, c, e, c, e, c);
        else
            oclhls_strbuf_printf(o,
                                 ",\n        .st%d_rdata(ch%d_rdata), .st%d_valid(!ch%d_empty), "
                                 ".st%d_pop(ch%d_pop)",
                                 e, c, e, c, e, c);
    }
    oclhls_strbuf_printf(o, ");\n\n");
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
                         struct oclhls_strbuf *o)
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
        oclhls_strbuf_printf(
            o,
            "    // channel %s: %s -> %s, %u bits, depth %u\n"
            "    wire [%u:0] ch%u_wdata, ch%u_rdata;\n"
            "    wire ch%u_push, ch%u_pop, ch%u_empty, ch%u_full;\n"
            "    /* verilator lint_off UNUSED */\n"
            "    wire [%u:0] ch%u_count;\n"
            "    /* verilator lint_on UNUSED */\n"
            "    ocl_fifo #(.WIDTH(%u), .DEPTH(%u)) u_ch%u (\n"
            "        .clk(clk), .rst(rst), .push(ch%u_push), .push_data(ch%u_wdata),\n"
            "        .pop(ch%u_pop), .pop_data(ch%u_rdata), .empty(ch%u_empty),\n"
            "        .full(ch%u_full), .count(ch%u_count));\n\n",
            ch->name, kernels[wk]->name, kernels[rk]->name, w, depth, w - 1, c, c, c, c, c, c,
            emit_index_bits(depth + 1) - 1, c, w, depth, c, c, c, c, c, c, c, c);
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

int hls_emit_system(struct hls_ctx *ctx, struct hir_kernel *const *kernels, int n,
                    struct oclhls_strbuf *out)
{
    if (n < 1 || n > 63)
        return hls_error(ctx, 0, "a program needs 1 to 63 kernels (has %d)", n);
    emit_header(out, n);
    if (emit_channels(ctx, kernels, n, out))
        return -1;
    for (int i = 0; i < n; i++)
        emit_kernel_instance(out, kernels[i], i);
    oclhls_strbuf_printf(
        out,
        "    // A kernel's csr_rdata is 0 but in the cycle after a read of it: OR them.\n"
        "    reg [31:0] rdata_any;\n"
        "    integer i;\n"
        "    always @(*) begin\n"
        "        rdata_any = 32'h0;\n"
        "        for (i = 0; i < %d; i = i + 1)\n"
        "            rdata_any = rdata_any | k_rdata[i*32 +: 32];\n"
        "    end\n"
        "    assign csr_rdata = rdata_any;\n"
        "    // Autorun kernels never finish: the system is idle when the others are.\n"
        "    assign busy = |(k_busy & %d'h%llx);\n\n"
        "    ocl_mem_arbiter #(.N(%d), .MEM_DW(MEM_DW), .AW(32), .TAGQ_DEPTH(%u)) u_arb (\n"
        "        .clk(clk), .rst(rst),\n"
        "        .m_req_valid(k_req_valid), .m_req_ready(k_req_ready), .m_req_we(k_req_we),\n"
        "        .m_req_addr(k_req_addr), .m_req_wdata(k_req_wdata), .m_req_wstrb(k_req_wstrb),\n"
        "        .m_rsp_valid(k_rsp_valid), .m_rsp_data(k_rsp_data),\n"
        "        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),\n"
        "        .mem_req_we(mem_req_we), .mem_req_addr(mem_req_addr),\n"
        "        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),\n"
        "        .mem_rsp_valid(mem_rsp_valid), .mem_rsp_data(mem_rsp_data));\n"
        "endmodule\n",
        n, n, launched_mask(kernels, n), n, 4 * hls_load_depth(ctx->board));
    return out->failed ? hls_error(ctx, 0, "out of memory") : 0;
}
