/* SPDX-License-Identifier: MIT */
/* Program objects: creation from source and from program files, builds that fail, queries,
 * and the CL_INVALID_BINARY cases of clCreateProgramWithBinary. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_test.h"

static cl_context ctx;
static cl_device_id dev;

/* ---- a minimal program-file writer (layout of common/oclbin.h) ---- */

static uint32_t crc32_of(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint32_t c = 0xffffffffu;

    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

struct section {
    const char *name;
    const void *data;
    size_t size;
};

static unsigned char *oclbin(const struct section *s, unsigned n, size_t *size)
{
    size_t off = (16 + 40 * (size_t)n + 7) & ~(size_t)7, total = off;
    unsigned char *b;
    uint32_t v;
    uint64_t w;

    for (unsigned i = 0; i < n; i++)
        total = (total + s[i].size + 7) & ~(size_t)7;
    b = calloc(1, total);
    memcpy(b, "OCLHLSB", 8);
    v = 1;
    memcpy(b + 8, &v, 4);
    v = n;
    memcpy(b + 12, &v, 4);
    for (unsigned i = 0; i < n; i++) {
        unsigned char *h = b + 16 + 40 * i;

        strncpy((char *)h, s[i].name, 16);
        w = off;
        memcpy(h + 16, &w, 8);
        w = s[i].size;
        memcpy(h + 24, &w, 8);
        v = crc32_of(s[i].data, s[i].size);
        memcpy(h + 32, &v, 4);
        memcpy(b + off, s[i].data, s[i].size);
        off = (off + s[i].size + 7) & ~(size_t)7;
    }
    *size = total;
    return b;
}

static void expect_invalid_binary(const unsigned char *bin, size_t size, const char *what)
{
    cl_int err = 0, status = 12345;
    cl_program p = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, &status, &err);

    CHECK(p == NULL && err == CL_INVALID_BINARY && status == CL_INVALID_BINARY,
          "%s: %s, binary_status %s", what, api_err_name(err), api_err_name(status));
}

static void from_source(void)
{
    const char *parts[] = {"__kernel void a(__global int *x) ", "{ x[0] = 1; }xyz", "\n"};
    size_t lens[] = {0, 13, 0};
    char text[256];
    size_t size = 0;
    cl_int err;
    cl_program p;

    printf("-- programs from source\n");
    p = clCreateProgramWithSource(ctx, 3, parts, lens, &err);
    MUST(err);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof(text), text, &size), CL_SUCCESS);
    CHECK(strcmp(text, "__kernel void a(__global int *x) { x[0] = 1; }\n") == 0 &&
              size == strlen(text) + 1,
          "CL_PROGRAM_SOURCE concatenates the strings by their lengths");
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(size), &size, NULL),
           CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(text), text, NULL),
           CL_INVALID_PROGRAM_EXECUTABLE);
    clCreateKernel(p, "a", &err);
    EXPECT(err, CL_INVALID_PROGRAM_EXECUTABLE);
    cl_build_status bs = 99;
    EXPECT(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL),
           CL_SUCCESS);
    CHECK(bs == CL_BUILD_NONE, "CL_BUILD_NONE before a build");
    /* "CL_INVALID_BUILD_OPTIONS if the build options specified by options are invalid." */
    EXPECT(clBuildProgram(p, 0, NULL, "-no-such-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    EXPECT(clBuildProgram(p, 0, NULL, "-cl-std=CL9.9", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    EXPECT(clBuildProgram(p, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clBuildProgram(p, 0, &dev, NULL, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clBuildProgram(p, 0, NULL, NULL, NULL, (void *)1), CL_INVALID_VALUE);
    clReleaseProgram(p);

    clCreateProgramWithSource(ctx, 0, parts, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateProgramWithSource(ctx, 1, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    parts[1] = NULL;
    clCreateProgramWithSource(ctx, 3, parts, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateProgramWithIL(ctx, "\x03\x02\x23\x07", 4, &err);
    EXPECT(err, CL_INVALID_OPERATION);
    clCreateProgramWithBuiltInKernels(ctx, 1, &dev, "fft", &err);
    EXPECT(err, CL_INVALID_VALUE);
}

static void build_failure(void)
{
    const char *src = "__kernel void broken(__global int *x)\n"
                      "{\n"
                      "    x[0] = 1 +;\n"
                      "}\n";
    cl_build_status bs = 99;
    cl_program p;
    const char *log;
    cl_int err;

    printf("-- a build that fails\n");
    p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    MUST(err);
    EXPECT(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    EXPECT(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL),
           CL_SUCCESS);
    CHECK(bs == CL_BUILD_ERROR, "CL_PROGRAM_BUILD_STATUS is CL_BUILD_ERROR");
    log = api_build_log(p);
    CHECK(strstr(log, "program.cl:3:") != NULL, "the log points at the line: %s", log);
    clCreateKernel(p, "broken", &err);
    EXPECT(err, CL_INVALID_PROGRAM_EXECUTABLE);
    clReleaseProgram(p);
}

static int notified;

static void CL_CALLBACK on_built(cl_program p, void *data)
{
    (void)p;
    notified = (int)(size_t)data;
}

static unsigned char *good_binary(size_t *size)
{
    cl_program p;
    cl_build_status bs = 99;
    cl_program_binary_type type = 0;
    cl_kernel k;
    size_t n = 0, sizes[1] = {0};
    char names[128], opts[128];
    unsigned char *bin = NULL;
    cl_int err;
    const char *src = api_vector_add_source;

    printf("-- a build that works, and its queries\n");
    p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    MUST(err);
    /* the callback form */
    EXPECT(clBuildProgram(p, 0, NULL, "-DUNUSED=1 -w", on_built, (void *)7), CL_SUCCESS);
    for (int i = 0; i < 6000; i++) {
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL);
        if (bs != CL_BUILD_IN_PROGRESS && notified)
            break;
        usleep(50000);
    }
    CHECK(bs == CL_BUILD_SUCCESS && notified == 7, "the build succeeded and called back");
    if (bs != CL_BUILD_SUCCESS) {
        printf("%s\n", api_build_log(p));
        exit(api_end() | 1);
    }
    EXPECT(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BINARY_TYPE, sizeof(type), &type, NULL),
           CL_SUCCESS);
    CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "CL_PROGRAM_BINARY_TYPE_EXECUTABLE");
    EXPECT(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, sizeof(opts), opts, NULL),
           CL_SUCCESS);
    CHECK(strcmp(opts, "-DUNUSED=1 -w") == 0, "CL_PROGRAM_BUILD_OPTIONS \"%s\"", opts);
    /* a successful build's log holds warnings only (none here); -report asks for the report */
    CHECK(api_build_log(p)[0] == '\0', "the log of a build without warnings is empty: \"%s\"",
          api_build_log(p));
    {
        cl_program r = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
        EXPECT(clBuildProgram(r, 0, NULL, "-report", NULL, NULL), CL_SUCCESS);
        CHECK(strstr(api_build_log(r), "kernel vector_add (line") != NULL,
              "-report puts the build report into the log: \"%s\"", api_build_log(r));
        clReleaseProgram(r);
    }
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(n), &n, NULL), CL_SUCCESS);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(names), names, NULL), CL_SUCCESS);
    CHECK(n == 1 && strcmp(names, "vector_add") == 0, "one kernel, \"%s\"", names);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(sizes), sizes, NULL), CL_SUCCESS);
    CHECK(sizes[0] > 16, "CL_PROGRAM_BINARY_SIZES %zu", sizes[0]);
    bin = malloc(sizes[0]);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL), CL_SUCCESS);
    CHECK(memcmp(bin, "OCLHLSB", 8) == 0, "CL_PROGRAM_BINARIES gives a program file");
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_BINARIES, 1, &bin, NULL), CL_INVALID_VALUE);
    EXPECT(clGetProgramInfo(p, 0x7777, sizeof(n), &n, NULL), CL_INVALID_VALUE);
    *size = sizes[0];

    k = clCreateKernel(p, "vector_add", &err);
    EXPECT(err, CL_SUCCESS);
    clCreateKernel(p, "vector_sub", &err);
    EXPECT(err, CL_INVALID_KERNEL_NAME);
    clCreateKernel(p, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    /* "CL_INVALID_OPERATION if there are kernel objects attached to program." */
    EXPECT(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
    clReleaseKernel(k);
    EXPECT(
        clGetProgramBuildInfo(p, (cl_device_id)ctx, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL),
        CL_INVALID_DEVICE);
    EXPECT(clRetainProgram((cl_program)ctx), CL_INVALID_PROGRAM);
    clReleaseProgram(p);
    return bin;
}

static void from_binary(unsigned char *good, size_t size)
{
    static const char garbage[] = "this is not a program file at all, nor anything else";
    const char *bad_json = "{\"format\":1, \"kernels\": [";
    const char *other_board =
        "{\"format\":1,\"board\":\"icebreaker\",\"clock_mhz\":12,\"kernels\":[]}";
    const char *no_kernels = "{\"format\":1,\"board\":\"sim\"}";
    /* the sim board's memory is 512 bits wide with a latency of 20 cycles, its clock 200 MHz */
    static const struct {
        const char *what, *meta;
    } other_memory[] = {
        {"a program for a 64-cycle memory latency on sim",
         "{\"format\":1,\"board\":\"sim\",\"clock_mhz\":200,\"mem_width_bits\":512,"
         "\"mem_latency_cycles\":64,\"kernels\":[]}"},
        {"a program for a 256-bit memory on sim",
         "{\"format\":1,\"board\":\"sim\",\"clock_mhz\":200,\"mem_width_bits\":256,"
         "\"mem_latency_cycles\":20,\"kernels\":[]}"},
        {"a program for a clock of -5 MHz",
         "{\"format\":1,\"board\":\"sim\",\"clock_mhz\":-5,\"mem_width_bits\":512,"
         "\"mem_latency_cycles\":20,\"kernels\":[]}"},
    };
    struct section s[2];
    unsigned char *b;
    const unsigned char *bin;
    size_t bsize, n = 0, zero = 0;
    cl_int err, status[2];
    cl_program p;
    char names[64];

    printf("-- programs from program files\n");
    bin = good;
    p = clCreateProgramWithBinary(ctx, 1, &dev, &size, &bin, status, &err);
    EXPECT(err, CL_SUCCESS);
    CHECK(status[0] == CL_SUCCESS, "binary_status CL_SUCCESS");
    EXPECT(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(names), names, NULL), CL_SUCCESS);
    CHECK(strcmp(names, "vector_add") == 0, "the kernel names come from the metadata");
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(n), &n, NULL), CL_SUCCESS);
    clReleaseProgram(p);

    /* "CL_INVALID_VALUE if lengths or binaries are NULL or if any entry in lengths[i] is zero
     * or binaries[i] is NULL." */
    clCreateProgramWithBinary(ctx, 1, &dev, &zero, &bin, status, &err);
    EXPECT(err, CL_INVALID_VALUE);
    CHECK(status[0] == CL_INVALID_VALUE, "binary_status CL_INVALID_VALUE for a zero length");
    clCreateProgramWithBinary(ctx, 1, &dev, NULL, &bin, status, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateProgramWithBinary(ctx, 0, &dev, &size, &bin, status, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateProgramWithBinary(ctx, 1, (cl_device_id *)&ctx, &size, &bin, status, &err);
    EXPECT(err, CL_INVALID_DEVICE);

    /* "CL_INVALID_BINARY if an invalid program binary was encountered for any device." */
    expect_invalid_binary((const unsigned char *)garbage, sizeof(garbage), "garbage bytes");
    expect_invalid_binary(good, 12, "a file cut inside the header");
    expect_invalid_binary(good, size / 2, "a file cut in half");
    b = malloc(size);
    memcpy(b, good, size);
    {
        uint64_t off; /* the first section's data: its crc no longer matches */

        memcpy(&off, b + 16 + 16, 8);
        b[off] ^= 0x40;
    }
    expect_invalid_binary(b, size, "a flipped bit");
    free(b);
    s[0] = (struct section){"meta", bad_json, strlen(bad_json)};
    b = oclbin(s, 1, &bsize);
    expect_invalid_binary(b, bsize, "metadata that is not JSON");
    free(b);
    s[0] = (struct section){"meta", other_board, strlen(other_board)};
    b = oclbin(s, 1, &bsize);
    expect_invalid_binary(b, bsize, "a program for another board");
    free(b);
    for (size_t i = 0; i < sizeof(other_memory) / sizeof(other_memory[0]); i++) {
        s[0] = (struct section){"meta", other_memory[i].meta, strlen(other_memory[i].meta)};
        b = oclbin(s, 1, &bsize);
        expect_invalid_binary(b, bsize, other_memory[i].what);
        free(b);
    }
    s[0] = (struct section){"meta", no_kernels, strlen(no_kernels)};
    b = oclbin(s, 1, &bsize);
    expect_invalid_binary(b, bsize, "metadata without kernels");
    free(b);
    s[0] = (struct section){"source", "x", 1};
    b = oclbin(s, 1, &bsize);
    expect_invalid_binary(b, bsize, "a program file without metadata");
    free(b);
}

int main(void)
{
    unsigned char *bin;
    size_t size = 0;

    api_begin("api.program");
    ctx = api_context();
    dev = api_device();
    from_source();
    build_failure();
    bin = good_binary(&size);
    from_binary(bin, size);
    free(bin);
    clReleaseContext(ctx);
    return api_end();
}
