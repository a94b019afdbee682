// SPDX-License-Identifier: MIT
/* The IR's text, writing (hir_text.h): the field tables of hir_text_fields.c in order. */
#include "hir_text.h"

#include <stdint.h>

#include "hir.h"
#include "hir_text_fields.h"
#include "strbuf.h"

static void write_value(struct oclhls_strbuf *o, int v)
{
    if (v == HIR_NONE)
        oclhls_strbuf_puts(o, "-1");
    else
        oclhls_strbuf_printf(o, "v%d", v);
}

static void write_fields(struct oclhls_strbuf *o, const void *rec, const struct field_table *t)
{
    const struct field *f = t->f;

    for (int i = 0; i < t->n; i++) {
        const char *p = (const char *)rec + f[i].offset;
        long long v = hir_field_get(rec, &f[i]);

        if (f[i].type == F_U64 ? *(const uint64_t *)p == (uint64_t)f[i].def : v == f[i].def)
            continue;
        oclhls_strbuf_printf(o, " %s=", f[i].name);
        switch (f[i].type) {
        case F_U64:
            oclhls_strbuf_printf(o, "%llu", (unsigned long long)*(const uint64_t *)p);
            break;
        case F_VALUE:
            write_value(o, (int)v);
            break;
        case F_OPCODE:
            oclhls_strbuf_puts(o, v >= 0 && v < HIR_OPCODE_COUNT
                                      ? hir_opcode_name((enum hir_opcode)v) : "?");
            break;
        case F_LSUS: {
            const char *sep = "";
            for (int lsu = 0; lsu < HIR_MAX_LSUS; lsu++)
                if (hir_lsu_set_has((const struct hir_lsu_set *)p, lsu)) {
                    oclhls_strbuf_printf(o, "%s%d", sep, lsu);
                    sep = ",";
                }
            break;
        }
        default:
            oclhls_strbuf_printf(o, "%lld", v);
        }
    }
}

static void write_list(struct oclhls_strbuf *o, const char *name, const int *v, int n)
{
    if (!n)
        return;
    oclhls_strbuf_printf(o, " %s=", name);
    for (int i = 0; i < n; i++) {
        if (i)
            oclhls_strbuf_puts(o, ",");
        write_value(o, v[i]);
    }
}

/* Text as one token: a space, '%', '"', '=' or a control character as %XX (URL style). */
static void write_text(struct oclhls_strbuf *o, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ' || *s == '%' || *s == '"' || *s == '=' || (unsigned char)*s < 0x20)
            oclhls_strbuf_printf(o, "%%%02X", (unsigned char)*s);
        else
            oclhls_strbuf_append(o, s, 1);
    }
}

void hir_text_write(const struct hir_kernel *k, struct oclhls_strbuf *o)
{
    oclhls_strbuf_printf(o, "hir %d\nkernel ", HIR_TEXT_VERSION);
    write_text(o, k->name);
    oclhls_strbuf_printf(o, " nargs=%d", k->nargs);
    write_fields(o, k, &hir_kernel_fields);
    if (k->reqd_wg[0] || k->reqd_wg[1] || k->reqd_wg[2])
        oclhls_strbuf_printf(o, " reqd_wg=%u,%u,%u", k->reqd_wg[0], k->reqd_wg[1],
                             k->reqd_wg[2]);
    if (k->line_refusal) {
        oclhls_strbuf_puts(o, " line_refusal=");
        write_text(o, k->line_refusal);
    }
    oclhls_strbuf_puts(o, "\n");
    for (unsigned i = 0; i < k->nfiles; i++) {
        oclhls_strbuf_printf(o, "file %u ", i + 1);
        write_text(o, k->files[i]);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int a = 0; a < k->nargs; a++) {
        oclhls_strbuf_printf(o, "arg %d width=%u csr=%u", a, k->arg_width ? k->arg_width[a] : 0,
                             k->arg_csr_offset ? k->arg_csr_offset[a] : 0);
        if (k->arg_flags && k->arg_flags[a])
            oclhls_strbuf_printf(o, " flags=%u", k->arg_flags[a]);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int i = 0; i < k->nops; i++) {
        const struct hir_op *op = &k->ops[i];

        oclhls_strbuf_printf(o, "v%d = %s %u", i, hir_opcode_name(op->opcode), op->width);
        for (int j = 0; j < op->nops; j++) {
            oclhls_strbuf_puts(o, " ");
            write_value(o, op->ops[j]);
        }
        write_fields(o, op, &hir_op_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int l = 0; l < k->nloops; l++) {
        oclhls_strbuf_printf(o, "loop %d", l);
        write_fields(o, &k->loops[l], &hir_loop_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int s = 0; s < k->nsegs; s++) {
        const struct hir_segment *sg = &k->segs[s];

        oclhls_strbuf_printf(o, "seg %d", s);
        write_fields(o, sg, &hir_seg_fields);
        write_list(o, "in", sg->in, sg->nin);
        write_list(o, "in_copy", sg->in_copy, sg->in_copy ? sg->nin : 0);
        write_list(o, "out", sg->out, sg->nout);
        write_list(o, "out_local", sg->out_local, sg->out_local ? sg->nout : 0);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int p = 0; p < k->nparrays; p++) {
        oclhls_strbuf_printf(o, "parray %d", p);
        write_fields(o, &k->parrays[p], &hir_parray_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int b = 0; b < k->nbarriers; b++) {
        oclhls_strbuf_printf(o, "barrier %d", b);
        write_fields(o, &k->barriers[b], &hir_barrier_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int s = 0; s < k->nstreams; s++) {
        oclhls_strbuf_printf(o, "stream %d", s);
        write_fields(o, &k->streams[s], &hir_stream_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    for (int d = 0; d < k->nmem_deps; d++) {
        oclhls_strbuf_printf(o, "memdep %d", d);
        write_fields(o, &k->mem_deps[d], &hir_memdep_fields);
        oclhls_strbuf_puts(o, "\n");
    }
    oclhls_strbuf_puts(o, "end\n");
}

