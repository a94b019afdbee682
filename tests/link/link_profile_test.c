/* SPDX-License-Identifier: MIT */
/*
 * oclhls build --profile on the co-simulated iCEBreaker (ctest sets OCLHLS_BOARD=icebreaker
 * and OCLHLS_USB_COSIM): profile.cl built through clBuildProgram's -profile, each kernel run
 * over N ints with OCLHLS_PROFILE set, and the counters the runtime wrote checked. The line
 * kernel moves one 64-bit line per clock: N / 2 lines of each stream, the memory busy every
 * cycle. The pipeline's three LSUs share the single-ported memory: exact requests and
 * lines, and memory stalls.
 *
 *   link_profile_test profile.cl PROFILE.json
 */
#include <CL/cl.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_check.h"

#define N 1000

static int failures;

static void run(cl_context ctx, cl_command_queue q, cl_program p, const char *name, int backwards)
{
    static int a[N], b[N], c[N];
    cl_int e;
    int n = N;
    size_t global = N;
    for (int i = 0; i < N; i++)
        a[i] = i, b[i] = 5 * i;
    cl_kernel k = clCreateKernel(p, name, &e);
    CHECK(e == CL_SUCCESS, "clCreateKernel(%s): %d", name, e);
    cl_mem ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(a), a, &e);
    cl_mem mb = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(b), b, &e);
    cl_mem mc = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(c), NULL, &e);
    clSetKernelArg(k, 0, sizeof(ma), &ma);
    clSetKernelArg(k, 1, sizeof(mb), &mb);
    clSetKernelArg(k, 2, sizeof(mc), &mc);
    clSetKernelArg(k, 3, sizeof(n), &n);
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    CHECK(e == CL_SUCCESS, "clEnqueueNDRangeKernel(%s): %d", name, e);
    e = clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof(c), c, 0, NULL, NULL);
    CHECK(e == CL_SUCCESS, "clEnqueueReadBuffer: %d", e);
    for (int i = 0; i < N; i++)
        if (c[i] != a[i] + b[backwards ? N - 1 - i : i]) {
            CHECK(0, "%s: c[%d] = %d", name, i, c[i]);
            break;
        }
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
}

static const cJSON *find_run(const cJSON *doc, const char *name)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(doc, "runs"))
    {
        const cJSON *k = cJSON_GetObjectItem(r, "kernel");
        if (cJSON_IsString(k) && !strcmp(k->valuestring, name))
            return r;
    }
    CHECK(0, "no run of %s in the profile", name);
    return NULL;
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static void check_runs(const char *path)
{
    char *text = link_read_file(path, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    const cJSON *r, *l;
    free(text);
    CHECK(doc != NULL, "%s: no profile", path);
    if (!doc)
        return;
    if ((r = find_run(doc, "line_sum"))) {
        /* 500 steps of 3 memory cycles: read a's line, read b's, write c's */
        CHECK(num(r, "memory_reads") == N && num(r, "memory_writes") == N / 2,
              "line_sum: %.0f reads, %.0f writes", num(r, "memory_reads"),
              num(r, "memory_writes"));
        CHECK(num(r, "busy_cycles") >= 3 * N / 2 && num(r, "busy_cycles") <= 3 * N / 2 + 10,
              "line_sum: %.0f busy cycles", num(r, "busy_cycles"));
        CHECK(num(r, "achieved_bytes_per_cycle") > 7.9 && num(r, "board_bytes_per_cycle") == 8,
              "line_sum: %.2f of %.0f bytes per cycle", num(r, "achieved_bytes_per_cycle"),
              num(r, "board_bytes_per_cycle"));
        CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(r, "lsus")) == 0, "line_sum has no LSUs");
    }
    if ((r = find_run(doc, "backwards_sum"))) {
        int i = 0;
        CHECK(num(r, "memory_stall_cycles") > 0 &&
                  num(r, "memory_stall_cycles") < num(r, "busy_cycles"),
              "backwards_sum: %.0f memory stall cycles", num(r, "memory_stall_cycles"));
        cJSON_ArrayForEach(l, cJSON_GetObjectItem(r, "lsus"))
        {
            CHECK(num(l, "requests") == N && num(l, "lines") == N / 2,
                  "backwards_sum LSU %d: %.0f requests, %.0f lines", i, num(l, "requests"),
                  num(l, "lines"));
            i++;
        }
        CHECK(i == 3, "backwards_sum: %d LSUs", i);
    }
    cJSON_Delete(doc);
}

int main(int argc, char **argv)
{
    cl_platform_id platform;
    cl_device_id dev;
    cl_int e;
    if (argc != 3) {
        fprintf(stderr, "usage: %s profile.cl PROFILE.json\n", argv[0]);
        return 2;
    }
    remove(argv[2]);
    setenv("OCLHLS_PROFILE", argv[2], 1);
    char *src = link_read_file(argv[1], NULL);
    if (!src || clGetPlatformIDs(1, &platform, NULL) ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) {
        fprintf(stderr, "FAIL: no source or no device\n");
        return 1;
    }
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
    e = clBuildProgram(p, 1, &dev, "-profile", NULL, NULL);
    CHECK(e == CL_SUCCESS, "clBuildProgram(-profile): %d", e);
    if (e == CL_SUCCESS) {
        run(ctx, q, p, "line_sum", 0);
        run(ctx, q, p, "backwards_sum", 1);
        check_runs(argv[2]);
    }
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(src);
    printf("%s: %s\n", argv[0], failures ? "FAILED" : "passed");
    return failures != 0;
}
