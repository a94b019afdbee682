/* SPDX-License-Identifier: MIT */
/*
 * vector_add end to end on the co-simulated iCEBreaker (OCLHLS_BOARD=icebreaker,
 * OCLHLS_USB_COSIM=<libshell_slave.so>[:args], set by ctest) or ULX3S (OCLHLS_BOARD=ulx3s,
 * OCLHLS_UART_COSIM=<libulx3s_slave.so>[:args]): clCreateProgramWithSource,
 * clBuildProgram (programs the board), buffers, clEnqueueNDRangeKernel, read back, compare
 * with the C reference. Prints the kernel's clock cycles per work-item, counted by the
 * slave while the shell's busy LED is lit, and as the runtime's profiling reports them.
 *
 * KERNEL is vector_add.cl (clCreateProgramWithSource) or a program file built with
 * `oclhls build --board icebreaker --no-bitstream` (clCreateProgramWithBinary).
 *
 *   link_vector_add_test run KERNEL N         the result must be right (with or without
 *                                             OCLHLS_USB_COSIM_FAULTS)
 *   link_vector_add_test unplug KERNEL N      the slave pulls the board mid-kernel
 *                                             (unplug_busy=): the event must end with a
 *                                             negative status within UNPLUG_LIMIT_S
 */
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "link_check.h"

#define UNPLUG_LIMIT_S 60.0

static int failures;

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The slave's busy-cycle counter: the library the runtime loaded, found by its path. */
static uint64_t (*busy_cycles)(void);

static void find_slave(void)
{
    const char *usb = getenv("OCLHLS_USB_COSIM"), *uart = getenv("OCLHLS_UART_COSIM");
    const char *spec = usb && *usb ? usb : uart;
    char path[1024];
    void *dl, *sym;

    if (!spec)
        return;
    snprintf(path, sizeof(path), "%.*s", (int)strcspn(spec, ":"), spec);
    dl = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    if (!dl)
        return;
    /* the iCEBreaker's slave or the ULX3S's: the hook of their shared core */
    sym = dlsym(dl, "oclhls_cosim_slave_busy_cycles");
    memcpy(&busy_cycles, &sym, sizeof(sym));
}

static cl_program build(cl_context ctx, cl_device_id dev, const char *path)
{
    size_t size = 0, plen = strlen(path);
    char *src = link_read_file(path, &size), log[8192] = "";
    const char *s = src;
    const unsigned char *bin = (const unsigned char *)src;
    double t0 = now_s();
    cl_program prog;
    cl_int e;

    if (!src) {
        fprintf(stderr, "FAIL: cannot read %s\n", path);
        return NULL;
    }
    if (plen > 7 && !strcmp(path + plen - 7, ".oclbin"))
        prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, NULL, &e);
    else
        prog = clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
    free(src);
    if (e != CL_SUCCESS)
        return NULL;
    e = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
    if (e != CL_SUCCESS) {
        fprintf(stderr, "FAIL: clBuildProgram: %d\n%s\n", e, log);
        clReleaseProgram(prog);
        return NULL;
    }
    fprintf(stderr, "built and programmed in %.1f s\n", now_s() - t0);
    return prog;
}

int main(int argc, char **argv)
{
    cl_platform_id platform;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k;
    cl_mem a, b, c;
    cl_event ev;
    cl_int e, status = 0;
    const cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    int unplug, n;
    int *ha, *hb, *hc;

    if (argc != 4 || (strcmp(argv[1], "run") && strcmp(argv[1], "unplug"))) {
        fprintf(stderr, "usage: %s run|unplug KERNEL.cl|KERNEL.oclbin N\n", argv[0]);
        return 2;
    }
    unplug = !strcmp(argv[1], "unplug");
    n = atoi(argv[3]);
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        fprintf(stderr, "FAIL: no oclhls device\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    q = clCreateCommandQueueWithProperties(ctx, dev, props, &e);
    if (e != CL_SUCCESS || !(prog = build(ctx, dev, argv[2])))
        return 1;
    find_slave();
    k = clCreateKernel(prog, "vector_add", &e);
    CHECK(e == CL_SUCCESS, "clCreateKernel: %d", e);

    ha = malloc(sizeof(int) * (size_t)n);
    hb = malloc(sizeof(int) * (size_t)n);
    hc = calloc((size_t)n, sizeof(int));
    for (int i = 0; i < n; i++) {
        ha[i] = i * 7919 - 1000000;
        hb[i] = (int)(0x9E3779B9u * (unsigned)i) >> 3;
    }
    a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(int) * (size_t)n, ha,
                       &e);
    b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(int) * (size_t)n, hb,
                       &e);
    c = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(int) * (size_t)n, NULL, &e);
    CHECK(e == CL_SUCCESS, "clCreateBuffer: %d", e);
    clSetKernelArg(k, 0, sizeof(a), &a);
    clSetKernelArg(k, 1, sizeof(b), &b);
    clSetKernelArg(k, 2, sizeof(c), &c);
    clSetKernelArg(k, 3, sizeof(n), &n);
    /* the buffers reach the board before the kernel's cycles are counted */
    CHECK(clFinish(q) == CL_SUCCESS, "clFinish before the kernel");

    /* exactly N work-items, so cycles / N is the rate of the work done */
    size_t global = (size_t)n;
    uint64_t busy0 = busy_cycles ? busy_cycles() : 0;
    double t0 = now_s();
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, &ev);
    CHECK(e == CL_SUCCESS, "clEnqueueNDRangeKernel: %d", e);
    e = clWaitForEvents(1, &ev);
    double waited = now_s() - t0;
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL);

    if (unplug) {
        fprintf(stderr, "clWaitForEvents: %d, event status %d, after %.2f s\n", e, status, waited);
        CHECK(e == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "clWaitForEvents returned %d", e);
        CHECK(status < 0, "the event's status is %d, not an error", status);
        CHECK(waited < UNPLUG_LIMIT_S, "the failure took %.1f s", waited);
        /* clFinish may report the failed command or not (both are the spec's); it must
           return, and soon */
        e = clFinish(q);
        fprintf(stderr, "clFinish: %d\n", e);
        CHECK(now_s() - t0 < UNPLUG_LIMIT_S, "clFinish hung");
    } else {
        cl_ulong start = 0, end = 0;
        uint64_t busy = busy_cycles ? busy_cycles() - busy0 : 0;
        int wrong = 0;

        CHECK(e == CL_SUCCESS && status == CL_COMPLETE, "kernel: %d, status %d", e, status);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL);
        e = clEnqueueReadBuffer(q, c, CL_TRUE, 0, sizeof(int) * (size_t)n, hc, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS, "read back: %d", e);
        for (int i = 0; i < n; i++) {
            int want = (int)((unsigned)ha[i] + (unsigned)hb[i]);
            if (hc[i] != want && wrong++ < 5)
                CHECK(0, "c[%d] = %d, want %d", i, hc[i], want);
        }
        CHECK(wrong == 0, "%d of %d results wrong", wrong, n);
        fprintf(stderr,
                "vector_add N=%d: %llu busy cycles, %.3f cycles per work-item (shell busy "
                "LED); profiling %.1f us; kernel wall time %.2f s\n",
                n, (unsigned long long)busy, (double)busy / n, (double)(end - start) / 1e3, waited);
        CHECK(busy > 0, "no busy cycles counted");
    }
    clReleaseEvent(ev);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(ha);
    free(hb);
    free(hc);
    fprintf(stderr, "%s: %s, %d failure(s)\n", failures ? "FAIL" : "PASS", argv[1], failures);
    return failures ? 1 : 0;
}
