// SPDX-License-Identifier: MIT
// A 5x5 Gaussian blur over an image: each work-item one output pixel, the weighted sum of the
// 25 pixels around it (binomial weights 1 4 6 4 1 in each direction, over 256). The sampler
// clamps coordinates to the edge, so the border pixels repeat outward; the image's format
// (any the device reads as float: CL_RGBA CL_UNORM_INT8 in the host program) is converted by
// read_imagef and write_imagef.

__constant sampler_t edge =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__constant float weights[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};

__kernel void gaussian(__read_only image2d_t in, __write_only image2d_t out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 sum = (float4)(0.0f);
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++)
            sum += weights[j] * weights[i] * read_imagef(in, edge, (int2)(x + i - 2, y + j - 2));
    write_imagef(out, (int2)(x, y), sum);
}
