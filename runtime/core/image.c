/* SPDX-License-Identifier: MIT */
/* Image and sampler helpers (core/image.h). */
#include "core/image.h"

#include "core/objects.h"

/* Channels of an order; 0 for an order the runtime does not know. */
static unsigned channel_count(cl_channel_order order)
{
    switch (order) {
    case CL_R:
    case CL_A:
    case CL_INTENSITY:
    case CL_LUMINANCE:
    case CL_DEPTH:
    case CL_Rx:
        return 1;
    case CL_RG:
    case CL_RA:
    case CL_RGx:
        return 2;
    case CL_RGB:
    case CL_RGBx:
    case CL_sRGB:
    case CL_sRGBx:
        return 3;
    case CL_RGBA:
    case CL_BGRA:
    case CL_ARGB:
    case CL_ABGR:
    case CL_sRGBA:
    case CL_sBGRA:
        return 4;
    default:
        return 0;
    }
}

/* Bytes of one channel; 0 for the packed types and unknown ones. */
static size_t channel_bytes(cl_channel_type type)
{
    switch (type) {
    case CL_SNORM_INT8:
    case CL_UNORM_INT8:
    case CL_SIGNED_INT8:
    case CL_UNSIGNED_INT8:
        return 1;
    case CL_SNORM_INT16:
    case CL_UNORM_INT16:
    case CL_SIGNED_INT16:
    case CL_UNSIGNED_INT16:
    case CL_HALF_FLOAT:
        return 2;
    case CL_SIGNED_INT32:
    case CL_UNSIGNED_INT32:
    case CL_FLOAT:
        return 4;
    default:
        return 0;
    }
}

size_t oclhls_image_elem_size(const cl_image_format *format)
{
    cl_channel_order order = format->image_channel_order;
    unsigned n = channel_count(order);

    if (n == 0)
        return 0;
    switch (format->image_channel_data_type) {
    /* "CL_UNORM_SHORT_565, CL_UNORM_SHORT_555 and CL_UNORM_INT_101010 are special cases of
     * packed image formats ... the channel order must be CL_RGB or CL_RGBx." */
    case CL_UNORM_SHORT_565:
    case CL_UNORM_SHORT_555:
        return order == CL_RGB || order == CL_RGBx ? 2 : 0;
    case CL_UNORM_INT_101010:
        return order == CL_RGB || order == CL_RGBx ? 4 : 0;
    case CL_UNORM_INT_101010_2:
        return order == CL_RGBA ? 4 : 0;
    default:
        break;
    }
    size_t b = channel_bytes(format->image_channel_data_type);
    if (b == 0)
        return 0;
    /* CL_RGB and CL_RGBx hold only the packed types above */
    if (order == CL_RGB || order == CL_RGBx)
        return 0;
    return n * b;
}

bool oclhls_mem_is_image(cl_mem mem)
{
    switch (mem->type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D:
        return true;
    default:
        return false;
    }
}

uint32_t oclhls_sampler_bits(cl_sampler s)
{
    uint32_t bits = s->normalized_coords ? 1u : 0u;

    switch (s->addressing_mode) {
    case CL_ADDRESS_CLAMP_TO_EDGE:
        bits |= 2u;
        break;
    case CL_ADDRESS_CLAMP:
        bits |= 4u;
        break;
    case CL_ADDRESS_REPEAT:
        bits |= 6u;
        break;
    case CL_ADDRESS_MIRRORED_REPEAT:
        bits |= 8u;
        break;
    default: /* CL_ADDRESS_NONE */
        break;
    }
    bits |= s->filter_mode == CL_FILTER_LINEAR ? 0x20u : 0x10u;
    return bits;
}
