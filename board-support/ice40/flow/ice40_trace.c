/* SPDX-License-Identifier: MIT */
/*
 * Tracing netlist instances to the design text (ice40_trace.h). A scanner, not a Verilog
 * parser: it knows the shapes the compiler and rtl-lib write, `module name` lines,
 * instances `type [#( ... )] name (` (parameters over any number of lines) and value
 * declarations `wire [..] vN;  // comment`.
 */
#define _GNU_SOURCE /* memmem */
#include "ice40_trace.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct line {
    const char *p;
    size_t n;
};

static int is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static size_t ident(const char *p, const char *end)
{
    size_t n = 0;

    while (p + n < end && is_ident_char(p[n]))
        n++;
    return n && !isdigit((unsigned char)p[0]) ? n : 0;
}

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    return p;
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

/* The module's body: from the line after `module name` to its `endmodule`. 0 or -1. */
static int module_body(const char *text, size_t len, const char *module, struct line *body)
{
    const char *p = text, *end = text + len;

    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        struct line l = {p, (size_t)((nl ? nl : end) - p)};

        p = nl ? nl + 1 : end;
        if (is_module_line(l, module)) {
            const char *stop = p;
            while (stop < end && strncmp(skip_space(stop, end), "endmodule", 9)) {
                const char *n2 = memchr(stop, '\n', (size_t)(end - stop));
                stop = n2 ? n2 + 1 : end;
            }
            *body = (struct line){p, (size_t)(stop - p)};
            return 0;
        }
    }
    return -1;
}

/*
 * The type of an instance named at `at` (`type name (` or `type #( ... ) name (`, the
 * parameters on as many lines as they take), read backwards from the name; 0 or -1.
 */
static int instance_type(const char *begin, const char *at, struct line *type)
{
    const char *q = at - 1;

    while (q >= begin && isspace((unsigned char)*q))
        q--;
    if (q >= begin && *q == ')') {
        int depth = 0;
        for (; q >= begin; q--) {
            depth += (*q == ')') - (*q == '(');
            if (depth == 0)
                break;
        }
        for (q--; q >= begin && isspace((unsigned char)*q); q--)
            ;
        if (q < begin || *q != '#')
            return -1;
        for (q--; q >= begin && isspace((unsigned char)*q); q--)
            ;
    }
    const char *e = q + 1;
    while (q >= begin && is_ident_char(*q))
        q--;
    *type = (struct line){q + 1, (size_t)(e - (q + 1))};
    return type->n && ident(type->p, e) == type->n && strncmp(type->p, "module", 6) ? 0 : -1;
}

/* The line that ends just before `ls` (a line start), or an empty span at the beginning. */
static struct line line_before(const char *begin, const char *ls)
{
    const char *prev;

    if (ls <= begin)
        return (struct line){NULL, 0};
    for (prev = ls - 1; prev > begin && prev[-1] != '\n'; prev--)
        ;
    return (struct line){prev, (size_t)(ls - 1 - prev)};
}

static int starts_with(struct line l, const char *word)
{
    const char *p = skip_space(l.p, l.p + l.n);
    size_t n = strlen(word);

    return (size_t)(l.p + l.n - p) >= n && !strncmp(p, word, n);
}

/*
 * The comment the compiler wrote above an instance: over the wires it declares for the
 * instance, the first line of the nearest block of `//` lines ("load, line 7: ..."; the
 * lines after it add details). Empty when something else comes first.
 */
static struct line comment_before(const char *begin, const char *p)
{
    const char *ls = p;
    struct line l, found = {NULL, 0};

    while (ls > begin && ls[-1] != '\n')
        ls--;
    for (l = line_before(begin, ls); l.p; l = line_before(begin, l.p)) {
        struct line c = comment_of(l);
        if (c.n)
            found = c;
        else if (found.n || !(starts_with(l, "wire") || starts_with(l, "reg") ||
                              starts_with(l, "/*") || starts_with(l, "assign")))
            break;
    }
    return found;
}

/* Finds instance `inst` in `module`: its type and the comment line before it. 0 or -1. */
static int find_instance(const char *text, size_t len, const char *module, const char *inst,
                         char *type, size_t tlen, struct line *comment)
{
    struct line body, t;
    size_t n = strlen(inst);

    if (module_body(text, len, module, &body))
        return -1;
    const char *p = body.p, *end = body.p + body.n;
    while ((p = memmem(p, (size_t)(end - p), inst, n))) {
        const char *after = skip_space(p + n, end);
        if ((p == body.p || !is_ident_char(p[-1])) && (p + n == end || !is_ident_char(p[n])) &&
            after < end && *after == '(' && instance_type(body.p, p, &t) == 0) {
            snprintf(type, tlen, "%.*s", (int)t.n, t.p);
            *comment = comment_before(body.p, t.p);
            return 0;
        }
        p += n;
    }
    return -1;
}

/* The comment of a compiler value's declaration, `wire [31:0] v35;  // mul, line 12`. */
static int value_comment(struct line l, const char *value, struct line *comment)
{
    const char *end = l.p + l.n, *p = skip_space(l.p, end), *name;
    size_t n = strlen(value);

    if (end - p < 5 || strncmp(p, "wire", 4) || !isspace((unsigned char)p[4]))
        return 0;
    p = skip_space(p + 4, end);
    if (p < end && *p == '[' && (p = memchr(p, ']', (size_t)(end - p))))
        p = skip_space(p + 1, end);
    if (!p || (size_t)(end - p) < n + 1 || strncmp(p, value, n) || p[n] != ';')
        return 0;
    name = p + n + 1;
    *comment = comment_of((struct line){name, (size_t)(end - name)});
    return comment->p != NULL;
}

/* Finds the declaration of value (v35) in module: its comment. 0 or -1. */
static int find_value(const char *text, size_t len, const char *module, const char *value,
                      struct line *comment)
{
    struct line body;

    if (module_body(text, len, module, &body))
        return -1;
    for (const char *p = body.p, *end = body.p + body.n; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (value_comment((struct line){p, (size_t)((nl ? nl : end) - p)}, value, comment))
            return 0;
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
        if (find_instance(verilog, len, module, part, module, sizeof(module), &comment)) {
            /* A kernel's own logic, grouped by the value it computes or carries. */
            if (!p[n] && !find_value(verilog, len, module, part, &comment) && used < outlen)
                used += (size_t)snprintf(out + used, outlen - used, " > value %s", part);
            break;
        }
        if (strcmp(module, "oclhls_system") && used < outlen) /* every design has it */
            used += (size_t)snprintf(out + used, outlen - used, "%s%s", used ? " > " : "", module);
        p += n + (p[n] == '.');
    }
    /* The comment's first sentence: one line of a longer comment stops mid-sentence. */
    const char *stop = comment.n ? memmem(comment.p, comment.n, ". ", 2) : NULL;
    if (stop)
        comment.n = (size_t)(stop - comment.p) + 1;
    if (comment.n && used < outlen)
        snprintf(out + used, outlen - used, ": %.*s", (int)comment.n, comment.p);
}
