/* SPDX-License-Identifier: MIT */
/*
 * The dependency file of a build (fe_program.h dep_file): clang lists the files it read
 * (-MMD, so without its own headers) for the copy of the source in the temporary directory;
 * that copy becomes the real source file, the device header is dropped, and each header
 * gets an empty rule of its own (as -MP does), so that a deleted header does not stop make
 * or ninja. Make's syntax: "target: dep dep \<newline> dep", spaces in names as "\ ".
 */
#include "fe_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"

/* The next file name in a make rule from *p (escapes undone into *word); 0 at the end. */
static int next_name(const char **p, struct oclhls_strbuf *word)
{
    const char *s = *p;

    word->len = 0;
    if (word->buf)
        word->buf[0] = '\0';
    for (;;) { /* blanks and line continuations */
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (s[0] == '\\' && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n')))
            s += s[1] == '\n' ? 2 : 3;
        else
            break;
    }
    while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
        if ((s[0] == '\\' && s[1] == ' ') || (s[0] == '$' && s[1] == '$'))
            s++;
        oclhls_strbuf_printf(word, "%c", *s++);
    }
    *p = s;
    return word->len > 0;
}

static void put_name(struct oclhls_strbuf *out, const char *name)
{
    for (const char *c = name; *c; c++) {
        if (*c == ' ')
            oclhls_strbuf_puts(out, "\\ ");
        else if (*c == '$')
            oclhls_strbuf_puts(out, "$$");
        else
            oclhls_strbuf_printf(out, "%c", *c);
    }
}

int fe_write_depfile(const char *clang_deps, const char *copy_name, const char *source_path,
                     const char *skip, const char *target, const char *out_path,
                     struct oclhls_strbuf *log)
{
    struct oclhls_strbuf word = {0}, out = {0}, phony = {0};
    char *text = NULL;
    size_t len = 0;
    int ret = -1;

    if (oclhls_read_file(clang_deps, &text, &len)) {
        oclhls_strbuf_printf(log, "error: cannot read clang's dependencies %s\n", clang_deps);
        return -1;
    }
    const char *p = strchr(text, ':'); /* clang's own target ends there */
    p = p ? p + 1 : text + len;
    put_name(&out, target);
    oclhls_strbuf_puts(&out, ": ");
    put_name(&out, source_path);
    while (next_name(&p, &word)) {
        if (!strcmp(word.buf, copy_name) || !strcmp(word.buf, skip))
            continue;
        oclhls_strbuf_puts(&out, " \\\n  ");
        put_name(&out, word.buf);
        oclhls_strbuf_puts(&phony, "\n");
        put_name(&phony, word.buf);
        oclhls_strbuf_puts(&phony, ":\n");
    }
    oclhls_strbuf_puts(&out, "\n");
    if (phony.len)
        oclhls_strbuf_puts(&out, phony.buf);
    if (out.failed || word.failed || phony.failed)
        oclhls_strbuf_puts(log, "error: out of memory\n");
    else if (oclhls_write_file(out_path, out.buf, out.len))
        oclhls_strbuf_printf(log, "error: cannot write the dependency file %s: %s\n", out_path,
                             strerror(errno));
    else
        ret = 0;
    free(text);
    oclhls_strbuf_release(&word);
    oclhls_strbuf_release(&out);
    oclhls_strbuf_release(&phony);
    return ret;
}
