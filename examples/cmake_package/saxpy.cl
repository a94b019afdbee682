// SPDX-License-Identifier: MIT
// y = a * x + y, with a from the header next to this file.
#include "saxpy_params.h"

__kernel void saxpy(__global const float *restrict x, __global float *restrict y)
{
    size_t i = get_global_id(0);
    y[i] = SAXPY_A * x[i] + y[i];
}
