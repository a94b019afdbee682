/* SPDX-License-Identifier: MIT */
/*
 * The spec's error clauses of the buffer entry points, one check per clause (OpenCL 2.2 API
 * 5.2 and 5.5, with the 3.0 additions): creation, sub-buffers, read/write/copy/fill and their
 * rect forms, map/unmap, migrate, retain/release, destructor callbacks and queries. Each
 * failing call must return exactly the spec's code and leave no event and no object behind.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

#define SIZE 1024

static cl_context ctx, other_ctx;
static cl_command_queue q;
static cl_mem buf, buf2, other_buf; /* SIZE bytes each; other_buf in other_ctx */
static cl_event done;               /* a completed user event of ctx */
static cl_event other_done;         /* a completed user event of other_ctx */
static char host[SIZE];

/* Checks a create call's errcode_ret and that it returned NULL. */
static void expect_null(const void *obj, cl_int err, cl_int want, int line)
{
    api_expect(err, want, "errcode_ret", line);
    api_check(obj == NULL, line, "  and the call returned NULL");
}
#define EXPECT_NULL(obj, err, want) expect_null((obj), (err), (want), __LINE__)

/* Checks that a failed enqueue left its event argument alone. */
#define EXPECT_NO_EVENT(ev) CHECK((ev) == NULL, "  and no event was returned")

static cl_mem make_buffer(cl_context c, cl_mem_flags flags, size_t size)
{
    cl_int err;
    cl_mem m = clCreateBuffer(c, flags, size, NULL, &err);

    api_must(err, "clCreateBuffer", __LINE__);
    return m;
}

static void create_buffer(void)
{
    cl_mem_properties dup_props[] = {0x7777, 1, 0x7777, 1, 0};
    cl_mem m;
    cl_int err;

    printf("-- clCreateBuffer, clCreateBufferWithProperties\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    m = clCreateBuffer((cl_context)buf, 0, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_CONTEXT);
    m = clCreateBufferWithProperties((cl_context)q, NULL, 0, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if values specified in flags are not valid as defined in the Memory
     * Flags table." */
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = clCreateBuffer(ctx, CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = clCreateBufferWithProperties(ctx, NULL, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64,
                                     host, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* (3.0) "CL_INVALID_PROPERTY if a property name in properties is not a supported property
     * name, ... or if the same property name is specified more than once." */
    m = clCreateBufferWithProperties(ctx, dup_props, 0, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_PROPERTY);
    /* "CL_INVALID_BUFFER_SIZE if size is 0" */
    m = clCreateBufferWithProperties(ctx, NULL, 0, 0, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_BUFFER_SIZE);
    m = clCreateBuffer(ctx, 0, SIZE_MAX, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_BUFFER_SIZE);
    /* "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR
     * are set in flags or if host_ptr is not NULL but [neither is] set in flags." */
    m = clCreateBufferWithProperties(ctx, NULL, CL_MEM_COPY_HOST_PTR, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_HOST_PTR);
    m = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, 64, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_HOST_PTR);
    /* errcode_ret may be NULL */
    CHECK(clCreateBuffer(ctx, 0, 0, NULL, NULL) == NULL, "a failing call with errcode_ret NULL");
}

static cl_mem sub(cl_mem parent, cl_mem_flags flags, size_t origin, size_t size, cl_int *err)
{
    cl_buffer_region r = {origin, size};

    return clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &r, err);
}

static void create_sub_buffer(void)
{
    cl_mem wo = make_buffer(ctx, CL_MEM_WRITE_ONLY, SIZE),
           ro = make_buffer(ctx, CL_MEM_READ_ONLY, SIZE),
           hwo = make_buffer(ctx, CL_MEM_HOST_WRITE_ONLY, SIZE),
           hro = make_buffer(ctx, CL_MEM_HOST_READ_ONLY, SIZE),
           hna = make_buffer(ctx, CL_MEM_HOST_NO_ACCESS, SIZE), s, m;
    cl_int err;

    printf("-- clCreateSubBuffer\n");
    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer
     * object." */
    m = sub((cl_mem)ctx, 0, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_MEM_OBJECT);
    s = sub(buf, 0, 0, 256, &err);
    EXPECT(err, CL_SUCCESS);
    m = sub(s, 0, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(s);
    /* "CL_INVALID_VALUE if buffer was created with CL_MEM_WRITE_ONLY and flags specifies
     * CL_MEM_READ_WRITE or CL_MEM_READ_ONLY, or if buffer was created with CL_MEM_READ_ONLY and
     * flags specifies CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY, or if flags specifies
     * CL_MEM_USE_HOST_PTR or CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR." */
    m = sub(wo, CL_MEM_READ_WRITE, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(wo, CL_MEM_READ_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(ro, CL_MEM_READ_WRITE, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(ro, CL_MEM_WRITE_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(buf, CL_MEM_ALLOC_HOST_PTR, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(buf, CL_MEM_COPY_HOST_PTR, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    s = sub(wo, CL_MEM_WRITE_ONLY, 0, 64, &err);
    EXPECT(err, CL_SUCCESS); /* the same access is fine */
    clReleaseMemObject(s);
    /* "CL_INVALID_VALUE if buffer was created with CL_MEM_HOST_WRITE_ONLY and flags specify
     * CL_MEM_HOST_READ_ONLY, or ... CL_MEM_HOST_READ_ONLY and flags specify
     * CL_MEM_HOST_WRITE_ONLY, or ... CL_MEM_HOST_NO_ACCESS and flags specify
     * CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_WRITE_ONLY." */
    m = sub(hwo, CL_MEM_HOST_READ_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(hro, CL_MEM_HOST_WRITE_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(hna, CL_MEM_HOST_READ_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(hna, CL_MEM_HOST_WRITE_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    s = sub(hro, CL_MEM_HOST_NO_ACCESS, 0, 64, &err);
    EXPECT(err, CL_SUCCESS); /* narrowing the host access is fine */
    clReleaseMemObject(s);
    /* flags themselves must be valid (the Memory Flags table) */
    m = sub(buf, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 0, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if value specified in buffer_create_type is not valid." */
    m = clCreateSubBuffer(buf, 0, 0, &(cl_buffer_region){0, 64}, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if ... buffer_create_info is NULL." */
    m = clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE ... if the region specified by (origin, size) is out of bounds" */
    m = sub(buf, 0, 2 * SIZE, 64, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(buf, 0, 512, SIZE, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = sub(buf, 0, 512, SIZE_MAX - 256, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* "CL_INVALID_BUFFER_SIZE if size is 0." */
    m = sub(buf, 0, 0, 0, &err);
    EXPECT_NULL(m, err, CL_INVALID_BUFFER_SIZE);
    /* "CL_MISALIGNED_SUB_BUFFER_OFFSET ... if there are no devices in context associated with
     * buffer for which the origin value is aligned to the CL_DEVICE_MEM_BASE_ADDR_ALIGN
     * value." */
    m = sub(buf, 0, 64, 64, &err);
    EXPECT_NULL(m, err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    clReleaseMemObject(wo);
    clReleaseMemObject(ro);
    clReleaseMemObject(hwo);
    clReleaseMemObject(hro);
    clReleaseMemObject(hna);
}

static void CL_CALLBACK on_destroy(cl_mem m, void *data)
{
    (void)m;
    (void)data;
}

static void retain_release_info(void)
{
    size_t size = 0, ret = 0;
    cl_uint u = 0;

    printf("-- clRetain/ReleaseMemObject, clSetMemObjectDestructorCallback, clGetMemObjectInfo\n");
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object" */
    EXPECT(clRetainMemObject((cl_mem)ctx), CL_INVALID_MEM_OBJECT);
    EXPECT(clReleaseMemObject((cl_mem)q), CL_INVALID_MEM_OBJECT);
    EXPECT(clSetMemObjectDestructorCallback((cl_mem)ctx, on_destroy, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clGetMemObjectInfo((cl_mem)q, CL_MEM_SIZE, sizeof(size), &size, NULL),
           CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_VALUE if pfn_notify is NULL." */
    EXPECT(clSetMemObjectDestructorCallback(buf, NULL, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type ... and param_value is not NULL." */
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_SIZE + 0x100, sizeof(size), &size, NULL),
           CL_INVALID_VALUE);
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_SIZE, sizeof(size) - 1, &size, NULL), CL_INVALID_VALUE);
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_MAP_COUNT, 0, &u, NULL), CL_INVALID_VALUE);
    /* ... but not when param_value is NULL */
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_SIZE, 0, NULL, &ret), CL_SUCCESS);
    CHECK(ret == sizeof(size_t), "  CL_MEM_SIZE is a size_t (%zu bytes)", ret);
}

/* The clauses every enqueue of one buffer shares, through call(queue, buffer, wait list). */
typedef cl_int (*buffer_call)(cl_command_queue, cl_mem, cl_uint, const cl_event *, cl_event *);

static void common_clauses(const char *name, buffer_call call)
{
    cl_event ev = NULL, bad = (cl_event)buf;

    printf("-- %s: the common clauses\n", name);
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    EXPECT(call((cl_command_queue)ctx, buf, 0, NULL, &ev), CL_INVALID_COMMAND_QUEUE);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object." */
    EXPECT(call(q, (cl_mem)ctx, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the
     * same or if the context associated with command_queue and events in event_wait_list are
     * not the same." */
    EXPECT(call(q, other_buf, 0, NULL, &ev), CL_INVALID_CONTEXT);
    EXPECT_NO_EVENT(ev);
    EXPECT(call(q, buf, 1, &other_done, &ev), CL_INVALID_CONTEXT);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0,
     * or event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in
     * event_wait_list are not valid events." */
    EXPECT(call(q, buf, 1, NULL, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(call(q, buf, 0, &done, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(call(q, buf, 1, &bad, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT_NO_EVENT(ev);
    /* and the same call with valid arguments succeeds */
    EXPECT(call(q, buf, 1, &done, &ev), CL_SUCCESS);
    CHECK(ev != NULL, "  and returns an event");
    clReleaseEvent(ev);
}

static cl_int read_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l, cl_event *e)
{
    static char out[64];

    return clEnqueueReadBuffer(cq, m, CL_TRUE, 0, sizeof(out), out, n, l, e);
}

static cl_int write_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l, cl_event *e)
{
    return clEnqueueWriteBuffer(cq, m, CL_FALSE, 0, 64, host, n, l, e);
}

static const size_t zero3[3] = {0, 0, 0}, box[3] = {8, 4, 2};

static cl_int read_rect_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                             cl_event *e)
{
    static char out[64];

    return clEnqueueReadBufferRect(cq, m, CL_TRUE, zero3, zero3, box, 0, 0, 0, 0, out, n, l, e);
}

static cl_int write_rect_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                              cl_event *e)
{
    return clEnqueueWriteBufferRect(cq, m, CL_FALSE, zero3, zero3, box, 16, 0, 0, 0, host, n, l, e);
}

/* copies: the buffer given is the source, then the destination; buf2 is the other one */
static cl_int copy_src_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                            cl_event *e)
{
    return clEnqueueCopyBuffer(cq, m, buf2, 0, 0, 64, n, l, e);
}

static cl_int copy_dst_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                            cl_event *e)
{
    return clEnqueueCopyBuffer(cq, buf2, m, 0, 0, 64, n, l, e);
}

static cl_int copy_rect_src_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                                 cl_event *e)
{
    return clEnqueueCopyBufferRect(cq, m, buf2, zero3, zero3, box, 0, 0, 0, 0, n, l, e);
}

static cl_int copy_rect_dst_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l,
                                 cl_event *e)
{
    return clEnqueueCopyBufferRect(cq, buf2, m, zero3, zero3, box, 0, 0, 0, 0, n, l, e);
}

static cl_int fill_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l, cl_event *e)
{
    const cl_int pattern = 7;

    return clEnqueueFillBuffer(cq, m, &pattern, sizeof(pattern), 0, 64, n, l, e);
}

static cl_int map_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l, cl_event *e)
{
    cl_int err = 12345;
    void *p = clEnqueueMapBuffer(cq, m, CL_TRUE, CL_MAP_READ, 0, 64, n, l, e, &err);

    /* "A NULL pointer is returned otherwise" */
    CHECK((p != NULL) == (err == CL_SUCCESS), "  clEnqueueMapBuffer returned %s",
          p ? "a pointer" : "NULL");
    if (p)
        clEnqueueUnmapMemObject(cq, m, p, 0, NULL, NULL);
    return err;
}

static cl_int migrate_call(cl_command_queue cq, cl_mem m, cl_uint n, const cl_event *l, cl_event *e)
{
    return clEnqueueMigrateMemObjects(cq, 1, &m, 0, n, l, e);
}

static void read_write(void)
{
    char out[SIZE];
    cl_event ev = NULL;
    cl_mem hwo = make_buffer(ctx, CL_MEM_HOST_WRITE_ONLY, SIZE), s;
    cl_int err;

    common_clauses("clEnqueueReadBuffer", read_call);
    common_clauses("clEnqueueWriteBuffer", write_call);
    printf("-- clEnqueueReadBuffer, clEnqueueWriteBuffer\n");
    /* "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is out
     * of bounds or if ptr is a NULL value." */
    EXPECT(clEnqueueReadBuffer(q, buf, CL_TRUE, SIZE - 4, 8, out, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, buf, CL_TRUE, SIZE + 4, 0, out, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBuffer(q, buf, CL_TRUE, 8, SIZE_MAX, host, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, 8, NULL, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    /* a size of 0 is no error since 2.1 (the 2.0 clause "or if size is 0" was removed) */
    EXPECT(clEnqueueReadBuffer(q, buf, CL_TRUE, SIZE, 0, out, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, 0, host, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 0, SIZE, 0, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 8, 8, 0, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueFillBuffer(q, buf, host, 4, 64, 0, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    /* "CL_INVALID_OPERATION if clEnqueueReadBuffer is called on buffer which has been created
     * with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS." (a sub-buffer inherits them) */
    EXPECT(clEnqueueReadBuffer(q, hwo, CL_TRUE, 0, 8, out, 0, NULL, &ev), CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteBuffer(q, hwo, CL_TRUE, 0, 8, host, 0, NULL, NULL), CL_SUCCESS);
    s = sub(hwo, 0, 0, 256, &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, s, CL_TRUE, 0, 8, out, 0, NULL, &ev), CL_INVALID_OPERATION);
    EXPECT_NO_EVENT(ev);
    clReleaseMemObject(s);
    clReleaseMemObject(hwo);
}

static void rects(void)
{
    char out[SIZE];
    size_t region[3] = {8, 4, 2}, far[3] = {0, 0, 100};
    cl_mem hro = make_buffer(ctx, CL_MEM_HOST_READ_ONLY, SIZE),
           hwo = make_buffer(ctx, CL_MEM_HOST_WRITE_ONLY, SIZE),
           hna = make_buffer(ctx, CL_MEM_HOST_NO_ACCESS, SIZE);
    cl_event ev = NULL;

    common_clauses("clEnqueueReadBufferRect", read_rect_call);
    common_clauses("clEnqueueWriteBufferRect", write_rect_call);
    printf("-- clEnqueueReadBufferRect, clEnqueueWriteBufferRect\n");
    /* "CL_INVALID_VALUE if the region being read or written specified by (buffer_origin,
     * region, buffer_row_pitch, buffer_slice_pitch) is out of bounds." */
    EXPECT(
        clEnqueueReadBufferRect(q, buf, CL_TRUE, far, zero3, region, 0, 0, 0, 0, out, 0, NULL, &ev),
        CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 512, 0, 0, 0, host, 0,
                                    NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if ptr is a NULL value." */
    EXPECT(clEnqueueReadBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, NULL, 0, NULL,
                                   &ev),
           CL_INVALID_VALUE);
    /* the origins and the region are needed (3.0: "if buffer_origin, host_origin, or region is
     * NULL") */
    EXPECT(clEnqueueReadBufferRect(q, buf, CL_TRUE, NULL, zero3, region, 0, 0, 0, 0, out, 0, NULL,
                                   &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, NULL, region, 0, 0, 0, 0, host, 0, NULL,
                                    &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, NULL, 0, 0, 0, 0, host, 0, NULL,
                                    &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if any region array element is 0." */
    for (int i = 0; i < 3; i++) {
        size_t r[3] = {8, 4, 2};

        r[i] = 0;
        EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, r, 0, 0, 0, 0, host, 0, NULL,
                                        &ev),
               CL_INVALID_VALUE);
    }
    /* "CL_INVALID_VALUE if buffer_row_pitch is not 0 and is less than region[0]."
     * "CL_INVALID_VALUE if host_row_pitch is not 0 and is less than region[0]." */
    EXPECT(clEnqueueReadBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 7, 0, 0, 0, out, 0, NULL,
                                   &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 0, 0, 7, 0, out, 0, NULL,
                                   &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if buffer_slice_pitch is not 0 and is less than region[1] x
     * buffer_row_pitch [or] not a multiple of buffer_row_pitch." (host_slice_pitch likewise) */
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 16, 48, 0, 0, host, 0,
                                    NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 0, 0, 8, 24, host, 0,
                                    NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    /* the pitches are fine: the same calls with room succeed */
    EXPECT(clEnqueueWriteBufferRect(q, buf, CL_TRUE, zero3, zero3, region, 16, 64, 8, 32, host, 0,
                                    NULL, NULL),
           CL_SUCCESS);
    /* "CL_INVALID_OPERATION if clEnqueueReadBufferRect is called on buffer which has been
     * created with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS."
     * "CL_INVALID_OPERATION if clEnqueueWriteBufferRect is called on buffer which has been
     * created with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS." */
    EXPECT(clEnqueueReadBufferRect(q, hwo, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, out, 0, NULL,
                                   &ev),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueReadBufferRect(q, hna, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, out, 0, NULL,
                                   &ev),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteBufferRect(q, hro, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, host, 0,
                                    NULL, &ev),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteBufferRect(q, hna, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, host, 0,
                                    NULL, &ev),
           CL_INVALID_OPERATION);
    EXPECT_NO_EVENT(ev);
    EXPECT(clEnqueueReadBufferRect(q, hro, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, out, 0, NULL,
                                   NULL),
           CL_SUCCESS);
    EXPECT(clEnqueueWriteBufferRect(q, hwo, CL_TRUE, zero3, zero3, region, 0, 0, 0, 0, host, 0,
                                    NULL, NULL),
           CL_SUCCESS);
    clReleaseMemObject(hro);
    clReleaseMemObject(hwo);
    clReleaseMemObject(hna);
}

static void copies(void)
{
    size_t region[3] = {8, 4, 2}, o1[3] = {0, 1, 0}, o2[3] = {8, 0, 0}, far[3] = {0, 0, 100};
    cl_mem s1, s2;
    cl_event ev = NULL;
    cl_int err;

    common_clauses("clEnqueueCopyBuffer (source)", copy_src_call);
    common_clauses("clEnqueueCopyBuffer (destination)", copy_dst_call);
    common_clauses("clEnqueueCopyBufferRect (source)", copy_rect_src_call);
    common_clauses("clEnqueueCopyBufferRect (destination)", copy_rect_dst_call);
    printf("-- clEnqueueCopyBuffer\n");
    /* "CL_INVALID_VALUE if src_offset, dst_offset, size, src_offset + size or dst_offset +
     * size require accessing elements outside the src_buffer and dst_buffer buffer objects
     * respectively." */
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, SIZE + 1, 0, 0, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 0, SIZE + 1, 0, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 0, 0, SIZE + 1, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 8, 0, SIZE, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 0, 8, SIZE, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf2, 8, 0, SIZE_MAX, 0, NULL, &ev), CL_INVALID_VALUE);
    /* "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer
     * object and the source and destination regions overlap or if src_buffer and dst_buffer
     * are different sub-buffers of the same associated buffer object and they overlap."
     * "The regions overlap if src_offset <= dst_offset <= src_offset + size - 1 or if
     * dst_offset <= src_offset <= dst_offset + size - 1." */
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 64, 0, 65, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 0, 64, 65, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 8, 8, 1, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT_NO_EVENT(ev);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 0, 64, 64, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueCopyBuffer(q, buf, buf, 64, 0, 64, 0, NULL, NULL), CL_SUCCESS);
    s1 = sub(buf, 0, 0, 256, &err);
    EXPECT(err, CL_SUCCESS);
    s2 = sub(buf, 0, 128, 256, &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clEnqueueCopyBuffer(q, s1, s1, 0, 16, 32, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, s1, s2, 128, 0, 16, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBuffer(q, s2, s1, 0, 136, 16, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
    EXPECT_NO_EVENT(ev);

    printf("-- clEnqueueCopyBufferRect\n");
    /* "CL_INVALID_VALUE if (src_origin, region, src_row_pitch, src_slice_pitch) or
     * (dst_origin, region, dst_row_pitch, dst_slice_pitch) require accessing elements outside
     * the src_buffer and dst_buffer buffer objects respectively." */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, far, zero3, region, 0, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, far, region, 0, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 0, 0, 0, 1200, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* NULL origins or region: no valid region (3.0 lists "is NULL") */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, NULL, zero3, region, 0, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, NULL, region, 0, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, NULL, 0, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if any region array element is 0." */
    for (int i = 0; i < 3; i++) {
        size_t r[3] = {8, 4, 2};

        r[i] = 0;
        EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, r, 0, 0, 0, 0, 0, NULL, &ev),
               CL_INVALID_VALUE);
    }
    /* "CL_INVALID_VALUE if src_row_pitch is not 0 and is less than region[0]." (dst likewise) */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 4, 0, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 0, 0, 4, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if src_slice_pitch is not 0 and is less than region[1] x src_row_pitch
     * or if src_slice_pitch is not 0 and is not a multiple of src_row_pitch." (dst likewise) */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 16, 32, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 16, 72, 0, 0, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 0, 0, 16, 32, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf2, zero3, zero3, region, 0, 0, 16, 72, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and
     * src_slice_pitch is not equal to dst_slice_pitch and src_row_pitch is not equal to
     * dst_row_pitch." */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf, zero3, o2, region, 16, 64, 32, 128, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    /* "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer
     * object and the source and destination regions overlap" (Appendix D) */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf, zero3, o1, region, 16, 64, 16, 64, 0, NULL, &ev),
           CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyBufferRect(q, s1, s1, zero3, o1, region, 16, 64, 16, 64, 0, NULL, &ev),
           CL_MEM_COPY_OVERLAP);
    /* "... or if src_buffer and dst_buffer are different sub-buffers of the same associated
     * buffer object and they overlap." */
    EXPECT(clEnqueueCopyBufferRect(q, s2, s1, zero3, (size_t[3]){0, 8, 0}, region, 16, 64, 16, 64,
                                   0, NULL, &ev),
           CL_MEM_COPY_OVERLAP);
    EXPECT_NO_EVENT(ev);
    /* side by side in the same rows: no overlap (Appendix D) */
    EXPECT(clEnqueueCopyBufferRect(q, buf, buf, zero3, o2, region, 16, 64, 16, 64, 0, NULL, NULL),
           CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseMemObject(s1);
    clReleaseMemObject(s2);
}

static void fills(void)
{
    const char pattern[256] = {1};
    cl_event ev = NULL;

    common_clauses("clEnqueueFillBuffer", fill_call);
    printf("-- clEnqueueFillBuffer\n");
    /* "CL_INVALID_VALUE if offset or offset + size require accessing elements outside the
     * buffer buffer object respectively." */
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 4, SIZE + 4, 0, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 4, 4, SIZE, 0, NULL, &ev), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if pattern is NULL or if pattern_size is 0 or if pattern_size is not
     * one of { 1, 2, 4, 8, 16, 32, 64, 128 }." */
    EXPECT(clEnqueueFillBuffer(q, buf, NULL, 4, 0, 64, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 0, 0, 64, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 3, 0, 63, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 24, 0, 48, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 256, 0, 512, 0, NULL, &ev), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if offset and size are not a multiple of pattern_size." */
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 8, 4, 64, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, buf, pattern, 8, 0, 60, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    for (size_t size = 1; size <= 128; size *= 2)
        EXPECT(clEnqueueFillBuffer(q, buf, pattern, size, size, 2 * size, 0, NULL, NULL),
               CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
}

static void maps(void)
{
    cl_mem hro = make_buffer(ctx, CL_MEM_HOST_READ_ONLY, SIZE),
           hwo = make_buffer(ctx, CL_MEM_HOST_WRITE_ONLY, SIZE),
           hna = make_buffer(ctx, CL_MEM_HOST_NO_ACCESS, SIZE);
    const cl_map_flags flags[] = {CL_MAP_READ, CL_MAP_WRITE, CL_MAP_WRITE_INVALIDATE_REGION};
    const cl_mem host_access[] = {hwo, hro, hro};
    cl_event ev = NULL, bad = (cl_event)buf, failed;
    cl_uint count = 99;
    void *p, *w;
    cl_int err;

    common_clauses("clEnqueueMapBuffer", map_call);
    printf("-- clEnqueueMapBuffer\n");
    /* "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if
     * size is 0 or if values specified in map_flags are not valid." */
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, SIZE - 8, 16, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 8, SIZE_MAX, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, (cl_map_flags)1 << 20, 0, 16, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* ("CL_MAP_READ or CL_MAP_WRITE and CL_MAP_WRITE_INVALIDATE_REGION are mutually
     * exclusive.") */
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16, 0,
                           NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_OPERATION if buffer has been created with CL_MEM_HOST_WRITE_ONLY or
     * CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if buffer has been created
     * with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or
     * CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags." */
    for (int i = 0; i < 3; i++) {
        p = clEnqueueMapBuffer(q, host_access[i], CL_TRUE, flags[i], 0, 16, 0, NULL, &ev, &err);
        EXPECT_NULL(p, err, CL_INVALID_OPERATION);
        p = clEnqueueMapBuffer(q, hna, CL_TRUE, flags[i], 0, 16, 0, NULL, &ev, &err);
        EXPECT_NULL(p, err, CL_INVALID_OPERATION);
    }
    EXPECT_NO_EVENT(ev);
    p = clEnqueueMapBuffer(q, hro, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    EXPECT(clEnqueueUnmapMemObject(q, hro, p, 0, NULL, NULL), CL_SUCCESS);
    /* "CL_INVALID_OPERATION if mapping would lead to overlapping regions being mapped for
     * writing." */
    w = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE, 64, 64, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 127, 8, 0, NULL, &ev,
                           &err);
    EXPECT_NULL(p, err, CL_INVALID_OPERATION);
    EXPECT_NO_EVENT(ev);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE, 128, 64, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS); /* adjacent, not overlapping */
    EXPECT(clEnqueueUnmapMemObject(q, buf, p, 0, NULL, NULL), CL_SUCCESS);

    printf("-- clEnqueueUnmapMemObject\n");
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    EXPECT(clEnqueueUnmapMemObject((cl_command_queue)buf, buf, w, 0, NULL, &ev),
           CL_INVALID_COMMAND_QUEUE);
    /* "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object or is a pipe object." */
    EXPECT(clEnqueueUnmapMemObject(q, (cl_mem)q, w, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_CONTEXT if context associated with command_queue and memobj are not the same
     * or if the context associated with command_queue and events in event_wait_list are not
     * the same." */
    EXPECT(clEnqueueUnmapMemObject(q, other_buf, w, 0, NULL, &ev), CL_INVALID_CONTEXT);
    EXPECT(clEnqueueUnmapMemObject(q, buf, w, 1, &other_done, &ev), CL_INVALID_CONTEXT);
    /* "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0,
     * or if event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects
     * in event_wait_list are not valid events." */
    EXPECT(clEnqueueUnmapMemObject(q, buf, w, 1, NULL, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueUnmapMemObject(q, buf, w, 0, &done, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueUnmapMemObject(q, buf, w, 1, &bad, &ev), CL_INVALID_EVENT_WAIT_LIST);
    /* "CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by clEnqueueMapBuffer or
     * clEnqueueMapImage for memobj." */
    EXPECT(clEnqueueUnmapMemObject(q, buf, host, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueUnmapMemObject(q, buf2, w, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueUnmapMemObject(q, buf, NULL, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL), CL_SUCCESS);
    CHECK(count == 1, "  the failed calls left the mapping (map count %u)", count);
    EXPECT(clEnqueueUnmapMemObject(q, buf, w, 1, &done, &ev), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &ev), CL_SUCCESS);
    clReleaseEvent(ev);
    /* "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking and the
     * execution status of any of the events in event_wait_list is a negative integer value."
     * ("A NULL pointer is returned otherwise": no mapping is left behind) */
    failed = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clSetUserEventStatus(failed, -1));
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE, 0, 64, 1, &failed, NULL, &err);
    EXPECT_NULL(p, err, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT(clGetMemObjectInfo(buf, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL), CL_SUCCESS);
    CHECK(count == 0, "  the failed map left no mapping (map count %u)", count);
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_WRITE, 0, 64, 0, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS); /* the region is free for writing again */
    if (p)
        EXPECT(clEnqueueUnmapMemObject(q, buf, p, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(failed);
    clReleaseMemObject(hro);
    clReleaseMemObject(hwo);
    clReleaseMemObject(hna);
}

static void migrate(void)
{
    cl_mem two[2] = {buf, buf2}, mixed[2] = {buf, other_buf}, bad[2] = {buf, (cl_mem)ctx};
    cl_event ev = NULL;

    common_clauses("clEnqueueMigrateMemObjects", migrate_call);
    printf("-- clEnqueueMigrateMemObjects\n");
    /* "CL_INVALID_VALUE if num_mem_objects is zero or if mem_objects is NULL." */
    EXPECT(clEnqueueMigrateMemObjects(q, 0, two, 0, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueMigrateMemObjects(q, 2, NULL, 0, 0, NULL, &ev), CL_INVALID_VALUE);
    /* "CL_INVALID_MEM_OBJECT if any of the memory objects in mem_objects is not a valid memory
     * object." */
    EXPECT(clEnqueueMigrateMemObjects(q, 2, bad, 0, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_CONTEXT if the context associated with command_queue and memory objects in
     * mem_objects are not the same" */
    EXPECT(clEnqueueMigrateMemObjects(q, 2, mixed, 0, 0, NULL, &ev), CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if flags is not 0 or is not any of the values described in the table
     * above." */
    EXPECT(clEnqueueMigrateMemObjects(q, 2, two, (cl_mem_migration_flags)1 << 10, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT_NO_EVENT(ev);
    EXPECT(clEnqueueMigrateMemObjects(
               q, 2, two, CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, 0,
               NULL, NULL),
           CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);
}

int main(void)
{
    cl_int err;

    api_begin("api.errors_mem");
    ctx = api_context();
    other_ctx = api_context();
    q = api_queue(ctx, false);
    buf = make_buffer(ctx, 0, SIZE);
    buf2 = make_buffer(ctx, 0, SIZE);
    other_buf = make_buffer(other_ctx, 0, SIZE);
    done = clCreateUserEvent(ctx, &err);
    MUST(err);
    MUST(clSetUserEventStatus(done, CL_COMPLETE));
    other_done = clCreateUserEvent(other_ctx, &err);
    MUST(err);
    MUST(clSetUserEventStatus(other_done, CL_COMPLETE));

    create_buffer();
    create_sub_buffer();
    retain_release_info();
    read_write();
    rects();
    copies();
    fills();
    maps();
    migrate();

    EXPECT(clFinish(q), CL_SUCCESS);
    clReleaseEvent(done);
    clReleaseEvent(other_done);
    clReleaseMemObject(buf);
    clReleaseMemObject(buf2);
    clReleaseMemObject(other_buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    clReleaseContext(other_ctx);
    return api_end();
}
