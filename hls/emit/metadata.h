/* SPDX-License-Identifier: MIT */
/* The program file's "meta" JSON and the human-readable build report. */
#ifndef OCLHLS_METADATA_H
#define OCLHLS_METADATA_H

#include "frontend.h"
#include "emit.h"
#include "schedule.h"
#include "target.h"
#include "transform.h"

struct build_info {
    const struct oclhls_board *board;
    const char *source_name;
    const char *options;
    const struct fe_result *fe;
    struct hir_kernel *const *kernels; /* same order as fe->kernels */
    const struct hls_channel *channels; /* the program's channels */
    unsigned nchannels;
    const struct nl_module *netlists; /* the kernels' modules: the units' area (metadata_area.c) */
};

/*
 * One hardware unit of a kernel (metadata_units.c): a memory access and its LSU, a float
 * unit, a divider, a pipe or channel operation, a printf site. The report's line for it and
 * its object in the kernel's "units" JSON are both written from this description.
 */
enum meta_unit_kind {
    META_UNIT_MEMORY,
    META_UNIT_FLOAT,
    META_UNIT_DIVIDER,
    META_UNIT_STREAM,
    META_UNIT_PRINTF
};
struct meta_unit {
    enum meta_unit_kind kind;
    int op; /* the operation */
    unsigned line;
    int stage;
    /* memory accesses */
    const char *access;    /* "load", "store", "atomic" */
    const char *atomic_op; /* atomics: "add", "cmpxchg", ... */
    int old_value_read;    /* atomics: the pipeline waits for the old word */
    const char *space;     /* "global", "constant", "local", "private" */
    unsigned bits;
    const char *lsu; /* coalescing, uncached, write-combining, block RAM, (shared) atomic unit,
                        line stream */
    unsigned lanes;  /* line streams: work-items per memory line */
    int memory;      /* block RAM: the kernel's memory (hir_parray), else HIR_NONE */
    int lsu_index;   /* the LSU (its port on the kernel's arbiter), else HIR_NONE */
    int shared_unit; /* global atomics sharing one unit: the unit's first LSU, else HIR_NONE */
    int waits;       /* waits until earlier stores of the work-item are in memory */
    unsigned simd;   /* SIMD kernels' accesses: lanes in this one access (1: one lane's own) */
    /* float units, dividers, streams */
    const char *operation; /* "fadd", "udiv", "channel read (blocking)" */
    const char *module;    /* float units: the rtl-lib module */
    unsigned latency;      /* stages */
    const char *cost;      /* float units: the estimate on the iCE40 UP5K ("~920 LCs") */
    unsigned lcs, dsps;    /* ... as numbers */
    int shares_op;         /* float: the operation whose unit computes it, else HIR_NONE */
    unsigned shares_line;
    int answer_stage;    /* streams */
    int write;           /* streams: the kernel writes the channel or pipe */
    const char *channel; /* streams: the channel's name, or */
    const char *pipe;    /* the pipe argument's name */
};
struct cJSON;
/* Describes operation i of kernel `kernel` into *u: 1 when it is a unit, else 0. */
int meta_unit_of(const struct build_info *b, unsigned kernel, int i, struct meta_unit *u);
/* metadata_area.c: the logic cells of unit u of op i, from its instance in the kernel's
   netlist (0 when the netlist has none: block RAM, a line stream, another site's shared
   unit); *dsps the DSP blocks of a float unit. */
unsigned meta_area_of(const struct build_info *b, unsigned kernel, int i,
                      const struct meta_unit *u, unsigned *dsps);
/* The report's line for the unit. */
void meta_unit_text(const struct meta_unit *u, struct oclhls_strbuf *o);
/* Its object in the kernel's "units" array (docs/program-file.md). */
struct cJSON *meta_unit_json(const struct meta_unit *u);

/* metadata_bound.c: the memory's bound beside the pipeline's, as report lines and as the
   kernel's "throughput" member (docs/program-file.md). */
void metadata_bound_text(const struct hir_kernel *k, const struct oclhls_board *board,
                         struct oclhls_strbuf *o);
struct cJSON *metadata_bound_json(const struct hir_kernel *k, const struct oclhls_board *board);

/* Appends the report (one block per kernel) to o. */
void metadata_report(const struct build_info *b, struct oclhls_strbuf *o);
/* The "meta" section (docs/program-file.md); malloc'ed JSON text, NULL if out of memory. */
char *metadata_json(const struct build_info *b, const char *report);

#endif
