/* SPDX-License-Identifier: MIT */
/* Reading, writing, copying (5.2.2) and filling (5.2.3) buffer objects. */
#include <string.h>

#include "core/command.h"
#include "core/event.h"
#include "core/util.h"

static bool is_buffer(cl_mem m)
{
    return oclhls_object_is(m, OCLHLS_MAGIC_MEM) && m->type == CL_MEM_OBJECT_BUFFER;
}

/* The root buffer and the offset of m in it. */
static cl_mem root_of(cl_mem m, size_t *offset)
{
    *offset = m->origin;
    return m->parent ? m->parent : m;
}

/* Queues cmd (owned) for submission; *ret gets the enqueue call's result. */
/*
 * The checks every buffer command starts with, for one buffer (b NULL) or a copy's two:
 * "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue."
 * "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object." (copies: "if src_buffer
 * and dst_buffer are not valid buffer objects.")
 * "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the
 * same or if the context associated with command_queue and events in event_wait_list are
 * not the same." (and the CL_INVALID_EVENT_WAIT_LIST clause, in oclhls_check_wait_list)
 * Two clauses of every buffer command cannot happen here:
 * "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified when
 * the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN" (such
 * sub-buffers are refused by clCreateSubBuffer) and "CL_MEM_OBJECT_ALLOCATION_FAILURE if there
 * is a failure to allocate memory for data store associated with buffer" (buffers are
 * allocated when they are created).
 */
static cl_int check_buffer_command(cl_command_queue command_queue, cl_mem a, cl_mem b,
                                   cl_uint num_events_in_wait_list, const cl_event *event_wait_list)
{
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!is_buffer(a) || (b && !is_buffer(b)))
        return CL_INVALID_MEM_OBJECT;
    if (a->context != command_queue->context || (b && b->context != command_queue->context))
        return CL_INVALID_CONTEXT;
    return oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
}

static cl_int submit(struct oclhls_command *cmd, cl_mem a, cl_mem b, cl_event *event, bool blocking)
{
    cmd->mem[0] = a;
    cmd->mem[1] = b;
    if (a)
        oclhls_hold(a);
    if (b)
        oclhls_hold(b);
    return oclhls_command_submit(cmd, event, blocking);
}

static cl_int enqueue_rw(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking,
                         size_t offset, size_t size, void *ptr, cl_uint num_events_in_wait_list,
                         const cl_event *event_wait_list, cl_event *event, bool write)
{
    struct oclhls_command *cmd;
    cl_int err;

    err =
        check_buffer_command(command_queue, buffer, NULL, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is out
     * of bounds or if ptr is a NULL value." (a size of 0 is valid since 2.1, which dropped
     * 2.0's "or if size is 0") */
    if (offset > buffer->size || size > buffer->size - offset || !ptr)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_OPERATION if clEnqueueReadBuffer is called on buffer which has been created
     * with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS."
     * "CL_INVALID_OPERATION if clEnqueueWriteBuffer is called on buffer which has been created
     * with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS." */
    if (buffer->flags &
        (CL_MEM_HOST_NO_ACCESS | (write ? CL_MEM_HOST_READ_ONLY : CL_MEM_HOST_WRITE_ONLY)))
        return CL_INVALID_OPERATION;

    cmd =
        oclhls_command_new(command_queue, write ? CL_COMMAND_WRITE_BUFFER : CL_COMMAND_READ_BUFFER,
                           num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    cmd->u.rw.offset = offset;
    cmd->u.rw.size = size;
    cmd->u.rw.ptr = ptr;
    /* blocking: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations
     * are blocking and the execution status of any of the events in event_wait_list is a
     * negative integer value." (the command then ends with that status) */
    return submit(cmd, buffer, NULL, event, blocking);
}

cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer,
                                       cl_bool blocking_read, size_t offset, size_t size, void *ptr,
                                       cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw(command_queue, buffer, blocking_read, offset, size, ptr,
                      num_events_in_wait_list, event_wait_list, event, false);
}

cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer,
                                        cl_bool blocking_write, size_t offset, size_t size,
                                        const void *ptr, cl_uint num_events_in_wait_list,
                                        const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw(command_queue, buffer, blocking_write, offset, size, (void *)ptr,
                      num_events_in_wait_list, event_wait_list, event, true);
}

cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer,
                                       cl_mem dst_buffer, size_t src_offset, size_t dst_offset,
                                       size_t size, cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    size_t src_root_off, dst_root_off;
    cl_int err;

    err = check_buffer_command(command_queue, src_buffer, dst_buffer, num_events_in_wait_list,
                               event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if src_offset, dst_offset, size, src_offset + size or dst_offset +
     * size require accessing elements outside the src_buffer and dst_buffer buffer objects
     * respectively." */
    if (src_offset > src_buffer->size || size > src_buffer->size - src_offset ||
        dst_offset > dst_buffer->size || size > dst_buffer->size - dst_offset)
        return CL_INVALID_VALUE;
    /* "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer
     * object and the source and destination regions overlap or if src_buffer and dst_buffer
     * are different sub-buffers of the same associated buffer object and they overlap." */
    if (root_of(src_buffer, &src_root_off) == root_of(dst_buffer, &dst_root_off) && size) {
        size_t s = src_root_off + src_offset, d = dst_root_off + dst_offset;

        if ((s <= d && d <= s + size - 1) || (d <= s && s <= d + size - 1))
            return CL_MEM_COPY_OVERLAP;
    }

    cmd = oclhls_command_new(command_queue, CL_COMMAND_COPY_BUFFER, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    cmd->u.copy.src_offset = src_offset;
    cmd->u.copy.dst_offset = dst_offset;
    cmd->u.copy.size = size;
    return submit(cmd, src_buffer, dst_buffer, event, false);
}

/* A rectangle's pitches after the spec's defaults; false when they break the rules:
 * "if any region array element is 0", "row_pitch is not 0 and is less than region[0]",
 * "slice_pitch is not 0 and is less than region[1] x row_pitch or ... not a multiple of
 * row_pitch". */
static bool rect_pitches(const size_t *region, size_t *row, size_t *slice)
{
    if (!region || region[0] == 0 || region[1] == 0 || region[2] == 0)
        return false;
    if (*row && *row < region[0])
        return false;
    if (*row == 0)
        *row = region[0];
    if (*slice && (*slice < region[1] * *row || *slice % *row))
        return false;
    if (*slice == 0)
        *slice = region[1] * *row;
    return true;
}

/* One past the last byte a rectangle touches; false on overflow. */
static bool rect_end(const size_t *origin, const size_t *region, size_t row, size_t slice,
                     size_t *end)
{
    size_t z, y, x;

    return !__builtin_mul_overflow(origin[2] + region[2] - 1, slice, &z) &&
           !__builtin_mul_overflow(origin[1] + region[1] - 1, row, &y) &&
           !__builtin_add_overflow(origin[0], region[0], &x) && !__builtin_add_overflow(z, y, &z) &&
           !__builtin_add_overflow(z, x, end);
}

static cl_int enqueue_rw_rect(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking,
                              const size_t *buffer_origin, const size_t *host_origin,
                              const size_t *region, size_t buffer_row_pitch,
                              size_t buffer_slice_pitch, size_t host_row_pitch,
                              size_t host_slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
                              const cl_event *event_wait_list, cl_event *event, bool write)
{
    struct oclhls_command *cmd;
    size_t end;
    cl_int err;

    err =
        check_buffer_command(command_queue, buffer, NULL, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if ptr is a NULL value." (3.0 adds "if buffer_origin, host_origin, or
     * region is NULL"; region: in rect_pitches) */
    if (!ptr || !buffer_origin || !host_origin)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if any region array element is 0." "CL_INVALID_VALUE if
     * buffer_row_pitch is not 0 and is less than region[0]." "CL_INVALID_VALUE if
     * host_row_pitch is not 0 and is less than region[0]." "CL_INVALID_VALUE if
     * buffer_slice_pitch is not 0 and is less than region[1] x buffer_row_pitch and not a
     * multiple of buffer_row_pitch." (and host_slice_pitch likewise; read as "or", like the
     * copy form: a slice pitch that is not a multiple of the row pitch is refused) */
    if (!rect_pitches(region, &buffer_row_pitch, &buffer_slice_pitch) ||
        !rect_pitches(region, &host_row_pitch, &host_slice_pitch))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if the region being read or written specified by (buffer_origin,
     * region, buffer_row_pitch, buffer_slice_pitch) is out of bounds." */
    if (!rect_end(buffer_origin, region, buffer_row_pitch, buffer_slice_pitch, &end) ||
        end > buffer->size)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_OPERATION if clEnqueueReadBufferRect is called on buffer which has been
     * created with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS." "CL_INVALID_OPERATION if
     * clEnqueueWriteBufferRect is called on buffer which has been created with
     * CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS." */
    if (buffer->flags &
        (CL_MEM_HOST_NO_ACCESS | (write ? CL_MEM_HOST_READ_ONLY : CL_MEM_HOST_WRITE_ONLY)))
        return CL_INVALID_OPERATION;

    cmd = oclhls_command_new(command_queue,
                             write ? CL_COMMAND_WRITE_BUFFER_RECT : CL_COMMAND_READ_BUFFER_RECT,
                             num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    memcpy(cmd->u.rect.origin[0], buffer_origin, 3 * sizeof(size_t));
    memcpy(cmd->u.rect.origin[1], host_origin, 3 * sizeof(size_t));
    memcpy(cmd->u.rect.region, region, 3 * sizeof(size_t));
    cmd->u.rect.row[0] = buffer_row_pitch;
    cmd->u.rect.slice[0] = buffer_slice_pitch;
    cmd->u.rect.row[1] = host_row_pitch;
    cmd->u.rect.slice[1] = host_slice_pitch;
    cmd->u.rect.ptr = ptr;
    /* "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are
     * blocking and the execution status of any of the events in event_wait_list is a negative
     * integer value." */
    return submit(cmd, buffer, NULL, event, blocking);
}

cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue command_queue, cl_mem buffer,
                                           cl_bool blocking_read, const size_t *buffer_origin,
                                           const size_t *host_origin, const size_t *region,
                                           size_t buffer_row_pitch, size_t buffer_slice_pitch,
                                           size_t host_row_pitch, size_t host_slice_pitch,
                                           void *ptr, cl_uint num_events_in_wait_list,
                                           const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw_rect(command_queue, buffer, blocking_read, buffer_origin, host_origin, region,
                           buffer_row_pitch, buffer_slice_pitch, host_row_pitch, host_slice_pitch,
                           ptr, num_events_in_wait_list, event_wait_list, event, false);
}

cl_int CL_API_CALL clEnqueueWriteBufferRect(cl_command_queue command_queue, cl_mem buffer,
                                            cl_bool blocking_write, const size_t *buffer_origin,
                                            const size_t *host_origin, const size_t *region,
                                            size_t buffer_row_pitch, size_t buffer_slice_pitch,
                                            size_t host_row_pitch, size_t host_slice_pitch,
                                            const void *ptr, cl_uint num_events_in_wait_list,
                                            const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_rw_rect(command_queue, buffer, blocking_write, buffer_origin, host_origin,
                           region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                           host_slice_pitch, (void *)ptr, num_events_in_wait_list, event_wait_list,
                           event, true);
}

/* Appendix D of the spec, for two rectangles in the same buffer object. */
static bool rect_overlap(const size_t src_origin[], const size_t dst_origin[],
                         const size_t region[], size_t row_pitch, size_t slice_pitch)
{
    const size_t slice_size = (region[1] - 1) * row_pitch + region[0];
    const size_t block_size = (region[2] - 1) * slice_pitch + slice_size;
    const size_t src_start =
        src_origin[2] * slice_pitch + src_origin[1] * row_pitch + src_origin[0];
    const size_t src_end = src_start + block_size;
    const size_t dst_start =
        dst_origin[2] * slice_pitch + dst_origin[1] * row_pitch + dst_origin[0];
    const size_t dst_end = dst_start + block_size;
    size_t src_dx, dst_dx, src_dy, dst_dy;

    if (dst_end <= src_start || src_end <= dst_start)
        return false;
    src_dx = src_origin[0] % row_pitch;
    dst_dx = dst_origin[0] % row_pitch;
    if ((dst_dx >= src_dx + region[0] && dst_dx + region[0] <= src_dx + row_pitch) ||
        (src_dx >= dst_dx + region[0] && src_dx + region[0] <= dst_dx + row_pitch))
        return false;
    src_dy = (src_origin[1] * row_pitch + src_origin[0]) % slice_pitch;
    dst_dy = (dst_origin[1] * row_pitch + dst_origin[0]) % slice_pitch;
    if ((dst_dy >= src_dy + slice_size && dst_dy + slice_size <= src_dy + slice_pitch) ||
        (src_dy >= dst_dy + slice_size && src_dy + slice_size <= dst_dy + slice_pitch))
        return false;
    return true;
}

cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue command_queue, cl_mem src_buffer,
                                           cl_mem dst_buffer, const size_t *src_origin,
                                           const size_t *dst_origin, const size_t *region,
                                           size_t src_row_pitch, size_t src_slice_pitch,
                                           size_t dst_row_pitch, size_t dst_slice_pitch,
                                           cl_uint num_events_in_wait_list,
                                           const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    size_t src_end, dst_end, src_root_off, dst_root_off;
    cl_int err;

    err = check_buffer_command(command_queue, src_buffer, dst_buffer, num_events_in_wait_list,
                               event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* (3.0) "CL_INVALID_VALUE if src_origin, dst_origin, or region is NULL" (region: in
     * rect_pitches) */
    if (!src_origin || !dst_origin)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if any region array element is 0." "... if src_row_pitch is not 0 and
     * is less than region[0]." "... if src_slice_pitch is not 0 and is less than region[1] x
     * src_row_pitch or if src_slice_pitch is not 0 and is not a multiple of src_row_pitch."
     * (dst likewise) */
    if (!rect_pitches(region, &src_row_pitch, &src_slice_pitch) ||
        !rect_pitches(region, &dst_row_pitch, &dst_slice_pitch))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if (src_origin, region, src_row_pitch, src_slice_pitch) or
     * (dst_origin, region, dst_row_pitch, dst_slice_pitch) require accessing elements outside
     * the src_buffer and dst_buffer buffer objects respectively." */
    if (!rect_end(src_origin, region, src_row_pitch, src_slice_pitch, &src_end) ||
        src_end > src_buffer->size ||
        !rect_end(dst_origin, region, dst_row_pitch, dst_slice_pitch, &dst_end) ||
        dst_end > dst_buffer->size)
        return CL_INVALID_VALUE;
    if (src_buffer == dst_buffer) {
        /* "CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and
         * src_slice_pitch is not equal to dst_slice_pitch and src_row_pitch is not equal to
         * dst_row_pitch." Read as "or", as the working group does (OpenCL-Docs issue 811):
         * the overlap test of Appendix D needs one pair of pitches. */
        if (src_slice_pitch != dst_slice_pitch || src_row_pitch != dst_row_pitch)
            return CL_INVALID_VALUE;
        /* "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer
         * object and the source and destination regions overlap" (Appendix D) */
        if (rect_overlap(src_origin, dst_origin, region, src_row_pitch, src_slice_pitch))
            return CL_MEM_COPY_OVERLAP;
    } else if (root_of(src_buffer, &src_root_off) == root_of(dst_buffer, &dst_root_off)) {
        /* "... or if src_buffer and dst_buffer are different sub-buffers of the same
         * associated buffer object and they overlap." (the spans, conservatively) */
        size_t s0 = src_root_off + src_origin[2] * src_slice_pitch + src_origin[1] * src_row_pitch +
                    src_origin[0];
        size_t d0 = dst_root_off + dst_origin[2] * dst_slice_pitch + dst_origin[1] * dst_row_pitch +
                    dst_origin[0];

        if (s0 < dst_root_off + dst_end && d0 < src_root_off + src_end)
            return CL_MEM_COPY_OVERLAP;
    }

    cmd = oclhls_command_new(command_queue, CL_COMMAND_COPY_BUFFER_RECT, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    memcpy(cmd->u.rect.origin[0], src_origin, 3 * sizeof(size_t));
    memcpy(cmd->u.rect.origin[1], dst_origin, 3 * sizeof(size_t));
    memcpy(cmd->u.rect.region, region, 3 * sizeof(size_t));
    cmd->u.rect.row[0] = src_row_pitch;
    cmd->u.rect.slice[0] = src_slice_pitch;
    cmd->u.rect.row[1] = dst_row_pitch;
    cmd->u.rect.slice[1] = dst_slice_pitch;
    return submit(cmd, src_buffer, dst_buffer, event, false);
}

cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer,
                                       const void *pattern, size_t pattern_size, size_t offset,
                                       size_t size, cl_uint num_events_in_wait_list,
                                       const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    cl_int err;

    err =
        check_buffer_command(command_queue, buffer, NULL, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if offset or offset + size require accessing elements outside the
     * buffer buffer object respectively." */
    if (offset > buffer->size || size > buffer->size - offset)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if pattern is NULL or if pattern_size is 0 or if pattern_size is not
     * one of { 1, 2, 4, 8, 16, 32, 64, 128 }." */
    if (!pattern || pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if offset and size are not a multiple of pattern_size." */
    if (offset % pattern_size || size % pattern_size)
        return CL_INVALID_VALUE;

    cmd = oclhls_command_new(command_queue, CL_COMMAND_FILL_BUFFER, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    /* "The memory associated with pattern can be reused or freed after the function returns." */
    memcpy(cmd->u.fill.pattern, pattern, pattern_size);
    cmd->u.fill.pattern_size = pattern_size;
    cmd->u.fill.offset = offset;
    cmd->u.fill.size = size;
    return submit(cmd, buffer, NULL, event, false);
}
