/* SPDX-License-Identifier: MIT */
/* Diagnostics on stderr when OCLHLS_DEBUG is set (and not "0"); see debug.h. */
#include "debug.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int oclhls_debug_enabled(void)
{
    const char *d = getenv("OCLHLS_DEBUG");

    return d && *d && strcmp(d, "0") != 0;
}

void oclhls_debug(const char *fmt, ...)
{
    char line[1024];
    va_list ap;

    if (!oclhls_debug_enabled())
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    fprintf(stderr, "oclhls: %s\n", line); /* one write: lines of threads do not mix */
}
