/* SPDX-License-Identifier: MIT */
/*
 * Independent commands overlap on the device (issue 6): the worker starts a kernel and goes on
 * with other commands while it runs.
 * - two different kernels of one program, on two queues and on one out-of-order queue, run at
 *   once: their [START, END] intervals overlap and their cycles add up to clearly more than
 *   the span from the first START to the last END;
 * - a buffer write on another queue completes while a long kernel still runs;
 * - the same kernel launched twice runs once after the other, both results right;
 * - an in-order queue still runs its kernels one after the other.
 * Each kernel is one work-item counting to n, with one global store at the end. The launches
 * that should overlap wait on one user event, so both are ready when it is set.
 */
#include <stdio.h>
#include <time.h>

#include "api_test.h"

/* Iterations of the short and of the long loop (the long one runs for a good part of a
 * second of wall time in the Verilator model). */
#define SPIN_N 600000u
#define LONG_N 2000000u
/* "Clearly larger": two equal kernels run at once give 2.0, one after the other 1.0 or less. */
#define MIN_OVERLAP_RATIO 1.5

static const char *const source = "__kernel void spin_a(__global uint *out, uint n)\n"
                                  "{\n"
                                  "    uint acc = 1;\n"
                                  "    for (uint i = 0; i < n; i++)\n"
                                  "        acc = acc * 3u + i;\n"
                                  "    out[0] = acc;\n"
                                  "}\n"
                                  "__kernel void spin_b(__global uint *out, uint n)\n"
                                  "{\n"
                                  "    uint acc = 7;\n"
                                  "    for (uint i = 0; i < n; i++)\n"
                                  "        acc = acc * 5u + i;\n"
                                  "    out[0] = acc;\n"
                                  "}\n";

static cl_context ctx;

/* What spin_a (mul 3, start 1) or spin_b (mul 5, start 7) stores. */
static cl_uint expected(cl_uint mul, cl_uint start, cl_uint n)
{
    cl_uint acc = start;

    for (cl_uint i = 0; i < n; i++)
        acc = acc * mul + i;
    return acc;
}

struct interval {
    cl_ulong start, end;
};

static struct interval interval_of(cl_event ev)
{
    struct interval iv = {0, 0};

    EXPECT(
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), &iv.start, NULL),
        CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(cl_ulong), &iv.end, NULL),
           CL_SUCCESS);
    return iv;
}

static cl_uint read_word(cl_command_queue q, cl_mem m)
{
    cl_uint v = 0;

    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(v), &v, 0, NULL, NULL), CL_SUCCESS);
    return v;
}

/* Enqueues kernel k (out, n) as one work-item on q after gate (when not NULL). */
static cl_event launch(cl_command_queue q, cl_kernel k, cl_mem out, cl_uint n, cl_event gate)
{
    const size_t one = 1;
    cl_event ev = NULL;

    MUST(clSetKernelArg(k, 0, sizeof(out), &out));
    MUST(clSetKernelArg(k, 1, sizeof(n), &n));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, gate ? 1 : 0, gate ? &gate : NULL, &ev));
    return ev;
}

/* Runs k1 on q1 and k2 on q2 (maybe the same queue or kernel) after one gate; their
 * intervals in iv[2]. Checks both results. */
static void gated_pair(const char *what, cl_command_queue q1, cl_kernel k1, cl_uint mul1,
                       cl_uint st1, cl_command_queue q2, cl_kernel k2, cl_uint mul2, cl_uint st2,
                       struct interval iv[2])
{
    cl_int err;
    cl_event gate = clCreateUserEvent(ctx, &err), ev[2];
    cl_mem out[2];

    MUST(err);
    for (int i = 0; i < 2; i++) {
        out[i] = clCreateBuffer(ctx, 0, sizeof(cl_uint), NULL, &err);
        MUST(err);
    }
    ev[0] = launch(q1, k1, out[0], SPIN_N, gate);
    ev[1] = launch(q2, k2, out[1], SPIN_N + 1000, gate);
    MUST(clSetUserEventStatus(gate, CL_COMPLETE));
    EXPECT(clWaitForEvents(2, ev), CL_SUCCESS);
    for (int i = 0; i < 2; i++)
        iv[i] = interval_of(ev[i]);
    CHECK(read_word(q1, out[0]) == expected(mul1, st1, SPIN_N), "%s: first result right", what);
    CHECK(read_word(q1, out[1]) == expected(mul2, st2, SPIN_N + 1000), "%s: second result right",
          what);
    for (int i = 0; i < 2; i++) {
        clReleaseEvent(ev[i]);
        clReleaseMemObject(out[i]);
    }
    clReleaseEvent(gate);
}

/* The two intervals overlap, and their lengths add up to clearly more than their span. */
static void check_overlap(const char *what, const struct interval iv[2])
{
    cl_ulong first = iv[0].start < iv[1].start ? iv[0].start : iv[1].start;
    cl_ulong last = iv[0].end > iv[1].end ? iv[0].end : iv[1].end;
    cl_ulong sum = (iv[0].end - iv[0].start) + (iv[1].end - iv[1].start), span = last - first;
    double ratio = span ? (double)sum / (double)span : 0;

    printf("  %s: A [0, %llu] ns, B [%lld, %lld] ns; sum %llu ns, span %llu ns, ratio %.2f\n", what,
           (unsigned long long)(iv[0].end - iv[0].start), (long long)(iv[1].start - iv[0].start),
           (long long)(iv[1].end - iv[0].start), (unsigned long long)sum, (unsigned long long)span,
           ratio);
    CHECK(iv[1].start < iv[0].end && iv[0].start < iv[1].end, "%s: the intervals overlap", what);
    CHECK(ratio >= MIN_OVERLAP_RATIO, "%s: sum / span = %.2f >= %.1f", what, ratio,
          MIN_OVERLAP_RATIO);
}

/* The second interval starts no earlier than the first one ends (in either order). */
static void check_serial(const char *what, const struct interval iv[2])
{
    const struct interval *a = iv[0].start <= iv[1].start ? &iv[0] : &iv[1];
    const struct interval *b = a == &iv[0] ? &iv[1] : &iv[0];

    printf("  %s: first [0, %llu] ns, second [%llu, %llu] ns\n", what,
           (unsigned long long)(a->end - a->start), (unsigned long long)(b->start - a->start),
           (unsigned long long)(b->end - a->start));
    CHECK(b->start >= a->end, "%s: one runs after the other (gap %lld ns)", what,
          (long long)(b->start - a->end));
}

static double now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static cl_int exec_status(cl_event ev)
{
    cl_int status = 0;

    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL);
    return status;
}

/* A write (and a blocking read) on q2 complete while a long kernel runs on q1. */
static void transfer_during_kernel(cl_command_queue q1, cl_command_queue q2, cl_kernel k)
{
    cl_uint data[256], back[256] = {0};
    cl_int err, kstatus;
    cl_mem out = clCreateBuffer(ctx, 0, sizeof(cl_uint), NULL, &err);
    cl_mem buf = clCreateBuffer(ctx, 0, sizeof(data), NULL, &err);
    cl_event kev, wev;
    double t0, t_write, t_kernel;

    MUST(err);
    for (int i = 0; i < 256; i++)
        data[i] = (cl_uint)i * 11u;
    t0 = now_ms();
    kev = launch(q1, k, out, LONG_N, NULL);
    MUST(clEnqueueWriteBuffer(q2, buf, CL_FALSE, 0, sizeof(data), data, 0, NULL, &wev));
    while (exec_status(wev) > CL_COMPLETE && now_ms() - t0 < 60000)
        ;
    t_write = now_ms() - t0;
    kstatus = exec_status(kev);
    CHECK(exec_status(wev) == CL_COMPLETE, "the write completes (%.1f ms)", t_write);
    CHECK(kstatus > CL_COMPLETE, "... while the kernel still runs (its status %d)", kstatus);
    EXPECT(clEnqueueReadBuffer(q2, buf, CL_TRUE, 0, sizeof(back), back, 0, NULL, NULL), CL_SUCCESS);
    CHECK(back[255] == 255u * 11u && exec_status(kev) > CL_COMPLETE,
          "a blocking read on the other queue returns the data while the kernel still runs");
    EXPECT(clWaitForEvents(1, &kev), CL_SUCCESS);
    t_kernel = now_ms() - t0;
    printf("  write done after %.1f ms of wall time, the kernel after %.1f ms\n", t_write,
           t_kernel);
    CHECK(read_word(q1, out) == expected(3, 1, LONG_N), "the long kernel's result is right");
    clReleaseEvent(kev);
    clReleaseEvent(wev);
    clReleaseMemObject(out);
    clReleaseMemObject(buf);
}

int main(void)
{
    cl_command_queue q1, q2, ooo;
    cl_program prog;
    cl_kernel a, b;
    cl_int err;
    struct interval iv[2];

    api_begin("api.overlap");
    ctx = api_context();
    q1 = api_queue(ctx, true);
    q2 = api_queue(ctx, true);
    ooo = clCreateCommandQueue(ctx, api_device(),
                               CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                               &err);
    MUST(err);
    prog = api_build(ctx, source, NULL);
    CHECK(prog != NULL, "the spin kernels build");
    if (!prog)
        return api_end();
    a = clCreateKernel(prog, "spin_a", &err);
    MUST(err);
    b = clCreateKernel(prog, "spin_b", &err);
    MUST(err);

    gated_pair("two kernels on two queues", q1, a, 3, 1, q2, b, 5, 7, iv);
    check_overlap("two kernels on two queues", iv);
    gated_pair("two kernels on one out-of-order queue", ooo, a, 3, 1, ooo, b, 5, 7, iv);
    check_overlap("two kernels on one out-of-order queue", iv);
    transfer_during_kernel(q1, q2, a);
    gated_pair("one kernel twice on two queues", q1, a, 3, 1, q2, a, 3, 1, iv);
    check_serial("one kernel twice on two queues", iv);
    gated_pair("two kernels on one in-order queue", q1, a, 3, 1, q1, b, 5, 7, iv);
    check_serial("two kernels on one in-order queue", iv);

    clReleaseKernel(a);
    clReleaseKernel(b);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q1);
    clReleaseCommandQueue(q2);
    clReleaseCommandQueue(ooo);
    clReleaseContext(ctx);
    return api_end();
}
