// SPDX-License-Identifier: MIT
// The smallest useful kernel, for area measurements (docs/performance.md, "Area on the
// iCE40UP5K": tests/bench/ice40_area.sh).
__kernel void fill(__global int *p, int v)
{
    p[get_global_id(0)] = v;
}
