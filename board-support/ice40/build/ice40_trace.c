/* SPDX-License-Identifier: MIT */
/*
 * Tracing netlist instances to the design text (ice40_trace.h). A line scanner, not a
 * Verilog parser: it knows the shape the compiler and rtl-lib write instances in,
 * `type [#(...)] name (` on one line, and `module name` lines.
 */
#include "ice40_trace.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct line {
    const char *p;
    size_t n;
};

static size_t ident(const char *p, const char *end)
{
    size_t n = 0;

    while (p + n < end && (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '$'))
        n++;
    return n && !isdigit((unsigned char)p[0]) ? n : 0;
}

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    return p;
}

/* Skips a balanced "#( ... )" on the line; NULL when it does not close there. */
static const char *skip_params(const char *p, const char *end)
{
    int depth = 0;

    for (p++, p = skip_space(p, end); p < end; p++) {
        depth += *p == '(';
        depth -= *p == ')';
        if (depth == 0 && *p == ')')
            return p + 1;
    }
    return NULL;
}

/* On an instance line, sets type and name (spans into the line); 1 when it is one. */
static int instance_line(struct line l, struct line *type, struct line *name)
{
    const char *end = l.p + l.n, *p = skip_space(l.p, end);

    type->p = p;
    type->n = ident(p, end);
    if (!type->n || (type->n == 6 && !strncmp(p, "module", 6)))
        return 0;
    p = skip_space(p + type->n, end);
    if (p < end && *p == '#' && !(p = skip_params(p, end)))
        return 0;
    p = skip_space(p, end);
    name->p = p;
    name->n = ident(p, end);
    p = skip_space(p + name->n, end);
    return name->n && p < end && *p == '(';
}

static int is_module_line(struct line l, const char *module)
{
    const char *end = l.p + l.n, *p = skip_space(l.p, end);
    size_t m = strlen(module);

    if ((size_t)(end - p) < 7 + m || strncmp(p, "module", 6) || !isspace((unsigned char)p[6]))
        return 0;
    p = skip_space(p + 6, end);
    return (size_t)(end - p) >= m && !strncmp(p, module, m) && ident(p, end) == m;
}

/* The comment text of a line that is only a "// ..." comment, else an empty span. */
static struct line comment_of(struct line l)
{
    const char *end = l.p + l.n, *p = skip_space(l.p, end);

    if (end - p >= 2 && p[0] == '/' && p[1] == '/')
        return (struct line){skip_space(p + 2, end), (size_t)(end - skip_space(p + 2, end))};
    return (struct line){NULL, 0};
}

/* Finds instance `inst` in `module`: its type and the comment line before it. 0 or -1. */
static int find_instance(const char *text, size_t len, const char *module, const char *inst,
                         char *type, size_t tlen, struct line *comment)
{
    const char *p = text, *end = text + len;
    struct line prev = {NULL, 0}, t, n;
    int inside = 0;

    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        struct line l = {p, (size_t)((nl ? nl : end) - p)};

        if (!inside)
            inside = is_module_line(l, module);
        else if (!strncmp(skip_space(l.p, l.p + l.n), "endmodule", 9))
            return -1;
        else if (instance_line(l, &t, &n) && n.n == strlen(inst) && !strncmp(n.p, inst, n.n)) {
            snprintf(type, tlen, "%.*s", (int)t.n, t.p);
            *comment = comment_of(prev);
            return 0;
        }
        prev = l;
        p = nl ? nl + 1 : end;
    }
    return -1;
}

void ice40_trace_describe(const char *verilog, size_t len, const char *top, const char *inst,
                          char *out, size_t outlen)
{
    char module[128], part[96];
    struct line comment = {NULL, 0};
    const char *p = inst;
    size_t used = 0;

    snprintf(module, sizeof(module), "%s", top);
    out[0] = '\0';
    while (*p) {
        size_t n = strcspn(p, ".");
        snprintf(part, sizeof(part), "%.*s", (int)n, p);
        if (find_instance(verilog, len, module, part, module, sizeof(module), &comment))
            break;
        if (strcmp(module, "oclhls_system") && used < outlen) /* every design has it */
            used += (size_t)snprintf(out + used, outlen - used, "%s%s", used ? " > " : "", module);
        p += n + (p[n] == '.');
    }
    if (comment.n && used < outlen)
        snprintf(out + used, outlen - used, ": %.*s", (int)comment.n, comment.p);
}
