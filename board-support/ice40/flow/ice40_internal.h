/* SPDX-License-Identifier: MIT */
/* State shared by the files of the iCE40 flow (ice40_flow.c, ice40_synth.c, ice40_summary.c).
 * Internal. */
#ifndef OCLHLS_ICE40_INTERNAL_H
#define OCLHLS_ICE40_INTERNAL_H

#include <stddef.h>

#include "ice40_netlist.h"
#include "ice40_pll.h"
#include "ice40_report.h"
#include "ice40_tools.h"
#include "strbuf.h"

struct oclhls_argv;
struct oclhls_board;

struct ice40_flow {
    const struct oclhls_board *board;
    const char *verilog;
    size_t len;
    char *tmp; /* private build directory */
    char *pcf; /* absolute path of the board's constraints (nextpnr reads a copy, board.pcf) */
    struct ice40_tools tools; /* ice40_tools.h: the set and the commands */
    const char *yosys, *nextpnr, *icepack; /* tools' */
    const char *dense_dff;    /* "-dff " in the dense recipe, "" where abc9 -dff fails */
    struct ice40_pll pll;       /* the board's target, then the clock place and route chose */
    struct ice40_netlist net;   /* synthesis counts */
    struct ice40_report report; /* place and route */
    struct oclhls_strbuf log;   /* the failure message */
};

/* ice40_stage.c: a tool run in the build directory (failure to f->log), and files of that
 * directory. */
int ice40_run_stage(struct ice40_flow *f, struct oclhls_argv *a, const char *stage);
char *ice40_read_in_tmp(struct ice40_flow *f, const char *name, size_t *size);
int ice40_write_in_tmp(struct ice40_flow *f, const char *name, const void *data, size_t size);
/* nextpnr-ice40 for the board's device, package and constraints (ICE40_PCF_COPY, which the
 * flow writes into the build directory first), on top.json. */
#define ICE40_PCF_COPY "board.pcf"
void ice40_nextpnr_argv(const struct ice40_flow *f, struct oclhls_argv *a);

/*
 * Synthesis (ice40_synth.c): design.v into top.json and f->net, then the yosys commands in
 * outputs (may be empty); the quick recipe, or the dense one when the quick netlist fills
 * the device. 0, or -1 with the reason (a tool failed, the design cannot fit) in f->log.
 */
int ice40_synthesise(struct ice40_flow *f, const char *outputs);

/* The summary lines on stderr. */

/* The "ice40" section; malloc'ed, NULL when out of memory. */
char *ice40_summary_json(const struct ice40_flow *f);

/* Failure messages, appended to f->log. */
/* packed_lcs: nextpnr's logic cells after packing, 0 when it did not get that far. */
void ice40_explain_no_fit(struct ice40_flow *f, const char *why, unsigned packed_lcs);
void ice40_explain_timing(struct ice40_flow *f);

#endif
