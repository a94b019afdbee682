/* SPDX-License-Identifier: MIT */
/* Argument vectors for subprocesses; see argv.h. */
#define _GNU_SOURCE /* strdup, vasprintf */
#include "argv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void argv_push(struct oclhls_argv *a, char *s)
{
    char **v;

    if (!s || a->failed)
        goto fail;
    if (a->n + 2 > a->cap) {
        int cap = a->cap ? a->cap * 2 : 16;
        v = realloc(a->v, (size_t)cap * sizeof(*v));
        if (!v)
            goto fail;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
    return;
fail:
    free(s);
    a->failed = 1;
}

void oclhls_argv_add(struct oclhls_argv *a, const char *s)
{
    argv_push(a, s ? strdup(s) : NULL);
}

void oclhls_argv_addf(struct oclhls_argv *a, const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;

    va_start(ap, fmt);
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    argv_push(a, s);
}

void oclhls_argv_addv(struct oclhls_argv *a, const char *const *list)
{
    for (; *list; list++)
        oclhls_argv_add(a, *list);
}

void oclhls_argv_release(struct oclhls_argv *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    memset(a, 0, sizeof(*a));
}
