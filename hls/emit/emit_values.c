// SPDX-License-Identifier: MIT
/*
 * A kernel's datapath values (emit_kernel.c builds the rest of its module): value v is the
 * wire v<id> in the stage where it becomes ready, assigned from its operands, a unit's
 * result or a launch value; dividers are ocl_div instances.
 */
#include <inttypes.h>
#include <stdio.h>

#include "emit_util.h"

static const char *wi_source(enum hir_wi kind)
{
    switch (kind) {
    case HIR_WI_GLOBAL_ID:
        return "disp_global_id";
    case HIR_WI_LOCAL_ID:
        return "disp_local_id";
    case HIR_WI_GROUP_ID:
        return "disp_group_id";
    case HIR_WI_GLOBAL_SIZE:
        return "csr_global_size";
    case HIR_WI_LOCAL_SIZE:
        return "launch_local_size";
    case HIR_WI_NUM_GROUPS:
        return "csr_num_groups";
    case HIR_WI_GLOBAL_OFFSET:
        return "csr_global_offset";
    case HIR_WI_COMPUTE_ID:
        return "cu_id";
    default:
        return "csr_work_dim";
    }
}

/* Definitions of every live value, as wires in its ready stage. */
void emit_source_value(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    if (op->opcode == HIR_CONST) {
        oclhls_strbuf_printf(o, "%u'h%" PRIx64 ";", op->width, op->imm);
    } else if (op->opcode == HIR_ARG) { /* aux: the byte of a vector argument's lane */
        unsigned bit = (k->arg_csr_offset[op->imm] - 0x80 + op->aux) * 8;
        oclhls_strbuf_printf(o, "csr_args[%u:%u];", bit + op->width - 1, bit);
    } else if (op->imm == HIR_WI_SLOT) {
        oclhls_strbuf_printf(o, "disp_slot32;");
    } else if (op->imm == HIR_WI_WG_SLOT) {
        oclhls_strbuf_printf(o, "disp_wg_slot32;");
    } else if (op->imm == HIR_WI_WORK_DIM) {
        oclhls_strbuf_printf(o, "csr_work_dim;");
    } else {
        oclhls_strbuf_printf(o, "%s[%u:%u];", wi_source((enum hir_wi)op->imm), op->aux * 32 + 31,
                             op->aux * 32);
    }
}

/* The right-hand side of value i's assignment, ";" included. */
static void value_rhs(struct oclhls_strbuf *o, const struct hir_kernel *k, int i)
{
    const struct hir_op *op = &k->ops[i];
    switch (op->opcode) {
    case HIR_CONST:
    case HIR_ARG:
    case HIR_WI:
        emit_source_value(o, k, i);
        break;
    case HIR_LOAD:
        if (op->parray != HIR_NONE && op->store_site != HIR_NONE) /* an atomic */
            oclhls_strbuf_printf(o, "pm%d_old%u;", op->parray, op->aux);
        else if (op->parray != HIR_NONE)
            oclhls_strbuf_printf(o, "pm%d_rd_data[%u +: %u];", op->parray, op->aux * op->width,
                                 op->width);
        else
            oclhls_strbuf_printf(o, "lsu%d_rsp_data;", op->lsu);
        break;
    case HIR_STREAM:
    case HIR_CHUNK:
        emit_stream_value(o, k, i);
        break;
    case HIR_GROUP_GID:
        emit_group_gid(o, k, i);
        break;
    case HIR_UDIV:
    case HIR_SDIV:
    case HIR_UREM:
    case HIR_SREM:
        oclhls_strbuf_printf(o, "div%d_%s[%u:0];", i,
                             op->opcode == HIR_UDIV || op->opcode == HIR_SDIV ? "quot" : "rem",
                             op->width - 1);
        break;
    default:
        if (hir_is_float_unit(op->opcode)) {
            emit_float_value(o, k, i);
            break;
        }
        emit_expression(o, k, i);
        oclhls_strbuf_printf(o, ";");
        break;
    }
}

/* v<i>'s assignment: the writers above end each right-hand side with ";". */
static void emit_value(struct nl_module *m, const struct hir_kernel *k, int i)
{
    struct oclhls_strbuf rhs = {0};
    char lhs[24];
    value_rhs(&rhs, k, i);
    snprintf(lhs, sizeof(lhs), "v%d", i);
    if (rhs.failed || !rhs.len || rhs.buf[rhs.len - 1] != ';')
        m->failed = 1; /* a writer that broke the rule: fail rather than print it wrong */
    else
        nl_assign(m, lhs, "%.*s", (int)rhs.len - 1, rhs.buf);
    oclhls_strbuf_release(&rhs);
}

void emit_values(struct nl_module *m, const struct hir_kernel *k)
{
    nl_comment(m, "Datapath values (v<id>: ready stage; v<id>_s<n>: copy in stage n).\n"
                  "A value may be read only in part (truncations): synthesis drops the rest.");
    nl_lint(m, 0, "UNUSED", NULL);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        char range[24], note[64];
        if (!op->live || op->opcode == HIR_STORE)
            continue;
        snprintf(range, sizeof(range), "[%u:0]", op->width - 1);
        snprintf(note, sizeof(note), "  // %s, line %u", hir_opcode_name(op->opcode), op->line);
        nl_declare(m, &(struct nl_decl){"wire", range, 0, NULL, note}, "v%d", i);
    }
    nl_lint(m, 1, "UNUSED", NULL);
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (op->live && op->opcode != HIR_STORE && op->opcode != HIR_TOKEN &&
            op->opcode != HIR_LOOP_PHI) /* tokens and loop phis: emit_segment_input */
            emit_value(m, k, i);
    }
    for (int si = 0; si < k->nsegs; si++) {
        emit_segment_input(m, k, si);
        emit_segment_output(m, k, si);
    }
    nl_blank(m);
}

void emit_dividers(struct nl_module *m, const struct hir_kernel *k)
{
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];
        if (!op->live || (op->opcode != HIR_UDIV && op->opcode != HIR_SDIV &&
                          op->opcode != HIR_UREM && op->opcode != HIR_SREM))
            continue;
        unsigned w = hls_div_width(op->width);
        int sgn = op->opcode == HIR_SDIV || op->opcode == HIR_SREM;
        struct oclhls_strbuf a = {0}, b = {0};
        emit_extended_ref(&a, k, op->ops[0], op->stage, w, sgn);
        emit_extended_ref(&b, k, op->ops[1], op->stage, w, sgn);
        nl_comment(m, "%s at stage %d, result at stage %d (latency %u)",
                   hir_opcode_name(op->opcode), op->stage, op->ready_stage,
                   hls_div_latency(op->width));
        nl_lint(m, 0, "UNUSED", NULL);
        nl_net(m, "wire", w, "div%d_quot, div%d_rem", i, i);
        nl_lint(m, 1, "UNUSED", NULL);
        char name[32];
        snprintf(name, sizeof(name), "u_div%d", i);
        struct nl_instance *u = nl_instance(m, "ocl_div", name);
        nl_param(m, u, "W", w);
        nl_param(m, u, "SIGNED", sgn);
        nl_connect(m, u, "clk", "clk");
        nl_connect(m, u, "en", "!s%d_stall", op->seg);
        nl_connect(m, u, "a", "%s", a.buf ? a.buf : "");
        nl_connect(m, u, "b", "%s", b.buf ? b.buf : "");
        nl_connect_break(m, u, "quot", "div%d_quot", i);
        nl_connect(m, u, "rem", "div%d_rem", i);
        nl_blank(m);
        if (a.failed || b.failed)
            m->failed = 1;
        oclhls_strbuf_release(&a);
        oclhls_strbuf_release(&b);
    }
}
