/* SPDX-License-Identifier: MIT */
/*
 * Image and sampler helpers shared by the host API (runtime/api/cl_image*.c, cl_sampler.c) and
 * the kernel-argument code (clSetKernelArg, launch). Device layout of an image: docs/runtime.md,
 * "Images".
 */
#ifndef OCLHLS_RT_IMAGE_H
#define OCLHLS_RT_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cl.h"

/*
 * CL_DEVICE_IMAGE_SUPPORT: kernels can use images (the compiler's image builtins, issue 34).
 * It goes with "__opencl_c_images" (and the 3D-write and read_write features) in
 * common/cl_features.c, which give kernels __IMAGE_SUPPORT__ (frontend/device_header.c) and
 * the feature query.
 */
#define OCLHLS_IMAGE_SUPPORT 1

/* The device's image limits (the CL_DEVICE_IMAGE* and *_IMAGE_ARGS queries). */
struct oclhls_image_limits {
    size_t image2d_max_width, image2d_max_height;
    size_t image3d_max_width, image3d_max_height, image3d_max_depth;
    size_t image_max_buffer_size, image_max_array_size;
    cl_uint max_read_image_args, max_write_image_args, max_read_write_image_args;
    cl_uint max_samplers;
    cl_uint pitch_alignment, base_address_alignment; /* in pixels */
};

void oclhls_image_limits(cl_device_id dev, struct oclhls_image_limits *l);

/*
 * The supported formats for the access flags (clGetSupportedImageFormats): up to max are
 * stored at out (may be NULL); returns how many there are.
 */
cl_uint oclhls_image_formats(cl_mem_flags flags, cl_image_format *out, cl_uint max);
bool oclhls_image_format_supported(cl_mem_flags flags, const cl_image_format *format);

/*
 * clEnqueueFillImage's colour (4 floats, ints or uints as the format's type asks) as one
 * texel of format at out (oclhls_image_elem_size bytes). 0, or -1 for an invalid format.
 */
int oclhls_image_pack_color(const cl_image_format *format, const void *color, uint8_t *out);

/* float to IEEE half, round to nearest even. */
uint16_t oclhls_float_to_half(float f);

/* Bytes per texel of a format; 0 when the order/type pair is not a valid combination. */
size_t oclhls_image_elem_size(const cl_image_format *format);

/* True when mem is an image object (type CL_MEM_OBJECT_IMAGE*). */
bool oclhls_mem_is_image(cl_mem mem);

/*
 * The sampler as clang encodes sampler_t (opencl-c-base.h): CLK_NORMALIZED_COORDS_TRUE 1,
 * addressing NONE 0 / CLAMP_TO_EDGE 2 / CLAMP 4 / REPEAT 6 / MIRRORED_REPEAT 8, filter
 * NEAREST 0x10 / LINEAR 0x20.
 */
uint32_t oclhls_sampler_bits(cl_sampler s);

#endif
