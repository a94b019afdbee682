/* SPDX-License-Identifier: MIT */
/*
 * The spec's error clauses of the program, kernel and kernel-enqueue entry points, one check
 * per clause (OpenCL 2.2 API 5.8-5.10, with the 3.0 additions). The clauses that api.kernel
 * and api.compile_link already check (work sizes, most clSetKernelArg cases, link inputs) are
 * not repeated. A failing create must return NULL, a failing enqueue must leave its event
 * alone. Invalid handles are objects of another type (the ICD loader dispatches through them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_USE_DEPRECATED_OPENCL_2_2_APIS /* clSetProgramReleaseCallback */
#include "api_test.h"

/* A kernel with a __local argument, for the local-memory clauses. */
static const char *local_source = "__kernel void stage(__global int *x, __local int *tmp)\n"
                                  "{\n"
                                  "    tmp[get_local_id(0)] = x[get_global_id(0)];\n"
                                  "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                                  "    x[get_global_id(0)] = tmp[0];\n"
                                  "}\n";

static cl_device_id dev;
static cl_context ctx, other_ctx;
static cl_command_queue q, other_q;
static cl_program prog;     /* vector_add, built */
static cl_kernel k;         /* vector_add, every argument set */
static cl_kernel other_k;   /* vector_add in other_ctx (from prog's binary) */
static cl_event done;       /* a completed user event of ctx */
static cl_event other_done; /* a completed user event of other_ctx */
static cl_mem buf;

static void CL_CALLBACK notify(cl_program p, void *data)
{
    (void)p;
    (void)data;
}

static void CL_CALLBACK native(void *args)
{
    (void)args;
}

/* Checks a create call's errcode_ret and that it returned NULL. */
static void expect_null(const void *obj, cl_int err, cl_int want, int line)
{
    api_expect(err, want, "errcode_ret", line);
    api_check(obj == NULL, line, "  and the call returned NULL");
}
#define EXPECT_NULL(obj, err, want) expect_null((obj), (err), (want), __LINE__)
#define EXPECT_NO_EVENT(ev) CHECK((ev) == NULL, "  and no event was returned")

static void create_program(void)
{
    const char *src = api_vector_add_source, *none[] = {NULL};
    const unsigned char *bin[1] = {(const unsigned char *)"junk"}, *null_bin[1] = {NULL};
    size_t len = 4, zero = 0;
    cl_device_id bad_dev = (cl_device_id)ctx;
    cl_int status = 99, err;
    cl_program p;

    printf("-- clCreateProgramWithSource\n");
    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    p = clCreateProgramWithSource((cl_context)q, 1, &src, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL." */
    p = clCreateProgramWithSource(ctx, 0, &src, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithSource(ctx, 1, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithSource(ctx, 1, none, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);

    printf("-- clCreateProgramWithBinary\n");
    p = clCreateProgramWithBinary((cl_context)q, 1, &dev, &len, bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if device_list is NULL or num_devices is zero." */
    p = clCreateProgramWithBinary(ctx, 0, &dev, &len, bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithBinary(ctx, 1, NULL, &len, bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with context." */
    p = clCreateProgramWithBinary(ctx, 1, &bad_dev, &len, bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if lengths or binaries are NULL or if any entry in lengths[i] is zero
     * or binaries[i] is NULL." (and binary_status[i] says which) */
    p = clCreateProgramWithBinary(ctx, 1, &dev, NULL, bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithBinary(ctx, 1, &dev, &len, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithBinary(ctx, 1, &dev, &zero, bin, &status, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    EXPECT(status, CL_INVALID_VALUE);
    p = clCreateProgramWithBinary(ctx, 1, &dev, &len, null_bin, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_BINARY if an invalid program binary was encountered for any device." */
    status = 99;
    p = clCreateProgramWithBinary(ctx, 1, &dev, &len, bin, &status, &err);
    EXPECT_NULL(p, err, CL_INVALID_BINARY);
    EXPECT(status, CL_INVALID_BINARY);

    printf("-- clCreateProgramWithBuiltInKernels, clCreateProgramWithIL\n");
    p = clCreateProgramWithBuiltInKernels((cl_context)q, 1, &dev, "k", &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    p = clCreateProgramWithBuiltInKernels(ctx, 0, &dev, "k", &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithBuiltInKernels(ctx, 1, &bad_dev, "k", &err);
    EXPECT_NULL(p, err, CL_INVALID_DEVICE);
    /* "CL_INVALID_VALUE if kernel_names is NULL or kernel_names contains a kernel name that is
     * not supported by any of the devices in device_list." */
    p = clCreateProgramWithBuiltInKernels(ctx, 1, &dev, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithBuiltInKernels(ctx, 1, &dev, "no_such_kernel", &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithIL((cl_context)q, "x", 1, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if il is NULL or if length is zero." */
    p = clCreateProgramWithIL(ctx, NULL, 1, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clCreateProgramWithIL(ctx, "x", 0, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* (3.0) "CL_INVALID_OPERATION if no devices in context support intermediate language
     * programs." */
    p = clCreateProgramWithIL(ctx, "\x03\x02\x23\x07", 4, &err);
    EXPECT_NULL(p, err, CL_INVALID_OPERATION);
}

static void program_objects(void)
{
    const char *src = api_vector_add_source;
    cl_device_id bad_dev = (cl_device_id)ctx;
    cl_program fresh, p, hdr;
    cl_int err, n = 0;
    size_t sz;
    char s[64];
    int data;

    printf("-- clRetainProgram, clReleaseProgram, clSetProgramReleaseCallback, "
           "clSetProgramSpecializationConstant\n");
    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    EXPECT(clRetainProgram((cl_program)ctx), CL_INVALID_PROGRAM);
    EXPECT(clReleaseProgram((cl_program)ctx), CL_INVALID_PROGRAM);
    EXPECT(clSetProgramReleaseCallback((cl_program)ctx, notify, NULL), CL_INVALID_PROGRAM);
    /* "CL_INVALID_VALUE if pfn_notify is NULL." */
    EXPECT(clSetProgramReleaseCallback(prog, NULL, NULL), CL_INVALID_VALUE);
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with program support
     * destructors for program scope global variables." */
    EXPECT(clSetProgramReleaseCallback(prog, notify, NULL), CL_INVALID_OPERATION);
    EXPECT(clSetProgramSpecializationConstant((cl_program)ctx, 0, sizeof(n), &n),
           CL_INVALID_PROGRAM);
    EXPECT(clSetProgramSpecializationConstant(prog, 0, sizeof(n), &n), CL_INVALID_OPERATION);

    printf("-- clGetProgramInfo, clGetProgramBuildInfo\n");
    fresh = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    api_must(err, "clCreateProgramWithSource", __LINE__);
    EXPECT(clGetProgramInfo((cl_program)ctx, CL_PROGRAM_NUM_DEVICES, sizeof(n), &n, NULL),
           CL_INVALID_PROGRAM);
    /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
     * param_value_size is < size of return type" */
    EXPECT(clGetProgramInfo(prog, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);
    EXPECT(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, 2, s, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS or
     * CL_PROGRAM_KERNEL_NAMES and a successful program executable has not been built" */
    EXPECT(clGetProgramInfo(fresh, CL_PROGRAM_NUM_KERNELS, sizeof(sz), &sz, NULL),
           CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT(clGetProgramInfo(fresh, CL_PROGRAM_KERNEL_NAMES, sizeof(s), s, NULL),
           CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT(
        clGetProgramBuildInfo((cl_program)ctx, dev, CL_PROGRAM_BUILD_STATUS, sizeof(n), &n, NULL),
        CL_INVALID_PROGRAM);
    /* "CL_INVALID_DEVICE if device is not in the list of devices associated with program." */
    EXPECT(clGetProgramBuildInfo(prog, bad_dev, CL_PROGRAM_BUILD_STATUS, sizeof(n), &n, NULL),
           CL_INVALID_DEVICE);
    EXPECT(clGetProgramBuildInfo(prog, dev, 0x7777, sizeof(s), s, NULL), CL_INVALID_VALUE);
    EXPECT(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, 2, &n, NULL),
           CL_INVALID_VALUE);

    printf("-- clBuildProgram\n");
    EXPECT(clBuildProgram((cl_program)ctx, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
    /* "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
     * device_list is not NULL and num_devices is zero." */
    EXPECT(clBuildProgram(fresh, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clBuildProgram(fresh, 0, &dev, NULL, NULL, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    EXPECT(clBuildProgram(fresh, 0, NULL, NULL, NULL, &data), CL_INVALID_VALUE);
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with program" */
    EXPECT(clBuildProgram(fresh, 1, &bad_dev, NULL, NULL, NULL), CL_INVALID_DEVICE);
    /* "CL_INVALID_BUILD_OPTIONS if the build options specified by options are invalid." */
    EXPECT(clBuildProgram(fresh, 0, NULL, "-no-such-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    /* "CL_INVALID_OPERATION if there are kernel objects attached to program." */
    EXPECT(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);

    printf("-- clCompileProgram\n");
    hdr = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    api_must(err, "clCreateProgramWithSource", __LINE__);
    EXPECT(clCompileProgram((cl_program)ctx, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL),
           CL_INVALID_PROGRAM);
    EXPECT(clCompileProgram(fresh, 1, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clCompileProgram(fresh, 0, &dev, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if num_input_headers is zero and header_include_names or input_headers
     * are not NULL or if num_input_headers is not zero and header_include_names or
     * input_headers are NULL." */
    {
        const char *name = "h.h";

        EXPECT(clCompileProgram(fresh, 0, NULL, NULL, 0, &hdr, NULL, NULL, NULL), CL_INVALID_VALUE);
        EXPECT(clCompileProgram(fresh, 0, NULL, NULL, 0, NULL, &name, NULL, NULL),
               CL_INVALID_VALUE);
        EXPECT(clCompileProgram(fresh, 0, NULL, NULL, 1, NULL, &name, NULL, NULL),
               CL_INVALID_VALUE);
        EXPECT(clCompileProgram(fresh, 0, NULL, NULL, 1, &hdr, NULL, NULL, NULL), CL_INVALID_VALUE);
    }
    EXPECT(clCompileProgram(fresh, 0, NULL, NULL, 0, NULL, NULL, NULL, &data), CL_INVALID_VALUE);
    EXPECT(clCompileProgram(fresh, 1, &bad_dev, NULL, 0, NULL, NULL, NULL, NULL),
           CL_INVALID_DEVICE);
    /* "CL_INVALID_COMPILER_OPTIONS if the compiler options specified by options are invalid." */
    EXPECT(clCompileProgram(fresh, 0, NULL, "-no-such-option", 0, NULL, NULL, NULL, NULL),
           CL_INVALID_COMPILER_OPTIONS);
    EXPECT(clCompileProgram(prog, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);

    printf("-- clLinkProgram\n");
    p = clLinkProgram((cl_context)q, 0, NULL, NULL, 1, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_CONTEXT);
    /* "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
     * device_list is not NULL and num_devices is zero." */
    p = clLinkProgram(ctx, 1, NULL, NULL, 1, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if num_input_programs is zero and input_programs is NULL or ... not
     * zero and input_programs is NULL." */
    p = clLinkProgram(ctx, 0, NULL, NULL, 0, NULL, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clLinkProgram(ctx, 0, NULL, NULL, 0, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clLinkProgram(ctx, 0, NULL, NULL, 1, NULL, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    p = clLinkProgram(ctx, 0, NULL, NULL, 1, &fresh, NULL, &data, &err);
    EXPECT_NULL(p, err, CL_INVALID_VALUE);
    /* "CL_INVALID_PROGRAM if programs specified in input_programs are not valid program
     * objects." */
    {
        cl_program not_prog = (cl_program)ctx;

        p = clLinkProgram(ctx, 0, NULL, NULL, 1, &not_prog, NULL, NULL, &err);
        EXPECT_NULL(p, err, CL_INVALID_PROGRAM);
    }
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with context" */
    p = clLinkProgram(ctx, 1, &bad_dev, NULL, 1, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_DEVICE);
    /* "CL_INVALID_LINKER_OPTIONS if the linker options specified by options are invalid." */
    p = clLinkProgram(ctx, 0, NULL, "-no-such-option", 1, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_LINKER_OPTIONS);
    /* "CL_INVALID_OPERATION if the rules for devices containing compiled binaries or libraries
     * as described in input_programs argument above are not followed." (not compiled) */
    p = clLinkProgram(ctx, 0, NULL, NULL, 1, &fresh, NULL, NULL, &err);
    EXPECT_NULL(p, err, CL_INVALID_OPERATION);

    printf("-- the built program is untouched by the failed calls\n");
    EXPECT(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof(sz), &sz, NULL), CL_SUCCESS);
    clReleaseProgram(hdr);
    clReleaseProgram(fresh);
}

static void kernel_objects(void)
{
    const char *src = api_vector_add_source;
    cl_program fresh;
    cl_kernel nk, ks[1];
    cl_uint n;
    cl_int err;
    size_t sz;
    char s[64];
    void *ptr = &n;

    printf("-- clCreateKernel, clCreateKernelsInProgram\n");
    fresh = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    api_must(err, "clCreateProgramWithSource", __LINE__);
    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    nk = clCreateKernel((cl_program)ctx, "vector_add", &err);
    EXPECT_NULL(nk, err, CL_INVALID_PROGRAM);
    /* "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for
     * program." */
    nk = clCreateKernel(fresh, "vector_add", &err);
    EXPECT_NULL(nk, err, CL_INVALID_PROGRAM_EXECUTABLE);
    /* "CL_INVALID_KERNEL_NAME if kernel_name is not found in program." */
    nk = clCreateKernel(prog, "no_such_kernel", &err);
    EXPECT_NULL(nk, err, CL_INVALID_KERNEL_NAME);
    /* "CL_INVALID_VALUE if kernel_name is NULL." */
    nk = clCreateKernel(prog, NULL, &err);
    EXPECT_NULL(nk, err, CL_INVALID_VALUE);
    EXPECT(clCreateKernelsInProgram((cl_program)ctx, 1, ks, &n), CL_INVALID_PROGRAM);
    EXPECT(clCreateKernelsInProgram(fresh, 1, ks, &n), CL_INVALID_PROGRAM_EXECUTABLE);
    clReleaseProgram(fresh);

    printf("-- clCloneKernel, clGetKernelInfo, clGetKernelArgInfo, clGetKernelWorkGroupInfo\n");
    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    nk = clCloneKernel((cl_kernel)ctx, &err);
    EXPECT_NULL(nk, err, CL_INVALID_KERNEL);
    EXPECT(clReleaseKernel((cl_kernel)ctx), CL_INVALID_KERNEL);
    EXPECT(clGetKernelInfo((cl_kernel)ctx, CL_KERNEL_NUM_ARGS, sizeof(n), &n, NULL),
           CL_INVALID_KERNEL);
    EXPECT(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, 2, &n, NULL), CL_INVALID_VALUE);
    EXPECT(clGetKernelArgInfo((cl_kernel)ctx, 0, CL_KERNEL_ARG_NAME, sizeof(s), s, NULL),
           CL_INVALID_KERNEL);
    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 1, s, NULL), CL_INVALID_VALUE);
    EXPECT(clGetKernelWorkGroupInfo((cl_kernel)ctx, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(sz), &sz,
                                    NULL),
           CL_INVALID_KERNEL);
    EXPECT(clGetKernelWorkGroupInfo(k, dev, 0x7777, sizeof(sz), &sz, NULL), CL_INVALID_VALUE);
    EXPECT(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, 2, &sz, NULL),
           CL_INVALID_VALUE);

    printf("-- clSetKernelArg (other context), clSetKernelArgSVMPointer, "
           "clSetKernelExecInfo, clGetKernelSubGroupInfo\n");
    {
        cl_mem other_buf = clCreateBuffer(other_ctx, 0, 64, NULL, &err);

        api_must(err, "clCreateBuffer", __LINE__);
        /* "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the
         * specified arg_value is not a valid memory object." ("created with the context
         * associated with the kernel object") */
        EXPECT(clSetKernelArg(k, 0, sizeof(cl_mem), &other_buf), CL_INVALID_MEM_OBJECT);
        clReleaseMemObject(other_buf);
    }
    EXPECT(clSetKernelArgSVMPointer((cl_kernel)ctx, 0, ptr), CL_INVALID_KERNEL);
    /* "CL_INVALID_ARG_INDEX if arg_index is not a valid argument index." */
    EXPECT(clSetKernelArgSVMPointer(k, 9, ptr), CL_INVALID_ARG_INDEX);
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with kernel support
     * SVM." */
    EXPECT(clSetKernelArgSVMPointer(k, 0, ptr), CL_INVALID_OPERATION);
    EXPECT(clSetKernelExecInfo((cl_kernel)ctx, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptr), &ptr),
           CL_INVALID_KERNEL);
    /* "CL_INVALID_VALUE if param_name is not valid, if param_value is NULL or if the size
     * specified by param_value_size is not valid." */
    EXPECT(clSetKernelExecInfo(k, 0x7777, sizeof(ptr), &ptr), CL_INVALID_VALUE);
    cl_bool yes = CL_TRUE, no = CL_FALSE;
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(yes), NULL),
           CL_INVALID_VALUE);
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 1, &yes),
           CL_INVALID_VALUE);
    /* (3.0) "CL_INVALID_OPERATION if no devices in the context associated with kernel support
     * SVM." */
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptr), &ptr),
           CL_INVALID_OPERATION);
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(ptr), NULL),
           CL_INVALID_OPERATION);
    /* "CL_INVALID_OPERATION if param_name = CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM and
     * param_value = CL_TRUE but no devices ... support fine-grain system SVM allocations" */
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(yes), &yes),
           CL_INVALID_OPERATION);
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof(no), &no),
           CL_SUCCESS);
    EXPECT(clGetKernelSubGroupInfo((cl_kernel)ctx, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
                                   sizeof(sz), &sz, NULL),
           CL_INVALID_KERNEL);
    /* "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel" */
    EXPECT(clGetKernelSubGroupInfo(k, (cl_device_id)ctx, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
                                   sizeof(sz), &sz, NULL),
           CL_INVALID_DEVICE);
}

static void enqueue(void)
{
    size_t g = 4, l = 1;
    cl_event ev = NULL;
    cl_event bad_ev = (cl_event)ctx;
    cl_mem mems[1];
    const void *locs[1];
    int args = 0;

    printf("-- clEnqueueNDRangeKernel, clEnqueueTask\n");
    /* "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue." */
    EXPECT(clEnqueueNDRangeKernel((cl_command_queue)ctx, k, 1, NULL, &g, NULL, 0, NULL, &ev),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT_NO_EVENT(ev);
    EXPECT(clEnqueueTask((cl_command_queue)ctx, k, 0, NULL, &ev), CL_INVALID_COMMAND_QUEUE);
    /* "CL_INVALID_KERNEL if kernel is not a valid kernel object." */
    EXPECT(clEnqueueTask(q, (cl_kernel)ctx, 0, NULL, &ev), CL_INVALID_KERNEL);
    /* "CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the same
     * or if the context associated with command_queue and events in event_wait_list are not
     * the same." */
    EXPECT(clEnqueueNDRangeKernel(q, other_k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_INVALID_CONTEXT);
    EXPECT(clEnqueueTask(other_q, k, 0, NULL, &ev), CL_INVALID_CONTEXT);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 1, &other_done, &ev),
           CL_INVALID_CONTEXT);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0,
     * or event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in
     * event_wait_list are not valid events." */
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 1, NULL, &ev),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, &done, &ev),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueTask(q, k, 1, &bad_ev, &ev), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT_NO_EVENT(ev);
    /* "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and the total number of
     * work-items ... is greater than ... CL_KERNEL_WORK_GROUP_SIZE" (or the uniform rule):
     * a work-group of no work-items is no valid size either */
    l = 0;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_NO_EVENT(ev);
    /* a global size of 0 succeeds trivially, like a marker (2.1) */
    g = 0;
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS);
    CHECK(ev != NULL, "  a zero-sized enqueue returns an event");
    if (ev) {
        EXPECT(clWaitForEvents(1, &ev), CL_SUCCESS);
        clReleaseEvent(ev);
        ev = NULL;
    }

    printf("-- clEnqueueNativeKernel\n");
    EXPECT(clEnqueueNativeKernel((cl_command_queue)ctx, native, &args, sizeof(args), 0, NULL, NULL,
                                 0, NULL, &ev),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT(
        clEnqueueNativeKernel(q, native, &args, sizeof(args), 0, NULL, NULL, 1, &other_done, &ev),
        CL_INVALID_CONTEXT);
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 0, NULL, NULL, 1, NULL, &ev),
           CL_INVALID_EVENT_WAIT_LIST);
    /* "CL_INVALID_VALUE if user_func is NULL." */
    EXPECT(clEnqueueNativeKernel(q, NULL, &args, sizeof(args), 0, NULL, NULL, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if args is a NULL value and cb_args > 0, or if args is a NULL value
     * and num_mem_objects > 0." */
    EXPECT(clEnqueueNativeKernel(q, native, NULL, sizeof(args), 0, NULL, NULL, 0, NULL, &ev),
           CL_INVALID_VALUE);
    mems[0] = buf;
    locs[0] = &args;
    EXPECT(clEnqueueNativeKernel(q, native, NULL, 0, 1, mems, locs, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if args is not NULL and cb_args is 0." */
    EXPECT(clEnqueueNativeKernel(q, native, &args, 0, 0, NULL, NULL, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if num_mem_objects > 0 and mem_list or args_mem_loc are NULL." */
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 1, NULL, locs, 0, NULL, &ev),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 1, mems, NULL, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_VALUE if num_mem_objects = 0 and mem_list or args_mem_loc are not NULL." */
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 0, mems, NULL, 0, NULL, &ev),
           CL_INVALID_VALUE);
    /* "CL_INVALID_MEM_OBJECT if one or more memory objects specified in mem_list are not
     * valid or are not buffer objects." */
    mems[0] = (cl_mem)q;
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 1, mems, locs, 0, NULL, &ev),
           CL_INVALID_MEM_OBJECT);
    /* "CL_INVALID_OPERATION if the device associated with command_queue cannot execute the
     * native kernel." */
    EXPECT(clEnqueueNativeKernel(q, native, &args, sizeof(args), 0, NULL, NULL, 0, NULL, &ev),
           CL_INVALID_OPERATION);
    EXPECT_NO_EVENT(ev);
}

/* The __local argument clauses of clSetKernelArg and the local-memory clause of the enqueue. */
static void local_args(void)
{
    cl_program lp = api_build(ctx, local_source, NULL);
    cl_kernel lk;
    cl_ulong local_mem = 0;
    size_t g = 4, l = 4;
    cl_event ev = NULL;
    cl_int err, dummy = 0;

    printf("-- __local arguments\n");
    CHECK(lp != NULL, "the __local kernel builds");
    if (!lp)
        return;
    lk = clCreateKernel(lp, "stage", &err);
    api_must(err, "clCreateKernel", __LINE__);
    EXPECT(clSetKernelArg(lk, 0, sizeof(cl_mem), &buf), CL_SUCCESS);
    /* "CL_INVALID_ARG_VALUE if arg_value specified is not a valid value." (a __local argument
     * takes a NULL arg_value) */
    EXPECT(clSetKernelArg(lk, 1, sizeof(int), &dummy), CL_INVALID_ARG_VALUE);
    /* "CL_INVALID_ARG_SIZE if ... arg_size is zero and the argument is declared with the
     * local qualifier" */
    EXPECT(clSetKernelArg(lk, 1, 0, NULL), CL_INVALID_ARG_SIZE);
    /* "CL_INVALID_KERNEL_ARGS if the kernel argument values have not been specified" */
    EXPECT(clEnqueueNDRangeKernel(q, lk, 1, NULL, &g, &l, 0, NULL, &ev), CL_INVALID_KERNEL_ARGS);
    EXPECT_NO_EVENT(ev);
    /* "CL_OUT_OF_RESOURCES if ... the explicitly specified local_work_size causes a failure to
     * execute the kernel because of insufficient resources such as ... local memory" (more
     * than CL_DEVICE_LOCAL_MEM_SIZE) */
    clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local_mem), &local_mem, NULL);
    EXPECT(clSetKernelArg(lk, 1, (size_t)local_mem * 2, NULL), CL_SUCCESS);
    EXPECT(clEnqueueNDRangeKernel(q, lk, 1, NULL, &g, &l, 0, NULL, &ev), CL_OUT_OF_RESOURCES);
    EXPECT_NO_EVENT(ev);
    clReleaseKernel(lk);
    clReleaseProgram(lp);
}

static cl_event completed_user_event(cl_context c)
{
    cl_int err;
    cl_event e = clCreateUserEvent(c, &err);

    api_must(err, "clCreateUserEvent", __LINE__);
    api_must(clSetUserEventStatus(e, CL_COMPLETE), "clSetUserEventStatus", __LINE__);
    return e;
}

int main(void)
{
    cl_program other_prog;
    const unsigned char *bin;
    unsigned char *binary;
    size_t bin_size = 0;
    cl_int n = 4, err;

    api_begin("errors_program");
    dev = api_device();
    ctx = api_context();
    other_ctx = api_context();
    q = api_queue(ctx, false);
    other_q = api_queue(other_ctx, false);
    done = completed_user_event(ctx);
    other_done = completed_user_event(other_ctx);
    buf = clCreateBuffer(ctx, 0, 64, NULL, &err);
    api_must(err, "clCreateBuffer", __LINE__);

    prog = api_build(ctx, api_vector_add_source, NULL);
    if (!prog)
        api_must(CL_BUILD_PROGRAM_FAILURE, "api_build", __LINE__);
    k = clCreateKernel(prog, "vector_add", &err);
    api_must(err, "clCreateKernel", __LINE__);
    for (cl_uint i = 0; i < 3; i++)
        api_must(clSetKernelArg(k, i, sizeof(cl_mem), &buf), "clSetKernelArg", __LINE__);
    api_must(clSetKernelArg(k, 3, sizeof(n), &n), "clSetKernelArg", __LINE__);

    /* the same kernel in the other context, from prog's binary */
    api_must(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof(bin_size), &bin_size, NULL),
             "CL_PROGRAM_BINARY_SIZES", __LINE__);
    binary = malloc(bin_size);
    api_must(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof(binary), &binary, NULL),
             "CL_PROGRAM_BINARIES", __LINE__);
    bin = binary;
    other_prog = clCreateProgramWithBinary(other_ctx, 1, &dev, &bin_size, &bin, NULL, &err);
    api_must(err, "clCreateProgramWithBinary", __LINE__);
    api_must(clBuildProgram(other_prog, 0, NULL, NULL, NULL, NULL), "clBuildProgram", __LINE__);
    other_k = clCreateKernel(other_prog, "vector_add", &err);
    api_must(err, "clCreateKernel", __LINE__);
    free(binary);

    create_program();
    program_objects();
    kernel_objects();
    enqueue();
    local_args();

    clReleaseKernel(other_k);
    clReleaseProgram(other_prog);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseMemObject(buf);
    clReleaseEvent(done);
    clReleaseEvent(other_done);
    clReleaseCommandQueue(other_q);
    clReleaseCommandQueue(q);
    clReleaseContext(other_ctx);
    clReleaseContext(ctx);
    return api_end();
}
