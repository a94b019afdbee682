/* SPDX-License-Identifier: MIT */
/*
 * Constant integer expressions of Verilog headers (a port's range such as
 * [MEM_DW/8-1:0]): integer literals, names that a lookup resolves, + - * / %, unary -,
 * parentheses. Enough for rtl-lib's port ranges; anything else is "not understood".
 * Internal to oclhls_boards.
 */
#ifndef OCLHLS_CONST_EXPR_H
#define OCLHLS_CONST_EXPR_H

#include <stddef.h>

/* The value of the name (n characters at name) into *v: 0, or -1 when it has none. */
typedef int (*oclhls_const_lookup)(void *ctx, const char *name, size_t n, long long *v);

/*
 * Evaluates the text from p to end (white space allowed). 0 with *v set, or -1 (a token
 * it does not know, an unknown name, division by zero, text left over).
 */
int oclhls_const_expr(const char *p, const char *end, oclhls_const_lookup lookup, void *ctx,
                      long long *v);

#endif
