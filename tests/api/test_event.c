/* SPDX-License-Identifier: MIT */
/* Events: user events holding back commands, status life cycle, callbacks, failure
 * propagation through wait lists, markers and barriers, profiling. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "api_test.h"

static cl_context ctx;
static cl_command_queue q, qp;

static cl_int status_of(cl_event ev)
{
    cl_int s = 99;

    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(s), &s, NULL);
    return s;
}

static int calls[3];
static cl_int last_status[3];

static void CL_CALLBACK on_event(cl_event ev, cl_int status, void *data)
{
    int i = (int)(size_t)data;

    (void)ev;
    calls[i]++;
    last_status[i] = status;
}

static void user_events(void)
{
    int src[64], dst[64];
    cl_mem m;
    cl_event user, write, read, user2, after;
    cl_command_type type = 0;
    cl_command_queue eq = (cl_command_queue)1;
    cl_int err;

    printf("-- user events\n");
    for (int i = 0; i < 64; i++)
        src[i] = i * 3, dst[i] = -1;
    m = clCreateBuffer(ctx, 0, sizeof(src), NULL, &err);
    MUST(err);
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    CHECK(status_of(user) == CL_SUBMITTED, "a new user event is CL_SUBMITTED");
    clGetEventInfo(user, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL);
    clGetEventInfo(user, CL_EVENT_COMMAND_QUEUE, sizeof(eq), &eq, NULL);
    CHECK(type == CL_COMMAND_USER && eq == NULL, "CL_COMMAND_USER, no queue");
    EXPECT(clSetEventCallback(user, CL_COMPLETE, on_event, (void *)0), CL_SUCCESS);

    EXPECT(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, sizeof(src), src, 1, &user, &write), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m, CL_FALSE, 0, sizeof(dst), dst, 0, NULL, &read), CL_SUCCESS);
    EXPECT(clSetEventCallback(read, CL_COMPLETE, on_event, (void *)1), CL_SUCCESS);
    EXPECT(clSetEventCallback(read, CL_RUNNING, on_event, (void *)2), CL_SUCCESS);
    EXPECT(clFlush(q), CL_SUCCESS);
    usleep(100000);
    CHECK(status_of(write) == CL_SUBMITTED, "the write waits for the user event (status %d)",
          status_of(write));
    CHECK(status_of(read) == CL_SUBMITTED, "the read behind it waits too (in order)");
    CHECK(dst[0] == -1 && calls[1] == 0, "nothing was read yet");
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT(clWaitForEvents(1, &read), CL_SUCCESS);
    CHECK(dst[63] == 189, "after the user event completed the data went through");
    CHECK(calls[0] == 1 && last_status[0] == CL_COMPLETE, "the user event's callback ran");
    /* callbacks run right after the status changes, on the worker */
    for (int i = 0; i < 1000 && (calls[1] == 0 || calls[2] == 0); i++)
        usleep(1000);
    CHECK(calls[1] == 1 && last_status[1] == CL_COMPLETE, "the read's CL_COMPLETE callback ran");
    CHECK(calls[2] == 1 && last_status[2] == CL_RUNNING, "the read's CL_RUNNING callback ran");
    /* a callback registered after the fact runs at once */
    EXPECT(clSetEventCallback(read, CL_SUBMITTED, on_event, (void *)2), CL_SUCCESS);
    CHECK(calls[2] == 2 && last_status[2] == CL_SUBMITTED, "late callback called immediately");
    clReleaseEvent(write);
    clReleaseEvent(read);
    clReleaseEvent(user);

    /* a failed user event terminates the commands waiting on it */
    printf("-- failure propagation\n");
    user2 = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, sizeof(src), src, 1, &user2, &write),
           CL_SUCCESS);
    EXPECT(clEnqueueMarkerWithWaitList(q, 1, &write, &after), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(user2, -1234), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &write), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    CHECK(status_of(write) < 0, "the write ended with a negative status (%d)", status_of(write));
    EXPECT(clWaitForEvents(1, &after), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    /* a blocking command on a failed wait list */
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(dst), dst, 1, &user2, NULL),
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    /* the queue itself goes on */
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(dst), dst, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(write);
    clReleaseEvent(after);
    clReleaseEvent(user2);

    /* errors */
    EXPECT(clSetUserEventStatus(user2 = clCreateUserEvent(ctx, NULL), CL_SUBMITTED),
           CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(user2, CL_QUEUED, on_event, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(user2, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clGetEventProfilingInfo(user2, CL_PROFILING_COMMAND_START, 8, &type, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clSetUserEventStatus(user2, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clWaitForEvents(0, &user2), CL_INVALID_VALUE);
    EXPECT(clWaitForEvents(1, NULL), CL_INVALID_VALUE);
    EXPECT(clGetEventInfo(user2, 0x7777, 4, &type, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueMarkerWithWaitList(q, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clRetainEvent((cl_event)ctx), CL_INVALID_EVENT);
    EXPECT(clSetUserEventStatus((cl_event)q, CL_COMPLETE), CL_INVALID_EVENT);
    clReleaseEvent(user2);
    clReleaseMemObject(m);
}

struct setter {
    cl_event ev;
};

static void *set_later(void *arg)
{
    struct setter *s = arg;

    usleep(50000);
    clSetUserEventStatus(s->ev, CL_COMPLETE);
    return NULL;
}

static void cross_thread(void)
{
    struct setter s;
    pthread_t t;
    cl_event marker;
    cl_int err;

    printf("-- waiting for another thread\n");
    s.ev = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueBarrierWithWaitList(q, 1, &s.ev, &marker), CL_SUCCESS);
    pthread_create(&t, NULL, set_later, &s);
    EXPECT(clWaitForEvents(1, &marker), CL_SUCCESS);
    CHECK(status_of(marker) == CL_COMPLETE, "the barrier completed once another thread set the "
                                            "user event");
    pthread_join(t, NULL);
    clReleaseEvent(marker);
    clReleaseEvent(s.ev);
}

static void markers_and_profiling(void)
{
    static int data[1 << 16];
    cl_ulong t[4] = {0};
    cl_mem m;
    cl_event w, mk, br;
    cl_command_type type = 0;
    cl_int err;

    printf("-- markers, barriers, profiling\n");
    m = clCreateBuffer(ctx, 0, sizeof(data), NULL, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(qp, m, CL_FALSE, 0, sizeof(data), data, 0, NULL, &w), CL_SUCCESS);
    EXPECT(clEnqueueMarkerWithWaitList(qp, 0, NULL, &mk), CL_SUCCESS);
    EXPECT(clEnqueueBarrierWithWaitList(qp, 1, &w, &br), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &mk), CL_SUCCESS);
    CHECK(status_of(w) == CL_COMPLETE, "a marker completes after the commands before it");
    clGetEventInfo(br, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL);
    CHECK(type == CL_COMMAND_BARRIER, "CL_EVENT_COMMAND_TYPE of a barrier");
    EXPECT(clFinish(qp), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_QUEUED, 8, &t[0], NULL), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_SUBMIT, 8, &t[1], NULL), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_START, 8, &t[2], NULL), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_END, 8, &t[3], NULL), CL_SUCCESS);
    CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3] && t[0] > 0,
          "QUEUED <= SUBMIT <= START <= END (%llu %llu %llu %llu)", (unsigned long long)t[0],
          (unsigned long long)(t[1] - t[0]), (unsigned long long)(t[2] - t[0]),
          (unsigned long long)(t[3] - t[0]));
    EXPECT(clGetEventProfilingInfo(w, 0x7777, 8, &t[0], NULL), CL_INVALID_VALUE);
    EXPECT(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_END, 4, &t[0], NULL), CL_INVALID_VALUE);
    clReleaseEvent(w);
    clReleaseEvent(mk);
    clReleaseEvent(br);

    /* no profiling on a queue without CL_QUEUE_PROFILING_ENABLE */
    EXPECT(clEnqueueMarkerWithWaitList(q, 0, NULL, &mk), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &mk), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(mk, CL_PROFILING_COMMAND_START, 8, &t[0], NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    clReleaseEvent(mk);
    /* deprecated 1.x forms */
    EXPECT(clEnqueueMarker(q, &mk), CL_SUCCESS);
    EXPECT(clEnqueueWaitForEvents(q, 1, &mk), CL_SUCCESS);
    EXPECT(clEnqueueBarrier(q), CL_SUCCESS);
    EXPECT(clEnqueueMarker(q, NULL), CL_INVALID_VALUE);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(mk);
    clReleaseMemObject(m);
}

int main(void)
{
    api_begin("api.event");
    ctx = api_context();
    q = api_queue(ctx, false);
    qp = api_queue(ctx, true);
    user_events();
    cross_thread();
    markers_and_profiling();
    clReleaseCommandQueue(q);
    clReleaseCommandQueue(qp);
    clReleaseContext(ctx);
    return api_end();
}
