// SPDX-License-Identifier: MIT
// Images and samplers on a device without them (CL_DEVICE_IMAGE_SUPPORT is CL_FALSE): the
// error names the feature at the sampler's line (5) and the read's (9), not clang's helper
// __translate_sampler_initializer.
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void copy(__read_only image2d_t in, __global float4 *out)
{
    out[get_global_id(0)] = read_imagef(in, smp, (int2)(get_global_id(0), 0));
}
