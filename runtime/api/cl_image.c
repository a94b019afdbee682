/* SPDX-License-Identifier: MIT */
/*
 * Image objects (5.3): creating them, the supported formats and clGetImageInfo. Device layout
 * and host-pointer handling: docs/runtime.md, "Images".
 */
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "core/image.h"
#include "core/platform.h"
#include "core/util.h"

/* "For a 2D image created from a 2D image object": the pairs of the channel order table, or
 * the same order. */
static bool view_order_valid(cl_channel_order a, cl_channel_order b)
{
    static const cl_channel_order pairs[][2] = {
        {CL_sBGRA, CL_BGRA}, {CL_sRGBA, CL_RGBA}, {CL_sRGB, CL_RGB},
        {CL_sRGBx, CL_RGBx}, {CL_DEPTH, CL_R},
    };

    if (a == b)
        return true;
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
        if ((a == pairs[i][0] && b == pairs[i][1]) || (a == pairs[i][1] && b == pairs[i][0]))
            return true;
    return false;
}

/* What creation decided about an image, before any object exists. */
struct plan {
    cl_image_desc desc; /* with the host pitches filled in */
    size_t elem, dev_row, dev_slice, size;
    cl_mem parent; /* buffer or image whose memory the image uses, or NULL */
};

/* The image's extent in (x, y, z) by type: 1D arrays have a row per layer, 2D arrays a
 * slice per layer. */
static void extent(const cl_image_desc *d, size_t ext[3])
{
    ext[0] = d->image_width, ext[1] = 1, ext[2] = 1;
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        ext[1] = d->image_array_size;
        break;
    case CL_MEM_OBJECT_IMAGE2D:
        ext[1] = d->image_height;
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        ext[1] = d->image_height, ext[2] = d->image_array_size;
        break;
    case CL_MEM_OBJECT_IMAGE3D:
        ext[1] = d->image_height, ext[2] = d->image_depth;
        break;
    default:
        break;
    }
}

/* "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid": the fields
 * the type uses "must be a value >= 1". */
static bool dims_valid(const cl_image_desc *d)
{
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        return d->image_width >= 1;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return d->image_width >= 1 && d->image_array_size >= 1;
    case CL_MEM_OBJECT_IMAGE2D:
        return d->image_width >= 1 && d->image_height >= 1;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return d->image_width >= 1 && d->image_height >= 1 && d->image_array_size >= 1;
    case CL_MEM_OBJECT_IMAGE3D:
        return d->image_width >= 1 && d->image_height >= 1 && d->image_depth >= 1;
    default: /* "image_type ... must be either CL_MEM_OBJECT_IMAGE1D, ..." */
        return false;
    }
}

/* "CL_INVALID_IMAGE_SIZE if image dimensions specified in image_desc exceed the maximum image
 * dimensions described in the Device Queries table" */
static bool dims_fit(cl_device_id dev, const cl_image_desc *d)
{
    struct oclhls_image_limits l;

    oclhls_image_limits(dev, &l);
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D:
        return d->image_width <= l.image2d_max_width;
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        return d->image_width <= l.image_max_buffer_size;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return d->image_width <= l.image2d_max_width &&
               d->image_array_size <= l.image_max_array_size;
    case CL_MEM_OBJECT_IMAGE2D:
        return d->image_width <= l.image2d_max_width && d->image_height <= l.image2d_max_height;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return d->image_width <= l.image2d_max_width && d->image_height <= l.image2d_max_height &&
               d->image_array_size <= l.image_max_array_size;
    default: /* CL_MEM_OBJECT_IMAGE3D */
        return d->image_width <= l.image3d_max_width && d->image_height <= l.image3d_max_height &&
               d->image_depth <= l.image3d_max_depth;
    }
}

static bool has_slices(cl_mem_object_type t)
{
    return t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
           t == CL_MEM_OBJECT_IMAGE3D;
}

/*
 * The pitches of image_desc: "image_row_pitch ... must be 0 if host_ptr is NULL and can be
 * either 0 or >= image_width x size of element in bytes if host_ptr is not NULL ... If
 * image_row_pitch is not 0, it must be a multiple of the image element size in bytes."
 * "image_slice_pitch ... must be 0 if host_ptr is NULL. If host_ptr is not NULL,
 * image_slice_pitch can be either 0 or >= image_row_pitch x image_height for a 2D image array
 * or 3D image and can be either 0 or >= image_row_pitch for a 1D image array ... If
 * image_slice_pitch is not 0, it must be a multiple of the image_row_pitch." Fills them in
 * for the host side; false: CL_INVALID_IMAGE_DESCRIPTOR.
 */
static bool host_pitches(cl_image_desc *d, size_t elem, bool have_host_ptr)
{
    size_t row, rows, slice;

    if (__builtin_mul_overflow(d->image_width, elem, &row))
        return false;
    if (!have_host_ptr && (d->image_row_pitch || d->image_slice_pitch))
        return false;
    if (d->image_row_pitch && (d->image_row_pitch < row || d->image_row_pitch % elem))
        return false;
    if (d->image_row_pitch == 0)
        d->image_row_pitch = row;
    if (!has_slices(d->image_type)) {
        d->image_slice_pitch = 0; /* unused: 1D and 2D images have one slice */
        return true;
    }
    /* 1D arrays: an image is one row; else a slice is image_height rows */
    rows = d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : d->image_height;
    if (__builtin_mul_overflow(d->image_row_pitch, rows, &slice))
        return false;
    if (d->image_slice_pitch &&
        (d->image_slice_pitch < slice || d->image_slice_pitch % d->image_row_pitch))
        return false;
    if (d->image_slice_pitch == 0)
        d->image_slice_pitch = slice;
    return true;
}

/* Device bytes of an image with row pitch dev_row; 0 on overflow. */
static size_t device_size(const cl_image_desc *d, size_t dev_row, size_t *dev_slice)
{
    size_t ext[3], slice, size;

    extent(d, ext);
    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
        *dev_slice = dev_row; /* a layer per row: "(1D arrays: between rows)" */
        return __builtin_mul_overflow(dev_row, ext[1], &size) ? 0 : size;
    }
    if (__builtin_mul_overflow(dev_row, ext[1], &slice) ||
        __builtin_mul_overflow(slice, ext[2], &size))
        return 0;
    *dev_slice = slice;
    return size;
}

/* An image on a buffer's memory (1D image buffer, 2D image from a buffer). */
static bool plan_on_buffer(struct plan *p, cl_mem mo, cl_device_id dev, cl_int *ret)
{
    cl_image_desc *d = &p->desc;
    struct oclhls_image_limits l;

    oclhls_image_limits(dev, &l);
    *ret = CL_INVALID_IMAGE_DESCRIPTOR;
    if (d->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER && d->image_type != CL_MEM_OBJECT_IMAGE2D)
        return false;
    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER || d->image_row_pitch == 0)
        d->image_row_pitch = d->image_width * p->elem;
    if (d->image_row_pitch < d->image_width * p->elem || d->image_slice_pitch)
        return false;
    /* "the pitch specified (or computed if pitch specified is 0) must be a multiple of the
     * maximum of the CL_DEVICE_IMAGE_PITCH_ALIGNMENT value" -> "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR
     * if a 2D image is created from a buffer and the row pitch and base address alignment does
     * not follow the rules described for creating a 2D image from a buffer." The base address:
     * "If the buffer object specified by mem_object is created with CL_MEM_USE_HOST_PTR, the
     * host_ptr specified to clCreateBuffer must be aligned to the minimum of the
     * CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT value" (in pixels) */
    *ret = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (d->image_row_pitch % (l.pitch_alignment * p->elem))
        return false;
    if (mo->host_ptr && (uintptr_t)mo->host_ptr % (l.base_address_alignment * p->elem))
        return false;
    p->dev_row = d->image_row_pitch;
    p->size = device_size(d, p->dev_row, &p->dev_slice);
    /* "For a 1D image buffer create from a buffer object, the image_width x size of element in
     * bytes must be <= size of the buffer object." "For a 2D image created from a buffer
     * object, the image_row_pitch x image_height must be <= size of the buffer object" */
    *ret = CL_INVALID_IMAGE_DESCRIPTOR;
    return p->size != 0 && p->size <= mo->size;
}

/* A 2D image viewing another 2D image's texels. */
static bool plan_on_image(struct plan *p, cl_mem mo, const cl_image_format *format, cl_int *ret)
{
    cl_image_desc *d = &p->desc;
    const cl_image_desc *pd = &mo->image_desc;

    /* "all the values specified in image_desc except for mem_object must match the image
     * descriptor information associated with mem_object" (a pitch of 0: the image's) */
    *ret = CL_INVALID_IMAGE_DESCRIPTOR;
    if (mo->type != CL_MEM_OBJECT_IMAGE2D || d->image_type != CL_MEM_OBJECT_IMAGE2D ||
        d->image_width != pd->image_width || d->image_height != pd->image_height ||
        (d->image_row_pitch && d->image_row_pitch != pd->image_row_pitch) || d->image_slice_pitch)
        return false;
    /* "the channel data type specified in image_format must match the channel data type
     * associated with mem_object"; the order: a pair of the table (same channel count) ->
     * "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a 2D image object and
     * the rules described above are not followed." */
    *ret = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (format->image_channel_data_type != mo->image_format.image_channel_data_type ||
        !view_order_valid(format->image_channel_order, mo->image_format.image_channel_order))
        return false;
    d->image_row_pitch = pd->image_row_pitch;
    p->dev_row = mo->image_row_pitch;
    p->dev_slice = mo->image_slice_pitch;
    p->size = mo->size;
    return true;
}

/* The image_desc->mem_object rules; *ret gets the error when false. */
static bool plan_parent(struct plan *p, const cl_image_format *format, cl_mem_flags flags,
                        cl_context context, cl_int *ret)
{
    cl_mem mo = p->desc.mem_object;

    /* "mem_object can be a buffer memory object if image_type is CL_MEM_OBJECT_IMAGE1D_BUFFER
     * or CL_MEM_OBJECT_IMAGE2D. mem_object can be an image object if image_type is
     * CL_MEM_OBJECT_IMAGE2D. Otherwise it must be NULL." (a 1D image buffer needs one) */
    *ret = CL_INVALID_IMAGE_DESCRIPTOR;
    if (!mo)
        return p->desc.image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER;
    if (!oclhls_object_is(mo, OCLHLS_MAGIC_MEM) || mo->context != context)
        return false;
    if (mo->type == CL_MEM_OBJECT_BUFFER) {
        if (!plan_on_buffer(p, mo, context->devices[0], ret))
            return false;
    } else if (!plan_on_image(p, mo, format, ret)) {
        return false;
    }
    /* "CL_INVALID_VALUE if an image is being created from another memory object (buffer or
     * image)" with flags that contradict mem_object's (oclhls_mem_child_flags_valid) */
    *ret = CL_INVALID_VALUE;
    if (!oclhls_mem_child_flags_valid(mo->flags, flags))
        return false;
    p->parent = mo;
    *ret = CL_SUCCESS;
    return true;
}

/* Copies host_ptr (image_desc's pitches) into the new image's device memory. */
static int initial_copy(cl_mem m, const void *host_ptr, char *err, size_t errlen)
{
    const cl_image_desc *d = &m->image_desc;
    size_t ext[3], host_row = d->image_row_pitch, host_slice = d->image_slice_pitch;
    size_t len = d->image_width * m->image_elem_size;

    extent(d, ext);
    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
        host_row = host_slice; /* an image per row */
    for (size_t z = 0; z < ext[2]; z++)
        for (size_t y = 0; y < ext[1]; y++)
            if (oclhls_device_mem_write(
                    m->device, m->addr + z * m->image_slice_pitch + y * m->image_row_pitch,
                    (const char *)host_ptr + z * host_slice + y * host_row, len, err, errlen))
                return -1;
    return 0;
}

static cl_mem create_image(cl_context context, const cl_mem_properties *properties,
                           cl_mem_flags flags, const cl_image_format *image_format,
                           const cl_image_desc *image_desc, void *host_ptr, cl_int *errcode_ret)
{
    char err[OCLHLS_ERR_MAX];
    struct plan p = {0};
    cl_mem m = NULL;
    cl_int ret;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    ret = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* (3.0) "CL_INVALID_PROPERTY if a property name in properties is not a supported property
     * name" (no image properties are supported) */
    ret = CL_INVALID_PROPERTY;
    if (properties && properties[0] != 0)
        goto out;
    /* "CL_INVALID_VALUE if values specified in flags are not valid." */
    ret = CL_INVALID_VALUE;
    if (!oclhls_mem_flags_valid(flags, CL_MEM_KERNEL_READ_AND_WRITE))
        goto out;
    /* "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or
     * if image_format is NULL." */
    ret = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (!image_format || (p.elem = oclhls_image_elem_size(image_format)) == 0)
        goto out;
    /* "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if
     * image_desc is NULL." ("num_mip_levels and num_samples must be 0.") */
    ret = CL_INVALID_IMAGE_DESCRIPTOR;
    if (!image_desc || !dims_valid(image_desc) || image_desc->num_mip_levels ||
        image_desc->num_samples)
        goto out;
    p.desc = *image_desc;
    if (!plan_parent(&p, image_format, flags, context, &ret))
        goto out;
    if (!p.parent) {
        ret = CL_INVALID_IMAGE_DESCRIPTOR;
        if (!host_pitches(&p.desc, p.elem, host_ptr != NULL))
            goto out;
        /* tightly packed on the device */
        p.dev_row = p.desc.image_width * p.elem;
        p.size = device_size(&p.desc, p.dev_row, &p.dev_slice);
    }
    /* "CL_INVALID_IMAGE_SIZE if image dimensions specified in image_desc exceed the maximum
     * image dimensions described in the Device Queries table for all devices in context"
     * (and an image larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE, as for buffers) */
    ret = CL_INVALID_IMAGE_SIZE;
    if (!dims_fit(context->devices[0], &p.desc) || p.size == 0 ||
        p.size > oclhls_device_max_alloc(context->devices[0]))
        goto out;
    /* "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR
     * are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or
     * CL_MEM_USE_HOST_PTR are not set in flags." */
    ret = CL_INVALID_HOST_PTR;
    if ((!host_ptr && (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR))) ||
        (host_ptr && !(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        goto out;
    if (p.parent)
        flags = oclhls_mem_child_flags(p.parent->flags, flags);
    else if (!(flags & OCLHLS_MEM_ACCESS_FLAGS))
        flags |= CL_MEM_READ_WRITE; /* "the default is used which is CL_MEM_READ_WRITE" */
    /* "CL_IMAGE_FORMAT_NOT_SUPPORTED if the image_format is not supported." */
    ret = CL_IMAGE_FORMAT_NOT_SUPPORTED;
    if (!oclhls_image_format_supported(flags, image_format))
        goto out;

    ret = CL_OUT_OF_HOST_MEMORY;
    m = oclhls_mem_new(context, flags, p.size);
    if (!m)
        goto out;
    if (properties) {
        m->props = oclhls_props_dup(properties, sizeof(*properties), &m->props_size);
        if (!m->props)
            goto out_free;
    }
    m->type = p.desc.image_type;
    m->image_format = *image_format;
    m->image_desc = p.desc;
    m->image_elem_size = p.elem;
    m->image_row_pitch = p.dev_row;
    m->image_slice_pitch = p.dev_slice;
    if (p.parent) {
        /* the buffer's (or image's) memory: held, not freed with the image (mem_destroy) */
        m->parent = p.parent;
        oclhls_hold(p.parent);
        m->addr = p.parent->addr;
        m->host_ptr = p.parent->host_ptr;
        m->image_host_ptr = p.parent->image_host_ptr;
        ret = CL_SUCCESS;
        goto out;
    }
    /* "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for image
     * object." */
    ret = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    if (oclhls_devmem_alloc(&m->device->mem, p.size, &m->addr) != 0) {
        oclhls_debug("%s: no free block of %zu bytes in global memory for an image",
                     m->device->name, p.size);
        goto out_free;
    }
    if (flags & CL_MEM_USE_HOST_PTR)
        m->image_host_ptr = host_ptr;
    ret = CL_OUT_OF_RESOURCES;
    if ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) &&
        initial_copy(m, host_ptr, err, sizeof(err)) != 0) {
        oclhls_debug("%s: initial image copy failed: %s", m->device->name, err);
        oclhls_devmem_free(&m->device->mem, m->addr, p.size);
        goto out_free;
    }
    ret = CL_SUCCESS;
    goto out;

out_free:
    oclhls_unhold(m->context);
    pthread_mutex_destroy(&m->lock);
    free(m->props);
    free(m);
    m = NULL;
out:
    if (errcode_ret)
        *errcode_ret = ret;
    return m;
}

cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                 const cl_image_format *image_format,
                                 const cl_image_desc *image_desc, void *host_ptr,
                                 cl_int *errcode_ret)
{
    return create_image(context, NULL, flags, image_format, image_desc, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                               const cl_mem_properties *properties,
                                               cl_mem_flags flags,
                                               const cl_image_format *image_format,
                                               const cl_image_desc *image_desc, void *host_ptr,
                                               cl_int *errcode_ret)
{
    return create_image(context, properties, flags, image_format, image_desc, host_ptr,
                        errcode_ret);
}

/* The 1.x calls (OpenCL 1.1) give CL_INVALID_IMAGE_SIZE where clCreateImage calls the
 * descriptor bad: "CL_INVALID_IMAGE_SIZE if image_width or image_height are 0 or if they exceed
 * values specified in CL_DEVICE_IMAGE2D_MAX_WIDTH or CL_DEVICE_IMAGE2D_MAX_HEIGHT respectively
 * ... or if values specified by image_row_pitch do not follow rules described in the argument
 * description above" (3D: "... if image_depth <= 1 ... image_row_pitch and image_slice_pitch");
 * the descriptor is theirs, so only its sizes and pitches can be wrong. */
static cl_mem legacy(cl_context context, cl_mem_flags flags, const cl_image_format *format,
                     const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret)
{
    cl_int err;
    cl_mem m = create_image(context, NULL, flags, format, desc, host_ptr, &err);

    if (err == CL_INVALID_IMAGE_DESCRIPTOR)
        err = CL_INVALID_IMAGE_SIZE;
    if (errcode_ret)
        *errcode_ret = err;
    return m;
}

cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                   const cl_image_format *image_format, size_t image_width,
                                   size_t image_height, size_t image_row_pitch, void *host_ptr,
                                   cl_int *errcode_ret)
{
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                          .image_width = image_width,
                          .image_height = image_height,
                          .image_row_pitch = image_row_pitch};

    return legacy(context, flags, image_format, &desc, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                   const cl_image_format *image_format, size_t image_width,
                                   size_t image_height, size_t image_depth, size_t image_row_pitch,
                                   size_t image_slice_pitch, void *host_ptr, cl_int *errcode_ret)
{
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE3D,
                          .image_width = image_width,
                          .image_height = image_height,
                          .image_depth = image_depth,
                          .image_row_pitch = image_row_pitch,
                          .image_slice_pitch = image_slice_pitch};

    if (image_depth == 1) /* "if image_depth <= 1": refused as a depth of 0 */
        desc.image_depth = 0;
    return legacy(context, flags, image_format, &desc, host_ptr, errcode_ret);
}

cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                              cl_mem_object_type image_type, cl_uint num_entries,
                                              cl_image_format *image_formats,
                                              cl_uint *num_image_formats)
{
    cl_uint n;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    /* "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and
     * image_formats is not NULL." */
    if (!oclhls_mem_flags_valid(flags, CL_MEM_KERNEL_READ_AND_WRITE))
        return CL_INVALID_VALUE;
    switch (image_type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D:
        break;
    default:
        return CL_INVALID_VALUE;
    }
    if (num_entries == 0 && image_formats)
        return CL_INVALID_VALUE;

    /* every image type has the same formats; flags 0 means CL_MEM_READ_WRITE */
    n = oclhls_image_formats(flags, image_formats, image_formats ? num_entries : 0);
    if (num_image_formats)
        *num_image_formats = n;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name, size_t param_value_size,
                                  void *param_value, size_t *param_value_size_ret)
{
    const cl_image_desc *d;
    const void *src;
    size_t size, v = 0;
    cl_uint zero = 0;
    cl_mem buffer = NULL;
    cl_mem_object_type t;

    /* "CL_INVALID_MEM_OBJECT if image is a not a valid image object." */
    if (!oclhls_object_is(image, OCLHLS_MAGIC_MEM) || !oclhls_mem_is_image(image))
        return CL_INVALID_MEM_OBJECT;

    d = &image->image_desc;
    t = image->type;
    src = &v, size = sizeof(v);
    switch (param_name) {
    case CL_IMAGE_FORMAT:
        src = &image->image_format, size = sizeof(image->image_format);
        break;
    case CL_IMAGE_ELEMENT_SIZE:
        v = image->image_elem_size;
        break;
    case CL_IMAGE_ROW_PITCH: /* the host pointer's layout, else the device's */
        v = d->image_row_pitch;
        break;
    case CL_IMAGE_SLICE_PITCH: /* 0 for 1D and 2D images (one slice) */
        v = d->image_slice_pitch;
        break;
    case CL_IMAGE_WIDTH:
        v = d->image_width;
        break;
    case CL_IMAGE_HEIGHT: /* 0 for the 1D types */
        if (t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
            t == CL_MEM_OBJECT_IMAGE3D)
            v = d->image_height;
        break;
    case CL_IMAGE_DEPTH: /* "For a 1D image, 1D image buffer, 2D image or 1D or 2D image array
                            object, depth = 0." */
        if (t == CL_MEM_OBJECT_IMAGE3D)
            v = d->image_depth;
        break;
    case CL_IMAGE_ARRAY_SIZE: /* "If image is not an image array, 0 is returned." */
        if (t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY)
            v = d->image_array_size;
        break;
    case CL_IMAGE_BUFFER: /* a 1D image buffer's buffer, else NULL (deprecated in 2.0) */
        if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER)
            buffer = image->parent;
        src = &buffer, size = sizeof(buffer);
        break;
    case CL_IMAGE_NUM_MIP_LEVELS:
    case CL_IMAGE_NUM_SAMPLES:
        src = &zero, size = sizeof(zero);
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
    return oclhls_info(param_value, param_value_size, param_value_size_ret, src, size);
}
