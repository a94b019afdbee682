/* SPDX-License-Identifier: MIT */
/*
 * Event profiling (CL_QUEUE_PROFILING_ENABLE):
 * - QUEUED <= SUBMIT <= START <= END <= COMPLETE for every kind of command the device runs,
 *   and in an in-order queue no command STARTs before the previous one ENDs;
 * - CL_PROFILING_INFO_NOT_AVAILABLE without profiling, before completion, for user events;
 * - CL_DEVICE_PROFILING_TIMER_RESOLUTION is one period of the board's clock (board.json);
 * - a kernel's END - START is its device cycle count at that clock, checked against what the
 *   hardware is built to do: the dispatcher issues one work-item per clock, so a store-only
 *   kernel over N work-items takes N cycles plus a fixed pipeline fill/drain.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#ifndef OCLHLS_SIM_BOARD_JSON
#error "OCLHLS_SIM_BOARD_JSON (the sim board's description) must be defined"
#endif

/* Work-item counts of the two timed launches; their difference cancels the fixed part. */
#define SMALL_N 1024
#define LARGE_N 16384
/*
 * Fixed cycles of one launch beyond one per work-item: the CSR start pulse and end cycle (2,
 * ocl_kernel_csr.v), the dispatcher's first issue and the few stages of this kernel up to the
 * store LSU accepting the last store (a store needs no 20-cycle read latency). Measured: 5.
 * 32 bounds it with margin and still catches a launch that loses a cycle per memory line.
 */
#define MAX_FIXED_CYCLES 32

static const char *const source = "__kernel void iota(__global int *out)\n"
                                  "{\n"
                                  "    size_t i = get_global_id(0);\n"
                                  "    out[i] = (int)i;\n"
                                  "}\n"
                                  "__kernel void poke(__global int *out)\n"
                                  "{\n"
                                  "    out[0] = 42;\n"
                                  "}\n";

static cl_context ctx;
static cl_command_queue q;

struct stamps {
    cl_ulong queued, submit, start, end, complete;
};

static cl_int stamps_of(cl_event ev, struct stamps *s)
{
    cl_int err = CL_SUCCESS;

    err |= clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof(cl_ulong), &s->queued,
                                   NULL);
    err |= clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, sizeof(cl_ulong), &s->submit,
                                   NULL);
    err |=
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), &s->start, NULL);
    err |= clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(cl_ulong), &s->end, NULL);
    err |= clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_COMPLETE, sizeof(cl_ulong),
                                   &s->complete, NULL);
    return err;
}

/* Checks one event's timestamps; prev_end is the END of the command before it (or 0). */
static cl_ulong check_order(cl_event ev, const char *what, cl_ulong prev_end)
{
    struct stamps s = {0};
    cl_int err = stamps_of(ev, &s);

    CHECK(err == CL_SUCCESS, "%s: all five profiling queries succeed (%s)", what,
          api_err_name(err));
    CHECK(s.queued <= s.submit && s.submit <= s.start && s.start <= s.end && s.end <= s.complete &&
              s.queued > 0,
          "%s: QUEUED %llu <= SUBMIT +%llu <= START +%llu <= END +%llu <= COMPLETE +%llu ns", what,
          (unsigned long long)s.queued, (unsigned long long)(s.submit - s.queued),
          (unsigned long long)(s.start - s.queued), (unsigned long long)(s.end - s.queued),
          (unsigned long long)(s.complete - s.queued));
    if (prev_end)
        CHECK(s.start >= prev_end, "%s: starts %lld ns after the previous command ends", what,
              (long long)(s.start - prev_end));
    return s.end;
}

/* The board's clock in MHz, read from its description (independent of the runtime). */
static double board_clock_mhz(void)
{
    static char text[8192];
    FILE *f = fopen(OCLHLS_SIM_BOARD_JSON, "r");
    size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
    const char *p;
    double mhz = 0;

    if (f)
        fclose(f);
    text[n] = '\0';
    p = strstr(text, "\"clock_mhz\"");
    if (p && (p = strchr(p, ':')) != NULL)
        mhz = strtod(p + 1, NULL);
    return mhz;
}

/* Every command kind the device runs, each with its event, in one in-order queue. */
static void every_command_kind(cl_kernel iota, cl_kernel poke)
{
    enum { WORDS = 4096 };
    static int host[WORDS], back[WORDS];
    const size_t origin[3] = {0, 0, 0}, region[3] = {64, 8, 1};
    const size_t global = 256;
    const int pattern = 7;
    cl_event ev[16];
    const char *what[16];
    int n = 0;
    cl_mem a, b;
    cl_int err;
    void *p;

    a = clCreateBuffer(ctx, 0, sizeof(host), NULL, &err);
    MUST(err);
    b = clCreateBuffer(ctx, 0, sizeof(host), NULL, &err);
    MUST(err);
    MUST(clSetKernelArg(iota, 0, sizeof(cl_mem), &a));
    MUST(clSetKernelArg(poke, 0, sizeof(cl_mem), &b));

#define ENQ(name, call) (what[n] = (name), EXPECT((call), CL_SUCCESS), n++)
    ENQ("write", clEnqueueWriteBuffer(q, a, CL_FALSE, 0, sizeof(host), host, 0, NULL, &ev[n]));
    ENQ("copy", clEnqueueCopyBuffer(q, a, b, 0, 0, sizeof(host), 0, NULL, &ev[n]));
    ENQ("fill", clEnqueueFillBuffer(q, b, &pattern, sizeof(pattern), 0, 1024, 0, NULL, &ev[n]));
    ENQ("read", clEnqueueReadBuffer(q, b, CL_FALSE, 0, sizeof(back), back, 0, NULL, &ev[n]));
    ENQ("write rect", clEnqueueWriteBufferRect(q, a, CL_FALSE, origin, origin, region, 128, 0, 128,
                                               0, host, 0, NULL, &ev[n]));
    ENQ("read rect", clEnqueueReadBufferRect(q, a, CL_FALSE, origin, origin, region, 128, 0, 128, 0,
                                             back, 0, NULL, &ev[n]));
    ENQ("copy rect",
        clEnqueueCopyBufferRect(q, a, b, origin, origin, region, 128, 0, 128, 0, 0, NULL, &ev[n]));
    ENQ("ndrange kernel", clEnqueueNDRangeKernel(q, iota, 1, NULL, &global, NULL, 0, NULL, &ev[n]));
    ENQ("task", clEnqueueTask(q, poke, 0, NULL, &ev[n]));
    p = clEnqueueMapBuffer(q, a, CL_FALSE, CL_MAP_READ | CL_MAP_WRITE, 0, 4096, 0, NULL, &ev[n],
                           &err);
    ENQ("map", err);
    ENQ("unmap", clEnqueueUnmapMemObject(q, a, p, 0, NULL, &ev[n]));
    ENQ("migrate", clEnqueueMigrateMemObjects(q, 1, &a, 0, 0, NULL, &ev[n]));
    ENQ("marker", clEnqueueMarkerWithWaitList(q, 0, NULL, &ev[n]));
    ENQ("barrier", clEnqueueBarrierWithWaitList(q, 0, NULL, &ev[n]));
#undef ENQ
    MUST(clFinish(q));

    cl_ulong prev_end = 0;
    for (int i = 0; i < n; i++) {
        prev_end = check_order(ev[i], what[i], prev_end);
        clReleaseEvent(ev[i]);
    }
    clReleaseMemObject(a);
    clReleaseMemObject(b);
}

/* A command held back by a user event: not available while waiting; START after the set. */
static void held_by_user_event(void)
{
    cl_event user, marker;
    cl_ulong t = 0, set_at = 0, host = 0;
    struct stamps s = {0};
    cl_int err;

    user = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clEnqueueMarkerWithWaitList(q, 1, &user, &marker));
    EXPECT(clGetEventProfilingInfo(marker, CL_PROFILING_COMMAND_START, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_QUEUED, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    /* the host timer is on the same clock as the timestamps (docs/runtime.md) */
    MUST(clGetHostTimer(api_device(), &set_at));
    MUST(clSetUserEventStatus(user, CL_COMPLETE));
    MUST(clWaitForEvents(1, &marker));
    MUST(clGetHostTimer(api_device(), &host));
    EXPECT(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    MUST(stamps_of(marker, &s));
    CHECK(s.submit <= set_at && s.start >= set_at && s.end <= host,
          "marker behind a user event: SUBMIT %lld ns before the set, START %lld ns after, "
          "END %lld ns before the host timer",
          (long long)(set_at - s.submit), (long long)(s.start - set_at), (long long)(host - s.end));
    check_order(marker, "marker behind a user event", 0);
    clReleaseEvent(marker);
    clReleaseEvent(user);
}

/* Profiling information is not available from a queue without profiling. */
static void without_profiling(void)
{
    cl_command_queue plain = api_queue(ctx, false);
    cl_event ev;
    cl_ulong t;

    MUST(clEnqueueMarkerWithWaitList(plain, 0, NULL, &ev));
    MUST(clFinish(plain));
    EXPECT(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(t), &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    clReleaseEvent(ev);
    clReleaseCommandQueue(plain);
}

/* Runs iota over n work-items; returns END - START in ns (0 on failure) and checks output. */
static cl_ulong kernel_ns(cl_kernel iota, cl_mem out, size_t n)
{
    static int got[LARGE_N];
    size_t local = 256;
    struct stamps s = {0};
    cl_event ev;
    int bad = 0;

    MUST(clSetKernelArg(iota, 0, sizeof(cl_mem), &out));
    MUST(clEnqueueNDRangeKernel(q, iota, 1, NULL, &n, &local, 0, NULL, &ev));
    MUST(clEnqueueReadBuffer(q, out, CL_TRUE, 0, n * sizeof(int), got, 0, NULL, NULL));
    for (size_t i = 0; i < n; i++)
        bad += got[i] != (int)i;
    CHECK(bad == 0, "iota over %zu work-items: %d wrong", n, bad);
    MUST(stamps_of(ev, &s));
    clReleaseEvent(ev);
    return s.end - s.start;
}

/* END - START of a kernel against the cycles the hardware is built to take. */
static void kernel_cycles(cl_kernel iota, double mhz)
{
    cl_mem out;
    cl_int err;
    double small, large, period_ns = 1000.0 / mhz;

    out = clCreateBuffer(ctx, 0, LARGE_N * sizeof(int), NULL, &err);
    MUST(err);
    small = (double)kernel_ns(iota, out, SMALL_N) / period_ns;
    large = (double)kernel_ns(iota, out, LARGE_N) / period_ns;
    /* END - START is a whole number of clock periods: cycles x 1000 / MHz */
    CHECK(small == (double)(long long)small && large == (double)(long long)large,
          "END - START is a whole number of %.3f ns periods (%.3f, %.3f)", period_ns, small, large);
    CHECK(small >= SMALL_N && small <= SMALL_N + MAX_FIXED_CYCLES,
          "%d work-items: %.0f cycles, want N + at most %d fixed", SMALL_N, small,
          MAX_FIXED_CYCLES);
    CHECK(large >= LARGE_N && large <= LARGE_N + MAX_FIXED_CYCLES,
          "%d work-items: %.0f cycles, want N + at most %d fixed", LARGE_N, large,
          MAX_FIXED_CYCLES);
    /*
     * The fixed part is the same for both sizes (same kernel, same pipeline), so the
     * difference is one cycle per extra work-item. The store LSU may stall now and then on
     * the memory port (16 ints per 64-byte line), so allow 1%.
     */
    CHECK(large - small >= LARGE_N - SMALL_N && large - small <= (LARGE_N - SMALL_N) * 1.01,
          "%d more work-items take %.0f more cycles (one per clock: %d)", LARGE_N - SMALL_N,
          large - small, LARGE_N - SMALL_N);
    clReleaseMemObject(out);
}

int main(void)
{
    cl_device_id dev;
    cl_program prog;
    cl_kernel iota, poke;
    cl_uint dev_mhz = 0;
    size_t resolution = 0;
    double mhz;
    cl_int err;

    api_begin("api.profiling");
    dev = api_device();
    ctx = api_context();
    q = api_queue(ctx, true);

    mhz = board_clock_mhz();
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(dev_mhz), &dev_mhz, NULL));
    MUST(clGetDeviceInfo(dev, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof(resolution), &resolution,
                         NULL));
    CHECK(mhz > 0 && dev_mhz == (cl_uint)(mhz + 0.5),
          "CL_DEVICE_MAX_CLOCK_FREQUENCY %u MHz is the board's clock_mhz %.1f", dev_mhz, mhz);
    CHECK(mhz > 0 && resolution == (size_t)(1000.0 / mhz + 0.5),
          "CL_DEVICE_PROFILING_TIMER_RESOLUTION %zu ns is one period at %.1f MHz", resolution, mhz);
    if (mhz <= 0)
        mhz = 200;

    prog = api_build(ctx, source, NULL);
    if (!prog) {
        CHECK(false, "the test kernels build");
        return api_end();
    }
    iota = clCreateKernel(prog, "iota", &err);
    MUST(err);
    poke = clCreateKernel(prog, "poke", &err);
    MUST(err);

    every_command_kind(iota, poke);
    held_by_user_event();
    without_profiling();
    kernel_cycles(iota, mhz);

    clReleaseKernel(iota);
    clReleaseKernel(poke);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
