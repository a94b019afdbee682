/* SPDX-License-Identifier: MIT */
/* Several host threads, each with its own queue and buffers, on one context and device. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

#define THREADS 4
#define ROUNDS 50
#define WORDS 1024

static cl_context ctx;

struct worker {
    int id;
    int errors;
};

static void *work(void *arg)
{
    struct worker *w = arg;
    int src[WORDS], dst[WORDS];
    cl_command_queue q;
    cl_mem a, b;
    cl_event ev;
    cl_int err;

    q = clCreateCommandQueueWithProperties(ctx, api_device(), NULL, &err);
    a = clCreateBuffer(ctx, 0, sizeof(src), NULL, &err);
    b = clCreateBuffer(ctx, 0, sizeof(src), NULL, &err);
    if (!q || !a || !b) {
        w->errors++;
        return NULL;
    }
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < WORDS; i++)
            src[i] = w->id * 1000000 + r * 1000 + i;
        memset(dst, 0, sizeof(dst));
        err = clEnqueueWriteBuffer(q, a, CL_FALSE, 0, sizeof(src), src, 0, NULL, NULL);
        err |= clEnqueueCopyBuffer(q, a, b, 0, 0, sizeof(src), 0, NULL, &ev);
        err |= clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof(dst), dst, 1, &ev, NULL);
        clReleaseEvent(ev);
        if (err || memcmp(src, dst, sizeof(src)) != 0)
            w->errors++;
    }
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseCommandQueue(q);
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    struct worker w[THREADS];

    api_begin("api.threads");
    ctx = api_context();
    for (int i = 0; i < THREADS; i++) {
        w[i] = (struct worker){.id = i, .errors = 0};
        pthread_create(&t[i], NULL, work, &w[i]);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(w[i].errors == 0, "thread %d: %d rounds of write/copy/read, %d failed", i, ROUNDS,
              w[i].errors);
    }
    clReleaseContext(ctx);
    return api_end();
}
