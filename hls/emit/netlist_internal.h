/* SPDX-License-Identifier: MIT */
/* What netlist.c and netlist_instance.c share: adding an item and copying text into it. */
#ifndef OCLHLS_EMIT_NETLIST_INTERNAL_H
#define OCLHLS_EMIT_NETLIST_INTERNAL_H

#include <stdarg.h>

#include "netlist.h"

/* An item of kind appended to m; NULL (and m failed) when out of memory. */
struct nl_item *nl_push(struct nl_module *m, enum nl_item_kind kind);
/* A malloc'ed copy of s (NULL for NULL) or formatted string; m fails when out of memory. */
char *nl_copy(struct nl_module *m, const char *s);
char *nl_vformat(struct nl_module *m, const char *fmt, va_list ap);

#endif
