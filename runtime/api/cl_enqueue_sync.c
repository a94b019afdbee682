/* SPDX-License-Identifier: MIT */
/* Markers, barriers and waiting for events on a queue (5.12), and their 1.x forms. */
#include "core/command.h"
#include "core/event.h"
#include "core/util.h"

/* In an in-order queue a marker and a barrier are the same: a command after every earlier
 * one and before every later one, that also waits for its wait list. */
static cl_int enqueue_sync(cl_command_queue command_queue, cl_command_type type,
                           cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                           cl_event *event)
{
    struct oclhls_command *cmd;
    cl_int err;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* "CL_INVALID_CONTEXT if context associated with command_queue and events in
     * event_wait_list are not the same." "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is
     * NULL and num_events_in_wait_list > 0, or event_wait_list is not NULL and
     * num_events_in_wait_list is 0, or if event objects in event_wait_list are not valid
     * events." */
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;

    cmd = oclhls_command_new(command_queue, type, num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    return oclhls_command_submit(cmd, event, false);
}

cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue command_queue,
                                               cl_uint num_events_in_wait_list,
                                               const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_sync(command_queue, CL_COMMAND_MARKER, num_events_in_wait_list, event_wait_list,
                        event);
}

cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue command_queue,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_sync(command_queue, CL_COMMAND_BARRIER, num_events_in_wait_list, event_wait_list,
                        event);
}

cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue, cl_event *event)
{
    /* (OpenCL 1.1) "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* (OpenCL 1.1) "CL_INVALID_VALUE if event is a NULL value." */
    if (!event)
        return CL_INVALID_VALUE;
    return enqueue_sync(command_queue, CL_COMMAND_MARKER, 0, NULL, event);
}

cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue command_queue)
{
    /* (OpenCL 1.1) "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    return enqueue_sync(command_queue, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue command_queue, cl_uint num_events,
                                          const cl_event *event_list)
{
    /* (OpenCL 1.1) "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* (OpenCL 1.1) "CL_INVALID_VALUE if num_events is zero or event_list is NULL." */
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    /* (OpenCL 1.1) "CL_INVALID_EVENT if event objects specified in event_list are not valid
     * events." */
    for (cl_uint i = 0; i < num_events; i++)
        if (!oclhls_object_is(event_list[i], OCLHLS_MAGIC_EVENT))
            return CL_INVALID_EVENT;
    /* (OpenCL 1.1) "CL_INVALID_CONTEXT if context associated with command_queue and events in
     * event_list are not the same." */
    for (cl_uint i = 0; i < num_events; i++)
        if (event_list[i]->context != command_queue->context)
            return CL_INVALID_CONTEXT;
    return enqueue_sync(command_queue, CL_COMMAND_BARRIER, num_events, event_list, NULL);
}
