// SPDX-License-Identifier: MIT
/*
 * Verilog for the float operations: one rtl-lib unit (ocl_fp_*) per operation, fed with its
 * operands in its issue stage and stalled with its segment, its result read `latency` stages
 * later (float_units.c); in modulo loops with II > 1 operations may share a unit
 * (share_units.c). Comparisons come out of ocl_fp_cmp as three flags (a < b, a == b,
 * unordered) from which each LLVM predicate is one gate.
 */
#include <stdio.h>

#include "emit_util.h"

static const char *fcmp_expression(enum hir_fcmp p)
{
    switch (p) {
    case HIR_FCMP_OEQ:
        return "eq";
    case HIR_FCMP_OGT:
        return "!lt & !eq & !uno";
    case HIR_FCMP_OGE:
        return "!lt & !uno";
    case HIR_FCMP_OLT:
        return "lt";
    case HIR_FCMP_OLE:
        return "lt | eq";
    case HIR_FCMP_ONE:
        return "!eq & !uno";
    case HIR_FCMP_ORD:
        return "!uno";
    case HIR_FCMP_UNO:
        return "uno";
    case HIR_FCMP_UEQ:
        return "eq | uno";
    case HIR_FCMP_UGT:
        return "!lt & !eq";
    case HIR_FCMP_UGE:
        return "!lt";
    case HIR_FCMP_ULT:
        return "lt | uno";
    case HIR_FCMP_ULE:
        return "lt | eq | uno";
    case HIR_FCMP_UNE:
    default:
        return "!eq";
    }
}

void emit_float_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    int unit = op->unit != HIR_NONE ? op->unit : i;
    if (op->opcode == HIR_FCMP) {
        /* the flags' names prefixed with the unit's: "!lt & !uno" -> "!fp7_lt & !fp7_uno" */
        for (const char *c = fcmp_expression((enum hir_fcmp)op->aux); *c; c++) {
            if (*c >= 'a' && *c <= 'z' &&
                (c == fcmp_expression((enum hir_fcmp)op->aux) || !(c[-1] >= 'a' && c[-1] <= 'z')))
                oclhls_strbuf_printf(o, "fp%d_", i);
            oclhls_strbuf_printf(o, "%c", *c);
        }
        oclhls_strbuf_printf(o, ";");
    } else {
        oclhls_strbuf_printf(o, "fp%d_y[%u:0];", unit, op->width - 1);
    }
}

static void emit_one_operand(struct oclhls_strbuf *o, const struct hir_kernel *k, int i, int j)
{
    const struct hir_op *op = &k->ops[i];
    if (op->opcode == HIR_SITOFP || op->opcode == HIR_UITOFP)
        emit_extended_ref(o, k, op->ops[j], op->stage, hls_float_int_width(k, op),
                          op->opcode == HIR_SITOFP);
    else
        emit_ref(o, k, op->ops[j], op->stage);
}

/*
 * Operand j of unit `host` on its port: its own, or that of the operation sharing the unit
 * whose token is in its issue stage (share_units.c: at most one is). j < 0: the add unit's
 * `sub` input.
 */
static void connect_operand(struct nl_module *m, struct nl_instance *u, const struct hir_kernel *k,
                            int host, const char *port, int j)
{
    struct oclhls_strbuf o = {0};
    for (int g = host + 1; g < k->nops; g++) {
        const struct hir_op *guest = &k->ops[g];
        if (guest->unit != host)
            continue;
        oclhls_strbuf_printf(&o, "s%d_valid[%d] ? ", guest->seg, guest->stage);
        if (j < 0)
            oclhls_strbuf_printf(&o, "1'b%d", guest->opcode == HIR_FSUB);
        else
            emit_one_operand(&o, k, g, j);
        oclhls_strbuf_printf(&o, " : ");
    }
    if (j < 0)
        oclhls_strbuf_printf(&o, "1'b%d", k->ops[host].opcode == HIR_FSUB);
    else
        emit_one_operand(&o, k, host, j);
    nl_connect_break(m, u, port, "%s", o.buf ? o.buf : "");
    if (o.failed)
        m->failed = 1;
    oclhls_strbuf_release(&o);
}

static void emit_unit(struct nl_module *m, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    enum hir_opcode opc = op->opcode;
    int to_int = opc == HIR_FPTOSI || opc == HIR_FPTOUI;
    int from_int = opc == HIR_SITOFP || opc == HIR_UITOFP;
    unsigned out_w = to_int ? hls_float_int_width(k, op) : 32;

    nl_comment(m, "%s, line %u: stage %d, result at stage %d", hir_opcode_name(opc), op->line,
               op->stage, op->ready_stage);
    for (int g = i + 1; g < k->nops; g++)
        if (k->ops[g].unit == i)
            nl_comment(m, "  shared with %s, line %u: stage %d", hir_opcode_name(k->ops[g].opcode),
                       k->ops[g].line, k->ops[g].stage);
    nl_lint(m, 0, "UNUSED", NULL);
    if (opc == HIR_FCMP) /* a predicate reads one to three of the flags */
        nl_net(m, "wire", 0, "fp%d_lt, fp%d_eq, fp%d_uno", i, i, i);
    else
        nl_net(m, "wire", out_w, "fp%d_y", i);
    nl_lint(m, 1, "UNUSED", NULL);
    char name[32];
    snprintf(name, sizeof(name), "u_fp%d", i);
    struct nl_instance *u = nl_instance(m, hls_float_module(opc), name);
    if (to_int || from_int) {
        nl_param(m, u, "W", hls_float_int_width(k, op));
        nl_param(m, u, "SIGNED", opc == HIR_FPTOSI || opc == HIR_SITOFP);
        if (from_int)
            nl_param(m, u, "ROUND", 0);
    }
    nl_connect(m, u, "clk", "clk");
    nl_connect(m, u, "en", "!s%d_stall", op->seg);
    static const char *const ports[3] = {"a", "b", "c"};
    for (int j = 0; j < op->nops; j++)
        connect_operand(m, u, k, i, ports[j], j);
    if (opc == HIR_FADD || opc == HIR_FSUB)
        connect_operand(m, u, k, i, "sub", -1);
    if (opc == HIR_FMIN || opc == HIR_FMAX)
        nl_connect(m, u, "max", "1'b%d", opc == HIR_FMAX);
    if (opc == HIR_FCMP) {
        nl_connect_break(m, u, "lt", "fp%d_lt", i);
        nl_connect(m, u, "eq", "fp%d_eq", i);
        nl_connect(m, u, "uno", "fp%d_uno", i);
    } else {
        nl_connect(m, u, "y", "fp%d_y", i);
    }
    nl_blank(m);
}

void emit_float_units(struct nl_module *m, const struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++)
        if (k->ops[i].live && k->ops[i].unit == i)
            emit_unit(m, k, i);
}
