/* SPDX-License-Identifier: MIT */
/* clGetDeviceIDs and every clGetDeviceInfo query of the OpenCL 3.0 table. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_test.h"

/* Queries with a fixed-size answer, and that size. */
static const struct {
    cl_device_info name;
    const char *text;
    size_t size;
} fixed[] = {
#define Q(n, t)                                                                                    \
    {                                                                                              \
        n, #n, sizeof(t)                                                                           \
    }
    Q(CL_DEVICE_TYPE, cl_device_type),
    Q(CL_DEVICE_VENDOR_ID, cl_uint),
    Q(CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint),
    Q(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint),
    Q(CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, cl_uint),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint),
    Q(CL_DEVICE_MAX_CLOCK_FREQUENCY, cl_uint),
    Q(CL_DEVICE_ADDRESS_BITS, cl_uint),
    Q(CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong),
    Q(CL_DEVICE_IMAGE_SUPPORT, cl_bool),
    Q(CL_DEVICE_MAX_READ_IMAGE_ARGS, cl_uint),
    Q(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, cl_uint),
    Q(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, cl_uint),
    Q(CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t),
    Q(CL_DEVICE_IMAGE2D_MAX_HEIGHT, size_t),
    Q(CL_DEVICE_IMAGE3D_MAX_WIDTH, size_t),
    Q(CL_DEVICE_IMAGE3D_MAX_HEIGHT, size_t),
    Q(CL_DEVICE_IMAGE3D_MAX_DEPTH, size_t),
    Q(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, size_t),
    Q(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, size_t),
    Q(CL_DEVICE_MAX_SAMPLERS, cl_uint),
    Q(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, cl_uint),
    Q(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, cl_uint),
    Q(CL_DEVICE_MAX_PIPE_ARGS, cl_uint),
    Q(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, cl_uint),
    Q(CL_DEVICE_PIPE_MAX_PACKET_SIZE, cl_uint),
    Q(CL_DEVICE_MAX_PARAMETER_SIZE, size_t),
    Q(CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint),
    Q(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, cl_uint),
    Q(CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config),
    Q(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config),
    Q(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cl_device_mem_cache_type),
    Q(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cl_uint),
    Q(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong),
    Q(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong),
    Q(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, cl_ulong),
    Q(CL_DEVICE_MAX_CONSTANT_ARGS, cl_uint),
    Q(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, size_t),
    Q(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, size_t),
    Q(CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type),
    Q(CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong),
    Q(CL_DEVICE_ERROR_CORRECTION_SUPPORT, cl_bool),
    Q(CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool),
    Q(CL_DEVICE_PROFILING_TIMER_RESOLUTION, size_t),
    Q(CL_DEVICE_ENDIAN_LITTLE, cl_bool),
    Q(CL_DEVICE_AVAILABLE, cl_bool),
    Q(CL_DEVICE_COMPILER_AVAILABLE, cl_bool),
    Q(CL_DEVICE_LINKER_AVAILABLE, cl_bool),
    Q(CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities),
    Q(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, cl_command_queue_properties),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, cl_command_queue_properties),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, cl_uint),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, cl_uint),
    Q(CL_DEVICE_MAX_ON_DEVICE_QUEUES, cl_uint),
    Q(CL_DEVICE_MAX_ON_DEVICE_EVENTS, cl_uint),
    Q(CL_DEVICE_PLATFORM, cl_platform_id),
    Q(CL_DEVICE_PRINTF_BUFFER_SIZE, size_t),
    Q(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, cl_bool),
    Q(CL_DEVICE_PARENT_DEVICE, cl_device_id),
    Q(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, cl_uint),
    Q(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, cl_device_affinity_domain),
    Q(CL_DEVICE_REFERENCE_COUNT, cl_uint),
    Q(CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities),
    Q(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, cl_uint),
    Q(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, cl_uint),
    Q(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, cl_uint),
    Q(CL_DEVICE_MAX_NUM_SUB_GROUPS, cl_uint),
    Q(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, cl_bool),
    Q(CL_DEVICE_NUMERIC_VERSION, cl_version),
    Q(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, cl_device_atomic_capabilities),
    Q(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, cl_device_atomic_capabilities),
    Q(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, cl_bool),
    Q(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, size_t),
    Q(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, cl_bool),
    Q(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, cl_bool),
    Q(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, cl_device_device_enqueue_capabilities),
    Q(CL_DEVICE_PIPE_SUPPORT, cl_bool),
#undef Q
};

/* Queries whose answer is a string or an array. */
static const struct {
    cl_device_info name;
    const char *text;
} variable[] = {
#define Q(n)                                                                                       \
    {                                                                                              \
        n, #n                                                                                      \
    }
    Q(CL_DEVICE_MAX_WORK_ITEM_SIZES),
    Q(CL_DEVICE_IL_VERSION),
    Q(CL_DEVICE_ILS_WITH_VERSION),
    Q(CL_DEVICE_BUILT_IN_KERNELS),
    Q(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION),
    Q(CL_DEVICE_NAME),
    Q(CL_DEVICE_VENDOR),
    Q(CL_DRIVER_VERSION),
    Q(CL_DEVICE_PROFILE),
    Q(CL_DEVICE_VERSION),
    Q(CL_DEVICE_OPENCL_C_VERSION),
    Q(CL_DEVICE_OPENCL_C_ALL_VERSIONS),
    Q(CL_DEVICE_OPENCL_C_FEATURES),
    Q(CL_DEVICE_EXTENSIONS),
    Q(CL_DEVICE_EXTENSIONS_WITH_VERSION),
    Q(CL_DEVICE_PARTITION_PROPERTIES),
    Q(CL_DEVICE_PARTITION_TYPE),
    Q(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED),
#undef Q
};

static uint64_t u(cl_device_id d, cl_device_info name)
{
    uint64_t v = 0;
    size_t size = 0;

    clGetDeviceInfo(d, name, sizeof(v), &v, &size);
    return v; /* little-endian: narrower answers land in the low bytes */
}

static void str(cl_device_id d, cl_device_info name, char *buf, size_t len)
{
    buf[0] = '\0';
    clGetDeviceInfo(d, name, len, buf, NULL);
}

int main(void)
{
    cl_platform_id p;
    cl_device_id d, devs[4], sub[2];
    cl_uint n = 0;
    unsigned char buf[4096];
    char s[256];
    size_t size, sizes[3];
    cl_name_version nv[8];
    cl_ulong host = 0, dev_t = 0;
    cl_device_partition_property part[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};

    api_begin("api.device");
    p = api_platform();

    /* clGetDeviceIDs */
    MUST(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 4, devs, &n));
    CHECK(n == 1, "one device (%u)", n);
    d = devs[0];
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_ACCELERATOR, 0, NULL, &n), CL_SUCCESS);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_DEFAULT, 1, devs, NULL), CL_SUCCESS);
    CHECK(devs[0] == d, "the default device is the accelerator");
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, devs, &n), CL_DEVICE_NOT_FOUND);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, devs, &n), CL_DEVICE_NOT_FOUND);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_CUSTOM, 1, devs, &n), CL_DEVICE_NOT_FOUND);
    EXPECT(clGetDeviceIDs(p, 0, 1, devs, &n), CL_INVALID_DEVICE_TYPE);
    EXPECT(clGetDeviceIDs(p, (cl_device_type)1 << 40, 1, devs, &n), CL_INVALID_DEVICE_TYPE);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, devs, &n), CL_INVALID_VALUE);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, NULL, NULL), CL_INVALID_VALUE);

    /* every query answers, with the size of its type */
    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
        cl_int err = clGetDeviceInfo(d, fixed[i].name, sizeof(buf), buf, &size);

        CHECK(err == CL_SUCCESS && size == fixed[i].size, "%s -> %s, %zu bytes (want %zu)",
              fixed[i].text, api_err_name(err), size, fixed[i].size);
    }
    for (size_t i = 0; i < sizeof(variable) / sizeof(variable[0]); i++) {
        cl_int err = clGetDeviceInfo(d, variable[i].name, sizeof(buf), buf, &size);

        CHECK(err == CL_SUCCESS, "%s -> %s, %zu bytes", variable[i].text, api_err_name(err), size);
    }

    /* the values the brief and the spec ask for */
    CHECK(u(d, CL_DEVICE_TYPE) == CL_DEVICE_TYPE_ACCELERATOR, "type is ACCELERATOR");
    str(d, CL_DEVICE_NAME, s, sizeof(s));
    CHECK(strncmp(s, "oclhls ", 7) == 0, "name \"%s\"", s);
    str(d, CL_DEVICE_VERSION, s, sizeof(s));
    CHECK(strncmp(s, "OpenCL 3.0 ", 11) == 0, "version \"%s\"", s);
    str(d, CL_DEVICE_OPENCL_C_VERSION, s, sizeof(s));
    CHECK(strncmp(s, "OpenCL C 1.2 ", 13) == 0, "OpenCL C version \"%s\"", s);
    str(d, CL_DEVICE_PROFILE, s, sizeof(s));
    CHECK(strcmp(s, "FULL_PROFILE") == 0, "profile \"%s\"", s);
    CHECK(u(d, CL_DEVICE_NUMERIC_VERSION) == CL_MAKE_VERSION(3, 0, 0), "numeric version 3.0.0");
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof(nv), nv, &size), CL_SUCCESS);
    CHECK(size >= sizeof(cl_name_version) && size % sizeof(cl_name_version) == 0 &&
              strcmp(nv[0].name, "OpenCL C") == 0,
          "CL_DEVICE_OPENCL_C_ALL_VERSIONS: %zu entries", size / sizeof(cl_name_version));
    CHECK(u(d, CL_DEVICE_ADDRESS_BITS) == 32, "32 address bits");
    CHECK(u(d, CL_DEVICE_ENDIAN_LITTLE) == CL_TRUE, "little endian");
    CHECK(u(d, CL_DEVICE_COMPILER_AVAILABLE) == CL_TRUE, "compiler available");
    CHECK(u(d, CL_DEVICE_LINKER_AVAILABLE) == CL_TRUE, "linker available");
    CHECK(u(d, CL_DEVICE_AVAILABLE) == CL_TRUE, "device available");
    CHECK(u(d, CL_DEVICE_IMAGE_SUPPORT) == CL_TRUE, "images");
    CHECK(u(d, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT) == CL_FALSE, "no non-uniform groups");
    CHECK(u(d, CL_DEVICE_MAX_CLOCK_FREQUENCY) > 0, "clock %llu MHz",
          (unsigned long long)u(d, CL_DEVICE_MAX_CLOCK_FREQUENCY));
    CHECK(u(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION) ==
              (1000 + u(d, CL_DEVICE_MAX_CLOCK_FREQUENCY) / 2) /
                  u(d, CL_DEVICE_MAX_CLOCK_FREQUENCY),
          "timer resolution %llu ns = one clock period",
          (unsigned long long)u(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION));
    CHECK(u(d, CL_DEVICE_GLOBAL_MEM_SIZE) > 0 &&
              u(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE) <= u(d, CL_DEVICE_GLOBAL_MEM_SIZE),
          "global memory %llu, max alloc %llu", (unsigned long long)u(d, CL_DEVICE_GLOBAL_MEM_SIZE),
          (unsigned long long)u(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE));
    CHECK(u(d, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS) == 3, "3 work-item dimensions");
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(sizes), sizes, &size),
           CL_SUCCESS);
    CHECK(size == sizeof(sizes) && sizes[0] >= 1 && sizes[0] <= u(d, CL_DEVICE_MAX_WORK_GROUP_SIZE),
          "work-item sizes %zu x %zu x %zu", sizes[0], sizes[1], sizes[2]);
    CHECK(u(d, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES) ==
              (CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE),
          "queues: out-of-order and profiling");
    CHECK(u(d, CL_DEVICE_PLATFORM) == (uint64_t)(uintptr_t)p, "CL_DEVICE_PLATFORM");
    CHECK(u(d, CL_DEVICE_REFERENCE_COUNT) == 1, "root device reference count 1");
    CHECK(u(d, CL_DEVICE_SINGLE_FP_CONFIG) ==
              (CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA |
               CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT),
          "single precision: the units' capabilities (denormals, fma, exact div/sqrt)");
    CHECK(u(d, CL_DEVICE_DOUBLE_FP_CONFIG) == 0, "no double precision");

    /* "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes
     * specified by param_value_size is < size of return type ... or if param_name is a value
     * that is available as an extension and the corresponding extension is not supported" */
    EXPECT(clGetDeviceInfo(d, 0x7777, sizeof(buf), buf, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, 4, buf, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_NAME, 3, buf, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceInfo(d, CL_DEVICE_HALF_FP_CONFIG, sizeof(buf), buf, NULL), CL_INVALID_VALUE);

    /* partitioning is not supported; root devices ignore retain/release */
    EXPECT(clCreateSubDevices(d, part, 2, sub, &n), CL_INVALID_VALUE);
    EXPECT(clRetainDevice(d), CL_SUCCESS);
    EXPECT(clReleaseDevice(d), CL_SUCCESS);

    /* timers */
    EXPECT(clGetDeviceAndHostTimer(d, &dev_t, &host), CL_SUCCESS);
    CHECK(dev_t > 0 && host > 0, "device and host timestamps");
    EXPECT(clGetDeviceAndHostTimer(d, NULL, &host), CL_INVALID_VALUE);
    EXPECT(clGetHostTimer(d, &host), CL_SUCCESS);
    EXPECT(clGetHostTimer(d, NULL), CL_INVALID_VALUE);
    return api_end();
}
