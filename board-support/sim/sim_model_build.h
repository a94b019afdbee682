/* SPDX-License-Identifier: MIT */
/*
 * Builds (or finds in the cache) the Verilated model of a sim-board design.
 * Used by the runtime's sim transport when it programs the device, and by the compiler
 * (`oclhls build --board sim`) to lint the design and warm the cache.
 */
#ifndef OCLHLS_SIM_MODEL_BUILD_H
#define OCLHLS_SIM_MODEL_BUILD_H

#include <stddef.h>
#include <stdint.h>

/*
 * The cache root: $OCLHLS_CACHE_DIR, else $XDG_CACHE_HOME/oclhls, else $HOME/.cache/oclhls,
 * else /tmp/oclhls-cache-<uid>. Created on demand. Writes the path into buf; 0 or -1.
 */
int oclhls_cache_dir(char *buf, size_t len);

/*
 * verilog: the complete design (top module "sim_shell"), as carried in a program file.
 * mem_width_bits: the global-memory width the design was generated for.
 * On success returns 0 and *so_path (malloc'ed) names the model under
 * <cache>/sim-models/<sha256 of verilog, width, verilator and compiler versions>/model.so.
 * A concurrent build of the same model by another process is safe (build in a temporary
 * directory, rename into place). On failure returns -1 and *log (malloc'ed) holds the
 * tool output. *log may be set on success too (NULL when nothing to say).
 */
int oclhls_sim_model_build(const char *verilog, size_t len, uint32_t mem_width_bits,
                           char **so_path, char **log);

/* Runs `verilator --lint-only -Wall` on the design. 0 clean, -1 with the warnings in *log. */
int oclhls_sim_lint(const char *verilog, size_t len, char **log);

#endif
