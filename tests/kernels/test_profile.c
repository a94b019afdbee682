// SPDX-License-Identifier: MIT
/*
 * oclhls build --profile (issue 33, item 2): runs profile.cl's kernels with OCLHLS_PROFILE
 * set and checks the counters the runtime wrote against what each kernel must do: exact
 * request, byte and line counts where the hardware's behaviour is fixed, bounds on cycles and
 * stalls where it depends on timing. Then a program built online with clBuildProgram's
 * -profile writes its run too.
 *
 * Usage: test_profile PROGRAM.oclbin PROFILE.json
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

static cJSON *load_profile(struct kt *t, const char *path)
{
    FILE *f = fopen(path, "rb");
    static char buf[1 << 20];
    size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = 0;
    cJSON *doc = cJSON_Parse(buf);
    kt_expect(t, doc != NULL, "%s: not JSON (%zu bytes)", path, n);
    return doc;
}

/* The last run of kernel `name` in the profile file. */
static const cJSON *find_run(struct kt *t, const cJSON *doc, const char *name)
{
    const cJSON *run, *found = NULL;
    cJSON_ArrayForEach(run, cJSON_GetObjectItem(doc, "runs"))
    {
        const cJSON *k = cJSON_GetObjectItem(run, "kernel");
        if (cJSON_IsString(k) && !strcmp(k->valuestring, name))
            found = run;
    }
    kt_expect(t, found != NULL, "no run of kernel '%s' in the profile", name);
    return found;
}

static double num(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(obj, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const cJSON *lsu(const cJSON *run, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(run, "lsus"), i);
}

#define EXPECT_EQ(t, what, got, want)                                                            \
    kt_expect(t, (got) == (want), "%s: %.0f, expected %.0f", what, (double)(got), (double)(want))
#define EXPECT_IN(t, what, got, lo, hi)                                                          \
    kt_expect(t, (got) >= (lo) && (got) <= (hi), "%s: %.0f, expected %.0f..%.0f", what,         \
              (double)(got), (double)(lo), (double)(hi))

enum { N_STREAM = 4096, N_GROUPS = 1024, WG = 64, N_ORDERED = 256, N_CHASE = 200 };

/* Unit-stride loads and a store, one work-item per clock: every request and line counted
   exactly (16 ints to a 64-byte line), the run about N cycles, few stalls. */
static void check_stream(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "stream");
    if (!r)
        return;
    double busy = num(r, "busy_cycles");
    EXPECT_IN(t, "stream busy_cycles", busy, N_STREAM, N_STREAM + 200);
    EXPECT_IN(t, "stream cycles", num(r, "cycles"), busy, busy + 2);
    EXPECT_IN(t, "stream memory_stall_cycles", num(r, "memory_stall_cycles"), 0, N_STREAM / 10);
    EXPECT_EQ(t, "stream channel_stall_cycles", num(r, "channel_stall_cycles"), 0);
    EXPECT_EQ(t, "stream barrier_stall_cycles", num(r, "barrier_stall_cycles"), 0);
    EXPECT_EQ(t, "stream memory_reads", num(r, "memory_reads"), 2 * N_STREAM / 16);
    EXPECT_EQ(t, "stream memory_writes", num(r, "memory_writes"), N_STREAM / 16);
    EXPECT_EQ(t, "stream work_items", num(r, "work_items"), N_STREAM);
    EXPECT_EQ(t, "stream board_bytes_per_cycle", num(r, "board_bytes_per_cycle"), 64);
    for (int i = 0; i < 3; i++) {
        const cJSON *l = lsu(r, i);
        EXPECT_EQ(t, "stream LSU requests", num(l, "requests"), N_STREAM);
        EXPECT_EQ(t, "stream LSU bytes", num(l, "bytes"), 4 * N_STREAM);
        EXPECT_EQ(t, "stream LSU lines", num(l, "lines"), N_STREAM / 16);
        EXPECT_IN(t, "stream LSU bytes_per_cycle x 100", 100 * num(l, "bytes_per_cycle"), 300,
                  400);
        kt_expect(t, !strcmp(str(l, "access"), i < 2 ? "load" : "store"), "stream LSU %d: %s",
                  i, str(l, "access"));
    }
}

/* Every work-item waits at the barrier until its group's last one is in. */
static void check_barrier(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "reverse_groups");
    if (!r)
        return;
    double busy = num(r, "busy_cycles");
    EXPECT_IN(t, "reverse_groups busy_cycles", busy, N_GROUPS, 20 * N_GROUPS);
    EXPECT_IN(t, "reverse_groups barrier_stall_cycles", num(r, "barrier_stall_cycles"), 1, busy);
    EXPECT_EQ(t, "reverse_groups channel_stall_cycles", num(r, "channel_stall_cycles"), 0);
    EXPECT_EQ(t, "reverse_groups global load requests", num(lsu(r, 0), "requests"), N_GROUPS);
    EXPECT_EQ(t, "reverse_groups global store requests", num(lsu(r, 1), "requests"), N_GROUPS);
}

/* Each work-item's load waits until its store is in memory: memory stalls dominate. */
static void check_ordered(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "store_then_load");
    if (!r)
        return;
    double busy = num(r, "busy_cycles");
    EXPECT_IN(t, "store_then_load busy_cycles", busy, 4 * N_ORDERED, 200 * N_ORDERED);
    EXPECT_IN(t, "store_then_load memory_stall_cycles", num(r, "memory_stall_cycles"), busy / 2,
              busy);
    kt_expect(t, !strcmp(str(r, "main_stall"), "memory"), "store_then_load main_stall: %s",
              str(r, "main_stall"));
    for (int i = 0; i < 4; i++)
        EXPECT_EQ(t, "store_then_load LSU requests", num(lsu(r, i), "requests"), N_ORDERED);
    EXPECT_IN(t, "store_then_load load LSU stall_cycles", num(lsu(r, 1), "stall_cycles"), 1, busy);
}

/* drain gets a packet every chase iteration (II 27): it waits on the channel. */
static void check_channel(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "drain"), *c = find_run(t, doc, "chase");
    if (!r || !c)
        return;
    double busy = num(r, "busy_cycles");
    EXPECT_IN(t, "drain busy_cycles", busy, 20 * N_CHASE, 100 * N_CHASE);
    EXPECT_IN(t, "drain channel_stall_cycles", num(r, "channel_stall_cycles"), busy / 2, busy);
    kt_expect(t, !strcmp(str(r, "main_stall"), "channel"), "drain main_stall: %s",
              str(r, "main_stall"));
    EXPECT_EQ(t, "drain store requests", num(lsu(r, 0), "requests"), N_CHASE);
    EXPECT_EQ(t, "chase load requests", num(lsu(c, 0), "requests"), N_CHASE);
    EXPECT_EQ(t, "chase barrier_stall_cycles", num(c, "barrier_stall_cycles"), 0);
}

/* printf's record counter is listed with its kind, one request per call. */
static void check_printf(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "say"), *l;
    int counters = 0;
    if (!r)
        return;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(r, "lsus"))
    {
        if (!strcmp(str(l, "kind"), "printf counter")) {
            counters++;
            EXPECT_EQ(t, "say printf counter requests", num(l, "requests"), 8);
        }
    }
    EXPECT_EQ(t, "say printf counters", counters, 1);
}

/* Four compute units: the requests and lines summed over the copies are the launch's; busy
   cycles are copy-cycles, so between the run's cycles and four times them. */
static void check_cu(struct kt *t, const cJSON *doc)
{
    const cJSON *r = find_run(t, doc, "stream_cu4");
    if (!r)
        return;
    double busy = num(r, "busy_cycles"), cycles = num(r, "cycles");
    EXPECT_IN(t, "stream_cu4 busy_cycles", busy, cycles, 4 * cycles);
    EXPECT_EQ(t, "stream_cu4 memory_writes", num(r, "memory_writes"), N_STREAM / 16);
    for (int i = 0; i < 2; i++) {
        EXPECT_EQ(t, "stream_cu4 LSU requests", num(lsu(r, i), "requests"), N_STREAM);
        EXPECT_EQ(t, "stream_cu4 LSU lines", num(lsu(r, i), "lines"), N_STREAM / 16);
    }
}

static cl_command_queue new_queue(struct kt *t)
{
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(t->context, t->device, NULL, &err);
    kt_expect(t, err == CL_SUCCESS, "clCreateCommandQueueWithProperties: %d", err);
    return q;
}

static void run_kernels(struct kt *t)
{
    static int a[N_STREAM], b[N_STREAM], next[N_CHASE + 1], idx[N_ORDERED];
    for (int i = 0; i < N_STREAM; i++)
        a[i] = i, b[i] = 3 * i;
    for (int i = 0; i <= N_CHASE; i++)
        next[i] = (i * 7 + 1) % (N_CHASE + 1);
    for (int i = 0; i < N_ORDERED; i++)
        idx[i] = i;

    cl_kernel k = kt_kernel(t, "stream");
    cl_mem ba = kt_buffer_arg(t, k, 0, sizeof(a), a), bb = kt_buffer_arg(t, k, 1, sizeof(b), b);
    cl_mem bc = kt_buffer_arg(t, k, 2, sizeof(a), NULL);
    size_t n = N_STREAM, wg = WG;
    kt_run(t, k, 1, NULL, &n, NULL);
    kt_release(k, ba, bb, bc);

    k = kt_kernel(t, "reverse_groups");
    ba = kt_buffer_arg(t, k, 0, N_GROUPS * 4, a);
    bb = kt_buffer_arg(t, k, 1, N_GROUPS * 4, NULL);
    n = N_GROUPS;
    kt_run(t, k, 1, NULL, &n, &wg);
    static int out[N_STREAM];
    kt_read(t, bb, N_GROUPS * 4, out);
    kt_expect(t, out[0] == a[WG - 1] && out[WG] == a[2 * WG - 1], "reverse_groups: %d %d",
              out[0], out[WG]);
    kt_release(k, ba, bb, NULL);

    k = kt_kernel(t, "store_then_load");
    ba = kt_buffer_arg(t, k, 0, N_ORDERED * 4, NULL);
    bb = kt_buffer_arg(t, k, 1, N_ORDERED * 4, idx);
    bc = kt_buffer_arg(t, k, 2, N_ORDERED * 4, NULL);
    n = N_ORDERED;
    kt_run(t, k, 1, NULL, &n, NULL);
    kt_read(t, bc, N_ORDERED * 4, out);
    kt_expect(t, out[5] == 5 && out[N_ORDERED - 1] == N_ORDERED - 1, "store_then_load: %d",
              out[5]);
    kt_release(k, ba, bb, bc);

    /* the consumer first, on a queue of its own: it runs beside the producer */
    cl_kernel drain = kt_kernel(t, "drain"), chase = kt_kernel(t, "chase");
    int count = N_CHASE;
    bc = kt_buffer_arg(t, drain, 0, N_CHASE * 4, NULL);
    kt_arg(t, drain, 1, sizeof(count), &count);
    ba = kt_buffer_arg(t, chase, 0, sizeof(next), next);
    kt_arg(t, chase, 1, sizeof(count), &count);
    cl_command_queue q = new_queue(t);
    kt_expect(t, clEnqueueTask(q, drain, 0, NULL, NULL) == CL_SUCCESS, "enqueue drain");
    kt_task(t, chase);
    clFinish(q);
    clReleaseCommandQueue(q);
    kt_read(t, bc, N_CHASE * 4, out);
    kt_expect(t, out[0] == next[0] && out[1] == next[next[0]], "chase: %d %d", out[0], out[1]);
    kt_release(drain, bc, NULL, NULL);
    kt_release(chase, ba, NULL, NULL);

    k = kt_kernel(t, "stream_cu4");
    ba = kt_buffer_arg(t, k, 0, sizeof(a), a);
    bb = kt_buffer_arg(t, k, 1, sizeof(a), NULL);
    n = N_STREAM;
    kt_run(t, k, 1, NULL, &n, &wg);
    kt_read(t, bb, sizeof(a), out);
    kt_expect(t, out[7] == 21 && out[N_STREAM - 1] == 3 * (N_STREAM - 1), "stream_cu4: %d %d",
              out[7], out[N_STREAM - 1]);
    kt_release(k, ba, bb, NULL);

    k = kt_kernel(t, "say");
    ba = kt_buffer_arg(t, k, 0, 8 * 4, a);
    n = 8;
    kt_run(t, k, 1, NULL, &n, NULL);
    kt_release(k, ba, NULL, NULL);
}

/* clBuildProgram(..., "-profile") builds the counters in too. */
static void online_build(struct kt *t, const char *path)
{
    static const char *src = "kernel void online_copy(global const int *a, global int *b)\n"
                             "{ b[get_global_id(0)] = a[get_global_id(0)]; }\n";
    cl_int err;
    cl_program p = clCreateProgramWithSource(t->context, 1, &src, NULL, &err);
    err = err ? err : clBuildProgram(p, 1, &t->device, "-profile", NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "clBuildProgram(-profile): %d", err);
    if (err)
        return;
    cl_kernel k = clCreateKernel(p, "online_copy", &err);
    static int a[256];
    cl_mem ba = kt_buffer_arg(t, k, 0, sizeof(a), a), bb = kt_buffer_arg(t, k, 1, sizeof(a), NULL);
    size_t n = 256;
    kt_run(t, k, 1, NULL, &n, NULL);
    kt_release(k, ba, bb, NULL);
    clReleaseProgram(p);
    cJSON *doc = load_profile(t, path);
    const cJSON *r = find_run(t, doc, "online_copy");
    if (r)
        EXPECT_EQ(t, "online_copy load requests", num(lsu(r, 0), "requests"), 256);
    cJSON_Delete(doc);
}

int main(int argc, char **argv)
{
    struct kt t;
    if (argc < 3) {
        fprintf(stderr, "usage: %s PROGRAM.oclbin PROFILE.json\n", argv[0]);
        return 2;
    }
    remove(argv[2]);
    setenv("OCLHLS_PROFILE", argv[2], 1); /* read by the runtime after each run */
    kt_init(&t, "profile", argv[1]);
    run_kernels(&t);
    cJSON *doc = load_profile(&t, argv[2]);
    if (doc) {
        check_stream(&t, doc);
        check_barrier(&t, doc);
        check_ordered(&t, doc);
        check_channel(&t, doc);
        check_printf(&t, doc);
        check_cu(&t, doc);
    }
    cJSON_Delete(doc);
    online_build(&t, argv[2]);
    return kt_finish(&t);
}
