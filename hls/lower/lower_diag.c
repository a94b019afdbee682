// SPDX-License-Identifier: MIT
/*
 * The lowering's errors: at a line of the file of the instruction being lowered, which in a
 * linked program (oclhls build a.cl b.cl) may be another file than the program's first.
 * Every lowering file reports through here, so it stands below them all.
 */
#include <stdarg.h>

#include "lower_shared.h"

unsigned lower_file_index(struct lower *l, const char *file)
{
    return hir_file_index(l->k, file, l->ctx->source_name);
}

int lower_error(struct lower *l, unsigned line, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    hls_verror_in(l->ctx, hir_file_name(l->k, l->k->cur_file), line, fmt, ap);
    va_end(ap);
    return -1;
}
