/* SPDX-License-Identifier: MIT */
/*
 * The PLL set from the routed design's timing in the same place-and-route run: nextpnr-ice40
 * runs a Python script after routing (--post-route), before it writes the .asc. The script
 * reads the achieved Fmax, sets the PLL cell to the fastest clock of a table (written
 * here, from ice40_pll_best_below) at or below it, and records its choice in a file. The
 * table reaches above the target nextpnr placed for, up to the board's max_clock_mhz: a
 * design that routes faster than the target runs faster. The
 * PLL's dividers are configuration bits only: placement, routing and delays stay the same,
 * so the Fmax the router reported holds at the new clock. Internal.
 */
#ifndef OCLHLS_ICE40_RETUNE_H
#define OCLHLS_ICE40_RETUNE_H

#include <stddef.h>

#include "ice40_pll.h"

/* The file the script writes its choice to, in nextpnr's working directory. */
#define ICE40_RETUNE_RESULT "retune.txt"

/*
 * The script for a PLL fed by ref_mhz, synthesised at synthesised_mhz (a PLL setting: the
 * board's target), whose clock may go up to max_mhz (the board's max_clock_mhz) when the
 * routed design is fast enough; malloc'ed, NULL when out of memory or no PLL setting is at
 * or below max_mhz.
 */
char *ice40_retune_script(double ref_mhz, double synthesised_mhz, double max_mhz);

/*
 * Reads the script's choice. 0: *pll is the clock the bitstream runs at; 1: the routed
 * design is slower than every PLL setting (or its PLL could not be set); -1: the text is
 * not the script's (err says why).
 */
int ice40_retune_result(const char *text, struct ice40_pll *pll, char *err, size_t errlen);

/*
 * The same choice without Python, for a nextpnr built without it (YoWASP's): nextpnr wrote
 * the routed design (--write) and its report; fmax_mhz is the report's slowest domain (0:
 * none). Sets the PLL cell's parameters in the routed design's JSON (*json, replaced by a
 * malloc'ed text) for nextpnr to read back (--no-pack --no-place --no-route) and write the
 * .asc from, placement and routing unchanged; *result gets the script's text (malloc'ed).
 * 0, or -1 with the reason in err.
 */
int ice40_retune_routed(char **json, size_t *len, double fmax_mhz, double ref_mhz,
                        double synthesised_mhz, double max_mhz, char **result, char *err,
                        size_t errlen);

#endif
