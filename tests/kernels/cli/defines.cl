// SPDX-License-Identifier: MIT
// Needs `-D SCALE=<n>` and `-I include` (for scale.h): checks that oclhls build passes both on.
#include "scale.h"
#ifndef SCALE
#error "SCALE is not defined: -D did not reach the compiler"
#endif

__kernel void scaled(__global int *x)
{
    x[get_global_id(0)] = SCALED(x[get_global_id(0)]);
}
