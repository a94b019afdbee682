// SPDX-License-Identifier: MIT
#include "kt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(struct kt *t, const char *what, cl_int err)
{
    fprintf(stderr, "%s: %s failed with CL error %d\n", t->name, what, err);
    exit(1);
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = malloc((size_t)n + 1)) && fread(data, 1, (size_t)n, f) == (size_t)n) {
        data[n] = 0;
        *size = (size_t)n;
    } else {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

static void find_device(struct kt *t)
{
    cl_platform_id ids[16];
    cl_uint n = 0;
    cl_int err = clGetPlatformIDs(16, ids, &n);
    if (err)
        die(t, "clGetPlatformIDs", err);
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (!strcmp(name, "oclhls"))
            t->platform = ids[i];
    }
    if (!t->platform) {
        fprintf(stderr, "%s: no oclhls platform (OCL_ICD_VENDORS?)\n", t->name);
        exit(1);
    }
    if ((err = clGetDeviceIDs(t->platform, CL_DEVICE_TYPE_ACCELERATOR, 1, &t->device, NULL)))
        die(t, "clGetDeviceIDs", err);
}

void kt_init(struct kt *t, const char *name, const char *path)
{
    cl_int err, status;
    size_t size = 0, len = strlen(path);
    memset(t, 0, sizeof(*t));
    t->name = name;
    find_device(t);
    t->context = clCreateContext(NULL, 1, &t->device, NULL, NULL, &err);
    if (err)
        die(t, "clCreateContext", err);
    t->queue = clCreateCommandQueueWithProperties(t->context, t->device, NULL, &err);
    if (err)
        die(t, "clCreateCommandQueueWithProperties", err);
    unsigned char *data = read_file(path, &size);
    if (!data) {
        fprintf(stderr, "%s: cannot read %s\n", name, path);
        exit(1);
    }
    if (len > 3 && !strcmp(path + len - 3, ".cl")) {
        const char *src = (const char *)data;
        t->program = clCreateProgramWithSource(t->context, 1, &src, &size, &err);
    } else {
        const unsigned char *bin = data;
        t->program = clCreateProgramWithBinary(t->context, 1, &t->device, &size, &bin, &status,
                                               &err);
    }
    free(data);
    if (err)
        die(t, "clCreateProgramWith*", err);
    if ((err = clBuildProgram(t->program, 1, &t->device, "", NULL, NULL))) {
        char log[65536] = "";
        clGetProgramBuildInfo(t->program, t->device, CL_PROGRAM_BUILD_LOG, sizeof(log), log,
                              NULL);
        fprintf(stderr, "%s: build log:\n%s\n", name, log);
        die(t, "clBuildProgram", err);
    }
}

cl_kernel kt_kernel(struct kt *t, const char *kernel_name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(t->program, kernel_name, &err);
    if (err)
        die(t, kernel_name, err);
    return k;
}

cl_mem kt_buffer(struct kt *t, size_t bytes, const void *init)
{
    cl_int err;
    void *zero = init ? NULL : calloc(1, bytes);
    cl_mem m = clCreateBuffer(t->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                              init ? (void *)init : zero, &err);
    free(zero);
    if (err)
        die(t, "clCreateBuffer", err);
    return m;
}

void kt_read(struct kt *t, cl_mem buf, size_t bytes, void *dst)
{
    cl_int err = clEnqueueReadBuffer(t->queue, buf, CL_TRUE, 0, bytes, dst, 0, NULL, NULL);
    if (err)
        die(t, "clEnqueueReadBuffer", err);
}

void kt_release(cl_kernel k, cl_mem a, cl_mem b, cl_mem c)
{
    cl_mem bufs[] = {a, b, c};
    for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
        if (bufs[i])
            clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
}

void kt_arg(struct kt *t, cl_kernel k, cl_uint index, size_t size, const void *value)
{
    cl_int err = clSetKernelArg(k, index, size, value);
    if (err)
        die(t, "clSetKernelArg", err);
}

cl_mem kt_buffer_arg(struct kt *t, cl_kernel k, cl_uint index, size_t bytes, const void *init)
{
    cl_mem m = kt_buffer(t, bytes, init);
    kt_arg(t, k, index, sizeof(cl_mem), &m);
    return m;
}

void kt_run(struct kt *t, cl_kernel k, cl_uint dims, const size_t *offset, const size_t *global,
            const size_t *local)
{
    cl_int err = clEnqueueNDRangeKernel(t->queue, k, dims, offset, global, local, 0, NULL, NULL);
    if (err)
        die(t, "clEnqueueNDRangeKernel", err);
    if ((err = clFinish(t->queue)))
        die(t, "clFinish", err);
}

void kt_task(struct kt *t, cl_kernel k)
{
    cl_int err = clEnqueueTask(t->queue, k, 0, NULL, NULL);
    if (err)
        die(t, "clEnqueueTask", err);
    if ((err = clFinish(t->queue)))
        die(t, "clFinish", err);
}

void kt_expect(struct kt *t, int ok, const char *fmt, ...)
{
    t->checks++;
    if (ok)
        return;
    if (t->failures++ < 20) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "%s: mismatch: ", t->name);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

int kt_finish(struct kt *t)
{
    clReleaseProgram(t->program);
    clReleaseCommandQueue(t->queue);
    clReleaseContext(t->context);
    printf("%s: %ld checks, %ld failed\n", t->name, t->checks, t->failures);
    return t->failures || !t->checks ? 1 : 0;
}

uint64_t kt_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}
