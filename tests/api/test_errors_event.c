/* SPDX-License-Identifier: MIT */
/*
 * The spec's error clauses of the event entry points (OpenCL 2.2 API 5.11, 5.12, 5.14) and of
 * the 1.1 marker/barrier/wait calls, one check per clause. A failing enqueue must return no
 * event.
 */
#include <stdio.h>

#include "api_test.h"

static cl_context ctx, other_ctx;
static cl_command_queue q, qp; /* qp: profiling */

static void CL_CALLBACK on_event(cl_event ev, cl_int status, void *data)
{
    (void)ev;
    (void)status;
    (void)data;
}

static cl_event user_event(cl_context c)
{
    cl_int err;
    cl_event ev = clCreateUserEvent(c, &err);

    api_must(err, "clCreateUserEvent", __LINE__);
    return ev;
}

static void user_events(void)
{
    cl_event ev, marker;
    cl_int err = 12345;

    printf("-- clCreateUserEvent, clSetUserEventStatus\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    ev = clCreateUserEvent((cl_context)q, &err);
    EXPECT(err, CL_INVALID_CONTEXT);
    CHECK(ev == NULL, "  and returns NULL");
    ev = user_event(ctx);
    /* "CL_INVALID_EVENT if event is not a valid user event object." (a command's event is
     * not one) */
    EXPECT(clSetUserEventStatus((cl_event)ctx, CL_COMPLETE), CL_INVALID_EVENT);
    MUST(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker));
    EXPECT(clSetUserEventStatus(marker, CL_COMPLETE), CL_INVALID_EVENT);
    /* "CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative integer
     * value." */
    EXPECT(clSetUserEventStatus(ev, CL_RUNNING), CL_INVALID_VALUE);
    EXPECT(clSetUserEventStatus(ev, CL_QUEUED), CL_INVALID_VALUE);
    EXPECT(clSetUserEventStatus(ev, 77), CL_INVALID_VALUE);
    /* "CL_INVALID_OPERATION if the execution_status for event has already been changed by a
     * previous call to clSetUserEventStatus." (also after a negative status) */
    EXPECT(clSetUserEventStatus(ev, -5), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(ev, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT(clSetUserEventStatus(ev, -6), CL_INVALID_OPERATION);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(marker);
    clReleaseEvent(ev);
}

static void waiting_and_queries(void)
{
    cl_event a = user_event(ctx), b = user_event(ctx), other = user_event(other_ctx), failed;
    cl_event mixed[2] = {a, other}, invalid[2] = {a, (cl_event)q}, ab[2] = {a, b};
    cl_int status = 0;
    size_t ret = 0;

    printf("-- clWaitForEvents\n");
    MUST(clSetUserEventStatus(a, CL_COMPLETE));
    MUST(clSetUserEventStatus(b, CL_COMPLETE));
    MUST(clSetUserEventStatus(other, CL_COMPLETE));
    /* "CL_INVALID_VALUE if num_events is zero or event_list is NULL." */
    EXPECT(clWaitForEvents(0, ab), CL_INVALID_VALUE);
    EXPECT(clWaitForEvents(2, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_EVENT if event objects specified in event_list are not valid event
     * objects." */
    EXPECT(clWaitForEvents(2, invalid), CL_INVALID_EVENT);
    /* "CL_INVALID_CONTEXT if events specified in event_list do not belong to the same
     * context." */
    EXPECT(clWaitForEvents(2, mixed), CL_INVALID_CONTEXT);
    EXPECT(clWaitForEvents(2, ab), CL_SUCCESS);
    /* "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of the
     * events in event_list is a negative integer value." */
    failed = user_event(ctx);
    MUST(clSetUserEventStatus(failed, -1));
    ab[1] = failed;
    EXPECT(clWaitForEvents(2, ab), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);

    printf("-- clGetEventInfo\n");
    /* "CL_INVALID_EVENT if event is a not a valid event object." */
    EXPECT(clGetEventInfo((cl_event)ctx, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                          NULL),
           CL_INVALID_EVENT);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type ... and param_value is not NULL." */
    EXPECT(
        clGetEventInfo(a, CL_EVENT_COMMAND_EXECUTION_STATUS + 0x100, sizeof(status), &status, NULL),
        CL_INVALID_VALUE);
    EXPECT(clGetEventInfo(a, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status) - 1, &status, NULL),
           CL_INVALID_VALUE);
    EXPECT(clGetEventInfo(a, CL_EVENT_CONTEXT, sizeof(cl_context) - 1, &status, NULL),
           CL_INVALID_VALUE);
    EXPECT(clGetEventInfo(a, CL_EVENT_COMMAND_EXECUTION_STATUS, 0, NULL, &ret), CL_SUCCESS);
    CHECK(ret == sizeof(cl_int), "  the status is a cl_int (%zu bytes)", ret);

    printf("-- clSetEventCallback, clRetainEvent, clReleaseEvent\n");
    /* "CL_INVALID_EVENT if event is not a valid event object." */
    EXPECT(clSetEventCallback((cl_event)q, CL_COMPLETE, on_event, NULL), CL_INVALID_EVENT);
    EXPECT(clRetainEvent((cl_event)q), CL_INVALID_EVENT);
    EXPECT(clReleaseEvent((cl_event)ctx), CL_INVALID_EVENT);
    /* "CL_INVALID_VALUE if pfn_event_notify is NULL or if command_exec_callback_type is not
     * CL_SUBMITTED, CL_RUNNING or CL_COMPLETE." */
    EXPECT(clSetEventCallback(a, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(a, CL_QUEUED, on_event, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(a, -1, on_event, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(a, 4, on_event, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(a, CL_RUNNING, on_event, NULL), CL_SUCCESS);
    clReleaseEvent(a);
    clReleaseEvent(b);
    clReleaseEvent(other);
    clReleaseEvent(failed);
}

static void profiling(void)
{
    cl_event user = user_event(ctx), held, done, plain;
    cl_ulong t = 0;

    printf("-- clGetEventProfilingInfo\n");
    MUST(clEnqueueMarkerWithWaitList(qp, 1, &user, &held));
    MUST(clEnqueueMarkerWithWaitList(q, 0, NULL, &plain));
    /* "CL_INVALID_EVENT if event is a not a valid event object." */
    EXPECT(clGetEventProfilingInfo((cl_event)qp, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
           CL_INVALID_EVENT);
    /* "CL_PROFILING_INFO_NOT_AVAILABLE if the CL_QUEUE_PROFILING_ENABLE flag is not set for
     * the command-queue, if the execution status of the command identified by event is not
     * CL_COMPLETE or if event ... is a user event object." */
    EXPECT(clWaitForEvents(1, &plain), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(plain, CL_PROFILING_COMMAND_QUEUED, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_QUEUED, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_QUEUED, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    MUST(clSetUserEventStatus(user, CL_COMPLETE));
    EXPECT(clWaitForEvents(1, &held), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
           CL_SUCCESS);
    /* a command that ended with an error is not CL_COMPLETE either */
    clReleaseEvent(user);
    user = user_event(ctx);
    MUST(clEnqueueMarkerWithWaitList(qp, 1, &user, &done));
    MUST(clSetUserEventStatus(user, -3));
    EXPECT(clWaitForEvents(1, &done), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type ... and param_value is not NULL." */
    EXPECT(clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_END + 0x10, sizeof(t), &t, NULL),
           CL_INVALID_VALUE);
    EXPECT(clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_END, sizeof(t) - 1, &t, NULL),
           CL_INVALID_VALUE);
    clReleaseEvent(user);
    clReleaseEvent(held);
    clReleaseEvent(done);
    clReleaseEvent(plain);
}

typedef cl_int (*sync_call)(cl_command_queue, cl_uint, const cl_event *, cl_event *);

static void sync_clauses(const char *name, sync_call call)
{
    cl_event ok = user_event(ctx), other = user_event(other_ctx), bad = (cl_event)q, ev = NULL;

    printf("-- %s\n", name);
    MUST(clSetUserEventStatus(ok, CL_COMPLETE));
    MUST(clSetUserEventStatus(other, CL_COMPLETE));
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    EXPECT(call((cl_command_queue)ctx, 0, NULL, &ev), CL_INVALID_COMMAND_QUEUE);
    /* "CL_INVALID_CONTEXT if context associated with command_queue and events in
     * event_wait_list are not the same." */
    EXPECT(call(q, 1, &other, &ev), CL_INVALID_CONTEXT);
    /* "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0,
     * or event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in
     * event_wait_list are not valid events." */
    EXPECT(call(q, 1, NULL, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(call(q, 0, &ok, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(call(q, 1, &bad, &ev), CL_INVALID_EVENT_WAIT_LIST);
    CHECK(ev == NULL, "  and no event was returned");
    EXPECT(call(q, 1, &ok, &ev), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev), CL_SUCCESS);
    clReleaseEvent(ev);
    clReleaseEvent(ok);
    clReleaseEvent(other);
}

static void deprecated_forms(void)
{
    cl_event ok = user_event(ctx), other = user_event(other_ctx), bad[2], ev = NULL;

    printf("-- clEnqueueMarker, clEnqueueBarrier, clEnqueueWaitForEvents (1.1)\n");
    MUST(clSetUserEventStatus(ok, CL_COMPLETE));
    MUST(clSetUserEventStatus(other, CL_COMPLETE));
    bad[0] = ok;
    bad[1] = (cl_event)ctx;
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    EXPECT(clEnqueueMarker((cl_command_queue)ctx, &ev), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clEnqueueBarrier((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clEnqueueWaitForEvents((cl_command_queue)ctx, 1, &ok), CL_INVALID_COMMAND_QUEUE);
    /* clEnqueueMarker: "CL_INVALID_VALUE if event is a NULL value." */
    EXPECT(clEnqueueMarker(q, NULL), CL_INVALID_VALUE);
    CHECK(ev == NULL, "  and no event was returned");
    /* clEnqueueWaitForEvents: "CL_INVALID_VALUE if num_events is zero or event_list is NULL."
     * "CL_INVALID_EVENT if event objects specified in event_list are not valid events."
     * "CL_INVALID_CONTEXT if context associated with command_queue and events in event_list
     * are not the same." */
    EXPECT(clEnqueueWaitForEvents(q, 0, &ok), CL_INVALID_VALUE);
    EXPECT(clEnqueueWaitForEvents(q, 1, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueWaitForEvents(q, 2, bad), CL_INVALID_EVENT);
    EXPECT(clEnqueueWaitForEvents(q, 1, &other), CL_INVALID_CONTEXT);
    EXPECT(clEnqueueWaitForEvents(q, 1, &ok), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(ok);
    clReleaseEvent(other);
}

int main(void)
{
    api_begin("api.errors_event");
    ctx = api_context();
    other_ctx = api_context();
    q = api_queue(ctx, false);
    qp = api_queue(ctx, true);
    user_events();
    waiting_and_queries();
    profiling();
    sync_clauses("clEnqueueMarkerWithWaitList", clEnqueueMarkerWithWaitList);
    sync_clauses("clEnqueueBarrierWithWaitList", clEnqueueBarrierWithWaitList);
    deprecated_forms();
    EXPECT(clFinish(q), CL_SUCCESS);
    EXPECT(clFinish(qp), CL_SUCCESS);
    clReleaseCommandQueue(q);
    clReleaseCommandQueue(qp);
    clReleaseContext(ctx);
    clReleaseContext(other_ctx);
    return api_end();
}
