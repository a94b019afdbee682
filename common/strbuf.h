/* SPDX-License-Identifier: MIT */
/*
 * Growing strings for logs and paths.
 * A strbuf starts zeroed ({0}); on allocation failure it sets .failed and ignores
 * further appends, so callers check once at the end. Appending to a NULL strbuf does
 * nothing (for callers that do not want the messages).
 */
#ifndef OCLHLS_STRBUF_H
#define OCLHLS_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct oclhls_strbuf {
    char *buf; /* NUL-terminated when non-NULL */
    size_t len;
    size_t cap;
    int failed;
};

void oclhls_strbuf_append(struct oclhls_strbuf *sb, const char *s, size_t n);
void oclhls_strbuf_puts(struct oclhls_strbuf *sb, const char *s);
void oclhls_strbuf_printf(struct oclhls_strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void oclhls_strbuf_vprintf(struct oclhls_strbuf *sb, const char *fmt, va_list ap);
/* Hands the string to the caller (malloc'ed; NULL if empty or failed) and resets sb. */
char *oclhls_strbuf_take(struct oclhls_strbuf *sb);
void oclhls_strbuf_release(struct oclhls_strbuf *sb);

/* malloc'ed formatted string, NULL when out of memory. */
char *oclhls_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Formats into a caller's error buffer (err may be NULL, errlen may be 0). */
void oclhls_errf(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* oclhls_errf, returning -1: `return oclhls_fail(err, errlen, "...", ...);` */
int oclhls_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
