// SPDX-License-Identifier: MIT
/* The one printer of a netlist (netlist.h): its items as Verilog, in order. */
#include <string.h>

#include "netlist.h"

/* Each line of text with indent before it. */
static void print_lines(struct oclhls_strbuf *o, const char *indent, const char *text)
{
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        oclhls_strbuf_puts(o, indent);
        oclhls_strbuf_append(o, text, n);
        oclhls_strbuf_puts(o, "\n");
        text += n + (nl != NULL);
    }
}

static void print_instance(struct oclhls_strbuf *o, const struct nl_instance *in)
{
    oclhls_strbuf_printf(o, "    %s", in->module);
    for (int i = 0; i < in->nparams; i++) {
        const struct nl_param *p = &in->params[i];
        if (!i)
            oclhls_strbuf_puts(o, " #(");
        else if (p->line_break) /* under the first parameter */
            oclhls_strbuf_printf(o, ",\n%*s", (int)strlen(in->module) + 7, "");
        else
            oclhls_strbuf_puts(o, ", ");
        oclhls_strbuf_printf(o, ".%s(", p->name);
        if (p->expr)
            oclhls_strbuf_puts(o, p->expr);
        else if (p->width)
            oclhls_strbuf_printf(o, "%u'd%lld", p->width, p->value);
        else
            oclhls_strbuf_printf(o, "%lld", p->value);
        oclhls_strbuf_puts(o, i + 1 == in->nparams ? "))" : ")");
    }
    oclhls_strbuf_printf(o, "%s%s (", in->name_break ? "\n        " : " ", in->name);
    for (int i = 0; i < in->nconns; i++) {
        const struct nl_conn *c = &in->conns[i];
        if (!i)
            oclhls_strbuf_puts(o, in->one_line ? "" : "\n        ");
        else
            oclhls_strbuf_puts(o, c->line_break ? ",\n        " : ", ");
        oclhls_strbuf_printf(o, ".%s(%s)", c->port, c->expr);
    }
    oclhls_strbuf_puts(o, ");\n");
}

int nl_print(const struct nl_module *m, struct oclhls_strbuf *out)
{
    if (m->failed || m->open.failed)
        return -1;
    for (int i = 0; i < m->n; i++) {
        const struct nl_item *it = m->items[i];
        switch (it->kind) {
        case NL_TEXT:
            oclhls_strbuf_puts(out, it->text ? it->text : "");
            break;
        case NL_COMMENT:
            print_lines(out, "    // ", it->text);
            break;
        case NL_NET:
            oclhls_strbuf_printf(out, "    %s ", it->first);
            if (it->width)
                oclhls_strbuf_printf(out, "[%u:0] ", it->width - 1);
            oclhls_strbuf_printf(out, "%s%s%s;\n", it->text, it->note ? " = " : "",
                                 it->note ? it->note : "");
            break;
        case NL_ASSIGN:
            oclhls_strbuf_printf(out, "    assign %s = %s;\n", it->first, it->text);
            break;
        case NL_INSTANCE:
            print_instance(out, &it->inst);
            break;
        case NL_LINT:
            oclhls_strbuf_printf(out, "    /* verilator lint_%s %s */", it->first, it->text);
            if (it->note)
                oclhls_strbuf_printf(out, " // %s", it->note);
            oclhls_strbuf_puts(out, "\n");
            break;
        case NL_ALWAYS:
            oclhls_strbuf_printf(out, "    always @(posedge %s) begin\n", it->first);
            if (it->reset) {
                oclhls_strbuf_printf(out, "        if (%s) begin\n", it->reset);
                print_lines(out, "            ", it->reset_text);
                oclhls_strbuf_puts(out, "        end else begin\n");
                print_lines(out, "            ", it->text);
                oclhls_strbuf_puts(out, "        end\n");
            } else {
                print_lines(out, "        ", it->text);
            }
            oclhls_strbuf_puts(out, "    end\n");
            break;
        }
    }
    oclhls_strbuf_append(out, m->open.buf ? m->open.buf : "", m->open.len);
    return out->failed ? -1 : 0;
}
