/* SPDX-License-Identifier: MIT */
/*
 * The Verilator runtime for sim models, compiled once per (Verilator, compiler, recipe)
 * and kept in <cache>/verilator-rt/<key>/: the objects of the runtime sources a model
 * needs (verilated.cpp and verilated_threads.cpp for 5.006) and verilated.h precompiled
 * for each of the two optimisation levels of design code, which cuts the compile time of
 * a small generated file about 4x.
 *
 * When the entry is missing, its jobs go into the same job set as the design's, so the
 * design files compile (after their precompiled header) while verilated.cpp still does;
 * oclhls_vrt_commit then publishes the entry. Internal to oclhls_boards.
 */
#ifndef OCLHLS_VERILATOR_RT_H
#define OCLHLS_VERILATOR_RT_H

#include "argv.h"

struct oclhls_hashkey;
struct oclhls_jobset;
struct oclhls_strbuf;
struct oclhls_tools;

/*
 * How a piece of design code is compiled: like Verilator's own makefile, the code that
 * runs every cycle is optimised and the code that runs once (construction, initial
 * blocks, settling: Verilator's *_SLOW lists) is not, which halves its compile time.
 * HOT is per-cycle code that is small enough to optimise further at little cost (the
 * harness, library units, the per-cycle code of small designs).
 */
enum oclhls_vrt_code { OCLHLS_VRT_FAST, OCLHLS_VRT_SLOW, OCLHLS_VRT_HOT, OCLHLS_VRT_NCODES };

struct oclhls_vrt {
    char *dir;                        /* the cache entry */
    char *tmp;                        /* where this process builds it; NULL when it was cached */
    int lock;                         /* the entry's build lock while tmp is set (cache.h) */
    char *vroot;                      /* VERILATOR_ROOT */
    struct oclhls_argv objs;          /* the runtime objects in the entry this model links */
    struct oclhls_argv entry_sources; /* the runtime sources the entry holds (built if missing) */
    int pch_job[OCLHLS_VRT_NCODES];   /* jobs building the precompiled headers, or -1 */
};

/*
 * Looks the runtime up for sources (base names from VM_GLOBAL_FAST/SLOW, e.g.
 * "verilated"); when it is missing, makes rt->tmp to build it in. 0, or -1 (log).
 */
int oclhls_vrt_prepare(struct oclhls_vrt *rt, const struct oclhls_tools *t, char *const *sources,
                       struct oclhls_strbuf *log);

/* When rt->tmp is set, adds the jobs that build the runtime to js (sets rt->pch_job). */
int oclhls_vrt_add_jobs(struct oclhls_vrt *rt, const struct oclhls_tools *t,
                        struct oclhls_jobset *js);

/*
 * Appends the command prefix that compiles design code of the given kind against this
 * runtime (compiler, flags, include paths, precompiled header); jobs using it must run
 * after rt->pch_job[code]. The caller adds -I/-c/-o and the file.
 */
void oclhls_vrt_design_cmd(const struct oclhls_vrt *rt, const struct oclhls_tools *t,
                           enum oclhls_vrt_code code, struct oclhls_argv *a);

/* After the jobs succeeded: publishes the entry this process built (no-op if cached). */
int oclhls_vrt_commit(struct oclhls_vrt *rt, struct oclhls_strbuf *log);

/* Adds the compile recipe (flags) to a cache key. */
void oclhls_vrt_hash_recipe(struct oclhls_hashkey *k);

/* Frees rt and removes an unpublished build directory. */
void oclhls_vrt_release(struct oclhls_vrt *rt);

#endif
