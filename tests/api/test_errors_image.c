/* SPDX-License-Identifier: MIT */
/*
 * The spec's error clauses of the image and sampler entry points, one check per clause
 * (OpenCL 2.2 API 5.3 and 5.7, with the 3.0 additions), and the device's image limits against
 * the FULL_PROFILE minimums. Each failing call must return exactly the spec's code and leave
 * no object and no event behind.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static cl_context ctx, other_ctx;
static cl_command_queue q;
static cl_mem img2d, img3d, other_img, buf;
static cl_event other_done;
static uint8_t host[1 << 16];
static const cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};

static void expect_null(const void *obj, cl_int err, cl_int want, int line)
{
    api_expect(err, want, "errcode_ret", line);
    api_check(obj == NULL, line, "  and the call returned NULL");
}
#define EXPECT_NULL(obj, err, want) expect_null((obj), (err), (want), __LINE__)
#define EXPECT_NO_EVENT(ev) CHECK((ev) == NULL, "  and no event was returned")

static cl_mem make_image(cl_context c, cl_mem_flags flags, const cl_image_format *f,
                         cl_mem_object_type type, size_t w, size_t h, size_t d)
{
    cl_image_desc desc = {
        .image_type = type, .image_width = w, .image_height = h, .image_depth = d};
    cl_int err;
    cl_mem m = clCreateImage(c, flags, f, &desc, NULL, &err);

    api_must(err, "clCreateImage", __LINE__);
    return m;
}

static void limits(void)
{
    cl_device_id dev = api_device();
    size_t sz;
    cl_uint u;

    printf("-- device limits: at least the FULL_PROFILE minimums\n");
#define AT_LEAST_SIZE(p, min)                                                                      \
    do {                                                                                           \
        MUST(clGetDeviceInfo(dev, p, sizeof(sz), &sz, NULL));                                      \
        CHECK(sz >= (size_t)(min), #p " = %zu (>= %zu)", sz, (size_t)(min));                       \
    } while (0)
#define AT_LEAST_UINT(p, min)                                                                      \
    do {                                                                                           \
        MUST(clGetDeviceInfo(dev, p, sizeof(u), &u, NULL));                                        \
        CHECK(u >= (cl_uint)(min), #p " = %u (>= %u)", u, (cl_uint)(min));                         \
    } while (0)
    AT_LEAST_SIZE(CL_DEVICE_IMAGE2D_MAX_WIDTH, 16384);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE2D_MAX_HEIGHT, 16384);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE3D_MAX_WIDTH, 2048);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE3D_MAX_HEIGHT, 2048);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE3D_MAX_DEPTH, 2048);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, 65536);
    AT_LEAST_SIZE(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, 2048);
    AT_LEAST_UINT(CL_DEVICE_MAX_READ_IMAGE_ARGS, 128);
    AT_LEAST_UINT(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, 64);
    AT_LEAST_UINT(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, 64);
    AT_LEAST_UINT(CL_DEVICE_MAX_SAMPLERS, 16);
    /* "This value must be a power of 2" (pitch), in pixels */
    MUST(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(u), &u, NULL));
    CHECK(u && !(u & (u - 1)), "CL_DEVICE_IMAGE_PITCH_ALIGNMENT %u is a power of 2", u);
    MUST(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, sizeof(u), &u, NULL));
    CHECK(u && !(u & (u - 1)), "CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT %u is a power of 2", u);
}

static void create(void)
{
    cl_image_desc d2 = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 8, .image_height = 4};
    cl_image_desc d;
    cl_image_format f;
    cl_mem_properties props[] = {0x7777, 1, 0};
    cl_mem m;
    cl_int err;

    printf("-- clCreateImage, clCreateImageWithProperties\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    m = clCreateImage((cl_context)q, 0, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_CONTEXT);
    /* (3.0) "CL_INVALID_PROPERTY if a property name in properties is not a supported property
     * name" */
    m = clCreateImageWithProperties(ctx, props, 0, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_PROPERTY);
    /* "CL_INVALID_VALUE if values specified in flags are not valid." */
    m = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = clCreateImage(ctx, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    m = clCreateImage(ctx, (cl_mem_flags)1 << 40, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_VALUE);
    /* "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or
     * if image_format is NULL." */
    m = clCreateImage(ctx, 0, NULL, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    f = (cl_image_format){0x1234, CL_UNORM_INT8};
    m = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    f = (cl_image_format){CL_RGBA, 0x1234};
    m = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    /* "The number of bits per element ... must be a power of two." */
    f = (cl_image_format){CL_RGB, CL_UNORM_INT8};
    m = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    /* CL_UNORM_SHORT_565: "The channel order must be CL_RGB or CL_RGBx." */
    f = (cl_image_format){CL_RGBA, CL_UNORM_SHORT_565};
    m = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    /* "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if
     * image_desc is NULL." */
    m = clCreateImage(ctx, 0, &rgba8, NULL, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = d2, d.image_type = CL_MEM_OBJECT_BUFFER;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = d2, d.image_height = 0; /* "must be a value >= 1" */
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY,
                        .image_width = 4,
                        .image_height = 4}; /* image_array_size 0 */
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = d2, d.num_mip_levels = 1; /* "num_mip_levels and num_samples must be 0." */
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = d2, d.num_samples = 2;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* image_row_pitch: "This must be 0 if host_ptr is NULL" */
    d = d2, d.image_row_pitch = 64;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "can be either 0 or >= image_width x size of element in bytes" */
    d = d2, d.image_row_pitch = 28;
    m = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "If image_row_pitch is not 0, it must be a multiple of the image element size" */
    d = d2, d.image_row_pitch = 34;
    m = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* image_slice_pitch: ">= image_row_pitch x image_height for a 2D image array or 3D image",
     * "a multiple of the image_row_pitch" */
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE3D,
                        .image_width = 8,
                        .image_height = 4,
                        .image_depth = 2,
                        .image_slice_pitch = 32 * 3};
    m = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d.image_slice_pitch = 32 * 4 + 4;
    m = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "mem_object ... Otherwise it must be NULL." (a 3D image from a buffer); a 1D image
     * buffer without one */
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE3D,
                        .image_width = 2,
                        .image_height = 2,
                        .image_depth = 2,
                        .mem_object = buf};
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 8};
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "the image_width x size of element in bytes must be <= size of the buffer object" (buf
     * is 4096 bytes) */
    d.image_width = 1025, d.mem_object = buf;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "the image_row_pitch x image_height must be <= size of the buffer object" */
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE2D,
                        .image_width = 16,
                        .image_height = 65,
                        .mem_object = buf};
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a buffer and the row
     * pitch ... does not follow the rules" (a multiple of the pitch alignment in pixels) */
    d.image_height = 4, d.image_row_pitch = 16 * 4 + 2;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    /* "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a 2D image object and
     * the rules described above are not followed" (the channel data type must match) */
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE2D,
                        .image_width = 16,
                        .image_height = 16,
                        .mem_object = img2d};
    f = (cl_image_format){CL_RGBA, CL_SIGNED_INT8};
    m = clCreateImage(ctx, 0, &f, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    d.image_width = 15; /* "must match the image descriptor information" */
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_DESCRIPTOR);
    d.image_width = 16; /* a valid view: a read-only view of the image */
    m = clCreateImage(ctx, CL_MEM_READ_ONLY, &rgba8, &d, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    clReleaseMemObject(m);
    /* "CL_INVALID_IMAGE_SIZE if image dimensions specified in image_desc exceed the maximum
     * image dimensions" */
    d = d2, d.image_width = 16385;
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_SIZE);
    d = (cl_image_desc){
        .image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY, .image_width = 4, .image_array_size = 1 << 20};
    m = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_SIZE);
    /* "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR
     * are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or
     * CL_MEM_USE_HOST_PTR are not set in flags." */
    m = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &rgba8, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_HOST_PTR);
    m = clCreateImage(ctx, 0, &rgba8, &d2, host, &err);
    EXPECT_NULL(m, err, CL_INVALID_HOST_PTR);
    /* "CL_INVALID_VALUE if an image is being created from another memory object (buffer or
     * image) under one of the following circumstances: 1) mem_object was created with
     * CL_MEM_WRITE_ONLY and flags specifies CL_MEM_READ_WRITE ... 3) flags specifies
     * CL_MEM_USE_HOST_PTR ..." and the host access clauses */
    {
        cl_mem wo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 256, NULL, &err);
        MUST(err);
        d = (cl_image_desc){
            .image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 8, .mem_object = wo};
        m = clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d, NULL, &err);
        EXPECT_NULL(m, err, CL_INVALID_VALUE);
        m = clCreateImage(ctx, CL_MEM_ALLOC_HOST_PTR, &rgba8, &d, NULL, &err);
        EXPECT_NULL(m, err, CL_INVALID_VALUE);
        m = clCreateImage(ctx, CL_MEM_HOST_READ_ONLY, &rgba8, &d, NULL, &err);
        EXPECT_NULL(m, err, CL_INVALID_VALUE);
        clReleaseMemObject(wo);
    }
    /* "CL_IMAGE_FORMAT_NOT_SUPPORTED if the image_format is not supported." (valid, not in
     * the list: CL_A; CL_sRGBA, also as a view of an RGBA image) */
    f = (cl_image_format){CL_A, CL_UNORM_INT8};
    m = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
    f = (cl_image_format){CL_sRGBA, CL_UNORM_INT8};
    m = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &f, &d2, NULL, &err);
    EXPECT_NULL(m, err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
    d = (cl_image_desc){.image_type = CL_MEM_OBJECT_IMAGE2D,
                        .image_width = 16,
                        .image_height = 16,
                        .mem_object = img2d};
    m = clCreateImage(ctx, CL_MEM_READ_ONLY, &f, &d, NULL, &err);
    EXPECT_NULL(m, err, CL_IMAGE_FORMAT_NOT_SUPPORTED);

    printf("-- clCreateImage2D, clCreateImage3D (1.x)\n");
    /* "CL_INVALID_IMAGE_SIZE if image_width or image_height are 0" */
    m = clCreateImage2D(ctx, 0, &rgba8, 0, 4, 0, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_SIZE);
    /* "CL_INVALID_IMAGE_SIZE if image_width, image_height are 0 or if image_depth <= 1" */
    m = clCreateImage3D(ctx, 0, &rgba8, 4, 4, 1, 0, 0, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_SIZE);
    /* "... or if values specified by image_row_pitch do not follow rules described in the
     * argument description above" (it "must be 0 if host_ptr is NULL") */
    m = clCreateImage2D(ctx, 0, &rgba8, 4, 4, 64, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_SIZE);
    m = clCreateImage2D(ctx, 0, NULL, 4, 4, 0, NULL, &err);
    EXPECT_NULL(m, err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    m = clCreateImage3D(ctx, 0, &rgba8, 4, 4, 2, 0, 0, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    clReleaseMemObject(m);
}

static void formats_and_info(void)
{
    cl_image_format list[4];
    cl_uint n = 0;
    size_t v;
    cl_mem_object_type t;

    printf("-- clGetSupportedImageFormats\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    EXPECT(clGetSupportedImageFormats((cl_context)q, 0, CL_MEM_OBJECT_IMAGE2D, 4, list, &n),
           CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and
     * image_formats is not NULL." */
    EXPECT(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                      CL_MEM_OBJECT_IMAGE2D, 4, list, &n),
           CL_INVALID_VALUE);
    EXPECT(clGetSupportedImageFormats(ctx, 0, CL_MEM_OBJECT_BUFFER, 4, list, &n), CL_INVALID_VALUE);
    EXPECT(clGetSupportedImageFormats(ctx, 0, CL_MEM_OBJECT_IMAGE2D, 0, list, &n),
           CL_INVALID_VALUE);
    /* fewer entries than formats: the first num_entries, the full count */
    EXPECT(clGetSupportedImageFormats(ctx, 0, CL_MEM_OBJECT_IMAGE3D, 4, list, &n), CL_SUCCESS);
    CHECK(n > 4, "  %u formats, 4 returned", n);

    printf("-- clGetImageInfo\n");
    /* "CL_INVALID_MEM_OBJECT if image is a not a valid image object." */
    EXPECT(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof(v), &v, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clGetImageInfo((cl_mem)ctx, CL_IMAGE_WIDTH, sizeof(v), &v, NULL), CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type" */
    EXPECT(clGetImageInfo(img2d, 0x7777, sizeof(v), &v, NULL), CL_INVALID_VALUE);
    EXPECT(clGetImageInfo(img2d, CL_IMAGE_WIDTH, 1, &v, NULL), CL_INVALID_VALUE);
    EXPECT(clGetImageInfo(img2d, CL_IMAGE_FORMAT, 0, NULL, &v), CL_SUCCESS);
    CHECK(v == sizeof(cl_image_format), "  CL_IMAGE_FORMAT is a cl_image_format");
    EXPECT(clGetMemObjectInfo(img3d, CL_MEM_TYPE, sizeof(t), &t, NULL), CL_SUCCESS);
    CHECK(t == CL_MEM_OBJECT_IMAGE3D, "  clGetMemObjectInfo(CL_MEM_TYPE) of a 3D image");
}

static void read_write(void)
{
    size_t o[3] = {0, 0, 0}, r[3] = {4, 4, 1};
    cl_event ev = NULL, wait[1] = {other_done};
    cl_int err;

    printf("-- clEnqueueReadImage, clEnqueueWriteImage\n");
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    EXPECT(
        clEnqueueReadImage((cl_command_queue)ctx, img2d, CL_TRUE, o, r, 0, 0, host, 0, NULL, &ev),
        CL_INVALID_COMMAND_QUEUE);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_MEM_OBJECT if image is not a valid image object." */
    EXPECT(clEnqueueReadImage(q, buf, CL_TRUE, o, r, 0, 0, host, 0, NULL, &ev),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueWriteImage(q, NULL, CL_TRUE, o, r, 0, 0, host, 0, NULL, &ev),
           CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_CONTEXT if the context associated with command_queue and image are not the
     * same or if the context associated with command_queue and events in event_wait_list are
     * not the same." */
    EXPECT(clEnqueueReadImage(q, other_img, CL_TRUE, o, r, 0, 0, host, 0, NULL, &ev),
           CL_INVALID_CONTEXT);
    EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r, 0, 0, host, 1, wait, &ev),
           CL_INVALID_CONTEXT);
    /* "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0" */
    EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r, 0, 0, host, 1, NULL, &ev),
           CL_INVALID_EVENT_WAIT_LIST);
    /* "CL_INVALID_VALUE if the region being read or written specified by origin and region is
     * out of bounds or if ptr is a NULL value." */
    EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, &ev), CL_INVALID_VALUE);
    {
        size_t o2[3] = {13, 0, 0};
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o2, r, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        size_t r2[3] = {4, 17, 1};
        EXPECT(clEnqueueWriteImage(q, img2d, CL_TRUE, o, r2, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, NULL, r, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, NULL, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
    }
    /* "If image is a 2D image object, origin[2] must be 0 ... region[2] must be 1." "The values
     * in region cannot be 0." */
    {
        size_t o2[3] = {0, 0, 1}, r2[3] = {4, 4, 2}, r0[3] = {0, 4, 1};
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o2, r, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r2, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r0, 0, 0, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
    }
    /* row_pitch "must be greater than or equal to the element size in bytes x width";
     * slice_pitch "must be 0 if image is a 1D or 2D image", else ">= row_pitch x height" */
    EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r, 15, 0, host, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, img2d, CL_TRUE, o, r, 0, 64, host, 0, NULL, &ev),
           CL_INVALID_VALUE);
    {
        size_t r3[3] = {4, 4, 2};
        EXPECT(clEnqueueReadImage(q, img3d, CL_TRUE, o, r3, 16, 60, host, 0, NULL, &ev),
               CL_INVALID_VALUE);
        EXPECT(clEnqueueReadImage(q, img3d, CL_TRUE, o, r3, 16, 64, host, 0, NULL, NULL),
               CL_SUCCESS);
    }
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_OPERATION if clEnqueueReadImage is called on image which has been created
     * with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS." and WriteImage with
     * CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS */
    {
        cl_mem wo = make_image(ctx, CL_MEM_HOST_WRITE_ONLY, &rgba8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
        cl_mem ro = make_image(ctx, CL_MEM_HOST_READ_ONLY, &rgba8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
        cl_mem na = make_image(ctx, CL_MEM_HOST_NO_ACCESS, &rgba8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
        EXPECT(clEnqueueReadImage(q, wo, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
               CL_INVALID_OPERATION);
        EXPECT(clEnqueueWriteImage(q, ro, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
               CL_INVALID_OPERATION);
        EXPECT(clEnqueueWriteImage(q, na, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
               CL_INVALID_OPERATION);
        EXPECT(clEnqueueWriteImage(q, wo, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL), CL_SUCCESS);
        EXPECT(clEnqueueReadImage(q, ro, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL), CL_SUCCESS);
        clReleaseMemObject(wo);
        clReleaseMemObject(ro);
        clReleaseMemObject(na);
    }
    /* a successful non-blocking read gives an event of the image command's type */
    {
        cl_command_type type = 0;
        EXPECT(clEnqueueReadImage(q, img2d, CL_FALSE, o, r, 0, 0, host, 0, NULL, &ev), CL_SUCCESS);
        MUST(clWaitForEvents(1, &ev));
        MUST(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
        CHECK(type == CL_COMMAND_READ_IMAGE, "  the event is a CL_COMMAND_READ_IMAGE");
        clReleaseEvent(ev);
    }
    (void)err;
}

static void copy_fill(void)
{
    size_t o[3] = {0, 0, 0}, r[3] = {4, 4, 1};
    float color[4] = {1, 0, 0, 1};
    cl_event ev = NULL;
    cl_int err;

    printf("-- clEnqueueCopyImage\n");
    /* "CL_INVALID_MEM_OBJECT if src_image and dst_image are not valid image objects." */
    EXPECT(clEnqueueCopyImage(q, img2d, buf, o, o, r, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyImage(q, buf, img2d, o, o, r, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_CONTEXT if the context associated with command_queue, src_image and
     * dst_image are not the same" */
    EXPECT(clEnqueueCopyImage(q, img2d, other_img, o, o, r, 0, NULL, &ev), CL_INVALID_CONTEXT);
    /* "CL_IMAGE_FORMAT_MISMATCH if src_image and dst_image do not use the same image format." */
    {
        cl_image_format f = {CL_RGBA, CL_SIGNED_INT8};
        cl_mem other = make_image(ctx, 0, &f, CL_MEM_OBJECT_IMAGE2D, 16, 16, 0);
        EXPECT(clEnqueueCopyImage(q, img2d, other, o, o, r, 0, NULL, &ev),
               CL_IMAGE_FORMAT_MISMATCH);
        clReleaseMemObject(other);
    }
    /* "CL_INVALID_VALUE if the 2D or 3D rectangular region specified by src_origin and
     * src_origin + region refers to a region outside src_image, or ... dst_image" */
    {
        size_t far[3] = {14, 0, 0}, deep[3] = {0, 0, 2};
        EXPECT(clEnqueueCopyImage(q, img2d, img2d, far, o, r, 0, NULL, &ev), CL_INVALID_VALUE);
        EXPECT(clEnqueueCopyImage(q, img3d, img3d, o, deep, r, 0, NULL, &ev), CL_INVALID_VALUE);
    }
    /* "CL_MEM_COPY_OVERLAP if src_image and dst_image are the same image object and the source
     * and destination regions overlap." */
    {
        size_t near[3] = {3, 3, 0}, apart[3] = {4, 0, 0};
        EXPECT(clEnqueueCopyImage(q, img2d, img2d, o, near, r, 0, NULL, &ev), CL_MEM_COPY_OVERLAP);
        EXPECT(clEnqueueCopyImage(q, img2d, img2d, o, apart, r, 0, NULL, NULL), CL_SUCCESS);
    }
    EXPECT_NO_EVENT(ev);

    printf("-- clEnqueueFillImage\n");
    EXPECT(clEnqueueFillImage((cl_command_queue)buf, img2d, color, o, r, 0, NULL, &ev),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT(clEnqueueFillImage(q, buf, color, o, r, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueFillImage(q, other_img, color, o, r, 0, NULL, &ev), CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if fill_color is NULL." */
    EXPECT(clEnqueueFillImage(q, img2d, NULL, o, r, 0, NULL, &ev), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if the region being filled as specified by origin and region is out of
     * bounds." */
    {
        size_t big[3] = {17, 1, 1};
        EXPECT(clEnqueueFillImage(q, img2d, color, o, big, 0, NULL, &ev), CL_INVALID_VALUE);
    }
    EXPECT_NO_EVENT(ev);

    printf("-- clEnqueueCopyImageToBuffer, clEnqueueCopyBufferToImage\n");
    /* "CL_INVALID_MEM_OBJECT if src_image is not a valid image object or dst_buffer is not a
     * valid buffer object or if src_image is a 1D image buffer object created from
     * dst_buffer." */
    EXPECT(clEnqueueCopyImageToBuffer(q, buf, buf, o, r, 0, 0, NULL, &ev), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyImageToBuffer(q, img2d, img3d, o, r, 0, 0, NULL, &ev),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyBufferToImage(q, img2d, img2d, 0, o, r, 0, NULL, &ev),
           CL_INVALID_MEM_OBJECT);
    {
        cl_image_desc d = {
            .image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 16, .mem_object = buf};
        cl_mem ib = clCreateImage(ctx, 0, &rgba8, &d, NULL, &err);
        size_t r1[3] = {16, 1, 1};
        MUST(err);
        EXPECT(clEnqueueCopyImageToBuffer(q, ib, buf, o, r1, 0, 0, NULL, &ev),
               CL_INVALID_MEM_OBJECT);
        EXPECT(clEnqueueCopyBufferToImage(q, buf, ib, 0, o, r1, 0, NULL, &ev),
               CL_INVALID_MEM_OBJECT);
        clReleaseMemObject(ib);
    }
    /* "CL_INVALID_VALUE if ... the region specified by dst_offset and dst_offset + dst_cb to a
     * region outside dst_buffer." (64 bytes from 4090 in 4096) */
    EXPECT(clEnqueueCopyImageToBuffer(q, img2d, buf, o, r, 4090, 0, NULL, &ev), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyBufferToImage(q, buf, img2d, 4090, o, r, 0, NULL, &ev), CL_INVALID_VALUE);
    {
        size_t far[3] = {0, 13, 0};
        EXPECT(clEnqueueCopyImageToBuffer(q, img2d, buf, far, r, 0, 0, NULL, &ev),
               CL_INVALID_VALUE);
    }
    EXPECT(clEnqueueCopyImageToBuffer(q, other_img, buf, o, r, 0, 0, NULL, &ev),
           CL_INVALID_CONTEXT);
    EXPECT_NO_EVENT(ev);
}

static void map(void)
{
    size_t o[3] = {0, 0, 0}, r[3] = {4, 4, 1}, row = 0, slice = 0;
    cl_event ev = NULL;
    cl_int err;
    void *p;

    printf("-- clEnqueueMapImage\n");
    p = clEnqueueMapImage((cl_command_queue)ctx, img2d, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0,
                          NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_COMMAND_QUEUE);
    p = clEnqueueMapImage(q, buf, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_MEM_OBJECT);
    p = clEnqueueMapImage(q, other_img, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if region being mapped given by (origin, origin+region) is out of
     * bounds or if values specified in map_flags are not valid." */
    {
        size_t big[3] = {17, 1, 1};
        p = clEnqueueMapImage(q, img2d, CL_TRUE, CL_MAP_READ, o, big, &row, NULL, 0, NULL, &ev,
                              &err);
        EXPECT_NULL(p, err, CL_INVALID_VALUE);
    }
    p = clEnqueueMapImage(q, img2d, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, o, r,
                          &row, NULL, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if image_row_pitch is NULL." */
    p = clEnqueueMapImage(q, img2d, CL_TRUE, CL_MAP_READ, o, r, NULL, NULL, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if image is a 3D image, 1D or 2D image array object and
     * image_slice_pitch is NULL." */
    p = clEnqueueMapImage(q, img3d, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, &ev, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_OPERATION if image has been created with CL_MEM_HOST_WRITE_ONLY or
     * CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags" */
    {
        cl_mem wo = make_image(ctx, CL_MEM_HOST_WRITE_ONLY, &rgba8, CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
        p = clEnqueueMapImage(q, wo, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, &ev, &err);
        EXPECT_NULL(p, err, CL_INVALID_OPERATION);
        clReleaseMemObject(wo);
    }
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_OPERATION if mapping would lead to overlapping regions being mapped for
     * writing." */
    p = clEnqueueMapImage(q, img3d, CL_TRUE, CL_MAP_WRITE, o, r, &row, &slice, 0, NULL, NULL, &err);
    MUST(err);
    {
        size_t o2[3] = {2, 2, 0}, r2[3] = {2, 2, 1};
        void *p2 = clEnqueueMapImage(q, img3d, CL_TRUE, CL_MAP_WRITE, o2, r2, &row, &slice, 0, NULL,
                                     NULL, &err);
        EXPECT_NULL(p2, err, CL_INVALID_OPERATION);
    }
    /* "CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by clEnqueueMapBuffer or
     * clEnqueueMapImage for memobj." */
    EXPECT(clEnqueueUnmapMemObject(q, img2d, p, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueUnmapMemObject(q, img3d, p, 0, NULL, NULL), CL_SUCCESS);
    MUST(clFinish(q));
}

static void samplers(void)
{
    cl_sampler_properties bad_name[] = {0x7777, 1, 0};
    cl_sampler_properties bad_value[] = {CL_SAMPLER_ADDRESSING_MODE, 0x7777, 0};
    cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                     CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
    cl_sampler_properties bad_bool[] = {CL_SAMPLER_NORMALIZED_COORDS, 2, 0};
    cl_sampler s;
    cl_int err;
    cl_uint u;

    printf("-- samplers\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    s = clCreateSampler((cl_context)q, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    EXPECT_NULL(s, err, CL_INVALID_CONTEXT);
    s = clCreateSamplerWithProperties((cl_context)q, NULL, &err);
    EXPECT_NULL(s, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if addressing_mode, filter_mode, normalized_coords or a combination of
     * these arguments are not valid." */
    s = clCreateSampler(ctx, CL_TRUE, 0x7777, CL_FILTER_NEAREST, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_CLAMP, 0x7777, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    s = clCreateSampler(ctx, 5, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if the property name in sampler_properties is not a supported property
     * name, if the value specified for a supported property name is not valid, or if the same
     * property name is specified more than once." */
    s = clCreateSamplerWithProperties(ctx, bad_name, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    s = clCreateSamplerWithProperties(ctx, bad_value, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    s = clCreateSamplerWithProperties(ctx, twice, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    s = clCreateSamplerWithProperties(ctx, bad_bool, &err);
    EXPECT_NULL(s, err, CL_INVALID_VALUE);
    /* "CL_INVALID_SAMPLER if sampler is not a valid sampler object." */
    EXPECT(clRetainSampler(NULL), CL_INVALID_SAMPLER);
    EXPECT(clRetainSampler((cl_sampler)img2d), CL_INVALID_SAMPLER);
    EXPECT(clReleaseSampler((cl_sampler)ctx), CL_INVALID_SAMPLER);
    EXPECT(clGetSamplerInfo((cl_sampler)q, CL_SAMPLER_REFERENCE_COUNT, sizeof(u), &u, NULL),
           CL_INVALID_SAMPLER);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type" */
    s = clCreateSamplerWithProperties(ctx, NULL, &err);
    MUST(err);
    EXPECT(clGetSamplerInfo(s, 0x7777, sizeof(u), &u, NULL), CL_INVALID_VALUE);
    EXPECT(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, 2, &u, NULL), CL_INVALID_VALUE);
    EXPECT(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof(u), &u, NULL), CL_SUCCESS);
    CHECK(u == CL_ADDRESS_CLAMP, "  the default addressing mode is CL_ADDRESS_CLAMP");
    EXPECT(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof(u), &u, NULL), CL_SUCCESS);
    CHECK(u == CL_TRUE, "  normalized coordinates by default");
    MUST(clReleaseSampler(s));
}

int main(void)
{
    cl_int err;

    api_begin("errors_image");
    ctx = api_context();
    other_ctx = api_context();
    q = api_queue(ctx, false);
    img2d = make_image(ctx, 0, &rgba8, CL_MEM_OBJECT_IMAGE2D, 16, 16, 0);
    img3d = make_image(ctx, 0, &rgba8, CL_MEM_OBJECT_IMAGE3D, 4, 4, 2);
    other_img = make_image(other_ctx, 0, &rgba8, CL_MEM_OBJECT_IMAGE2D, 16, 16, 0);
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &err);
    MUST(err);
    other_done = clCreateUserEvent(other_ctx, &err);
    MUST(err);
    MUST(clSetUserEventStatus(other_done, CL_COMPLETE));

    limits();
    create();
    formats_and_info();
    read_write();
    copy_fill();
    map();
    samplers();

    clReleaseEvent(other_done);
    clReleaseMemObject(img2d);
    clReleaseMemObject(img3d);
    clReleaseMemObject(other_img);
    clReleaseMemObject(buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    clReleaseContext(other_ctx);
    return api_end();
}
