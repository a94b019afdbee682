/* SPDX-License-Identifier: MIT */
/*
 * What nextpnr-ice40 --report writes (JSON: "utilization", "fmax", "critical_paths"),
 * reduced to what the build summary and the failure messages need. Internal.
 */
#ifndef OCLHLS_ICE40_REPORT_H
#define OCLHLS_ICE40_REPORT_H

#include <stddef.h>

#define ICE40_PATH_CELLS_MAX 8

struct ice40_usage {
    unsigned used, available;
};

struct ice40_report {
    struct ice40_usage lc, ebr, spram, dsp; /* ICESTORM_LC, _RAM, _SPRAM, _DSP */
    double fmax_mhz;                        /* the slowest clock domain's achieved Fmax */
    char clock[64];                         /* and its clock net */
    /* The critical path of that clock: the distinct instances it passes, in order. */
    int n_path;
    char path[ICE40_PATH_CELLS_MAX][96];
};

/* Parses report.json; 0, or -1 with the reason in err. */
int ice40_report_parse(const char *json, struct ice40_report *r, char *err, size_t errlen);

/*
 * Logic cells after packing from nextpnr's log ("ICESTORM_LC: 6397/ 5280"), which it
 * prints before placing, so also when placement fails; 0 when the log does not say.
 */
unsigned ice40_report_packed_lcs(const char *nextpnr_log);

#endif
