/* SPDX-License-Identifier: MIT */
/*
 * OpenCL C source, one physical line at a time, with the lexical state C gives it: which text
 * is inside a comment or a string or character literal, and which lines are joined by a
 * backslash-newline. Enough for loop_pragmas.c to tell a `#pragma` line, and a line that holds
 * code, from a comment; no preprocessing (#if is not evaluated).
 */
#include "fe_internal.h"

#include <string.h>

enum { SCAN_CODE, SCAN_BLOCK_COMMENT, SCAN_LINE_COMMENT, SCAN_STRING, SCAN_CHAR };

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* One character (or two) of code: i advanced past what was consumed. */
static void scan_code(struct fe_line_scan *sc, struct fe_src_line *li, size_t *i, size_t end)
{
    const char *s = sc->s;
    char c = s[*i], next = *i + 1 < end ? s[*i + 1] : '\0';

    if (c == '/' && next == '*') {
        sc->state = SCAN_BLOCK_COMMENT;
        li->open_comment = (long)*i;
        *i += 2;
        return;
    }
    if (c == '/' && next == '/') {
        sc->state = SCAN_LINE_COMMENT;
        *i += 2;
        return;
    }
    if (!blank(c) && li->code < 0)
        li->code = (long)*i;
    if (c == '"')
        sc->state = SCAN_STRING;
    else if (c == '\'')
        sc->state = SCAN_CHAR;
    *i += 1;
}

static void scan_char(struct fe_line_scan *sc, struct fe_src_line *li, size_t *i, size_t end)
{
    const char *s = sc->s;
    char c = s[*i], next = *i + 1 < end ? s[*i + 1] : '\0';

    switch (sc->state) {
    case SCAN_CODE:
        scan_code(sc, li, i, end);
        return;
    case SCAN_BLOCK_COMMENT:
        if (c == '*' && next == '/') {
            sc->state = SCAN_CODE;
            li->open_comment = -1;
            *i += 2;
            return;
        }
        break;
    case SCAN_STRING:
    case SCAN_CHAR:
        if (c == '\\' && *i + 1 < end) { /* an escape */
            *i += 2;
            return;
        }
        if (c == (sc->state == SCAN_STRING ? '"' : '\''))
            sc->state = SCAN_CODE;
        break;
    default: /* line comment */
        break;
    }
    *i += 1;
}

int fe_next_line(struct fe_line_scan *sc, struct fe_src_line *li)
{
    const char *s = sc->s, *nl;
    size_t i = sc->pos, end, text_end;

    if (sc->pos >= sc->len)
        return 0;
    nl = memchr(s + i, '\n', sc->len - i);
    end = nl ? (size_t)(nl - s) : sc->len;
    text_end = end > i && s[end - 1] == '\r' ? end - 1 : end;
    li->begin = i;
    li->end = end;
    li->code = -1;
    li->open_comment = -1;
    li->continuation = sc->continued;
    li->starts_in_comment = sc->state == SCAN_BLOCK_COMMENT;
    /* backslash-newline joins the next line to this one; the backslash itself is no code */
    li->spliced = text_end > i && s[text_end - 1] == '\\';
    while (i < text_end - (size_t)li->spliced)
        scan_char(sc, li, &i, text_end - (size_t)li->spliced);
    sc->continued = li->spliced;
    if (!li->spliced && sc->state != SCAN_BLOCK_COMMENT)
        sc->state = SCAN_CODE; /* line comments end; an unterminated literal is clang's to report */
    sc->line++;
    sc->pos = nl ? end + 1 : sc->len;
    return 1;
}
