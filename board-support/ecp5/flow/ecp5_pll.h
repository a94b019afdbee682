/* SPDX-License-Identifier: MIT */
/*
 * The ECP5 PLL (EHXPLLL, feedback from CLKOP) for a kernel clock: f = f_in * CLKFB_DIV /
 * CLKI_DIV, VCO = f * CLKOP_DIV. Ranges from Lattice's ECP5 sysCLOCK PLL/DLL design and
 * usage guide (TN1263) and the ECP5 data sheet (DS1044): the phase detector's input f_in /
 * CLKI_DIV from 3.125 to 400 MHz, the VCO from 400 to 800 MHz, CLKI_DIV and CLKOP_DIV
 * 1..128, CLKFB_DIV 1..80. ecppll (Project Trellis) computes the same settings.
 */
#ifndef OCLHLS_ECP5_PLL_H
#define OCLHLS_ECP5_PLL_H

struct ecp5_pll {
    unsigned clki_div, clkfb_div, clkop_div, clkop_cphase;
    double mhz; /* the output */
};

/* The fastest setting from in_mhz at most max_mhz. 0, or -1 when none reaches min_mhz. */
int ecp5_pll_best(double in_mhz, double max_mhz, double min_mhz, struct ecp5_pll *p);

#endif
