/* SPDX-License-Identifier: MIT */
/* kernels.cli.build_units: the kernel, calling the other unit's scale_a; SCALE and helper are
   this unit's own. */
#include "units_pair.h"
#define SCALE 5
int scale_a(int x);
static int helper(pair_t p) { return p.a * SCALE - p.b; }
__kernel void units(__global int *c)
{
    int i = get_global_id(0);
    pair_t p = {i, 2};
    c[i] = scale_a(i) + helper(p);
}
