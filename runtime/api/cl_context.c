/* SPDX-License-Identifier: MIT */
/* Contexts (4.4). */
#include <stdlib.h>
#include <string.h>

#include "core/platform.h"
#include "core/util.h"

static void context_destroy(struct oclhls_object *obj)
{
    cl_context ctx = (cl_context)obj;
    struct oclhls_callback *cb, *next;

    /* (3.0) "The registered user callback functions are called in the reverse order in which
     * they were registered." -- the list is newest first */
    for (cb = ctx->destructors; cb; cb = next) {
        void(CL_CALLBACK * fn)(cl_context, void *) =
            (void(CL_CALLBACK *)(cl_context, void *))cb->fn;

        next = cb->next;
        fn(ctx, cb->user_data);
        free(cb);
    }
    pthread_mutex_destroy(&ctx->lock);
    free(ctx->props);
    free(ctx);
}

/*
 * "CL_INVALID_PROPERTY if context property name in properties is not a supported property
 * name, if the value specified for a supported property name is not valid, or if the same
 * property name is specified more than once." "CL_INVALID_PLATFORM if ... platform value
 * specified in properties is not a valid platform."
 */
static cl_int check_properties(const cl_context_properties *props)
{
    bool seen_platform = false, seen_sync = false;

    for (const cl_context_properties *p = props; p && p[0]; p += 2) {
        switch (p[0]) {
        case CL_CONTEXT_PLATFORM:
            if (seen_platform)
                return CL_INVALID_PROPERTY;
            seen_platform = true;
            if ((cl_platform_id)p[1] != oclhls_platform())
                return CL_INVALID_PLATFORM;
            break;
        case CL_CONTEXT_INTEROP_USER_SYNC:
            if (seen_sync || (p[1] != CL_TRUE && p[1] != CL_FALSE))
                return CL_INVALID_PROPERTY;
            seen_sync = true;
            break;
        default:
            return CL_INVALID_PROPERTY;
        }
    }
    return CL_SUCCESS;
}

static cl_context context_new(
    const cl_context_properties *properties, cl_uint num_devices, const cl_device_id *devices,
    void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *), void *user_data)
{
    cl_context ctx = calloc(1, sizeof(*ctx));

    if (!ctx)
        return NULL;
    oclhls_object_init(ctx, OCLHLS_MAGIC_CONTEXT, context_destroy);
    ctx->platform = oclhls_platform();
    pthread_mutex_init(&ctx->lock, NULL);
    for (cl_uint i = 0; i < num_devices; i++) {
        bool dup = false;

        /* "Duplicate devices specified in devices are ignored." */
        for (cl_uint j = 0; j < ctx->num_devices; j++)
            dup |= ctx->devices[j] == devices[i];
        if (!dup)
            ctx->devices[ctx->num_devices++] = devices[i];
    }
    ctx->notify = pfn_notify;
    ctx->notify_data = user_data;
    if (properties) {
        ctx->props = oclhls_props_dup(properties, sizeof(*properties), &ctx->props_size);
        if (!ctx->props) {
            free(ctx);
            return NULL;
        }
    }
    return ctx;
}

cl_context CL_API_CALL clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
                                       const cl_device_id *devices,
                                       void(CL_CALLBACK *pfn_notify)(const char *, const void *,
                                                                     size_t, void *),
                                       void *user_data, cl_int *errcode_ret)
{
    cl_context ctx = NULL;
    cl_int err;

    err = check_properties(properties);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if devices is NULL." "CL_INVALID_VALUE if num_devices is equal to
     * zero." */
    err = CL_INVALID_VALUE;
    if (!devices || num_devices == 0)
        goto out;
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    if (!pfn_notify && user_data)
        goto out;
    /* "CL_INVALID_DEVICE if devices contains an invalid device." */
    err = CL_INVALID_DEVICE;
    for (cl_uint i = 0; i < num_devices; i++)
        if (!oclhls_device_valid(devices[i]))
            goto out;
    /* "CL_DEVICE_NOT_AVAILABLE if a device in devices is currently not available even though
     * the device was returned by clGetDeviceIDs." */
    err = CL_DEVICE_NOT_AVAILABLE;
    for (cl_uint i = 0; i < num_devices; i++)
        if (!devices[i]->available)
            goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    ctx = context_new(properties, num_devices, devices, pfn_notify, user_data);
    if (ctx)
        err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return ctx;
}

cl_context CL_API_CALL
clCreateContextFromType(const cl_context_properties *properties, cl_device_type device_type,
                        void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
                        void *user_data, cl_int *errcode_ret)
{
    cl_device_id devices[OCLHLS_MAX_DEVICES];
    cl_uint n = 0, available = 0;
    cl_context ctx = NULL;
    cl_int err;

    err = check_properties(properties);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    err = CL_INVALID_VALUE;
    if (!pfn_notify && user_data)
        goto out;
    /* "CL_INVALID_DEVICE_TYPE if device_type is not a valid value." "CL_DEVICE_NOT_FOUND if
     * no devices that match device_type and property values specified in properties were
     * found." (clGetDeviceIDs makes both checks) */
    err = clGetDeviceIDs(NULL, device_type, OCLHLS_MAX_DEVICES, devices, &n);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_DEVICE_NOT_AVAILABLE if no devices that match device_type and property values
     * specified in properties are currently available." */
    for (cl_uint i = 0; i < n; i++)
        if (devices[i]->available)
            devices[available++] = devices[i];
    err = CL_DEVICE_NOT_AVAILABLE;
    if (available == 0)
        goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    ctx = context_new(properties, available, devices, pfn_notify, user_data);
    if (ctx)
        err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return ctx;
}

cl_int CL_API_CALL clRetainContext(cl_context context)
{
    /* "CL_INVALID_CONTEXT if context is not a valid OpenCL context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;

    oclhls_retain(context);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseContext(cl_context context)
{
    /* "CL_INVALID_CONTEXT if context is not a valid OpenCL context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;

    oclhls_release(context);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetContextInfo(cl_context context, cl_context_info param_name,
                                    size_t param_value_size, void *param_value,
                                    size_t *param_value_size_ret)
{
    cl_uint v;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;

    switch (param_name) {
    case CL_CONTEXT_REFERENCE_COUNT:
        v = oclhls_refcount(context);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &v, sizeof(v));
    case CL_CONTEXT_NUM_DEVICES:
        v = context->num_devices;
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &v, sizeof(v));
    case CL_CONTEXT_DEVICES:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, context->devices,
                           context->num_devices * sizeof(cl_device_id));
    case CL_CONTEXT_PROPERTIES:
        /* "If the properties argument ... is NULL, the implementation may return either a
         * param_value_size_ret of 0 ..." */
        return oclhls_info(param_value, param_value_size, param_value_size_ret, context->props,
                           context->props_size);
    default:
        /* "CL_INVALID_VALUE if param_name is not one of the supported values" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clSetContextDestructorCallback(cl_context context,
                                                  void(CL_CALLBACK *pfn_notify)(cl_context, void *),
                                                  void *user_data)
{
    /* (3.0) "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    /* (3.0) "CL_INVALID_VALUE if pfn_notify is NULL." */
    if (!pfn_notify)
        return CL_INVALID_VALUE;

    return oclhls_destructor_push(&context->destructors, &context->lock, (void (*)(void))pfn_notify,
                                  user_data);
}
