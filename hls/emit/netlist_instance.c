// SPDX-License-Identifier: MIT
/* Instances of rtl-lib units in a netlist: parameters, connections, and the view the planners
   and the report have of them (netlist.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "netlist.h"
#include "netlist_internal.h"

struct nl_instance *nl_instance(struct nl_module *m, const char *module, const char *name)
{
    struct nl_item *it = nl_push(m, NL_INSTANCE);
    if (!it)
        return NULL;
    it->inst.module = nl_copy(m, module);
    it->inst.name = nl_copy(m, name);
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
    p->name = nl_copy(m, name);
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
        p->expr = nl_copy(m, expr);
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
    c->port = nl_copy(m, port);
    c->expr = nl_vformat(m, fmt, ap);
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
