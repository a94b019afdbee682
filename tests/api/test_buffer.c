/* SPDX-License-Identifier: MIT */
/* Buffers: creation flags and sizes, read/write/copy/fill/rect round-trips (blocking and not),
 * host-pointer modes, sub-buffers, maps, queries and the errors of each. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

#define N 4096

static cl_context ctx;
static cl_command_queue q;

static cl_mem buffer(cl_mem_flags flags, size_t size, void *host, cl_int want)
{
    cl_int err = 12345;
    cl_mem m = clCreateBuffer(ctx, flags, size, host, &err);

    api_expect(err, want, "clCreateBuffer", __LINE__);
    CHECK((m != NULL) == (want == CL_SUCCESS), "  (flags 0x%llx, %zu bytes) %s",
          (unsigned long long)flags, size, m ? "gives a buffer" : "gives NULL");
    return m;
}

static void creation(void)
{
    cl_ulong max_alloc = 0;
    int host[16];
    cl_mem m;
    cl_mem_properties props[] = {0};
    cl_mem_properties bad_props[] = {0x7777, 1, 0};
    cl_int err;

    clGetDeviceInfo(api_device(), CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc,
                    NULL);
    printf("-- creation\n");
    clReleaseMemObject(buffer(0, 64, NULL, CL_SUCCESS));
    clReleaseMemObject(buffer(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_SUCCESS));
    clReleaseMemObject(
        buffer(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, sizeof(host), host, CL_SUCCESS));
    /* "CL_INVALID_VALUE if values specified in flags are not valid" */
    buffer(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
    buffer(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, NULL, CL_INVALID_VALUE);
    buffer(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, sizeof(host), host, CL_INVALID_VALUE);
    buffer(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, sizeof(host), host, CL_INVALID_VALUE);
    buffer(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
    buffer(CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_READ_ONLY, 64, NULL, CL_INVALID_VALUE);
    buffer((cl_mem_flags)1 << 40, 64, NULL, CL_INVALID_VALUE);
    /* "CL_INVALID_BUFFER_SIZE if size is 0" (3.0: or above CL_DEVICE_MAX_MEM_ALLOC_SIZE) */
    buffer(0, 0, NULL, CL_INVALID_BUFFER_SIZE);
    buffer(0, (size_t)max_alloc + 1, NULL, CL_INVALID_BUFFER_SIZE);
    /* "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR
     * are set in flags or if host_ptr is not NULL but [they] are not set" */
    buffer(CL_MEM_COPY_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
    buffer(CL_MEM_USE_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
    buffer(0, sizeof(host), host, CL_INVALID_HOST_PTR);
    /* clCreateBufferWithProperties: no properties are supported */
    m = clCreateBufferWithProperties(ctx, props, 0, 64, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    clReleaseMemObject(m);
    clCreateBufferWithProperties(ctx, bad_props, 0, 64, NULL, &err);
    EXPECT(err, CL_INVALID_PROPERTY);
    clCreateBuffer((cl_context)q, 0, 64, NULL, &err);
    EXPECT(err, CL_INVALID_CONTEXT);
}

static void round_trips(void)
{
    int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int)), *c = calloc(N, sizeof(int));
    cl_mem ma, mb;
    cl_event ev[3];
    cl_int status = 1, ok = 1;

    printf("-- write/read/copy round-trips\n");
    for (int i = 0; i < N; i++)
        a[i] = i * 7 + 1;
    ma = buffer(CL_MEM_READ_WRITE, N * sizeof(int), NULL, CL_SUCCESS);
    mb = buffer(CL_MEM_READ_WRITE, N * sizeof(int), NULL, CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(q, ma, CL_TRUE, 0, N * sizeof(int), a, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, N * sizeof(int), b, 0, NULL, NULL), CL_SUCCESS);
    CHECK(memcmp(a, b, N * sizeof(int)) == 0, "blocking write then read: same data");
    EXPECT(clEnqueueCopyBuffer(q, ma, mb, 0, 0, N * sizeof(int), 0, NULL, &ev[0]), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, mb, CL_FALSE, 0, N * sizeof(int), c, 1, ev, &ev[1]), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev[1]), CL_SUCCESS);
    CHECK(memcmp(a, c, N * sizeof(int)) == 0, "copy then non-blocking read: same data");
    clGetEventInfo(ev[1], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL);
    CHECK(status == CL_COMPLETE, "the read's event is CL_COMPLETE");
    /* partial and offset accesses */
    EXPECT(clEnqueueWriteBuffer(q, ma, CL_FALSE, 100 * sizeof(int), 10 * sizeof(int), a, 0, NULL,
                                NULL),
           CL_SUCCESS);
    EXPECT(clEnqueueCopyBuffer(q, ma, mb, 100 * sizeof(int), 2000 * sizeof(int), 10 * sizeof(int),
                               0, NULL, NULL),
           CL_SUCCESS);
    EXPECT(
        clEnqueueReadBuffer(q, mb, CL_TRUE, 2000 * sizeof(int), 10 * sizeof(int), c, 0, NULL, NULL),
        CL_SUCCESS);
    for (int i = 0; i < 10; i++)
        ok &= c[i] == a[i];
    CHECK(ok, "offset write, copy and read");
    /* fill */
    int pattern = 0x5a5a1234;
    EXPECT(
        clEnqueueFillBuffer(q, mb, &pattern, sizeof(pattern), 0, N * sizeof(int), 0, NULL, &ev[2]),
        CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, mb, CL_TRUE, 0, N * sizeof(int), c, 1, &ev[2], NULL), CL_SUCCESS);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= c[i] == pattern;
    CHECK(ok, "fill with a 4-byte pattern");
    for (int i = 0; i < 3; i++)
        clReleaseEvent(ev[i]);

    /* errors */
    printf("-- read/write/copy errors\n");
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, N * sizeof(int) + 1, c, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, N * sizeof(int), 1, c, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBuffer(q, ma, CL_TRUE, 1, N * sizeof(int), a, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, 4, c, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, 4, c, 0, ev, NULL), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueReadBuffer(q, (cl_mem)q, CL_TRUE, 0, 4, c, 0, NULL, NULL),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyBuffer(q, ma, mb, 0, 8, N * sizeof(int), 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, ma, ma, 0, 16, 32, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, ma, ma, 0, 32, 32, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueFillBuffer(q, ma, &pattern, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, ma, &pattern, 4, 2, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, ma, NULL, 4, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, ma, &pattern, 4, 0, N * sizeof(int) + 4, 0, NULL, NULL),
           CL_INVALID_VALUE);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);

    /* host access flags */
    ma = buffer(CL_MEM_HOST_READ_ONLY, 64, NULL, CL_SUCCESS);
    mb = buffer(CL_MEM_HOST_NO_ACCESS, 64, NULL, CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(q, ma, CL_TRUE, 0, 4, a, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueReadBuffer(q, ma, CL_TRUE, 0, 4, c, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, mb, CL_TRUE, 0, 4, c, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteBuffer(q, mb, CL_TRUE, 0, 4, a, 0, NULL, NULL), CL_INVALID_OPERATION);
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    free(a);
    free(b);
    free(c);
}

static void host_pointers(void)
{
    int src[256], use[256], out[256], *p;
    cl_mem mc, mu, ma;
    void *got = NULL;
    cl_int err, ok = 1;

    printf("-- host pointers\n");
    for (int i = 0; i < 256; i++)
        src[i] = use[i] = 1000 + i;
    mc = buffer(CL_MEM_COPY_HOST_PTR, sizeof(src), src, CL_SUCCESS);
    memset(src, 0, sizeof(src)); /* "host_ptr is available for reuse ... when clCreateBuffer
                                  * returns" */
    EXPECT(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < 256; i++)
        ok &= out[i] == 1000 + i;
    CHECK(ok, "CL_MEM_COPY_HOST_PTR: the contents at creation");

    mu = buffer(CL_MEM_USE_HOST_PTR, sizeof(use), use, CL_SUCCESS);
    EXPECT(clGetMemObjectInfo(mu, CL_MEM_HOST_PTR, sizeof(got), &got, NULL), CL_SUCCESS);
    CHECK(got == use, "CL_MEM_HOST_PTR is the pointer given");
    EXPECT(clEnqueueReadBuffer(q, mu, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[17] == 1017, "CL_MEM_USE_HOST_PTR: the contents at creation");
    /* a command that writes the buffer updates host_ptr too */
    EXPECT(clEnqueueCopyBuffer(q, mc, mu, 0, 0, 16 * sizeof(int), 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    CHECK(use[3] == 1003 && use[200] == 1200, "CL_MEM_USE_HOST_PTR: host_ptr after a copy");
    int v = 77;
    EXPECT(
        clEnqueueFillBuffer(q, mu, &v, sizeof(v), 32 * sizeof(int), 4 * sizeof(int), 0, NULL, NULL),
        CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    CHECK(use[33] == 77 && use[36] == 1036, "CL_MEM_USE_HOST_PTR: host_ptr after a fill");
    /* map returns a pointer derived from host_ptr */
    p = clEnqueueMapBuffer(q, mu, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 64, 64, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    CHECK(p == (int *)((char *)use + 64), "mapping a USE_HOST_PTR buffer gives host_ptr+offset");
    if (p) {
        p[0] = -5;
        EXPECT(clEnqueueUnmapMemObject(q, mu, p, 0, NULL, NULL), CL_SUCCESS);
    }
    EXPECT(clEnqueueReadBuffer(q, mu, CL_TRUE, 64, sizeof(int), out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == -5, "a write through the mapping reaches the buffer");

    ma = buffer(CL_MEM_ALLOC_HOST_PTR, 1024, NULL, CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(q, ma, CL_TRUE, 0, sizeof(int) * 4, out, 0, NULL, NULL),
           CL_SUCCESS);
    p = clEnqueueMapBuffer(q, ma, CL_TRUE, CL_MAP_READ, 0, 1024, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    CHECK(p && p[0] == -5, "CL_MEM_ALLOC_HOST_PTR: map for reading sees the data");
    if (p)
        EXPECT(clEnqueueUnmapMemObject(q, ma, p, 0, NULL, NULL), CL_SUCCESS);
    clReleaseMemObject(ma);
    clReleaseMemObject(mc);
    clReleaseMemObject(mu);
}

static void maps(void)
{
    cl_mem m = buffer(0, 4096, NULL, CL_SUCCESS),
           ro = buffer(CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_SUCCESS);
    cl_uint count = 9;
    int *p, *p2;
    cl_event ev;
    cl_int err;

    printf("-- maps\n");
    p = clEnqueueMapBuffer(q, m, CL_FALSE, CL_MAP_WRITE_INVALIDATE_REGION, 0, 4096, 0, NULL, &ev,
                           &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev), CL_SUCCESS);
    clReleaseEvent(ev);
    for (int i = 0; i < 1024; i++)
        p[i] = i;
    EXPECT(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL), CL_SUCCESS);
    CHECK(count == 1, "map count 1");
    /* "CL_INVALID_OPERATION if mapping would lead to overlapping regions being mapped for
     * writing." */
    clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE, 128, 64, 0, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_OPERATION);
    EXPECT(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL), CL_INVALID_VALUE);
    p2 = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 400, 40, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    CHECK(p2 && p2[0] == 100 && p2[9] == 109, "unmapped writes are read back by a new map");
    if (p2)
        clEnqueueUnmapMemObject(q, m, p2, 0, NULL, NULL);
    clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 4000, 100, 0, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 4, 0, NULL,
                       NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clEnqueueMapBuffer(q, ro, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_OPERATION);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseMemObject(m);
    clReleaseMemObject(ro);
}

static void rects(void)
{
    /* a 16 x 8 x 2 box of bytes */
    unsigned char host[256], out[256], zero[256] = {0};
    size_t origin[3] = {0, 0, 0}, borigin[3] = {4, 2, 0}, region[3] = {8, 4, 2};
    cl_mem m;
    int ok = 1;

    printf("-- rectangles\n");
    m = buffer(CL_MEM_COPY_HOST_PTR, 256, zero, CL_SUCCESS);
    for (int i = 0; i < 256; i++)
        host[i] = (unsigned char)i;
    EXPECT(clEnqueueWriteBufferRect(q, m, CL_TRUE, borigin, origin, region, 16, 128, 8, 32, host, 0,
                                    NULL, NULL),
           CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 256, out, 0, NULL, NULL), CL_SUCCESS);
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 4; y++)
            for (size_t x = 0; x < 8; x++)
                ok &= out[z * 128 + (y + 2) * 16 + x + 4] == host[z * 32 + y * 8 + x];
    CHECK(ok && out[0] == 0, "clEnqueueWriteBufferRect places the box");
    memset(out, 0, sizeof(out));
    EXPECT(clEnqueueReadBufferRect(q, m, CL_TRUE, borigin, origin, region, 16, 128, 0, 0, out, 0,
                                   NULL, NULL),
           CL_SUCCESS);
    CHECK(memcmp(out, host, 64) == 0, "clEnqueueReadBufferRect reads it back (default pitches)");
    size_t dorigin[3] = {0, 0, 0};
    cl_mem m2 = buffer(0, 256, NULL, CL_SUCCESS);
    EXPECT(
        clEnqueueCopyBufferRect(q, m, m2, borigin, dorigin, region, 16, 128, 0, 0, 0, NULL, NULL),
        CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, m2, CL_TRUE, 0, 64, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(memcmp(out, host, 64) == 0, "clEnqueueCopyBufferRect packs the box");
    region[0] = 0;
    EXPECT(clEnqueueReadBufferRect(q, m, CL_TRUE, borigin, origin, region, 16, 128, 0, 0, out, 0,
                                   NULL, NULL),
           CL_INVALID_VALUE);
    region[0] = 8;
    EXPECT(clEnqueueReadBufferRect(q, m, CL_TRUE, borigin, origin, region, 4, 128, 0, 0, out, 0,
                                   NULL, NULL),
           CL_INVALID_VALUE);
    region[2] = 3;
    EXPECT(clEnqueueReadBufferRect(q, m, CL_TRUE, borigin, origin, region, 16, 128, 0, 0, out, 0,
                                   NULL, NULL),
           CL_INVALID_VALUE);
    region[2] = 2;
    EXPECT(
        clEnqueueCopyBufferRect(q, m, m, origin, borigin, region, 16, 128, 16, 128, 0, NULL, NULL),
        CL_MEM_COPY_OVERLAP);
    clReleaseMemObject(m);
    clReleaseMemObject(m2);
}

static int destroyed[3], ndestroyed;

static void CL_CALLBACK on_destroy(cl_mem m, void *data)
{
    (void)m;
    if (ndestroyed < 3)
        destroyed[ndestroyed] = (int)(size_t)data;
    ndestroyed++;
}

static void sub_buffers_and_info(void)
{
    cl_uint align = 0, refs = 0;
    cl_mem parent, sub, sub2, assoc = NULL;
    cl_buffer_region r;
    int data[1024], out[64];
    size_t size = 0, offset = 0;
    cl_mem_flags flags = 0;
    cl_mem_object_type type = 0;
    cl_context mctx = NULL;
    cl_int err;

    printf("-- sub-buffers and queries\n");
    clGetDeviceInfo(api_device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align), &align, NULL);
    align /= 8;
    for (int i = 0; i < 1024; i++)
        data[i] = i;
    parent = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data, CL_SUCCESS);
    r.origin = align;
    r.size = 64 * sizeof(int);
    sub = clCreateSubBuffer(parent, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == (int)(align / sizeof(int)) && out[63] == out[0] + 63,
          "a sub-buffer reads its region of the parent");
    clGetMemObjectInfo(sub, CL_MEM_SIZE, sizeof(size), &size, NULL);
    clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof(offset), &offset, NULL);
    clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL);
    clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof(flags), &flags, NULL);
    CHECK(size == r.size && offset == r.origin && assoc == parent,
          "CL_MEM_SIZE/OFFSET/ASSOCIATED_MEMOBJECT of the sub-buffer");
    CHECK((flags & CL_MEM_READ_ONLY) && (flags & CL_MEM_COPY_HOST_PTR),
          "CL_MEM_FLAGS: given READ_ONLY, inherited COPY_HOST_PTR");
    r.origin = 4;
    clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    r.origin = 0;
    r.size = sizeof(data) + 1;
    clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_INVALID_VALUE);
    r.size = 0;
    clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_INVALID_BUFFER_SIZE);
    r.size = 64;
    clCreateSubBuffer(parent, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_INVALID_MEM_OBJECT);
    clCreateSubBuffer(parent, 0, 0x7777, &r, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    r.origin = 0;
    r.size = 2 * align;
    sub2 = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT(err, CL_SUCCESS);
    /* different sub-buffers of one buffer: the regions copied decide */
    EXPECT(clEnqueueCopyBuffer(q, sub, sub2, 0, align - 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, sub, sub2, 0, 0, 16, 0, NULL, NULL), CL_SUCCESS);

    clGetMemObjectInfo(parent, CL_MEM_TYPE, sizeof(type), &type, NULL);
    clGetMemObjectInfo(parent, CL_MEM_CONTEXT, sizeof(mctx), &mctx, NULL);
    CHECK(type == CL_MEM_OBJECT_BUFFER && mctx == ctx, "CL_MEM_TYPE and CL_MEM_CONTEXT");
    EXPECT(clGetMemObjectInfo(parent, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL),
           CL_SUCCESS);
    CHECK(refs == 1, "the parent's reference count is 1 (sub-buffers hold it internally)");
    EXPECT(clGetMemObjectInfo(parent, 0x7777, sizeof(refs), &refs, NULL), CL_INVALID_VALUE);
    EXPECT(clGetMemObjectInfo(parent, CL_MEM_SIZE, 1, &refs, NULL), CL_INVALID_VALUE);
    EXPECT(clGetMemObjectInfo((cl_mem)ctx, CL_MEM_SIZE, sizeof(size), &size, NULL),
           CL_INVALID_MEM_OBJECT);

    /* destructor callbacks: newest first, when the last reference and use are gone */
    EXPECT(clSetMemObjectDestructorCallback(parent, on_destroy, (void *)1), CL_SUCCESS);
    EXPECT(clSetMemObjectDestructorCallback(parent, on_destroy, (void *)2), CL_SUCCESS);
    EXPECT(clSetMemObjectDestructorCallback(parent, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clFinish(q), CL_SUCCESS);
    EXPECT(clReleaseMemObject(parent), CL_SUCCESS);
    CHECK(ndestroyed == 0, "the parent lives while sub-buffers exist");
    clReleaseMemObject(sub);
    clReleaseMemObject(sub2);
    CHECK(ndestroyed == 2 && destroyed[0] == 2 && destroyed[1] == 1,
          "destructor callbacks ran newest first after the sub-buffers went");
}

int main(void)
{
    api_begin("api.buffer");
    ctx = api_context();
    q = api_queue(ctx, false);
    creation();
    round_trips();
    host_pointers();
    maps();
    rects();
    sub_buffers_and_info();
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
