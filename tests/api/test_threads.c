/* SPDX-License-Identifier: MIT */
/*
 * Several host threads, each with its own queue and buffers, on one context and device. Given
 * a program file (argv[1]), each thread also creates programs from it while the others do, so
 * that its metadata is parsed in several threads at once (under helgrind: no shared parser
 * state).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#define THREADS 4
#define ROUNDS 50
#define WORDS 1024

static cl_context ctx;
static unsigned char *binary; /* argv[1]'s bytes, or NULL */
static size_t binary_size;

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
        if (binary && r % 10 == 0) { /* the program file's metadata, parsed beside others */
            const unsigned char *bin = binary;
            cl_device_id dev = api_device();
            cl_program p = clCreateProgramWithBinary(ctx, 1, &dev, &binary_size, &bin, NULL, &err);
            if (!p || err != CL_SUCCESS)
                w->errors++;
            if (p)
                clReleaseProgram(p);
        }
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

static void read_binary(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n = -1;
    if (f && fseek(f, 0, SEEK_END) == 0)
        n = ftell(f);
    if (f && n > 0 && fseek(f, 0, SEEK_SET) == 0 && (binary = malloc((size_t)n)) &&
        fread(binary, 1, (size_t)n, f) == (size_t)n)
        binary_size = (size_t)n;
    if (f)
        fclose(f);
}

int main(int argc, char **argv)
{
    pthread_t t[THREADS];
    struct worker w[THREADS];

    api_begin("api.threads");
    if (argc > 1) {
        read_binary(argv[1]);
        CHECK(binary_size > 0, "read the program file %s", argv[1]);
    }
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
    free(binary);
    return api_end();
}
