/* SPDX-License-Identifier: MIT */
/* oclhls build with several source files (build_units.c). */
#ifndef OCLHLS_BUILD_UNITS_H
#define OCLHLS_BUILD_UNITS_H

#include "oclhls_compiler.h"

/*
 * Compiles each of the n inputs as its own translation unit with base's board and options,
 * then links them into one program (base's other fields; diagnostics name the files).
 * 0, or -1 with the reasons in res->log (always set, as oclhls_compile's).
 */
int oclhls_build_units(const char *const *inputs, unsigned n,
                       const struct oclhls_compile_request *base,
                       struct oclhls_compile_result *res);

#endif
