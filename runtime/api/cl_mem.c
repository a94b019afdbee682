/* SPDX-License-Identifier: MIT */
/* Buffer objects (5.2.1) and memory-object retain/release/queries (5.5); pipes: cl_pipe.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/device.h"
#include "core/platform.h"
#include "core/util.h"

#define SUB_BUFFER_ALIGN 128u /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes */

static void mem_destroy(struct oclhls_object *obj)
{
    cl_mem m = (cl_mem)obj;
    struct oclhls_callback *cb, *next;
    struct oclhls_map *map, *mnext;

    /* "The registered user callback functions are called in the reverse order in which they
     * were registered. The user callback functions are called and then the memory objects
     * resources are freed" -- the list is newest first */
    for (cb = m->destructors; cb; cb = next) {
        void(CL_CALLBACK * fn)(cl_mem, void *) = (void(CL_CALLBACK *)(cl_mem, void *))cb->fn;

        next = cb->next;
        fn(m, cb->user_data);
        free(cb);
    }
    for (map = m->maps; map; map = mnext) { /* never unmapped */
        mnext = map->next;
        free(map->owned);
        free(map);
    }
    if (m->parent) {
        oclhls_unhold(m->parent);
    } else {
        oclhls_devmem_free(&m->device->mem, m->addr, m->size);
        free(m->alloc_host);
    }
    oclhls_unhold(m->context);
    pthread_mutex_destroy(&m->lock);
    free(m->props);
    free(m);
}

cl_mem oclhls_mem_new(cl_context context, cl_mem_flags flags, size_t size)
{
    cl_mem m = calloc(1, sizeof(*m));

    if (!m)
        return NULL;
    oclhls_object_init(m, OCLHLS_MAGIC_MEM, mem_destroy);
    m->context = context;
    oclhls_hold(context);
    m->device = context->devices[0];
    m->type = CL_MEM_OBJECT_BUFFER;
    m->flags = flags;
    m->size = size;
    pthread_mutex_init(&m->lock, NULL);
    return m;
}

/* "CL_INVALID_VALUE if values specified in flags are not valid as defined in the Memory Flags
 * table": unknown bits, or two flags the table calls mutually exclusive. */
bool oclhls_mem_flags_valid(cl_mem_flags flags, cl_mem_flags also)
{
    const cl_mem_flags known =
        OCLHLS_MEM_ACCESS_FLAGS | OCLHLS_MEM_HOST_PTR_FLAGS | OCLHLS_MEM_HOST_ACCESS_FLAGS | also;
    cl_mem_flags access = flags & OCLHLS_MEM_ACCESS_FLAGS,
                 host = flags & OCLHLS_MEM_HOST_ACCESS_FLAGS;

    if (flags & ~known)
        return false;
    /* "CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY and CL_MEM_READ_ONLY are mutually exclusive." */
    if (access & (access - 1))
        return false;
    /* "CL_MEM_ALLOC_HOST_PTR and CL_MEM_USE_HOST_PTR are mutually exclusive."
     * "CL_MEM_COPY_HOST_PTR and CL_MEM_USE_HOST_PTR are mutually exclusive." */
    if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return false;
    /* "CL_MEM_HOST_WRITE_ONLY and CL_MEM_HOST_READ_ONLY are mutually exclusive."
     * "CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_READ_ONLY and CL_MEM_HOST_NO_ACCESS are mutually
     * exclusive." */
    if (host & (host - 1))
        return false;
    return true;
}

static cl_mem create_buffer(cl_context context, const cl_mem_properties *properties,
                            cl_mem_flags flags, size_t size, void *host_ptr, cl_int *errcode_ret)
{
    char err[OCLHLS_ERR_MAX];
    cl_mem m = NULL;
    cl_int ret;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    ret = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* (3.0) "CL_INVALID_PROPERTY if a property name in properties is not a supported property
     * name, if the value specified for a supported property name is not valid, or if the same
     * property name is specified more than once." (no buffer properties are supported) */
    ret = CL_INVALID_PROPERTY;
    if (properties && properties[0] != 0)
        goto out;
    /* "CL_INVALID_VALUE if values specified in flags are not valid as defined in the Memory
     * Flags table." */
    ret = CL_INVALID_VALUE;
    if (!oclhls_mem_flags_valid(flags, 0))
        goto out;
    /* "CL_INVALID_BUFFER_SIZE if size is 0", (3.0) "or if size is greater than
     * CL_DEVICE_MAX_MEM_ALLOC_SIZE value specified in the Device Queries table for all devices
     * in context." */
    ret = CL_INVALID_BUFFER_SIZE;
    if (size == 0 || size > oclhls_device_max_alloc(context->devices[0]))
        goto out;
    /* "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR
     * are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or
     * CL_MEM_USE_HOST_PTR are not set in flags." */
    ret = CL_INVALID_HOST_PTR;
    if ((!host_ptr && (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR))) ||
        (host_ptr && !(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        goto out;

    ret = CL_OUT_OF_HOST_MEMORY;
    m = oclhls_mem_new(context, flags, size);
    if (!m)
        goto out;
    if (properties) {
        m->props = oclhls_props_dup(properties, sizeof(*properties), &m->props_size);
        if (!m->props)
            goto out_free;
    }
    if (flags & CL_MEM_ALLOC_HOST_PTR) {
        m->alloc_host = malloc(size);
        if (!m->alloc_host)
            goto out_free;
    }
    /* "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for buffer
     * object." */
    ret = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    if (oclhls_devmem_alloc(&m->device->mem, size, &m->addr) != 0) {
        oclhls_debug("%s: no free block of %zu bytes in global memory", m->device->name, size);
        goto out_free_host;
    }
    if (flags & CL_MEM_USE_HOST_PTR)
        m->host_ptr = host_ptr;
    /* "The implementation will copy the memory immediately" (COPY_HOST_PTR); with USE_HOST_PTR
     * the contents at host_ptr "define the initial contents of the buffer object" */
    ret = CL_OUT_OF_RESOURCES;
    if ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) &&
        oclhls_device_mem_write(m->device, m->addr, host_ptr, size, err, sizeof(err)) != 0) {
        oclhls_debug("%s: initial copy failed: %s", m->device->name, err);
        goto out_free_dev;
    }
    ret = CL_SUCCESS;
    goto out;

out_free_dev:
    oclhls_devmem_free(&m->device->mem, m->addr, size);
out_free_host:
    free(m->alloc_host);
out_free:
    oclhls_unhold(m->context);
    free(m->props);
    free(m);
    m = NULL;
out:
    if (errcode_ret)
        *errcode_ret = ret;
    return m;
}

cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                  void *host_ptr, cl_int *errcode_ret)
{
    return create_buffer(context, NULL, flags, size, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context,
                                                const cl_mem_properties *properties,
                                                cl_mem_flags flags, size_t size, void *host_ptr,
                                                cl_int *errcode_ret)
{
    return create_buffer(context, properties, flags, size, host_ptr, errcode_ret);
}

cl_mem_flags oclhls_mem_child_flags(cl_mem_flags pf, cl_mem_flags flags)
{
    if (!(flags & OCLHLS_MEM_ACCESS_FLAGS))
        flags |= pf & OCLHLS_MEM_ACCESS_FLAGS;
    if (!(flags & OCLHLS_MEM_HOST_ACCESS_FLAGS))
        flags |= pf & OCLHLS_MEM_HOST_ACCESS_FLAGS;
    return flags | (pf & OCLHLS_MEM_HOST_PTR_FLAGS);
}

bool oclhls_mem_child_flags_valid(cl_mem_flags pf, cl_mem_flags flags)
{
    /* "if buffer was created with CL_MEM_WRITE_ONLY and flags specifies CL_MEM_READ_WRITE or
     * CL_MEM_READ_ONLY, or if buffer was created with CL_MEM_READ_ONLY and flags specifies
     * CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY, or if flags specifies CL_MEM_USE_HOST_PTR or
     * CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR." */
    if ((pf & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)))
        return false;
    if ((pf & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)))
        return false;
    if (flags & OCLHLS_MEM_HOST_PTR_FLAGS)
        return false;
    /* "if buffer was created with CL_MEM_HOST_WRITE_ONLY and flags specify
     * CL_MEM_HOST_READ_ONLY, or if buffer was created with CL_MEM_HOST_READ_ONLY and flags
     * specify CL_MEM_HOST_WRITE_ONLY, or if buffer was created with CL_MEM_HOST_NO_ACCESS and
     * flags specify CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_WRITE_ONLY." */
    if ((pf & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY))
        return false;
    if ((pf & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY))
        return false;
    if ((pf & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
        return false;
    return true;
}

cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                     cl_buffer_create_type buffer_create_type,
                                     const void *buffer_create_info, cl_int *errcode_ret)
{
    const cl_buffer_region *region = buffer_create_info;
    cl_mem m = NULL;
    cl_int ret;

    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer
     * object." */
    ret = CL_INVALID_MEM_OBJECT;
    if (!oclhls_object_is(buffer, OCLHLS_MAGIC_MEM) || buffer->type != CL_MEM_OBJECT_BUFFER ||
        buffer->parent)
        goto out;
    /* the CL_INVALID_VALUE clauses on flags: the Memory Flags table's and those about the
     * parent's flags (oclhls_mem_child_flags_valid) */
    ret = CL_INVALID_VALUE;
    if (!oclhls_mem_flags_valid(flags, 0) || !oclhls_mem_child_flags_valid(buffer->flags, flags))
        goto out;
    /* "CL_INVALID_VALUE if value specified in buffer_create_type is not valid." */
    if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION)
        goto out;
    /* "CL_INVALID_VALUE if value(s) specified in buffer_create_info (for a given
     * buffer_create_type) is not valid or if buffer_create_info is NULL." */
    if (!region)
        goto out;
    /* "CL_INVALID_BUFFER_SIZE if size is 0." */
    ret = CL_INVALID_BUFFER_SIZE;
    if (region->size == 0)
        goto out;
    /* "CL_INVALID_VALUE is returned in errcode_ret if the region specified by (origin, size)
     * is out of bounds in buffer." */
    ret = CL_INVALID_VALUE;
    if (region->origin > buffer->size || region->size > buffer->size - region->origin)
        goto out;
    /* "CL_MISALIGNED_SUB_BUFFER_OFFSET is returned in errcode_ret if there are no devices in
     * context associated with buffer for which the origin value is aligned to the
     * CL_DEVICE_MEM_BASE_ADDR_ALIGN value." */
    ret = CL_MISALIGNED_SUB_BUFFER_OFFSET;
    if (region->origin % SUB_BUFFER_ALIGN)
        goto out;

    ret = CL_OUT_OF_HOST_MEMORY;
    m = oclhls_mem_new(buffer->context, oclhls_mem_child_flags(buffer->flags, flags), region->size);
    if (!m)
        goto out;
    m->parent = buffer;
    oclhls_hold(buffer);
    m->origin = region->origin;
    m->addr = buffer->addr + region->origin;
    /* "If buffer is created with CL_MEM_USE_HOST_PTR, the host_ptr associated with the buffer
     * object returned is host_ptr + origin." */
    if (buffer->host_ptr)
        m->host_ptr = (char *)buffer->host_ptr + region->origin;
    if (buffer->alloc_host)
        m->alloc_host = (char *)buffer->alloc_host + region->origin;
    ret = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = ret;
    return m;
}

cl_int CL_API_CALL clRetainMemObject(cl_mem memobj)
{
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object (buffer or image
     * object)." */
    if (!oclhls_object_is(memobj, OCLHLS_MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;

    oclhls_retain(memobj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj)
{
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object." */
    if (!oclhls_object_is(memobj, OCLHLS_MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;

    /* deleted when no command uses it any more and no sub-buffer refers to it (holds) */
    oclhls_release(memobj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem memobj,
                                                    void(CL_CALLBACK *pfn_notify)(cl_mem, void *),
                                                    void *user_data)
{
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object." */
    if (!oclhls_object_is(memobj, OCLHLS_MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_VALUE if pfn_notify is NULL." */
    if (!pfn_notify)
        return CL_INVALID_VALUE;

    return oclhls_destructor_push(&memobj->destructors, &memobj->lock, (void (*)(void))pfn_notify,
                                  user_data);
}

cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                      size_t param_value_size, void *param_value,
                                      size_t *param_value_size_ret)
{
    cl_mem m = memobj;
    const void *src;
    size_t size;
    cl_uint count;
    cl_bool no = CL_FALSE;

    /* "CL_INVALID_MEM_OBJECT if memobj is a not a valid memory object." */
    if (!oclhls_object_is(m, OCLHLS_MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;

    switch (param_name) {
    case CL_MEM_TYPE:
        src = &m->type, size = sizeof(m->type);
        break;
    case CL_MEM_FLAGS:
        src = &m->flags, size = sizeof(m->flags);
        break;
    case CL_MEM_SIZE:
        src = &m->size, size = sizeof(m->size);
        break;
    case CL_MEM_HOST_PTR: /* images keep theirs apart (core/objects.h) */
        src = m->image_host_ptr ? &m->image_host_ptr : &m->host_ptr, size = sizeof(m->host_ptr);
        break;
    case CL_MEM_MAP_COUNT:
        pthread_mutex_lock(&m->lock);
        count = m->map_count;
        pthread_mutex_unlock(&m->lock);
        src = &count, size = sizeof(count);
        break;
    case CL_MEM_REFERENCE_COUNT:
        count = oclhls_refcount(m);
        src = &count, size = sizeof(count);
        break;
    case CL_MEM_CONTEXT:
        src = &m->context, size = sizeof(m->context);
        break;
    case CL_MEM_ASSOCIATED_MEMOBJECT:
        src = &m->parent, size = sizeof(m->parent);
        break;
    case CL_MEM_OFFSET:
        src = &m->origin, size = sizeof(m->origin);
        break;
    case CL_MEM_USES_SVM_POINTER:
        src = &no, size = sizeof(no);
        break;
    case CL_MEM_PROPERTIES:
        /* (3.0) the properties given to clCreateBufferWithProperties; none: size 0 */
        src = m->props, size = m->props_size;
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
    /* "CL_INVALID_VALUE if ... size in bytes specified by param_value_size is < size of return
     * type ... and param_value is not NULL." */
    return oclhls_info(param_value, param_value_size, param_value_size_ret, src, size);
}
