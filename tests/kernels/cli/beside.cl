// SPDX-License-Identifier: MIT
// Includes found beside the kernel file (and below it), without -I, from any working
// directory: as a C compiler searches the including file's directory.
#include "beside.h"
#include "include/scale.h"
#define SCALE 2

__kernel void offset_scaled(__global int *x)
{
    x[get_global_id(0)] = SCALED(x[get_global_id(0)]) + OFFSET;
}
