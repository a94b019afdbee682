/* SPDX-License-Identifier: MIT */
/* Executing kernels (5.10): clEnqueueNDRangeKernel, clEnqueueTask, clEnqueueNativeKernel. */
#include <stdint.h>
#include <string.h>

#include "core/command.h"
#include "core/csr.h"
#include "core/event.h"
#include "core/launch.h"
#include "core/meta.h"
#include "core/util.h"

/* size_t on the device is 32 bits (-target spir). */
#define DEVICE_SIZE_MAX UINT32_MAX

/* The largest divisor of n that is <= cap (>= 1). */
static size_t largest_divisor(size_t n, size_t cap)
{
    for (size_t v = cap < n ? cap : n; v > 1; v--)
        if (n % v == 0)
            return v;
    return 1;
}

/*
 * local_work_size NULL: per dimension, the largest divisor of the global size that keeps the
 * work-group within the kernel's limit (no non-uniform work-groups on this device).
 */
static void choose_local(cl_uint work_dim, const size_t *global, size_t max_wg, size_t max_item,
                         size_t *local)
{
    size_t room = max_wg;

    for (cl_uint d = 0; d < work_dim; d++) {
        local[d] = largest_divisor(global[d], room < max_item ? room : max_item);
        room /= local[d];
    }
}

static cl_int enqueue_kernel(cl_command_queue command_queue, cl_kernel kernel, cl_command_type type,
                             cl_uint work_dim, const size_t *global_work_offset,
                             const size_t *global_work_size, const size_t *local_work_size,
                             cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                             cl_event *event)
{
    const struct oclhls_kernel_meta *km;
    struct oclhls_command *cmd;
    size_t local[3] = {1, 1, 1}, max_wg, max_item, total = 1;
    const size_t *reqd;
    bool in_program = false, trivial = false;
    cl_int err;

    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    if (!oclhls_object_is(kernel, OCLHLS_MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    /* An autorun kernel (Intel channels, docs/pipes.md) starts by itself when the device is
     * programmed and restarts when it ends. Its hardware ignores CTRL and its STATUS is busy
     * whenever it runs, so a launch would fail as "still busy" or report a run it did not
     * start, with arguments the kernel never reads. autorun is an attribute of
     * Intel's SDK, so the 2.2 API spec (and the extensions spec) has no clause for it.
     * CL_INVALID_KERNEL ("kernel is not a valid kernel object") is the nearest: the object
     * is valid for queries and kernel info, but not as something to enqueue. The other codes
     * of the list would point at the wrong argument (work sizes, arguments, the queue), and
     * CL_INVALID_OPERATION is listed here only for SVM pointers. */
    if (kernel->meta->autorun) {
        oclhls_debug("%s: kernel '%s' is an autorun kernel: it starts by itself after the "
                     "device is programmed, the host does not launch it (CL_INVALID_KERNEL)",
                     type == CL_COMMAND_TASK ? "clEnqueueTask" : "clEnqueueNDRangeKernel",
                     kernel->meta->name);
        return CL_INVALID_KERNEL;
    }
    /* "CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the same
     * or if the context associated with command_queue and events in event_wait_list are not
     * the same." (and "CL_INVALID_EVENT_WAIT_LIST ...") */
    if (kernel->context != command_queue->context)
        return CL_INVALID_CONTEXT;
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built program executable
     * available for device associated with command_queue." */
    for (cl_uint i = 0; i < kernel->program->num_devices; i++)
        in_program |= kernel->program->devices[i] == command_queue->device;
    if (!in_program)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    /* "CL_INVALID_WORK_DIMENSION if work_dim is not a valid value (i.e. a value between 1 and
     * 3)." */
    if (work_dim < 1 || work_dim > 3)
        return CL_INVALID_WORK_DIMENSION;
    /* "If global_work_size is NULL, or the value in any passed dimension is 0 then the kernel
     * command will trivially succeed after its event dependencies are satisfied" */
    if (!global_work_size)
        trivial = true;
    for (cl_uint d = 0; !trivial && d < work_dim; d++) {
        if (global_work_size[d] == 0) {
            trivial = true;
            break;
        }
        /* "CL_INVALID_GLOBAL_WORK_SIZE if any of the values specified in global_work_size[0],
         * ... global_work_size[work_dim - 1] exceed the maximum value representable by size_t
         * on the device on which the kernel-instance will be enqueued." */
        if (global_work_size[d] > DEVICE_SIZE_MAX)
            return CL_INVALID_GLOBAL_WORK_SIZE;
        /* "CL_INVALID_GLOBAL_OFFSET if the value specified in global_work_size + the
         * corresponding values in global_work_offset for any dimensions is greater than the
         * maximum value representable by size t on the device" */
        if (global_work_offset && global_work_offset[d] > DEVICE_SIZE_MAX - global_work_size[d])
            return CL_INVALID_GLOBAL_OFFSET;
    }

    km = kernel->meta;
    /* SIMD lanes: the hardware's x ids are multiples of simd_work_items, so an offset must be
       one too (oclhls' rule; the global size already is, as a multiple of the required x) */
    if (km->simd_work_items > 1 && global_work_offset &&
        global_work_offset[0] % km->simd_work_items)
        return CL_INVALID_GLOBAL_OFFSET;
    reqd = km->reqd_work_group_size[0] ? km->reqd_work_group_size : NULL;
    max_wg = oclhls_kernel_max_work_group_size(kernel, command_queue->device);
    max_item = command_queue->device->board.max_work_group_size
                   ? command_queue->device->board.max_work_group_size
                   : 1; /* CL_DEVICE_MAX_WORK_ITEM_SIZES, the same in every dimension */
    if (local_work_size) {
        for (cl_uint d = 0; d < work_dim; d++) {
            /* a work-group of no work-items is no valid size */
            if (local_work_size[d] == 0)
                return CL_INVALID_WORK_GROUP_SIZE;
            /* "CL_INVALID_WORK_ITEM_SIZE if the number of work-items specified in any of
             * local_work_size[0], ... local_work_size[work_dim - 1] is greater than the
             * corresponding values specified by CL_DEVICE_MAX_WORK_ITEM_SIZES[0], ...,
             * CL_DEVICE_MAX_WORK_ITEM_SIZES[work_dim - 1]." */
            if (local_work_size[d] > max_item)
                return CL_INVALID_WORK_ITEM_SIZE;
            local[d] = local_work_size[d];
            total *= local[d];
        }
        /* "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and does not match the
         * required work-group size for kernel in the program source." */
        if (reqd)
            for (cl_uint d = 0; d < 3; d++)
                if (local[d] != reqd[d])
                    return CL_INVALID_WORK_GROUP_SIZE;
        /* "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and the total number of
         * work-items in the work-group computed as local_work_size[0] x ...
         * local_work_size[work_dim - 1] is greater than the value specified by
         * CL_KERNEL_WORK_GROUP_SIZE" */
        if (total > max_wg)
            return CL_INVALID_WORK_GROUP_SIZE;
    } else if (reqd) {
        /* A required size with more dimensions than the range (reqd_work_group_size(8, 8, 1)
         * with work_dim 1) cannot be launched, just as a local_work_size could not match it;
         * the hardware is built for that size only. */
        for (cl_uint d = work_dim; d < 3; d++)
            if (reqd[d] != 1)
                return CL_INVALID_WORK_GROUP_SIZE;
        memcpy(local, reqd, sizeof(local));
    } else if (!trivial) {
        choose_local(work_dim, global_work_size, max_wg, max_item, local);
    }
    /* "CL_INVALID_WORK_GROUP_SIZE if the program was compiled with cl-uniform-work-group-size
     * and the number of work-items specified by global_work_size is not evenly divisible by
     * size of work-group given by local_work_size or by the required work-group size specified
     * in the kernel source." -- this device has no non-uniform work-groups
     * (CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT is false): every program is uniform */
    for (cl_uint d = 0; !trivial && d < work_dim; d++)
        if (global_work_size[d] % local[d])
            return CL_INVALID_WORK_GROUP_SIZE;
    /* "CL_INVALID_KERNEL_ARGS if the kernel argument values have not been specified" */
    pthread_mutex_lock(&kernel->lock);
    for (unsigned i = 0; i < km->num_args; i++)
        if (!kernel->args[i].set)
            err = CL_INVALID_KERNEL_ARGS;
    /* "CL_OUT_OF_RESOURCES if ... the explicitly specified local_work_size causes a failure to
     * execute the kernel because of insufficient resources such as registers or local
     * memory": a __local argument larger than the block RAM the build gave it */
    uint64_t local_total = km->local_mem_size; /* with the kernel's own __local variables */
    for (unsigned i = 0; err == CL_SUCCESS && i < km->num_args; i++) {
        if (km->args[i].address != CL_KERNEL_ARG_ADDRESS_LOCAL)
            continue;
        local_total += kernel->args[i].local_size;
        if (kernel->args[i].local_size > km->args[i].local_capacity)
            err = CL_OUT_OF_RESOURCES;
    }
    /* ... and more than CL_DEVICE_LOCAL_MEM_SIZE in all */
    if (err == CL_SUCCESS && local_total > command_queue->device->board.local_mem_bytes)
        err = CL_OUT_OF_RESOURCES;
    pthread_mutex_unlock(&kernel->lock);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel
     * on the command-queue because of insufficient resources needed to execute the kernel":
     * the dispatcher counts a range's work-items in 32 bits (WORK_ITEMS_M1) */
    if (!trivial && oclhls_range_work_items(work_dim, global_work_size) == 0) {
        oclhls_debug("clEnqueueNDRangeKernel: kernel '%s': the range has more than 2^32 "
                     "work-items (the product of the global sizes), the most one launch "
                     "can run (CL_OUT_OF_RESOURCES); split it into several launches",
                     km->name);
        return CL_OUT_OF_RESOURCES;
    }

    if (trivial) {
        /* "similar to that of an enqueued marker" */
        cmd = oclhls_command_new(command_queue, CL_COMMAND_MARKER, num_events_in_wait_list,
                                 event_wait_list);
        if (!cmd)
            return CL_OUT_OF_HOST_MEMORY;
        cmd->event->type = type;
        return oclhls_command_submit(cmd, event, false);
    }
    cmd = oclhls_command_new(command_queue, type, num_events_in_wait_list, event_wait_list);
    if (!cmd)
        return CL_OUT_OF_HOST_MEMORY;
    cmd->u.kernel.launch =
        oclhls_launch_new(kernel, work_dim, global_work_offset, global_work_size, local);
    if (!cmd->u.kernel.launch) {
        oclhls_command_free(cmd);
        return CL_OUT_OF_HOST_MEMORY;
    }
    return oclhls_command_submit(cmd, event, false);
}

cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel,
                                          cl_uint work_dim, const size_t *global_work_offset,
                                          const size_t *global_work_size,
                                          const size_t *local_work_size,
                                          cl_uint num_events_in_wait_list,
                                          const cl_event *event_wait_list, cl_event *event)
{
    return enqueue_kernel(command_queue, kernel, CL_COMMAND_NDRANGE_KERNEL, work_dim,
                          global_work_offset, global_work_size, local_work_size,
                          num_events_in_wait_list, event_wait_list, event);
}

cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel,
                                 cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                 cl_event *event)
{
    /* "equivalent to calling clEnqueueNDRangeKernel with work_dim = 1, global_work_offset =
     * NULL, global_work_size[0] set to 1 and local_work_size[0] set to 1" (OpenCL 1.2) */
    const size_t one = 1;

    return enqueue_kernel(command_queue, kernel, CL_COMMAND_TASK, 1, NULL, &one, &one,
                          num_events_in_wait_list, event_wait_list, event);
}

cl_int CL_API_CALL clEnqueueNativeKernel(cl_command_queue command_queue,
                                         void(CL_CALLBACK *user_func)(void *), void *args,
                                         size_t cb_args, cl_uint num_mem_objects,
                                         const cl_mem *mem_list, const void **args_mem_loc,
                                         cl_uint num_events_in_wait_list,
                                         const cl_event *event_wait_list, cl_event *event)
{
    cl_int err;

    (void)event;
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    if (!oclhls_object_is(command_queue, OCLHLS_MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    /* "CL_INVALID_CONTEXT if context associated with command_queue and events in
     * event_wait_list are not the same." */
    err = oclhls_check_wait_list(command_queue->context, num_events_in_wait_list, event_wait_list);
    if (err != CL_SUCCESS)
        return err;
    /* "CL_INVALID_VALUE if user_func is NULL." "CL_INVALID_VALUE if args is a NULL value and
     * cb_args > 0, or if args is a NULL value and num_mem_objects > 0." "CL_INVALID_VALUE if
     * args is not NULL and cb_args is 0." "CL_INVALID_VALUE if num_mem_objects > 0 and
     * mem_list or args_mem_loc are NULL." "CL_INVALID_VALUE if num_mem_objects = 0 and
     * mem_list or args_mem_loc are not NULL." */
    if (!user_func || (!args && (cb_args > 0 || num_mem_objects > 0)) || (args && cb_args == 0))
        return CL_INVALID_VALUE;
    if ((num_mem_objects > 0 && (!mem_list || !args_mem_loc)) ||
        (num_mem_objects == 0 && (mem_list || args_mem_loc)))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_MEM_OBJECT if one or more memory objects specified in mem_list are not
     * valid or are not buffer objects." */
    for (cl_uint i = 0; i < num_mem_objects; i++)
        if (!oclhls_object_is(mem_list[i], OCLHLS_MAGIC_MEM) ||
            mem_list[i]->type != CL_MEM_OBJECT_BUFFER)
            return CL_INVALID_MEM_OBJECT;
    /* "CL_INVALID_OPERATION if the device associated with command_queue cannot execute the
     * native kernel." (CL_DEVICE_EXECUTION_CAPABILITIES is CL_EXEC_KERNEL only) */
    return CL_INVALID_OPERATION;
}
