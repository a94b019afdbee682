// SPDX-License-Identifier: MIT
// An image chosen at run time: each image access must name one image argument (its texels and
// descriptor are that argument's words), so the read on line 9 is refused at its line, not
// with clang's __translate_sampler_initializer or an internal error.
__kernel void pick(__read_only image2d_t a, __read_only image2d_t b, int which,
                   __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(which ? a : b, (int2)(i, 0));
}
