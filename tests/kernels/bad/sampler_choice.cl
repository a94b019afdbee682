// SPDX-License-Identifier: MIT
// A sampler chosen at run time between an argument and a sampler declared in the kernel: the
// read on line 12 is refused (a choice between declared samplers is folded instead).
__kernel void pick(__read_only image2d_t a, sampler_t given, int which, __global float4 *out)
{
    const sampler_t fixed =
        CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    sampler_t s = which ? given : fixed;
    float4 v = (float4)(0.0f);

    v = read_imagef(a, s, (int2)(i, 0));
    out[i] = v;
}
