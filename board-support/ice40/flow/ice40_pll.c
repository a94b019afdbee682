/* SPDX-License-Identifier: MIT */
/*
 * The iCE40 PLL divider search (ice40_pll.h). Equations and limits of the iCE40 sysCLOCK
 * PLL Design and Usage Guide (Lattice TN1251), SIMPLE feedback:
 *
 *   F_PFD  = F_REF / (DIVR + 1)        10 ..  133 MHz   (DIVR 0..15)
 *   F_VCO  = F_PFD * (DIVF + 1)       533 .. 1066 MHz   (DIVF 0..127)
 *   F_OUT  = F_VCO / 2^DIVQ            16 ..  275 MHz   (DIVQ 1..6)
 *
 * FILTER_RANGE follows F_PFD: the loop-filter setting the Lattice PLL configuration
 * tool writes for each phase-detector frequency band (below).
 * The search is exhaustive: 16 x 128 x 6 candidates, a few microseconds.
 */
#include "ice40_pll.h"

#define PFD_MIN 10.0
#define PFD_MAX 133.0
#define VCO_MIN 533.0
#define VCO_MAX 1066.0

/* Upper PFD frequency (MHz) of FILTER_RANGE 1, 2, ... 6. */
static const double filter_bands[] = {17.0, 26.0, 44.0, 66.0, 101.0, PFD_MAX};

static unsigned filter_range(double pfd)
{
    unsigned r = 0;

    while (r + 1 < sizeof(filter_bands) / sizeof(filter_bands[0]) && pfd >= filter_bands[r])
        r++;
    return r + 1;
}

int ice40_pll_best_below(double ref_mhz, double max_mhz, struct ice40_pll *out)
{
    int found = 0;

    for (unsigned divr = 0; divr < 16; divr++) {
        double pfd = ref_mhz / (divr + 1);

        if (pfd < PFD_MIN || pfd > PFD_MAX)
            continue;
        for (unsigned divf = 0; divf < 128; divf++) {
            double vco = pfd * (divf + 1);

            if (vco < VCO_MIN || vco > VCO_MAX)
                continue;
            for (unsigned divq = 1; divq <= 6; divq++) {
                double f = vco / (double)(1u << divq);

                if (f < ICE40_PLL_OUT_MIN_MHZ || f > ICE40_PLL_OUT_MAX_MHZ ||
                    f > max_mhz * (1 + 1e-9) || (found && f <= out->out_mhz))
                    continue;
                *out = (struct ice40_pll){divr, divf, divq, filter_range(pfd), f};
                found = 1;
            }
        }
    }
    return found ? 0 : -1;
}
