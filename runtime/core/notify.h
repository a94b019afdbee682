/* SPDX-License-Identifier: MIT */
/*
 * Errors that happen outside a call's return code reach the application by the standard
 * routes: the context's pfn_notify callback (clCreateContext: "a callback function that can be
 * registered by the application ... used by the OpenCL implementation to report information
 * on errors during context creation as well as errors that occur at runtime in this
 * context"), and, where no context or log can carry them (no device, a device that cannot
 * start), one line on stderr unless $OCLHLS_QUIET is set.
 */
#ifndef OCLHLS_CORE_NOTIFY_H
#define OCLHLS_CORE_NOTIFY_H

#include "core/objects.h"

/* Calls ctx's pfn_notify, if it has one, with the message (prefixed "oclhls: "). */
void oclhls_context_notify(cl_context ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* "oclhls: <message>" on stderr, unless $OCLHLS_QUIET is set (and not "0"). */
void oclhls_complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
