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
