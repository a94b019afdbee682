/* SPDX-License-Identifier: MIT */
/* The runtime compiles from several host threads: concurrent fe_compile and fe_clang_version. */
#include "fe_test.h"

#include <pthread.h>

#define NTHREADS 6

static const char src[] = "kernel void k(global float *a, global const float *b, float s)\n"
                          "{\n"
                          "    size_t i = get_global_id(0);\n"
                          "    a[i] = a[i] * s + b[i];\n"
                          "}\n";

struct job {
    int index;
    int rc;
    unsigned nkernels;
    const char *version;
};

static void *run(void *arg)
{
    struct job *j = arg;
    char name[32], opts[32];
    struct fe_request req = {
        .source = src, .source_len = sizeof(src) - 1, .source_name = name, .options = opts};
    struct fe_result res;

    snprintf(name, sizeof(name), "t%d.cl", j->index);
    snprintf(opts, sizeof(opts), "-DN=%d", j->index);
    j->version = fe_clang_version();
    j->rc = fe_compile(&req, &res);
    j->nkernels = res.nkernels;
    fe_result_free(&res);
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    struct job jobs[NTHREADS];

    for (int i = 0; i < NTHREADS; i++) {
        jobs[i] = (struct job){.index = i};
        pthread_create(&t[i], NULL, run, &jobs[i]);
    }
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].rc == 0 && jobs[i].nkernels == 1, "thread %d compiled one kernel", i);
        CHECK(jobs[i].version == jobs[0].version, "thread %d sees the same version string", i);
    }
    return fe_test_finish("test_fe_threads");
}
