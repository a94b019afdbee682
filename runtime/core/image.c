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
        return 1;
    /* the x orders store a padding channel */
    case CL_Rx:
    case CL_RG:
    case CL_RA:
        return 2;
    case CL_RGx:
    case CL_RGB:
    case CL_sRGB:
        return 3;
    case CL_RGBx:
    case CL_sRGBx:
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
    /* "The channel order must be CL_RGB or CL_RGBx" for the packed types only */
    if (b == 0 || order == CL_RGB || order == CL_RGBx)
        return 0;
    /* "The number of bits per element determined by the image_channel_data_type and
     * image_channel_order must be a power of two." */
    if ((n * b) & (n * b - 1))
        return 0;
    /* sRGB orders: "can only be used if channel data type = CL_UNORM_INT8" */
    if ((order == CL_sRGB || order == CL_sRGBx || order == CL_sRGBA || order == CL_sBGRA) &&
        format->image_channel_data_type != CL_UNORM_INT8)
        return 0;
    /* CL_DEPTH: "can only be used if channel data type = CL_UNORM_INT16 or CL_FLOAT" */
    if (order == CL_DEPTH && format->image_channel_data_type != CL_UNORM_INT16 &&
        format->image_channel_data_type != CL_FLOAT)
        return 0;
    return n * b;
}

/* The formats of the OpenCL 3.0 "Minimum list of supported image formats" for reading and for
 * writing (by different kernel instances): CL_R, CL_RG and CL_RGBA in every type below, and
 * CL_BGRA in CL_UNORM_INT8; in the same kernel instance (CL_MEM_KERNEL_READ_AND_WRITE) the
 * three orders without the 16-bit normalized and the signed normalized types. Not listed:
 * CL_DEPTH (cl_khr_depth_images is not claimed) and CL_sRGBA, which that table requires of
 * OpenCL 2.0 devices only (this one's OpenCL C is 1.2) and whose reads the compiler does not
 * convert. */
static const cl_channel_type types[] = {
    CL_UNORM_INT8,     CL_UNORM_INT16,    CL_SNORM_INT8,   CL_SNORM_INT16,
    CL_SIGNED_INT8,    CL_SIGNED_INT16,   CL_SIGNED_INT32, CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,   CL_FLOAT,
};
static const cl_channel_order orders[] = {CL_R, CL_RG, CL_RGBA};

static bool in_kernel_rw_list(cl_channel_type t)
{
    return t != CL_UNORM_INT16 && t != CL_SNORM_INT8 && t != CL_SNORM_INT16;
}

cl_uint oclhls_image_formats(cl_mem_flags flags, cl_image_format *out, cl_uint max)
{
    bool kernel_rw = flags & CL_MEM_KERNEL_READ_AND_WRITE;
    cl_uint n = 0;

#define ADD(o, t)                                                                                  \
    do {                                                                                           \
        if (out && n < max)                                                                        \
            out[n] = (cl_image_format){(o), (t)};                                                  \
        n++;                                                                                       \
    } while (0)
    for (size_t i = 0; i < sizeof(orders) / sizeof(orders[0]); i++)
        for (size_t j = 0; j < sizeof(types) / sizeof(types[0]); j++)
            if (!kernel_rw || in_kernel_rw_list(types[j]))
                ADD(orders[i], types[j]);
    if (!kernel_rw)
        ADD(CL_BGRA, CL_UNORM_INT8);
#undef ADD
    return n;
}

bool oclhls_image_format_supported(cl_mem_flags flags, const cl_image_format *format)
{
    cl_image_format list[64];
    cl_uint n = oclhls_image_formats(flags, list, 64);

    for (cl_uint i = 0; i < n; i++)
        if (list[i].image_channel_order == format->image_channel_order &&
            list[i].image_channel_data_type == format->image_channel_data_type)
            return true;
    return false;
}

void oclhls_image_limits(cl_device_id dev, struct oclhls_image_limits *l)
{
    (void)dev; /* the same on every board: images are global memory and the LSU's address
                  arithmetic, and a board with little memory refuses the allocation */
    /* the OpenCL 3.0 FULL_PROFILE minimums (Device Queries table) */
    l->image2d_max_width = l->image2d_max_height = 16384;
    l->image3d_max_width = l->image3d_max_height = l->image3d_max_depth = 2048;
    l->image_max_buffer_size = 65536;
    l->image_max_array_size = 2048;
    l->max_read_image_args = 128;
    l->max_write_image_args = 64;
    l->max_read_write_image_args = 64;
    l->max_samplers = 16;
    /* any row pitch and any buffer address: texels are read with byte addresses; a buffer's
     * address is a multiple of 64 bytes anyway (core/devmem.h) */
    l->pitch_alignment = 1;
    l->base_address_alignment = 1;
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
