// SPDX-License-Identifier: MIT
/* A module as data: building it and the planners' view of it (netlist.h). */
#include "netlist.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A malloc'ed formatted string ("" included); NULL and m->failed when out of memory. */
static char *vformat(struct nl_module *m, const char *fmt, va_list ap)
{
    struct oclhls_strbuf sb = {0};
    oclhls_strbuf_vprintf(&sb, fmt, ap);
    char *s = sb.failed ? NULL : sb.len ? oclhls_strbuf_take(&sb) : strdup("");
    oclhls_strbuf_release(&sb);
    if (!s)
        m->failed = 1;
    return s;
}

static char *copy(struct nl_module *m, const char *s)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        m->failed = 1;
    return c;
}

/* Appends an item; NULL when out of memory. */
static struct nl_item *push(struct nl_module *m, enum nl_item_kind kind)
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
    struct nl_item *it = push(m, NL_COMMENT);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = vformat(m, fmt, ap);
    va_end(ap);
}

static char *format(struct nl_module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static char *format(struct nl_module *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(m, fmt, ap);
    va_end(ap);
    return s;
}

/* A net of width bits: its range "[W-1:0]", none for a scalar. */
static struct nl_item *push_net(struct nl_module *m, const char *kind, unsigned width)
{
    struct nl_item *it = push(m, NL_NET);
    if (!it)
        return NULL;
    it->first = copy(m, kind);
    it->width = width;
    it->range = width ? format(m, "[%u:0]", width - 1) : copy(m, "");
    return it;
}

void nl_net(struct nl_module *m, const char *kind, unsigned width, const char *fmt, ...)
{
    struct nl_item *it = push_net(m, kind, width);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = vformat(m, fmt, ap);
    va_end(ap);
}

void nl_wire_init(struct nl_module *m, unsigned width, const char *name, const char *fmt, ...)
{
    struct nl_item *it = push_net(m, "wire", width);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->text = copy(m, name);
        it->note = vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_declare(struct nl_module *m, const struct nl_decl *d, const char *fmt, ...)
{
    struct nl_item *it = push(m, NL_NET);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = copy(m, d->kind);
        it->range = copy(m, d->range ? d->range : "");
        it->pad = d->pad;
        it->note = copy(m, d->init);
        it->trail = copy(m, d->trail);
        it->text = vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_blank(struct nl_module *m)
{
    push(m, NL_BLANK);
}

void nl_function(struct nl_module *m, const char *definition)
{
    struct nl_item *it = push(m, NL_FUNCTION);
    if (it)
        it->text = copy(m, definition);
}

void nl_module_begin(struct nl_module *m, const char *name, const char *parameter,
                     const char *comment_fmt, ...)
{
    struct nl_item *it = push(m, NL_MODULE);
    va_list ap;
    va_start(ap, comment_fmt);
    if (it) {
        it->first = copy(m, name);
        it->note = copy(m, parameter);
        it->text = vformat(m, comment_fmt, ap);
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
    p->dir = copy(m, dir);
    p->range = copy(m, range);
    p->name = vformat(m, fmt, ap);
    p->aligned = aligned;
    va_end(ap);
}

void nl_generate_begin(struct nl_module *m, const char *fmt, ...)
{
    struct nl_item *it = push(m, NL_GENERATE);
    va_list ap;
    va_start(ap, fmt);
    if (it)
        it->text = vformat(m, fmt, ap);
    va_end(ap);
    m->indent = 8;
}

void nl_generate_end(struct nl_module *m)
{
    m->indent = 0;
    push(m, NL_GENERATE_END);
}

void nl_end(struct nl_module *m)
{
    push(m, NL_END);
    m->header = 0;
}

void nl_assign(struct nl_module *m, const char *lhs, const char *fmt, ...)
{
    struct nl_item *it = push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = copy(m, lhs);
        it->text = vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_assign_to(struct nl_module *m, const char *rhs, const char *lhs_fmt, ...)
{
    struct nl_item *it = push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, lhs_fmt);
    if (it) {
        it->first = vformat(m, lhs_fmt, ap);
        it->text = copy(m, rhs ? rhs : "");
    }
    va_end(ap);
}

void nl_wire_to(struct nl_module *m, unsigned width, const char *rhs, const char *name_fmt, ...)
{
    struct nl_item *it = push_net(m, "wire", width);
    va_list ap;
    va_start(ap, name_fmt);
    if (it) {
        it->text = vformat(m, name_fmt, ap);
        it->note = copy(m, rhs ? rhs : "");
    }
    va_end(ap);
}

void nl_assign_note(struct nl_module *m, const char *lhs, const char *trail, const char *fmt, ...)
{
    struct nl_item *it = push(m, NL_ASSIGN);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->first = copy(m, lhs);
        it->trail = copy(m, trail);
        it->text = vformat(m, fmt, ap);
    }
    va_end(ap);
}

void nl_lint(struct nl_module *m, int on, const char *rule, const char *note)
{
    struct nl_item *it = push(m, NL_LINT);
    if (!it)
        return;
    it->first = copy(m, on ? "on" : "off");
    it->text = copy(m, rule);
    it->note = copy(m, note);
}

void nl_always(struct nl_module *m, const char *clock, const char *reset, const char *on_reset,
               const char *statements)
{
    struct nl_item *it = push(m, NL_ALWAYS);
    if (!it)
        return;
    it->first = copy(m, clock);
    it->reset = copy(m, reset);
    it->reset_text = copy(m, reset ? on_reset : NULL);
    it->text = copy(m, statements);
}

void nl_always_form(struct nl_module *m, int form, const char *clock, const char *fmt, ...)
{
    struct nl_item *it = push(m, NL_ALWAYS);
    va_list ap;
    va_start(ap, fmt);
    if (it) {
        it->form = form;
        it->first = copy(m, clock);
        it->text = vformat(m, fmt, ap);
    }
    va_end(ap);
}

struct nl_instance *nl_instance(struct nl_module *m, const char *module, const char *name)
{
    struct nl_item *it = push(m, NL_INSTANCE);
    if (!it)
        return NULL;
    it->inst.module = copy(m, module);
    it->inst.name = copy(m, name);
    return m->failed ? NULL : &it->inst;
}

static struct nl_param *add_param(struct nl_module *m, struct nl_instance *in, const char *name)
{
    if (!in)
        return NULL;
    struct nl_param *grown = realloc(in->params, (size_t)(in->nparams + 1) * sizeof(*grown));
    if (!grown) {
        m->failed = 1;
        return NULL;
    }
    in->params = grown;
    struct nl_param *p = &in->params[in->nparams++];
    memset(p, 0, sizeof(*p));
    p->name = copy(m, name);
    return p;
}

void nl_param(struct nl_module *m, struct nl_instance *in, const char *name, long long value)
{
    struct nl_param *p = add_param(m, in, name);
    if (p)
        p->value = value;
}

void nl_param_sized(struct nl_module *m, struct nl_instance *in, const char *name, unsigned width,
                    long long value)
{
    struct nl_param *p = add_param(m, in, name);
    if (p) {
        p->value = value;
        p->width = width;
    }
}

void nl_param_break(struct nl_module *m, struct nl_instance *in, const char *name, long long value)
{
    struct nl_param *p = add_param(m, in, name);
    if (p) {
        p->value = value;
        p->line_break = 1;
    }
}

void nl_param_expr(struct nl_module *m, struct nl_instance *in, const char *name, const char *expr)
{
    struct nl_param *p = add_param(m, in, name);
    if (p)
        p->expr = copy(m, expr);
}

static void vconnect(struct nl_module *m, struct nl_instance *in, int line_break, const char *port,
                     const char *fmt, va_list ap)
{
    if (!in)
        return;
    struct nl_conn *grown = realloc(in->conns, (size_t)(in->nconns + 1) * sizeof(*grown));
    if (!grown) {
        m->failed = 1;
        return;
    }
    in->conns = grown;
    struct nl_conn *c = &in->conns[in->nconns++];
    c->port = copy(m, port);
    c->expr = vformat(m, fmt, ap);
    c->line_break = line_break;
}

void nl_connect(struct nl_module *m, struct nl_instance *in, const char *port, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vconnect(m, in, 0, port, fmt, ap);
    va_end(ap);
}

void nl_connect_break(struct nl_module *m, struct nl_instance *in, const char *port,
                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vconnect(m, in, 1, port, fmt, ap);
    va_end(ap);
}

void nl_connect_open(struct nl_module *m, struct nl_instance *in, const char *port)
{
    nl_connect(m, in, port, "%s", "");
}

struct nl_param *nl_param_of(const struct nl_instance *in, const char *name)
{
    for (int i = 0; i < in->nparams; i++)
        if (in->params[i].name && !strcmp(in->params[i].name, name))
            return &in->params[i];
    return NULL;
}

long long nl_param_value(const struct nl_instance *in, const char *name, long long dflt)
{
    const struct nl_param *p = nl_param_of(in, name);
    return p && !p->expr ? p->value : dflt;
}

struct nl_instance *nl_instance_named(const struct nl_module *m, const char *name)
{
    for (int j = 0; j < m->n; j++) {
        struct nl_item *it = m->items[j];
        if (it->kind == NL_INSTANCE && it->inst.name && !strcmp(it->inst.name, name))
            return &it->inst;
    }
    return NULL;
}

struct nl_instance *nl_instance_at(const struct nl_module *m, const char *module, int i)
{
    for (int j = 0; j < m->n; j++) {
        struct nl_item *it = m->items[j];
        if (it->kind == NL_INSTANCE && (!module || !strcmp(it->inst.module, module)) && !i--)
            return &it->inst;
    }
    return NULL;
}

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
