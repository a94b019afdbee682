/* SPDX-License-Identifier: MIT */
/*
 * The units of a kernel module that hold block RAM, as data rather than text: loop and park
 * FIFOs, barriers and global atomic units. An emitter records a unit where its instance
 * starts in the module's text (emit_unit_add); the planner of block RAM reads the units and
 * chooses which FIFOs take it (emit_pipeline_regs.c); emit_units_print then writes each unit's
 * module name and parameters into the text. The register copies the module reads are recorded
 * the same way, as their names are written (struct emit_reads). (The rest of the module is
 * still text: the first step of a netlist between the IR and Verilog.)
 */
#ifndef OCLHLS_EMIT_NETLIST_H
#define OCLHLS_EMIT_NETLIST_H

#include <stddef.h>

struct oclhls_strbuf;

enum emit_unit_kind {
    EMIT_FIFO,    /* rtl-lib/ocl_fifo.v: WIDTH, DEPTH, BLOCK_RAM (block_ram >= 0) */
    EMIT_BARRIER, /* rtl-lib/ocl_barrier.v: W, NSLOT, SW, MAXWG, CW */
    EMIT_ATOMIC,  /* rtl-lib/ocl_atomic.v: AW, DEPTH, OP, RESULT */
    EMIT_ATOMIC_SHARE, /* rtl-lib/ocl_atomic_share.v: N (nslot), AW, DEPTH, RESULTS (result) */
    EMIT_PRINTF_COUNTER, /* rtl-lib/ocl_printf_counter.v: N (nslot), AW, DEPTH */
};

struct emit_unit {
    enum emit_unit_kind kind;
    size_t at; /* where the instance starts in the module's text (set by emit_unit_add) */
    unsigned width, depth;           /* FIFO; barrier: width (W); atomic: depth (DEPTH) */
    int block_ram;                   /* FIFO: -1 without the parameter, else 0 or 1 */
    unsigned nslot, sw, maxwg, cw;   /* barrier */
    unsigned aw;                     /* atomic: address bits */
    int op, result;                  /* atomic: OP (enum hir_atomic_op), RESULT */
};

struct emit_units {
    struct emit_unit *u;
    int n, cap;
    int failed; /* out of memory */
};

/*
 * The register copies v<value>_s<stage> a module reads, recorded as emit_ref writes their
 * names (emit_reads_record): which copies the pipeline-register planner may leave out or put
 * in a delay line. Recording is per thread, between emit_reads_begin and emit_reads_end.
 */
struct emit_reads {
    int nvalues, nstages;
    unsigned char *read; /* [value * nstages + stage] */
};

/* Starts recording into r (nvalues x nstages, all unread); 0, -1 out of memory. */
int emit_reads_begin(struct emit_reads *r, int nvalues, int nstages);
/* Marks v<value>_s<stage> read, when a recording is on and it is within its tables. */
void emit_reads_record(int value, int stage);
/* Stops recording (r keeps what it recorded). */
void emit_reads_end(void);
int emit_reads_has(const struct emit_reads *r, int value, int stage);
void emit_reads_release(struct emit_reads *r);

/* Records u at the end of text o (its instance's "<module> #(...)" goes there). */
void emit_unit_add(struct emit_units *units, const struct oclhls_strbuf *o,
                   const struct emit_unit *u);
/* The module text from `from` on with every unit's "<module> #(...)" at its place. 0, -1. */
int emit_units_print(const struct emit_units *units, struct oclhls_strbuf *o, size_t from);
void emit_units_release(struct emit_units *units);

#endif
