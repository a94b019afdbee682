/* SPDX-License-Identifier: MIT */
/*
 * The cached builds of library units (lib_units.h): one entry per unit module and
 * parameter set in <cache>/sim-units/<key>/, holding the objects of the Verilated unit
 * and of its wrapper class. A model build prepares the units it needs (verilating the
 * missing ones), compiles them in its own job set and publishes them after; a model links
 * every object of each entry. Each entry also keeps what `verilator -Wall` said about its
 * module and parameter set (lint.log), so a model build can lint its units without
 * linting them again. Internal to oclhls_boards.
 */
#ifndef OCLHLS_UNIT_BUILD_H
#define OCLHLS_UNIT_BUILD_H

#include "argv.h"
#include "lib_units.h"
#include "verilator_rt.h"

struct oclhls_jobset;
struct oclhls_strbuf;
struct oclhls_tools;

struct oclhls_unit_build {
    char *dir; /* the cache entry */
    char *tmp; /* where this process builds it; NULL when it was cached */
    int lock;  /* the entry's build lock while tmp is set (cache.h) */
    struct oclhls_argv code[OCLHLS_VRT_NCODES]; /* C++ files to compile (no .cpp), by level */
    struct oclhls_argv objs;                    /* the objects to link (in dir once published) */
};

/* Sets the key of every unit build of u; the key also covers unit_abi, the text of the
   units' C++ interface (oclhls_unit_abi.h), whatever the harness that owns them. */
void oclhls_unit_builds_keys(struct oclhls_lib_units *u, const struct oclhls_tools *t,
                             const char *unit_abi);

/*
 * Prepares a build for every parameter set of every unit module of u (builds[] sized by
 * the caller: one per set, module after module), after oclhls_unit_builds_keys. Verilates
 * the units that are not cached, `jobs` at a time. 0, or -1 (log).
 */
int oclhls_unit_builds_prepare(struct oclhls_lib_units *u, const struct oclhls_tools *t, int jobs,
                               struct oclhls_unit_build *builds, struct oclhls_strbuf *log);

/* Adds the compile jobs of the units being built to js (after the runtime's headers);
   units_dir holds oclhls_unit_abi.h. */
void oclhls_unit_builds_add_jobs(struct oclhls_unit_build *builds, int n,
                                 const struct oclhls_vrt *rt, const struct oclhls_tools *t,
                                 const char *units_dir, struct oclhls_jobset *js);

/* After the jobs succeeded: publishes the entries this process built. 0 or -1 (log). */
int oclhls_unit_builds_commit(struct oclhls_unit_build *builds, int n, struct oclhls_strbuf *log);

/*
 * After oclhls_unit_builds_prepare: appends the lint warnings of every unit build of u
 * (cached or built now) to out, each under a line naming the module and its parameters.
 * 0, or -1 when a lint log cannot be read (log).
 */
int oclhls_unit_builds_lint(const struct oclhls_lib_units *u,
                            const struct oclhls_unit_build *builds, struct oclhls_strbuf *out,
                            struct oclhls_strbuf *log);

/* Adds the unit and parameter-set keys to a model's cache key. */
void oclhls_unit_builds_hash(const struct oclhls_lib_units *u, struct oclhls_hashkey *k);

/* How many builds u needs (the sum of its modules' parameter sets). */
int oclhls_unit_builds_count(const struct oclhls_lib_units *u);

void oclhls_unit_builds_release(struct oclhls_unit_build *builds, int n);

#endif
