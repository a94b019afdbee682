/* SPDX-License-Identifier: MIT */
/*
 * The units of a kernel module that hold block RAM, as data rather than text: loop and park
 * FIFOs, barriers and global atomic units. An emitter records a unit where its instance
 * starts in the module's text (emit_unit_add); the planner of block RAM reads the units and
 * chooses which FIFOs take it (emit_pipeline_regs.c); emit_units_print then writes each unit's
 * module name and parameters into the text. (The rest of the module is still text: the
 * first step of a netlist between the IR and Verilog.)
 */
#ifndef OCLHLS_EMIT_NETLIST_H
#define OCLHLS_EMIT_NETLIST_H

#include <stddef.h>

struct oclhls_strbuf;

enum emit_unit_kind {
    EMIT_FIFO,    /* rtl-lib/ocl_fifo.v: WIDTH, DEPTH, BLOCK_RAM (block_ram >= 0) */
    EMIT_BARRIER, /* rtl-lib/ocl_barrier.v: W, NSLOT, SW, MAXWG, CW */
    EMIT_ATOMIC,  /* rtl-lib/ocl_atomic.v: AW, DEPTH, OP, RESULT */
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

/* Records u at the end of text o (its instance's "<module> #(...)" goes there). */
void emit_unit_add(struct emit_units *units, const struct oclhls_strbuf *o,
                   const struct emit_unit *u);
/* The module text from `from` on with every unit's "<module> #(...)" at its place. 0, -1. */
int emit_units_print(const struct emit_units *units, struct oclhls_strbuf *o, size_t from);
void emit_units_release(struct emit_units *units);

#endif
