/* SPDX-License-Identifier: MIT */
/* Out-of-order command-queues: the device and queue properties, commands behind a user event
 * not holding back independent ones, barriers, markers, clFinish, wait lists across an in-order
 * and an out-of-order queue, callbacks of every status, and vector_add ordered only by
 * events. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api_test.h"

/* How long a command that can run is given to complete (the worker is idle otherwise). */
#define SETTLE_MS 10000
/* How long a command that must not run is watched. */
#define HOLD_MS 200

static cl_context ctx;
static cl_command_queue ooo;

static cl_int status_of(cl_event ev)
{
    cl_int s = 99;

    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(s), &s, NULL);
    return s;
}

static void sleep_ms(unsigned ms)
{
    usleep(ms * 1000u);
}

/* Polls ev until it is complete or SETTLE_MS pass (a bug must fail, not hang); its status. */
static cl_int settle(cl_event ev)
{
    cl_int s = status_of(ev);

    for (int waited = 0; s > CL_COMPLETE && waited < SETTLE_MS; waited++) {
        sleep_ms(1);
        s = status_of(ev);
    }
    return s;
}

/* True when ev is still not complete after HOLD_MS. */
static bool held(cl_event ev)
{
    sleep_ms(HOLD_MS);
    return status_of(ev) > CL_COMPLETE;
}

static cl_command_queue new_ooo_queue(cl_command_queue_properties extra)
{
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES,
                                   CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | extra, 0};
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, api_device(), props, &err);

    MUST(err);
    return q;
}

static cl_mem new_buffer(size_t size)
{
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size, NULL, &err);

    MUST(err);
    return m;
}

static void properties(void)
{
    cl_device_id d = api_device();
    cl_command_queue_properties host = 0, old = 0, qp = 0;
    cl_queue_properties ondev[] = {CL_QUEUE_PROPERTIES,
                                   CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
    cl_command_queue q;
    cl_int err;

    printf("-- properties\n");
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(host), &host, NULL),
           CL_SUCCESS);
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_QUEUE_PROPERTIES, sizeof(old), &old, NULL), CL_SUCCESS);
    CHECK(host == (CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE) &&
              old == host,
          "CL_DEVICE_QUEUE_ON_HOST_PROPERTIES = CL_DEVICE_QUEUE_PROPERTIES = out-of-order | "
          "profiling (%#llx)",
          (unsigned long long)host);

    q = new_ooo_queue(CL_QUEUE_PROFILING_ENABLE);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(qp), &qp, NULL), CL_SUCCESS);
    CHECK(qp == (CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE),
          "CL_QUEUE_PROPERTIES returns out-of-order | profiling");
    EXPECT(clReleaseCommandQueue(q), CL_SUCCESS);

    q = clCreateCommandQueue(ctx, d, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
    EXPECT(err, CL_SUCCESS);
    if (q) {
        EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(qp), &qp, NULL), CL_SUCCESS);
        CHECK(qp == CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, "clCreateCommandQueue (1.x) too");
        EXPECT(clReleaseCommandQueue(q), CL_SUCCESS);
    }
    /* on-device queues stay unsupported: CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES is 0 */
    clCreateCommandQueueWithProperties(ctx, d, ondev, &err);
    EXPECT(err, CL_INVALID_QUEUE_PROPERTIES);
}

/* A command behind a user event does not hold back later independent commands. */
static void independent(void)
{
    int blocked_src[16], free_src[16], dst[16];
    cl_mem a = new_buffer(sizeof(dst)), b = new_buffer(sizeof(dst));
    cl_event user, blocked, write, read;
    cl_int err;

    printf("-- independent commands\n");
    for (int i = 0; i < 16; i++)
        blocked_src[i] = i, free_src[i] = 100 + i, dst[i] = -1;
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, a, CL_FALSE, 0, sizeof(blocked_src), blocked_src, 1, &user,
                                &blocked),
           CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(ooo, b, CL_FALSE, 0, sizeof(free_src), free_src, 0, NULL, &write),
           CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, b, CL_FALSE, 0, sizeof(dst), dst, 1, &write, &read),
           CL_SUCCESS);
    CHECK(settle(read) == CL_COMPLETE && settle(write) == CL_COMPLETE,
          "later commands complete while an earlier one waits on a user event");
    CHECK(memcmp(dst, free_src, sizeof(dst)) == 0, "and the read (after the write) sees it");
    CHECK(status_of(blocked) == CL_SUBMITTED, "the blocked command is still CL_SUBMITTED");
    /* a blocking call of an out-of-order queue waits for its own command only */
    EXPECT(clEnqueueReadBuffer(ooo, b, CL_TRUE, 0, sizeof(dst), dst, 0, NULL, NULL), CL_SUCCESS);
    CHECK(status_of(blocked) == CL_SUBMITTED, "a blocking read returns past the blocked command");

    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(blocked) == CL_COMPLETE, "the blocked command runs once the user event is set");
    EXPECT(clEnqueueReadBuffer(ooo, a, CL_TRUE, 0, sizeof(dst), dst, 0, NULL, NULL), CL_SUCCESS);
    CHECK(memcmp(dst, blocked_src, sizeof(dst)) == 0, "and wrote its data");
    clReleaseEvent(user);
    clReleaseEvent(blocked);
    clReleaseEvent(write);
    clReleaseEvent(read);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
}

/* Barriers: with an empty wait list after everything before; later commands after them. */
static void barriers(void)
{
    int one = 1, two = 2, got = 0;
    cl_mem m = new_buffer(sizeof(int)), other = new_buffer(sizeof(int));
    cl_event user, user2, user3, failed, w1, bar, rd, before, bar2, after2, doomed, bar3, rd3;
    cl_int err;

    printf("-- barriers\n");
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &one, 1, &user, &w1), CL_SUCCESS);
    EXPECT(clEnqueueBarrierWithWaitList(ooo, 0, NULL, &bar), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &got, 0, NULL, &rd), CL_SUCCESS);
    CHECK(held(rd) && status_of(bar) > CL_COMPLETE,
          "a barrier (empty wait list) holds back later commands while an earlier one waits");
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(rd) == CL_COMPLETE && status_of(bar) == CL_COMPLETE && got == 1,
          "after the user event: write, barrier, read in order (read %d)", got);

    /* a barrier with a wait list waits for the list only; later commands wait for it */
    user2 = clCreateUserEvent(ctx, &err);
    MUST(err);
    user3 = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, other, CL_FALSE, 0, sizeof(int), &two, 1, &user3, &before),
           CL_SUCCESS);
    EXPECT(clEnqueueBarrierWithWaitList(ooo, 1, &user2, &bar2), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &two, 0, NULL, &after2),
           CL_SUCCESS);
    CHECK(held(after2), "a command after a barrier with a wait list waits for the list");
    EXPECT(clSetUserEventStatus(user2, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(after2) == CL_COMPLETE && status_of(bar2) == CL_COMPLETE,
          "and runs when the list is complete");
    CHECK(status_of(before) == CL_SUBMITTED,
          "while an earlier command, not in the list, still waits");
    EXPECT(clSetUserEventStatus(user3, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(before) == CL_COMPLETE, "which runs when its user event is set");

    /* the order a barrier imposes is not a data dependency: a failed command does not fail it */
    failed = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &one, 1, &failed, &doomed),
           CL_SUCCESS);
    EXPECT(clEnqueueBarrierWithWaitList(ooo, 0, NULL, &bar3), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &got, 0, NULL, &rd3), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(failed, -42), CL_SUCCESS);
    CHECK(settle(doomed) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
          "a command waiting on a failed user event is terminated");
    CHECK(settle(bar3) == CL_COMPLETE && settle(rd3) == CL_COMPLETE && got == 2,
          "the barrier after it and the read after that still run (read %d)", got);

    clReleaseEvent(user);
    clReleaseEvent(user2);
    clReleaseEvent(user3);
    clReleaseEvent(failed);
    clReleaseEvent(w1);
    clReleaseEvent(bar);
    clReleaseEvent(rd);
    clReleaseEvent(before);
    clReleaseEvent(bar2);
    clReleaseEvent(after2);
    clReleaseEvent(doomed);
    clReleaseEvent(bar3);
    clReleaseEvent(rd3);
    clReleaseMemObject(m);
    clReleaseMemObject(other);
}

/* Markers: with an empty wait list after every earlier command; never hold back later ones. */
static void markers(void)
{
    int v = 7;
    cl_mem m = new_buffer(sizeof(int));
    cl_event user, blocked, all, listed, later, done, old_marker;
    cl_int err;

    printf("-- markers\n");
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &v, 0, NULL, &done), CL_SUCCESS);
    CHECK(settle(done) == CL_COMPLETE, "a write completes");
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &v, 1, &user, &blocked),
           CL_SUCCESS);
    EXPECT(clEnqueueMarkerWithWaitList(ooo, 0, NULL, &all), CL_SUCCESS);
    EXPECT(clEnqueueMarker(ooo, &old_marker), CL_SUCCESS);
    EXPECT(clEnqueueMarkerWithWaitList(ooo, 1, &done, &listed), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &v, 0, NULL, &later), CL_SUCCESS);
    CHECK(settle(listed) == CL_COMPLETE, "a marker with a wait list waits for the list only");
    CHECK(settle(later) == CL_COMPLETE, "a command after markers is not held back by them");
    CHECK(held(all) && status_of(old_marker) > CL_COMPLETE,
          "markers with no wait list (and clEnqueueMarker) wait for the blocked command");
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(all) == CL_COMPLETE && settle(old_marker) == CL_COMPLETE &&
              status_of(blocked) == CL_COMPLETE,
          "they complete after it");
    clReleaseEvent(user);
    clReleaseEvent(blocked);
    clReleaseEvent(all);
    clReleaseEvent(old_marker);
    clReleaseEvent(listed);
    clReleaseEvent(later);
    clReleaseEvent(done);
    clReleaseMemObject(m);
}

static void *set_later(void *arg)
{
    sleep_ms(HOLD_MS);
    clSetUserEventStatus((cl_event)arg, CL_COMPLETE);
    return NULL;
}

/* clFinish waits for every command, in whatever order they run. */
static void finish(void)
{
    enum { COMMANDS = 300 };
    static int vals[COMMANDS];
    cl_mem m = new_buffer(COMMANDS * sizeof(int));
    cl_event user, evs[COMMANDS];
    pthread_t thread;
    int complete = 0, failed = 0, got[COMMANDS];
    cl_int err;

    printf("-- clFinish\n");
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    /* every third command waits on the user event; the rest can run at once */
    for (int i = 0; i < COMMANDS; i++) {
        vals[i] = i * 5;
        failed +=
            clEnqueueWriteBuffer(ooo, m, CL_FALSE, i * sizeof(int), sizeof(int), &vals[i],
                                 i % 3 == 0, i % 3 == 0 ? &user : NULL, &evs[i]) != CL_SUCCESS;
    }
    CHECK(failed == 0, "%d writes enqueued, a third behind a user event (%d failed)", COMMANDS,
          failed);
    EXPECT(clFlush(ooo), CL_SUCCESS);
    MUST(pthread_create(&thread, NULL, set_later, user) == 0 ? CL_SUCCESS : CL_OUT_OF_RESOURCES);
    EXPECT(clFinish(ooo), CL_SUCCESS);
    for (int i = 0; i < COMMANDS; i++)
        complete += status_of(evs[i]) == CL_COMPLETE;
    CHECK(complete == COMMANDS, "clFinish returns when all %d commands are complete (%d)", COMMANDS,
          complete);
    pthread_join(thread, NULL);
    EXPECT(clEnqueueReadBuffer(ooo, m, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL), CL_SUCCESS);
    CHECK(memcmp(got, vals, sizeof(got)) == 0, "and each wrote its word");
    EXPECT(clFinish(ooo), CL_SUCCESS);
    for (int i = 0; i < COMMANDS; i++)
        clReleaseEvent(evs[i]);
    clReleaseEvent(user);
    clReleaseMemObject(m);
}

/* Wait lists across an in-order and an out-of-order queue on the same device. */
static void cross_queue(void)
{
    cl_command_queue inq = api_queue(ctx, false);
    int src[8], mid[8], dst[8];
    cl_mem a = new_buffer(sizeof(src)), b = new_buffer(sizeof(src));
    cl_event user, in_write, in_next, ooo_copy, ooo_free, ooo_read, in_read;
    cl_int err;

    printf("-- wait lists across queues\n");
    for (int i = 0; i < 8; i++)
        src[i] = 40 + i, mid[i] = dst[i] = -1;
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    /* in-order queue: write a (behind the user event), then another command behind it */
    EXPECT(clEnqueueWriteBuffer(inq, a, CL_FALSE, 0, sizeof(src), src, 1, &user, &in_write),
           CL_SUCCESS);
    EXPECT(clEnqueueMarkerWithWaitList(inq, 0, NULL, &in_next), CL_SUCCESS);
    /* out-of-order queue: copy a -> b after the in-order write; an unrelated command */
    EXPECT(clEnqueueCopyBuffer(ooo, a, b, 0, 0, sizeof(src), 1, &in_write, &ooo_copy), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, a, CL_FALSE, 0, sizeof(mid), mid, 0, NULL, &ooo_free),
           CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, b, CL_FALSE, 0, sizeof(dst), dst, 1, &ooo_copy, &ooo_read),
           CL_SUCCESS);
    /* in-order queue again: a read that waits for the out-of-order read */
    EXPECT(clEnqueueReadBuffer(inq, b, CL_FALSE, 0, sizeof(mid), mid, 1, &ooo_read, &in_read),
           CL_SUCCESS);
    CHECK(settle(ooo_free) == CL_COMPLETE, "an independent out-of-order command runs");
    CHECK(held(ooo_copy) && status_of(in_next) > CL_COMPLETE,
          "the out-of-order copy waits for the in-order queue's blocked write");
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK(settle(in_read) == CL_COMPLETE && status_of(ooo_read) == CL_COMPLETE &&
              status_of(in_next) == CL_COMPLETE,
          "both queues complete once the user event is set");
    CHECK(memcmp(dst, src, sizeof(dst)) == 0 && memcmp(mid, src, sizeof(mid)) == 0,
          "the data went write (in-order) -> copy -> read (out-of-order) -> read (in-order)");
    EXPECT(clFinish(inq), CL_SUCCESS);
    EXPECT(clReleaseCommandQueue(inq), CL_SUCCESS);
    clReleaseEvent(user);
    clReleaseEvent(in_write);
    clReleaseEvent(in_next);
    clReleaseEvent(ooo_copy);
    clReleaseEvent(ooo_free);
    clReleaseEvent(ooo_read);
    clReleaseEvent(in_read);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
}

/* What the callbacks registered for one status saw. */
struct slot {
    atomic_int calls, status;
};

/* The callbacks of one event: [0] CL_SUBMITTED, [1] CL_RUNNING, [2] CL_COMPLETE. */
struct seen {
    struct slot slot[3];
};

static void CL_CALLBACK on_status(cl_event ev, cl_int status, void *data)
{
    struct slot *s = data;

    (void)ev;
    atomic_store(&s->status, status);
    atomic_fetch_add(&s->calls, 1);
}

static void register_all(cl_event ev, struct seen *s)
{
    EXPECT(clSetEventCallback(ev, CL_SUBMITTED, on_status, &s->slot[0]), CL_SUCCESS);
    EXPECT(clSetEventCallback(ev, CL_RUNNING, on_status, &s->slot[1]), CL_SUCCESS);
    EXPECT(clSetEventCallback(ev, CL_COMPLETE, on_status, &s->slot[2]), CL_SUCCESS);
}

/* Waits up to SETTLE_MS for n callbacks of s in all. */
static int callbacks_settle(struct seen *s, int n)
{
    int total = 0;

    for (int waited = 0; waited < SETTLE_MS; waited++) {
        total = atomic_load(&s->slot[0].calls) + atomic_load(&s->slot[1].calls) +
                atomic_load(&s->slot[2].calls);
        if (total >= n)
            break;
        sleep_ms(1);
    }
    return total;
}

static void callbacks(void)
{
    static struct seen ok, bad;
    int v = 3;
    cl_mem m = new_buffer(sizeof(int));
    cl_event user, failing, good, doomed;
    cl_int err;

    printf("-- callbacks\n");
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    failing = clCreateUserEvent(ctx, &err);
    MUST(err);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &v, 1, &user, &good), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, sizeof(int), &v, 1, &failing, &doomed),
           CL_SUCCESS);
    register_all(good, &ok);
    register_all(doomed, &bad);
    sleep_ms(HOLD_MS);
    CHECK(atomic_load(&ok.slot[0].calls) == 1 && atomic_load(&ok.slot[0].status) == CL_SUBMITTED &&
              atomic_load(&ok.slot[1].calls) == 0 && atomic_load(&ok.slot[2].calls) == 0,
          "held command: CL_SUBMITTED callback at once, none for running or complete");
    EXPECT(clSetUserEventStatus(failing, -5), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK(callbacks_settle(&ok, 3) == 3 && atomic_load(&ok.slot[1].calls) == 1 &&
              atomic_load(&ok.slot[1].status) == CL_RUNNING &&
              atomic_load(&ok.slot[2].calls) == 1 && atomic_load(&ok.slot[2].status) == CL_COMPLETE,
          "then one CL_RUNNING and one CL_COMPLETE callback");
    CHECK(callbacks_settle(&bad, 3) == 3 && atomic_load(&bad.slot[0].calls) == 1 &&
              atomic_load(&bad.slot[0].status) == CL_SUBMITTED &&
              atomic_load(&bad.slot[1].calls) == 1 &&
              atomic_load(&bad.slot[1].status) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST &&
              atomic_load(&bad.slot[2].calls) == 1 &&
              atomic_load(&bad.slot[2].status) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
          "terminated command: running and complete callbacks get the error (%d, %d)",
          atomic_load(&bad.slot[1].status), atomic_load(&bad.slot[2].status));
    EXPECT(clFinish(ooo), CL_SUCCESS);
    clReleaseEvent(user);
    clReleaseEvent(failing);
    clReleaseEvent(good);
    clReleaseEvent(doomed);
    clReleaseMemObject(m);
}

/* vector_add in an out-of-order queue: writes, kernel and read ordered only by events. */
static void kernel_run(void)
{
    enum { N = 1024 };
    int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int)), *c = malloc(N * sizeof(int));
    int n = N, bad = 0;
    size_t global = N;
    cl_program prog;
    cl_kernel k;
    cl_mem ma, mb, mc;
    cl_event user, writes[2], run, read;
    cl_int err;

    printf("-- vector_add ordered by events\n");
    prog = api_build(ctx, api_vector_add_source, NULL);
    CHECK(prog != NULL, "vector_add builds");
    if (!prog)
        return;
    for (int i = 0; i < N; i++)
        a[i] = i * 7 - 3, b[i] = 5000 - i, c[i] = 0x1234;
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    ma = new_buffer(N * sizeof(int));
    mb = new_buffer(N * sizeof(int));
    mc = new_buffer(N * sizeof(int));
    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &ma));
    MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &mb));
    MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &mc));
    MUST(clSetKernelArg(k, 3, sizeof(int), &n));
    /* nothing but the wait lists orders these; one write is held by a user event */
    EXPECT(clEnqueueWriteBuffer(ooo, ma, CL_FALSE, 0, N * sizeof(int), a, 1, &user, &writes[0]),
           CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(ooo, mb, CL_FALSE, 0, N * sizeof(int), b, 0, NULL, &writes[1]),
           CL_SUCCESS);
    EXPECT(clEnqueueNDRangeKernel(ooo, k, 1, NULL, &global, NULL, 2, writes, &run), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(ooo, mc, CL_FALSE, 0, N * sizeof(int), c, 1, &run, &read),
           CL_SUCCESS);
    CHECK(settle(writes[1]) == CL_COMPLETE && held(run) && status_of(read) > CL_COMPLETE,
          "the free write runs; the kernel and the read wait for the held write");
    EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &read), CL_SUCCESS);
    CHECK(status_of(run) == CL_COMPLETE, "the kernel completed before the read");
    for (int i = 0; i < N; i++)
        bad += c[i] != a[i] + b[i];
    CHECK(bad == 0, "vector_add of %d items, %d wrong", N, bad);
    EXPECT(clFinish(ooo), CL_SUCCESS);
    clReleaseEvent(user);
    clReleaseEvent(writes[0]);
    clReleaseEvent(writes[1]);
    clReleaseEvent(run);
    clReleaseEvent(read);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    free(a);
    free(b);
    free(c);
}

int main(void)
{
    api_begin("api.queue_ooo");
    ctx = api_context();
    ooo = new_ooo_queue(0);
    properties();
    independent();
    barriers();
    markers();
    finish();
    cross_queue();
    callbacks();
    kernel_run();
    EXPECT(clReleaseCommandQueue(ooo), CL_SUCCESS);
    clReleaseContext(ctx);
    return api_end();
}
