/* SPDX-License-Identifier: MIT */
/* Argument vectors for subprocesses. */
#ifndef OCLHLS_ARGV_H
#define OCLHLS_ARGV_H

#include <stddef.h>

/*
 * A NULL-terminated vector of malloc'ed strings. Starts zeroed ({0}); on allocation
 * failure .failed is set and further adds are ignored, so callers check once.
 */
struct oclhls_argv {
    char **v;
    int n;
    int cap;
    int failed;
};

void oclhls_argv_add(struct oclhls_argv *a, const char *s);
void oclhls_argv_addf(struct oclhls_argv *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Adds every string of a NULL-terminated list. */
void oclhls_argv_addv(struct oclhls_argv *a, const char *const *list);
void oclhls_argv_release(struct oclhls_argv *a);

#endif
