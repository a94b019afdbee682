// SPDX-License-Identifier: MIT
// A kernel that reads no work-item id is a single work-item kernel: num_compute_units on it
// is refused at its line (6), not run as one unit.
__attribute__((num_compute_units(4)))
__kernel
void count(__global int *o)
{
    o[0] = 1;
}
