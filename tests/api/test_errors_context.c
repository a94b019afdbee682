/* SPDX-License-Identifier: MIT */
/*
 * The spec's error clauses of the platform, device, context and command-queue entry points,
 * one check per clause (OpenCL 2.2 API 4.1-4.4 and 5.1, with the 3.0 additions). An invalid
 * handle is an object of another type: the ICD loader dispatches through it to the runtime
 * (a NULL handle would be answered by the loader itself).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;

static void CL_CALLBACK context_notify(const char *errinfo, const void *info, size_t cb, void *data)
{
    (void)errinfo;
    (void)info;
    (void)cb;
    (void)data;
}

/* Checks a create call's errcode_ret and that it returned NULL. */
static void expect_null(const void *obj, cl_int err, cl_int want, int line)
{
    api_expect(err, want, "errcode_ret", line);
    api_check(obj == NULL, line, "  and the call returned NULL");
}
#define EXPECT_NULL(obj, err, want) expect_null((obj), (err), (want), __LINE__)

static void platform_and_device(void)
{
    char s[64];
    cl_device_id d;
    cl_uint n;
    cl_ulong t1, t2;
    cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};

    printf("-- clGetPlatformInfo, clUnloadPlatformCompiler\n");
    /* "CL_INVALID_PLATFORM if platform is not a valid platform." */
    EXPECT(clGetPlatformInfo((cl_platform_id)ctx, CL_PLATFORM_NAME, sizeof(s), s, NULL),
           CL_INVALID_PLATFORM);
    EXPECT(clUnloadPlatformCompiler((cl_platform_id)ctx), CL_INVALID_PLATFORM);
    EXPECT(clUnloadPlatformCompiler(plat), CL_SUCCESS);
    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes
     * specified by param_value_size is < size of return type ... and param_value is not NULL" */
    EXPECT(clGetPlatformInfo(plat, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_PROFILE, 3, s, NULL), CL_INVALID_VALUE);

    printf("-- clGetDeviceIDs\n");
    /* "CL_INVALID_PLATFORM if platform is not a valid platform." */
    EXPECT(clGetDeviceIDs((cl_platform_id)ctx, CL_DEVICE_TYPE_ALL, 1, &d, NULL),
           CL_INVALID_PLATFORM);
    /* "CL_INVALID_DEVICE_TYPE if device_type is not a valid value." */
    EXPECT(clGetDeviceIDs(plat, (cl_device_type)1 << 40, 1, &d, NULL), CL_INVALID_DEVICE_TYPE);
    /* "CL_INVALID_VALUE if num_entries is equal to zero and devices is not NULL or if both
     * num_devices and devices are NULL." */
    EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 0, &d, &n), CL_INVALID_VALUE);
    EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, NULL, NULL), CL_INVALID_VALUE);
    /* "CL_DEVICE_NOT_FOUND if no OpenCL devices that matched device_type were found." (the
     * device is an accelerator) */
    EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &d, NULL), CL_DEVICE_NOT_FOUND);

    printf("-- clGetDeviceInfo, clCreateSubDevices, clRetainDevice, clReleaseDevice\n");
    /* "CL_INVALID_DEVICE if device is not valid." */
    EXPECT(clGetDeviceInfo((cl_device_id)ctx, CL_DEVICE_NAME, sizeof(s), s, NULL),
           CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes
     * specified by param_value_size is < size of return type" */
    EXPECT(clGetDeviceInfo(dev, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, 2, s, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE if in_device is not valid." */
    EXPECT(clCreateSubDevices((cl_device_id)ctx, equally, 1, &d, NULL), CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if values specified in properties are not valid or if values specified
     * in properties are valid but not supported by the device." */
    EXPECT(clCreateSubDevices(dev, equally, 1, &d, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE if device is not a valid sub-device" -- a root device is accepted
     * and its count "remains unchanged" */
    EXPECT(clRetainDevice((cl_device_id)ctx), CL_INVALID_DEVICE);
    EXPECT(clReleaseDevice((cl_device_id)ctx), CL_INVALID_DEVICE);
    EXPECT(clRetainDevice(dev), CL_SUCCESS);
    EXPECT(clReleaseDevice(dev), CL_SUCCESS);

    printf("-- clGetDeviceAndHostTimer, clGetHostTimer\n");
    /* "CL_INVALID_DEVICE if device is not a valid OpenCL device." */
    EXPECT(clGetDeviceAndHostTimer((cl_device_id)ctx, &t1, &t2), CL_INVALID_DEVICE);
    EXPECT(clGetHostTimer((cl_device_id)ctx, &t1), CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if host_timestamp or device_timestamp is NULL." */
    EXPECT(clGetDeviceAndHostTimer(dev, NULL, &t2), CL_INVALID_VALUE);
    EXPECT(clGetDeviceAndHostTimer(dev, &t1, NULL), CL_INVALID_VALUE);
    EXPECT(clGetHostTimer(dev, NULL), CL_INVALID_VALUE);
}

static void context(void)
{
    cl_context_properties bad_platform[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)dev, 0};
    cl_context_properties unknown[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0x7777, 1,
                                       0};
    cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat,
                                     CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
    cl_context_properties bad_sync[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat,
                                        CL_CONTEXT_INTEROP_USER_SYNC, 7, 0};
    cl_context_properties good[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
    cl_device_id bad_dev = (cl_device_id)ctx;
    cl_uint n;
    cl_context c;
    cl_int err;
    int data;

    printf("-- clCreateContext\n");
    /* "CL_INVALID_PLATFORM if ... platform value specified in properties is not a valid
     * platform." */
    c = clCreateContext(bad_platform, 1, &dev, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PLATFORM);
    /* "CL_INVALID_PROPERTY if context property name in properties is not a supported property
     * name, if the value specified for a supported property name is not valid, or if the same
     * property name is specified more than once." */
    c = clCreateContext(unknown, 1, &dev, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PROPERTY);
    c = clCreateContext(twice, 1, &dev, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PROPERTY);
    c = clCreateContext(bad_sync, 1, &dev, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PROPERTY);
    /* "CL_INVALID_VALUE if num_devices is equal to zero." */
    c = clCreateContext(good, 0, &dev, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    c = clCreateContext(good, 1, &dev, NULL, &data, &err);
    EXPECT_NULL(c, err, CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE if devices contains an invalid device." */
    {
        cl_device_id two[] = {dev, bad_dev};

        c = clCreateContext(good, 2, two, NULL, NULL, &err);
        EXPECT_NULL(c, err, CL_INVALID_DEVICE);
    }
    c = clCreateContext(good, 1, &dev, context_notify, &data, &err);
    EXPECT(err, CL_SUCCESS);
    if (c)
        clReleaseContext(c);

    printf("-- clCreateContextFromType\n");
    c = clCreateContextFromType(bad_platform, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PLATFORM);
    c = clCreateContextFromType(unknown, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_PROPERTY);
    c = clCreateContextFromType(good, CL_DEVICE_TYPE_ALL, NULL, &data, &err);
    EXPECT_NULL(c, err, CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE_TYPE if device_type is not a valid value." */
    c = clCreateContextFromType(good, (cl_device_type)1 << 40, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_INVALID_DEVICE_TYPE);
    /* "CL_DEVICE_NOT_FOUND if no devices that match device_type and property values specified
     * in properties were found." */
    c = clCreateContextFromType(good, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
    EXPECT_NULL(c, err, CL_DEVICE_NOT_FOUND);

    printf("-- clRetainContext, clReleaseContext, clGetContextInfo, "
           "clSetContextDestructorCallback\n");
    /* "CL_INVALID_CONTEXT if context is not a valid OpenCL context." */
    EXPECT(clRetainContext((cl_context)q), CL_INVALID_CONTEXT);
    EXPECT(clReleaseContext((cl_context)q), CL_INVALID_CONTEXT);
    EXPECT(clGetContextInfo((cl_context)q, CL_CONTEXT_NUM_DEVICES, sizeof(n), &n, NULL),
           CL_INVALID_CONTEXT);
    EXPECT(clSetContextDestructorCallback((cl_context)q, NULL, NULL), CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if the size in
     * bytes specified by param_value_size is < size of return type" */
    EXPECT(clGetContextInfo(ctx, 0x7777, sizeof(n), &n, NULL), CL_INVALID_VALUE);
    EXPECT(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, 2, &n, NULL), CL_INVALID_VALUE);
    /* (3.0) "CL_INVALID_VALUE if pfn_notify is NULL." */
    EXPECT(clSetContextDestructorCallback(ctx, NULL, NULL), CL_INVALID_VALUE);
}

static void queue(void)
{
    cl_queue_properties unknown[] = {0x7777, 1, 0};
    cl_queue_properties twice[] = {CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, 0, 0};
    cl_queue_properties bad_bit[] = {CL_QUEUE_PROPERTIES, (cl_queue_properties)1 << 40, 0};
    cl_queue_properties dev_in_order[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0};
    cl_queue_properties default_only[] = {
        CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE_DEFAULT,
        0};
    cl_queue_properties size_on_host[] = {CL_QUEUE_SIZE, 1024, 0};
    cl_queue_properties on_device[] = {
        CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE, 0};
    cl_command_queue_properties props;
    cl_command_queue nq;
    cl_int err;
    cl_uint n;

    printf("-- clCreateCommandQueueWithProperties\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." (before the properties) */
    nq = clCreateCommandQueueWithProperties((cl_context)q, dev, NULL, &err);
    EXPECT_NULL(nq, err, CL_INVALID_CONTEXT);
    nq = clCreateCommandQueueWithProperties((cl_context)q, dev, unknown, &err);
    EXPECT_NULL(nq, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_DEVICE if device is not a valid device or is not associated with context." */
    nq = clCreateCommandQueueWithProperties(ctx, (cl_device_id)q, NULL, &err);
    EXPECT_NULL(nq, err, CL_INVALID_DEVICE);
    nq = clCreateCommandQueueWithProperties(ctx, (cl_device_id)q, unknown, &err);
    EXPECT_NULL(nq, err, CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if values specified in properties are not valid." */
    nq = clCreateCommandQueueWithProperties(ctx, dev, unknown, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    nq = clCreateCommandQueueWithProperties(ctx, dev, twice, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    nq = clCreateCommandQueueWithProperties(ctx, dev, bad_bit, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    /* "If CL_QUEUE_ON_DEVICE is set, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE must also be set."
     * "CL_QUEUE_ON_DEVICE_DEFAULT ... can only be used with CL_QUEUE_ON_DEVICE." */
    nq = clCreateCommandQueueWithProperties(ctx, dev, dev_in_order, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    nq = clCreateCommandQueueWithProperties(ctx, dev, default_only, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    /* CL_QUEUE_SIZE "can only be specified if CL_QUEUE_ON_DEVICE is set" */
    nq = clCreateCommandQueueWithProperties(ctx, dev, size_on_host, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    /* "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
     * supported by the device." (no on-device queues) */
    nq = clCreateCommandQueueWithProperties(ctx, dev, on_device, &err);
    EXPECT_NULL(nq, err, CL_INVALID_QUEUE_PROPERTIES);

    printf("-- clCreateCommandQueue\n");
    nq = clCreateCommandQueue((cl_context)q, dev, 0, &err);
    EXPECT_NULL(nq, err, CL_INVALID_CONTEXT);
    nq = clCreateCommandQueue(ctx, (cl_device_id)q, 0, &err);
    EXPECT_NULL(nq, err, CL_INVALID_DEVICE);
    nq = clCreateCommandQueue(ctx, dev, (cl_command_queue_properties)1 << 40, &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);
    nq = clCreateCommandQueue(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE,
                              &err);
    EXPECT_NULL(nq, err, CL_INVALID_VALUE);

    printf("-- clRetainCommandQueue, clReleaseCommandQueue, clGetCommandQueueInfo, clFlush, "
           "clFinish\n");
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue." */
    EXPECT(clRetainCommandQueue((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clReleaseCommandQueue((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clGetCommandQueueInfo((cl_command_queue)ctx, CL_QUEUE_PROPERTIES, sizeof(props), &props,
                                 NULL),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT(clFlush((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    EXPECT(clFinish((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);
    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes
     * specified by param_value_size is < size of return type" */
    EXPECT(clGetCommandQueueInfo(q, 0x7777, sizeof(props), &props, NULL), CL_INVALID_VALUE);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 4, &props, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_COMMAND_QUEUE if ... command_queue is not a valid command-queue for
     * param_name": CL_QUEUE_SIZE is "only supported for device command queues" */
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof(n), &n, NULL), CL_INVALID_COMMAND_QUEUE);

    printf("-- clSetDefaultDeviceCommandQueue\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    EXPECT(clSetDefaultDeviceCommandQueue((cl_context)q, dev, q), CL_INVALID_CONTEXT);
    /* "CL_INVALID_DEVICE if device is not a valid device or is not associated with
     * context." */
    EXPECT(clSetDefaultDeviceCommandQueue(ctx, (cl_device_id)q, q), CL_INVALID_DEVICE);
    /* (3.0) "CL_INVALID_OPERATION if device does not support a replaceable default on-device
     * queue." */
    EXPECT(clSetDefaultDeviceCommandQueue(ctx, dev, q), CL_INVALID_OPERATION);
}

/* The optional 3.0 feature the device lacks: SVM (pipes: test_pipe.c; images and samplers:
 * test_errors_image.c). */
static void unsupported(void)
{
    cl_uint n = 99;
    cl_int x = 0;

    printf("-- SVM (unsupported)\n");
    /* (3.0) "If no devices in context support SVM, clSVMAlloc will fail and return NULL." */
    CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0) == NULL, "clSVMAlloc returns NULL");
    /* (3.0) "CL_INVALID_OPERATION if the device associated with command_queue does not support
     * SVM." */
    EXPECT(clEnqueueSVMMemcpy(q, CL_TRUE, &x, &n, sizeof(x), 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMMemcpy((cl_command_queue)ctx, CL_TRUE, &x, &n, sizeof(x), 0, NULL, NULL),
           CL_INVALID_COMMAND_QUEUE);
}

int main(void)
{
    api_begin("errors_context");
    plat = api_platform();
    dev = api_device();
    ctx = api_context();
    q = api_queue(ctx, false);

    platform_and_device();
    context();
    queue();
    unsupported();

    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
