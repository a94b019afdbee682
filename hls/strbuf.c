// SPDX-License-Identifier: MIT
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sb_reserve(struct strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (sb->oom)
        return -1;
    if (need <= sb->cap)
        return 0;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < need)
        cap *= 2;
    char *s = realloc(sb->s, cap);
    if (!s) {
        sb->oom = 1;
        return -1;
    }
    sb->s = s;
    sb->cap = cap;
    return 0;
}

void sb_append(struct strbuf *sb, const char *s, size_t len)
{
    if (sb_reserve(sb, len))
        return;
    memcpy(sb->s + sb->len, s, len);
    sb->len += len;
    sb->s[sb->len] = '\0';
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || sb_reserve(sb, (size_t)n))
        return;
    vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

char *sb_take(struct strbuf *sb)
{
    char *s = sb->s;
    if (!s && !sb->oom)
        s = calloc(1, 1);
    if (sb->oom) {
        free(s);
        s = NULL;
    }
    memset(sb, 0, sizeof(*sb));
    return s;
}

void sb_free(struct strbuf *sb)
{
    free(sb->s);
    memset(sb, 0, sizeof(*sb));
}
