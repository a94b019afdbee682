/* SPDX-License-Identifier: MIT */
/*
 * Pipe objects (issue 8), the host side: the device's pipe queries, clCreatePipe and its
 * errors, clGetPipeInfo, a pipe as a memory object (queries, retain/release, refused where a
 * buffer is expected), and pipe kernel arguments (clSetKernelArg, clGetKernelArgInfo, a launch
 * that holds its pipes).
 *
 * Kernels with pipe arguments are built by the lead's HLS work; until then the pipe arguments
 * come from a hand-made program file: the vector_add program with two pipe arguments added
 * to its metadata at CSR words the hardware does not decode, so that it still runs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#define N 64 /* work-items of the vector_add launch */

static cl_context ctx, other_ctx;
static cl_device_id dev;
static cl_command_queue q;

/* Checks a create call's errcode_ret and that it returned NULL. */
static void expect_null(const void *obj, cl_int err, cl_int want, int line)
{
    api_expect(err, want, "errcode_ret", line);
    api_check(obj == NULL, line, "  and the call returned NULL");
}
#define EXPECT_NULL(obj, err, want) expect_null((obj), (err), (want), __LINE__)

static cl_mem make_pipe(cl_context c, cl_uint packet_size, cl_uint max_packets)
{
    cl_int err;
    cl_mem p = clCreatePipe(c, 0, packet_size, max_packets, NULL, &err);

    MUST(err);
    return p;
}

static void device_queries(void)
{
    cl_bool support = CL_FALSE;
    cl_uint args = 0, reservations = 0, packet = 0;
    cl_name_version features[16];
    size_t size = 0;
    bool pipes = false;

    printf("-- device queries\n");
    MUST(clGetDeviceInfo(dev, CL_DEVICE_PIPE_SUPPORT, sizeof(support), &support, NULL));
    CHECK(support == CL_TRUE, "CL_DEVICE_PIPE_SUPPORT is CL_TRUE");
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MAX_PIPE_ARGS, sizeof(args), &args, NULL));
    CHECK(args == 16, "CL_DEVICE_MAX_PIPE_ARGS %u (16)", args);
    MUST(clGetDeviceInfo(dev, CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, sizeof(reservations),
                         &reservations, NULL));
    CHECK(reservations == 1, "CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS %u (1)", reservations);
    MUST(clGetDeviceInfo(dev, CL_DEVICE_PIPE_MAX_PACKET_SIZE, sizeof(packet), &packet, NULL));
    CHECK(packet == 64, "CL_DEVICE_PIPE_MAX_PACKET_SIZE %u (64)", packet);
    MUST(clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, sizeof(features), features, &size));
    for (size_t i = 0; i < size / sizeof(features[0]); i++)
        pipes |= strcmp(features[i].name, "__opencl_c_pipes") == 0;
    CHECK(pipes, "CL_DEVICE_OPENCL_C_FEATURES has __opencl_c_pipes");
}

static void create_errors(void)
{
    const cl_pipe_properties no_props[] = {0};
    const cl_mem_flags bad_flags[] = {
        CL_MEM_READ_ONLY,     CL_MEM_WRITE_ONLY,     CL_MEM_USE_HOST_PTR,    CL_MEM_ALLOC_HOST_PTR,
        CL_MEM_COPY_HOST_PTR, CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY, (cl_mem_flags)1 << 40};
    cl_int err;
    cl_mem p;

    printf("-- clCreatePipe errors\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    p = clCreatePipe((cl_context)q, 0, 4, 4, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "Only CL_MEM_READ_WRITE and CL_MEM_HOST_NO_ACCESS can be specified" -> CL_INVALID_VALUE */
    for (size_t i = 0; i < sizeof(bad_flags) / sizeof(bad_flags[0]); i++) {
        p = clCreatePipe(ctx, bad_flags[i], 4, 4, NULL, &err);
        EXPECT_NULL(p, err, CL_INVALID_VALUE);
    }
    /* "CL_INVALID_VALUE if properties is not NULL." (even an empty list) */
    p = clCreatePipe(ctx, 0, 4, 4, no_props, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_PIPE_SIZE if pipe_packet_size is 0 or the pipe_packet_size exceeds
     * CL_DEVICE_PIPE_MAX_PACKET_SIZE ... or if pipe_max_packets is 0." */
    p = clCreatePipe(ctx, 0, 0, 4, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_PIPE_SIZE);
    p = clCreatePipe(ctx, 0, 65, 4, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_PIPE_SIZE);
    p = clCreatePipe(ctx, 0, 4, 0, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_PIPE_SIZE);
    /* "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the pipe
     * object." (64 x 2^32 bytes: more than the board has) */
    p = clCreatePipe(ctx, 0, 64, 0xffffffffu, NULL, &err);
    EXPECT_NULL(p, err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
    /* "If errcode_ret is NULL, no error code is returned." */
    CHECK(clCreatePipe(ctx, 0, 0, 4, NULL, NULL) == NULL, "an error without errcode_ret");
}

/* CL_MEM_SIZE of a pipe: a 64-byte header and max_packets slots of the packet size rounded up
 * to a power of two, all rounded up to 64 bytes. */
static void check_pipe(cl_mem_flags flags, cl_uint packet_size, cl_uint max_packets,
                       size_t want_size)
{
    cl_int err;
    cl_mem p = clCreatePipe(ctx, flags, packet_size, max_packets, NULL, &err);
    cl_uint u = 0, refs = 0;
    cl_mem_object_type type = 0;
    cl_mem_flags got_flags = 99;
    size_t size = 0, ret = 99;
    cl_context c = NULL;
    void *host_ptr = &u;

    EXPECT(err, CL_SUCCESS);
    if (!p)
        return;
    printf("-- a pipe of %u packets of %u bytes (flags 0x%llx)\n", max_packets, packet_size,
           (unsigned long long)flags);
    MUST(clGetPipeInfo(p, CL_PIPE_PACKET_SIZE, sizeof(u), &u, &ret));
    CHECK(u == packet_size && ret == sizeof(cl_uint), "CL_PIPE_PACKET_SIZE %u", u);
    MUST(clGetPipeInfo(p, CL_PIPE_MAX_PACKETS, sizeof(u), &u, NULL));
    CHECK(u == max_packets, "CL_PIPE_MAX_PACKETS %u", u);
    MUST(clGetPipeInfo(p, CL_PIPE_PROPERTIES, 0, NULL, &ret));
    CHECK(ret == 0, "CL_PIPE_PROPERTIES: size %zu (none given)", ret);
    MUST(clGetMemObjectInfo(p, CL_MEM_TYPE, sizeof(type), &type, NULL));
    CHECK(type == CL_MEM_OBJECT_PIPE, "CL_MEM_TYPE is CL_MEM_OBJECT_PIPE");
    MUST(clGetMemObjectInfo(p, CL_MEM_SIZE, sizeof(size), &size, NULL));
    CHECK(size == want_size, "CL_MEM_SIZE %zu (%zu)", size, want_size);
    MUST(clGetMemObjectInfo(p, CL_MEM_FLAGS, sizeof(got_flags), &got_flags, NULL));
    CHECK(got_flags == flags, "CL_MEM_FLAGS 0x%llx: as given", (unsigned long long)got_flags);
    MUST(clGetMemObjectInfo(p, CL_MEM_CONTEXT, sizeof(c), &c, NULL));
    CHECK(c == ctx, "CL_MEM_CONTEXT");
    MUST(clGetMemObjectInfo(p, CL_MEM_HOST_PTR, sizeof(host_ptr), &host_ptr, NULL));
    CHECK(host_ptr == NULL, "CL_MEM_HOST_PTR NULL");
    MUST(clRetainMemObject(p));
    MUST(clGetMemObjectInfo(p, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    CHECK(refs == 2, "CL_MEM_REFERENCE_COUNT %u after a retain", refs);
    MUST(clReleaseMemObject(p));
    MUST(clReleaseMemObject(p));
}

static void info_errors(void)
{
    cl_mem p = make_pipe(ctx, 4, 8), b;
    cl_uint u;
    cl_int err;

    printf("-- clGetPipeInfo errors\n");
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type ... and param_value is not NULL." */
    EXPECT(clGetPipeInfo(p, CL_MEM_SIZE, sizeof(u), &u, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPipeInfo(p, CL_PIPE_PACKET_SIZE, sizeof(u) - 1, &u, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_MEM_OBJECT if pipe is a not a valid pipe object." */
    EXPECT(clGetPipeInfo((cl_mem)ctx, CL_PIPE_PACKET_SIZE, sizeof(u), &u, NULL),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clGetPipeInfo(NULL, CL_PIPE_PACKET_SIZE, sizeof(u), &u, NULL), CL_INVALID_MEM_OBJECT);
    b = clCreateBuffer(ctx, 0, 64, NULL, &err);
    MUST(err);
    EXPECT(clGetPipeInfo(b, CL_PIPE_PACKET_SIZE, sizeof(u), &u, NULL), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(b);
    clReleaseMemObject(p);
}

/* A pipe is a memory object but not a buffer: each call that wants a buffer refuses it. */
static void not_a_buffer(void)
{
    cl_mem p = make_pipe(ctx, 4, 64), b;
    cl_buffer_region region = {0, 64};
    size_t origin[3] = {0, 0, 0}, rect[3] = {4, 1, 1};
    int data[16] = {0};
    cl_event ev = NULL;
    cl_int err;
    void *ptr;

    printf("-- a pipe is not a buffer\n");
    b = clCreateBuffer(ctx, 0, sizeof(data), NULL, &err);
    MUST(err);
    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object" */
    EXPECT(clEnqueueReadBuffer(q, p, CL_TRUE, 0, 4, data, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueWriteBuffer(q, p, CL_TRUE, 0, 4, data, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueReadBufferRect(q, p, CL_TRUE, origin, origin, rect, 0, 0, 0, 0, data, 0, NULL,
                                   &ev),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueFillBuffer(q, p, data, 4, 0, 4, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_MEM_OBJECT if src_buffer and dst_buffer are not valid buffer objects." */
    EXPECT(clEnqueueCopyBuffer(q, p, b, 0, 0, 4, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyBuffer(q, b, p, 0, 0, 4, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    ptr = clEnqueueMapBuffer(q, p, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, &ev, &err);
    EXPECT_NULL(ptr, err, CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object or is a pipe object." */
    EXPECT(clEnqueueUnmapMemObject(q, p, data, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    CHECK(ev == NULL, "  and no event was returned");
    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer
     * object." */
    ptr = clCreateSubBuffer(p, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    EXPECT_NULL(ptr, err, CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(b);
    clReleaseMemObject(p);
}

static void CL_CALLBACK count_destruction(cl_mem m, void *user_data)
{
    (void)m;
    ++*(int *)user_data;
}

/* Device memory comes back: the largest pipe the board holds can be made twice in a row. */
static void storage_reuse(void)
{
    cl_ulong max_alloc = 0;
    cl_uint max_packets;
    int destroyed = 0;
    cl_mem p;

    printf("-- device memory of pipes\n");
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc, NULL));
    max_packets =
        (cl_uint)((max_alloc - 64) / 64 < 0xffffffffu ? (max_alloc - 64) / 64 : 0xffffffffu);
    for (int i = 0; i < 2; i++) {
        p = make_pipe(ctx, 64, max_packets);
        MUST(clSetMemObjectDestructorCallback(p, count_destruction, &destroyed));
        MUST(clReleaseMemObject(p));
    }
    CHECK(destroyed == 2,
          "%u packets of 64 bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE) twice; the "
          "destructor callbacks ran",
          max_packets);
}

/* ---- pipe kernel arguments, through a hand-made program file ---- */

/* The first section called name of an .oclbin (layout: common/oclbin.h). */
static const unsigned char *section(const unsigned char *bin, const char *name, size_t *size)
{
    uint32_t count;

    memcpy(&count, bin + 12, 4);
    for (uint32_t i = 0; i < count; i++) {
        const unsigned char *h = bin + 16 + 40 * (size_t)i;
        uint64_t off, len;

        if (strncmp((const char *)h, name, 16) != 0)
            continue;
        memcpy(&off, h + 16, 8);
        memcpy(&len, h + 24, 8);
        *size = (size_t)len;
        return bin + off;
    }
    return NULL;
}

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

/* An .oclbin of two sections, "meta" and "verilog". */
static unsigned char *two_sections(const char *meta, const unsigned char *verilog,
                                   size_t verilog_size, size_t *size)
{
    const char *names[2] = {"meta", "verilog"};
    const void *data[2] = {meta, verilog};
    size_t sizes[2] = {strlen(meta), verilog_size};
    size_t off = 16 + 2 * 40, total = off;
    uint32_t v;
    uint64_t w;
    unsigned char *b;

    for (int i = 0; i < 2; i++)
        total = (total + sizes[i] + 7) & ~(size_t)7;
    b = calloc(1, total);
    if (!b)
        return NULL;
    memcpy(b, "OCLHLSB", 8);
    v = 1;
    memcpy(b + 8, &v, 4);
    v = 2;
    memcpy(b + 12, &v, 4);
    for (int i = 0; i < 2; i++) {
        unsigned char *h = b + 16 + 40 * i;

        strncpy((char *)h, names[i], 16);
        w = off;
        memcpy(h + 16, &w, 8);
        w = sizes[i];
        memcpy(h + 24, &w, 8);
        v = crc32_of(data[i], sizes[i]);
        memcpy(h + 32, &v, 4);
        memcpy(b + off, data[i], sizes[i]);
        off = (off + sizes[i] + 7) & ~(size_t)7;
    }
    *size = total;
    return b;
}

/* Metadata of arguments of vector_add's hardware (CSR words 0x80-0x8c: a, b, c, n), and of
 * pipes. A pipe is described in the global address space or in the private one: both
 * readings of the frontend's metadata must work. */
#define ARG(name, type, qual, space, access, size, ptr, csr)                                       \
    "{\"name\": \"" name "\", \"type_name\": \"" type "\", \"type_qualifiers\": \"" qual           \
    "\", \"address_space\": \"" space "\", \"access\": \"" access "\", \"size\": " #size           \
    ", \"is_pointer\": " ptr ", \"csr_offset\": " #csr "}"
#define PIPE_IN(csr) ARG("in", "int", "pipe", "global", "read_only", 4, "false", csr)
#define PIPE_OUT(csr) ARG("out", "int", "pipe", "private", "write_only", 4, "false", csr)
#define BUF(name, qual, csr) ARG(name, "int*", qual, "global", "none", 4, "true", csr)
#define ARG_N ARG("n", "int", "", "private", "none", 4, "false", 140)
/* The "args" array's entries, then the kernel's "num_args" and "arg_bytes" to match. */
#define ARGS(list, num, bytes) list "], \"num_args\": " #num ", \"arg_bytes\": " #bytes
/* vector_add's own four argument words after edited ones: 0x80-0x8c */
#define ARGS4(list) ARGS(list, 4, 16)

/* vector_add(pipe in, pipe out, a, b, c, n): the pipes at CSR words 0x90 and 0x94 of the
 * kernel window, after vector_add's own, which its hardware ignores. */
static const char two_pipes_in_front[] =
    ARGS(PIPE_IN(144) ", " PIPE_OUT(148) ", " BUF("a", "const", 128) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N,
         6, 24);

/* vector_add(pipe in, b, c, n): the pipe's word is where the hardware reads a, so that
 * c = a + b shows the pipe's header when b is 0. */
static const char pipe_as_a[] =
    ARGS4(PIPE_IN(128) ", " BUF("b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N);

/* The vector_add program with its kernel's "args" array, "num_args" and "arg_bytes" replaced
   by args (made with ARGS), built; or NULL. */
static cl_program pipe_program(const char *args)
{
    cl_program va = api_build(ctx, api_vector_add_source, NULL), p = NULL;
    unsigned char *bin = NULL, *edited = NULL;
    const unsigned char *meta, *verilog;
    size_t size = 0, meta_size = 0, verilog_size = 0, edited_size = 0, head, tail;
    const char *open, *close;
    char *json = NULL, *orig = NULL;
    cl_int err, status;

    if (!va)
        return NULL;
    MUST(clGetProgramInfo(va, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL));
    bin = malloc(size);
    MUST(clGetProgramInfo(va, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL));
    meta = section(bin, "meta", &meta_size);
    verilog = section(bin, "verilog", &verilog_size);
    if (!meta || !verilog)
        goto out;
    orig = calloc(1, meta_size + 1);
    memcpy(orig, meta, meta_size);
    open = strstr(orig, "\"args\"");
    open = open ? strchr(open, '[') : NULL;
    close = open ? strstr(open, "\"arg_bytes\"") : NULL; /* the members after "args" */
    close = close ? strchr(close, ':') : NULL;
    if (!close)
        goto out;
    close += strspn(close, ": \t\n");
    close += strspn(close, "0123456789");
    head = (size_t)(open - orig) + 1;
    tail = meta_size - (size_t)(close - orig);
    json = calloc(1, head + strlen(args) + tail + 1);
    memcpy(json, orig, head);
    memcpy(json + head, args, strlen(args));
    memcpy(json + head + strlen(args), close, tail);
    edited = two_sections(json, verilog, verilog_size, &edited_size);
    p = clCreateProgramWithBinary(ctx, 1, &dev, &edited_size, (const unsigned char **)&edited,
                                  &status, &err);
    if (err == CL_SUCCESS)
        err = clBuildProgram(p, 0, NULL, NULL, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("the edited program: %s\n%s\n", api_err_name(err), p ? api_build_log(p) : "");
        if (p)
            clReleaseProgram(p);
        p = NULL;
    }
out:
    free(edited);
    free(json);
    free(orig);
    free(bin);
    clReleaseProgram(va);
    return p;
}

/* Argument metadata that contradicts itself is CL_INVALID_BINARY, never run (issue 32). */
static void contradicting_metadata(void)
{
    static const struct {
        const char *what, *args;
    } bad[] = {
        {"a csr_offset that wraps 32 bits (0xfffffffc, 8 bytes)",
         ARGS4(ARG("a", "long", "", "private", "none", 8, "false", 4294967292) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N)},
        {"a pointer in the private space",
         ARGS4(ARG("a", "int", "", "private", "none", 4, "true", 128) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N)},
        {"a __global argument that is not a pointer",
         ARGS4(ARG("a", "int", "", "global", "none", 4, "false", 128) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N)},
        {"a pipe of 8 bytes",
         ARGS4(ARG("a", "int", "pipe", "global", "none", 8, "false", 128) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N)},
        {"a size that is not a whole number",
         ARGS4(ARG("a", "int*", "", "global", "none", 4.5, "true", 128) ", " BUF(
             "b", "const", 132) ", " BUF("c", "", 136) ", " ARG_N)},
        {"an argument deleted (c)",
         ARGS4(BUF("a", "const", 128) ", " BUF("b", "const", 132) ", " ARG_N)},
        {"an argument deleted (c), num_args edited to match",
         ARGS(BUF("a", "const", 128) ", " BUF("b", "const", 132) ", " ARG_N, 3, 16)},
        {"two arguments on one word",
         ARGS4(BUF("a", "const", 128) ", " BUF("b", "const", 128) ", " BUF("c", "", 136) ", " ARG_N)},
    };

    printf("-- argument metadata that contradicts itself\n");
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        cl_program p = pipe_program(bad[i].args);
        CHECK(p == NULL, "refused: %s", bad[i].what);
        if (p)
            clReleaseProgram(p);
    }
}

/*
 * The CSR word of a pipe argument is the pipe's device address, and clCreatePipe wrote the
 * header there: the kernel reads it through its pointer a (c = a + 0).
 */
static void header_through_kernel(void)
{
    const cl_uint want[16] = {0, 0, 10, 12, 16}; /* indices 0, max_packets, bytes, stride */
    cl_program prog = pipe_program(pipe_as_a);
    cl_uint zero[16] = {0}, got[16];
    size_t global = 16;
    int n = 16, bad = 0;
    cl_mem pipe, b, c;
    cl_kernel k;
    cl_int err;

    printf("-- the pipe's header seen by a kernel\n");
    if (!CHECK(prog != NULL, "vector_add with a pipe in place of a loads"))
        return;
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    pipe = make_pipe(ctx, 12, 10);
    b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(zero), zero, &err);
    MUST(err);
    c = clCreateBuffer(ctx, 0, sizeof(got), NULL, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &pipe));
    MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &b));
    MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &c));
    MUST(clSetKernelArg(k, 3, sizeof(n), &n));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, c, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
    for (int i = 0; i < 16; i++)
        bad += got[i] != want[i];
    CHECK(bad == 0, "header words %u %u %u %u %u, then %d zeros (%d wrong)", got[0], got[1], got[2],
          got[3], got[4], 11, bad);
    clReleaseMemObject(c);
    clReleaseMemObject(b);
    clReleaseMemObject(pipe);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

static void kernel_arg_info(cl_kernel k)
{
    cl_kernel_arg_type_qualifier tq = 0;
    cl_kernel_arg_access_qualifier acc = 0;

    MUST(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
    CHECK(tq & CL_KERNEL_ARG_TYPE_PIPE, "arg 0: CL_KERNEL_ARG_TYPE_QUALIFIER has "
                                        "CL_KERNEL_ARG_TYPE_PIPE");
    MUST(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL));
    CHECK(acc == CL_KERNEL_ARG_ACCESS_READ_ONLY, "arg 0: read_only");
    MUST(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL));
    CHECK(acc == CL_KERNEL_ARG_ACCESS_WRITE_ONLY, "arg 1: write_only");
    MUST(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
    CHECK(!(tq & CL_KERNEL_ARG_TYPE_PIPE), "arg 2 (a buffer) is not a pipe");
}

static void set_arg_errors(cl_kernel k, cl_mem pipe_in, cl_mem buffer)
{
    cl_mem none = NULL, other;
    cl_int err;

    /* "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the
     * specified arg_value is not a valid memory object." -- "The memory object specified as
     * argument value must be a pipe object if the argument is declared with the pipe
     * qualifier." */
    for (cl_uint i = 0; i < 2; i++) {
        EXPECT(clSetKernelArg(k, i, sizeof(cl_mem), &buffer), CL_INVALID_MEM_OBJECT);
        EXPECT(clSetKernelArg(k, i, sizeof(cl_mem), &none), CL_INVALID_MEM_OBJECT);
        EXPECT(clSetKernelArg(k, i, sizeof(cl_mem), &ctx), CL_INVALID_MEM_OBJECT);
        /* "the arg_value entry will be a pointer to the appropriate buffer, pipe, image or
         * image array object" -> "CL_INVALID_ARG_VALUE if arg_value specified is not a valid
         * value." */
        EXPECT(clSetKernelArg(k, i, sizeof(cl_mem), NULL), CL_INVALID_ARG_VALUE);
        /* "CL_INVALID_ARG_SIZE if ... the argument is a memory object and arg_size !=
         * sizeof(cl_mem)" */
        EXPECT(clSetKernelArg(k, i, 4, &pipe_in), CL_INVALID_ARG_SIZE);
    }
    /* "The memory object must be created with the context associated with the kernel
     * object." */
    other = make_pipe(other_ctx, 4, 4);
    EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), &other), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(other);
    /* a pipe where a buffer is expected: "If the argument is declared to be a pointer of a
     * built-in scalar or vector type ... in the global or constant address space, the memory
     * object specified as argument value must be a buffer object (or NULL)." */
    EXPECT(clSetKernelArg(k, 2, sizeof(cl_mem), &pipe_in), CL_INVALID_MEM_OBJECT);
    err = clSetKernelArg(k, 0, sizeof(cl_mem), &pipe_in);
    EXPECT(err, CL_SUCCESS);
}

/*
 * The launch holds its pipes: released by the host while the launch waits on a user event,
 * they live until it has run. The kernel still computes c = a + b with the two pipe words
 * written into its CSR window.
 */
static void launch_holds_pipes(cl_kernel k, cl_mem in, cl_mem out)
{
    cl_mem a, b, c;
    int ha[N], hb[N], hc[N], destroyed = 0, n = N, bad = 0;
    size_t global = N;
    cl_event gate, run;
    cl_int err;

    for (int i = 0; i < N; i++)
        ha[i] = i, hb[i] = 1000 * i, hc[i] = -1;
    a = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(ha), ha, &err);
    MUST(err);
    b = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(hb), hb, &err);
    MUST(err);
    c = clCreateBuffer(ctx, 0, sizeof(hc), NULL, &err);
    MUST(err);
    MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &in));
    MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &out));
    MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &a));
    MUST(clSetKernelArg(k, 3, sizeof(cl_mem), &b));
    MUST(clSetKernelArg(k, 4, sizeof(cl_mem), &c));
    MUST(clSetKernelArg(k, 5, sizeof(n), &n));
    MUST(clSetMemObjectDestructorCallback(in, count_destruction, &destroyed));
    MUST(clSetMemObjectDestructorCallback(out, count_destruction, &destroyed));
    gate = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 1, &gate, &run));
    MUST(clReleaseMemObject(in));
    MUST(clReleaseMemObject(out));
    CHECK(destroyed == 0, "pipes released by the host while the launch waits: still alive");
    MUST(clSetUserEventStatus(gate, CL_COMPLETE));
    MUST(clEnqueueReadBuffer(q, c, CL_TRUE, 0, sizeof(hc), hc, 0, NULL, NULL));
    MUST(clFinish(q));
    for (int i = 0; i < N; i++)
        bad += hc[i] != ha[i] + hb[i];
    CHECK(bad == 0, "the launch with pipe arguments ran: c = a + b (%d wrong)", bad);
    MUST(clReleaseEvent(run));
    CHECK(destroyed == 2, "the pipes are destroyed once the launch is done (%d)", destroyed);
    clReleaseEvent(gate);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c);
}

static void pipe_arguments(void)
{
    cl_program prog, va;
    cl_kernel k, vk;
    cl_mem in, out, buffer, pipe;
    cl_int err;

    printf("-- a pipe on a buffer argument\n");
    va = api_build(ctx, api_vector_add_source, NULL);
    if (!CHECK(va != NULL, "vector_add builds"))
        return;
    vk = clCreateKernel(va, "vector_add", &err);
    MUST(err);
    pipe = make_pipe(ctx, 4, 4);
    for (cl_uint i = 0; i < 3; i++)
        EXPECT(clSetKernelArg(vk, i, sizeof(cl_mem), &pipe), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(pipe);
    clReleaseKernel(vk);
    clReleaseProgram(va);

    printf("-- pipe arguments (hand-made program metadata)\n");
    prog = pipe_program(two_pipes_in_front);
    if (!CHECK(prog != NULL, "vector_add with two pipe arguments loads"))
        return;
    k = clCreateKernel(prog, "vector_add", &err);
    MUST(err);
    kernel_arg_info(k);
    in = make_pipe(ctx, 4, 16);
    out = make_pipe(ctx, 4, 16);
    buffer = clCreateBuffer(ctx, 0, 64, NULL, &err);
    MUST(err);
    set_arg_errors(k, in, buffer);
    clReleaseMemObject(buffer);
    launch_holds_pipes(k, in, out);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    header_through_kernel();
    contradicting_metadata();
}

int main(void)
{
    api_begin("api.pipe");
    dev = api_device();
    ctx = api_context();
    other_ctx = api_context();
    q = api_queue(ctx, false);

    device_queries();
    create_errors();
    check_pipe(0, 4, 16, 64 + 64);
    check_pipe(CL_MEM_READ_WRITE, 12, 10, 64 + 10 * 16 + 32);
    check_pipe(CL_MEM_HOST_NO_ACCESS, 1, 100, 64 + 100 + 28);
    check_pipe(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 64, 1, 64 + 64);
    check_pipe(0, 33, 3, 64 + 3 * 64);
    info_errors();
    not_a_buffer();
    storage_reuse();
    pipe_arguments();

    clReleaseCommandQueue(q);
    clReleaseContext(other_ctx);
    clReleaseContext(ctx);
    return api_end();
}
