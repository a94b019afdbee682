/* SPDX-License-Identifier: MIT */
/* The ECP5 flow's PLL settings (ecp5_pll.c), no tools: the fastest setting at or below a
 * clock, inside the EHXPLLL's ranges, and no setting below the lowest clock. */
#include <math.h>
#include <stdio.h>

#include "ecp5_pll.h"

static int failures;

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                           \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* The setting is what it says and inside the ranges of ecp5_pll.h. */
static void check_valid(const struct ecp5_pll *p)
{
    double pfd = 25.0 / p->clki_div, f = pfd * p->clkfb_div, vco = f * p->clkop_div;

    CHECK(fabs(f - p->mhz) < 1e-9);
    CHECK(pfd >= 3.125 && pfd <= 400);
    CHECK(vco >= 400 && vco <= 800);
    CHECK(p->clkfb_div >= 1 && p->clkfb_div <= 80 && p->clkop_div >= 1 && p->clkop_div <= 128);
}

int main(void)
{
    struct ecp5_pll p;

    CHECK(ecp5_pll_best(25, 80, 40, &p) == 0 && p.mhz == 80);
    check_valid(&p);
    CHECK(ecp5_pll_best(25, 75, 40, &p) == 0 && p.mhz == 75);
    check_valid(&p);
    /* between settings: the next one down (25 * 23 / 8 = 71.875) */
    CHECK(ecp5_pll_best(25, 72.5, 40, &p) == 0 && fabs(p.mhz - 71.875) < 1e-9);
    check_valid(&p);
    CHECK(ecp5_pll_best(25, 40.1, 40, &p) == 0 && p.mhz == 40);
    /* nothing from 40 MHz up at or below 39 */
    CHECK(ecp5_pll_best(25, 39, 40, &p) == -1);
    for (double f = 40; f <= 200; f += 0.7)
        if (ecp5_pll_best(25, f, 10, &p) == 0) {
            check_valid(&p);
            CHECK(p.mhz <= f + 1e-6 && p.mhz > f - 3.125);
        }
    if (failures)
        return 1;
    printf("PASS ecp5.pll\n");
    return 0;
}
