/* SPDX-License-Identifier: MIT */
/* A growable string for generated text (Verilog, reports, logs). Out of memory is sticky. */
#ifndef OCLHLS_STRBUF_H
#define OCLHLS_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
    char *s;     /* NUL-terminated, NULL while empty */
    size_t len;
    size_t cap;
    int oom;     /* an allocation failed; contents are incomplete */
};

void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
void sb_append(struct strbuf *sb, const char *s, size_t len);
/* Hands the string to the caller (never NULL unless out of memory) and resets sb. */
char *sb_take(struct strbuf *sb);
void sb_free(struct strbuf *sb);

#endif
