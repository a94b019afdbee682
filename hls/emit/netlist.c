// SPDX-License-Identifier: MIT
/* The block-RAM units of a kernel module as data (netlist.h). */
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
