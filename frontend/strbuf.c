/* SPDX-License-Identifier: MIT */
/* Growable strings (the build log) and argument vectors. */
#include "fe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int buf_reserve(struct fe_buf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    size_t cap = b->cap ? b->cap : 256;
    char *p;

    if (b->oom)
        return -1;
    if (need <= b->cap)
        return 0;
    while (cap < need)
        cap *= 2;
    p = realloc(b->data, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void fe_buf_init(struct fe_buf *b)
{
    memset(b, 0, sizeof(*b));
}

void fe_buf_append(struct fe_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void fe_buf_puts(struct fe_buf *b, const char *s)
{
    fe_buf_append(b, s, strlen(s));
}

static void buf_vprintf(struct fe_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    int n;

    va_copy(ap2, ap);
    n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || buf_reserve(b, (size_t)n))
        return;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void fe_buf_printf(struct fe_buf *b, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *fe_buf_steal(struct fe_buf *b)
{
    char *s;

    if (b->oom) {
        fe_buf_free(b);
        return NULL;
    }
    s = b->data ? b->data : strdup("");
    fe_buf_init(b);
    return s;
}

void fe_buf_free(struct fe_buf *b)
{
    free(b->data);
    fe_buf_init(b);
}

void fe_args_init(struct fe_args *a)
{
    memset(a, 0, sizeof(*a));
}

static void args_take(struct fe_args *a, char *s)
{
    size_t cap = a->cap ? a->cap * 2 : 16;
    char **v;

    if (!s)
        a->oom = 1;
    if (a->oom)
        goto out_free;
    if (a->n + 1 >= a->cap) {
        v = realloc(a->v, cap * sizeof(*v));
        if (!v) {
            a->oom = 1;
            goto out_free;
        }
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
    return;
out_free:
    free(s);
}

void fe_args_push(struct fe_args *a, const char *s)
{
    args_take(a, strdup(s));
}

void fe_args_pushf(struct fe_args *a, const char *fmt, ...)
{
    struct fe_buf b;
    va_list ap;

    fe_buf_init(&b);
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    args_take(a, fe_buf_steal(&b));
}

void fe_args_free(struct fe_args *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    fe_args_init(a);
}
