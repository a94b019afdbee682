// SPDX-License-Identifier: MIT
/*
 * The iCE40 flow's density decisions (board-support/ice40/flow/ice40_fit.h): when the
 * quick netlist stays, when it is packed to decide, when the dense recipe runs and when the
 * build stops with the no-fit report. Runs without the iCE40 tools.
 */
#include <stdio.h>

#include "ice40_fit.h"

static const char *const step_name[] = {"KEEP", "PACK", "DENSE", "NO_FIT"};

int main(void)
{
    static const struct {
        int packed; /* -1: before synthesis, 0: after synthesis, 1: after packing */
        unsigned cells, device;
        enum ice40_fit_step want;
    } cases[] = {
        /* after synthesis: the netlist's lower bound of logic cells */
        {0, 3000, 5280, ICE40_FIT_PACK},
        {0, 5280, 5280, ICE40_FIT_PACK},          /* within the device: packing decides */
        {0, 5281, 5280, ICE40_FIT_DENSE},         /* over it, but the dense recipe may save it */
        {0, 5808, 5280, ICE40_FIT_DENSE},         /* exactly 110 % */
        {0, 5809, 5280, ICE40_FIT_NO_FIT},        /* more than the dense recipe saves */
        {0, 4000000000u, 5280, ICE40_FIT_NO_FIT}, /* no overflow in the percentages */
        /* after packing the quick netlist */
        {1, 3960, 5280, ICE40_FIT_KEEP},  /* 75 % */
        {1, 3961, 5280, ICE40_FIT_DENSE}, /* above 75 %: dense for placement and routing */
        {1, 5808, 5280, ICE40_FIT_DENSE},
        {1, 5809, 5280, ICE40_FIT_NO_FIT}, /* the oversized example: 136 % */
        {1, 7197, 5280, ICE40_FIT_NO_FIT},
        {1, 0, 5280, ICE40_FIT_DENSE}, /* packing failed: the dense recipe may pack */
        /* before synthesis: the units' estimate (the histogram example: 1930 of 5280) */
        {-1, 1930, 5280, ICE40_FIT_KEEP},
        {-1, 10560, 5280, ICE40_FIT_KEEP},   /* twice the device: synthesis decides */
        {-1, 10561, 5280, ICE40_FIT_NO_FIT}, /* examples/gaussian: 24550 */
        {-1, 4000000000u, 5280, ICE40_FIT_NO_FIT},
    };
    int failures = 0;

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        static const char *const when[] = {"estimated", "after synthesis", "after packing"};
        enum ice40_fit_step got =
            cases[i].packed > 0   ? ice40_fit_after_packing(cases[i].cells, cases[i].device)
            : cases[i].packed < 0 ? ice40_fit_before_synth(cases[i].cells, cases[i].device)
                                  : ice40_fit_after_synth(cases[i].cells, cases[i].device);
        if (got != cases[i].want) {
            printf("FAIL: %u cells of %u %s: %s, expected %s\n", cases[i].cells, cases[i].device,
                   when[cases[i].packed + 1], step_name[got], step_name[cases[i].want]);
            failures++;
        }
    }
    printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
