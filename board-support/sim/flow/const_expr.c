/* SPDX-License-Identifier: MIT */
/* Constant integer expressions of Verilog headers; see const_expr.h. */
#include "const_expr.h"

#include "verilog_scan.h"

struct parser {
    const char *p, *end;
    oclhls_const_lookup lookup;
    void *ctx;
    int failed;
};

static long long sum(struct parser *s);

/* The next character that is not white space (p moved to it), or '\0' at the end. */
static char peek(struct parser *s)
{
    s->p = oclhls_skip_ws(s->p);
    return s->p < s->end ? *s->p : '\0';
}

static long long primary(struct parser *s)
{
    const char *w;
    size_t n;
    long long v = 0;
    char c = peek(s);

    if (c == '(') {
        s->p++;
        v = sum(s);
        if (peek(s) != ')')
            s->failed = 1;
        s->p++;
    } else if (c == '-') {
        s->p++;
        v = -primary(s);
    } else if (oclhls_parse_int(s->p, &v, &w) && w <= s->end) {
        s->p = w;
    } else if ((w = oclhls_ident_at(s->p, &n)) && w + n <= s->end &&
               s->lookup(s->ctx, w, n, &v) == 0) {
        s->p = w + n;
    } else {
        s->failed = 1;
    }
    return v;
}

static long long product(struct parser *s)
{
    long long v = primary(s);

    for (char c; !s->failed && ((c = peek(s)) == '*' || c == '/' || c == '%');) {
        long long r;

        s->p++;
        r = primary(s);
        if (c == '*')
            v *= r;
        else if (r == 0)
            s->failed = 1;
        else
            v = c == '/' ? v / r : v % r;
    }
    return v;
}

static long long sum(struct parser *s)
{
    long long v = product(s);

    for (char c; !s->failed && ((c = peek(s)) == '+' || c == '-');) {
        s->p++;
        v = c == '+' ? v + product(s) : v - product(s);
    }
    return v;
}

int oclhls_const_expr(const char *p, const char *end, oclhls_const_lookup lookup, void *ctx,
                      long long *v)
{
    struct parser s = {p, end, lookup, ctx, 0};

    *v = sum(&s);
    return s.failed || peek(&s) != '\0' ? -1 : 0;
}
