// SPDX-License-Identifier: MIT
/* The set-up every example host program shares (cl_host.h). */
#include "cl_host.h"

#include <string.h>

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)n + 1);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    if (data) {
        data[n] = 0;
        *size = (size_t)n;
    }
    return data;
}

/* The oclhls platform; other OpenCL platforms may be installed beside it. */
static cl_platform_id find_oclhls_platform(void)
{
    cl_platform_id ids[16];
    cl_uint n = 0;
    CHECK(clGetPlatformIDs(16, ids, &n));
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (!strcmp(name, "oclhls"))
            return ids[i];
    }
    fprintf(stderr, "no oclhls platform (is OCL_ICD_VENDORS or /etc/OpenCL/vendors set up?)\n");
    exit(1);
}

static cl_program load_program(cl_context ctx, cl_device_id dev, const char *path)
{
    size_t size = 0;
    cl_int err, status;
    unsigned char *data = read_file(path, &size);
    cl_program prog;
    if (!data) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    size_t len = strlen(path);
    if (len > 3 && !strcmp(path + len - 3, ".cl")) {
        const char *src = (const char *)data;
        prog = clCreateProgramWithSource(ctx, 1, &src, &size, &err);
    } else {
        const unsigned char *bin = data;
        prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, &status, &err);
    }
    CHECK(err);
    err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[16384] = "";
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
        fprintf(stderr, "build failed (%d):\n%s\n", err, log);
        exit(1);
    }
    free(data);
    return prog;
}

void cl_host_open(struct cl_host *h, const char *path)
{
    cl_int err;
    CHECK(clGetDeviceIDs(find_oclhls_platform(), CL_DEVICE_TYPE_ALL, 1, &h->dev, NULL));
    h->ctx = clCreateContext(NULL, 1, &h->dev, NULL, NULL, &err);
    CHECK(err);
    h->queue = clCreateCommandQueueWithProperties(h->ctx, h->dev, NULL, &err);
    CHECK(err);
    h->prog = load_program(h->ctx, h->dev, path);
}

void cl_host_kernel_done(cl_event done, const char *kernel)
{
    cl_int status = CL_COMPLETE;
    CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                         NULL));
    clReleaseEvent(done);
    if (status < 0) {
        fprintf(stderr, "kernel '%s' failed: execution status %d (OCLHLS_DEBUG=1 says why)\n",
                kernel, status);
        exit(1);
    }
}

void cl_host_close(struct cl_host *h)
{
    clReleaseProgram(h->prog);
    clReleaseCommandQueue(h->queue);
    clReleaseContext(h->ctx);
}
