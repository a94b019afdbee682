/* SPDX-License-Identifier: MIT */
/* Event objects (5.11) and profiling (5.14). */
#include "core/event.h"
#include "core/platform.h"
#include "core/util.h"

cl_event CL_API_CALL clCreateUserEvent(cl_context context, cl_int *errcode_ret)
{
    cl_event ev = NULL;
    cl_int err;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    err = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    /* "The execution status of the user event object created is set to CL_SUBMITTED." */
    ev = oclhls_event_create(context, NULL, CL_COMMAND_USER);
    if (ev)
        err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return ev;
}

cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status)
{
    cl_platform_id p;
    bool already;

    /* "CL_INVALID_EVENT if event is not a valid user event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT) || event->queue)
        return CL_INVALID_EVENT;
    /* "CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative integer
     * value." */
    if (execution_status > CL_COMPLETE)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_OPERATION if the execution_status for event has already been changed by a
     * previous call to clSetUserEventStatus." */
    p = event->context->platform;
    pthread_mutex_lock(&p->event_lock);
    already = event->user_status_set;
    event->user_status_set = true;
    pthread_mutex_unlock(&p->event_lock);
    if (already)
        return CL_INVALID_OPERATION;

    /* "A negative integer value causes all enqueued commands that wait on this user event to
     * be terminated." (the worker does that when it meets them) */
    oclhls_event_set_status(event, execution_status);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list)
{
    /* "CL_INVALID_VALUE if num_events is zero or event_list is NULL." */
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_EVENT if event objects specified in event_list are not valid event
     * objects." */
    for (cl_uint i = 0; i < num_events; i++)
        if (!oclhls_object_is(event_list[i], OCLHLS_MAGIC_EVENT))
            return CL_INVALID_EVENT;
    /* "CL_INVALID_CONTEXT if events specified in event_list do not belong to the same
     * context." */
    for (cl_uint i = 1; i < num_events; i++)
        if (event_list[i]->context != event_list[0]->context)
            return CL_INVALID_CONTEXT;

    /* "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of the
     * events in event_list is a negative integer value." (commands are submitted when
     * enqueued: the implicit flush has nothing to do) */
    if (oclhls_wait_list_failed(num_events, event_list))
        return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name, size_t param_value_size,
                                  void *param_value, size_t *param_value_size_ret)
{
    cl_uint count;
    cl_int status;

    /* "CL_INVALID_EVENT if event is a not a valid event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT))
        return CL_INVALID_EVENT;

    switch (param_name) {
    case CL_EVENT_COMMAND_QUEUE:
        /* "For user event objects, a NULL value is returned." */
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &event->queue,
                           sizeof(event->queue));
    case CL_EVENT_CONTEXT:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &event->context,
                           sizeof(event->context));
    case CL_EVENT_COMMAND_TYPE:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &event->type,
                           sizeof(event->type));
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
        status = oclhls_event_status(event);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &status,
                           sizeof(status));
    case CL_EVENT_REFERENCE_COUNT:
        count = oclhls_refcount(event);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &count,
                           sizeof(count));
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                                      void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *),
                                      void *user_data)
{
    /* "CL_INVALID_EVENT if event is not a valid event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT))
        return CL_INVALID_EVENT;
    /* "CL_INVALID_VALUE if pfn_event_notify is NULL or if command_exec_callback_type is not
     * CL_SUBMITTED, CL_RUNNING or CL_COMPLETE." */
    if (!pfn_notify ||
        (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
         command_exec_callback_type != CL_COMPLETE))
        return CL_INVALID_VALUE;

    if (oclhls_event_add_callback(event, command_exec_callback_type, pfn_notify, user_data))
        return CL_OUT_OF_HOST_MEMORY;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clRetainEvent(cl_event event)
{
    /* "CL_INVALID_EVENT if event is not a valid event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT))
        return CL_INVALID_EVENT;

    oclhls_retain(event);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseEvent(cl_event event)
{
    /* "CL_INVALID_EVENT if event is not a valid event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT))
        return CL_INVALID_EVENT;

    /* "deleted once the reference count becomes zero, the specific command identified by this
     * event has completed (or terminated) and there are no commands in the command-queues of a
     * context that require a wait for this event" (commands hold their events) */
    oclhls_release(event);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                                           size_t param_value_size, void *param_value,
                                           size_t *param_value_size_ret)
{
    cl_ulong t;

    /* "CL_INVALID_EVENT if event is a not a valid event object." */
    if (!oclhls_object_is(event, OCLHLS_MAGIC_EVENT))
        return CL_INVALID_EVENT;
    /* "CL_PROFILING_INFO_NOT_AVAILABLE if the CL_QUEUE_PROFILING_ENABLE flag is not set for
     * the command-queue, if the execution status of the command identified by event is not
     * CL_COMPLETE or if event refers to the clEnqueueSVMFree command or is a user event
     * object." */
    if (!event->queue || !event->profiling || oclhls_event_status(event) != CL_COMPLETE)
        return CL_PROFILING_INFO_NOT_AVAILABLE;

    /* the timestamps are host monotonic nanoseconds; END - START of a kernel is its cycle
     * count at the kernel clock (docs/runtime.md) */
    switch (param_name) {
    case CL_PROFILING_COMMAND_QUEUED:
        t = event->t_queued;
        break;
    case CL_PROFILING_COMMAND_SUBMIT:
        t = event->t_submit;
        break;
    case CL_PROFILING_COMMAND_START:
        t = event->t_start;
        break;
    case CL_PROFILING_COMMAND_END:
    case CL_PROFILING_COMMAND_COMPLETE:
        t = event->t_end;
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
    return oclhls_info(param_value, param_value_size, param_value_size_ret, &t, sizeof(t));
}
