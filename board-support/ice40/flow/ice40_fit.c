/* SPDX-License-Identifier: MIT */
/* The iCE40 flow's density decisions (ice40_fit.h). */
#include "ice40_fit.h"

/* 1 when cells are more than percent % of the device's. 64-bit products: a netlist's
 * counts are not bounded by the device's. */
static int above_percent(unsigned cells, unsigned device_lcs, unsigned percent)
{
    return (unsigned long long)cells * 100 > (unsigned long long)device_lcs * percent;
}

/* More cells than the device by more than the dense recipe saves. */
static int beyond_dense(unsigned cells, unsigned device_lcs)
{
    return above_percent(cells, device_lcs, 100 + ICE40_DENSE_SAVES_AT_MOST_PERCENT);
}

enum ice40_fit_step ice40_fit_before_synth(unsigned estimated_lcs, unsigned device_lcs)
{
    return above_percent(estimated_lcs, device_lcs, ICE40_ESTIMATE_REFUSE_ABOVE_PERCENT)
               ? ICE40_FIT_NO_FIT
               : ICE40_FIT_KEEP;
}

enum ice40_fit_step ice40_fit_after_synth(unsigned min_lcs, unsigned device_lcs)
{
    if (beyond_dense(min_lcs, device_lcs))
        return ICE40_FIT_NO_FIT;
    /* over the device but within what the dense recipe saves: packing would fail */
    return min_lcs <= device_lcs ? ICE40_FIT_PACK : ICE40_FIT_DENSE;
}

enum ice40_fit_step ice40_fit_after_packing(unsigned packed_lcs, unsigned device_lcs)
{
    if (packed_lcs == 0) /* nextpnr could not pack it: the dense recipe may */
        return ICE40_FIT_DENSE;
    if (beyond_dense(packed_lcs, device_lcs))
        return ICE40_FIT_NO_FIT;
    if (!above_percent(packed_lcs, device_lcs, ICE40_DENSE_ABOVE_PERCENT))
        return ICE40_FIT_KEEP;
    return ICE40_FIT_DENSE;
}
