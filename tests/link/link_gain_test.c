/* SPDX-License-Identifier: MIT */
/*
 * tests/bench/bench_simd_ice40.cl's `gain` (issue 31: one lane or SIMD 2) on the co-simulated
 * iCEBreaker (OCLHLS_BOARD=icebreaker, OCLHLS_USB_COSIM=<libshell_slave.so>, set by ctest):
 * the program file built with `oclhls build --board icebreaker` (its Verilog section is the
 * co-simulation's image), N 16-bit samples, every result compared with the C reference, and
 * the kernel's clock cycles per work-item counted by the slave while the shell's busy LED
 * is lit (a line "gain N=...: C busy cycles, R cycles per work-item").
 *
 *   link_gain_test PROGRAM.oclbin N       N a multiple of the kernel's work-group size (64)
 */
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_check.h"

#define GAIN 181 /* 0.707 in 8.8 fixed point */

static int failures;

/* The slave's busy-cycle counter, from the library the runtime loaded. */
static uint64_t (*busy_cycles)(void);

static void find_slave(void)
{
    const char *spec = getenv("OCLHLS_USB_COSIM");
    char path[1024];
    void *dl, *sym;

    if (!spec)
        return;
    snprintf(path, sizeof(path), "%.*s", (int)strcspn(spec, ":"), spec);
    if (!(dl = dlopen(path, RTLD_NOW | RTLD_NOLOAD)))
        return;
    sym = dlsym(dl, "oclhls_cosim_slave_busy_cycles");
    memcpy(&busy_cycles, &sym, sizeof(sym));
}

int main(int argc, char **argv)
{
    cl_platform_id platform;
    cl_device_id dev;
    cl_int e;
    size_t size = 0;

    if (argc != 3 || atoi(argv[2]) <= 0 || atoi(argv[2]) % 64) {
        fprintf(stderr, "usage: %s PROGRAM.oclbin N (N a multiple of 64)\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[2]);
    unsigned char *bin = (unsigned char *)link_read_file(argv[1], &size);
    if (!bin || clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        fprintf(stderr, "FAIL: no program file %s or no oclhls device\n", argv[1]);
        return 1;
    }
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    const unsigned char *cbin = bin;
    cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, &cbin, NULL, &e);
    free(bin);
    if (e != CL_SUCCESS || clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        fprintf(stderr, "FAIL: the program did not load: %d\n", e);
        return 1;
    }
    find_slave();
    cl_kernel k = clCreateKernel(prog, "gain", &e);
    CHECK(e == CL_SUCCESS, "clCreateKernel: %d", e);

    int16_t *in = malloc(sizeof(int16_t) * (size_t)n), *out = calloc((size_t)n, sizeof(int16_t));
    for (int i = 0; i < n; i++)
        in[i] = (int16_t)(i * 7919 - 20000);
    cl_mem din = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                sizeof(int16_t) * (size_t)n, in, &e);
    cl_mem dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(int16_t) * (size_t)n, NULL, &e);
    CHECK(e == CL_SUCCESS, "clCreateBuffer: %d", e);
    cl_short g = GAIN;
    clSetKernelArg(k, 0, sizeof(din), &din);
    clSetKernelArg(k, 1, sizeof(dout), &dout);
    clSetKernelArg(k, 2, sizeof(g), &g);
    /* the buffers reach the board before the kernel's cycles are counted */
    CHECK(clFinish(q) == CL_SUCCESS, "clFinish before the kernel");

    size_t global = (size_t)n, local = 64;
    uint64_t busy0 = busy_cycles ? busy_cycles() : 0;
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    CHECK(e == CL_SUCCESS, "clEnqueueNDRangeKernel: %d", e);
    CHECK(clFinish(q) == CL_SUCCESS, "clFinish after the kernel");
    uint64_t busy = busy_cycles ? busy_cycles() - busy0 : 0;

    e = clEnqueueReadBuffer(q, dout, CL_TRUE, 0, sizeof(int16_t) * (size_t)n, out, 0, NULL, NULL);
    CHECK(e == CL_SUCCESS, "read back: %d", e);
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        int16_t want = (int16_t)((in[i] * GAIN) >> 8);
        if (out[i] != want && wrong++ < 5)
            CHECK(0, "out[%d] = %d, want %d", i, out[i], want);
    }
    CHECK(wrong == 0, "%d of %d results wrong", wrong, n);
    CHECK(busy > 0, "no busy cycles counted");
    fprintf(stderr, "gain N=%d: %llu busy cycles, %.3f cycles per work-item\n", n,
            (unsigned long long)busy, (double)busy / n);

    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(in);
    free(out);
    fprintf(stderr, "%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
