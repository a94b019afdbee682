/* SPDX-License-Identifier: MIT */
/*
 * Device queries (4.2), partitioning (4.3: not supported) and the timers. The values come
 * from the board description (board-support/<board>/board.json) and from what the runtime
 * and the generated hardware support; docs/runtime.md lists them with their sources.
 */
#include <math.h>
#include <string.h>

#include "core/csr.h"
#include "core/device.h"
#include "core/features.h"
#include "core/image.h"
#include "core/platform.h"
#include "core/util.h"

#define DEVICE_VERSION_STR "OpenCL 3.0 oclhls"
#define OPENCL_C_VERSION_STR "OpenCL C 1.2 oclhls"

static const cl_device_type device_type = CL_DEVICE_TYPE_ACCELERATOR;

static bool type_matches(cl_device_type requested)
{
    if (requested == CL_DEVICE_TYPE_ALL || (requested & CL_DEVICE_TYPE_DEFAULT))
        return true;
    return (requested & device_type) != 0;
}

cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type type, cl_uint num_entries,
                                  cl_device_id *devices, cl_uint *num_devices)
{
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    cl_platform_id p = oclhls_platform();
    cl_uint n = 0;

    /* "CL_INVALID_PLATFORM if platform is not a valid platform." */
    if (!oclhls_platform_valid(platform))
        return CL_INVALID_PLATFORM;
    /* "CL_INVALID_DEVICE_TYPE if device_type is not a valid value." */
    if (type != CL_DEVICE_TYPE_ALL && (type == 0 || (type & ~known)))
        return CL_INVALID_DEVICE_TYPE;
    /* "CL_INVALID_VALUE if num_entries is equal to zero and devices is not NULL or if both
     * num_devices and devices are NULL." */
    if ((num_entries == 0 && devices) || (!num_devices && !devices))
        return CL_INVALID_VALUE;

    for (cl_uint i = 0; i < p->num_devices; i++) {
        if (!type_matches(type))
            continue;
        if (devices && n < num_entries)
            devices[n] = p->devices[i];
        n++;
    }
    /* "CL_DEVICE_NOT_FOUND if no OpenCL devices that matched device_type were found." */
    if (n == 0)
        return CL_DEVICE_NOT_FOUND;
    if (num_devices)
        *num_devices = n;
    return CL_SUCCESS;
}

/* The answer to one query: a value of the query's type, or a string or array elsewhere. */
struct answer {
    union {
        cl_uint u;
        cl_ulong ul;
        size_t sz;
        cl_bool b;
        cl_bitfield bits;
        void *ptr;
    } v;
    size_t sizes[3]; /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    const void *src;
    size_t size;
};

static void ans_uint(struct answer *a, cl_uint v)
{
    a->v.u = v;
    a->src = &a->v.u;
    a->size = sizeof(v);
}

static void ans_ulong(struct answer *a, cl_ulong v)
{
    a->v.ul = v;
    a->src = &a->v.ul;
    a->size = sizeof(v);
}

static void ans_size(struct answer *a, size_t v)
{
    a->v.sz = v;
    a->src = &a->v.sz;
    a->size = sizeof(v);
}

static void ans_bool(struct answer *a, cl_bool v)
{
    a->v.b = v;
    a->src = &a->v.b;
    a->size = sizeof(v);
}

/* cl_device_type, cl_device_fp_config and the other cl_bitfield types */
static void ans_bits(struct answer *a, cl_bitfield v)
{
    a->v.bits = v;
    a->src = &a->v.bits;
    a->size = sizeof(v);
}

/* cl_platform_id, cl_device_id */
static void ans_handle(struct answer *a, void *v)
{
    a->v.ptr = v;
    a->src = &a->v.ptr;
    a->size = sizeof(v);
}

static void ans_str(struct answer *a, const char *s)
{
    a->src = s;
    a->size = strlen(s) + 1;
}

static void ans_mem(struct answer *a, const void *src, size_t size)
{
    a->src = src;
    a->size = size;
}

/* Device limits that do not depend on the board. */
static size_t max_work_group_size(cl_device_id dev)
{
    return dev->board.max_work_group_size ? dev->board.max_work_group_size : 1;
}

static size_t timer_resolution_ns(cl_device_id dev)
{
    /* one kernel clock period; profiling END - START is a count of kernel clocks */
    double ns = 1000.0 / oclhls_device_clock_mhz(dev);

    return ns < 1.0 ? 1 : (size_t)lround(ns);
}

/* Queries whose answer is a list or a string; false for a query that does not exist. */
static bool device_info_lists(cl_device_id dev, cl_device_info param_name, struct answer *a)
{
    static const cl_name_version c_versions[] = {
        {CL_MAKE_VERSION(1, 0, 0), "OpenCL C"},
        {CL_MAKE_VERSION(1, 1, 0), "OpenCL C"},
        {CL_MAKE_VERSION(1, 2, 0), "OpenCL C"},
        {CL_MAKE_VERSION(3, 0, 0), "OpenCL C"},
    };
    const cl_name_version *list;
    size_t n;
    static const cl_device_partition_property no_partition[] = {0};
    size_t wg = max_work_group_size(dev);

    switch (param_name) {
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
        a->sizes[0] = a->sizes[1] = a->sizes[2] = wg;
        ans_mem(a, a->sizes, sizeof(a->sizes));
        break;
    case CL_DEVICE_NAME:
        ans_str(a, dev->name);
        break;
    case CL_DEVICE_VENDOR:
        ans_str(a, OCLHLS_PLATFORM_VENDOR);
        break;
    case CL_DRIVER_VERSION:
        ans_str(a, OCLHLS_VERSION);
        break;
    case CL_DEVICE_PROFILE: /* the embedded one where the memories are too small */
        ans_str(a, oclhls_board_profile(&dev->board));
        break;
    case CL_DEVICE_VERSION:
        ans_str(a, DEVICE_VERSION_STR);
        break;
    case CL_DEVICE_OPENCL_C_VERSION:
        ans_str(a, OPENCL_C_VERSION_STR);
        break;
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
        ans_mem(a, c_versions, sizeof(c_versions));
        break;
    case CL_DEVICE_OPENCL_C_FEATURES: /* the macros kernels see (common/cl_features.h) */
        list = oclhls_c_features(&n);
        ans_mem(a, list, n * sizeof(*list));
        break;
    case CL_DEVICE_EXTENSIONS:
        ans_str(a, oclhls_extensions_string(!oclhls_board_full_profile(&dev->board)));
        break;
    case CL_DEVICE_EXTENSIONS_WITH_VERSION:
        list = oclhls_extensions_versions(!oclhls_board_full_profile(&dev->board), &n);
        ans_mem(a, list, n * sizeof(*list));
        break;
    case CL_DEVICE_BUILT_IN_KERNELS:
    case CL_DEVICE_IL_VERSION:
        ans_str(a, "");
        break;
    case CL_DEVICE_ILS_WITH_VERSION:
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
        ans_mem(a, NULL, 0);
        break;
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
        ans_str(a, "v0000-01-01-00");
        break; /* never submitted to the conformance process */
    case CL_DEVICE_PARTITION_PROPERTIES:
        ans_mem(a, no_partition, sizeof(no_partition));
        break;
    case CL_DEVICE_PARTITION_TYPE:
        /* "the implementation may either return a param_value_size_ret of 0" */
        ans_mem(a, NULL, 0);
        break;
    default:
        return false;
    }
    return true;
}

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                   size_t param_value_size, void *param_value,
                                   size_t *param_value_size_ret)
{
    cl_device_id dev = device;
    struct answer a = {0};
    size_t wg;
    cl_ulong max_alloc;
    struct oclhls_image_limits il;

    /* "CL_INVALID_DEVICE if device is not valid." */
    if (!oclhls_device_valid(device))
        return CL_INVALID_DEVICE;

    wg = max_work_group_size(dev);
    max_alloc = oclhls_device_max_alloc(dev);
    oclhls_image_limits(dev, &il);
    switch (param_name) {
    case CL_DEVICE_TYPE:
        ans_bits(&a, device_type);
        break;
    case CL_DEVICE_VENDOR_ID:
        ans_uint(&a, 0);
        break; /* no PCI vendor id */
    case CL_DEVICE_MAX_COMPUTE_UNITS:
        ans_uint(&a, 1);
        break;
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
        ans_uint(&a, 3);
        break;
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
        ans_size(&a, wg);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
        ans_uint(&a, 1);
        break;
    /* "If double precision is not supported, ..._DOUBLE must return 0." "If the cl_khr_fp16
     * extension is not supported, ..._HALF must return 0." */
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
        ans_uint(&a, 0);
        break;
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:
        ans_uint(&a, (cl_uint)lround(oclhls_device_max_clock_mhz(dev)));
        break;
    case CL_DEVICE_ADDRESS_BITS:
        ans_uint(&a, 32);
        break; /* -target spir: 32-bit pointers and size_t */
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
        ans_ulong(&a, max_alloc);
        break;
    /* images: the limits of core/image.c, the FULL_PROFILE minimums; the support flag waits
     * for the compiler (OCLHLS_IMAGE_SUPPORT, docs/runtime.md "Images") */
    case CL_DEVICE_IMAGE_SUPPORT:
        ans_bool(&a, OCLHLS_IMAGE_SUPPORT ? CL_TRUE : CL_FALSE);
        break;
    case CL_DEVICE_MAX_READ_IMAGE_ARGS:
        ans_uint(&a, il.max_read_image_args);
        break;
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
        ans_uint(&a, il.max_write_image_args);
        break;
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
        ans_uint(&a, il.max_read_write_image_args);
        break;
    case CL_DEVICE_MAX_SAMPLERS:
        ans_uint(&a, il.max_samplers);
        break;
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
        ans_uint(&a, il.pitch_alignment);
        break;
    case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
        ans_uint(&a, il.base_address_alignment);
        break;
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
        ans_size(&a, il.image2d_max_width);
        break;
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
        ans_size(&a, il.image2d_max_height);
        break;
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
        ans_size(&a, il.image3d_max_width);
        break;
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
        ans_size(&a, il.image3d_max_height);
        break;
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
        ans_size(&a, il.image3d_max_depth);
        break;
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
        ans_size(&a, il.image_max_buffer_size);
        break;
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
        ans_size(&a, il.image_max_array_size);
        break;
    /* pipes (optional in 3.0): ring buffers in global memory (docs/runtime.md, "Pipes");
     * packets are at most one 512-bit memory word, below the 2.x minimum of 1024 bytes (3.0
     * sets no minimum) */
    case CL_DEVICE_MAX_PIPE_ARGS:
        ans_uint(&a, OCLHLS_MAX_PIPE_ARGS);
        break;
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
        ans_uint(&a, 1); /* "per work-item" (a work-group reservation counts as one) */
        break;
    case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
        ans_uint(&a, OCLHLS_PIPE_MAX_PACKET_SIZE);
        break;
    case CL_DEVICE_PIPE_SUPPORT:
        ans_bool(&a, CL_TRUE);
        break;
    case CL_DEVICE_MAX_PARAMETER_SIZE:
        ans_size(&a, OCLHLS_MAX_PARAMETER_SIZE);
        break; /* the argument words of a kernel window */
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
        ans_uint(&a, 1024);
        break; /* bits: a long16, the FULL_PROFILE minimum */
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
        ans_uint(&a, 128);
        break;
    case CL_DEVICE_SINGLE_FP_CONFIG:
        /* rtl-lib's ocl_fp_* units: IEEE-754 binary32 in round to nearest even, with
         * denormals, infinities and NaNs; a fused multiply-add unit; divide and square root
         * correctly rounded (docs/floating-point.md). */
        ans_bits(&a, CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA |
                         CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
        break;
    case CL_DEVICE_DOUBLE_FP_CONFIG:
        ans_bits(&a, 0);
        break; /* no cl_khr_fp64 */
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
        ans_uint(&a, CL_NONE);
        break;
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
        ans_uint(&a, 0);
        break;
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
        ans_ulong(&a, 0);
        break;
    case CL_DEVICE_GLOBAL_MEM_SIZE:
        ans_ulong(&a, oclhls_device_global_mem(dev));
        break;
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
        ans_ulong(&a, max_alloc);
        break; /* __constant data lives in global memory */
    case CL_DEVICE_MAX_CONSTANT_ARGS:
        ans_uint(&a, OCLHLS_MAX_PARAMETER_SIZE / 4);
        break; /* one pointer word each */
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
        ans_size(&a, 0);
        break; /* no program-scope global variables (optional in 3.0) */
    case CL_DEVICE_LOCAL_MEM_TYPE:
        ans_uint(&a, CL_LOCAL);
        break; /* block RAM next to the kernel */
    case CL_DEVICE_LOCAL_MEM_SIZE:
        ans_ulong(&a, dev->board.local_mem_bytes);
        break;
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
        ans_bool(&a, CL_FALSE);
        break;
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
        ans_size(&a, timer_resolution_ns(dev));
        break;
    case CL_DEVICE_ENDIAN_LITTLE:
        ans_bool(&a, CL_TRUE);
        break;
    case CL_DEVICE_AVAILABLE:
        ans_bool(&a, dev->available ? CL_TRUE : CL_FALSE);
        break;
    case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE:
        ans_bool(&a, CL_TRUE);
        break;
    case CL_DEVICE_EXECUTION_CAPABILITIES:
        ans_bits(&a, CL_EXEC_KERNEL);
        break;
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: /* = CL_DEVICE_QUEUE_PROPERTIES */
        ans_bits(&a, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
        break;
    /* no device-side enqueue (optional in 3.0): all 0 */
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
        ans_bits(&a, 0);
        break;
    case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
        ans_uint(&a, 0);
        break;
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
        ans_bits(&a, 0);
        break;
    case CL_DEVICE_PLATFORM:
        ans_handle(&a, dev->platform);
        break;
    case CL_DEVICE_NUMERIC_VERSION:
        ans_uint(&a, CL_MAKE_VERSION(3, 0, 0));
        break;
    case CL_DEVICE_PRINTF_BUFFER_SIZE: /* per launch, its counter word included */
        ans_size(&a, (size_t)dev->board.printf_buffer_bytes);
        break;
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
        ans_bool(&a, CL_TRUE);
        break;
    case CL_DEVICE_PARENT_DEVICE:
        ans_handle(&a, NULL);
        break;
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
        ans_uint(&a, 0);
        break;
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
        ans_bits(&a, 0);
        break;
    case CL_DEVICE_REFERENCE_COUNT:
        ans_uint(&a, 1);
        break; /* "If the device is a root-level device, a reference count of one" */
    case CL_DEVICE_SVM_CAPABILITIES:
        ans_bits(&a, 0);
        break; /* no SVM (optional in 3.0) */
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
        ans_uint(&a, 0);
        break; /* "aligned to the natural size of the type" */
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
        ans_uint(&a, 0);
        break; /* no sub-groups (optional in 3.0) */
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
        ans_bool(&a, CL_FALSE);
        break;
    /* 3.0 minimum capabilities */
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: /* as common/cl_features.c claims */
        ans_bits(&a, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                         CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
                         CL_DEVICE_ATOMIC_SCOPE_DEVICE);
        break;
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
        ans_bits(&a, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                         CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
        break;
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
        ans_bool(&a, CL_TRUE);
        break; /* __opencl_c_work_group_collective_functions (frontend/builtins/work_group.cl) */
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
        ans_bool(&a, CL_FALSE);
        break;
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
        ans_bool(&a, CL_TRUE);
        break; /* __opencl_c_generic_address_space (common/cl_features.c) */
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        ans_size(&a, 1);
        break; /* one work-item enters the pipeline per clock, any count is fine */
    default:
        /* "CL_INVALID_VALUE if param_name is not one of the supported values ... or if
         * param_name is a value that is available as an extension and the corresponding
         * extension is not supported by the device." (CL_DEVICE_HALF_FP_CONFIG: cl_khr_fp16) */
        if (!device_info_lists(dev, param_name, &a))
            return CL_INVALID_VALUE;
        break;
    }
    /* "CL_INVALID_VALUE if ... size in bytes specified by param_value_size is < size of return
     * type ... and param_value is not a NULL value" */
    return oclhls_info(param_value, param_value_size, param_value_size_ret, a.src, a.size);
}

cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
                                      const cl_device_partition_property *properties,
                                      cl_uint num_devices, cl_device_id *out_devices,
                                      cl_uint *num_devices_ret)
{
    (void)num_devices;
    (void)out_devices;
    (void)num_devices_ret;

    /* "CL_INVALID_DEVICE if in_device is not valid." */
    if (!oclhls_device_valid(in_device))
        return CL_INVALID_DEVICE;
    /* "CL_INVALID_VALUE if values specified in properties are not valid or if values
     * specified in properties are valid but not supported by the device." (the device
     * supports no partition type: CL_DEVICE_PARTITION_PROPERTIES is {0}) */
    (void)properties;
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL clRetainDevice(cl_device_id device)
{
    /* "CL_INVALID_DEVICE if device is not a valid sub-device created by a call to
     * clCreateSubDevices." -- root devices: "the device reference count remains unchanged" */
    if (!oclhls_device_valid(device))
        return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseDevice(cl_device_id device)
{
    /* "CL_INVALID_DEVICE if device is not a valid sub-device created by a call to
     * clCreateSubDevices." -- root devices: "the device reference count remains unchanged" */
    if (!oclhls_device_valid(device))
        return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device, cl_ulong *device_timestamp,
                                           cl_ulong *host_timestamp)
{
    /* "CL_INVALID_DEVICE if device is not a valid OpenCL device." */
    if (!oclhls_device_valid(device))
        return CL_INVALID_DEVICE;
    /* "CL_INVALID_VALUE if host_timestamp or device_timestamp is NULL." */
    if (!device_timestamp || !host_timestamp)
        return CL_INVALID_VALUE;

    /* profiling timestamps are host monotonic time: the two timers are one */
    *host_timestamp = *device_timestamp = oclhls_now_ns();
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp)
{
    /* "CL_INVALID_DEVICE if device is not a valid OpenCL device." */
    if (!oclhls_device_valid(device))
        return CL_INVALID_DEVICE;
    /* "CL_INVALID_VALUE if host_timestamp is NULL." */
    if (!host_timestamp)
        return CL_INVALID_VALUE;

    *host_timestamp = oclhls_now_ns();
    return CL_SUCCESS;
}
