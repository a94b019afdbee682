/* SPDX-License-Identifier: MIT */
/*
 * Reading, writing and copying (5.3.3, 5.3.5), filling (5.3.4) and mapping (5.3.6) image
 * objects. Transfers become the rectangle commands of buffers (core/exec.c) over the image's
 * device layout, with the image command's type on the event; filling has its own command.
 */
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/event.h"
#include "core/image.h"
#include "core/util.h"

#define MAP_WRITE_FLAGS (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)

static bool is_image(cl_mem m)
{
    return oclhls_object_is(m, OCLHLS_MAGIC_MEM) && oclhls_mem_is_image(m);
}

static bool is_buffer(cl_mem m)
{
    return oclhls_object_is(m, OCLHLS_MAGIC_MEM) && m->type == CL_MEM_OBJECT_BUFFER;
}

/*
 * The checks every image command starts with: "CL_INVALID_COMMAND_QUEUE if command_queue is
 * not a valid host command-queue." "CL_INVALID_MEM_OBJECT if image is not a valid image
 * object." (b: the other object of a copy, image or buffer as is_b says) "CL_INVALID_CONTEXT
 * if the context associated with command_queue and image are not the same or if the context
 * associated with command_queue and events in event_wait_list are not the same." (and the
 * CL_INVALID_EVENT_WAIT_LIST clause, in oclhls_check_wait_list)
 * Never returned: CL_INVALID_IMAGE_SIZE and CL_IMAGE_FORMAT_NOT_SUPPORTED (clCreateImage
 * refuses such images) and CL_MEM_OBJECT_ALLOCATION_FAILURE (images are allocated when they
 * are created).
 */
static cl_int check_command(cl_command_queue q, cl_mem a, bool a_image, cl_mem b, bool b_image,
                            cl_uint num_events_in_wait_list, const cl_event *event_wait_list)
{
    if (!oclhls_object_is(q, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!(a_image ? is_image(a) : is_buffer(a)))
        return CL_INVALID_MEM_OBJECT;
    if (b == NULL && b_image) /* a copy between images with no second image */
        return CL_INVALID_MEM_OBJECT;
    if (b && !(b_image ? is_image(b) : is_buffer(b)))
        return CL_INVALID_MEM_OBJECT;
    if (a->context != q->context || (b && b->context != q->context))
        return CL_INVALID_CONTEXT;
    return oclhls_check_wait_list(q->context, num_events_in_wait_list, event_wait_list);
}

/* The image's extent in (x, y, z): 1D arrays have a row per layer, 2D arrays a slice. */
static void extent(cl_mem m, size_t ext[3])
{
    const cl_image_desc *d = &m->image_desc;

    ext[0] = d->image_width, ext[1] = 1, ext[2] = 1;
    if (m->type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
        ext[1] = d->image_array_size;
    else if (m->type == CL_MEM_OBJECT_IMAGE2D)
        ext[1] = d->image_height;
    else if (m->type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
        ext[1] = d->image_height, ext[2] = d->image_array_size;
    else if (m->type == CL_MEM_OBJECT_IMAGE3D)
        ext[1] = d->image_height, ext[2] = d->image_depth;
}

/*
 * "CL_INVALID_VALUE if the region being read or written specified by origin and region is out
 * of bounds" and "if values in origin and region do not follow rules described in the
 * argument description for origin and region" ("If image is a 2D image object, origin[2] must
 * be 0 ... region[2] must be 1 ... The values in region cannot be 0."): the rules are the
 * extent of the image's type, 1 in the dimensions it does not have.
 */
static bool region_valid(cl_mem m, const size_t *origin, const size_t *region)
{
    size_t ext[3];

    if (!origin || !region)
        return false;
    extent(m, ext);
    for (int i = 0; i < 3; i++)
        if (region[i] == 0 || origin[i] > ext[i] || region[i] > ext[i] - origin[i])
            return false;
    return true;
}

/* The image side of a rectangle command: byte origin and device pitches. */
static void image_side(cl_mem m, const size_t *origin, size_t o[3], size_t *row, size_t *slice)
{
    o[0] = origin[0] * m->image_elem_size, o[1] = origin[1], o[2] = origin[2];
    *row = m->image_row_pitch;
    *slice = m->image_slice_pitch;
}

static bool has_slices(cl_mem m)
{
    return m->type == CL_MEM_OBJECT_IMAGE1D_ARRAY || m->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
           m->type == CL_MEM_OBJECT_IMAGE3D;
}

static cl_int submit(struct oclhls_command *cmd, cl_command_type run_as, cl_mem a, cl_mem b,
                     cl_event *event, bool blocking)
{
    cmd->type = run_as; /* the event keeps the image command's type */
    cmd->mem[0] = a;
    cmd->mem[1] = b;
    oclhls_hold(a);
    if (b)
        oclhls_hold(b);
    return oclhls_command_submit(cmd, event, blocking);
}

static cl_int enqueue_rw(cl_command_queue command_queue, cl_mem image, cl_bool blocking,
                         const size_t *origin, const size_t *region, size_t row_pitch,
                         size_t slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
                         const cl_event *event_wait_list, cl_event *event, bool write)
{
    struct oclhls_command *cmd;
    size_t tight, min_slice;
    cl_int err;

    err = check_command(command_queue, image, true, NULL, false, num_events_in_wait_list,
                        event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if the region being read or written specified by origin and region is
     * out of bounds or if ptr is a NULL value." (and the origin/region rules) */
    if (!ptr || !region_valid(image, origin, region))
        return CL_INVALID_VALUE;
    /* "row_pitch ... must be greater than or equal to the element size in bytes x width. If
     * row_pitch (or input_row_pitch) is set to 0, the appropriate row pitch is calculated"
     * "slice_pitch ... must be 0 if image is a 1D or 2D image. Otherwise this value must be
     * greater than or equal to row_pitch x height." (1D arrays: row_pitch, a row per image) */
    tight = region[0] * image->image_elem_size;
    if (row_pitch == 0)
        row_pitch = tight;
    if (row_pitch < tight)
        return CL_INVALID_VALUE;
    if (!has_slices(image) && slice_pitch)
        return CL_INVALID_VALUE;
    min_slice = image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row_pitch : row_pitch * region[1];
    if (slice_pitch == 0)
        slice_pitch = min_slice;
    if (slice_pitch < min_slice)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_OPERATION if clEnqueueReadImage is called on image which has been created
     * with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS." "CL_INVALID_OPERATION if
     * clEnqueueWriteImage is called on image which has been created with
     * CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS." */
    if (image->flags &
        (CL_MEM_HOST_NO_ACCESS | (write ? CL_MEM_HOST_READ_ONLY : CL_MEM_HOST_WRITE_ONLY)))
        return CL_INVALID_OPERATION;

    cmd = oclhls_command_new(command_queue, write ? CL_COMMAND_WRITE_IMAGE : CL_COMMAND_READ_IMAGE,
                             num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    image_side(image, origin, cmd->u.rect.origin[0], &cmd->u.rect.row[0], &cmd->u.rect.slice[0]);
    /* the host side from its start; a 1D array's images are its rows */
    cmd->u.rect.row[1] = image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice_pitch : row_pitch;
    cmd->u.rect.slice[1] = slice_pitch;
    cmd->u.rect.region[0] = tight;
    cmd->u.rect.region[1] = region[1];
    cmd->u.rect.region[2] = region[2];
    cmd->u.rect.ptr = ptr;
    /* blocking: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations
     * are blocking and the execution status of any of the events in event_wait_list is a
     * negative integer value." */
    return submit(cmd, write ? CL_COMMAND_WRITE_BUFFER_RECT : CL_COMMAND_READ_BUFFER_RECT, image,
                  NULL, event, blocking);
}

cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue command_queue, cl_mem image,
                                      cl_bool blocking_read, const size_t *origin,
                                      const size_t *region, size_t row_pitch, size_t slice_pitch,
                                      void *ptr, cl_uint num_events_in_wait_list,
                                      const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw(command_queue, image, blocking_read, origin, region, row_pitch, slice_pitch,
                      ptr, num_events_in_wait_list, event_wait_list, event, false);
}

cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue command_queue, cl_mem image,
                                       cl_bool blocking_write, const size_t *origin,
                                       const size_t *region, size_t input_row_pitch,
                                       size_t input_slice_pitch, const void *ptr,
                                       cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw(command_queue, image, blocking_write, origin, region, input_row_pitch,
                      input_slice_pitch, (void *)ptr, num_events_in_wait_list, event_wait_list,
                      event, true);
}

/* Two boxes of the same image intersect. */
static bool boxes_overlap(const size_t *a, const size_t *b, const size_t *region)
{
    for (int i = 0; i < 3; i++)
        if (a[i] + region[i] <= b[i] || b[i] + region[i] <= a[i])
            return false;
    return true;
}

cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image,
                                      cl_mem dst_image, const size_t *src_origin,
                                      const size_t *dst_origin, const size_t *region,
                                      cl_uint num_events_in_wait_list,
                                      const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    cl_int err;

    /* "CL_INVALID_MEM_OBJECT if src_image and dst_image are not valid image objects." */
    err = check_command(command_queue, src_image, true, dst_image, true, num_events_in_wait_list,
                        event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_IMAGE_FORMAT_MISMATCH if src_image and dst_image do not use the same image format." */
    if (src_image->image_format.image_channel_order !=
            dst_image->image_format.image_channel_order ||
        src_image->image_format.image_channel_data_type !=
            dst_image->image_format.image_channel_data_type)
        return CL_IMAGE_FORMAT_MISMATCH;
    /* "CL_INVALID_VALUE if the 2D or 3D rectangular region specified by src_origin and
     * src_origin + region refers to a region outside src_image, or if the 2D or 3D rectangular
     * region specified by dst_origin and dst_origin + region refers to a region outside
     * dst_image." "CL_INVALID_VALUE if values in src_origin, dst_origin and region do not
     * follow rules described in the argument description" */
    if (!region_valid(src_image, src_origin, region) ||
        !region_valid(dst_image, dst_origin, region))
        return CL_INVALID_VALUE;
    /* "CL_MEM_COPY_OVERLAP if src_image and dst_image are the same image object and the source
     * and destination regions overlap." */
    if (src_image == dst_image && boxes_overlap(src_origin, dst_origin, region))
        return CL_MEM_COPY_OVERLAP;

    cmd = oclhls_command_new(command_queue, CL_COMMAND_COPY_IMAGE, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    image_side(src_image, src_origin, cmd->u.rect.origin[0], &cmd->u.rect.row[0],
               &cmd->u.rect.slice[0]);
    image_side(dst_image, dst_origin, cmd->u.rect.origin[1], &cmd->u.rect.row[1],
               &cmd->u.rect.slice[1]);
    cmd->u.rect.region[0] = region[0] * src_image->image_elem_size;
    cmd->u.rect.region[1] = region[1];
    cmd->u.rect.region[2] = region[2];
    return submit(cmd, CL_COMMAND_COPY_BUFFER_RECT, src_image, dst_image, event, false);
}

cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem image,
                                      const void *fill_color, const size_t *origin,
                                      const size_t *region, cl_uint num_events_in_wait_list,
                                      const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    cl_int err;

    err = check_command(command_queue, image, true, NULL, false, num_events_in_wait_list,
                        event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if fill_color is NULL." "CL_INVALID_VALUE if the region being filled as
     * specified by origin and region is out of bounds." "CL_INVALID_VALUE if values in origin
     * and region do not follow rules described in the argument description" */
    if (!fill_color || !region_valid(image, origin, region))
        return CL_INVALID_VALUE;

    cmd = oclhls_command_new(command_queue, CL_COMMAND_FILL_IMAGE, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    /* "The fill color will be converted to the appropriate image channel format and order
     * associated with image." (now: "the memory associated with fill_color can be reused or
     * freed after the function returns") */
    oclhls_image_pack_color(&image->image_format, fill_color, cmd->u.fill_image.texel);
    memcpy(cmd->u.fill_image.origin, origin, sizeof(cmd->u.fill_image.origin));
    memcpy(cmd->u.fill_image.region, region, sizeof(cmd->u.fill_image.region));
    return submit(cmd, CL_COMMAND_FILL_IMAGE, image, NULL, event, false);
}

/* Bytes of an image region laid out tightly, for the buffer side of the copies; false when
 * it does not fit a size_t. */
static bool region_bytes(cl_mem image, const size_t *region, size_t *bytes)
{
    size_t b;

    return !__builtin_mul_overflow(region[0], image->image_elem_size, &b) &&
           !__builtin_mul_overflow(b, region[1], &b) &&
           !__builtin_mul_overflow(b, region[2], bytes);
}

/* The buffer side of CopyImageToBuffer / CopyBufferToImage: tightly packed from offset. */
static void buffer_side(cl_mem image, const size_t *region, size_t offset, size_t o[3], size_t *row,
                        size_t *slice)
{
    o[0] = offset, o[1] = 0, o[2] = 0;
    *row = region[0] * image->image_elem_size;
    *slice = *row * region[1];
}

cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue command_queue, cl_mem src_image,
                                              cl_mem dst_buffer, const size_t *src_origin,
                                              const size_t *region, size_t dst_offset,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    size_t bytes;
    cl_int err;

    /* "CL_INVALID_MEM_OBJECT if src_image is not a valid image object or dst_buffer is not a
     * valid buffer object or if src_image is a 1D image buffer object created from
     * dst_buffer." */
    err = check_command(command_queue, src_image, true, dst_buffer, false, num_events_in_wait_list,
                        event_wait_list);
    if (err == CL_INVALID_MEM_OBJECT || (err == CL_SUCCESS && !dst_buffer))
        return CL_INVALID_MEM_OBJECT;
    if (err != CL_SUCCESS)
        return err;
    if (src_image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER && src_image->parent == dst_buffer)
        return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_VALUE if the 1D, 2D or 3D rectangular region specified by src_origin and
     * src_origin + region refers to a region outside src_image, or if the region specified by
     * dst_offset and dst_offset + dst_cb to a region outside dst_buffer." "CL_INVALID_VALUE if
     * values in src_origin and region do not follow rules described in the argument
     * description" */
    if (!region_valid(src_image, src_origin, region) || !region_bytes(src_image, region, &bytes) ||
        dst_offset > dst_buffer->size || bytes > dst_buffer->size - dst_offset)
        return CL_INVALID_VALUE;
    /* "CL_MISALIGNED_SUB_BUFFER_OFFSET if dst_buffer is a sub-buffer object and offset
     * specified when the sub-buffer object is created is not aligned" cannot happen:
     * clCreateSubBuffer refuses such offsets. */

    cmd = oclhls_command_new(command_queue, CL_COMMAND_COPY_IMAGE_TO_BUFFER,
                             num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    image_side(src_image, src_origin, cmd->u.rect.origin[0], &cmd->u.rect.row[0],
               &cmd->u.rect.slice[0]);
    buffer_side(src_image, region, dst_offset, cmd->u.rect.origin[1], &cmd->u.rect.row[1],
                &cmd->u.rect.slice[1]);
    cmd->u.rect.region[0] = region[0] * src_image->image_elem_size;
    cmd->u.rect.region[1] = region[1];
    cmd->u.rect.region[2] = region[2];
    return submit(cmd, CL_COMMAND_COPY_BUFFER_RECT, src_image, dst_buffer, event, false);
}

cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue command_queue, cl_mem src_buffer,
                                              cl_mem dst_image, size_t src_offset,
                                              const size_t *dst_origin, const size_t *region,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    size_t bytes;
    cl_int err;

    /* "CL_INVALID_MEM_OBJECT if src_buffer is not a valid buffer object or dst_image is not a
     * valid image object or if dst_image is a 1D image buffer object created from
     * src_buffer." */
    err = check_command(command_queue, dst_image, true, src_buffer, false, num_events_in_wait_list,
                        event_wait_list);
    if (err == CL_INVALID_MEM_OBJECT || (err == CL_SUCCESS && !src_buffer))
        return CL_INVALID_MEM_OBJECT;
    if (err != CL_SUCCESS)
        return err;
    if (dst_image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER && dst_image->parent == src_buffer)
        return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_VALUE if the 1D, 2D or 3D rectangular region specified by dst_origin and
     * dst_origin + region refer to a region outside dst_image, or if the region specified by
     * src_offset and src_offset + src_cb refer to a region outside src_buffer."
     * "CL_INVALID_VALUE if values in dst_origin and region do not follow rules described in
     * the argument description" */
    if (!region_valid(dst_image, dst_origin, region) || !region_bytes(dst_image, region, &bytes) ||
        src_offset > src_buffer->size || bytes > src_buffer->size - src_offset)
        return CL_INVALID_VALUE;

    cmd = oclhls_command_new(command_queue, CL_COMMAND_COPY_BUFFER_TO_IMAGE,
                             num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    buffer_side(dst_image, region, src_offset, cmd->u.rect.origin[0], &cmd->u.rect.row[0],
                &cmd->u.rect.slice[0]);
    image_side(dst_image, dst_origin, cmd->u.rect.origin[1], &cmd->u.rect.row[1],
               &cmd->u.rect.slice[1]);
    cmd->u.rect.region[0] = region[0] * dst_image->image_elem_size;
    cmd->u.rect.region[1] = region[1];
    cmd->u.rect.region[2] = region[2];
    return submit(cmd, CL_COMMAND_COPY_BUFFER_RECT, src_buffer, dst_image, event, false);
}

/* With m->lock held: a write mapping of m overlapping [offset, +size) exists. */
static bool write_map_overlaps(cl_mem m, size_t offset, size_t size)
{
    for (struct oclhls_map *map = m->maps; map; map = map->next)
        if ((map->flags & MAP_WRITE_FLAGS) && offset < map->offset + map->size &&
            map->offset < offset + size)
            return true;
    return false;
}

/* The mapping's geometry: the device side, and the host side -- the application's
 * CL_MEM_USE_HOST_PTR storage, a buffer's host_ptr for images made from one (the same layout),
 * or a tight copy. */
static int map_layout(cl_mem image, const size_t *origin, const size_t *region,
                      struct oclhls_map *map)
{
    const cl_image_desc *d = &image->image_desc;
    size_t elem = image->image_elem_size;
    bool array1d = image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY;

    map->row_bytes = region[0] * elem;
    map->rows = region[1];
    map->slices = region[2];
    map->dev_row = image->image_row_pitch;
    map->dev_slice = image->image_slice_pitch;
    map->offset = origin[2] * map->dev_slice + origin[1] * map->dev_row + origin[0] * elem;
    map->size = (region[2] - 1) * map->dev_slice + (region[1] - 1) * map->dev_row + map->row_bytes;
    if (image->image_host_ptr) {
        /* "If the image object is created with CL_MEM_USE_HOST_PTR set in mem_flags, ... the
         * pointer value returned by clEnqueueMapImage will be derived from the host_ptr" */
        size_t hrow = array1d ? d->image_slice_pitch : d->image_row_pitch;
        size_t hslice = d->image_slice_pitch;

        map->host_row = hrow, map->host_slice = hslice;
        map->ptr = (char *)image->image_host_ptr + origin[2] * hslice + origin[1] * hrow +
                   origin[0] * elem;
        return 0;
    }
    if (image->host_ptr) {
        map->host_row = map->dev_row, map->host_slice = map->dev_slice;
        map->ptr = (char *)image->host_ptr + map->offset;
        return 0;
    }
    map->host_row = map->row_bytes;
    map->host_slice = map->row_bytes * region[1];
    map->owned = map->ptr = malloc(map->host_slice * region[2]);
    return map->ptr ? 0 : -1;
}

void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem image,
                                    cl_bool blocking_map, cl_map_flags map_flags,
                                    const size_t *origin, const size_t *region,
                                    size_t *image_row_pitch, size_t *image_slice_pitch,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list, cl_event *event,
                                    cl_int *errcode_ret)
{
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    struct oclhls_command *cmd = NULL;
    struct oclhls_map *map = NULL;
    void *ptr = NULL;
    cl_int err;

    err = check_command(command_queue, image, true, NULL, false, num_events_in_wait_list,
                        event_wait_list);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if region being mapped given by (origin, origin+region) is out of
     * bounds or if values specified in map_flags are not valid." "CL_INVALID_VALUE if values in
     * origin and region do not follow rules described in the argument description for origin
     * and region." ("CL_MAP_READ or CL_MAP_WRITE and CL_MAP_WRITE_INVALIDATE_REGION are
     * mutually exclusive.") */
    err = CL_INVALID_VALUE;
    if (!region_valid(image, origin, region))
        goto out;
    if ((map_flags & ~known) || ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                 (map_flags & (CL_MAP_READ | CL_MAP_WRITE))))
        goto out;
    /* "CL_INVALID_VALUE if image_row_pitch is NULL." "CL_INVALID_VALUE if image is a 3D image,
     * 1D or 2D image array object and image_slice_pitch is NULL." */
    if (!image_row_pitch || (has_slices(image) && !image_slice_pitch))
        goto out;
    /* "CL_INVALID_OPERATION if image has been created with CL_MEM_HOST_WRITE_ONLY or
     * CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if image has been created
     * with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or
     * CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags." */
    err = CL_INVALID_OPERATION;
    if ((image->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) &&
        (map_flags & CL_MAP_READ))
        goto out;
    if ((image->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) &&
        (map_flags & MAP_WRITE_FLAGS))
        goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    map = calloc(1, sizeof(*map));
    cmd = oclhls_command_new(command_queue, CL_COMMAND_MAP_IMAGE, num_events_in_wait_list,
                             event_wait_list);
    if (!map || !cmd)
        goto out_free;
    map->flags = map_flags;
    /* "CL_MAP_FAILURE if there is a failure to map the requested region into the host address
     * space. This error cannot occur for image objects created with CL_MEM_USE_HOST_PTR or
     * CL_MEM_ALLOC_HOST_PTR." (the latter: a copy of the region, as without a flag) */
    err = CL_MAP_FAILURE;
    if (map_layout(image, origin, region, map) != 0)
        goto out_free;
    pthread_mutex_lock(&image->lock);
    /* "CL_INVALID_OPERATION if mapping would lead to overlapping regions being mapped for
     * writing." (the device spans of the regions, conservatively) */
    if ((map_flags & MAP_WRITE_FLAGS) && write_map_overlaps(image, map->offset, map->size)) {
        pthread_mutex_unlock(&image->lock);
        err = CL_INVALID_OPERATION;
        goto out_free;
    }
    map->next = image->maps;
    image->maps = map;
    image->map_count++;
    pthread_mutex_unlock(&image->lock);

    /* "image_row_pitch returns the scan-line pitch in bytes for the mapped region."
     * "image_slice_pitch returns the size in bytes of each 2D slice of a 3D image or the size
     * of each 1D or 2D image in a 1D or 2D image array for the mapped region. For a 1D and 2D
     * image, zero is returned if this argument is not NULL." */
    if (image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY) /* host_row steps from image to image */
        *image_row_pitch =
            image->image_host_ptr ? image->image_desc.image_row_pitch : map->row_bytes;
    else
        *image_row_pitch = map->host_row;
    if (image_slice_pitch)
        *image_slice_pitch = !has_slices(image)                           ? 0
                             : image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? map->host_row
                                                                          : map->host_slice;
    cmd->u.map.map = map;
    ptr = map->ptr;
    /* blocking: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking
     * and the execution status of any of the events in event_wait_list is a negative integer
     * value." */
    err = submit(cmd, CL_COMMAND_MAP_BUFFER, image, NULL, event, blocking_map);
    if (err != CL_SUCCESS) {
        /* no pointer to unmap: drop the failed mapping (the command is over) */
        struct oclhls_map **link;

        ptr = NULL;
        pthread_mutex_lock(&image->lock);
        for (link = &image->maps; *link && *link != map; link = &(*link)->next)
            ;
        if (*link) {
            *link = map->next;
            image->map_count--;
        } else {
            map = NULL;
        }
        pthread_mutex_unlock(&image->lock);
        if (map) {
            free(map->owned);
            free(map);
        }
    }
    goto out;

out_free:
    if (map)
        free(map->owned);
    free(map);
    oclhls_command_free(cmd);
out:
    if (errcode_ret)
        *errcode_ret = err;
    return ptr;
}
