/* SPDX-License-Identifier: MIT */
/* Growing strings for logs and paths; see strbuf.h. */
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int strbuf_reserve(struct oclhls_strbuf *sb, size_t extra)
{
    size_t need, cap;
    char *p;

    if (!sb)
        return -1;
    if (sb->failed || extra > (size_t)-1 / 2 - sb->len)
        goto fail;
    need = sb->len + extra + 1;
    cap = sb->cap ? sb->cap : 64;
    if (need <= sb->cap)
        return 0;
    while (cap < need)
        cap *= 2;
    p = realloc(sb->buf, cap);
    if (!p)
        goto fail;
    sb->buf = p;
    sb->cap = cap;
    return 0;
fail:
    sb->failed = 1;
    return -1;
}

void oclhls_strbuf_append(struct oclhls_strbuf *sb, const char *s, size_t n)
{
    if (strbuf_reserve(sb, n))
        return;
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

void oclhls_strbuf_puts(struct oclhls_strbuf *sb, const char *s)
{
    oclhls_strbuf_append(sb, s, strlen(s));
}

/* One formatting pass when the text fits the room left (the common case: the buffer
   doubles as it grows), a second only after growing it. */
void oclhls_strbuf_vprintf(struct oclhls_strbuf *sb, const char *fmt, va_list ap)
{
    va_list ap2;
    size_t room;
    int n;

    if (!sb || sb->failed)
        return;
    room = sb->cap > sb->len ? sb->cap - sb->len : 0;
    va_copy(ap2, ap);
    n = vsnprintf(room ? sb->buf + sb->len : NULL, room, fmt, ap2);
    va_end(ap2);
    if (n < 0 || strbuf_reserve(sb, (size_t)n)) {
        sb->failed = 1;
        return;
    }
    if ((size_t)n >= room)
        vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void oclhls_strbuf_printf(struct oclhls_strbuf *sb, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    oclhls_strbuf_vprintf(sb, fmt, ap);
    va_end(ap);
}

char *oclhls_strbuf_take(struct oclhls_strbuf *sb)
{
    char *s = NULL;

    if (!sb->failed && sb->len)
        s = sb->buf;
    else
        free(sb->buf);
    memset(sb, 0, sizeof(*sb));
    return s;
}

void oclhls_strbuf_release(struct oclhls_strbuf *sb)
{
    free(sb->buf);
    memset(sb, 0, sizeof(*sb));
}

char *oclhls_asprintf(const char *fmt, ...)
{
    struct oclhls_strbuf sb = {0};
    va_list ap;

    va_start(ap, fmt);
    oclhls_strbuf_vprintf(&sb, fmt, ap);
    va_end(ap);
    if (sb.failed) {
        oclhls_strbuf_release(&sb);
        return NULL;
    }
    if (!sb.buf)
        return calloc(1, 1);
    return sb.buf;
}

void oclhls_errf(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (!err || !errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

int oclhls_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (err && errlen) {
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}
