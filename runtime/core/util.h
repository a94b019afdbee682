/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the API and core files. */
#ifndef OCLHLS_RT_UTIL_H
#define OCLHLS_RT_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "core/cl.h"
#include "debug.h" /* oclhls_debug(): "oclhls: ..." on stderr when $OCLHLS_DEBUG is set */

/* Host monotonic time in nanoseconds: the timebase of every profiling timestamp. */
uint64_t oclhls_now_ns(void);


/*
 * Answers a clGet*Info query with size bytes at src, as every query table requires:
 * "CL_INVALID_VALUE if ... param_value_size is < size of return type ... and param_value
 * is not a NULL value". param_value_size_ret gets size either way.
 */
cl_int oclhls_info(void *param_value, size_t param_value_size, size_t *param_value_size_ret,
                   const void *src, size_t size);
cl_int oclhls_info_str(void *param_value, size_t param_value_size, size_t *param_value_size_ret,
                       const char *s);

/* strdup/strndup that return NULL for NULL. */
char *oclhls_strdup(const char *s);
char *oclhls_strndup(const char *s, size_t n);

/* Copies a 0-terminated property list (pairs name, value, then 0); NULL list gives NULL. */
void *oclhls_props_dup(const void *props, size_t elem_size, size_t *bytes);

/* Errors codes as names ("CL_INVALID_VALUE"), for debug output. */
const char *oclhls_error_name(cl_int err);

#endif
