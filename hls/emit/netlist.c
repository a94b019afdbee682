// SPDX-License-Identifier: MIT
/* A module as data: its header, declarations and other items (netlist.h); instances are
   built in netlist_instance.c. */
#include "netlist.h"
#include "netlist_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A malloc'ed formatted string ("" included); NULL and m->failed when out of memory. */
char *nl_vformat(struct nl_module *m, const char *fmt, va_list ap)
{
    struct oclhls_strbuf sb = {0};
    oclhls_strbuf_vprintf(&sb, fmt, ap);
    char *s = sb.failed ? NULL : sb.len ? oclhls_strbuf_take(&sb) : strdup("");
    oclhls_strbuf_release(&sb);
    if (!s)
        m->failed = 1;
    return s;
}

char *nl_copy(struct nl_module *m, const char *s)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        m->failed = 1;
    return c;
}

/* Appends an item; NULL when out of memory. */
struct nl_item *nl_push(struct nl_module *m, enum nl_item_kind kind)
{
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 64;
        struct nl_item **grown = realloc(m->items, (size_t)cap * sizeof(*grown));
        if (!grown) {
            m->failed = 1;
            return NULL;
        }
        m->items = grown;
        m->cap = cap;
    }
    struct nl_item *it = calloc(1, sizeof(*it));
    if (!it) {
        m->failed = 1;
        return NULL;
    }
    it->kind = kind;
    it->indent = m->indent;
    m->items[m->n++] = it;
    return it;
}

void nl_comment(struct nl_module *m, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_COMMENT);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = nl_vformat(m, fmt, ap);
    va_end(ap);
}

static char *format(struct nl_module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static char *format(struct nl_module *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = nl_vformat(m, fmt, ap);
    va_end(ap);
    return s;
}

/* A net of width bits: its range "[W-1:0]", none for a scalar. */
static struct nl_item *push_net(struct nl_module *m, const char *kind, unsigned width)
{
    struct nl_item *it = nl_push(m, NL_NET);
    if (!it)
        return NULL;
    it->first = nl_copy(m, kind);
    it->width = width;
    it->range = width ? format(m, "[%u:0]", width - 1) : nl_copy(m, "");
    return it;
}

void nl_net(struct nl_module *m, const char *kind, unsigned width, const char *fmt, ...)
{
    struct nl_item *it = push_net(m, kind, width);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = nl_vformat(m, fmt, ap);
    va_end(ap);
}

void nl_wire_init(struct nl_module *m, unsigned width, const char *name, const char *fmt, ...)
{
    struct nl_item *it = push_net(m, "wire", width);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->text = nl_copy(m, name);
        it->note = nl_vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_declare(struct nl_module *m, const struct nl_decl *d, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_NET);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = nl_copy(m, d->kind);
        it->range = nl_copy(m, d->range ? d->range : "");
        it->pad = d->pad;
        it->note = nl_copy(m, d->init);
        it->trail = nl_copy(m, d->trail);
        it->text = nl_vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_blank(struct nl_module *m)
{
    nl_push(m, NL_BLANK);
}

void nl_function(struct nl_module *m, const char *definition)
{
    struct nl_item *it = nl_push(m, NL_FUNCTION);
    if (it)
        it->text = nl_copy(m, definition);
}

void nl_module_begin(struct nl_module *m, const char *name, const char *parameter,
                     const char *comment_fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_MODULE);
    va_list ap;
    va_start(ap, comment_fmt);
    if (it) {
        it->first = nl_copy(m, name);
        it->note = nl_copy(m, parameter);
        it->text = nl_vformat(m, comment_fmt, ap);
        m->header = m->n;
    }
    va_end(ap);
}

void nl_port(struct nl_module *m, const char *dir, int aligned, const char *range,
             const char *fmt, ...)
{
    if (!m->header) {
        m->failed = 1; /* a port outside a module: the emitter's mistake */
        return;
    }
    struct nl_item *it = m->items[m->header - 1];
    struct nl_port *grown = realloc(it->ports, (size_t)(it->nports + 1) * sizeof(*grown));
    if (!grown) {
        m->failed = 1;
        return;
    }
    it->ports = grown;
    struct nl_port *p = &it->ports[it->nports++];
    va_list ap;
    va_start(ap, fmt);
    p->dir = nl_copy(m, dir);
    p->range = nl_copy(m, range);
    p->name = nl_vformat(m, fmt, ap);
    p->aligned = aligned;
    va_end(ap);
}

void nl_generate_begin(struct nl_module *m, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_GENERATE);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = nl_vformat(m, fmt, ap);
    va_end(ap);
    m->indent = 8;
}

void nl_generate_end(struct nl_module *m)
{
    m->indent = 0;
    nl_push(m, NL_GENERATE_END);
}

void nl_end(struct nl_module *m)
{
    nl_push(m, NL_END);
    m->header = 0;
}

void nl_assign(struct nl_module *m, const char *lhs, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = nl_copy(m, lhs);
        it->text = nl_vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_assign_to(struct nl_module *m, const char *rhs, const char *lhs_fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, lhs_fmt);
    if (it) {
        it->first = nl_vformat(m, lhs_fmt, ap);
        it->text = nl_copy(m, rhs ? rhs : "");
    }
    va_end(ap);
}

void nl_wire_to(struct nl_module *m, unsigned width, const char *rhs, const char *name_fmt, ...)
{
    struct nl_item *it = push_net(m, "wire", width);
    va_list ap;
    va_start(ap, name_fmt);
    if (it) {
        it->text = nl_vformat(m, name_fmt, ap);
        it->note = nl_copy(m, rhs ? rhs : "");
    }
    va_end(ap);
}

void nl_assign_note(struct nl_module *m, const char *lhs, const char *trail, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = nl_copy(m, lhs);
        it->trail = nl_copy(m, trail);
        it->text = nl_vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_lint(struct nl_module *m, int on, const char *rule, const char *note)
{
    struct nl_item *it = nl_push(m, NL_LINT);
    if (!it)
        return;
    it->first = nl_copy(m, on ? "on" : "off");
    it->text = nl_copy(m, rule);
    it->note = nl_copy(m, note);
}

void nl_always(struct nl_module *m, const char *clock, const char *reset, const char *on_reset,
               const char *statements)
{
    struct nl_item *it = nl_push(m, NL_ALWAYS);
    if (!it)
        return;
    it->first = nl_copy(m, clock);
    it->reset = nl_copy(m, reset);
    it->reset_text = nl_copy(m, reset ? on_reset : NULL);
    it->text = nl_copy(m, statements);
}

void nl_always_form(struct nl_module *m, int form, const char *clock, const char *fmt, ...)
{
    struct nl_item *it = nl_push(m, NL_ALWAYS);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->form = form;
        it->first = nl_copy(m, clock);
        it->text = nl_vformat(m, fmt, ap);
    }
    va_end(ap);
}

/* An instance item's parameters and connections (netlist_instance.c fills them). */
static void release_instance(struct nl_instance *in)
{
    for (int i = 0; i < in->nparams; i++) {
        free(in->params[i].name);
        free(in->params[i].expr);
    }
    for (int i = 0; i < in->nconns; i++) {
        free(in->conns[i].port);
        free(in->conns[i].expr);
    }
    free(in->params);
    free(in->conns);
    free(in->module);
    free(in->name);
}

void nl_release(struct nl_module *m)
{
    for (int i = 0; i < m->n; i++) {
        struct nl_item *it = m->items[i];
        release_instance(&it->inst);
        free(it->text);
        free(it->first);
        free(it->note);
        free(it->reset);
        free(it->reset_text);
        free(it->range);
        free(it->trail);
        for (int p = 0; p < it->nports; p++) {
            free(it->ports[p].dir);
            free(it->ports[p].range);
            free(it->ports[p].name);
        }
        free(it->ports);
        free(it);
    }
    free(m->items);
    memset(m, 0, sizeof(*m));
}
