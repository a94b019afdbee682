/* SPDX-License-Identifier: MIT */
/* What the flow reads of nextpnr-ecp5's --report JSON: the kernel clock's Fmax and the
 * cells used. Internal to the ECP5 flow. */
#ifndef OCLHLS_ECP5_REPORT_H
#define OCLHLS_ECP5_REPORT_H

#include <stddef.h>

#define ECP5_REPORT_CELLS 6

struct ecp5_report {
    double fmax_mhz; /* achieved by the clock net "$glbnet$clk" (the shell's kernel clock) */
    struct {
        const char *name; /* static: TRELLIS_COMB, TRELLIS_FF, DP16KD, MULT18X18D, ... */
        unsigned used, available;
    } cells[ECP5_REPORT_CELLS];
};

/* 0, or -1 when the text is not such a report (no Fmax for the kernel clock). */
int ecp5_report_parse(const char *json, size_t len, struct ecp5_report *r);

#endif
