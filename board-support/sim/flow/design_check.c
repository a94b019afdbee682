/* SPDX-License-Identifier: MIT */
/*
 * Allowlist check of a design's system tasks and directives; see design_check.h.
 * A small Verilog tokenizer: skips comments, string literals and escaped identifiers, and
 * looks at $names, `directives and `import "DPI..."` / `export "DPI..."`.
 */
#include "design_check.h"

#include <ctype.h>
#include <string.h>

#include "strbuf.h"

#define MAX_REPORTS 10

/* System tasks and functions with no effect outside the simulation. */
/* clang-format off */
static const char *const allowed_tasks[] = {
    "$bits", "$clog2", "$signed", "$unsigned", "$countones", "$countbits", "$onehot",
    "$onehot0", "$isunknown", "$high", "$low", "$left", "$right", "$size", "$increment",
    "$dimensions", "$unpacked_dimensions", "$typename", "$cast",
    "$display", "$displayb", "$displayh", "$displayo", "$write", "$writeb", "$writeh",
    "$writeo", "$strobe", "$strobeb", "$strobeh", "$strobeo", "$monitor", "$monitoron",
    "$monitoroff", "$sformat", "$sformatf", "$swrite", "$swriteb", "$swriteh", "$swriteo",
    "$sscanf", "$error", "$fatal", "$warning", "$info", "$finish", "$stop",
    "$time", "$stime", "$realtime", "$timeformat", "$printtimescale",
    "$random", "$urandom", "$urandom_range",
    "$itor", "$rtoi", "$bitstoreal", "$realtobits", "$bitstoshortreal", "$shortrealtobits",
    "$floor", "$ceil", "$ln", "$log10", "$exp", "$sqrt", "$pow", "$sin", "$cos", "$tan",
    "$asin", "$acos", "$atan", "$atan2", "$hypot", "$sinh", "$cosh", "$tanh", "$asinh",
    "$acosh", "$atanh",
    "$past", "$rose", "$fell", "$stable", "$changed", "$sampled",
    "$asserton", "$assertoff", "$assertkill", "$test$plusargs", "$value$plusargs",
    "$root", "$unit",
    NULL};

/* Directives that would read files or paste C++ into the model. */
static const char *const forbidden_directives[] = {
    "include", "systemc_header", "systemc_header_post", "systemc_interface",
    "systemc_implementation", "systemc_imp_header", "systemc_ctor", "systemc_dtor",
    "verilog", NULL};
/* clang-format on */

struct scan {
    const char *p, *end;
    int line;
    int bad;
    const char *what;
    struct oclhls_strbuf *log;
};

static int in_list(const char *const *list, const char *s, size_t n)
{
    for (; *list; list++)
        if (strlen(*list) == n && strncmp(*list, s, n) == 0)
            return 1;
    return 0;
}

static void report(struct scan *s, const char *fmt, const char *name, size_t n)
{
    if (s->bad++ < MAX_REPORTS) {
        oclhls_strbuf_printf(s->log, "%s:%d: ", s->what, s->line);
        oclhls_strbuf_printf(s->log, fmt, (int)n, name);
        oclhls_strbuf_puts(s->log, " is not allowed in a program file's design\n");
    }
}

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static void skip_to(struct scan *s, const char *stop)
{
    size_t n = strlen(stop);

    while (s->p < s->end && !((size_t)(s->end - s->p) >= n && !memcmp(s->p, stop, n))) {
        s->line += *s->p == '\n';
        s->p++;
    }
    s->p = s->p + n <= s->end ? s->p + n : s->end;
}

/* A string literal ends at its closing quote or at an unescaped end of line. */
static void skip_string(struct scan *s)
{
    for (s->p++; s->p < s->end && *s->p != '"' && *s->p != '\n'; s->p++) {
        if (*s->p == '\\' && s->p + 1 < s->end) {
            s->p++;
            s->line += *s->p == '\n';
        }
    }
    if (s->p < s->end && *s->p == '"')
        s->p++;
}

static size_t word_len(const struct scan *s, const char *start)
{
    const char *q = start;

    while (q < s->end && ident_char(*q))
        q++;
    return (size_t)(q - start);
}

/* After `import` or `export`: is the next token a string starting with "DPI? */
static int dpi_follows(const struct scan *s, const char *q)
{
    while (q < s->end && isspace((unsigned char)*q))
        q++;
    return s->end - q >= 4 && !strncmp(q, "\"DPI", 4);
}

static void scan_word(struct scan *s)
{
    size_t n = word_len(s, s->p);

    if (*s->p == '$' && !in_list(allowed_tasks, s->p, n))
        report(s, "'%.*s'", s->p, n);
    if (((n == 6 && !strncmp(s->p, "import", 6)) || (n == 6 && !strncmp(s->p, "export", 6))) &&
        dpi_follows(s, s->p + n))
        report(s, "'%.*s \"DPI-C\"' (foreign functions)", s->p, n);
    s->p += n ? n : 1;
}

static void scan_directive(struct scan *s)
{
    size_t n = word_len(s, s->p + 1);

    if (in_list(forbidden_directives, s->p + 1, n))
        report(s, "'`%.*s'", s->p + 1, n);
    else if (n == 0 && s->p + 1 < s->end && s->p[1] == '`')
        report(s, "'%.*s' (token pasting)", "``", 2);
    s->p += 1 + n;
}

static void scan_token(struct scan *s)
{
    const char c = *s->p;

    if (c == '\n') {
        s->line++;
        s->p++;
    } else if (c == '/' && s->p + 1 < s->end && s->p[1] == '/') {
        skip_to(s, "\n");
        s->line++;
    } else if (c == '/' && s->p + 1 < s->end && s->p[1] == '*') {
        s->p += 2;
        skip_to(s, "*/");
    } else if (c == '"') {
        skip_string(s);
    } else if (c == '\\') { /* escaped identifier: up to white space */
        while (s->p < s->end && !isspace((unsigned char)*s->p))
            s->p++;
    } else if (c == '`') {
        scan_directive(s);
    } else if (ident_char(c)) {
        scan_word(s);
    } else {
        s->p++;
    }
}

int oclhls_design_check(const char *text, size_t len, const char *what, struct oclhls_strbuf *log)
{
    struct scan s = {.p = text, .end = text + len, .line = 1, .what = what, .log = log};

    while (s.p < s.end)
        scan_token(&s);
    if (s.bad > MAX_REPORTS)
        oclhls_strbuf_printf(log, "%s: %d more\n", what, s.bad - MAX_REPORTS);
    return s.bad ? -1 : 0;
}
