/* SPDX-License-Identifier: MIT */
/* Contexts and command-queues: creation, properties, queries, reference counts, errors. */
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static int destructor_order[4], destructor_calls;

static void CL_CALLBACK on_destroy(cl_context ctx, void *user_data)
{
    (void)ctx;
    if (destructor_calls < 4)
        destructor_order[destructor_calls] = (int)(size_t)user_data;
    destructor_calls++;
}

static void CL_CALLBACK notify(const char *errinfo, const void *info, size_t cb, void *data)
{
    (void)errinfo, (void)info, (void)cb, (void)data;
}

static cl_uint refcount(cl_context ctx)
{
    cl_uint n = 0;

    clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof(n), &n, NULL);
    return n;
}

static void contexts(void)
{
    cl_platform_id p = api_platform();
    cl_device_id d = api_device(), devs[4];
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0};
    cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p,
                                     CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0};
    cl_context_properties unknown[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0x7777, 1, 0};
    cl_context_properties got[8];
    cl_context ctx, ctx2;
    cl_uint num = 0;
    size_t size = 0;
    cl_int err;

    ctx = clCreateContext(props, 1, &d, notify, NULL, &err);
    MUST(err);
    EXPECT(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(num), &num, NULL), CL_SUCCESS);
    CHECK(num == 1, "CL_CONTEXT_NUM_DEVICES is 1");
    EXPECT(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof(devs), devs, &size), CL_SUCCESS);
    CHECK(size == sizeof(cl_device_id) && devs[0] == d, "CL_CONTEXT_DEVICES is the device");
    EXPECT(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof(got), got, &size), CL_SUCCESS);
    CHECK(size == sizeof(props) && memcmp(got, props, sizeof(props)) == 0,
          "CL_CONTEXT_PROPERTIES returns the properties given");
    CHECK(refcount(ctx) == 1, "reference count 1 after create");
    EXPECT(clRetainContext(ctx), CL_SUCCESS);
    CHECK(refcount(ctx) == 2, "reference count 2 after retain");
    EXPECT(clReleaseContext(ctx), CL_SUCCESS);
    CHECK(refcount(ctx) == 1, "reference count 1 after release");
    EXPECT(clGetContextInfo(ctx, 0x7777, sizeof(got), got, NULL), CL_INVALID_VALUE);
    EXPECT(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, 1, got, NULL), CL_INVALID_VALUE);

    /* (3.0) destructor callbacks run in reverse order of registration */
    EXPECT(clSetContextDestructorCallback(ctx, on_destroy, (void *)1), CL_SUCCESS);
    EXPECT(clSetContextDestructorCallback(ctx, on_destroy, (void *)2), CL_SUCCESS);
    EXPECT(clSetContextDestructorCallback(ctx, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clReleaseContext(ctx), CL_SUCCESS);
    CHECK(destructor_calls == 2 && destructor_order[0] == 2 && destructor_order[1] == 1,
          "destructor callbacks ran newest first (%d calls)", destructor_calls);

    /* duplicate devices are ignored */
    devs[0] = devs[1] = d;
    ctx = clCreateContext(NULL, 2, devs, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (ctx) {
        clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(num), &num, NULL);
        CHECK(num == 1, "a device listed twice counts once");
        clReleaseContext(ctx);
    }

    ctx2 = clCreateContextFromType(props, CL_DEVICE_TYPE_ACCELERATOR, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (ctx2)
        clReleaseContext(ctx2);
    ctx2 = clCreateContextFromType(props, CL_DEVICE_TYPE_DEFAULT, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (ctx2)
        clReleaseContext(ctx2);
    ctx2 = clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
    CHECK(ctx2 == NULL, "no context of GPUs");
    EXPECT(err, CL_DEVICE_NOT_FOUND);

    /* errors */
    clCreateContext(props, 0, &d, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateContext(props, 1, NULL, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateContext(props, 1, &d, NULL, (void *)1, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateContext(twice, 1, &d, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_PROPERTY);
    clCreateContext(unknown, 1, &d, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_PROPERTY);
    clCreateContextFromType(props, 0, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_DEVICE_TYPE);
}

static void queues(void)
{
    cl_context ctx = api_context();
    cl_device_id d = api_device();
    cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
    cl_queue_properties ondev[] = {CL_QUEUE_PROPERTIES,
                                   CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
    cl_queue_properties badbits[] = {CL_QUEUE_PROPERTIES, (cl_queue_properties)1 << 20, 0};
    cl_queue_properties size_only[] = {CL_QUEUE_SIZE, 16384, 0};
    cl_queue_properties unknown[] = {0x7777, 0, 0};
    cl_queue_properties got[8];
    cl_command_queue_properties qp = 0;
    cl_command_queue q, q1;
    cl_context qctx = NULL;
    cl_device_id qdev = NULL;
    cl_uint refs = 0;
    size_t size = 0;
    cl_int err;

    q = clCreateCommandQueueWithProperties(ctx, d, prof, &err);
    MUST(err);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(qctx), &qctx, NULL), CL_SUCCESS);
    CHECK(qctx == ctx, "CL_QUEUE_CONTEXT");
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(qdev), &qdev, NULL), CL_SUCCESS);
    CHECK(qdev == d, "CL_QUEUE_DEVICE");
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(qp), &qp, NULL), CL_SUCCESS);
    CHECK(qp == CL_QUEUE_PROFILING_ENABLE, "CL_QUEUE_PROPERTIES is profiling");
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, sizeof(got), got, &size),
           CL_SUCCESS);
    CHECK(size == sizeof(prof) && memcmp(got, prof, sizeof(prof)) == 0,
          "CL_QUEUE_PROPERTIES_ARRAY returns the properties given");
    EXPECT(clRetainCommandQueue(q), CL_SUCCESS);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof(refs), &refs, NULL),
           CL_SUCCESS);
    CHECK(refs == 2, "reference count 2 after retain");
    EXPECT(clReleaseCommandQueue(q), CL_SUCCESS);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof(refs), &refs, NULL),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT(clFlush(q), CL_SUCCESS);
    EXPECT(clFinish(q), CL_SUCCESS);

    q1 = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err);
    EXPECT(err, CL_SUCCESS);
    if (q1)
        clReleaseCommandQueue(q1);
    q1 = clCreateCommandQueueWithProperties(ctx, d, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (q1)
        clReleaseCommandQueue(q1);

    /* "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
     * supported by the device." */
    clCreateCommandQueueWithProperties(ctx, d, ondev, &err);
    EXPECT(err, CL_INVALID_QUEUE_PROPERTIES);
    /* out-of-order host queues are supported (api.queue_ooo tests them) */
    q1 = clCreateCommandQueueWithProperties(ctx, d, ooo, &err);
    EXPECT(err, CL_SUCCESS);
    if (q1)
        clReleaseCommandQueue(q1);
    /* "CL_INVALID_VALUE if values specified in properties are not valid." */
    clCreateCommandQueueWithProperties(ctx, d, badbits, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateCommandQueueWithProperties(ctx, d, size_only, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clCreateCommandQueueWithProperties(ctx, d, unknown, &err);
    EXPECT(err, CL_INVALID_VALUE);
    /* wrong object kinds reach the runtime through the dispatch table */
    clCreateCommandQueueWithProperties((cl_context)q, d, NULL, &err);
    EXPECT(err, CL_INVALID_CONTEXT);
    EXPECT(clRetainCommandQueue((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clFinish((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clGetContextInfo((cl_context)q, CL_CONTEXT_NUM_DEVICES, 4, &refs, NULL),
           CL_INVALID_CONTEXT);
    EXPECT(clReleaseContext((cl_context)q), CL_INVALID_CONTEXT);

    EXPECT(clReleaseCommandQueue(q), CL_SUCCESS);
    EXPECT(clReleaseContext(ctx), CL_SUCCESS);
}

int main(void)
{
    api_begin("api.context");
    contexts();
    queues();
    return api_end();
}
