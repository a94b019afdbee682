// SPDX-License-Identifier: MIT
/*
 * fir: an 8-tap FIR filter on the device, checked output by output against the same sum in
 * C. Standard OpenCL only (CL/cl.h, -lOpenCL), like examples/vector_add.
 *
 *   fir fir.oclbin [N]     (from `oclhls build fir.cl`; N outputs, N + 7 input samples)
 *   fir fir.cl [N]         (online compile)
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

#define TAPS 8

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s fir.oclbin|fir.cl [N]\n", argv[0]);
        return 2;
    }
    cl_int n = argc > 2 ? atoi(argv[2]) : 1000;
    if (n < 1) {
        fprintf(stderr, "N must be at least 1\n");
        return 2;
    }
    size_t in_bytes = ((size_t)n + TAPS - 1) * sizeof(cl_int);
    size_t out_bytes = (size_t)n * sizeof(cl_int);
    cl_int *in = malloc(in_bytes), *out = malloc(out_bytes);
    /* A low-pass-like kernel with negative side lobes; samples a sawtooth plus noise. */
    cl_int taps[TAPS] = {-3, 5, 21, 41, 41, 21, 5, -3};
    for (cl_int i = 0; i < n + TAPS - 1; i++)
        in[i] = (i % 97) * 20 - 970 + (cl_int)((i * 2654435761u) >> 24) % 64;

    cl_platform_id platform = find_platform();
    cl_device_id dev;
    cl_int err;
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    CHECK(err);
    cl_program prog = load_program(ctx, dev, argv[1]);
    cl_kernel k = clCreateKernel(prog, "fir", &err);
    CHECK(err);

    cl_mem din = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in_bytes, in, &err);
    CHECK(err);
    cl_mem dtaps =
        clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(taps), taps, &err);
    CHECK(err);
    cl_mem dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, out_bytes, NULL, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &din));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &dtaps));
    CHECK(clSetKernelArg(k, 2, sizeof(cl_mem), &dout));
    CHECK(clSetKernelArg(k, 3, sizeof(cl_int), &n));

    size_t global = (size_t)n;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, out_bytes, out, 0, NULL, NULL));
    CHECK(clFinish(q));

    int errors = 0;
    for (cl_int i = 0; i < n; i++) {
        cl_int expected = 0;
        for (int t = 0; t < TAPS; t++)
            expected += taps[t] * in[i + t];
        if (out[i] != expected && errors++ < 10)
            fprintf(stderr, "out[%d] = %d, expected %d\n", i, out[i], expected);
    }
    printf("fir: %d outputs, %d taps, %s\n", n, TAPS,
           errors ? "MISMATCH" : "result verified against the host");

    clReleaseMemObject(din);
    clReleaseMemObject(dtaps);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(in);
    free(out);
    return errors ? 1 : 0;
}
