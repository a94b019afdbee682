/* SPDX-License-Identifier: MIT */
#include "core/notify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOTIFY_MAX 1024

void oclhls_context_notify(cl_context ctx, const char *fmt, ...)
{
    char msg[NOTIFY_MAX];
    va_list ap;

    if (!ctx || !ctx->notify)
        return;
    int n = snprintf(msg, sizeof(msg), "oclhls: ");
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
    va_end(ap);
    /* no private_info: the text says all we know */
    ctx->notify(msg, NULL, 0, ctx->notify_data);
}

void oclhls_complain(const char *fmt, ...)
{
    const char *quiet = getenv("OCLHLS_QUIET");
    va_list ap;

    if (quiet && *quiet && strcmp(quiet, "0") != 0)
        return;
    fputs("oclhls: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
