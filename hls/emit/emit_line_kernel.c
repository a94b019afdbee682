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

/* Launch-invariant values, as in a pipelined kernel (emit_kernel.c emit_values). */
static void emit_invariants(struct oclhls_strbuf *o, const struct hir_kernel *k)
{
    oclhls_strbuf_printf(o, "    // Launch-invariant values.\n"
                            "    /* verilator lint_off UNUSED */\n");
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->invariant)
            oclhls_strbuf_printf(o, "    wire [%u:0] v%d;  // %s, line %u\n", op->width - 1, i,
                                 hir_opcode_name(op->opcode), op->line);
    }
    oclhls_strbuf_printf(o, "    /* verilator lint_on UNUSED */\n");
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || !op->invariant)
            continue;
        oclhls_strbuf_printf(o, "    assign v%d = ", i);
        if (op->opcode == HIR_CONST || op->opcode == HIR_ARG || op->opcode == HIR_WI) {
            emit_source_value(o, k, i);
        } else {
            emit_expression(o, k, i);
            oclhls_strbuf_printf(o, ";");
        }
        oclhls_strbuf_printf(o, "\n");
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
static void emit_lane(struct oclhls_strbuf *o, const struct hir_kernel *k, const char *lane,
                      unsigned elem_bits, unsigned lanes, unsigned id_bits)
{
    /* a lane's part of an id compare is with a constant: in some lanes always true or false */
    oclhls_strbuf_printf(o,
                         "    genvar lane;\n"
                         "    /* verilator lint_off CMPCONST */\n"
                         "    generate\n"
                         "        for (lane = 0; lane < %u; lane = lane + 1) begin : g_lane\n",
                         lanes);
    unsigned lane_bits = lanes > 1 ? emit_index_bits(lanes) : 0;
    /* a compare with an id reads only its low bits and the lane number (emit_id_compare),
       so the ids' wires and LANE_LOW may go partly or wholly unread */
    oclhls_strbuf_printf(o, "            /* verilator lint_off UNUSED */\n");
    if (lane_bits)
        oclhls_strbuf_printf(o, "            localparam [%u:0] LANE_LOW = lane;\n", lane_bits - 1);
    for (int wi = 1; wi >= 0; wi--) {
        for (int i = 0; i < k->nops; i++)
            if (lane[i] && !k->ops[i].invariant && (k->ops[i].opcode == HIR_WI) == wi)
                oclhls_strbuf_printf(o, "            wire [%u:0] v%d;  // %s, line %u\n",
                                     k->ops[i].width - 1, i, hir_opcode_name(k->ops[i].opcode),
                                     k->ops[i].line);
        if (wi)
            oclhls_strbuf_printf(o, "            /* verilator lint_on UNUSED */\n");
    }
    /* values of the step's ids that stage 1 reads: registered (line_kernel.c) */
    for (int i = 0; i < k->nops; i++)
        if (lane[i] == 2)
            oclhls_strbuf_printf(o,
                                 "            reg  [%u:0] v%d_s1;\n"
                                 "            always @(posedge clk) if (take) v%d_s1 <= v%d;\n",
                                 k->ops[i].width - 1, i, i, i);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->opcode == HIR_STORE && op->live) {
            int s = stream_index(k, i);
            oclhls_strbuf_printf(o, "            assign st_data[%u + lane * %u +: %u] = ",
                                 s * lanes * elem_bits, elem_bits, elem_bits);
            emit_ref(o, k, op->ops[1], 1);
            oclhls_strbuf_printf(o, ";\n            assign st_lane_we[%d * %u + lane] = ", s,
                                 lanes);
            if (op->pred != HIR_NONE)
                emit_ref(o, k, op->pred, 1);
            else
                oclhls_strbuf_printf(o, "1'b1");
            oclhls_strbuf_printf(o, ";\n");
            continue;
        }
        if (!lane[i] || op->invariant)
            continue;
        oclhls_strbuf_printf(o, "            assign v%d = ", i);
        if (op->opcode == HIR_WI)
            oclhls_strbuf_printf(o, "next_gid | lane;\n");
        else if (op->opcode == HIR_LOAD)
            oclhls_strbuf_printf(o, "ld_line[%u + lane * %u +: %u];\n",
                                 stream_index(k, i) * lanes * elem_bits, elem_bits, elem_bits);
        else if (emit_id_compare(o, k, op, id_bits, lane_bits))
            oclhls_strbuf_printf(o, ";\n");
        else {
            emit_expression(o, k, i);
            oclhls_strbuf_printf(o, ";\n");
        }
    }
    oclhls_strbuf_printf(o, "        end\n"
                            "    endgenerate\n"
                            "    /* verilator lint_on CMPCONST */\n");
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

/* The line kernel as a netlist (netlist.h): its launch registers an instance, the rest text. */
static int build_line_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct nl_module *m)
{
    struct oclhls_strbuf *out = nl_text(m);
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
    emit_invariants(out, k);
    oclhls_strbuf_printf(
        out,
        "\n    // The engine reads a line of each load stream, the lanes compute, it writes a\n"
        "    // line of each store stream (rtl-lib/ocl_line_engine.v).\n"
        "    /* verilator lint_off UNUSED */\n"
        "    wire [31:0] step_gid, next_gid;\n"
        "    wire take;\n"
        "    wire [%u:0] ld_line;\n"
        "    wire engine_compute;\n"
        "    wire [%u:0] lane_on;  // the engine masks the stores itself\n"
        "    /* verilator lint_on UNUSED */\n"
        "    wire [%u:0] st_data;\n"
        "    wire [%u:0] st_lane_we;\n"
        "    // It loads the pointers and the first line from the host's CSR writes itself.\n"
        "    ocl_line_engine #(.R(%d), .S(%d), .MEM_DW(MEM_DW), .EW(%u), .AW(%u),\n"
        "        .LD_WORDS(",
        (nloads ? nloads : 1) * ctx->board->mem_width_bits - 1, lanes - 1,
        nstores * ctx->board->mem_width_bits - 1, nstores * lanes - 1, nloads, nstores, elem_bits,
        addr_bits);
    emit_pointer_words(out, k, HIR_LOAD);
    oclhls_strbuf_printf(out, "), .ST_WORDS(");
    emit_pointer_words(out, k, HIR_STORE);
    oclhls_strbuf_printf(
        out, ")) u_engine (\n"
             "        .clk(clk), .rst(rst), .host_wr(csr_wr & !csr_addr[10]),\n"
             "        .host_word(csr_addr[9:2]),\n"
             "        .host_wdata(csr_wdata), .start(csr_start),\n"
             "        .last_gid(csr_last_global_id[31:0]), .busy(engine_busy),\n"
             "        .step_gid(step_gid), .next_gid(next_gid), .take(take), .lane_on(lane_on),\n"
             "        .ld_line(ld_line),\n"
             "        .compute(engine_compute), .st_data(st_data), .st_lane_we(st_lane_we),\n"
             "        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),\n"
             "        .mem_req_we(mem_req_we), .mem_req_addr(mem_req_addr),\n"
             "        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),\n"
             "        .mem_rsp_valid(mem_rsp_valid), .mem_rsp_data(mem_rsp_data));\n\n");
    unsigned id_bits = emit_index_bits(hls_line_ids(ctx->board, k)); /* ids < 2^id_bits */
    emit_lane(out, k, lane, elem_bits, lanes, id_bits);
    if (emit_profile_counters(ctx, m, k, "engine_busy")) {
        free(lane);
        return -1;
    }
    oclhls_strbuf_printf(out, "    assign busy = engine_busy | csr_start; /* from the start "
                              "pulse on */\nendmodule\n\n");
    free(lane);
    return m->failed || out->failed ? hls_error(ctx, k->line, "out of memory") : 0;
}

int hls_emit_line_kernel_netlist(struct hls_ctx *ctx, const struct hir_kernel *k,
                                 struct nl_module *m)
{
    return build_line_kernel(ctx, k, m);
}

int hls_emit_line_kernel(struct hls_ctx *ctx, const struct hir_kernel *k, struct oclhls_strbuf *out)
{
    struct nl_module m = {0};
    int ret = build_line_kernel(ctx, k, &m);
    if (!ret && (nl_print(&m, out) || out->failed))
        ret = hls_error(ctx, k->line, "out of memory");
    nl_release(&m);
    return ret;
}
