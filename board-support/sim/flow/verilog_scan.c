/* SPDX-License-Identifier: MIT */
/* A little Verilog scanning for the sim flow's own checks; see verilog_scan.h. */
#define _POSIX_C_SOURCE 200809L
#include "verilog_scan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A copy of text with comments and string literals replaced by spaces (newlines kept). */
char *oclhls_blank_comments(const char *text, size_t len)
{
    char *s = malloc(len + 1);

    if (!s)
        return NULL;
    memcpy(s, text, len);
    s[len] = '\0';
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
            for (; i < len && s[i] != '\n'; i++)
                s[i] = ' ';
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
            size_t j = i;
            for (; j < len && !(s[j] == '*' && j + 1 < len && s[j + 1] == '/'); j++)
                if (s[j] != '\n')
                    s[j] = ' ';
            for (size_t k = j; k < len && k < j + 2; k++)
                s[k] = ' ';
            i = j + 1;
        } else if (s[i] == '"') {
            size_t j = i + 1;
            for (; j < len && s[j] != '"' && s[j] != '\n'; j++)
                if (s[j] == '\\' && j + 1 < len)
                    s[j++] = ' ';
            for (size_t k = i; k <= j && k < len; k++)
                if (s[k] != '\n')
                    s[k] = ' ';
            i = j;
        }
    }
    return s;
}

int oclhls_is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

const char *oclhls_skip_ws(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* The identifier at p (length in *n), or NULL. */
const char *oclhls_ident_at(const char *p, size_t *n)
{
    if (!isalpha((unsigned char)*p) && *p != '_')
        return NULL;
    *n = 0;
    while (oclhls_is_ident(p[*n]))
        (*n)++;
    return p;
}

int oclhls_word_is(const char *p, size_t n, const char *w)
{
    return strlen(w) == n && strncmp(p, w, n) == 0;
}

/* The ')' matching the '(' at p, or NULL. */
const char *oclhls_match_paren(const char *p)
{
    int depth = 0;

    for (; *p; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && --depth == 0)
            return p;
    }
    return NULL;
}

/*
 * An integer literal: decimal, or sized/based ('d, 'h, 'b, 'o); underscores allowed.
 * Sets *end past it; 0 when p holds none.
 */
int oclhls_parse_int(const char *p, long long *v, const char **end)
{
    char digits[64];
    int base = 10, n = 0;
    const char *q = oclhls_skip_ws(p);

    if (!isdigit((unsigned char)*q))
        return 0;
    while ((isdigit((unsigned char)*q) || *q == '_') && n < 63)
        if (*q++ != '_')
            digits[n++] = q[-1];
    q = oclhls_skip_ws(q);
    if (*q == '\'') {
        q++;
        if (*q == 's' || *q == 'S')
            q++;
        switch (tolower((unsigned char)*q)) {
        case 'd':
            base = 10;
            break;
        case 'h':
            base = 16;
            break;
        case 'b':
            base = 2;
            break;
        case 'o':
            base = 8;
            break;
        default:
            return 0;
        }
        q = oclhls_skip_ws(q + 1);
        n = 0;
        while ((isxdigit((unsigned char)*q) || *q == '_') && n < 63)
            if (*q++ != '_')
                digits[n++] = q[-1];
    }
    if (n == 0)
        return 0;
    digits[n] = '\0';
    *v = strtoll(digits, NULL, base);
    *end = q;
    return 1;
}

/* Does the identifier word occur in text? */
int oclhls_has_word(const char *text, const char *word)
{
    size_t n = strlen(word);

    for (const char *p = text; (p = strstr(p, word)) != NULL; p += n)
        if ((p == text || !oclhls_is_ident(p[-1])) && !oclhls_is_ident(p[n]))
            return 1;
    return 0;
}
