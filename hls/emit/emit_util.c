// SPDX-License-Identifier: MIT
#include "emit_util.h"

#include <stdio.h>

void emit_ref(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int s)
{
    const struct hir_op *op = &k->ops[v];
    if (op->invariant || s <= op->ready_stage)
        oclhls_strbuf_printf(o, "v%d", v);
    else {
        oclhls_strbuf_printf(o, "v%d_s%d", v, s);
        emit_reads_record(v, s);
    }
}

void emit_enable(struct oclhls_strbuf *o, const struct hir_kernel *k, const struct hir_op *op,
                 int stage)
{
    oclhls_strbuf_printf(o, "s%d_valid[%d] & ", op->seg, stage);
    emit_ref(o, k, op->pred, stage);
    oclhls_strbuf_printf(o, "[0]");
}

const struct hir_segment *emit_segment_to(const struct hir_kernel *k, enum hir_seg_to to, int loop)
{
    int si = hls_segment_to(k, to, loop);
    return si == HIR_NONE ? NULL : &k->segs[si];
}

unsigned emit_barrier_token_width(const struct hir_kernel *k, int b)
{
    const struct hir_segment *s = emit_segment_to(k, HIR_TO_BARRIER, b);
    unsigned w = 0;
    for (int i = 0; i < s->nout; i++)
        w += emit_token_bits(k, s->out[i]);
    return w ? w : 1;
}

void emit_extended_ref(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int s,
                       unsigned width, int sign)
{
    unsigned w = k->ops[v].width;
    if (w >= width) {
        emit_ref(o, k, v, s);
        return;
    }
    oclhls_strbuf_printf(o, "{{%u{", width - w);
    if (sign) {
        emit_ref(o, k, v, s);
        oclhls_strbuf_printf(o, "[%u]", w - 1);
    } else {
        oclhls_strbuf_printf(o, "1'b0");
    }
    oclhls_strbuf_printf(o, "}}, ");
    emit_ref(o, k, v, s);
    oclhls_strbuf_printf(o, "}");
}

unsigned emit_token_bits(const struct hir_kernel *k, int v)
{
    unsigned w = k->ops[v].width, sb = k->ops[v].sig_bits;
    return sb && sb < w ? sb : w;
}

void emit_token_part(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, int c, int s)
{
    unsigned bits = emit_token_bits(k, v);
    emit_ref(o, k, c, s);
    if (bits < k->ops[v].width)
        oclhls_strbuf_printf(o, "[%u:0]", bits - 1);
}

void emit_token_widened(struct oclhls_strbuf *o, const struct hir_kernel *k, int v, const char *bus,
                        unsigned off)
{
    unsigned bits = emit_token_bits(k, v), w = k->ops[v].width;
    if (bits < w)
        oclhls_strbuf_printf(o, "{%u'd0, %s[%u:%u]}", w - bits, bus, off + bits - 1, off);
    else
        oclhls_strbuf_printf(o, "%s[%u:%u]", bus, off + w - 1, off);
}

static const char *binary_operator(enum hir_opcode op)
{
    switch (op) {
    case HIR_ADD:
        return "+";
    case HIR_SUB:
        return "-";
    case HIR_MUL:
        return "*";
    case HIR_SHL:
        return "<<";
    case HIR_LSHR:
        return ">>";
    case HIR_AND:
        return "&";
    case HIR_OR:
        return "|";
    case HIR_XOR:
        return "^";
    case HIR_EQ:
        return "==";
    case HIR_NE:
        return "!=";
    case HIR_ULT:
    case HIR_SLT:
        return "<";
    case HIR_ULE:
    case HIR_SLE:
        return "<=";
    case HIR_UGT:
    case HIR_SGT:
        return ">";
    case HIR_UGE:
    case HIR_SGE:
        return ">=";
    default:
        return NULL;
    }
}

static int is_signed_compare(enum hir_opcode op)
{
    return op == HIR_SLT || op == HIR_SLE || op == HIR_SGT || op == HIR_SGE;
}

/* a OP b, with $signed() around both for signed comparisons. */
static void emit_binary(struct oclhls_strbuf *o, const struct hir_kernel *k,
                        const struct hir_op *op, const char *sym, int sgn)
{
    oclhls_strbuf_printf(o, sgn ? "$signed(" : "");
    emit_ref(o, k, op->ops[0], op->stage);
    oclhls_strbuf_printf(o, sgn ? ") %s $signed(" : " %s ", sym);
    emit_ref(o, k, op->ops[1], op->stage);
    oclhls_strbuf_printf(o, sgn ? ")" : "");
}

static void emit_minmax(struct oclhls_strbuf *o, const struct hir_kernel *k,
                        const struct hir_op *op)
{
    int sgn = op->opcode == HIR_SMIN || op->opcode == HIR_SMAX;
    int min = op->opcode == HIR_SMIN || op->opcode == HIR_UMIN;
    oclhls_strbuf_printf(o, "(");
    emit_binary(o, k, op, "<", sgn);
    oclhls_strbuf_printf(o, ") ? ");
    emit_ref(o, k, op->ops[min ? 0 : 1], op->stage);
    oclhls_strbuf_printf(o, " : ");
    emit_ref(o, k, op->ops[min ? 1 : 0], op->stage);
}

static void emit_funnel(struct oclhls_strbuf *o, const struct hir_kernel *k,
                        const struct hir_op *op)
{
    /* fshl: high half of {a,b} << (c mod W); fshr: low half of {a,b} >> (c mod W). */
    unsigned w = op->width;
    int left = op->opcode == HIR_FSHL;
    oclhls_strbuf_printf(o, "f_funnel%s_%u(", left ? "l" : "r", w);
    for (int j = 0; j < 3; j++) {
        emit_ref(o, k, op->ops[j], op->stage);
        oclhls_strbuf_printf(o, j < 2 ? ", " : ")");
    }
}

void emit_expression(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    const char *sym = binary_operator(op->opcode);
    unsigned w = op->width;

    if (sym) {
        emit_binary(o, k, op, sym, is_signed_compare(op->opcode));
        return;
    }
    switch (op->opcode) {
    case HIR_ASHR:
        oclhls_strbuf_printf(o, "$signed(");
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, ") >>> ");
        emit_ref(o, k, op->ops[1], op->stage);
        break;
    case HIR_SELECT:
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, " ? ");
        emit_ref(o, k, op->ops[1], op->stage);
        oclhls_strbuf_printf(o, " : ");
        emit_ref(o, k, op->ops[2], op->stage);
        break;
    case HIR_ZEXT:
    case HIR_SEXT:
        emit_extended_ref(o, k, op->ops[0], op->stage, w, op->opcode == HIR_SEXT);
        break;
    case HIR_TRUNC:
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, "[%u:0]", w - 1);
        break;
    case HIR_UMIN:
    case HIR_UMAX:
    case HIR_SMIN:
    case HIR_SMAX:
        emit_minmax(o, k, op);
        break;
    case HIR_ABS:
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, "[%u] ? -", w - 1);
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, " : ");
        emit_ref(o, k, op->ops[0], op->stage);
        break;
    case HIR_BSWAP:
        oclhls_strbuf_printf(o, "{");
        for (unsigned b = 0; b < w / 8; b++) {
            emit_ref(o, k, op->ops[0], op->stage);
            oclhls_strbuf_printf(o, "[%u:%u]%s", b * 8 + 7, b * 8, b + 1 < w / 8 ? ", " : "}");
        }
        break;
    case HIR_CTPOP:
    case HIR_CTLZ:
    case HIR_CTTZ:
    case HIR_BITREV:
        oclhls_strbuf_printf(o, "f_%s_%u(", hir_opcode_name(op->opcode), w);
        emit_ref(o, k, op->ops[0], op->stage);
        oclhls_strbuf_printf(o, ")");
        break;
    case HIR_FSHL:
    case HIR_FSHR:
        emit_funnel(o, k, op);
        break;
    case HIR_CONCAT: /* op0 lowest */
        oclhls_strbuf_printf(o, "{");
        for (int j = op->nops - 1; j >= 0; j--) {
            emit_ref(o, k, op->ops[j], op->stage);
            oclhls_strbuf_printf(o, j ? ", " : "}");
        }
        break;
    default:
        oclhls_strbuf_printf(o, "%u'h0 /* unexpected %s */", w, hir_opcode_name(op->opcode));
        break;
    }
}

static void emit_function(struct oclhls_strbuf *o, enum hir_opcode opc, unsigned w)
{
    const char *name = hir_opcode_name(opc);
    switch (opc) {
    case HIR_CTPOP:
        oclhls_strbuf_printf(o,
                             "    function automatic [%u:0] f_ctpop_%u(input [%u:0] x);\n"
                             "        integer i;\n"
                             "        begin\n"
                             "            f_ctpop_%u = 0;\n"
                             "            for (i = 0; i < %u; i = i + 1)\n"
                             "                f_ctpop_%u = f_ctpop_%u + {%u'd0, x[i]};\n"
                             "        end\n"
                             "    endfunction\n",
                             w - 1, w, w - 1, w, w, w, w, w - 1);
        break;
    case HIR_CTLZ:
    case HIR_CTTZ: {
        /* Counts zeros from one end up to the first one; all zeros gives W. */
        char bit[32];
        snprintf(bit, sizeof(bit), opc == HIR_CTLZ ? "x[%u - i]" : "x[i]", w - 1);
        oclhls_strbuf_printf(o,
                             "    function automatic [%u:0] f_%s_%u(input [%u:0] x);\n"
                             "        integer i;\n"
                             "        reg found;\n"
                             "        begin\n"
                             "            f_%s_%u = 0;\n"
                             "            found = 1'b0;\n"
                             "            for (i = 0; i < %u; i = i + 1) begin\n"
                             "                if (%s == 1'b1) found = 1'b1;\n"
                             "                if (!found) f_%s_%u = f_%s_%u + 1;\n"
                             "            end\n"
                             "        end\n"
                             "    endfunction\n",
                             w - 1, name, w, w - 1, name, w, w, bit, name, w, name, w);
        break;
    }
    case HIR_BITREV:
        oclhls_strbuf_printf(
            o,
            "    function automatic [%u:0] f_bitrev_%u(input [%u:0] x);\n"
            "        integer i;\n"
            "        begin\n"
            "            for (i = 0; i < %u; i = i + 1) f_bitrev_%u[i] = x[%u - i];\n"
            "        end\n"
            "    endfunction\n",
            w - 1, w, w - 1, w, w, w - 1);
        break;
    case HIR_FSHL:
    case HIR_FSHR: {
        int left = opc == HIR_FSHL;
        oclhls_strbuf_printf(
            o,
            "    function automatic [%u:0] f_funnel%s_%u(input [%u:0] a, input [%u:0] b,\n"
            "                                            input [%u:0] c);\n"
            "        /* verilator lint_off UNUSED */ // the half shifted out\n"
            "        reg [%u:0] t;\n"
            "        /* verilator lint_on UNUSED */\n"
            "        begin\n"
            "            t = {a, b} %s (c %% %u);\n"
            "            f_funnel%s_%u = t[%u:%u];\n"
            "        end\n"
            "    endfunction\n",
            w - 1, left ? "l" : "r", w, w - 1, w - 1, w - 1, 2 * w - 1, left ? "<<" : ">>", w,
            left ? "l" : "r", w, left ? 2 * w - 1 : w - 1, left ? w : 0);
        break;
    }
    default:
        break;
    }
}

void emit_functions(struct nl_module *m, const struct hir_kernel *k)
{
    static const enum hir_opcode fns[] = {HIR_CTPOP,  HIR_CTLZ, HIR_CTTZ,
                                          HIR_BITREV, HIR_FSHL, HIR_FSHR};
    static const unsigned widths[] = {8, 16, 32, 64};
    for (size_t f = 0; f < sizeof(fns) / sizeof(fns[0]); f++) {
        for (size_t wi = 0; wi < 4; wi++) {
            int used = 0;
            for (int i = 0; i < k->nops; i++)
                used |=
                    k->ops[i].live && k->ops[i].opcode == fns[f] && k->ops[i].width == widths[wi];
            if (!used)
                continue;
            struct oclhls_strbuf def = {0};
            emit_function(&def, fns[f], widths[wi]);
            nl_function(m, emit_text(m, &def));
            oclhls_strbuf_release(&def);
        }
    }
}

void emit_module_ports(struct nl_module *m, unsigned csr_addr_bits)
{
    char addr[16];
    snprintf(addr, sizeof(addr), "[%u:0]", csr_addr_bits - 1);
    nl_port(m, "input", 1, "", "clk");
    nl_port(m, "input", 1, "", "rst");
    nl_port(m, "input", 1, "", "csr_wr");
    nl_port(m, "input", 1, "", "csr_rd");
    nl_port(m, "input", 1, addr, "csr_addr");
    nl_port(m, "input", 1, "[31:0]", "csr_wdata");
    nl_port(m, "output", 1, "[31:0]", "csr_rdata");
    nl_port(m, "output", 1, "", "busy");
    nl_port(m, "output", 1, "", "mem_req_valid");
    nl_port(m, "input", 1, "", "mem_req_ready");
    nl_port(m, "output", 1, "", "mem_req_we");
    nl_port(m, "output", 1, "[31:0]", "mem_req_addr");
    nl_port(m, "output", 1, "[MEM_DW-1:0]", "mem_req_wdata");
    nl_port(m, "output", 1, "[MEM_DW/8-1:0]", "mem_req_wstrb");
    nl_port(m, "input", 1, "", "mem_rsp_valid");
    nl_port(m, "input", 1, "[MEM_DW-1:0]", "mem_rsp_data");
}

const char *emit_text(struct nl_module *m, const struct oclhls_strbuf *e)
{
    m->failed |= e->failed;
    return e->buf ? e->buf : "";
}

unsigned emit_index_bits(unsigned long n)
{
    unsigned b = 1;
    while (b < 63 && (1ul << b) < n)
        b++;
    return b;
}

void emit_issue_grid(struct nl_module *m, const char *prefix, int si, int ii)
{
    char rhs[64];
    nl_net(m, "reg", 9, "%s_phase", prefix);
    snprintf(rhs, sizeof(rhs), "%s_phase == 9'd0", prefix);
    nl_assign_to(m, rhs, "%s_on_grid", prefix);
    nl_always_form(m, NL_ALWAYS_BARE, "clk",
                   "if (rst || csr_start) %s_phase <= 9'd0;\n"
                   "else if (!s%d_stall) %s_phase <= %s_phase == 9'd%d ? 9'd0 : %s_phase + 9'd1;",
                   prefix, si, prefix, prefix, ii - 1, prefix);
}

/* prefix + name in buf (32 bytes): a bus port's name. */
static const char *bus_port(char buf[32], const char *prefix, const char *name)
{
    snprintf(buf, 32, "%s%s", prefix, name);
    return buf;
}

void emit_bus_lane(struct nl_module *m, struct nl_instance *u, const char *port, const char *net,
                   int j, unsigned addr_bits, int rsp_lane)
{
    char p[32];
    nl_connect_break(m, u, bus_port(p, port, "req_valid"), "%sreq_valid[%d]", net, j);
    nl_connect(m, u, bus_port(p, port, "req_ready"), "%sreq_ready[%d]", net, j);
    nl_connect_break(m, u, bus_port(p, port, "req_we"), "%sreq_we[%d]", net, j);
    nl_connect(m, u, bus_port(p, port, "req_addr"), "%sreq_addr[%d*32 +: %u]", net, j, addr_bits);
    nl_connect_break(m, u, bus_port(p, port, "req_wdata"), "%sreq_wdata[%d*MEM_DW +: MEM_DW]", net,
                     j);
    nl_connect_break(m, u, bus_port(p, port, "req_wstrb"), "%sreq_wstrb[%d*(MEM_DW/8) +: MEM_DW/8]",
                     net, j);
    nl_connect_break(m, u, bus_port(p, port, "rsp_valid"), "%srsp_valid[%d]", net, j);
    if (rsp_lane)
        nl_connect(m, u, bus_port(p, port, "rsp_data"), "%srsp_data[%d*MEM_DW +: MEM_DW]", net, j);
    else
        nl_connect(m, u, bus_port(p, port, "rsp_data"), "%srsp_data", net);
}
