// SPDX-License-Identifier: MIT
/*
 * histogram: a 256-bin histogram of N bytes on the device (bins in __local memory per
 * work-group of 64, merged into the global bins with atomics), checked bin by bin against a
 * count in C. Standard OpenCL only (CL/cl.h, -lOpenCL), like examples/vector_add.
 *
 *   histogram histogram.oclbin [N] [GROUPS]   (from `oclhls build histogram.cl`)
 *   histogram histogram.cl [N] [GROUPS]       (online compile)
 *
 * GROUPS work-groups of 64 (default 4) stride over the input.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cl_int err_ = (call);                                                                      \
        if (err_ != CL_SUCCESS) {                                                                  \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, err_);            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

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
static cl_platform_id find_platform(void)
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

#define BINS 256
#define GROUP 64

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s histogram.oclbin|histogram.cl [N] [GROUPS]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 4096;
    int groups = argc > 3 ? atoi(argv[3]) : 4;
    if (n < 1 || groups < 1) {
        fprintf(stderr, "N and GROUPS must be at least 1\n");
        return 2;
    }
    cl_uchar *in = malloc((size_t)n);
    cl_uint bins[BINS] = {0}, expected[BINS] = {0};
    /* Skewed bytes: a few bins get many hits (the atomics' worst case), all bins some. */
    for (cl_int i = 0; i < n; i++) {
        unsigned r = (unsigned)i * 2654435761u;
        in[i] = (cl_uchar)(i % 5 == 0 ? (r >> 28) : (r >> 24));
        expected[in[i]]++;
    }

    cl_platform_id platform = find_platform();
    cl_device_id dev;
    cl_int err;
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    CHECK(err);
    cl_program prog = load_program(ctx, dev, argv[1]);
    cl_kernel k = clCreateKernel(prog, "histogram", &err);
    CHECK(err);

    cl_mem din = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)n, in, &err);
    CHECK(err);
    /* The kernel adds into the bins: they start at zero. */
    cl_mem dbins =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(bins), bins, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &din));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &dbins));
    CHECK(clSetKernelArg(k, 2, sizeof(cl_int), &n));

    size_t global = (size_t)groups * GROUP, local = GROUP;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dbins, CL_TRUE, 0, sizeof(bins), bins, 0, NULL, NULL));
    CHECK(clFinish(q));

    int errors = 0;
    for (int b = 0; b < BINS; b++) {
        if (bins[b] != expected[b] && errors++ < 10)
            fprintf(stderr, "bins[%d] = %u, expected %u\n", b, bins[b], expected[b]);
    }
    printf("histogram: %d bytes, %d work-groups of %d, %d bins, %s\n", n, groups, GROUP, BINS,
           errors ? "MISMATCH" : "result verified against the host");

    clReleaseMemObject(din);
    clReleaseMemObject(dbins);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(in);
    return errors ? 1 : 0;
}
