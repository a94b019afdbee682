/* SPDX-License-Identifier: MIT */
/*
 * The iCE40 build flow: the Verilog of a program file in, a bitstream out.
 * yosys synth_ice40, nextpnr-ice40, icepack; the kernel clock's PLL is set from the timing
 * nextpnr achieves. Used by `oclhls build --board <an ice40 board>`. docs/user-guide.md,
 * "Building for iCE40", describes the stages, the summary and the failure messages.
 */
#ifndef OCLHLS_ICE40_FLOW_H
#define OCLHLS_ICE40_FLOW_H

#include <stddef.h>

struct oclhls_board;

struct oclhls_ice40_result {
    void *bitstream; /* icepack output, malloc'ed */
    size_t bitstream_size;
    char *summary;    /* the "ice40" section: JSON (docs/program-file.md), malloc'ed */
    double clock_mhz; /* the kernel clock the PLL is set to */
    int cache_hit;    /* 1 when the result came from <cache>/ice40-builds */
};

/*
 * Runs the flow on the complete design (top module board->shell_top), or takes its result
 * from the cache. Progress and the summary go to stderr. 0, or -1 with what went wrong
 * (does not fit, misses timing, a tool failed) in *log (malloc'ed).
 */
int oclhls_ice40_build(const struct oclhls_board *board, const char *verilog, size_t len,
                       struct oclhls_ice40_result *res, char **log);

/* Prints the build's summary (utilization, Fmax, clock, PLL) from its "ice40" section. */
void oclhls_ice40_print_summary(const struct oclhls_board *board, const char *summary);

/*
 * Adds the result to a program file: sections "bitstream" and "ice40", and the chosen
 * clock as the meta section's clock_mhz. Replaces *oclbin (and *size). 0 or -1 (err).
 */
int oclhls_ice40_attach(void **oclbin, size_t *size, const struct oclhls_ice40_result *res,
                        char *err, size_t errlen);

/*
 * Finishes a program file for an iCE40 board: the flow on its Verilog section, the result
 * attached as oclhls_ice40_attach does. The one step that `oclhls build` and the runtime's
 * online build share. *res keeps what was built (free it with oclhls_ice40_result_free).
 * 0, or -1 with the reason in *log (malloc'ed).
 */
int oclhls_ice40_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                                struct oclhls_ice40_result *res, char **log);

/*
 * Synthesis alone (the flow's yosys step, the PLL set for the board's clock): the design as
 * a netlist of iCE40 cells (SB_LUT4, SB_DFF*, SB_CARRY, SB_RAM40_4K, ...) in Verilog, for
 * gate-level simulation with yosys' cell models (`oclhls build --gate-level`). 0, or -1
 * with the reason in *log; *netlist and *log are malloc'ed.
 */
int oclhls_ice40_netlist(const struct oclhls_board *board, const char *verilog, size_t len,
                         char **netlist, size_t *netlist_len, char **log);

void oclhls_ice40_result_free(struct oclhls_ice40_result *res);

#endif
