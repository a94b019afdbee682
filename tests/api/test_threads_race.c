/* SPDX-License-Identifier: MIT */
/*
 * A multi-threaded stress test meant to run under a race detector (ctest api.threads_race runs
 * it under valgrind's helgrind). It reaches the runtime's shared state from several threads at
 * once, which api.threads (transfers only) does not:
 * - kernel launches from every thread: each thread's clone of one kernel, so program loading,
 *   the device lock and the launcher are shared;
 * - one user event, set by the main thread, that every thread's commands wait on, with
 *   callbacks registered from the workers (they run in the main thread and the device worker);
 * - a buffer shared by all threads (read-only use), retained and released from each thread;
 * - clWaitForEvents on events of other threads' queues, and queries of their status.
 *
 * With RACE_CANARY=1 in the environment it also makes a deliberate unsynchronised write from
 * two threads, so that ctest can check the detector reports races at all (api.race_canary).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#define THREADS 3
#define ROUNDS 4
#define N 256

static cl_context ctx;
static cl_kernel kernel; /* cloned by each thread */
static cl_mem shared_b;  /* every thread's second operand */
static cl_event gate;    /* user event every thread's first command waits on */
static cl_event published[THREADS];
static pthread_barrier_t all_published;
static atomic_int callbacks;
static int canary; /* written by two threads without a lock when RACE_CANARY=1 */

struct worker {
    int id;
    int errors;
};

static void CL_CALLBACK count_callback(cl_event ev, cl_int status, void *data)
{
    (void)ev;
    (void)status;
    (void)data;
    atomic_fetch_add(&callbacks, 1);
}

/* One round: c = a + shared_b on this thread's queue and kernel clone; returns errors. */
static int round_trip(struct worker *w, cl_command_queue q, cl_kernel k, int r, cl_event wait)
{
    int a[N], b[N], c[N], n = N, errors = 0;
    size_t global = N;
    cl_mem ma, mc;
    cl_event ev;
    cl_int err;

    for (int i = 0; i < N; i++) {
        a[i] = w->id * 100000 + r * 1000 + i;
        b[i] = 3 * i; /* shared_b's contents */
    }
    ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(a), a, &err);
    mc = clCreateBuffer(ctx, 0, sizeof(c), NULL, &err);
    if (!ma || !mc)
        return 1;
    err = clSetKernelArg(k, 0, sizeof(cl_mem), &ma);
    err |= clSetKernelArg(k, 1, sizeof(cl_mem), &shared_b);
    err |= clSetKernelArg(k, 2, sizeof(cl_mem), &mc);
    err |= clSetKernelArg(k, 3, sizeof(int), &n);
    err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, wait ? 1 : 0, wait ? &wait : NULL,
                                  &ev);
    if (err)
        return 1;
    err = clSetEventCallback(ev, CL_COMPLETE, count_callback, NULL);
    err |= clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof(c), c, 1, &ev, NULL);
    for (int i = 0; i < N; i++)
        errors += c[i] != a[i] + b[i];
    clReleaseEvent(ev);
    clReleaseMemObject(ma);
    clReleaseMemObject(mc);
    return errors + (err != CL_SUCCESS);
}

static void *work(void *arg)
{
    struct worker *w = arg;
    cl_command_queue q;
    cl_kernel k;
    cl_int err, status;

    q = clCreateCommandQueueWithProperties(ctx, api_device(), NULL, &err);
    k = clCloneKernel(kernel, &err);
    if (!q || !k) {
        w->errors++;
        return NULL;
    }
    clRetainMemObject(shared_b);
    /* the first round waits on the main thread's user event */
    w->errors += round_trip(w, q, k, 0, gate);
    /* publish a marker, then wait on everyone else's */
    if (clEnqueueMarkerWithWaitList(q, 0, NULL, &published[w->id]))
        w->errors++;
    if (canary)
        canary = w->id; /* the deliberate race */
    pthread_barrier_wait(&all_published);
    if (clWaitForEvents(THREADS, published))
        w->errors++;
    for (int i = 0; i < THREADS; i++)
        if (clGetEventInfo(published[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                           NULL) ||
            status != CL_COMPLETE)
            w->errors++;
    for (int r = 1; r < ROUNDS; r++)
        w->errors += round_trip(w, q, k, r, NULL);
    clReleaseMemObject(shared_b);
    clReleaseKernel(k);
    clReleaseCommandQueue(q);
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    struct worker w[THREADS];
    cl_program prog;
    int b[N];
    cl_int err;

    api_begin("api.threads_race");
    canary = getenv("RACE_CANARY") && atoi(getenv("RACE_CANARY"));
    ctx = api_context();
    prog = api_build(ctx, api_vector_add_source, NULL);
    if (!prog) {
        CHECK(false, "vector_add builds");
        return api_end();
    }
    kernel = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    for (int i = 0; i < N; i++)
        b[i] = 3 * i;
    shared_b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(b), b, &err);
    MUST(err);
    gate = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clSetEventCallback(gate, CL_COMPLETE, count_callback, NULL));
    pthread_barrier_init(&all_published, NULL, THREADS);

    for (int i = 0; i < THREADS; i++) {
        w[i] = (struct worker){.id = i, .errors = 0};
        pthread_create(&t[i], NULL, work, &w[i]);
    }
    /* let the workers queue their gated launches, then open the gate */
    MUST(clSetUserEventStatus(gate, CL_COMPLETE));
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(w[i].errors == 0, "thread %d: %d rounds of kernel + read, %d errors", i, ROUNDS,
              w[i].errors);
    }
    /* one callback for the gate, one per launch */
    CHECK(atomic_load(&callbacks) == 1 + THREADS * ROUNDS, "%d event callbacks ran, want %d",
          atomic_load(&callbacks), 1 + THREADS * ROUNDS);
    for (int i = 0; i < THREADS; i++)
        clReleaseEvent(published[i]);
    pthread_barrier_destroy(&all_published);
    clReleaseEvent(gate);
    clReleaseMemObject(shared_b);
    clReleaseKernel(kernel);
    clReleaseProgram(prog);
    clReleaseContext(ctx);
    return api_end();
}
