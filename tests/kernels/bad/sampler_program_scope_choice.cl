// SPDX-License-Identifier: MIT
// Program-scope samplers chosen with ?: reach the IR as loads of external globals without
// their bits (clang keeps a program-scope sampler's value only where it is used directly): the
// read on line 12 is refused with what to write instead.
__constant sampler_t a = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t b = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void pick(__read_only image2d_t im, int which, __global float4 *out)
{
    int i = get_global_id(0);
    sampler_t s = which ? a : b;
    out[i] = read_imagef(im, s, (int2)(i - 2, 0));
}
