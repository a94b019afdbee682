/* SPDX-License-Identifier: MIT */
/*
 * The iCE40 PLL (SB_PLL40_*, SIMPLE feedback): the divider settings that give a wanted
 * kernel clock from the board's oscillator. Internal to oclhls_boards.
 */
#ifndef OCLHLS_ICE40_PLL_H
#define OCLHLS_ICE40_PLL_H

/* The lowest and highest PLL output (iCE40 sysCLOCK PLL guide, TN1251: 16 to 275 MHz). */
#define ICE40_PLL_OUT_MIN_MHZ 16.0
#define ICE40_PLL_OUT_MAX_MHZ 275.0

struct ice40_pll {
    unsigned divr, divf, divq, filter_range; /* the SB_PLL40 parameters of the same names */
    double out_mhz;                          /* the clock they give */
};

/*
 * The highest output frequency <= max_mhz reachable from ref_mhz; ties prefer the
 * smallest DIVR (the highest phase-detector frequency). 0, or -1 when even the lowest
 * output is above max_mhz or ref_mhz is outside the PLL's input range.
 */
int ice40_pll_best_below(double ref_mhz, double max_mhz, struct ice40_pll *out);

#endif
