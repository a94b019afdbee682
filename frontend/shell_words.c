/* SPDX-License-Identifier: MIT */
/*
 * Splits a build-options string into words the way a POSIX shell would: blanks separate words,
 * '...' is literal, "..." is literal except for \" \\ \$ \` and \newline, a backslash outside
 * quotes escapes the next character. Nothing is expanded ($, *, ~ stay as they are).
 */
#include "fe_internal.h"

#include <string.h>

struct splitter {
    const char *p;
    struct oclhls_strbuf word;
    int in_word; /* a word has started, even if empty ("") */
};

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* After the opening quote; leaves p after the closing one. -1 when unterminated. */
static int take_single_quoted(struct splitter *s)
{
    const char *end = strchr(s->p, '\'');

    if (!end)
        return -1;
    oclhls_strbuf_append(&s->word, s->p, (size_t)(end - s->p));
    s->p = end + 1;
    return 0;
}

static int take_double_quoted(struct splitter *s)
{
    for (;;) {
        char c = *s->p++;

        if (c == '\0')
            return -1;
        if (c == '"')
            return 0;
        if (c == '\\' && *s->p && strchr("\"\\$`\n", *s->p)) {
            c = *s->p++;
            if (c == '\n')
                continue;
        }
        oclhls_strbuf_append(&s->word, &c, 1);
    }
}

static void end_word(struct splitter *s, struct oclhls_argv *out)
{
    if (!s->in_word)
        return;
    oclhls_argv_add(out, s->word.buf ? s->word.buf : "");
    s->word.len = 0;
    if (s->word.buf)
        s->word.buf[0] = '\0';
    s->in_word = 0;
}

static int split_loop(struct splitter *s, struct oclhls_argv *out)
{
    while (*s->p) {
        char c = *s->p++;

        if (is_blank(c)) {
            end_word(s, out);
            continue;
        }
        if (c == '\\' && *s->p == '\n') { /* line continuation */
            s->p++;
            continue;
        }
        s->in_word = 1;
        if (c == '\'') {
            if (take_single_quoted(s))
                return -1;
            continue;
        }
        if (c == '"') {
            if (take_double_quoted(s))
                return -1;
            continue;
        }
        if (c == '\\' && *s->p)
            c = *s->p++;
        oclhls_strbuf_append(&s->word, &c, 1);
    }
    end_word(s, out);
    return 0;
}

int fe_shell_split(const char *str, struct oclhls_argv *out, struct oclhls_strbuf *log)
{
    struct splitter s = {.p = str ? str : ""};
    int ret = 0;

    if (split_loop(&s, out)) {
        oclhls_strbuf_puts(log, "error: unterminated quote in build options\n");
        ret = -1;
    } else if (s.word.failed || out->failed) {
        oclhls_strbuf_puts(log, "error: out of memory\n");
        ret = -1;
    }
    oclhls_strbuf_release(&s.word);
    return ret;
}
