/* SPDX-License-Identifier: MIT */
/* Command-queues (5.1) and clFlush/clFinish (5.15): in-order and out-of-order host queues
 * (their order: core/command.h). There are no on-device queues. */
#include <stdlib.h>

#include "core/command.h"
#include "core/platform.h"
#include "core/util.h"

static const cl_command_queue_properties known_props =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
    CL_QUEUE_ON_DEVICE_DEFAULT;

/* The application let go of the queue: drop its holds on its commands' events, which hold
 * the queue in turn (the queue lives on until its commands are done). */
static void queue_last_ref(struct oclhls_object *obj)
{
    oclhls_queue_forget((cl_command_queue)obj);
}

static void queue_destroy(struct oclhls_object *obj)
{
    cl_command_queue q = (cl_command_queue)obj;

    /* nothing is left to forget: every event the queue held holds the queue */
    free(q->open);
    oclhls_worker_remove_queue(q->device);
    oclhls_unhold(q->context);
    pthread_mutex_destroy(&q->lock);
    free(q->prop_array);
    free(q);
}

static bool context_has_device(cl_context ctx, cl_device_id dev)
{
    for (cl_uint i = 0; i < ctx->num_devices; i++)
        if (ctx->devices[i] == dev)
            return true;
    return false;
}

/* The checks both creation calls share; CL_SUCCESS or the error. */
static cl_int check_queue(cl_context context, cl_device_id device,
                          cl_command_queue_properties props)
{
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    /* "CL_INVALID_DEVICE if device is not a valid device or is not associated with
     * context." */
    if (!oclhls_device_valid(device) || !context_has_device(context, device))
        return CL_INVALID_DEVICE;
    /* "CL_INVALID_VALUE if values specified in properties are not valid." */
    if (props & ~known_props)
        return CL_INVALID_VALUE;
    /* "If CL_QUEUE_ON_DEVICE is set, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE must also be
     * set." "CL_QUEUE_ON_DEVICE_DEFAULT ... can only be used with CL_QUEUE_ON_DEVICE." */
    if ((props & CL_QUEUE_ON_DEVICE) && !(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
        return CL_INVALID_VALUE;
    if ((props & CL_QUEUE_ON_DEVICE_DEFAULT) && !(props & CL_QUEUE_ON_DEVICE))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
     * supported by the device." (CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: out-of-order and
     * profiling; CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES: none) */
    if (props & CL_QUEUE_ON_DEVICE)
        return CL_INVALID_QUEUE_PROPERTIES;
    return CL_SUCCESS;
}

static cl_command_queue queue_new(cl_context context, cl_device_id device,
                                  cl_command_queue_properties props,
                                  const cl_queue_properties *prop_array, cl_int *err)
{
    cl_command_queue q = calloc(1, sizeof(*q));

    *err = CL_OUT_OF_HOST_MEMORY;
    if (!q)
        return NULL;
    if (prop_array) {
        q->prop_array = oclhls_props_dup(prop_array, sizeof(*prop_array), &q->prop_array_size);
        if (!q->prop_array)
            goto out_free;
    }
    if (oclhls_worker_add_queue(device) != 0) {
        *err = CL_OUT_OF_RESOURCES;
        goto out_free;
    }
    oclhls_object_init(q, OCLHLS_MAGIC_QUEUE, queue_destroy);
    q->ref.last_ref = queue_last_ref;
    q->context = context;
    oclhls_hold(context);
    q->device = device;
    q->props = props;
    pthread_mutex_init(&q->lock, NULL);
    *err = CL_SUCCESS;
    return q;

out_free:
    free(q->prop_array);
    free(q);
    return NULL;
}

cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties *properties, cl_int *errcode_ret)
{
    cl_command_queue_properties props = 0;
    cl_command_queue q = NULL;
    bool seen_props = false, seen_size = false;
    cl_int err = CL_SUCCESS;

    /* "CL_INVALID_VALUE if values specified in properties are not valid." (an unknown name
     * or one given twice; reported after the context and device checks, as the spec lists) */
    for (const cl_queue_properties *p = properties; p && p[0]; p += 2) {
        if (p[0] == CL_QUEUE_PROPERTIES && !seen_props) {
            props = p[1];
            seen_props = true;
        } else if (p[0] == CL_QUEUE_SIZE && !seen_size) {
            seen_size = true;
        } else {
            err = CL_INVALID_VALUE;
        }
    }
    if (err == CL_SUCCESS)
        err = check_queue(context, device, props);
    else if (check_queue(context, device, 0) != CL_SUCCESS)
        err = check_queue(context, device, 0); /* the context and device checks come first */
    /* CL_QUEUE_SIZE "can only be specified if CL_QUEUE_ON_DEVICE is set" (never, here) */
    if (err == CL_SUCCESS && seen_size)
        err = CL_INVALID_VALUE;
    if (err == CL_SUCCESS)
        q = queue_new(context, device, props, properties, &err);
    if (errcode_ret)
        *errcode_ret = err;
    return q;
}

cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context, cl_device_id device,
                                                  cl_command_queue_properties properties,
                                                  cl_int *errcode_ret)
{
    cl_command_queue q = NULL;
    cl_int err;

    /* the OpenCL 1.x call: same checks, properties as a bit-field (CL_QUEUE_ON_DEVICE* are
     * not among its valid values) */
    err = check_queue(context, device,
                      properties & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)
                          ? ~(cl_command_queue_properties)0
                          : properties);
    if (err == CL_SUCCESS)
        q = queue_new(context, device, properties, NULL, &err);
    if (errcode_ret)
        *errcode_ret = err;
    return q;
}

cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue command_queue)
{
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;

    oclhls_retain(command_queue);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue command_queue)
{
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;

    /* "clReleaseCommandQueue performs an implicit flush": commands are submitted when
     * enqueued, there is nothing to flush */
    oclhls_release(command_queue);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue command_queue,
                                         cl_command_queue_info param_name, size_t param_value_size,
                                         void *param_value, size_t *param_value_size_ret)
{
    cl_command_queue q = command_queue;
    cl_uint count;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    if (!oclhls_object_is(q, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;

    switch (param_name) {
    case CL_QUEUE_CONTEXT:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &q->context,
                           sizeof(q->context));
    case CL_QUEUE_DEVICE:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &q->device,
                           sizeof(q->device));
    case CL_QUEUE_REFERENCE_COUNT:
        count = oclhls_refcount(q);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &count,
                           sizeof(count));
    case CL_QUEUE_PROPERTIES:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &q->props,
                           sizeof(q->props));
    case CL_QUEUE_PROPERTIES_ARRAY:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, q->prop_array,
                           q->prop_array_size);
    case CL_QUEUE_DEVICE_DEFAULT: {
        /* (3.0) "If the device does not support device-side enqueue, a NULL value is
         * returned" */
        cl_command_queue none = NULL;

        return oclhls_info(param_value, param_value_size, param_value_size_ret, &none,
                           sizeof(none));
    }
    case CL_QUEUE_SIZE:
        /* "CL_INVALID_COMMAND_QUEUE if ... command_queue is not a valid command-queue for
         * param_name": CL_QUEUE_SIZE "is only supported for device command queues", and
         * every queue here is a host queue. */
        return CL_INVALID_COMMAND_QUEUE;
    default:
        /* "CL_INVALID_VALUE if param_name is not one of the supported values" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue command_queue,
                                             cl_command_queue_properties properties, cl_bool enable,
                                             cl_command_queue_properties *old_properties)
{
    (void)properties;
    (void)enable;
    (void)old_properties;

    /* deprecated since OpenCL 1.1; properties are fixed at creation here */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context, cl_device_id device,
                                                  cl_command_queue command_queue)
{
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    /* "CL_INVALID_DEVICE if device is not a valid device or is not associated with
     * context." */
    if (!oclhls_device_valid(device) || !context_has_device(context, device))
        return CL_INVALID_DEVICE;
    (void)command_queue;
    /* (3.0) "CL_INVALID_OPERATION if device does not support a replaceable default on-device
     * queue." */
    return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL clFlush(cl_command_queue command_queue)
{
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;

    return CL_SUCCESS; /* every command is submitted to the device when it is enqueued */
}

cl_int CL_API_CALL clFinish(cl_command_queue command_queue)
{
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;

    /* "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the
     * OpenCL implementation on the host." */
    return oclhls_queue_finish(command_queue);
}
