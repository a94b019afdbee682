// SPDX-License-Identifier: MIT
// Images and samplers (issue 34), checked by test_images.c against a host reference of the
// OpenCL C spec's section 8: each format's conversions both ways, every addressing mode with
// both filters (a sampler argument: every mode in one kernel), samplers declared at program
// scope and in a kernel (constants: only their mode is built; sample_types), and every image
// type.
//
// The test builds it as five programs, one model each (-D IMAGES_CONVERT, IMAGES_SAMPLE,
// IMAGES_TYPES_1D, IMAGES_TYPES_3D, IMAGES_WRITE: every model under half a minute to build);
// without any of them it is one program with every kernel.
#if !defined(IMAGES_CONVERT) && !defined(IMAGES_SAMPLE) && !defined(IMAGES_TYPES_1D) && \
    !defined(IMAGES_TYPES_3D) && !defined(IMAGES_WRITE)
#define IMAGES_CONVERT
#define IMAGES_SAMPLE
#define IMAGES_TYPES_1D
#define IMAGES_TYPES_3D
#define IMAGES_WRITE
#endif

__constant sampler_t repeat_linear =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

#ifdef IMAGES_CONVERT
// read_image{f,i,ui} without a sampler into a buffer and write_image{f,i,ui} of the same color
// into an image of the same format: both directions of every conversion.
__kernel void convert_f(__read_only image2d_t in, __write_only image2d_t out,
                        __global float4 *vals)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 v = read_imagef(in, (int2)(x, y));
    vals[y * get_image_width(in) + x] = v;
    write_imagef(out, (int2)(x, y), v);
}

__kernel void convert_i(__read_only image2d_t in, __write_only image2d_t out, __global int4 *vals)
{
    int x = get_global_id(0), y = get_global_id(1);
    int4 v = read_imagei(in, (int2)(x, y));
    vals[y * get_image_width(in) + x] = v;
    write_imagei(out, (int2)(x, y), v * 3); // saturated to the channel's range
}

__kernel void convert_ui(__read_only image2d_t in, __write_only image2d_t out,
                         __global uint4 *vals)
{
    int x = get_global_id(0), y = get_global_id(1);
    uint4 v = read_imageui(in, (int2)(x, y));
    vals[y * get_image_width(in) + x] = v;
    write_imageui(out, (int2)(x, y), v * 3u);
}

#endif

#ifdef IMAGES_SAMPLE
// A sampler argument at float coordinates (2D) and at integer ones.
__kernel void sample2d(__read_only image2d_t in, sampler_t s, __global const float2 *coords,
                       __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(in, s, coords[i]);
}

__kernel void sample2d_int(__read_only image2d_t in, sampler_t s, __global const int2 *coords,
                           __global int4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagei(in, s, coords[i]);
}

#endif

#if defined(IMAGES_TYPES_1D) || defined(IMAGES_TYPES_3D)
// The other image types: the arrays through a sampler argument (every mode), the 1D image and
// the 3D one through declared samplers (only their modes built: a run-time sampler's 8 texel
// reads of a 3D linear filter in every mode would double the model); coords: x, y, z (the
// layer of the arrays: y for 1D, z for 2D) and w the 1D buffer's texel.
__kernel void sample_types(__read_only image1d_t i1, __read_only image1d_buffer_t ib,
                           __read_only image1d_array_t i1a, __read_only image2d_array_t i2a,
                           __read_only image3d_t i3, sampler_t s, __global const float4 *coords,
                           __global float4 *out)
{
    const sampler_t mirror_linear =
        CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
    const sampler_t clamp_nearest =
        CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    float4 c = coords[i];
#ifdef IMAGES_TYPES_1D
    out[6 * i] = read_imagef(i1, repeat_linear, c.x);
    out[6 * i + 1] = read_imagef(ib, (int)c.w);
    out[6 * i + 2] = read_imagef(i1a, s, c.xy);
#endif
#ifdef IMAGES_TYPES_3D
    out[6 * i + 3] = read_imagef(i2a, s, c);
    out[6 * i + 4] = read_imagef(i3, mirror_linear, c);
    out[6 * i + 5] = read_imagef(i3, clamp_nearest, c * (float4)(4.0f, 4.0f, 3.0f, 1.0f));
#endif
}

#endif

#ifdef IMAGES_WRITE
// Writes to the other image types (texel x of each, in row-major order) and their queries.
__kernel void write_types(__write_only image1d_t o1, __write_only image1d_buffer_t ob,
                          __write_only image1d_array_t o1a, __write_only image2d_array_t o2a,
                          __global int *q)
{
    int x = get_global_id(0);
    float4 v = (float4)(x & 255, 255 - (x & 255), x >> 8, 128) / 255.0f;
    int w1 = get_image_width(o1a), w2 = get_image_width(o2a), h2 = get_image_height(o2a);
    write_imagef(o1, x, v);
    write_imagef(ob, x, v);
    write_imagef(o1a, (int2)(x % w1, x / w1), v);
    write_imagef(o2a, (int4)(x % w2, x / w2 % h2, x / (w2 * h2), 0), v);
    if (x == 0) {
        int2 d2 = get_image_dim(o2a);
        q[0] = get_image_width(o1);
        q[1] = get_image_width(ob);
        q[2] = (int)get_image_array_size(o1a);
        q[3] = d2.x;
        q[4] = d2.y;
        q[5] = (int)get_image_array_size(o2a);
        q[6] = get_image_channel_order(o2a);
        q[7] = get_image_channel_data_type(o2a);
    }
}

// 3D image writes: clang declares them only when the device claims cl_khr_3d_image_writes
// (with CL_DEVICE_IMAGE_SUPPORT); the test skips the kernel when the program has none.
#ifdef cl_khr_3d_image_writes
__kernel void write3d(__write_only image3d_t o3, __global int *q)
{
    int x = get_global_id(0);
    float4 v = (float4)(x & 255, 255 - (x & 255), x >> 8, 128) / 255.0f;
    int w3 = get_image_width(o3), h3 = get_image_height(o3);
    write_imagef(o3, (int4)(x % w3, x / w3 % h3, x / (w3 * h3), 0), v);
    if (x == 0) {
        int4 d3 = get_image_dim(o3);
        q[0] = d3.x;
        q[1] = d3.y;
        q[2] = d3.z;
        q[3] = get_image_depth(o3);
    }
}
#endif

// read_write images: clang declares their functions only when the device claims
// __opencl_c_read_write_images; the test skips the kernel when the program has none. Each
// work-item reads its texel, writes half of it back and reads its own write after the fence.
#ifdef __opencl_c_read_write_images
__kernel void rw_image(__read_write image2d_t im, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 v = read_imagef(im, (int2)(x, y));
    write_imagef(im, (int2)(x, y), v * 0.5f);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    out[y * get_image_width(im) + x] = read_imagef(im, (int2)(x, y)) + v;
}
#endif
#endif
