/* SPDX-License-Identifier: MIT */
/* Lint of a complete design for any board (sim_lint.c). */
#ifndef OCLHLS_SIM_LINT_H
#define OCLHLS_SIM_LINT_H

#include <stddef.h>

/*
 * Runs `verilator --lint-only -Wall` on the design. 0 clean, -1 with the warnings in *log.
 * top: the module to lint from, NULL for the sim board's sim_shell; a hardware board's
 * design is linted from oclhls_system (its shell needs the FPGA's primitives, and the
 * rtl tests lint it) with MEM_DW = mem_dw (0: the module's default).
 */
int oclhls_sim_lint(const char *verilog, size_t len, const char *top, unsigned mem_dw,
                    char **log);

#endif
