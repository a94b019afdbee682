/* SPDX-License-Identifier: MIT */
/* Kernel objects (5.9): creation, arguments, copies and queries, from the program metadata. */
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/launch.h"
#include "core/meta.h"
#include "core/platform.h"
#include "core/util.h"

static void kernel_destroy(struct oclhls_object *obj)
{
    cl_kernel k = (cl_kernel)obj;

    for (unsigned i = 0; k->args && i < k->meta->num_args; i++)
        free(k->args[i].value);
    free(k->args);
    pthread_mutex_destroy(&k->lock);
    atomic_fetch_sub(&k->program->kernels, 1);
    oclhls_unhold(k->program);
    oclhls_unhold(k->context);
    free(k);
}

static cl_kernel kernel_new(cl_program prog, const struct oclhls_kernel_meta *meta, unsigned index)
{
    cl_kernel k = calloc(1, sizeof(*k));

    if (!k)
        return NULL;
    k->args = calloc(meta->num_args ? meta->num_args : 1, sizeof(*k->args));
    if (!k->args)
        goto out_free;
    for (unsigned i = 0; i < meta->num_args; i++) {
        k->args[i].value = calloc(1, meta->args[i].size ? meta->args[i].size : 1);
        if (!k->args[i].value)
            goto out_free;
    }
    oclhls_object_init(k, OCLHLS_MAGIC_KERNEL, kernel_destroy);
    k->program = prog;
    oclhls_hold(prog);
    k->context = prog->context;
    oclhls_hold(k->context);
    k->meta = meta;
    k->index = index;
    pthread_mutex_init(&k->lock, NULL);
    atomic_fetch_add(&prog->kernels, 1);
    return k;

out_free:
    for (unsigned i = 0; k->args && i < meta->num_args; i++)
        free(k->args[i].value);
    free(k->args);
    free(k);
    return NULL;
}

/* With the program lock: the executable's metadata, or NULL when none was built. */
static const struct oclhls_program_meta *executable(cl_program prog)
{
    if (prog->status != CL_BUILD_SUCCESS || prog->binary_type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
        return NULL;
    return prog->meta;
}

cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name,
                                     cl_int *errcode_ret)
{
    const struct oclhls_program_meta *meta;
    const struct oclhls_kernel_meta *km = NULL;
    cl_kernel k = NULL;
    unsigned index = 0;
    cl_int err;

    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    err = CL_INVALID_PROGRAM;
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        goto out;
    pthread_mutex_lock(&program->lock);
    meta = executable(program);
    if (meta && kernel_name)
        km = oclhls_meta_kernel(meta, kernel_name, &index);
    pthread_mutex_unlock(&program->lock);
    /* "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for
     * program." */
    err = CL_INVALID_PROGRAM_EXECUTABLE;
    if (!meta)
        goto out;
    /* "CL_INVALID_VALUE if kernel_name is NULL." */
    err = CL_INVALID_VALUE;
    if (!kernel_name)
        goto out;
    /* "CL_INVALID_KERNEL_NAME if kernel_name is not found in program." */
    err = CL_INVALID_KERNEL_NAME;
    if (!km)
        goto out;
    /* CL_INVALID_KERNEL_DEFINITION cannot happen: one executable serves every device */

    err = CL_OUT_OF_HOST_MEMORY;
    k = kernel_new(program, km, index);
    if (k)
        err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return k;
}

cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels,
                                            cl_kernel *kernels, cl_uint *num_kernels_ret)
{
    const struct oclhls_program_meta *meta;

    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    pthread_mutex_lock(&program->lock);
    meta = executable(program);
    pthread_mutex_unlock(&program->lock);
    /* "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for any
     * device in program." */
    if (!meta)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    /* "CL_INVALID_VALUE if kernels is not NULL and num_kernels is less than the number of
     * kernels in program." */
    if (kernels && num_kernels < meta->num_kernels)
        return CL_INVALID_VALUE;

    if (kernels) {
        for (unsigned i = 0; i < meta->num_kernels; i++) {
            kernels[i] = kernel_new(program, &meta->kernels[i], i);
            if (!kernels[i]) {
                while (i-- > 0)
                    oclhls_release(kernels[i]);
                return CL_OUT_OF_HOST_MEMORY;
            }
        }
    }
    if (num_kernels_ret)
        *num_kernels_ret = meta->num_kernels;
    return CL_SUCCESS;
}

cl_int CL_API_CALL clRetainKernel(cl_kernel kernel)
{
    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;

    oclhls_retain(kernel);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel)
{
    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;

    /* "deleted once the number of instances that are retained to kernel become zero and the
     * kernel object is no longer needed by any enqueued commands" (commands hold it) */
    oclhls_release(kernel);
    return CL_SUCCESS;
}

cl_kernel CL_API_CALL clCloneKernel(cl_kernel source_kernel, cl_int *errcode_ret)
{
    cl_kernel src = source_kernel, k = NULL;
    cl_int err;

    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    err = CL_INVALID_KERNEL;
    if (!oclhls_object_is(src, OCLHLS_MAGIC_KERNEL))
        goto out;

    err = CL_OUT_OF_HOST_MEMORY;
    k = kernel_new(src->program, src->meta, src->index);
    if (!k)
        goto out;
    /* "a shallow copy of the kernel object, its arguments" */
    pthread_mutex_lock(&src->lock);
    for (unsigned i = 0; i < src->meta->num_args; i++) {
        k->args[i].set = src->args[i].set;
        k->args[i].mem = src->args[i].mem;
        k->args[i].local_size = src->args[i].local_size;
        memcpy(k->args[i].value, src->args[i].value, src->meta->args[i].size);
    }
    pthread_mutex_unlock(&src->lock);
    err = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = err;
    return k;
}

static bool is_pipe_arg(const struct oclhls_arg_meta *m)
{
    return (m->type_qualifiers & CL_KERNEL_ARG_TYPE_PIPE) != 0;
}

/* (a pipe or an image argument may be described in the global address space: neither is a
   buffer) */
static bool is_buffer_arg(const struct oclhls_arg_meta *m)
{
    return !is_pipe_arg(m) && m->kind == OCLHLS_ARG_VALUE && (m->address == CL_KERNEL_ARG_ADDRESS_GLOBAL ||
                               m->address == CL_KERNEL_ARG_ADDRESS_CONSTANT);
}

/* The cl_mem a pipe argument takes, or the error clSetKernelArg returns. */
static cl_int pipe_arg_value(cl_kernel kernel, size_t arg_size, const void *arg_value, cl_mem *mem)
{
    /* "CL_INVALID_ARG_SIZE if ... the argument is a memory object and arg_size !=
     * sizeof(cl_mem)" */
    if (arg_size != sizeof(cl_mem))
        return CL_INVALID_ARG_SIZE;
    /* "If the argument is a memory object (buffer, pipe, image or image array), the arg_value
     * entry will be a pointer to the appropriate buffer, pipe, image or image array object."
     * (only a buffer argument may be NULL) -> "CL_INVALID_ARG_VALUE if arg_value specified is
     * not a valid value." */
    if (!arg_value)
        return CL_INVALID_ARG_VALUE;
    *mem = *(const cl_mem *)arg_value;
    /* "The memory object specified as argument value must be a pipe object if the argument is
     * declared with the pipe qualifier." "The memory object must be created with the context
     * associated with the kernel object." -> "CL_INVALID_MEM_OBJECT for an argument declared
     * to be a memory object when the specified arg_value is not a valid memory object." */
    if (!oclhls_object_is(*mem, OCLHLS_MAGIC_MEM) || (*mem)->type != CL_MEM_OBJECT_PIPE ||
        (*mem)->context != kernel->context)
        return CL_INVALID_MEM_OBJECT;
    return CL_SUCCESS;
}

/* The cl_mem an image argument takes, or the error clSetKernelArg returns. */
static cl_int image_arg_value(cl_kernel kernel, const struct oclhls_arg_meta *m, size_t arg_size,
                              const void *arg_value, cl_mem *mem)
{
    /* "CL_INVALID_ARG_SIZE if ... the argument is a memory object and arg_size !=
     * sizeof(cl_mem)" */
    if (arg_size != sizeof(cl_mem))
        return CL_INVALID_ARG_SIZE;
    /* only a buffer argument may be NULL: "CL_INVALID_ARG_VALUE if arg_value specified is not
     * a valid value." */
    if (!arg_value)
        return CL_INVALID_ARG_VALUE;
    *mem = *(const cl_mem *)arg_value;
    /* "The memory object specified as argument value must be a 2D image object if the
     * argument is declared to be of type image2d_t." (and so on for each image type) "The
     * memory object must be created with the context associated with the kernel object." ->
     * "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the specified
     * arg_value is not a valid memory object." */
    if (!oclhls_object_is(*mem, OCLHLS_MAGIC_MEM) || (*mem)->type != m->image_type ||
        (*mem)->context != kernel->context)
        return CL_INVALID_MEM_OBJECT;
    return CL_SUCCESS;
}

/* A sampler argument's word (clang's sampler bits), or the error clSetKernelArg returns. */
static cl_int sampler_arg_value(cl_kernel kernel, size_t arg_size, const void *arg_value,
                                uint32_t *bits)
{
    /* "CL_INVALID_ARG_SIZE if ... the argument is a sampler and arg_size !=
     * sizeof(cl_sampler)." */
    if (arg_size != sizeof(cl_sampler))
        return CL_INVALID_ARG_SIZE;
    /* "If the argument is of type sampler_t, the arg_value entry must be a pointer to the
     * sampler object." -> "CL_INVALID_SAMPLER for an argument declared to be of type sampler_t
     * when the specified arg_value is not a valid sampler object." */
    cl_sampler s = arg_value ? *(const cl_sampler *)arg_value : NULL;
    if (!oclhls_object_is(s, OCLHLS_MAGIC_SAMPLER) || s->context != kernel->context)
        return CL_INVALID_SAMPLER;
    *bits = oclhls_sampler_bits(s);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size,
                                  const void *arg_value)
{
    const struct oclhls_arg_meta *m;
    cl_mem mem = NULL;
    uint32_t sampler = 0;

    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* "CL_INVALID_ARG_INDEX if arg_index is not a valid argument index." */
    if (arg_index >= kernel->meta->num_args)
        return CL_INVALID_ARG_INDEX;
    m = &kernel->meta->args[arg_index];

    if (is_pipe_arg(m)) {
        cl_int err = pipe_arg_value(kernel, arg_size, arg_value, &mem);

        if (err != CL_SUCCESS)
            return err;
    } else if (m->kind == OCLHLS_ARG_IMAGE) {
        cl_int err = image_arg_value(kernel, m, arg_size, arg_value, &mem);

        if (err != CL_SUCCESS)
            return err;
    } else if (m->kind == OCLHLS_ARG_SAMPLER) {
        cl_int err = sampler_arg_value(kernel, arg_size, arg_value, &sampler);

        if (err != CL_SUCCESS)
            return err;
    } else if (m->address == CL_KERNEL_ARG_ADDRESS_LOCAL) {
        /* "If the argument is declared with the local qualifier, the arg_value entry must be
         * NULL." -> "CL_INVALID_ARG_VALUE if arg_value specified is not a valid value." */
        if (arg_value)
            return CL_INVALID_ARG_VALUE;
        /* "CL_INVALID_ARG_SIZE if ... arg_size is zero and the argument is declared with the
         * local qualifier" */
        if (arg_size == 0)
            return CL_INVALID_ARG_SIZE;
    } else if (is_buffer_arg(m)) {
        /* "CL_INVALID_ARG_SIZE if ... the argument is a memory object and arg_size !=
         * sizeof(cl_mem)" */
        if (arg_size != sizeof(cl_mem))
            return CL_INVALID_ARG_SIZE;
        /* "If the argument is a buffer object, the arg_value pointer can be NULL or point to a
         * NULL value in which case a NULL value will be used as the value" */
        if (arg_value)
            mem = *(const cl_mem *)arg_value;
        /* "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the
         * specified arg_value is not a valid memory object." ("The memory object must be
         * created with the context associated with the kernel object." "... must be a buffer
         * object (or NULL).") */
        if (mem && (!oclhls_object_is(mem, OCLHLS_MAGIC_MEM) || mem->type != CL_MEM_OBJECT_BUFFER ||
                    mem->context != kernel->context))
            return CL_INVALID_MEM_OBJECT;
    } else {
        /* "CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type for an
         * argument that is not a memory object" */
        if (arg_size != m->size)
            return CL_INVALID_ARG_SIZE;
        /* "For all other kernel arguments, the arg_value entry must be a pointer to the actual
         * data" -> "CL_INVALID_ARG_VALUE if arg_value specified is not a valid value." */
        if (!arg_value)
            return CL_INVALID_ARG_VALUE;
    }

    pthread_mutex_lock(&kernel->lock);
    kernel->args[arg_index].mem = mem;
    if (m->address == CL_KERNEL_ARG_ADDRESS_LOCAL)
        kernel->args[arg_index].local_size = arg_size;
    else if (m->kind == OCLHLS_ARG_SAMPLER)
        memcpy(kernel->args[arg_index].value, &sampler, sizeof(sampler));
    else if (m->kind != OCLHLS_ARG_IMAGE && !is_buffer_arg(m) && !is_pipe_arg(m))
        memcpy(kernel->args[arg_index].value, arg_value, arg_size);
    kernel->args[arg_index].set = true;
    pthread_mutex_unlock(&kernel->lock);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index,
                                            const void *arg_value)
{
    (void)arg_value;

    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* "CL_INVALID_ARG_INDEX if arg_index is not a valid argument index." */
    if (arg_index >= kernel->meta->num_args)
        return CL_INVALID_ARG_INDEX;
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with kernel support
     * SVM." */
    return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info param_name,
                                       size_t param_value_size, const void *param_value)
{
    /* "CL_INVALID_KERNEL if kernel is a not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with kernel support
     * SVM": every SVM pointer a program could hand over is refused, whatever its value. */
    if (param_name == CL_KERNEL_EXEC_INFO_SVM_PTRS)
        return CL_INVALID_OPERATION;
    /* "CL_INVALID_VALUE if param_name is not valid, if param_value is NULL or if the size
     * specified by param_value_size is not valid." */
    if (param_name != CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM || !param_value ||
        param_value_size != sizeof(cl_bool))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_OPERATION if param_name = CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM and
     * param_value = CL_TRUE but no devices in context associated with kernel support
     * fine-grain system SVM allocations." CL_FALSE is the default: nothing to change. */
    return *(const cl_bool *)param_value ? CL_INVALID_OPERATION : CL_SUCCESS;
}

cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name,
                                   size_t param_value_size, void *param_value,
                                   size_t *param_value_size_ret)
{
    cl_uint u;

    /* "CL_INVALID_KERNEL if kernel is a not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;

    switch (param_name) {
    case CL_KERNEL_FUNCTION_NAME:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               kernel->meta->name);
    case CL_KERNEL_NUM_ARGS:
        u = kernel->meta->num_args;
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &u, sizeof(u));
    case CL_KERNEL_REFERENCE_COUNT:
        u = oclhls_refcount(kernel);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &u, sizeof(u));
    case CL_KERNEL_CONTEXT:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &kernel->context,
                           sizeof(kernel->context));
    case CL_KERNEL_PROGRAM:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &kernel->program,
                           sizeof(kernel->program));
    case CL_KERNEL_ATTRIBUTES:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               kernel->meta->attributes);
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_indx,
                                      cl_kernel_arg_info param_name, size_t param_value_size,
                                      void *param_value, size_t *param_value_size_ret)
{
    const struct oclhls_arg_meta *m;

    /* "CL_INVALID_KERNEL if kernel is a not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* "CL_INVALID_ARG_INDEX if arg_indx is not a valid argument index." */
    if (arg_indx >= kernel->meta->num_args)
        return CL_INVALID_ARG_INDEX;
    m = &kernel->meta->args[arg_indx];
    /* "CL_KERNEL_ARG_INFO_NOT_AVAILABLE if the argument information is not available for
     * kernel." (the compiler always records it; a program file without it has none) */
    if (!m->name[0] && !m->type_name[0])
        return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;

    switch (param_name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &m->address,
                           sizeof(m->address));
    case CL_KERNEL_ARG_ACCESS_QUALIFIER:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &m->access,
                           sizeof(m->access));
    case CL_KERNEL_ARG_TYPE_NAME:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret, m->type_name);
    case CL_KERNEL_ARG_TYPE_QUALIFIER:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &m->type_qualifiers,
                           sizeof(m->type_qualifiers));
    case CL_KERNEL_ARG_NAME:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret, m->name);
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
}

/* "If the list of devices associated with kernel is a single device, device can be a NULL
 * value." -- NULL when device is not the kernel's. */
static cl_device_id kernel_device(cl_kernel kernel, cl_device_id device)
{
    cl_program prog = kernel->program;

    if (!device)
        return prog->num_devices == 1 ? prog->devices[0] : NULL;
    for (cl_uint i = 0; i < prog->num_devices; i++)
        if (prog->devices[i] == device)
            return device;
    return NULL;
}

cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                            cl_kernel_work_group_info param_name,
                                            size_t param_value_size, void *param_value,
                                            size_t *param_value_size_ret)
{
    cl_device_id dev;
    size_t s;
    cl_ulong local = 0;

    /* "CL_INVALID_KERNEL if kernel is a not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or if
     * device is NULL but there is more than one device associated with kernel." */
    dev = kernel_device(kernel, device);
    if (!dev)
        return CL_INVALID_DEVICE;

    switch (param_name) {
    case CL_KERNEL_GLOBAL_WORK_SIZE:
        /* "CL_INVALID_VALUE if param_name is CL_KERNEL_GLOBAL_WORK_SIZE and device is not a
         * custom device and kernel is not a built-in kernel." */
        return CL_INVALID_VALUE;
    case CL_KERNEL_WORK_GROUP_SIZE:
        s = oclhls_kernel_max_work_group_size(kernel, dev);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &s, sizeof(s));
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
        /* "If the work-group size is not specified in the kernel source or IL, (0, 0, 0) is
         * returned." */
        return oclhls_info(param_value, param_value_size, param_value_size_ret,
                           kernel->meta->reqd_work_group_size, 3 * sizeof(size_t));
    case CL_KERNEL_LOCAL_MEM_SIZE:
        pthread_mutex_lock(&kernel->lock);
        local = kernel->meta->local_mem_size; /* its own variables, and its arguments: */
        for (unsigned i = 0; i < kernel->meta->num_args; i++)
            local += kernel->args[i].local_size;
        pthread_mutex_unlock(&kernel->lock);
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &local,
                           sizeof(local));
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        s = 1;
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &s, sizeof(s));
    case CL_KERNEL_PRIVATE_MEM_SIZE: {
        /* private arrays in block RAM; scalars and small arrays live in registers */
        cl_ulong bytes = kernel->meta->private_mem_size;
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &bytes,
                           sizeof(bytes));
    }
    default:
        /* "CL_INVALID_VALUE if param_name is not valid" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                           cl_kernel_sub_group_info param_name,
                                           size_t input_value_size, const void *input_value,
                                           size_t param_value_size, void *param_value,
                                           size_t *param_value_size_ret)
{
    (void)param_name;
    (void)input_value_size;
    (void)input_value;
    (void)param_value_size;
    (void)param_value;
    (void)param_value_size_ret;

    /* "CL_INVALID_KERNEL if kernel is a not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or if
     * device is NULL but there is more than one device associated with kernel." */
    if (!kernel_device(kernel, device))
        return CL_INVALID_DEVICE;
    /* (3.0) "CL_INVALID_OPERATION if device does not support subgroups." */
    return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL clGetKernelSubGroupInfoKHR(cl_kernel kernel, cl_device_id device,
                                              cl_kernel_sub_group_info param_name,
                                              size_t input_value_size, const void *input_value,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret)
{
    return clGetKernelSubGroupInfo(kernel, device, param_name, input_value_size, input_value,
                                   param_value_size, param_value, param_value_size_ret);
}
