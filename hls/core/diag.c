// SPDX-License-Identifier: MIT
/* Diagnostics in the compiler's usual form: "file:line: error: message". */
#include <stdarg.h>

#include "hls_ctx.h"

int hls_verror_in(struct hls_ctx *ctx, const char *file, unsigned line, const char *fmt, va_list ap)
{
    if (!file)
        file = ctx->source_name;
    if (line)
        oclhls_strbuf_printf(ctx->log, "%s:%u: error: ", file, line);
    else
        oclhls_strbuf_printf(ctx->log, "%s: error: ", file);
    oclhls_strbuf_vprintf(ctx->log, fmt, ap);
    oclhls_strbuf_printf(ctx->log, "\n");
    return -1;
}

int hls_error(struct hls_ctx *ctx, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hls_verror_in(ctx, NULL, line, fmt, ap);
    va_end(ap);
    return -1;
}

int hls_error_in(struct hls_ctx *ctx, const char *file, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hls_verror_in(ctx, file, line, fmt, ap);
    va_end(ap);
    return -1;
}
