// SPDX-License-Identifier: MIT
/* The block-RAM units of a kernel module and the register copies it reads, as data (netlist.h). */
#include "netlist.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

void emit_unit_add(struct emit_units *units, const struct oclhls_strbuf *o,
                   const struct emit_unit *u)
{
    if (units->n == units->cap) {
        int cap = units->cap ? units->cap * 2 : 16;
        struct emit_unit *grown = realloc(units->u, (size_t)cap * sizeof(*grown));
        if (!grown) {
            units->failed = 1;
            return;
        }
        units->u = grown;
        units->cap = cap;
    }
    units->u[units->n] = *u;
    units->u[units->n++].at = o->len;
}

/* "<module> #(<parameters>)" of unit u. */
static void print_unit(struct oclhls_strbuf *o, const struct emit_unit *u)
{
    switch (u->kind) {
    case EMIT_FIFO:
        oclhls_strbuf_printf(o, "ocl_fifo #(.WIDTH(%u), .DEPTH(%u)", u->width, u->depth);
        if (u->block_ram >= 0)
            oclhls_strbuf_printf(o, ", .BLOCK_RAM(%d)", u->block_ram);
        oclhls_strbuf_puts(o, ")");
        break;
    case EMIT_BARRIER:
        oclhls_strbuf_printf(o, "ocl_barrier #(.W(%u), .NSLOT(%u), .SW(%u), .MAXWG(%u), .CW(%u))",
                             u->width, u->nslot, u->sw, u->maxwg, u->cw);
        break;
    case EMIT_ATOMIC_SHARE:
        oclhls_strbuf_printf(o,
                             "ocl_atomic_share #(.N(%u), .MEM_DW(MEM_DW), .AW(%u), .DEPTH(%u), "
                             ".RESULTS(%u'd%d))",
                             u->nslot, u->aw, u->depth, u->nslot, u->result);
        break;
    case EMIT_PRINTF_COUNTER:
        oclhls_strbuf_printf(o,
                             "ocl_printf_counter #(.N(%u), .DEPTH(%u), .MEM_DW(MEM_DW), .AW(%u))",
                             u->nslot, u->depth, u->aw);
        break;
    case EMIT_ATOMIC:
        oclhls_strbuf_printf(o,
                             "ocl_atomic #(.MEM_DW(MEM_DW), .AW(%u), .DEPTH(%u), .OP(%d), "
                             ".RESULT(%d))",
                             u->aw, u->depth, u->op, u->result);
        break;
    }
}

int emit_units_print(const struct emit_units *units, struct oclhls_strbuf *o, size_t from)
{
    struct oclhls_strbuf out = {0};
    size_t done = from;

    if (units->failed || o->failed)
        return -1;
    if (!o->buf)
        return units->n ? -1 : 0;
    for (int i = 0; i < units->n; i++) {
        const struct emit_unit *u = &units->u[i];
        if (u->at < done || u->at > o->len)
            return -1; /* recorded out of order: an emitter's mistake */
        oclhls_strbuf_append(&out, o->buf + done, u->at - done);
        print_unit(&out, u);
        done = u->at;
    }
    oclhls_strbuf_append(&out, o->buf + done, o->len - done);
    if (out.failed) {
        oclhls_strbuf_release(&out);
        return -1;
    }
    o->len = from;
    if (o->buf)
        o->buf[from] = 0;
    oclhls_strbuf_append(o, out.buf ? out.buf : "", out.len);
    oclhls_strbuf_release(&out);
    return o->failed ? -1 : 0;
}

void emit_units_release(struct emit_units *units)
{
    free(units->u);
    memset(units, 0, sizeof(*units));
}

/* The recording emit_ref writes into: one module is emitted per thread at a time. */
static _Thread_local struct emit_reads *recording;

int emit_reads_begin(struct emit_reads *r, int nvalues, int nstages)
{
    r->nvalues = nvalues;
    r->nstages = nstages;
    r->read = calloc((size_t)nvalues * (size_t)(nstages ? nstages : 1), 1);
    recording = r->read ? r : NULL;
    return r->read ? 0 : -1;
}

void emit_reads_record(int value, int stage)
{
    if (recording && value >= 0 && value < recording->nvalues && stage >= 0 &&
        stage < recording->nstages)
        recording->read[value * recording->nstages + stage] = 1;
}

void emit_reads_end(void)
{
    recording = NULL;
}

int emit_reads_has(const struct emit_reads *r, int value, int stage)
{
    return r->read[value * r->nstages + stage];
}

void emit_reads_release(struct emit_reads *r)
{
    free(r->read);
    memset(r, 0, sizeof(*r));
}
