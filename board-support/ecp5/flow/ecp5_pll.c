/* SPDX-License-Identifier: MIT */
/* The EHXPLLL setting of a kernel clock (ecp5_pll.h). */
#include "ecp5_pll.h"

#define PFD_MIN 3.125
#define PFD_MAX 400.0
#define VCO_MIN 400.0
#define VCO_MAX 800.0

int ecp5_pll_best(double in_mhz, double max_mhz, double min_mhz, struct ecp5_pll *p)
{
    struct ecp5_pll best = {0};

    for (unsigned ci = 1; ci <= 128; ci++) {
        double pfd = in_mhz / ci;
        if (pfd < PFD_MIN)
            break;
        if (pfd > PFD_MAX)
            continue;
        for (unsigned fb = 1; fb <= 80; fb++) {
            double f = pfd * fb;
            if (f > max_mhz + 1e-9 || f <= best.mhz)
                continue;
            for (unsigned op = 1; op <= 128; op++) {
                double vco = f * op;
                if (vco > VCO_MAX)
                    break;
                if (vco >= VCO_MIN) {
                    /* the output's coarse phase: half its period, as ecppll sets it */
                    best = (struct ecp5_pll){ci, fb, op, op / 2 ? op / 2 - 1 + op % 2 : 0, f};
                    break;
                }
            }
        }
    }
    if (best.mhz < min_mhz || best.mhz == 0)
        return -1;
    *p = best;
    return 0;
}
