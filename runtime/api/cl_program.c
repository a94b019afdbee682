/* SPDX-License-Identifier: MIT */
/* Creating, retaining, releasing and querying program objects (5.8.1-5.8.3, 5.8.9). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/build.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/platform.h"
#include "core/util.h"

static void program_destroy(struct oclhls_object *obj)
{
    cl_program prog = (cl_program)obj;

    oclhls_program_drop_constants(prog);
    oclhls_meta_free(prog->meta);
    free(prog->binary);
    free(prog->log);
    free(prog->options);
    free(prog->source);
    pthread_mutex_destroy(&prog->lock);
    oclhls_unhold(prog->context);
    free(prog);
}

cl_program oclhls_program_new(cl_context context, enum oclhls_program_origin origin)
{
    cl_program prog = calloc(1, sizeof(*prog));

    if (!prog)
        return NULL;
    oclhls_object_init(prog, OCLHLS_MAGIC_PROGRAM, program_destroy);
    prog->context = context;
    oclhls_hold(context);
    prog->origin = origin;
    prog->num_devices = context->num_devices;
    memcpy(prog->devices, context->devices, context->num_devices * sizeof(cl_device_id));
    prog->status = CL_BUILD_NONE;
    prog->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    atomic_init(&prog->kernels, 0);
    pthread_mutex_init(&prog->lock, NULL);
    return prog;
}

static bool context_has_device(cl_context ctx, cl_device_id dev)
{
    for (cl_uint i = 0; i < ctx->num_devices; i++)
        if (ctx->devices[i] == dev)
            return true;
    return false;
}

cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count,
                                                 const char **strings, const size_t *lengths,
                                                 cl_int *errcode_ret)
{
    cl_program prog = NULL;
    size_t total = 0, n;
    cl_int err;
    char *p;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    err = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* "CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL." */
    err = CL_INVALID_VALUE;
    if (count == 0 || !strings)
        goto out;
    for (cl_uint i = 0; i < count; i++)
        if (!strings[i])
            goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    prog = oclhls_program_new(context, OCLHLS_PROGRAM_SOURCE);
    if (!prog)
        goto out;
    /* "If an element in lengths is zero, its accompanying string is null-terminated. If
     * lengths is NULL, all strings in the strings argument are considered null-terminated."
     * CL_PROGRAM_SOURCE: "The concatenation strips any nulls in the original source strings." */
    for (cl_uint i = 0; i < count; i++)
        total += lengths && lengths[i] ? strnlen(strings[i], lengths[i]) : strlen(strings[i]);
    prog->source = p = malloc(total + 1);
    if (!p) {
        oclhls_release(prog);
        prog = NULL;
        goto out;
    }
    for (cl_uint i = 0; i < count; i++) {
        n = lengths && lengths[i] ? strnlen(strings[i], lengths[i]) : strlen(strings[i]);
        memcpy(p, strings[i], n);
        p += n;
    }
    *p = '\0';
    prog->source_len = total;
    err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return prog;
}

/*
 * The context and device-list checks of clCreateProgramWithBinary and
 * clCreateProgramWithBuiltInKernels:
 * "CL_INVALID_CONTEXT if context is not a valid context."
 * "CL_INVALID_VALUE if device_list is NULL or num_devices is zero."
 * "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of devices
 * associated with context." (a device listed twice is not in that list twice)
 */
static cl_int check_device_list(cl_context context, cl_uint num_devices,
                                const cl_device_id *device_list)
{
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (!device_list || num_devices == 0)
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_devices; i++)
        if (!oclhls_device_valid(device_list[i]) || !context_has_device(context, device_list[i]))
            return CL_INVALID_DEVICE;
    if (num_devices > context->num_devices)
        return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

cl_program CL_API_CALL clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                 const cl_device_id *device_list,
                                                 const size_t *lengths,
                                                 const unsigned char **binaries,
                                                 cl_int *binary_status, cl_int *errcode_ret)
{
    struct oclhls_program_meta *meta[OCLHLS_MAX_DEVICES] = {0};
    cl_program_binary_type type[OCLHLS_MAX_DEVICES] = {0};
    cl_program prog = NULL;
    char why[512];
    cl_int err;

    err = check_device_list(context, num_devices, device_list);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if lengths or binaries are NULL or if any entry in lengths[i] is zero
     * or binaries[i] is NULL." -- binary_status[i]: "CL_INVALID_VALUE if lengths[i] is zero or
     * if binaries[i] is a NULL value" */
    err = CL_INVALID_VALUE;
    if (!lengths || !binaries)
        goto out;
    for (cl_uint i = 0; i < num_devices; i++) {
        bool bad = lengths[i] == 0 || binaries[i] == NULL;

        if (binary_status)
            binary_status[i] = bad ? CL_INVALID_VALUE : CL_SUCCESS;
        if (bad)
            err = CL_INVALID_BINARY; /* marker: some entry is bad */
    }
    if (err == CL_INVALID_BINARY) {
        err = CL_INVALID_VALUE;
        goto out;
    }
    /* "CL_INVALID_BINARY if an invalid program binary was encountered for any device."
     * binary_status[i]: "CL_INVALID_BINARY ... if program binary is not a valid binary for the
     * specified device" (container, metadata, and the board it was built for) */
    err = CL_SUCCESS;
    for (cl_uint i = 0; i < num_devices; i++) {
        /* a compiled object or library (its CL_PROGRAM_BINARY_TYPE kept), or an executable */
        if (oclhls_binary_kind(device_list[i], binaries[i], lengths[i], &type[i], why,
                               sizeof(why)) == 0 &&
            (type[i] != CL_PROGRAM_BINARY_TYPE_EXECUTABLE ||
             oclhls_binary_check(device_list[i], binaries[i], lengths[i], &meta[i], why,
                                 sizeof(why)) == 0))
            continue;
        oclhls_debug("clCreateProgramWithBinary: binary %u: %s", i, why);
        oclhls_context_notify(context, "clCreateProgramWithBinary: binary %u is not valid "
                              "for %s (CL_INVALID_BINARY): %s", i, device_list[i]->name, why);
        if (binary_status)
            binary_status[i] = CL_INVALID_BINARY;
        err = CL_INVALID_BINARY;
    }
    if (err != CL_SUCCESS)
        goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    prog = oclhls_program_new(context, OCLHLS_PROGRAM_BINARY);
    if (!prog)
        goto out;
    prog->num_devices = num_devices;
    memcpy(prog->devices, device_list, num_devices * sizeof(cl_device_id));
    /* one board per device and one executable per board: the first binary serves them all */
    if (type[0] != CL_PROGRAM_BINARY_TYPE_EXECUTABLE
            ? oclhls_program_take_object(prog, binaries[0], lengths[0], type[0]) != 0
            : oclhls_program_take_binary(prog, binaries[0], lengths[0], meta[0]) != 0) {
        oclhls_release(prog);
        prog = NULL;
        goto out;
    }
    meta[0] = NULL;
    err = CL_SUCCESS;
out:
    for (cl_uint i = 0; i < OCLHLS_MAX_DEVICES; i++)
        oclhls_meta_free(meta[i]);
    if (errcode_ret)
        *errcode_ret = err;
    return prog;
}

cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context, cl_uint num_devices,
                                                         const cl_device_id *device_list,
                                                         const char *kernel_names,
                                                         cl_int *errcode_ret)
{
    cl_int err;

    err = check_device_list(context, num_devices, device_list);
    if (err != CL_SUCCESS)
        goto out;
    /* "CL_INVALID_VALUE if kernel_names is NULL or kernel_names contains a kernel name that is
     * not supported by any of the devices in device_list." (CL_DEVICE_BUILT_IN_KERNELS is
     * empty: every name is unsupported) */
    (void)kernel_names;
    err = CL_INVALID_VALUE;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return NULL;
}

cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il, size_t length,
                                             cl_int *errcode_ret)
{
    cl_int err;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    err = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* "CL_INVALID_VALUE if il is NULL or if length is zero." */
    err = CL_INVALID_VALUE;
    if (!il || length == 0)
        goto out;
    /* (3.0) "CL_INVALID_OPERATION if no devices in context support intermediate language
     * programs." (CL_DEVICE_IL_VERSION is empty) */
    err = CL_INVALID_OPERATION;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return NULL;
}

cl_int CL_API_CALL clRetainProgram(cl_program program)
{
    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;

    oclhls_retain(program);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseProgram(cl_program program)
{
    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;

    /* "deleted after all kernel objects associated with program have been deleted": kernels
     * hold their program */
    oclhls_release(program);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program program,
                                               void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                               void *user_data)
{
    (void)user_data;

    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    /* "CL_INVALID_VALUE if pfn_notify is NULL." */
    if (!pfn_notify)
        return CL_INVALID_VALUE;
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with program
     * support destructors for program scope global variables." (deprecated in 3.0) */
    return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program, cl_uint spec_id,
                                                      size_t spec_size, const void *spec_value)
{
    (void)spec_id;
    (void)spec_size;
    (void)spec_value;

    /* "CL_INVALID_PROGRAM if program is not a valid program object created from a SPIR-V
     * module." -- there is no SPIR-V here; (3.0) "CL_INVALID_OPERATION if no devices
     * associated with program support intermediate language programs." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    return CL_INVALID_OPERATION;
}

/* True when a successful executable exists (the lock held). */
static bool has_executable(cl_program prog)
{
    return prog->status == CL_BUILD_SUCCESS &&
           prog->binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && prog->meta;
}

static cl_int program_binaries(cl_program prog, size_t param_value_size, void *param_value,
                               size_t *param_value_size_ret)
{
    size_t need = prog->num_devices * sizeof(unsigned char *);
    unsigned char **out = param_value;

    if (param_value) {
        if (param_value_size < need)
            return CL_INVALID_VALUE;
        /* "Each entry in this array is used by the implementation as the location in memory
         * where to copy the program binary for a specific device, if there is a binary
         * available." */
        for (cl_uint i = 0; i < prog->num_devices; i++)
            if (out[i] && prog->binary)
                memcpy(out[i], prog->binary, prog->binary_size);
    }
    if (param_value_size_ret)
        *param_value_size_ret = need;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetProgramInfo(cl_program program, cl_program_info param_name,
                                    size_t param_value_size, void *param_value,
                                    size_t *param_value_size_ret)
{
    cl_program p = program;
    size_t sizes[OCLHLS_MAX_DEVICES];
    cl_uint u;
    size_t n;
    cl_bool no = CL_FALSE;
    cl_int err;

    /* "CL_INVALID_PROGRAM if program is a not a valid program object." */
    if (!oclhls_object_is(p, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;

    pthread_mutex_lock(&p->lock);
    switch (param_name) {
    case CL_PROGRAM_REFERENCE_COUNT:
        u = oclhls_refcount(p);
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &u, sizeof(u));
        break;
    case CL_PROGRAM_CONTEXT:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &p->context,
                          sizeof(p->context));
        break;
    case CL_PROGRAM_NUM_DEVICES:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &p->num_devices,
                          sizeof(p->num_devices));
        break;
    case CL_PROGRAM_DEVICES:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, p->devices,
                          p->num_devices * sizeof(cl_device_id));
        break;
    case CL_PROGRAM_SOURCE:
        /* binaries: "a null string or the appropriate program source code is returned
         * depending on whether or not the program source code is stored in the binary" */
        err = oclhls_info_str(param_value, param_value_size, param_value_size_ret, p->source);
        break;
    case CL_PROGRAM_IL:
        /* (3.0) "If program is created with clCreateProgramWithSource,
         * clCreateProgramWithBinary or clCreateProgramWithBuiltinKernels ... param_value_size_ret
         * will be set to 0." */
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, NULL, 0);
        break;
    case CL_PROGRAM_BINARY_SIZES:
        /* "If a binary is not available for a device(s), a size of zero is returned." (an
         * executable, compiled object or library has one) */
        for (cl_uint i = 0; i < p->num_devices; i++)
            sizes[i] = p->binary ? p->binary_size : 0;
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, sizes,
                          p->num_devices * sizeof(size_t));
        break;
    case CL_PROGRAM_BINARIES:
        err = program_binaries(p, param_value_size, param_value, param_value_size_ret);
        break;
    case CL_PROGRAM_NUM_KERNELS:
    case CL_PROGRAM_KERNEL_NAMES:
        /* "CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS or
         * CL_PROGRAM_KERNEL_NAMES and a successful program executable has not been built for
         * at least one device in the list of devices associated with program." */
        if (!has_executable(p)) {
            err = CL_INVALID_PROGRAM_EXECUTABLE;
            break;
        }
        n = p->meta->num_kernels;
        err = param_name == CL_PROGRAM_NUM_KERNELS
                  ? oclhls_info(param_value, param_value_size, param_value_size_ret, &n, sizeof(n))
                  : oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                                    p->meta->kernel_names);
        break;
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &no, sizeof(no));
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        err = CL_INVALID_VALUE;
        break;
    }
    pthread_mutex_unlock(&p->lock);
    return err;
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                         cl_program_build_info param_name, size_t param_value_size,
                                         void *param_value, size_t *param_value_size_ret)
{
    cl_program p = program;
    bool ours = false;
    size_t zero = 0;
    const char *options;
    cl_int err;

    /* "CL_INVALID_PROGRAM if program is a not a valid program object." */
    if (!oclhls_object_is(p, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    /* "CL_INVALID_DEVICE if device is not in the list of devices associated with program." */
    for (cl_uint i = 0; i < p->num_devices; i++)
        ours |= p->devices[i] == device;
    if (!ours)
        return CL_INVALID_DEVICE;

    pthread_mutex_lock(&p->lock);
    switch (param_name) {
    case CL_PROGRAM_BUILD_STATUS:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &p->status,
                          sizeof(p->status));
        break;
    case CL_PROGRAM_BUILD_OPTIONS:
        /* "If build status of program for device is CL_BUILD_NONE, an empty string is
         * returned." */
        options = p->status == CL_BUILD_NONE ? "" : p->options;
        err = oclhls_info_str(param_value, param_value_size, param_value_size_ret, options);
        break;
    case CL_PROGRAM_BUILD_LOG:
        err = oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                              p->status == CL_BUILD_NONE ? "" : p->log);
        break;
    case CL_PROGRAM_BINARY_TYPE:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &p->binary_type,
                          sizeof(p->binary_type));
        break;
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
        err = oclhls_info(param_value, param_value_size, param_value_size_ret, &zero, sizeof(zero));
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        err = CL_INVALID_VALUE;
        break;
    }
    pthread_mutex_unlock(&p->lock);
    return err;
}
