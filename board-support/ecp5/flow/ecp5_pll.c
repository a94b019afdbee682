/* SPDX-License-Identifier: MIT */
/* The EHXPLLL setting of a kernel clock (ecp5_pll.h). */
#include "ecp5_pll.h"

#include <math.h>

#define PFD_MIN 3.125
#define PFD_MAX 400.0
#define VCO_MIN 400.0
#define VCO_MAX 800.0
#define VCO_MID 600.0

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
            /* the output divider whose VCO is nearest the middle of its range, away from
               the edges where lock is least certain */
            unsigned best_op = 0;
            for (unsigned op = 1; op <= 128 && f * op <= VCO_MAX; op++)
                if (f * op >= VCO_MIN &&
                    (!best_op || fabs(f * op - VCO_MID) < fabs(f * best_op - VCO_MID)))
                    best_op = op;
            if (best_op) /* the output's coarse phase: about half its period */
                best = (struct ecp5_pll){ci, fb, best_op,
                                         best_op / 2 ? best_op / 2 - 1 + best_op % 2 : 0, f};
        }
    }
    if (best.mhz < min_mhz || best.mhz == 0)
        return -1;
    *p = best;
    return 0;
}
