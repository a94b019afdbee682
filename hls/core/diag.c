// SPDX-License-Identifier: MIT
/* Diagnostics in the compiler's usual form: "file:line: error: message". */
#include <stdarg.h>

#include "hls_ctx.h"

int hls_error(struct hls_ctx *ctx, unsigned line, const char *fmt, ...)
{
    va_list ap;
    if (line)
        oclhls_strbuf_printf(ctx->log, "%s:%u: error: ", ctx->source_name, line);
    else
        oclhls_strbuf_printf(ctx->log, "%s: error: ", ctx->source_name);
    va_start(ap, fmt);
    oclhls_strbuf_vprintf(ctx->log, fmt, ap);
    va_end(ap);
    oclhls_strbuf_printf(ctx->log, "\n");
    return -1;
}
