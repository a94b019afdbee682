// SPDX-License-Identifier: MIT
/*
 * The stream endpoints of a kernel (docs/pipes.md):
 *   - a channel endpoint is a FIFO port of the kernel module (the FIFO is in oclhls_system):
 *     a blocking read stalls its segment while the FIFO is empty, a blocking write while it
 *     is full; the packet read is registered into the next stage;
 *   - a pipe argument is an ocl_pipe_port (the ring in global memory) on the kernel's memory
 *     arbiter; each operation on it is an ocl_pipe_site that queues its command and the
 *     answer, like a load, through an ocl_mem_arbiter over the pipe's sites.
 */
#include <stdio.h>

#include "emit_util.h"

#define PIPE_SITE_DEPTH 8
#define PIPE_CMD_AW 35 /* command (3 bits) above a 32-bit argument */

static unsigned pow2_at_least(unsigned v)
{
    unsigned p = 8;
    while (p < v)
        p <<= 1;
    return p;
}

/* Packet bits at the endpoint: exact for a channel, a power of two for a pipe port. */
static unsigned packet_bits(const struct hir_stream *s)
{
    unsigned bits = s->bytes ? s->bytes * 8 : 8;
    return s->channel != HIR_NONE ? bits : pow2_at_least(bits);
}

/* Width of a pipe's command data and answer: packet, then a 32-bit status above it. */
static unsigned pipe_cw(const struct hir_stream *s)
{
    return packet_bits(s) + 32;
}

static int is_stream(const struct hir_kernel *k, int i)
{
    return k->ops[i].live && k->ops[i].opcode == HIR_STREAM;
}

static int is_blocking(const struct hir_op *op)
{
    return op->aux == HIR_CHAN_READ || op->aux == HIR_CHAN_WRITE;
}

int emit_stream_count_pipes(const struct hir_kernel *k)
{
    int n = 0;
    for (int e = 0; e < k->nstreams; e++)
        n += k->streams[e].channel == HIR_NONE;
    return n;
}

void emit_stream_ports(struct nl_module *m, const struct hir_kernel *k)
{
    for (int e = 0; e < k->nstreams; e++) {
        const struct hir_stream *s = &k->streams[e];
        if (s->channel == HIR_NONE)
            continue;
        char range[16];
        snprintf(range, sizeof(range), "[%u:0]", packet_bits(s) - 1);
        if (s->write) {
            nl_port(m, "output", 0, range, "st%d_wdata", e);
            nl_port(m, "output", 0, "", "st%d_push", e);
            nl_port(m, "input", 0, "", "st%d_ready", e);
        } else {
            nl_port(m, "input", 0, range, "st%d_rdata", e);
            nl_port(m, "input", 0, "", "st%d_valid", e);
            nl_port(m, "output", 0, "", "st%d_pop", e);
        }
    }
}

/* Live operations on endpoint e before operation `before`. */
static int sites_before(const struct hir_kernel *k, int e, int before)
{
    int n = 0;
    for (int j = 0; j < before; j++)
        n += is_stream(k, j) && k->ops[j].stream == e;
    return n;
}

/* Several operations of the kernel use channel endpoint e. */
static int shared(const struct hir_kernel *k, int e)
{
    return sites_before(k, e, k->nops) > 1;
}

/* Checks the endpoints and declares what values read before the logic is emitted. */
int emit_stream_decls(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k)
{
    for (int e = 0; e < k->nstreams; e++) {
        const struct hir_stream *s = &k->streams[e];
        if (s->channel == HIR_NONE && packet_bits(s) > ctx->board->mem_width_bits)
            return hls_error_in(ctx, hir_file_name(k, s->file), s->line,
                                "pipe packets of %u bytes: the pipe port of board '%s' moves at "
                                "most %u bytes (its memory width) per packet",
                                s->bytes, ctx->board->name, ctx->board->mem_width_bits / 8);
    }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        /* a packet is read from its answer register in exactly one stage */
        if (op->live && op->opcode == HIR_CHUNK && k->ops[op->ops[0]].opcode == HIR_STREAM &&
            (op->stage != k->ops[op->ops[0]].ready_stage || op->seg != k->ops[op->ops[0]].seg))
            return hls_error(ctx, op->line,
                             "internal: packet chunk scheduled in stage %d, "
                             "its read answers in stage %d",
                             op->stage, k->ops[op->ops[0]].ready_stage);
        if (!is_stream(k, i))
            continue;
        const struct hir_stream *s = &k->streams[op->stream];
        if (hir_is_pipe_op(op)) {
            nl_net(m, "wire", 0, "ps%d_can_accept, ps%d_rsp_valid, ps%d_idle", i, i, i);
            nl_lint(m, 0, "UNUSED", "status or packet only");
            nl_net(m, "wire", pipe_cw(s), "ps%d_rsp_data", i);
            nl_lint(m, 1, "UNUSED", NULL);
        } else {
            nl_net(m, "wire", 0, "st%d_want, st%d_grant, st%d_fire", i, i, i);
            if (shared(k, op->stream))
                nl_net(m, "reg", 0, "st%d_done", i);
            if (shared(k, op->stream) && !s->write)
                nl_net(m, "reg", packet_bits(s), "st%d_hold", i);
            if (!is_blocking(op)) /* its status: the packet moved */
                nl_net(m, "reg", 0, "st%d_ok", i);
            if (!s->write)
                nl_net(m, "reg", packet_bits(s), "st%d_data", i);
        }
    }
    return 0;
}

void emit_stream_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    if (op->opcode == HIR_CHUNK) {
        const struct hir_op *src = &k->ops[op->ops[0]];
        if (src->opcode == HIR_LOAD) { /* a lane of a wide SIMD load */
            emit_ref(o, k, op->ops[0], op->stage);
            oclhls_strbuf_printf(o, "[%u +: %u];", (unsigned)op->imm * op->width, op->width);
        } else if (hir_is_pipe_op(src))
            oclhls_strbuf_printf(o, "ps%d_rsp_data[%u +: %u];", op->ops[0], (unsigned)op->imm * 64,
                                 op->width);
        else
            oclhls_strbuf_printf(o, "st%d_data[%u +: %u];", op->ops[0], (unsigned)op->imm * 64,
                                 op->width);
        return;
    }
    if (!hir_is_pipe_op(op)) {
        if (is_blocking(op))
            oclhls_strbuf_printf(o, "32'h0;");
        else
            oclhls_strbuf_printf(o, "{31'h0, st%d_ok};", i);
        return;
    }
    unsigned pw = packet_bits(&k->streams[op->stream]);
    if (op->aux != HIR_PIPE_RESERVE) {
        oclhls_strbuf_printf(o, "ps%d_rsp_data[%u +: 32];", i, pw);
        return;
    }
    /* a reservation id: {n, first packet index}, all ones when refused */
    oclhls_strbuf_printf(o, "&ps%d_rsp_data[%u +: 32] ? 64'hffffffffffffffff : {", i, pw);
    emit_ref(o, k, op->ops[1], op->ready_stage);
    oclhls_strbuf_printf(o, "[31:0], ps%d_rsp_data[%u +: 32]};", i, pw);
}

/* {chunk n-1, ..., chunk 0} of a write in its stage. */
static void emit_packet(struct oclhls_strbuf *o, const struct hir_kernel *k,
                        const struct hir_op *op)
{
    oclhls_strbuf_printf(o, "{");
    for (int c = op->nops - 1; c >= 2; c--) {
        emit_ref(o, k, op->ops[c], op->stage);
        oclhls_strbuf_printf(o, "%s", c > 2 ? ", " : "");
    }
    oclhls_strbuf_printf(o, "}");
}

/* FIFO side of endpoint e: "ready" (room to write) or "valid" (a packet to read). */
static const char *room(const struct hir_stream *s)
{
    return s->write ? "ready" : "valid";
}

/*
 * One channel operation. Alone on its endpoint it moves a packet when its stage advances.
 * Several operations of a kernel on one endpoint share the FIFO port: in a cycle where more
 * than one wants it, the one furthest down the kernel (the highest operation number) gets it,
 * so the work-items ahead drain first. An operation may then move its packet while its
 * segment waits for another: it remembers that (done) and keeps a packet read (hold) until
 * the stage advances. In a modulo loop such operations are in different cycles anyway
 * (modulo.c, stream_limits).
 */
static void emit_channel_op(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    const struct hir_stream *s = &k->streams[op->stream];
    int e = op->stream, many = shared(k, e), seg = op->seg;
    struct oclhls_strbuf x = {0};
    nl_comment(m, "channel %s%s, line %u: stage %d", s->write ? "write" : "read",
               is_blocking(op) ? "" : " (non-blocking)", op->line, op->stage);
    emit_enable(&x, k, op, op->stage);
    if (many)
        oclhls_strbuf_printf(&x, " & !st%d_done", i);
    nl_assign_to(m, emit_text(m, &x), "st%d_want", i);
    oclhls_strbuf_release(&x);
    oclhls_strbuf_printf(&x, "st%d_want", i);
    for (int j = i + 1; j < k->nops; j++)
        if (is_stream(k, j) && k->ops[j].stream == e)
            oclhls_strbuf_printf(&x, " & !st%d_want", j);
    nl_assign_to(m, emit_text(m, &x), "st%d_grant", i);
    oclhls_strbuf_release(&x);
    oclhls_strbuf_printf(&x, "st%d_grant & st%d_%s", i, e, room(s));
    if (!many)
        oclhls_strbuf_printf(&x, " & !s%d_stall", seg);
    nl_assign_to(m, emit_text(m, &x), "st%d_fire", i);
    oclhls_strbuf_release(&x);
    if (many)
        nl_always_form(m, NL_ALWAYS_BARE, "clk",
                       "if (rst || csr_start) st%d_done <= 1'b0;\n"
                       "else st%d_done <= s%d_stall & (st%d_done | st%d_fire);",
                       i, i, seg, i, i);
    if (many && !s->write)
        nl_always_form(m, NL_ALWAYS_LINE, "clk", "if (st%d_fire) st%d_hold <= st%d_rdata;", i, i,
                       e);
    if (is_blocking(op) && s->write) {
        nl_blank(m);
        return; /* nothing to register: a blocking write answers 0 */
    }
    oclhls_strbuf_printf(&x, "if (!s%d_stall) begin\n", seg);
    if (!is_blocking(op) && many) /* moved now, or earlier while the stage waited */
        oclhls_strbuf_printf(&x, "    st%d_ok <= st%d_fire | st%d_done;\n", i, i, i);
    else if (!is_blocking(op))
        oclhls_strbuf_printf(&x, "    st%d_ok <= st%d_fire;\n", i, i);
    if (!s->write && many)
        oclhls_strbuf_printf(&x, "    st%d_data <= st%d_done ? st%d_hold : st%d_rdata;\n", i, i, i,
                             e);
    else if (!s->write)
        oclhls_strbuf_printf(&x, "    st%d_data <= st%d_rdata;\n", i, e);
    oclhls_strbuf_puts(&x, "end");
    nl_always_form(m, NL_ALWAYS_BARE, "clk", "%s", emit_text(m, &x));
    oclhls_strbuf_release(&x);
    nl_blank(m);
}

/* The FIFO port of channel endpoint e: the operations' fires, and the packet written. */
static void emit_channel_port(struct nl_module *m, const struct hir_kernel *k, int e)
{
    const struct hir_stream *s = &k->streams[e];
    int n = sites_before(k, e, k->nops);
    struct oclhls_strbuf x = {0};
    oclhls_strbuf_puts(&x, "1'b0");
    for (int i = 0; i < k->nops; i++)
        if (is_stream(k, i) && k->ops[i].stream == e)
            oclhls_strbuf_printf(&x, " | st%d_fire", i);
    nl_assign_to(m, emit_text(m, &x), "st%d_%s", e, s->write ? "push" : "pop");
    oclhls_strbuf_release(&x);
    if (!s->write)
        return;
    oclhls_strbuf_printf(&x, "%u'h0", packet_bits(s));
    for (int i = 0; i < k->nops; i++) {
        if (!is_stream(k, i) || k->ops[i].stream != e)
            continue;
        oclhls_strbuf_printf(&x, " | ");
        if (n > 1) /* the granted operation's packet */
            oclhls_strbuf_printf(&x, "({%u{st%d_grant}} & ", packet_bits(s), i);
        emit_packet(&x, k, &k->ops[i]);
        oclhls_strbuf_printf(&x, "%s", n > 1 ? ")" : "");
    }
    nl_assign_to(m, emit_text(m, &x), "st%d_wdata", e);
    oclhls_strbuf_release(&x);
    nl_blank(m);
}

static void emit_pipe_site(struct nl_module *m, const struct hir_kernel *k, int i)
{
    struct oclhls_strbuf addr = {0}, wdata = {0}, x = {0};
    const struct hir_op *op = &k->ops[i];
    const struct hir_stream *s = &k->streams[op->stream];
    int e = op->stream, j = sites_before(k, e, i);
    unsigned cw = pipe_cw(s);
    nl_comment(m, "pipe command %u, line %u: issued in stage %d, answer in stage %d",
               op->aux - HIR_PIPE_WRITE, op->line, op->stage, op->ready_stage);
    emit_enable(&x, k, op, op->stage);
    oclhls_strbuf_printf(&x, " & !s%d_stall", op->seg);
    nl_wire_to(m, 0, emit_text(m, &x), "ps%d_fire", i);
    oclhls_strbuf_release(&x);
    emit_enable(&x, k, op, op->ready_stage);
    oclhls_strbuf_printf(&x, " & !s%d_stall", op->seg);
    nl_wire_to(m, 0, emit_text(m, &x), "ps%d_pop", i);
    oclhls_strbuf_release(&x);
    oclhls_strbuf_printf(&addr, "{3'd%u, ", op->aux - HIR_PIPE_WRITE);
    emit_ref(&addr, k, op->ops[1], op->stage);
    oclhls_strbuf_puts(&addr, "[31:0]}");
    if (op->nops > 2) {
        unsigned bits = 0;
        for (int c = 2; c < op->nops; c++)
            bits += k->ops[op->ops[c]].width;
        oclhls_strbuf_printf(&wdata, "{%u'h0, ", cw - bits);
        emit_packet(&wdata, k, op);
        oclhls_strbuf_printf(&wdata, "}");
    } else {
        oclhls_strbuf_printf(&wdata, "%u'h0", cw);
    }
    char name[32];
    snprintf(name, sizeof(name), "u_ps%d", i);
    struct nl_instance *u = nl_instance(m, "ocl_pipe_site", name);
    nl_param(m, u, "CW", cw);
    nl_param(m, u, "AW", PIPE_CMD_AW);
    nl_param(m, u, "DEPTH", PIPE_SITE_DEPTH);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "clear", "csr_start");
    nl_connect_break(m, u, "req_can_accept", "ps%d_can_accept", i);
    nl_connect(m, u, "req_fire", "ps%d_fire", i);
    nl_connect_break(m, u, "req_addr", "%s", addr.buf ? addr.buf : "");
    nl_connect_break(m, u, "req_wdata", "%s", wdata.buf ? wdata.buf : "");
    nl_connect_break(m, u, "rsp_valid", "ps%d_rsp_valid", i);
    nl_connect(m, u, "rsp_pop", "ps%d_pop", i);
    nl_connect(m, u, "rsp_data", "ps%d_rsp_data", i);
    nl_connect_break(m, u, "m_req_valid", "pp%d_req_valid[%d]", e, j);
    nl_connect(m, u, "m_req_ready", "pp%d_req_ready[%d]", e, j);
    nl_connect_break(m, u, "m_req_addr", "pp%d_req_addr[%d*%d +: %d]", e, j, PIPE_CMD_AW,
                     PIPE_CMD_AW);
    nl_connect(m, u, "m_req_wdata", "pp%d_req_wdata[%d*%u +: %u]", e, j, cw, cw);
    nl_connect_break(m, u, "m_rsp_valid", "pp%d_rsp_valid[%d]", e, j);
    nl_connect(m, u, "m_rsp_data", "pp%d_rsp_data", e);
    nl_connect(m, u, "idle", "ps%d_idle", i);
    nl_blank(m);
    if (addr.failed || wdata.failed)
        m->failed = 1;
    oclhls_strbuf_release(&addr);
    oclhls_strbuf_release(&wdata);
}

/* The pipe's sites → ocl_mem_arbiter → ocl_pipe_port → the kernel's memory arbiter port j. */
static void emit_pipe_port(struct nl_module *m, const struct hir_kernel *k, int e, int j)
{
    const struct hir_stream *s = &k->streams[e];
    int n = sites_before(k, e, k->nops), used = n > 0;
    if (!used) /* every use was optimised away: one idle site */
        n = 1;
    unsigned cw = pipe_cw(s), pw = packet_bits(s), bit = (k->arg_csr_offset[s->arg] - 0x80) * 8;
    nl_comment(m, "pipe argument %d (%s end, %u-byte packets): %d site(s)", s->arg,
               s->write ? "write" : "read", s->bytes, n);
    nl_net(m, "wire", (unsigned)n, "pp%d_req_valid, pp%d_req_ready, pp%d_rsp_valid", e, e, e);
    nl_net(m, "wire", (unsigned)(n * PIPE_CMD_AW), "pp%d_req_addr", e);
    nl_net(m, "wire", (unsigned)n * cw, "pp%d_req_wdata", e);
    nl_net(m, "wire", cw, "pp%d_rsp_data", e);
    nl_lint(m, 0, "UNUSED", "above the packet: padding");
    nl_net(m, "wire", cw, "pp%d_cmd_data", e);
    nl_lint(m, 1, "UNUSED", NULL);
    nl_net(m, "wire", pw, "pp%d_rsp_packet", e);
    nl_net(m, "wire", 32, "pp%d_rsp_status", e);
    nl_net(m, "wire", PIPE_CMD_AW, "pp%d_cmd_addr", e);
    nl_net(m, "wire", 0, "pp%d_cmd_valid, pp%d_cmd_ready, pp%d_idle, pp%d_rsp_ok", e, e, e, e);
    nl_lint(m, 0, "UNUSED", "every command is a read");
    nl_net(m, "wire", 0, "pp%d_cmd_we", e);
    nl_net(m, "wire", cw / 8, "pp%d_cmd_wstrb", e);
    nl_lint(m, 1, "UNUSED", NULL);
    char name[32];
    snprintf(name, sizeof(name), "u_pa%d", e);
    struct nl_instance *a = nl_instance(m, "ocl_mem_arbiter", name);
    nl_param(m, a, "N", n);
    nl_param(m, a, "MEM_DW", cw);
    nl_param(m, a, "AW", PIPE_CMD_AW);
    nl_param(m, a, "TAGQ_DEPTH", n * PIPE_SITE_DEPTH);
    nl_connect(m, a, "clk", "clk");
    nl_connect(m, a, "rst", "rst");
    nl_connect_break(m, a, "m_req_valid", "pp%d_req_valid", e);
    nl_connect(m, a, "m_req_ready", "pp%d_req_ready", e);
    nl_connect(m, a, "m_req_we", "%d'h0", n);
    nl_connect_break(m, a, "m_req_addr", "pp%d_req_addr", e);
    nl_connect(m, a, "m_req_wdata", "pp%d_req_wdata", e);
    nl_connect(m, a, "m_req_wstrb", "%u'h0", (unsigned)n * cw / 8);
    nl_connect_break(m, a, "m_rsp_valid", "pp%d_rsp_valid", e);
    nl_connect(m, a, "m_rsp_data", "pp%d_rsp_data", e);
    nl_connect_break(m, a, "mem_req_valid", "pp%d_cmd_valid", e);
    nl_connect(m, a, "mem_req_ready", "pp%d_cmd_ready", e);
    nl_connect_break(m, a, "mem_req_we", "pp%d_cmd_we", e);
    nl_connect(m, a, "mem_req_addr", "pp%d_cmd_addr", e);
    nl_connect_break(m, a, "mem_req_wdata", "pp%d_cmd_data", e);
    nl_connect(m, a, "mem_req_wstrb", "pp%d_cmd_wstrb", e);
    nl_connect_break(m, a, "mem_rsp_valid", "pp%d_rsp_ok", e);
    nl_connect(m, a, "mem_rsp_data", "{pp%d_rsp_status, pp%d_rsp_packet}", e, e);
    snprintf(name, sizeof(name), "u_pp%d", e);
    struct nl_instance *p = nl_instance(m, "ocl_pipe_port", name);
    nl_param_expr(m, p, "MEM_DW", "MEM_DW");
    nl_param(m, p, "PW", pw);
    nl_param(m, p, "WRITE_END", s->write);
    nl_connect(m, p, "clk", "clk");
    nl_connect(m, p, "rst", "rst");
    nl_connect(m, p, "start", "csr_start");
    nl_connect(m, p, "base", "csr_args[%u +: 32]", bit);
    nl_connect_break(m, p, "cmd_valid", "pp%d_cmd_valid", e);
    nl_connect(m, p, "cmd_ready", "pp%d_cmd_ready", e);
    nl_connect_break(m, p, "cmd_op", "pp%d_cmd_addr[34:32]", e);
    nl_connect(m, p, "cmd_arg", "pp%d_cmd_addr[31:0]", e);
    nl_connect_break(m, p, "cmd_data", "pp%d_cmd_data[%u:0]", e, pw - 1);
    nl_connect_break(m, p, "rsp_valid", "pp%d_rsp_ok", e);
    nl_connect(m, p, "rsp_ready", "1'b1");
    nl_connect(m, p, "rsp_data", "pp%d_rsp_packet", e);
    nl_connect_break(m, p, "rsp_status", "pp%d_rsp_status", e);
    emit_bus_lane(m, p, "mem_", "m_", j, 32, 0);
    nl_connect(m, p, "idle", "pp%d_idle", e);
    if (!used) {
        char zero[16];
        nl_assign_to(m, "1'b0", "pp%d_req_valid", e);
        snprintf(zero, sizeof(zero), "%d'h0", PIPE_CMD_AW);
        nl_assign_to(m, zero, "pp%d_req_addr", e);
        snprintf(zero, sizeof(zero), "%u'h0", cw);
        nl_assign_to(m, zero, "pp%d_req_wdata", e);
    }
    nl_blank(m);
}

void emit_streams(struct nl_module *m, const struct hir_kernel *k, int first_port)
{
    int j = first_port;
    for (int e = 0; e < k->nstreams; e++)
        if (k->streams[e].channel == HIR_NONE)
            emit_pipe_port(m, k, e, j++);
    for (int i = 0; i < k->nops; i++) {
        if (!is_stream(k, i))
            continue;
        if (hir_is_pipe_op(&k->ops[i]))
            emit_pipe_site(m, k, i);
        else
            emit_channel_op(m, k, i);
    }
    for (int e = 0; e < k->nstreams; e++)
        if (k->streams[e].channel != HIR_NONE)
            emit_channel_port(m, k, e);
}

void emit_stream_stall(struct oclhls_strbuf *o, const struct hir_kernel *k, int si)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!is_stream(k, i) || op->seg != si)
            continue;
        if (hir_is_pipe_op(op)) {
            oclhls_strbuf_printf(o, "\n        | (");
            emit_enable(o, k, op, op->stage);
            oclhls_strbuf_printf(o, " & !ps%d_can_accept)\n        | (", i);
            emit_enable(o, k, op, op->ready_stage);
            oclhls_strbuf_printf(o, " & !ps%d_rsp_valid)", i);
        } else if (is_blocking(op)) {
            oclhls_strbuf_printf(o, "\n        | (st%d_want & !(st%d_grant & st%d_%s))", i, i,
                                 op->stream, room(&k->streams[op->stream]));
            /* st_want excludes done: an operation that moved its packet holds nothing up */
        }
    }
}

void emit_stream_idle(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    for (int e = 0; e < k->nstreams; e++)
        if (k->streams[e].channel == HIR_NONE)
            oclhls_strbuf_printf(o, " & pp%d_idle", e);
    for (int i = 0; i < k->nops; i++)
        if (is_stream(k, i) && hir_is_pipe_op(&k->ops[i]))
            oclhls_strbuf_printf(o, " & ps%d_idle", i);
}
