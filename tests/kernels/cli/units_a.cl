/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units: a unit with its own SCALE and its own static helper. */
#include "units_pair.h"
#define SCALE 3
static int helper(pair_t p) { return p.a * SCALE + p.b; }
int scale_a(int x)
{
    pair_t p = {x, 1};
    return helper(p);
}
