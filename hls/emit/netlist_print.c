// SPDX-License-Identifier: MIT
/* The one printer of a netlist (netlist.h): its items as Verilog, in order. */
#include <stdio.h>
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
        else if (p->line_break) /* under the first parameter, or indented */
            oclhls_strbuf_printf(o, ",\n%*s",
                                 in->param_indent ? in->param_indent
                                                  : (int)strlen(in->module) + 7,
                                 "");
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

static void print_net(struct oclhls_strbuf *o, const struct nl_item *it)
{
    oclhls_strbuf_printf(o, "    %s ", it->first);
    if ((it->range && *it->range) || it->pad)
        oclhls_strbuf_printf(o, "%-*s ", it->pad, it->range ? it->range : "");
    /* a value that starts on the next line: no space after "=" */
    oclhls_strbuf_printf(o, "%s%s%s;", it->text,
                         !it->note ? "" : it->note[0] == '\n' ? " =" : " = ",
                         it->note ? it->note : "");
    if (it->trail)
        oclhls_strbuf_puts(o, it->trail);
    oclhls_strbuf_puts(o, "\n");
}

static void print_always(struct oclhls_strbuf *o, const struct nl_item *it)
{
    if (!strcmp(it->first, "*"))
        oclhls_strbuf_puts(o, "    always @(*)");
    else
        oclhls_strbuf_printf(o, "    always @(posedge %s)", it->first);
    if (it->form == NL_ALWAYS_LINE) {
        oclhls_strbuf_printf(o, " %s\n", it->text);
        return;
    }
    if (it->form == NL_ALWAYS_BARE) {
        oclhls_strbuf_puts(o, "\n");
        print_lines(o, "        ", it->text);
        return;
    }
    oclhls_strbuf_puts(o, " begin\n");
    if (it->reset) {
        oclhls_strbuf_printf(o, "        if (%s) begin\n", it->reset);
        print_lines(o, "            ", it->reset_text);
        oclhls_strbuf_puts(o, "        end else begin\n");
        print_lines(o, "            ", it->text);
        oclhls_strbuf_puts(o, "        end\n");
    } else {
        print_lines(o, "        ", it->text);
    }
    oclhls_strbuf_puts(o, "    end\n");
}

/* The header: input/output padded to 6, an aligned port's range to 12 characters. */
static void print_module(struct oclhls_strbuf *o, const struct nl_item *it)
{
    print_lines(o, "// ", it->text);
    oclhls_strbuf_printf(o, "module %s ", it->first);
    if (it->note)
        oclhls_strbuf_printf(o, "#(\n    parameter %s\n) ", it->note);
    oclhls_strbuf_puts(o, "(\n");
    for (int i = 0; i < it->nports; i++) {
        const struct nl_port *p = &it->ports[i];
        oclhls_strbuf_printf(o, "%s    %-6s wire ", i ? ",\n" : "", p->dir);
        if (p->aligned)
            oclhls_strbuf_printf(o, "%-12s %s", p->range, p->name);
        else
            oclhls_strbuf_printf(o, "%s%s%s", p->range, *p->range ? " " : "", p->name);
    }
    oclhls_strbuf_puts(o, "\n);\n");
}

static void print_item(struct oclhls_strbuf *out, const struct nl_item *it)
{
    switch (it->kind) {
    case NL_FUNCTION:
        oclhls_strbuf_puts(out, it->text ? it->text : "");
        break;
    case NL_COMMENT:
        print_lines(out, "    // ", it->text);
        break;
    case NL_NET:
        print_net(out, it);
        break;
    case NL_ASSIGN:
        oclhls_strbuf_printf(out, "    assign %s = %s;", it->first, it->text);
        if (it->trail)
            oclhls_strbuf_puts(out, it->trail);
        oclhls_strbuf_puts(out, "\n");
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
        print_always(out, it);
        break;
    case NL_BLANK:
        oclhls_strbuf_puts(out, "\n");
        break;
    case NL_MODULE:
        print_module(out, it);
        break;
    case NL_END:
        oclhls_strbuf_puts(out, "endmodule\n");
        break;
    case NL_GENERATE:
        oclhls_strbuf_printf(out, "    generate\n        %s\n", it->text);
        break;
    case NL_GENERATE_END:
        oclhls_strbuf_puts(out, "        end\n    endgenerate\n");
        break;
    }
}

int nl_print(const struct nl_module *m, struct oclhls_strbuf *out)
{
    if (m->failed)
        return -1;
    for (int i = 0; i < m->n; i++) {
        const struct nl_item *it = m->items[i];
        if (!it->indent) {
            print_item(out, it);
            continue;
        }
        /* inside a generate loop: the item's lines, each indented further */
        struct oclhls_strbuf one = {0};
        print_item(&one, it);
        char pad[24];
        snprintf(pad, sizeof(pad), "%*s", it->indent < 16 ? it->indent : 16, "");
        print_lines(out, pad, one.buf);
        if (one.failed)
            out->failed = 1;
        oclhls_strbuf_release(&one);
    }
    return out->failed ? -1 : 0;
}
