/* SPDX-License-Identifier: MIT */
/*
 * The OpenCL runtime on the icebreaker board through the usb transport, co-simulated
 * (OCLHLS_BOARD=icebreaker, OCLHLS_USB_COSIM=<liblink_slave.so>, set by ctest): buffer
 * writes, reads, fills and copies of several sizes travel as link frames to ocl_spi_link.
 * With OCLHLS_USB_COSIM_FAULTS set, the same must hold under random byte faults. The
 * board's memories are below the full profile's minimums: the device and the platform say
 * EMBEDDED_PROFILE, and the device lists cles_khr_int64 (its 64-bit integers).
 */
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_check.h"

static int failures;

int main(void)
{
    static const size_t sizes[] = {1, 3, 64, 255, 256, 257, 1000, 4096, 20000};
    cl_platform_id platform;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    cl_bool available = CL_FALSE;
    char name[256] = "";
    cl_int e;

    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        fprintf(stderr, "FAIL: no oclhls device\n");
        return 1;
    }
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_AVAILABLE, sizeof(available), &available, NULL);
    printf("device: %s, available %d\n", name, available);
    char profile[64] = "", platform_profile[64] = "", extensions[4096] = "";
    clGetDeviceInfo(dev, CL_DEVICE_PROFILE, sizeof(profile), profile, NULL);
    clGetPlatformInfo(platform, CL_PLATFORM_PROFILE, sizeof(platform_profile), platform_profile,
                      NULL);
    clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(extensions), extensions, NULL);
    CHECK(!strcmp(profile, "EMBEDDED_PROFILE") && !strcmp(platform_profile, "EMBEDDED_PROFILE"),
          "the device's profile \"%s\", the platform's \"%s\"", profile, platform_profile);
    CHECK(strstr(extensions, "cles_khr_int64") != NULL, "cles_khr_int64 in \"%s\"", extensions);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    if (e != CL_SUCCESS) {
        fprintf(stderr, "FAIL: clCreateContext: %d\n", e);
        return 1;
    }
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    CHECK(e == CL_SUCCESS, "queue: %d", e);

    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        size_t n = sizes[s];
        unsigned char *src = malloc(n), *dst = malloc(n);
        const unsigned char pattern = 0x5A;
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &e);
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &e);

        for (size_t i = 0; i < n; i++)
            src[i] = (unsigned char)(i * 131 + s);
        e = clEnqueueWriteBuffer(q, a, CL_TRUE, 0, n, src, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS, "write %zu: %d", n, e);
        e = clEnqueueCopyBuffer(q, a, b, 0, 0, n, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS, "copy %zu: %d", n, e);
        e = clEnqueueFillBuffer(q, a, &pattern, 1, 0, n, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS, "fill %zu: %d", n, e);
        memset(dst, 0, n);
        e = clEnqueueReadBuffer(q, b, CL_TRUE, 0, n, dst, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS && memcmp(src, dst, n) == 0, "read of the copy, %zu bytes: %d", n, e);
        e = clEnqueueReadBuffer(q, a, CL_TRUE, 0, n, dst, 0, NULL, NULL);
        CHECK(e == CL_SUCCESS, "read %zu: %d", n, e);
        for (size_t i = 0; i < n && e == CL_SUCCESS; i++)
            if (dst[i] != pattern) {
                CHECK(0, "fill of %zu bytes: byte %zu is 0x%02x", n, i, dst[i]);
                break;
            }
        clReleaseMemObject(a);
        clReleaseMemObject(b);
        free(src);
        free(dst);
    }
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
