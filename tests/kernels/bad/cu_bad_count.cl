// SPDX-License-Identifier: MIT
// num_compute_units takes one or three positive constants (the kernel on line 5), at most 16
// copies in all (with -D TOO_MANY, the kernel on line 9).
__attribute__((num_compute_units(0)))
__kernel void zero(__global int *o) { o[get_global_id(0)] = 0; }

#ifdef TOO_MANY
__attribute__((num_compute_units(4, 4, 2)))
__kernel void many(__global int *o) { o[get_global_id(0)] = 0; }
#endif
