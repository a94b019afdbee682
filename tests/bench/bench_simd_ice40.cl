// SPDX-License-Identifier: MIT
// Issue 31 on the iCE40 UP5K: an integer kernel with a multiply, a fixed-point gain on 16-bit
// samples, as one lane (-DLANES=1) or two (-DLANES=2, the default). 4 bytes of memory per
// work-item, so the UP5K's 8 bytes per clock could feed 2 work-items per clock: one lane
// takes 1, two lanes may take 2. bench_simd_ice40.sh builds both for the iCEBreaker.
#ifndef LANES
#define LANES 2
#endif
#if LANES > 1
__attribute__((num_simd_work_items(LANES)))
#endif
__attribute__((reqd_work_group_size(64, 1, 1))) __kernel void
gain(__global const short *restrict in, __global short *restrict out, short g)
{
    int i = get_global_id(0);
    out[i] = (short)((in[i] * g) >> 8);
}
