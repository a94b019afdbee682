/* SPDX-License-Identifier: MIT */
/*
 * The ECP5 build flow (the ULX3S): the Verilog of a program file in, a bitstream out.
 * yosys synth_ecp5 (block RAM as DP16KD, multiplies on MULT18X18D), nextpnr-ecp5 with the
 * kernel clock's PLL at the board's max_clock_mhz, then, when the routed design is slower,
 * nextpnr again with the PLL at the fastest setting its Fmax allows (never below the
 * board's clock_mhz: the SDRAM controller is synthesised for that range), ecppack.
 * Used by `oclhls build --board ulx3s`. docs/user-guide.md, "Building for the ULX3S".
 */
#ifndef OCLHLS_ECP5_FLOW_H
#define OCLHLS_ECP5_FLOW_H

#include <stddef.h>

struct oclhls_board;

struct oclhls_ecp5_result {
    void *bitstream; /* ecppack output, malloc'ed */
    size_t bitstream_size;
    char *summary;    /* the "ecp5" section: JSON, malloc'ed */
    double clock_mhz; /* the kernel clock the PLL is set to */
};

/*
 * Finishes a program file for an ECP5 board: the flow on its Verilog section; sections
 * "bitstream" and "ecp5" added and the meta section's clock_mhz set to the chosen clock.
 * Replaces *oclbin (and *size). Progress and the summary go to stderr. 0, or -1 with the
 * reason (a tool failed, the design misses timing) in *log (malloc'ed).
 */
int oclhls_ecp5_finish_program(const struct oclhls_board *board, void **oclbin, size_t *size,
                               struct oclhls_ecp5_result *res, char **log);

void oclhls_ecp5_result_free(struct oclhls_ecp5_result *res);

#endif
