/* SPDX-License-Identifier: MIT */
/*
 * Line kernels (hls/transform/line_kernel.c, rtl-lib/ocl_line_engine.v) end to end on the co-simulated
 * iCEBreaker, through the cl* API (ctest sets OCLHLS_BOARD=icebreaker and OCLHLS_USB_COSIM).
 * The kernels of line_kernels.cl run over ranges that start and end inside a memory line,
 * have one work-item, two dimensions (the runtime runs a line kernel once per row), and a
 * global size above the guard's n. Every byte of every buffer is compared with a C model:
 * elements outside the range must keep their old values. The build log must say each
 * kernel became a line kernel.
 *
 *   link_line_kernels_test line_kernels.cl
 */
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_check.h"

#define MAX_ELEMS 512

static int failures;

static cl_context ctx;
static cl_command_queue queue;
static cl_program program;
static uint32_t rng = 12345;

static uint32_t next_random(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8 ^ rng << 13;
}

/* A buffer argument: its host copy (what the device must hold afterwards is computed into
   want) and its device buffer. */
struct array {
    size_t elem, count;
    uint8_t host[MAX_ELEMS * 8], want[MAX_ELEMS * 8];
    cl_mem mem;
};

static void array_init(struct array *a, size_t elem, size_t count)
{
    cl_int e;
    a->elem = elem;
    a->count = count;
    for (size_t i = 0; i < elem * count; i++)
        a->host[i] = a->want[i] = (uint8_t)next_random();
    a->mem =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, elem * count, a->host, &e);
    CHECK(e == CL_SUCCESS, "clCreateBuffer: %d", e);
}

static int64_t get(const struct array *a, size_t i) /* sign-extended */
{
    int64_t v = 0;
    memcpy(&v, a->host + i * a->elem, a->elem);
    int shift = 64 - 8 * (int)a->elem;
    return shift ? (int64_t)((uint64_t)v << shift) >> shift : v;
}

static void put(struct array *a, size_t i, int64_t v)
{
    memcpy(a->want + i * a->elem, &v, a->elem);
}

/* Reads the buffer back and compares it with want, element by element. */
static void array_check(struct array *a, const char *what)
{
    uint8_t got[MAX_ELEMS * 8];
    int wrong = 0;
    cl_int e =
        clEnqueueReadBuffer(queue, a->mem, CL_TRUE, 0, a->elem * a->count, got, 0, NULL, NULL);
    CHECK(e == CL_SUCCESS, "%s: read back: %d", what, e);
    for (size_t i = 0; i < a->count; i++)
        if (memcmp(got + i * a->elem, a->want + i * a->elem, a->elem) && wrong++ < 4)
            CHECK(0, "%s: element %zu differs (first byte %02x, want %02x)", what, i,
                  got[i * a->elem], a->want[i * a->elem]);
    CHECK(!wrong, "%s: %d of %zu elements wrong", what, wrong, a->count);
    clReleaseMemObject(a->mem);
}

/* Runs kernel name over the range; the arguments are set by the caller. Returns the
   profiled run time in ns (0 on failure). */
static cl_ulong run(cl_kernel k, const char *what, cl_uint dims, const size_t *offset,
                    const size_t *global)
{
    cl_event ev;
    cl_ulong start = 0, end = 0;
    cl_int e = clEnqueueNDRangeKernel(queue, k, dims, offset, global, NULL, 0, NULL, &ev);
    CHECK(e == CL_SUCCESS, "%s: clEnqueueNDRangeKernel: %d", what, e);
    if (e != CL_SUCCESS)
        return 0;
    e = clWaitForEvents(1, &ev);
    CHECK(e == CL_SUCCESS, "%s: the kernel failed: %d", what, e);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
    clReleaseEvent(ev);
    return end - start;
}

static cl_kernel kernel(const char *name)
{
    cl_int e;
    cl_kernel k = clCreateKernel(program, name, &e);
    CHECK(e == CL_SUCCESS, "clCreateKernel %s: %d", name, e);
    return k;
}

/* c = (a - b) ^ 3 on chars: 8 work-items a line; 1-D, or rows of a 2-D or 3-D range (the
   third dimension 2 wide). Returns the profiled ns. */
static cl_ulong test_bytes(cl_uint dims, size_t x0, size_t nx, size_t rows)
{
    struct array a, b, c;
    cl_kernel k = kernel("bytes");
    size_t offset[3] = {x0, 4, 1}, global[3] = {nx, rows, dims == 3 ? 2 : 1};
    char what[64];
    snprintf(what, sizeof(what), "bytes x %zu+%zu, %zu rows, %u dimensions", x0, nx,
             rows * global[2], dims);
    array_init(&a, 1, 300);
    array_init(&b, 1, 300);
    array_init(&c, 1, 300);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(cl_mem), &b.mem);
    clSetKernelArg(k, 2, sizeof(cl_mem), &c.mem);
    for (size_t i = x0; i < x0 + nx; i++)
        put(&c, i, (get(&a, i) - get(&b, i)) ^ 3);
    cl_ulong ns = run(k, what, dims, offset, global);
    array_check(&a, what);
    array_check(&b, what);
    array_check(&c, what);
    clReleaseKernel(k);
    return ns;
}

/* if (i < n) b[i] = (a[i] << 1) + k on shorts: a global size above n. */
static void test_shorts(size_t x0, size_t nx, int n)
{
    struct array a, b;
    cl_kernel k = kernel("shorts");
    short add = -1234;
    char what[64];
    snprintf(what, sizeof(what), "shorts x %zu+%zu, n %d", x0, nx, n);
    array_init(&a, 2, 200);
    array_init(&b, 2, 200);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(cl_mem), &b.mem);
    clSetKernelArg(k, 2, sizeof(add), &add);
    clSetKernelArg(k, 3, sizeof(n), &n);
    for (size_t i = x0; i < x0 + nx && (int)i < n; i++)
        put(&b, i, (int16_t)((get(&a, i) << 1) + add));
    run(k, what, 1, &x0, &nx);
    array_check(&a, what);
    array_check(&b, what);
    clReleaseKernel(k);
}

/* b = a + i, c = a ^ constant on longs: one work-item a line, one load and two stores. */
static void test_longs(size_t x0, size_t nx)
{
    struct array a, b, c;
    cl_kernel k = kernel("longs");
    char what[64];
    snprintf(what, sizeof(what), "longs x %zu+%zu", x0, nx);
    array_init(&a, 8, 40);
    array_init(&b, 8, 40);
    array_init(&c, 8, 40);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(cl_mem), &b.mem);
    clSetKernelArg(k, 2, sizeof(cl_mem), &c.mem);
    for (size_t i = x0; i < x0 + nx; i++) {
        put(&b, i, (int64_t)((uint64_t)get(&a, i) + (uint32_t)i));
        put(&c, i, get(&a, i) ^ 0x5555aaaa5555aaaaLL);
    }
    run(k, what, 1, &x0, &nx);
    array_check(&a, what);
    array_check(&b, what);
    array_check(&c, what);
    clReleaseKernel(k);
}

/* c = (i << 2) + k - global size: no load, a launch value. */
static void test_ids(size_t x0, size_t nx)
{
    struct array c;
    cl_kernel k = kernel("ids");
    int add = 12345;
    char what[64];
    snprintf(what, sizeof(what), "ids x %zu+%zu", x0, nx);
    array_init(&c, 4, 120);
    clSetKernelArg(k, 0, sizeof(cl_mem), &c.mem);
    clSetKernelArg(k, 1, sizeof(add), &add);
    for (size_t i = x0; i < x0 + nx; i++)
        put(&c, i, (int32_t)(((uint32_t)i << 2) + (uint32_t)add - (uint32_t)nx));
    run(k, what, 1, &x0, &nx);
    array_check(&c, what);
    clReleaseKernel(k);
}

/* a = a + b: the store goes to the array a load reads. */
static void test_in_place(size_t x0, size_t nx)
{
    struct array a, b;
    cl_kernel k = kernel("in_place");
    char what[64];
    snprintf(what, sizeof(what), "in_place x %zu+%zu", x0, nx);
    array_init(&a, 4, 130);
    array_init(&b, 4, 130);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(cl_mem), &b.mem);
    for (size_t i = x0; i < x0 + nx; i++)
        put(&a, i, (int32_t)((uint32_t)get(&a, i) + (uint32_t)get(&b, i)));
    run(k, what, 1, &x0, &nx);
    array_check(&a, what);
    array_check(&b, what);
    clReleaseKernel(k);
}

/* if (a[i] > lo) c[i] = a[i]: a predicate from the data. */
static void test_above(size_t x0, size_t nx)
{
    struct array a, c;
    cl_kernel k = kernel("above");
    int lo = 0;
    char what[64];
    snprintf(what, sizeof(what), "above x %zu+%zu", x0, nx);
    array_init(&a, 4, 130);
    array_init(&c, 4, 130);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(cl_mem), &c.mem);
    clSetKernelArg(k, 2, sizeof(lo), &lo);
    for (size_t i = x0; i < x0 + nx; i++)
        if (get(&a, i) > lo)
            put(&c, i, get(&a, i));
    run(k, what, 1, &x0, &nx);
    array_check(&a, what);
    array_check(&c, what);
    clReleaseKernel(k);
}

/*
 * if (i < n) a[i] += 1 over x0 + nx: a range reaching above the 2^17 / 4 = 32768 int ids the
 * iCEBreaker's engine covers (meta line_ids). The runtime leaves those work-items out; were
 * they run, their ids would wrap into the array and bump elements a second time.
 */
static void test_bump(size_t x0, size_t nx, int n)
{
    struct array a;
    cl_kernel k = kernel("bump");
    char what[64];
    snprintf(what, sizeof(what), "bump x %zu+%zu, n %d", x0, nx, n);
    array_init(&a, 4, 200);
    clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
    clSetKernelArg(k, 1, sizeof(n), &n);
    for (size_t i = x0; i < x0 + nx && (long)i < n && i < a.count; i++)
        put(&a, i, (int32_t)((uint32_t)get(&a, i) + 1));
    run(k, what, 1, &x0, &nx);
    array_check(&a, what);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    static const char *const names[] = {"bytes",    "shorts", "longs", "ids",
                                        "in_place", "above",  "bump"};
    static char log[65536];
    const cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_platform_id platform;
    cl_device_id dev;
    cl_int e;
    char *src;

    if (argc != 2 || !(src = link_read_file(argv[1], NULL))) {
        fprintf(stderr, "usage: %s line_kernels.cl\n", argv[0]);
        return 2;
    }
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        fprintf(stderr, "FAIL: no oclhls device\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    queue = clCreateCommandQueueWithProperties(ctx, dev, props, &e);
    program = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
    e = clBuildProgram(program, 1, &dev, "-report", NULL, NULL); /* the report in the log */
    clGetProgramBuildInfo(program, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
    if (e != CL_SUCCESS) {
        fprintf(stderr, "FAIL: clBuildProgram: %d\n%s\n", e, log);
        return 1;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char line[64];
        snprintf(line, sizeof(line), "kernel %s (line", names[i]);
        const char *at = strstr(log, line);
        CHECK(at && !strncmp(strchr(at, ':'), ": line kernel", 13),
              "kernel %s is not a line kernel; build log:\n%s", names[i], log);
    }

    /* ranges from and to the middle of a line, inside one line, one work-item */
    cl_ulong one_row = test_bytes(1, 0, 203, 1);
    test_bytes(1, 5, 190, 1);
    test_bytes(1, 9, 5, 1);
    test_bytes(1, 3, 1, 1);
    /* three rows: the runtime starts the kernel once per row, each row takes as long */
    cl_ulong three_rows = test_bytes(2, 0, 203, 3);
    CHECK(three_rows > one_row * 5 / 2, "3 rows took %llu ns, 1 row %llu ns: not run per row",
          (unsigned long long)three_rows, (unsigned long long)one_row);
    /* and 2 x 2 rows of a 3-D range */
    cl_ulong four_rows = test_bytes(3, 0, 203, 2);
    CHECK(four_rows > one_row * 7 / 2, "4 rows took %llu ns, 1 row %llu ns: not run per row",
          (unsigned long long)four_rows, (unsigned long long)one_row);
    test_shorts(0, 192, 150);
    test_shorts(1, 150, 150);
    test_shorts(3, 2, 150);
    test_longs(0, 40);
    test_longs(2, 33);
    test_ids(0, 120);
    test_ids(9, 77);
    test_in_place(1, 99);
    test_in_place(0, 130);
    test_bump(10, 32768 + 50, 150);      /* ids 32768 .. 32827 left out */
    test_bump(32768 + 100, 16, 1 << 30); /* all above: nothing runs */
    test_above(0, 128);
    test_above(7, 100);

    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free(src);
    fprintf(stderr, "%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
