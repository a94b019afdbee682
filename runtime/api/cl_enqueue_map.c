/* SPDX-License-Identifier: MIT */
/* Mapping (5.2.4), unmapping (5.5.2) and migrating (5.5.4) memory objects. */
#include <stdlib.h>

#include "core/command.h"
#include "core/event.h"
#include "core/util.h"

#define MAP_WRITE_FLAGS (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)

/* With m->lock held: a write mapping of m overlapping [offset, +size) exists. */
static bool write_map_overlaps(cl_mem m, size_t offset, size_t size)
{
    for (struct oclhls_map *map = m->maps; map; map = map->next)
        if ((map->flags & MAP_WRITE_FLAGS) && offset < map->offset + map->size &&
            map->offset < offset + size)
            return true;
    return false;
}

/* Unregisters and frees map of m, unless it is already gone. */
static void forget_map(cl_mem m, struct oclhls_map *map)
{
    struct oclhls_map **link;

    pthread_mutex_lock(&m->lock);
    for (link = &m->maps; *link && *link != map; link = &(*link)->next)
        ;
    if (*link) {
        *link = map->next;
        m->map_count--;
    } else {
        map = NULL;
    }
    pthread_mutex_unlock(&m->lock);
    if (map) {
        free(map->owned);
        free(map);
    }
}

void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer,
                                     cl_bool blocking_map, cl_map_flags map_flags, size_t offset,
                                     size_t size, cl_uint num_events_in_wait_list,
                                     const cl_event *event_wait_list, cl_event *event,
                                     cl_int *errcode_ret)
{
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    struct oclhls_command *cmd = NULL;
    struct oclhls_map *map = NULL;
    void *ptr = NULL;
    cl_int err;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    err = CL_INVALID_COMMAND_QUEUE;
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        goto out;
    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object." */
    err = CL_INVALID_MEM_OBJECT;
    if (!oclhls_object_is(buffer, OCLHLS_MAGIC_MEM) || buffer->type != CL_MEM_OBJECT_BUFFER)
        goto out;
    /* "CL_INVALID_CONTEXT if context associated with command_queue and buffer are not the
     * same or if the context associated with command_queue and events in event_wait_list are
     * not the same." */
    err = CL_INVALID_CONTEXT;
    if (buffer->context != command_queue->context)
        goto out;
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if
     * size is 0 or if values specified in map_flags are not valid." ("CL_MAP_READ or
     * CL_MAP_WRITE and CL_MAP_WRITE_INVALIDATE_REGION are mutually exclusive.") */
    err = CL_INVALID_VALUE;
    if (offset > buffer->size || size > buffer->size - offset || size == 0)
        goto out;
    if ((map_flags & ~known) || ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                 (map_flags & (CL_MAP_READ | CL_MAP_WRITE))))
        goto out;
    /* "CL_INVALID_OPERATION if buffer has been created with CL_MEM_HOST_WRITE_ONLY or
     * CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if buffer has been created
     * with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or
     * CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags." */
    err = CL_INVALID_OPERATION;
    if ((buffer->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) &&
        (map_flags & CL_MAP_READ))
        goto out;
    if ((buffer->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) &&
        (map_flags & MAP_WRITE_FLAGS))
        goto out;

    /* "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified
     * when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN"
     * and "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data
     * store associated with buffer" cannot happen: clCreateSubBuffer refuses such offsets and
     * buffers are allocated when created. */
    err = CL_OUT_OF_HOST_MEMORY;
    map = calloc(1, sizeof(*map));
    cmd = oclhls_command_new(command_queue, CL_COMMAND_MAP_BUFFER, num_events_in_wait_list,
                             event_wait_list);
    if (!map || !cmd)
        goto out_free;
    map->offset = offset;
    map->size = size;
    map->flags = map_flags;
    /* USE_HOST_PTR: "The pointer value returned by clEnqueueMapBuffer will be derived from the
     * host_ptr specified when the buffer object is created." ALLOC_HOST_PTR: the host copy
     * made at creation. Otherwise a host copy of the region for this mapping. */
    if (buffer->host_ptr) {
        map->ptr = (char *)buffer->host_ptr + offset;
    } else if (buffer->alloc_host) {
        map->ptr = (char *)buffer->alloc_host + offset;
    } else {
        /* "CL_MAP_FAILURE if there is a failure to map the requested region into the host
         * address space. This error cannot occur for buffer objects created with
         * CL_MEM_USE_HOST_PTR or CL_MEM_ALLOC_HOST_PTR." */
        err = CL_MAP_FAILURE;
        map->owned = map->ptr = malloc(size);
        if (!map->ptr)
            goto out_free;
    }
    pthread_mutex_lock(&buffer->lock);
    /* "CL_INVALID_OPERATION if mapping would lead to overlapping regions being mapped for
     * writing." */
    if ((map_flags & MAP_WRITE_FLAGS) && write_map_overlaps(buffer, offset, size)) {
        pthread_mutex_unlock(&buffer->lock);
        err = CL_INVALID_OPERATION;
        goto out_free;
    }
    map->next = buffer->maps;
    buffer->maps = map;
    buffer->map_count++;
    pthread_mutex_unlock(&buffer->lock);

    cmd->u.map.map = map;
    cmd->mem[0] = buffer;
    oclhls_hold(buffer);
    ptr = map->ptr;
    /* blocking: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking
     * and the execution status of any of the events in event_wait_list is a negative integer
     * value." */
    err = oclhls_command_submit(cmd, event, blocking_map);
    if (err != CL_SUCCESS) {
        /* "A NULL pointer is returned otherwise": the caller has no pointer to unmap, so the
         * failed mapping is dropped (the command is over: nothing else uses it) */
        ptr = NULL;
        forget_map(buffer, map);
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

cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj,
                                           void *mapped_ptr, cl_uint num_events_in_wait_list,
                                           const cl_event *event_wait_list, cl_event *event)
{
    struct oclhls_command *cmd;
    struct oclhls_map **link, *map;
    cl_int err;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object or is a pipe object." */
    if (!oclhls_object_is(memobj, OCLHLS_MAGIC_MEM) || memobj->type == CL_MEM_OBJECT_PIPE)
        return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_CONTEXT if context associated with command_queue and memobj are not the same
     * or if the context associated with command_queue and events in event_wait_list are not
     * the same." (and "CL_INVALID_EVENT_WAIT_LIST ...") */
    if (memobj->context != command_queue->context)
        return CL_INVALID_CONTEXT;
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;

    cmd = oclhls_command_new(command_queue, CL_COMMAND_UNMAP_MEM_OBJECT, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    /* "CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by clEnqueueMapBuffer or
     * clEnqueueMapImage for memobj." */
    pthread_mutex_lock(&memobj->lock);
    for (link = &memobj->maps; (map = *link) != NULL; link = &map->next)
        if (map->ptr == mapped_ptr)
            break;
    if (map) {
        *link = map->next;
        memobj->map_count--;
    }
    pthread_mutex_unlock(&memobj->lock);
    if (!map) {
        oclhls_command_free(cmd);
        return CL_INVALID_VALUE;
    }

    cmd->u.map.map = map;
    cmd->mem[0] = memobj;
    oclhls_hold(memobj);
    return oclhls_command_submit(cmd, event, false);
}

cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue command_queue,
                                              cl_uint num_mem_objects, const cl_mem *mem_objects,
                                              cl_mem_migration_flags flags,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event)
{
    const cl_mem_migration_flags known =
        CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
    struct oclhls_command *cmd;
    cl_int err;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* "CL_INVALID_VALUE if num_mem_objects is zero or if mem_objects is NULL." */
    if (num_mem_objects == 0 || !mem_objects)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_MEM_OBJECT if any of the memory objects in mem_objects is not a valid memory
     * object." */
    for (cl_uint i = 0; i < num_mem_objects; i++)
        if (!oclhls_object_is(mem_objects[i], OCLHLS_MAGIC_MEM))
            return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_CONTEXT if the context associated with command_queue and memory objects in
     * mem_objects are not the same or if the context associated with command_queue and events
     * in event_wait_list are not the same." */
    for (cl_uint i = 0; i < num_mem_objects; i++)
        if (mem_objects[i]->context != command_queue->context)
            return CL_INVALID_CONTEXT;
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if flags is not 0 or is not any of the values described in the table
     * above." */
    if (flags & ~known)
        return CL_INVALID_VALUE;

    /* buffers live in the device's memory from creation on: nothing moves, so
     * "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the
     * specified set of memory objects in mem_objects" cannot happen */
    cmd = oclhls_command_new(command_queue, CL_COMMAND_MIGRATE_MEM_OBJECTS, num_events_in_wait_list,
                             event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    return oclhls_command_submit(cmd, event, false);
}
