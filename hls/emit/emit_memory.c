// SPDX-License-Identifier: MIT
/*
 * The memory side of a kernel: one LSU per access, the kernel's arbiter onto its memory
 * port; then the global stall, the flush and the idle summary (emit_stall.c). The pipeline
 * stalls only when a valid, enabled access finds its LSU full, its response not back yet,
 * or (ordered accesses) earlier stores of the same work-item not yet in memory.
 */
#include <stdio.h>
#include <string.h>

#include "emit_util.h"

/* Store LSUs' line write queues (the target model's depth). */
static unsigned store_queue_depth(const struct oclhls_board *board)
{
    return hls_target_of(board).store_queue_depth;
}

/* Load LSUs' queues of line reads toward memory (ocl_lsu_load MQ_DEPTH): the target model's
   depth, at most the unit's own queue. */
static unsigned load_request_depth(const struct oclhls_board *board, unsigned depth)
{
    unsigned d = hls_target_of(board).load_request_depth;
    return d < depth ? d : depth;
}

/* The high address bits an LSU does not drive, and the blank line after the unit. */
static void emit_high_addr(struct nl_module *m, int j, unsigned aw)
{
    char rhs[16];
    snprintf(rhs, sizeof(rhs), "%u'd0", 32 - aw);
    if (aw < 32)
        nl_assign_to(m, rhs, "m_req_addr[%d*32+%u +: %u]", j, aw, 32 - aw);
    nl_blank(m);
}

/* Unit in on port j of the kernel's memory arbiter. */
static void connect_bus(struct nl_module *m, struct nl_instance *in, int j, unsigned aw)
{
    emit_bus_lane(m, in, "mem_", "m_", j, aw, 0);
    emit_high_addr(m, j, aw);
}

/* "wire lsu<j>_<name> = <enable at stage> & !s<seg>_stall;" */
static void emit_enable_wire(struct nl_module *m, const struct hir_kernel *k,
                             const struct hir_op *op, int stage, const char *name)
{
    struct oclhls_strbuf e = {0};
    emit_enable(&e, k, op, stage);
    oclhls_strbuf_printf(&e, " & !s%d_stall", op->seg);
    nl_wire_to(m, 0, emit_text(m, &e), "lsu%d_%s", op->lsu, name);
    oclhls_strbuf_release(&e);
}

/* An access's byte address as its LSU takes it: the low `aw` bits (hls_mem_addr_bits). */
static void emit_lsu_addr(struct oclhls_strbuf *o, const struct hir_kernel *k,
                          const struct hir_op *op, unsigned aw)
{
    emit_ref(o, k, op->ops[0], op->stage);
    if (aw < 32)
        oclhls_strbuf_printf(o, "[%u:0]", aw - 1);
}

/*
 * The LSUs of a segment whose stall is a register (emit_stall_registered) report with
 * slack: room for two requests, which takes a queue entry more to keep one request per
 * clock (a load unit one deeper, three line reads or writes queued where two were).
 */
static int lsu_slack(struct hls_ctx *ctx, const struct hir_kernel *k, const struct hir_op *op)
{
    return emit_stall_registered(k, op->seg, hls_target_of(ctx->board).registered_stall);
}

static void emit_load(struct nl_module *m, const struct hir_kernel *k, int i, unsigned depth,
                      unsigned mq_depth, unsigned aw, int head_reg, int slack)
{
    struct oclhls_strbuf addr = {0};
    const struct hir_op *op = &k->ops[i];
    int j = op->lsu;
    char range[24];
    nl_comment(m, "load, line %u: issued in stage %d, data taken in stage %d%s", op->line,
               op->stage, op->ready_stage, op->ordered ? " (waits for earlier stores)" : "");
    if (slack) { /* rsp_valid[1]: the next answer's data too */
        nl_net(m, "wire", 0, "lsu%d_can_accept, lsu%d_idle", j, j);
        nl_net(m, "wire", 2, "lsu%d_rsp_valid", j);
    } else {
        nl_net(m, "wire", 0, "lsu%d_can_accept, lsu%d_rsp_valid, lsu%d_idle", j, j, j);
    }
    snprintf(range, sizeof(range), "[%u:0]", op->width - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "lsu%d_rsp_data", j);
    emit_enable_wire(m, k, op, op->stage, "fire");
    emit_enable_wire(m, k, op, op->ready_stage, "pop");
    emit_lsu_addr(&addr, k, op, aw);
    char name[32];
    snprintf(name, sizeof(name), "u_lsu%d", j);
    struct nl_instance *u = nl_instance(m, "ocl_lsu_load", name);
    nl_param(m, u, "DW", op->width);
    nl_param_expr(m, u, "MEM_DW", "MEM_DW");
    nl_param(m, u, "AW", aw);
    nl_param(m, u, "DEPTH", depth);
    nl_param(m, u, "CACHE", !op->ordered && !op->uncached);
    nl_param_break(m, u, "MQ_DEPTH", mq_depth);
    if (head_reg)
        nl_param(m, u, "HEAD_REG", 1);
    if (slack)
        nl_param(m, u, "SLACK", 1);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "clear", "csr_start");
    nl_connect_break(m, u, "req_can_accept", "lsu%d_can_accept", j);
    nl_connect(m, u, "req_fire", "lsu%d_fire", j);
    nl_connect(m, u, "req_addr", "%s", addr.buf ? addr.buf : "");
    nl_connect_break(m, u, "rsp_valid", "lsu%d_rsp_valid", j);
    nl_connect(m, u, "rsp_pop", "lsu%d_pop", j);
    nl_connect(m, u, "rsp_data", "lsu%d_rsp_data", j);
    nl_connect_break(m, u, "idle", "lsu%d_idle", j);
    connect_bus(m, u, j, aw);
    if (addr.failed)
        m->failed = 1;
    oclhls_strbuf_release(&addr);
}

/* A global atomic site's wires: the pipeline's fire and pop, the unit's answers. */
static void emit_atomic_site(struct nl_module *m, const struct hir_kernel *k,
                             const struct hir_op *op)
{
    int j = op->lsu;
    char taken[48];
    if (op->discard)
        snprintf(taken, sizeof(taken), "old value not read");
    else
        snprintf(taken, sizeof(taken), "old value taken in stage %d", op->ready_stage);
    nl_comment(m, "atomic %s, line %u: issued in stage %d, %s%s%s",
               hir_atomic_name((enum hir_atomic_op)(op->atomic - 1)), op->line, op->stage, taken,
               op->ordered ? " (waits for earlier stores)" : "",
               op->unit != HIR_NONE ? " (a shared unit)" : "");
    nl_net(m, "wire", 0, "lsu%d_can_accept, lsu%d_idle", j, j);
    nl_lint(m, 0, "UNUSED", "written: ordered accesses, fences;");
    nl_declare(m,
               &(struct nl_decl){"wire", "", 0, NULL, " // rsp_valid: when the old value is read"},
               "lsu%d_written, lsu%d_rsp_valid", j, j);
    nl_lint(m, 1, "UNUSED", NULL);
    nl_net(m, "wire", 32, "lsu%d_rsp_data", j);
    emit_enable_wire(m, k, op, op->stage, "fire");
    if (op->discard)
        nl_declare(m, &(struct nl_decl){"wire", "", 0, "1'b0", " // the unit pops by itself"},
                   "lsu%d_pop", j);
    else
        emit_enable_wire(m, k, op, op->ready_stage, "pop");
}

/*
 * A global atomic site with a unit of its own: ocl_atomic, which answers like a load with the
 * old word. When nothing reads the old word (op->discard) the unit pops its answers itself
 * (RESULT 0): the pipeline only fires, as into a store LSU.
 */
static void emit_atomic(struct nl_module *m, const struct hir_kernel *k, int i, unsigned depth,
                        unsigned aw, int head_reg)
{
    const struct hir_op *op = &k->ops[i];
    int j = op->lsu;
    struct oclhls_strbuf addr = {0}, a = {0}, b = {0};
    emit_atomic_site(m, k, op);
    emit_unit_atomic_gate(m, k, j); /* compute units: requests only while holding the lock */
    emit_lsu_addr(&addr, k, op, aw);
    emit_ref(&a, k, op->ops[1], op->stage);
    emit_ref(&b, k, op->ops[2], op->stage);
    char name[32];
    snprintf(name, sizeof(name), "u_lsu%d", j);
    struct nl_instance *u = nl_instance(m, "ocl_atomic", name);
    nl_param_expr(m, u, "MEM_DW", "MEM_DW");
    nl_param(m, u, "AW", aw);
    nl_param(m, u, "DEPTH", depth);
    nl_param(m, u, "OP", op->atomic - 1);
    nl_param(m, u, "RESULT", !op->discard);
    if (head_reg)
        nl_param(m, u, "HEAD_REG", 1);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "clear", "%s", emit_unit_atomic_clear(k));
    nl_connect_break(m, u, "req_can_accept", "lsu%d_%s", j, emit_unit_atomic_accept(k));
    nl_connect(m, u, "req_fire", "lsu%d_fire", j);
    nl_connect_break(m, u, "req_op", "4'd%d", op->atomic - 1);
    nl_connect(m, u, "req_addr", "%s", addr.buf ? addr.buf : "");
    nl_connect(m, u, "req_a", "%s[31:0]", a.buf ? a.buf : "");
    nl_connect(m, u, "req_b", "%s[31:0]", b.buf ? b.buf : "");
    nl_connect_break(m, u, "rsp_valid", "lsu%d_rsp_valid", j);
    nl_connect(m, u, "rsp_pop", "lsu%d_pop", j);
    nl_connect(m, u, "rsp_data", "lsu%d_rsp_data", j);
    nl_connect_break(m, u, "idle", "lsu%d_idle", j);
    nl_connect(m, u, "writes_done", "lsu%d_written", j);
    connect_bus(m, u, j, aw);
    if (addr.failed || a.failed || b.failed)
        m->failed = 1;
    oclhls_strbuf_release(&addr);
    oclhls_strbuf_release(&a);
    oclhls_strbuf_release(&b);
}

/* A site of a shared unit gives its memory port up: the unit has the group's first one. */
static void emit_idle_port(struct nl_module *m, int j)
{
    char rhs[64];
    nl_blank(m);
    nl_comment(m, "its requests go through the shared unit's port");
    nl_assign_to(m, "1'b0", "m_req_valid[%d]", j);
    nl_assign_to(m, "1'b0", "m_req_we[%d]", j);
    nl_assign_to(m, "32'd0", "m_req_addr[%d*32 +: 32]", j);
    nl_assign_to(m, "{MEM_DW{1'b0}}", "m_req_wdata[%d*MEM_DW +: MEM_DW]", j);
    nl_assign_to(m, "{(MEM_DW/8){1'b0}}", "m_req_wstrb[%d*(MEM_DW/8) +: MEM_DW/8]", j);
    nl_lint(m, 0, "UNUSED", NULL);
    snprintf(rhs, sizeof(rhs), "&{1'b0, m_req_ready[%d], m_rsp_valid[%d]}", j, j);
    nl_wire_to(m, 0, rhs, "unused_port%d", j);
    nl_lint(m, 1, "UNUSED", NULL);
    nl_blank(m);
}

/* "{ site n-1, ..., site 0 }" of one field of the sites of shared unit `group`. */
static void emit_site_list(struct oclhls_strbuf *o, const struct hir_kernel *k, int group,
                           const char *field)
{
    const char *sep = "";
    oclhls_strbuf_puts(o, "{");
    for (int i = k->nops - 1; i >= 0; i--) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || !op->atomic || op->lsu == HIR_NONE || op->unit != group)
            continue;
        oclhls_strbuf_puts(o, sep);
        sep = ", ";
        if (!strcmp(field, "addr"))
            emit_lsu_addr(o, k, op, 32);
        else if (!strcmp(field, "op"))
            oclhls_strbuf_printf(o, "4'd%d", op->atomic - 1);
        else if (!strcmp(field, "a") || !strcmp(field, "b")) {
            emit_ref(o, k, op->ops[field[0] == 'a' ? 1 : 2], op->stage);
            oclhls_strbuf_puts(o, "[31:0]");
        } else
            oclhls_strbuf_printf(o, "lsu%d_%s", op->lsu, field);
    }
    oclhls_strbuf_puts(o, "}");
}

/* The op of the group's first site (the one whose LSU names the group). */
static int first_site(const struct hir_kernel *k, int group)
{
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].atomic && k->ops[i].lsu == group)
            return i;
    return 0;
}

/*
 * The unit the sites of group share (rtl-lib/ocl_atomic_share.v), on the group's first memory
 * port. Site i of the unit is the group's i-th site in program order.
 */
static void emit_atomic_share(struct nl_module *m, const struct hir_kernel *k, int group,
                              unsigned depth)
{
    unsigned n = 0, results = 0;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->atomic && op->lsu != HIR_NONE && op->unit == group)
            results |= (unsigned)!op->discard << n++;
    }
    char name[32];
    snprintf(name, sizeof(name), "u_share%d", group);
    struct nl_instance *u;
    int printf_counter = hir_is_printf_counter(k, &k->ops[first_site(k, group)]);
    if (printf_counter) {
        /* printf's counter: a register, never read from memory (ocl_printf_counter.v); its
           count is read only by compute units' (emit_unit_printf_counter) */
        nl_comment(m, "printf's counter for the %u printf calls", n);
        nl_lint(m, 0, "PINCONNECTEMPTY", NULL);
        u = nl_instance(m, "ocl_printf_counter", name);
        nl_param(m, u, "N", n);
        nl_param(m, u, "DEPTH", HLS_PRINTF_COUNTER_DEPTH);
        nl_param_expr(m, u, "MEM_DW", "MEM_DW");
        nl_param(m, u, "AW", 32);
    } else {
        nl_comment(m, "the %u atomic sites that may touch the same words: one unit", n);
        u = nl_instance(m, "ocl_atomic_share", name);
        nl_param(m, u, "N", n);
        nl_param_expr(m, u, "MEM_DW", "MEM_DW");
        nl_param(m, u, "AW", 32);
        nl_param(m, u, "DEPTH", depth);
        nl_param_sized(m, u, "RESULTS", n, results);
    }
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    if (printf_counter)
        emit_unit_printf_counter(m, u, k);
    else
        nl_connect(m, u, "clear", "%s", emit_unit_atomic_clear(k));
    const char *accept = emit_unit_atomic_accept(k);
    const char *const fields[][2] = {{"req_can_accept", accept},
                                     {"req_fire", "fire"},
                                     {"req_addr", "addr"},
                                     {"req_op", "op"},
                                     {"req_a", "a"},
                                     {"req_b", "b"},
                                     {"rsp_valid", "rsp_valid"},
                                     {"rsp_pop", "pop"},
                                     {"rsp_data", "rsp_data"},
                                     {"idle", "idle"},
                                     {"writes_done", "written"}};
    for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
        struct oclhls_strbuf list = {0};
        emit_site_list(&list, k, group, fields[f][1]);
        nl_connect_break(m, u, fields[f][0], "%s", list.buf ? list.buf : "");
        if (list.failed)
            m->failed = 1;
        oclhls_strbuf_release(&list);
    }
    connect_bus(m, u, group, 32);
    if (printf_counter)
        nl_lint(m, 1, "PINCONNECTEMPTY", NULL);
}

static void emit_store(struct nl_module *m, const struct hir_kernel *k, int i, unsigned depth,
                       unsigned aw, int slack)
{
    struct oclhls_strbuf addr = {0}, data = {0};
    const struct hir_op *op = &k->ops[i];
    int j = op->lsu;
    nl_comment(m, "store, line %u: stage %d%s", op->line, op->stage,
               op->ordered ? " (waits for earlier stores)" : "");
    nl_net(m, "wire", 0, "lsu%d_can_accept, lsu%d_idle, lsu%d_flush", j, j, j);
    emit_enable_wire(m, k, op, op->stage, "fire");
    emit_lsu_addr(&addr, k, op, aw);
    emit_ref(&data, k, op->ops[1], op->stage);
    char name[32];
    snprintf(name, sizeof(name), "u_lsu%d", j);
    struct nl_instance *u = nl_instance(m, "ocl_lsu_store", name);
    nl_param(m, u, "DW", op->imm);
    nl_param_expr(m, u, "MEM_DW", "MEM_DW");
    nl_param(m, u, "AW", aw);
    nl_param(m, u, "DEPTH", depth);
    if (slack)
        nl_param(m, u, "SLACK", 1);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect_break(m, u, "req_can_accept", "lsu%d_can_accept", j);
    nl_connect(m, u, "req_fire", "lsu%d_fire", j);
    nl_connect(m, u, "req_addr", "%s", addr.buf ? addr.buf : "");
    nl_connect_break(m, u, "req_data", "%s", data.buf ? data.buf : "");
    nl_connect(m, u, "flush", "lsu%d_flush", j);
    nl_connect(m, u, "idle", "lsu%d_idle", j);
    connect_bus(m, u, j, aw);
    nl_lint(m, 0, "UNUSED", "read by ordered accesses, fences");
    char idle[24];
    snprintf(idle, sizeof(idle), "lsu%d_idle", j);
    nl_wire_to(m, 0, idle, "lsu%d_written", j);
    nl_lint(m, 1, "UNUSED", NULL);
    nl_blank(m);
    if (addr.failed || data.failed)
        m->failed = 1;
    oclhls_strbuf_release(&addr);
    oclhls_strbuf_release(&data);
}

static void emit_no_memory(struct nl_module *m)
{
    nl_comment(m, "No memory accesses: the memory port is idle.");
    nl_assign(m, "mem_req_valid", "1'b0");
    nl_assign(m, "mem_req_we", "1'b0");
    nl_assign(m, "mem_req_addr", "32'h0");
    nl_assign(m, "mem_req_wdata", "{MEM_DW{1'b0}}");
    nl_assign(m, "mem_req_wstrb", "{(MEM_DW/8){1'b0}}");
    nl_lint(m, 0, "UNUSED", NULL);
    nl_wire_init(m, 0, "unused_mem", "&{1'b0, mem_req_ready, mem_rsp_valid, mem_rsp_data}");
    nl_lint(m, 1, "UNUSED", NULL);
}

/* A shared unit's DEPTH: the most any of its sites needs in flight. */
static unsigned share_depth(const struct oclhls_board *board, const struct hir_kernel *k, int group)
{
    unsigned depth = 1;
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->atomic && op->lsu != HIR_NONE && op->unit == group &&
            hls_atomic_depth(board, op) > depth)
            depth = hls_atomic_depth(board, op);
    }
    return depth;
}

void emit_bus_wires(struct nl_module *m, const char *units, int n)
{
    char range[32];
    nl_net(m, "wire", (unsigned)n, "%sreq_valid, %sreq_ready, %sreq_we, %srsp_valid", units, units,
           units, units);
    snprintf(range, sizeof(range), "[%d*32-1:0]", n);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "%sreq_addr", units);
    snprintf(range, sizeof(range), "[%d*MEM_DW-1:0]", n);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "%sreq_wdata", units);
    snprintf(range, sizeof(range), "[%d*(MEM_DW/8)-1:0]", n);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "%sreq_wstrb", units);
    nl_declare(m, &(struct nl_decl){"wire", "[MEM_DW-1:0]", 0, NULL, NULL}, "%srsp_data", units);
    nl_blank(m);
}

void emit_arbiter_ports(struct nl_module *m, struct nl_instance *arb, const char *units)
{
    nl_connect(m, arb, "clk", "clk");
    nl_connect(m, arb, "rst", "rst");
    nl_connect_break(m, arb, "m_req_valid", "%sreq_valid", units);
    nl_connect(m, arb, "m_req_ready", "%sreq_ready", units);
    nl_connect(m, arb, "m_req_we", "%sreq_we", units);
    nl_connect_break(m, arb, "m_req_addr", "%sreq_addr", units);
    nl_connect(m, arb, "m_req_wdata", "%sreq_wdata", units);
    nl_connect(m, arb, "m_req_wstrb", "%sreq_wstrb", units);
    nl_connect_break(m, arb, "m_rsp_valid", "%srsp_valid", units);
    nl_connect(m, arb, "m_rsp_data", "%srsp_data", units);
    nl_connect_break(m, arb, "mem_req_valid", "mem_req_valid");
    nl_connect(m, arb, "mem_req_ready", "mem_req_ready");
    nl_connect_break(m, arb, "mem_req_we", "mem_req_we");
    nl_connect(m, arb, "mem_req_addr", "mem_req_addr");
    nl_connect_break(m, arb, "mem_req_wdata", "mem_req_wdata");
    nl_connect(m, arb, "mem_req_wstrb", "mem_req_wstrb");
    nl_connect_break(m, arb, "mem_rsp_valid", "mem_rsp_valid");
    nl_connect(m, arb, "mem_rsp_data", "mem_rsp_data");
}

int emit_memory(struct hls_ctx *ctx, struct nl_module *m, const struct hir_kernel *k)
{
    int npipes = emit_stream_count_pipes(k), n = k->nlsus + npipes, nloads = 0, nslack = 0;
    unsigned depth = hls_load_depth(ctx->board), aw = hls_mem_addr_bits(ctx->board);
    int registered = hls_target_of(ctx->board).registered_stall;

    emit_private_arrays(m, k);
    if (n == 0) {
        emit_no_memory(m);
        emit_streams(m, k, 0);
        emit_stall(m, k, registered);
        emit_flush_and_idle(m, k);
        return 0;
    }
    nl_comment(m, "Memory: %d LSUs and pipe ports share the kernel's port.", n);
    emit_bus_wires(m, "m_", n);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->lsu == HIR_NONE)
            continue;
        if (op->atomic && op->unit != HIR_NONE) { /* a site of a shared unit (below) */
            emit_atomic_site(m, k, op);
            emit_unit_atomic_gate(m, k, op->lsu);
            if (op->unit != op->lsu)
                emit_idle_port(m, op->lsu);
            else
                nloads++;
        } else if (op->atomic) {
            emit_atomic(m, k, i, hls_atomic_depth(ctx->board, op), aw,
                        hls_target_of(ctx->board).lsu_head_reg);
            nloads++;
        } else if (op->opcode == HIR_LOAD) {
            int slack = lsu_slack(ctx, k, op);
            emit_load(m, k, i, depth + (unsigned)slack,
                      load_request_depth(ctx->board, depth) + (unsigned)slack, aw,
                      hls_target_of(ctx->board).lsu_head_reg, slack);
            nloads++;
            nslack += slack;
        } else {
            int slack = lsu_slack(ctx, k, op);
            emit_store(m, k, i, store_queue_depth(ctx->board) + (unsigned)slack, aw, slack);
        }
    }
    for (int i = 0; i < k->nops; i++) { /* the shared atomic units, each once */
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->atomic && op->lsu != HIR_NONE && op->unit == op->lsu)
            emit_atomic_share(m, k, op->unit, share_depth(ctx->board, k, op->unit));
    }
    emit_streams(m, k, k->nlsus);
    struct nl_instance *arb = nl_instance(m, "ocl_mem_arbiter", "u_arb");
    nl_param(m, arb, "N", n);
    nl_param_expr(m, arb, "MEM_DW", "MEM_DW");
    nl_param(m, arb, "AW", 32);
    nl_param(m, arb, "TAGQ_DEPTH",
             depth * (unsigned)(nloads ? nloads : 1) + (unsigned)nslack + 16u * (unsigned)npipes);
    emit_arbiter_ports(m, arb, "m_");
    nl_blank(m);
    emit_stall(m, k, registered);
    emit_flush_and_idle(m, k);
    return 0;
}
