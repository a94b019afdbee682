// SPDX-License-Identifier: MIT
/*
 * Verilog of a line kernel (line_kernel.c): module oclk_<name> with the same ports as a
 * pipelined kernel, built as
 *
 *   CSR writes → ocl_kernel_csr (launch values, arguments the lanes read, STATUS, CYCLES)
 *             → ocl_line_engine (the pointers and first line, its own copies) ⇄ mem port
 *                         │ lines, step id → W lanes (generate block g_lane) → store lines
 *
 * Launch-invariant values (arguments, constants, launch sizes) are module-level wires; the
 * rest of the datapath is written once inside the generate loop, so each lane has its own
 * copy under the same names (g_lane[l].v<id>). A lane's get_global_id(0) is the step's id
 * with the lane number in its low bits; its load is its element of the stream's line.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "emit_util.h"
#include "emit.h"
#include "target.h"

/* Index of load (or store) op i among the kernel's live loads (or stores), in order. */
static int stream_index(const struct hir_kernel *k, int i)
{
    int n = 0;
    for (int j = 0; j < i; j++)
        n += k->ops[j].live && k->ops[j].opcode == k->ops[i].opcode;
    return n;
}

/*
 * Marks what the lanes compute (1): store data and predicates and what they read, down to
 * loads, ids and invariants. Addresses are the engine's, so the ops only they read are left.
 */
static void mark_lane_values(const struct hir_kernel *k, char *lane)
{
    for (int i = k->nops - 1; i >= 0; i--) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->invariant)
            continue;
        if (op->opcode == HIR_STORE) {
            lane[op->ops[1]] = 1;
            if (op->pred != HIR_NONE)
                lane[op->pred] = 1;
            continue;
        }
        if (!lane[i] || op->opcode == HIR_LOAD || op->opcode == HIR_WI)
            continue;
        for (int j = 0; j < op->nops; j++)
            if (op->ops[j] != HIR_NONE)
                lane[op->ops[j]] = 1;
    }
    /* 2: a stage-0 value that stage 1 reads, so a lane registers it */
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->invariant || !op->stage)
            continue;
        for (int j = op->opcode == HIR_STORE ? 1 : 0; j < op->nops; j++)
            if (op->ops[j] != HIR_NONE && lane[op->ops[j]] && !k->ops[op->ops[j]].invariant &&
                !k->ops[op->ops[j]].stage)
                lane[op->ops[j]] = 2;
        if (op->pred != HIR_NONE && op->opcode == HIR_STORE && !k->ops[op->pred].invariant &&
            !k->ops[op->pred].stage)
            lane[op->pred] = 2;
    }
}

/* v<i>'s wire: "wire [W-1:0] v<i>;  // <opcode>, line <n>". */
static void value_wire(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    char range[24], note[64];
    snprintf(range, sizeof(range), "[%u:0]", op->width - 1);
    snprintf(note, sizeof(note), "  // %s, line %u", hir_opcode_name(op->opcode), op->line);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, note}, "v%d", i);
}

/* Launch-invariant values, as in a pipelined kernel (emit_values.c). */
static void emit_invariants(struct nl_module *m, const struct hir_kernel *k)
{
    nl_comment(m, "Launch-invariant values.");
    nl_lint(m, 0, "UNUSED", NULL);
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && k->ops[i].invariant)
            value_wire(m, k, i);
    nl_lint(m, 1, "UNUSED", NULL);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || !op->invariant)
            continue;
        struct oclhls_strbuf e = {0};
        if (op->opcode == HIR_CONST || op->opcode == HIR_ARG || op->opcode == HIR_WI) {
            emit_source_value(&e, k, i);
            if (e.len && e.buf[e.len - 1] == ';') /* written with its ";" */
                e.buf[--e.len] = 0;
        } else {
            emit_expression(&e, k, i);
        }
        nl_assign_to(m, emit_text(m, &e), "v%d", i);
        oclhls_strbuf_release(&e);
    }
}

/*
 * A compare of a lane's global id x with a value b, written for what the engine guarantees:
 * 0 <= x < 2^id_bits, x = {step, LANE_LOW} with the step the same in every lane. It then
 * needs only the low id_bits of b and whether b is above them ("big") or negative; and of
 * those low bits, the step's part compares the same in every lane (synthesis builds it
 * once), the lane's part with a constant. A carry chain of id_bits - lane_bits for all the
 * lanes instead of one of the value's width per lane (the i < n of a guard). 0 when op is
 * not such a compare.
 */
static int emit_id_compare(struct oclhls_strbuf *o, const struct hir_kernel *k,
                           const struct hir_op *op, unsigned id_bits, unsigned lane_bits)
{
    static const char *const relation[] = {"<", "<=", ">", ">="};
    if (op->opcode < HIR_ULT || op->opcode > HIR_SGE)
        return 0;
    int sgn = op->opcode >= HIR_SLT, side = -1; /* the operand that is the id */
    for (int j = 0; j < 2; j++)
        if (k->ops[op->ops[j]].opcode == HIR_WI && !k->ops[op->ops[j]].invariant)
            side = j;
    unsigned w = k->ops[op->ops[0]].width;
    if (side < 0 || id_bits + (unsigned)sgn >= w || lane_bits >= id_bits)
        return 0;
    int rel = (op->opcode - HIR_ULT) % 4; /* as x REL b: "b < x" is "x > b" */
    if (side == 1)
        rel = (rel + 2) % 4;

    struct oclhls_strbuf x = {0}, b = {0}, big = {0}, neg = {0}, low = {0};
    emit_ref(&x, k, op->ops[side], op->stage);
    /* the step: the engine's, so that every lane names the same wire (registered per lane
       when a data value is compared) */
    const char *step = op->stage ? x.buf : "next_gid";
    emit_ref(&b, k, op->ops[1 - side], op->stage);
    if (sgn) {
        oclhls_strbuf_printf(&neg, "%s[%u]", b.buf, w - 1);
        if (w - 2 >= id_bits)
            oclhls_strbuf_printf(&big, "!%s & |%s[%u:%u]", neg.buf, b.buf, w - 2, id_bits);
        else
            oclhls_strbuf_printf(&big, "1'b0");
    } else {
        oclhls_strbuf_printf(&neg, "1'b0");
        oclhls_strbuf_printf(&big, "|%s[%u:%u]", b.buf, w - 1, id_bits);
    }
    /* the low bits: the steps compare strictly, or equal and the lanes compare */
    if (!lane_bits)
        oclhls_strbuf_printf(&low, "(%s[%u:0] %s %s[%u:0])", x.buf, id_bits - 1, relation[rel],
                             b.buf, id_bits - 1);
    else
        oclhls_strbuf_printf(&low,
                             "((%s[%u:%u] %s %s[%u:%u]) | (%s[%u:%u] == %s[%u:%u]) & "
                             "(LANE_LOW %s %s[%u:0]))",
                             step, id_bits - 1, lane_bits, relation[rel & 2], b.buf, id_bits - 1,
                             lane_bits, step, id_bits - 1, lane_bits, b.buf, id_bits - 1, lane_bits,
                             relation[rel], b.buf, lane_bits - 1);
    /* x < b: big, or not negative and the low bits compare; x > b: negative, or not big
       and the low bits compare (big and negative exclude each other) */
    if (rel < 2)
        oclhls_strbuf_printf(o, "(%s) | !%s & %s", big.buf, neg.buf, low.buf);
    else
        oclhls_strbuf_printf(o, "%s | !(%s) & %s", neg.buf, big.buf, low.buf);
    int failed = x.failed || b.failed || big.failed || neg.failed || low.failed;
    oclhls_strbuf_release(&x);
    oclhls_strbuf_release(&b);
    oclhls_strbuf_release(&big);
    oclhls_strbuf_release(&neg);
    oclhls_strbuf_release(&low);
    if (failed)
        o->failed = 1;
    return 1;
}

/* One lane's datapath, inside the generate loop (genvar lane). */
static void emit_lane(struct nl_module *m, const struct hir_kernel *k, const char *lane,
                      unsigned elem_bits, unsigned lanes, unsigned id_bits)
{
    /* a lane's part of an id compare is with a constant: in some lanes always true or false */
    nl_net(m, "genvar", 0, "lane");
    nl_lint(m, 0, "CMPCONST", NULL);
    nl_generate_begin(m, "for (lane = 0; lane < %u; lane = lane + 1) begin : g_lane", lanes);
    unsigned lane_bits = lanes > 1 ? emit_index_bits(lanes) : 0;
    /* a compare with an id reads only its low bits and the lane number (emit_id_compare),
       so the ids' wires and LANE_LOW may go partly or wholly unread */
    nl_lint(m, 0, "UNUSED", NULL);
    if (lane_bits)
        nl_declare(m, &(struct nl_decl){"localparam", "", 0, "lane", NULL}, "[%u:0] LANE_LOW",
                   lane_bits - 1);
    for (int wi = 1; wi >= 0; wi--) {
        for (int i = 0; i < k->nops; i++)
            if (lane[i] && !k->ops[i].invariant && (k->ops[i].opcode == HIR_WI) == wi)
                value_wire(m, k, i);
        if (wi)
            nl_lint(m, 1, "UNUSED", NULL);
    }
    /* values of the step's ids that stage 1 reads: registered (line_kernel.c) */
    for (int i = 0; i < k->nops; i++)
        if (lane[i] == 2) {
            char range[24];
            snprintf(range, sizeof(range), "[%u:0]", k->ops[i].width - 1);
            nl_declare(m, &(struct nl_decl){"reg ", range, 0, NULL, NULL}, "v%d_s1", i);
            nl_always_form(m, NL_ALWAYS_LINE, "clk", "if (take) v%d_s1 <= v%d;", i, i);
        }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        struct oclhls_strbuf e = {0};
        if (op->opcode == HIR_STORE && op->live) {
            int s = stream_index(k, i);
            emit_ref(&e, k, op->ops[1], 1);
            nl_assign_to(m, emit_text(m, &e), "st_data[%u + lane * %u +: %u]",
                         s * lanes * elem_bits, elem_bits, elem_bits);
            oclhls_strbuf_release(&e);
            if (op->pred != HIR_NONE)
                emit_ref(&e, k, op->pred, 1);
            else
                oclhls_strbuf_printf(&e, "1'b1");
            nl_assign_to(m, emit_text(m, &e), "st_lane_we[%d * %u + lane]", s, lanes);
            oclhls_strbuf_release(&e);
            continue;
        }
        if (!lane[i] || op->invariant)
            continue;
        if (op->opcode == HIR_WI)
            oclhls_strbuf_printf(&e, "next_gid | lane");
        else if (op->opcode == HIR_LOAD)
            oclhls_strbuf_printf(&e, "ld_line[%u + lane * %u +: %u]",
                                 stream_index(k, i) * lanes * elem_bits, elem_bits, elem_bits);
        else if (!emit_id_compare(&e, k, op, id_bits, lane_bits))
            emit_expression(&e, k, i);
        nl_assign_to(m, emit_text(m, &e), "v%d", i);
        oclhls_strbuf_release(&e);
    }
    nl_generate_end(m);
    nl_lint(m, 1, "CMPCONST", NULL);
}

/* {stream n-1's, ..., stream 0's} CSR word (byte offset / 4) of the base pointer argument,
   which the engine loads from the host's writes itself (8'h00 for no stream). */
static void emit_pointer_words(struct oclhls_strbuf *o, const struct hir_kernel *k,
                               enum hir_opcode opcode)
{
    int n = 0;
    for (int i = k->nops - 1; i >= 0; i--) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || op->opcode != opcode)
            continue;
        const struct hir_op *add = &k->ops[op->ops[0]];
        int base = k->ops[add->ops[0]].opcode == HIR_ARG ? add->ops[0] : add->ops[1];
        oclhls_strbuf_printf(o, "%s8'h%02x", n++ ? ", " : "{",
                             k->arg_csr_offset[k->ops[base].imm] / 4);
    }
    oclhls_strbuf_printf(o, n ? "}" : "8'h00");
}

/* The engine's wires: lines in and out, the step's ids, the lanes' store enables. */
static void emit_engine_wires(struct nl_module *m, const struct oclhls_board *board, int nloads,
                              int nstores, unsigned lanes)
{
    char range[24];
    nl_comment(m, "The engine reads a line of each load stream, the lanes compute, it writes a\n"
                  "line of each store stream (rtl-lib/ocl_line_engine.v).");
    nl_lint(m, 0, "UNUSED", NULL);
    nl_net(m, "wire", 32, "step_gid, next_gid");
    nl_net(m, "wire", 0, "take");
    snprintf(range, sizeof(range), "[%u:0]", (nloads ? nloads : 1) * board->mem_width_bits - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "ld_line");
    nl_net(m, "wire", 0, "engine_compute");
    snprintf(range, sizeof(range), "[%u:0]", lanes - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, "  // the engine masks the stores itself"},
               "lane_on");
    nl_lint(m, 1, "UNUSED", NULL);
    snprintf(range, sizeof(range), "[%u:0]", nstores * board->mem_width_bits - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "st_data");
    snprintf(range, sizeof(range), "[%u:0]", nstores * lanes - 1);
    nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, NULL}, "st_lane_we");
}

/* The ocl_line_engine instance: R load and S store streams of EW-bit elements. */
static void emit_engine(struct nl_module *m, const struct hir_kernel *k, int nloads, int nstores,
                        unsigned elem_bits, unsigned addr_bits)
{
    struct oclhls_strbuf ld = {0}, st = {0};
    emit_pointer_words(&ld, k, HIR_LOAD);
    emit_pointer_words(&st, k, HIR_STORE);
    nl_comment(m, "It loads the pointers and the first line from the host's CSR writes itself.");
    struct nl_instance *u = nl_instance(m, "ocl_line_engine", "u_engine");
    if (u)
        u->param_indent = 8;
    nl_param(m, u, "R", nloads);
    nl_param(m, u, "S", nstores);
    nl_param_expr(m, u, "MEM_DW", "MEM_DW");
    nl_param(m, u, "EW", elem_bits);
    nl_param(m, u, "AW", addr_bits);
    nl_param_expr(m, u, "LD_WORDS", emit_text(m, &ld));
    if (u && u->nparams)
        u->params[u->nparams - 1].line_break = 1;
    nl_param_expr(m, u, "ST_WORDS", emit_text(m, &st));
    oclhls_strbuf_release(&ld);
    oclhls_strbuf_release(&st);
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "rst", "rst");
    nl_connect(m, u, "host_wr", "csr_wr & !csr_addr[10]");
    nl_connect_break(m, u, "host_word", "csr_addr[9:2]");
    nl_connect_break(m, u, "host_wdata", "csr_wdata");
    nl_connect(m, u, "start", "csr_start");
    nl_connect_break(m, u, "last_gid", "csr_last_global_id[31:0]");
    nl_connect(m, u, "busy", "engine_busy");
    nl_connect_break(m, u, "step_gid", "step_gid");
    nl_connect(m, u, "next_gid", "next_gid");
    nl_connect(m, u, "take", "take");
    nl_connect(m, u, "lane_on", "lane_on");
    nl_connect_break(m, u, "ld_line", "ld_line");
    nl_connect_break(m, u, "compute", "engine_compute");
    nl_connect(m, u, "st_data", "st_data");
    nl_connect(m, u, "st_lane_we", "st_lane_we");
    static const char *const mem[] = {"mem_req_valid", "mem_req_ready", "mem_req_we",
                                      "mem_req_addr",  "mem_req_wdata", "mem_req_wstrb",
                                      "mem_rsp_valid", "mem_rsp_data"};
    for (int p = 0; p < 8; p++) /* two to a line */
        if (p % 2)
            nl_connect(m, u, mem[p], "%s", mem[p]);
        else
            nl_connect_break(m, u, mem[p], "%s", mem[p]);
    nl_blank(m);
}

/* The line kernel as a netlist (netlist.h): the engine, the lanes in a generate loop. */
static int build_line_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m)
{
    unsigned elem_bits = k->line_elem_bits;
    unsigned lanes = ctx->board->mem_width_bits / elem_bits;
    unsigned addr_bits = hls_mem_addr_bits(ctx->board);
    int nloads = k->line_loads, nstores = k->line_stores;
    char *lane = calloc(k->nops > 0 ? (size_t)k->nops : 1, 1);
    if (!lane)
        return hls_error(ctx, k->line, "out of memory");
    mark_lane_values(k, lane);

    struct oclhls_strbuf name = {0};
    oclhls_strbuf_printf(&name, "oclk_%s", k->name);
    nl_module_begin(m, name.buf ? name.buf : "", "MEM_DW = 512",
                    "Kernel '%s' (source line %u): line kernel, %d load and %d store streams of "
                    "%u-bit elements, %u lanes.",
                    k->name, k->line, nloads, nstores, elem_bits, lanes);
    m->failed |= name.failed;
    oclhls_strbuf_release(&name);
    emit_module_ports(m, 11);
    nl_net(m, "wire", 0, "engine_busy");
    emit_launch_registers(m, k, ctx->board, "engine_busy");
    emit_functions(m, k);
    emit_invariants(m, k);
    nl_blank(m);
    emit_engine_wires(m, ctx->board, nloads, nstores, lanes);
    emit_engine(m, k, nloads, nstores, elem_bits, addr_bits);
    unsigned id_bits = emit_index_bits(hls_line_ids(ctx->board, k)); /* ids < 2^id_bits */
    emit_lane(m, k, lane, elem_bits, lanes, id_bits);
    if (emit_profile_counters(ctx, m, k, "engine_busy")) {
        free(lane);
        return -1;
    }
    nl_assign_note(m, "busy", " /* from the start pulse on */", "engine_busy | csr_start");
    nl_end(m);
    nl_blank(m);
    free(lane);
    return m->failed ? hls_error(ctx, k->line, "out of memory") : 0;
}

int hls_emit_line_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k,
                                 struct nl_module *m)
{
    return build_line_kernel(ctx, k, m);
}
