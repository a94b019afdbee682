/* SPDX-License-Identifier: MIT */
/* The builtin library as bitcode (builtins_bc.c). */
#ifndef OCLHLS_FE_BUILTINS_BC_H
#define OCLHLS_FE_BUILTINS_BC_H

#include <stddef.h>

/*
 * The .cl files of frontend/builtins compiled to bitcode, linked into every compile
 * (library_link.c): fe_builtins_bc_size() bytes from fe_builtins_bc. Its size keys the cache.
 */
extern const unsigned char fe_builtins_bc[], fe_builtins_bc_end[];
size_t fe_builtins_bc_size(void);

#endif
