/* SPDX-License-Identifier: MIT */
/*
 * From a hierarchy path of the flattened netlist back to the design text: the module of
 * each instance and the comment the compiler wrote in front of it ("load, line 7"), so a
 * failure can name the source line of the units that cost most. Internal.
 */
#ifndef OCLHLS_ICE40_TRACE_H
#define OCLHLS_ICE40_TRACE_H

#include <stddef.h>

/*
 * Describes inst ("u_system.u_k0.u_lsu0", below module top) as
 * "oclk_vector_add > ocl_lsu_load: load, line 7": the modules (but oclhls_system) and
 * the comment on the line before the innermost instance. A kernel's value below its
 * instance ("u_shell.u_system.u_k0.v35", ice40_netlist.h) is described by its declaration's
 * comment: "oclk_fir > value v35: mul, line 12". Empty when it cannot be traced.
 */
void ice40_trace_describe(const char *verilog, size_t len, const char *top, const char *inst,
                          char *out, size_t outlen);

#endif
