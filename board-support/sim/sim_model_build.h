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

#include "cache_dir.h" /* oclhls_cache_dir: the cache root */


/*
 * verilog: the complete design (top module "sim_shell"), as carried in a program file.
 * mem_width_bits: the global-memory width the design was generated for.
 * On success returns 0 and *so_path (malloc'ed) names the model under
 * <cache>/sim-models/<sha256 of verilog, width, verilator and compiler versions>/model.so.
 * A concurrent build of the same model by another process is safe (build in a temporary
 * directory, rename into place). On failure returns -1 and *log (malloc'ed) holds the
 * tool output. *log may be set on success too (NULL when nothing to say).
 */
int oclhls_sim_model_build(const char *verilog, size_t len, uint32_t mem_width_bits, char **so_path,
                           char **log);

/*
 * oclhls_sim_model_build, and the design linted as oclhls_sim_lint (sim_lint.h) lints it: by the
 * model's own Verilator run when the model is built now (with -Wall; the library units'
 * bodies by their unit builds, once per cache), else by oclhls_sim_lint. On success
 * *lint_log is NULL when the design lints clean, else the warnings (malloc'ed).
 */
int oclhls_sim_model_build_lint(const char *verilog, size_t len, uint32_t mem_width_bits,
                                char **so_path, char **lint_log, char **log);
/*
 * A Verilated model of another top with a harness of its own (e.g. the iCEBreaker top for
 * the USB co-simulation). Strings are borrowed; lists end with NULL.
 */
struct oclhls_model_spec {
    const char *key_name;               /* names the kind of model in the cache key: one per top,
                                           harness and ABI (e.g. "icebreaker-cosim-model") */
    const char *cache_subdir;           /* under the cache root, e.g. "cosim-models" */
    const char *top;                    /* the top module */
    const char *prefix;                 /* Verilator --prefix: the harness includes "<prefix>.h" */
    const char *harness_dir;            /* folder of the harness, relative to the data directory */
    const char *harness;                /* the harness source (C++) in harness_dir */
    const char *const *harness_headers; /* files of harness_dir it includes (for the key) */
    const char *shared_dir;             /* harness code several harnesses include, relative to
                                           the data directory (e.g. "board-support/cosim"): on
                                           the harness's include path; NULL: none */
    const char *const *shared_headers;  /* the files of shared_dir it includes (for the key) */
    const char *exports;                /* version-script pattern of the exported ABI ("abc_*") */
    const char *const *extra_vflags;    /* more Verilator arguments (e.g. -D, -Wno-...) */
    const char *const *extra_files;     /* trusted Verilog files (absolute paths) read after
                                           the design, not checked by design_check */
    const char *const *library_files;   /* trusted Verilog libraries (absolute paths), read
                                           with -v: e.g. yosys' ice40/cells_sim.v */
    int lib_units;                      /* run rtl-lib pipelines as compiled library units
                                           (build/lib_units.h; the harness must own them) */
};

/*
 * Like oclhls_sim_model_build for spec's top and harness: the design text (checked like a
 * sim design), then extra_vflags and library_files; the model under
 * <cache>/<cache_subdir>/<key>/model.so, the key covering the spec's files and flags.
 */
int oclhls_model_build(const struct oclhls_model_spec *spec, const char *verilog, size_t len,
                       char **so_path, char **log);

#endif
