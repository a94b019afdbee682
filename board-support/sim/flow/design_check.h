/* SPDX-License-Identifier: MIT */
/*
 * The design in a program file is untrusted input, and Verilator has ways to run host code
 * from Verilog: $c("C++"), `systemc_* blocks, DPI imports (which would bind to libc),
 * $system, file tasks. Before a model is built, the design is checked against an
 * allowlist of system tasks and directives (docs/program-file.md, "Security").
 * Internal to oclhls_boards.
 */
#ifndef OCLHLS_DESIGN_CHECK_H
#define OCLHLS_DESIGN_CHECK_H

#include <stddef.h>

struct oclhls_strbuf;

/*
 * Checks Verilog text (raw source, or preprocessor output). 0 when it only uses allowed
 * constructs; else -1 and a message per offending construct (with its line) in log.
 */
int oclhls_design_check(const char *text, size_t len, const char *what, struct oclhls_strbuf *log);

#endif
