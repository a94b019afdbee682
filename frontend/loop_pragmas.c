/* SPDX-License-Identifier: MIT */
/*
 * Intel FPGA SDK loop pragmas: `#pragma ii N` (the initiation interval wanted for the loop)
 * and `#pragma ivdep` (no dependencies through memory between its iterations; `safelen(N)` and
 * `array(name)` are accepted and mean plain ivdep here). Clang does not know them: it would
 * warn and drop them (and clang's own `vectorize(assume_safety)` would force vectorisation).
 * So before clang runs, each such pragma line becomes an empty line (line numbers do not move)
 * and a struct fe_loop_hint in fe_result for the loop statement on the first following line
 * that holds code; blank lines, lines with only comments and other preprocessor lines (such
 * as `#pragma unroll` or another hint) are skipped, as is an `__attribute__((...))` alone on
 * its line. HLS matches loop_line with fe_loop_start_line of each loop's latch branch.
 * Not seen: pragmas inside a skipped `#if`, `_Pragma("ii 2")`, pragmas produced by macros.
 */
#include "fe_internal.h"
#include "debug_loc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum pragma_kind { PRAGMA_OTHER, PRAGMA_II, PRAGMA_IVDEP };

/* One pre-pass: the source, the file name for messages, what goes where. */
struct pragma_pass {
    struct fe_line_scan sc;
    const char *file;
    struct fe_result *res;
    unsigned cap;
    struct oclhls_strbuf *log;
};

/* Past blanks and comments (a comment left open ends the line). */
static const char *skip_blank(const char *p, const char *end)
{
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v'))
            p++;
        if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
            const char *q = p + 2;

            while (end - q >= 2 && !(q[0] == '*' && q[1] == '/'))
                q++;
            p = end - q >= 2 ? q + 2 : end;
            continue;
        }
        return end - p >= 2 && p[0] == '/' && p[1] == '/' ? end : p;
    }
}

static size_t ident(const char *p, const char *end)
{
    const char *q = p;

    if (q < end && (isalpha((unsigned char)*q) || *q == '_'))
        while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
            q++;
    return (size_t)(q - p);
}

static int word_is(const char *p, size_t n, const char *w)
{
    return n == strlen(w) && !memcmp(p, w, n);
}

/* A positive decimal integer below 2^32 at *p, advanced past it; 0 when there is none. */
static uint32_t number(const char **p, const char *end)
{
    const char *q = *p;
    uint64_t v = 0;

    while (q < end && isdigit((unsigned char)*q) && v <= UINT32_MAX)
        v = v * 10 + (uint64_t)(*q++ - '0');
    if (q == *p || v > UINT32_MAX ||
        (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '.')))
        return 0;
    *p = q;
    return (uint32_t)v;
}

/* Which pragma the directive at p ('#') is; *args is what follows its name. */
static enum pragma_kind pragma_of(const char *p, const char *end, const char **args)
{
    size_t n;

    p = skip_blank(p + 1, end);
    n = ident(p, end);
    if (!word_is(p, n, "pragma"))
        return PRAGMA_OTHER;
    p = skip_blank(p + n, end);
    n = ident(p, end);
    *args = p + n;
    if (word_is(p, n, "ii"))
        return PRAGMA_II;
    if (word_is(p, n, "ivdep"))
        return PRAGMA_IVDEP;
    return PRAGMA_OTHER;
}

static int parse_ii(const char *p, const char *end, unsigned *ii)
{
    p = skip_blank(p, end);
    *ii = number(&p, end);
    return *ii && skip_blank(p, end) == end ? 0 : -1;
}

/* array(name), name.member or name->member too */
static const char *array_name(const char *p, const char *end)
{
    size_t n = ident(p, end);

    while (n) {
        p = skip_blank(p + n, end);
        if (end - p >= 1 && *p == '.')
            p = skip_blank(p + 1, end);
        else if (end - p >= 2 && p[0] == '-' && p[1] == '>')
            p = skip_blank(p + 2, end);
        else
            return p;
        if (!(n = ident(p, end)))
            return NULL;
    }
    return NULL;
}

/* Nothing, or clauses safelen(N) and array(name). */
static int parse_ivdep(const char *p, const char *end)
{
    for (p = skip_blank(p, end); p < end; p = skip_blank(p, end)) {
        size_t n = ident(p, end);
        int safelen = word_is(p, n, "safelen");

        if (!safelen && !word_is(p, n, "array"))
            return -1;
        p = skip_blank(p + n, end);
        if (p == end || *p != '(')
            return -1;
        p = skip_blank(p + 1, end);
        if (safelen ? !number(&p, end) : !(p = array_name(p, end)))
            return -1;
        p = skip_blank(p, end);
        if (p == end || *p != ')')
            return -1;
        p++;
    }
    return 0;
}

/* The code at p starts a loop statement (1), is an attribute alone (2), or something else. */
static int loop_start(const char *p, const char *end)
{
    size_t n = ident(p, end);
    int depth = 0;

    if (word_is(p, n, "for") || word_is(p, n, "while") || word_is(p, n, "do"))
        return 1;
    if (!word_is(p, n, "__attribute__"))
        return 0;
    for (p = skip_blank(p + n, end); p < end; p++) {
        depth += (*p == '(') - (*p == ')');
        if (depth == 0 && *p == ')')
            break;
    }
    p = p < end ? skip_blank(p + 1, end) : end;
    return p == end ? 2 : loop_start(p, end);
}

/* The line of the loop statement after the current line; 0 when the code there is no loop. */
static unsigned loop_line_after(struct fe_line_scan la)
{
    struct fe_src_line li;
    int in_directive = 0;

    while (fe_next_line(&la, &li)) {
        const char *p = la.s + li.code, *end = la.s + li.end;
        int what;

        if (li.continuation && in_directive) {
            in_directive = li.spliced;
            continue;
        }
        if (li.code < 0)
            continue;
        if (*p == '#' && !li.continuation) {
            in_directive = li.spliced;
            continue;
        }
        what = loop_start(p, end);
        if (what != 2)
            return what ? la.line : 0;
    }
    return 0;
}

static const char *pragma_name(enum pragma_kind k)
{
    return k == PRAGMA_II ? "#pragma ii" : "#pragma ivdep";
}

static void message(struct pragma_pass *pp, unsigned line, const char *what)
{
    fe_log_location(pp->log, pp->file, line);
    oclhls_strbuf_puts(pp->log, what);
}

/* A hint for loop_line, merged with an earlier one for the same loop. */
static int add_hint(struct pragma_pass *pp, unsigned pragma_line, unsigned loop_line, unsigned ii,
                    int ivdep)
{
    struct fe_result *res = pp->res;
    struct fe_loop_hint *h = NULL;

    for (unsigned i = 0; i < res->nloop_hints && !h; i++)
        if (res->loop_hints[i].loop_line == loop_line)
            h = &res->loop_hints[i];
    if (h && ii && h->ii && h->ii != ii) {
        fe_log_location(pp->log, pp->file, pragma_line);
        oclhls_strbuf_printf(pp->log,
                             "error: '#pragma ii %u' contradicts '#pragma ii %u' (line %u) for "
                             "the same loop\n",
                             ii, h->ii, h->pragma_line);
        return -1;
    }
    if (!h) {
        if (res->nloop_hints == pp->cap) {
            unsigned cap = pp->cap ? 2 * pp->cap : 8;
            struct fe_loop_hint *a = realloc(res->loop_hints, cap * sizeof(*a));

            if (!a) {
                oclhls_strbuf_puts(pp->log, "error: out of memory\n");
                return -1;
            }
            res->loop_hints = a;
            pp->cap = cap;
        }
        h = &res->loop_hints[res->nloop_hints++];
        *h = (struct fe_loop_hint){.pragma_line = pragma_line, .loop_line = loop_line};
    }
    if (ii)
        h->ii = ii;
    h->ivdep |= ivdep;
    return 0;
}

/* One of our pragmas on the line just scanned: checked and recorded. */
static int take_pragma(struct pragma_pass *pp, enum pragma_kind k, const char *args,
                       const struct fe_src_line *li)
{
    const char *end = pp->sc.s + li->end;
    unsigned line = pp->sc.line, ii = 0, loop_line;
    char msg[160];

    if (li->spliced) {
        snprintf(msg, sizeof(msg), "error: '%s' must fit on one line\n", pragma_name(k));
        message(pp, line, msg);
        return -1;
    }
    if (k == PRAGMA_II ? parse_ii(args, end, &ii) : parse_ivdep(args, end)) {
        message(pp, line,
                k == PRAGMA_II
                    ? "error: '#pragma ii' expects a positive integer (the initiation interval)\n"
                    : "error: '#pragma ivdep' expects nothing, safelen(N) or array(name)\n");
        return -1;
    }
    loop_line = loop_line_after(pp->sc);
    if (!loop_line) {
        snprintf(msg, sizeof(msg),
                 "warning: '%s' is not followed by a loop (for, while or do); ignored\n",
                 pragma_name(k));
        message(pp, line, msg);
        return 0;
    }
    return add_hint(pp, line, loop_line, ii, k == PRAGMA_IVDEP);
}

/* The source with our pragma lines emptied into out; hints into pp->res. */
static int scan(struct pragma_pass *pp, struct oclhls_strbuf *out)
{
    const char *s = pp->sc.s;
    struct fe_src_line li;
    size_t copied = 0;
    int ret = 0;

    while (fe_next_line(&pp->sc, &li)) {
        const char *args = NULL;
        enum pragma_kind k = PRAGMA_OTHER;

        if (li.code >= 0 && !li.continuation && !li.starts_in_comment && s[li.code] == '#')
            k = pragma_of(s + li.code, s + li.end, &args);
        if (k == PRAGMA_OTHER)
            continue;
        if (take_pragma(pp, k, args, &li))
            ret = -1;
        oclhls_strbuf_append(out, s + copied, li.begin - copied);
        if (li.open_comment >= 0) /* the comment goes on over the next lines */
            oclhls_strbuf_append(out, s + li.open_comment, li.end - (size_t)li.open_comment);
        copied = li.end;
    }
    oclhls_strbuf_append(out, s + copied, pp->sc.len - copied);
    return ret;
}

int fe_loop_pragmas(const struct fe_request *req, char **text, size_t *len, struct fe_result *res,
                    struct oclhls_strbuf *log)
{
    struct pragma_pass pp = {
        .sc = {.s = req->source ? req->source : "", .len = req->source_len},
        .res = res,
        .log = log,
    };
    struct oclhls_strbuf out = {0};
    char *file = fe_source_file_name(req->source_name);
    int ret;

    pp.file = file;
    ret = scan(&pp, &out);
    free(file);
    if (!file || out.failed) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    *len = out.len;
    *text = ret ? NULL : oclhls_strbuf_take(&out);
    oclhls_strbuf_release(&out);
    if (!ret && !*text) /* an empty source */
        *text = strdup("");
    return ret || !*text ? -1 : 0;
}
