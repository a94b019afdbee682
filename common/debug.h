/* SPDX-License-Identifier: MIT */
/* Diagnostics on stderr, only when the environment sets OCLHLS_DEBUG (internal). */
#ifndef OCLHLS_DEBUG_H
#define OCLHLS_DEBUG_H

int oclhls_debug_enabled(void);
void oclhls_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
