/* SPDX-License-Identifier: MIT */
/*
 * Building (5.8.4), compiling and linking (5.8.5) programs. With a pfn_notify the build or
 * link runs on a thread of its own and the call returns at once; compiling runs clang on the
 * one translation unit (a fraction of a second: the hardware is generated for the whole
 * program, at link), so it completes before clCompileProgram returns.
 */
#include <stdlib.h>
#include <string.h>

#include "core/build.h"
#include "core/meta.h"
#include "core/platform.h"
#include "core/util.h"

typedef void(CL_CALLBACK *program_notify_fn)(cl_program, void *);

struct build_job {
    cl_program prog; /* held */
    program_notify_fn notify;
    void *user_data;
    cl_uint num_inputs; /* link */
    cl_program *inputs; /* held */
};

static void job_free(struct build_job *job)
{
    for (cl_uint i = 0; i < job->num_inputs; i++)
        oclhls_unhold(job->inputs[i]);
    free(job->inputs);
    oclhls_unhold(job->prog);
    free(job);
}

static void *job_main(void *arg)
{
    struct build_job *job = arg;

    if (job->inputs)
        oclhls_program_link(job->prog, job->num_inputs, job->inputs);
    else
        oclhls_program_build(job->prog);
    job->notify(job->prog, job->user_data);
    job_free(job);
    return NULL;
}

/* Runs the build or link now, or on a detached thread when there is a callback. */
static cl_int run_job(cl_program prog, cl_uint num_inputs, const cl_program *inputs,
                      program_notify_fn notify, void *user_data)
{
    struct build_job *job;
    pthread_t thread;
    cl_int err;

    if (!notify) {
        if (inputs)
            return oclhls_program_link(prog, num_inputs, inputs);
        return oclhls_program_build(prog);
    }
    job = calloc(1, sizeof(*job));
    if (!job)
        return CL_OUT_OF_HOST_MEMORY;
    job->prog = prog;
    oclhls_hold(prog);
    job->notify = notify;
    job->user_data = user_data;
    if (inputs) {
        job->inputs = malloc(num_inputs * sizeof(*inputs));
        if (!job->inputs) {
            job_free(job);
            return CL_OUT_OF_HOST_MEMORY;
        }
        for (cl_uint i = 0; i < num_inputs; i++) {
            job->inputs[i] = inputs[i];
            oclhls_hold(inputs[i]);
            job->num_inputs++;
        }
    }
    if (pthread_create(&thread, NULL, job_main, job) != 0) {
        /* no thread: build here, then call back as promised */
        err = inputs ? oclhls_program_link(prog, num_inputs, inputs) : oclhls_program_build(prog);
        (void)err;
        notify(prog, user_data);
        job_free(job);
        return CL_SUCCESS;
    }
    pthread_detach(thread);
    return CL_SUCCESS;
}

/* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of devices
 * associated with program" */
static bool devices_in_program(cl_program prog, cl_uint num_devices, const cl_device_id *list)
{
    for (cl_uint i = 0; i < num_devices; i++) {
        bool found = false;

        for (cl_uint j = 0; j < prog->num_devices; j++)
            found |= prog->devices[j] == list[i];
        if (!found)
            return false;
    }
    return true;
}

/* Marks prog as being built with options; CL_INVALID_OPERATION while a build runs. */
static cl_int begin(cl_program prog, const char *options)
{
    char *copy = strdup(options ? options : "");

    if (!copy)
        return CL_OUT_OF_HOST_MEMORY;
    pthread_mutex_lock(&prog->lock);
    /* "CL_INVALID_OPERATION if the build of a program executable for any of the devices listed
     * in device_list by a previous call to clBuildProgram for program has not completed." */
    if (prog->status == CL_BUILD_IN_PROGRESS) {
        pthread_mutex_unlock(&prog->lock);
        free(copy);
        return CL_INVALID_OPERATION;
    }
    prog->status = CL_BUILD_IN_PROGRESS;
    free(prog->options);
    prog->options = copy;
    pthread_mutex_unlock(&prog->lock);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices,
                                  const cl_device_id *device_list, const char *options,
                                  void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                  void *user_data)
{
    cl_int err;

    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    /* "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
     * device_list is not NULL and num_devices is zero." */
    if ((!device_list && num_devices > 0) || (device_list && num_devices == 0))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    if (!pfn_notify && user_data)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with program" */
    if (!devices_in_program(program, num_devices, device_list))
        return CL_INVALID_DEVICE;
    /* "CL_INVALID_OPERATION if program was not created with clCreateProgramWithSource,
     * clCreateProgramWithIL or clCreateProgramWithBinary." */
    if (program->origin != OCLHLS_PROGRAM_SOURCE && program->origin != OCLHLS_PROGRAM_BINARY)
        return CL_INVALID_OPERATION;
    /* "CL_INVALID_BINARY if program is created with clCreateProgramWithBinary and devices
     * listed in device_list do not have a valid program binary loaded." (checked when it was
     * created: a binary program always holds one) */
    if (program->origin == OCLHLS_PROGRAM_BINARY && !program->binary)
        return CL_INVALID_BINARY;
    /* "CL_INVALID_BUILD_OPTIONS if the build options specified by options are invalid." */
    if (!oclhls_options_valid(options, OCLHLS_OPTIONS_COMPILE))
        return CL_INVALID_BUILD_OPTIONS;
    /* "CL_INVALID_OPERATION if there are kernel objects attached to program." */
    if (atomic_load(&program->kernels) > 0)
        return CL_INVALID_OPERATION;
    /* "If the program was created using clCreateProgramWithBinary and options is a NULL
     * pointer, the program will be built as if options were the same as when the program
     * binary was originally built." */
    if (!options && program->origin == OCLHLS_PROGRAM_BINARY && program->meta)
        options = program->meta->build_options;
    err = begin(program, options);
    if (err != CL_SUCCESS)
        return err;

    /* "CL_BUILD_PROGRAM_FAILURE if there is a failure to build the program executable. This
     * error will be returned if clBuildProgram does not return until the build has
     * completed." */
    return run_job(program, 0, NULL, pfn_notify, user_data);
}

cl_int CL_API_CALL clCompileProgram(cl_program program, cl_uint num_devices,
                                    const cl_device_id *device_list, const char *options,
                                    cl_uint num_input_headers, const cl_program *input_headers,
                                    const char **header_include_names,
                                    void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                    void *user_data)
{
    cl_int err;

    /* "CL_INVALID_PROGRAM if program is not a valid program object." */
    if (!oclhls_object_is(program, OCLHLS_MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    /* "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
     * device_list is not NULL and num_devices is zero." */
    if ((!device_list && num_devices > 0) || (device_list && num_devices == 0))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if num_input_headers is zero and header_include_names or input_headers
     * are not NULL or if num_input_headers is not zero and header_include_names or
     * input_headers are NULL." */
    if (num_input_headers == 0 && (header_include_names || input_headers))
        return CL_INVALID_VALUE;
    if (num_input_headers && (!header_include_names || !input_headers))
        return CL_INVALID_VALUE;
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    if (!pfn_notify && user_data)
        return CL_INVALID_VALUE;
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with program" */
    if (!devices_in_program(program, num_devices, device_list))
        return CL_INVALID_DEVICE;
    /* input_headers: "an array of program embedded headers created with
     * clCreateProgramWithSource" */
    for (cl_uint i = 0; i < num_input_headers; i++)
        if (!oclhls_object_is(input_headers[i], OCLHLS_MAGIC_PROGRAM) || !header_include_names[i])
            return CL_INVALID_VALUE;
    /* "CL_INVALID_COMPILER_OPTIONS if the compiler options specified by options are invalid." */
    if (!oclhls_options_valid(options, OCLHLS_OPTIONS_COMPILE))
        return CL_INVALID_COMPILER_OPTIONS;
    /* "CL_INVALID_OPERATION if there are kernel objects attached to program." */
    if (atomic_load(&program->kernels) > 0)
        return CL_INVALID_OPERATION;
    /* "CL_INVALID_OPERATION if program has no source or IL available, i.e. it has not been
     * created with clCreateProgramWithSource or clCreateProgramWithIL." */
    if (program->origin != OCLHLS_PROGRAM_SOURCE)
        return CL_INVALID_OPERATION;
    /* "CL_INVALID_OPERATION if the compilation or build of a program executable ... by a
     * previous call to clCompileProgram or clBuildProgram for program has not completed." */
    err = begin(program, options);
    if (err != CL_SUCCESS)
        return err;

    /* "CL_COMPILE_PROGRAM_FAILURE if there is a failure to compile the program source. This
     * error will be returned if clCompileProgram does not return until the compile has
     * completed." */
    err = oclhls_program_compile(program, num_input_headers, input_headers, header_include_names);
    if (pfn_notify)
        pfn_notify(program, user_data);
    return err;
}

cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices,
                                     const cl_device_id *device_list, const char *options,
                                     cl_uint num_input_programs, const cl_program *input_programs,
                                     void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                     void *user_data, cl_int *errcode_ret)
{
    cl_program prog = NULL;
    cl_int err;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    err = CL_INVALID_CONTEXT;
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto out;
    /* "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
     * device_list is not NULL and num_devices is zero." */
    err = CL_INVALID_VALUE;
    if ((!device_list && num_devices > 0) || (device_list && num_devices == 0))
        goto out;
    /* "CL_INVALID_VALUE if num_input_programs is zero and input_programs is NULL or if
     * num_input_programs is zero and input_programs is not NULL or if num_input_programs is
     * not zero and input_programs is NULL." */
    if (num_input_programs == 0 || !input_programs)
        goto out;
    /* "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL." */
    if (!pfn_notify && user_data)
        goto out;
    /* "CL_INVALID_PROGRAM if programs specified in input_programs are not valid program
     * objects." */
    err = CL_INVALID_PROGRAM;
    for (cl_uint i = 0; i < num_input_programs; i++)
        if (!oclhls_object_is(input_programs[i], OCLHLS_MAGIC_PROGRAM) ||
            input_programs[i]->context != context)
            goto out;
    /* "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of
     * devices associated with context" */
    err = CL_INVALID_DEVICE;
    for (cl_uint i = 0; i < num_devices; i++) {
        bool found = false;

        for (cl_uint j = 0; j < context->num_devices; j++)
            found |= context->devices[j] == device_list[i];
        if (!found)
            goto out;
    }
    /* "CL_INVALID_LINKER_OPTIONS if the linker options specified by options are invalid." */
    err = CL_INVALID_LINKER_OPTIONS;
    if (!oclhls_options_valid(options, OCLHLS_OPTIONS_LINK))
        goto out;
    /* -enable-link-options: "This option must be specified with the create-library option." */
    if (oclhls_options_has(options, "-enable-link-options") &&
        !oclhls_options_has(options, "-create-library"))
        goto out;
    /* "CL_INVALID_OPERATION if the compilation or build of a program executable for any of
     * the devices ... has not completed." "CL_INVALID_OPERATION if the rules for devices
     * containing compiled binaries or libraries as described in input_programs argument above
     * are not followed." (every input must be a compiled object or a library) */
    err = CL_INVALID_OPERATION;
    for (cl_uint i = 0; i < num_input_programs; i++) {
        cl_program in = input_programs[i];
        bool ok;

        pthread_mutex_lock(&in->lock);
        /* compiled (or linked) here, or made with clCreateProgramWithBinary from one */
        ok = (in->status == CL_BUILD_SUCCESS ||
              (in->origin == OCLHLS_PROGRAM_BINARY && in->status == CL_BUILD_NONE)) &&
             in->binary &&
             (in->binary_type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ||
              in->binary_type == CL_PROGRAM_BINARY_TYPE_LIBRARY);
        pthread_mutex_unlock(&in->lock);
        if (!ok)
            goto out;
    }

    err = CL_OUT_OF_HOST_MEMORY;
    prog = oclhls_program_new(context, OCLHLS_PROGRAM_LINKED);
    if (!prog)
        goto out;
    if (num_devices) {
        prog->num_devices = num_devices;
        memcpy(prog->devices, device_list, num_devices * sizeof(cl_device_id));
    }
    err = begin(prog, options);
    if (err != CL_SUCCESS) {
        oclhls_release(prog);
        prog = NULL;
        goto out;
    }
    /* "If pfn_notify is NULL, the errcode_ret will be set to CL_SUCCESS if the link operation
     * was successful and CL_LINK_PROGRAM_FAILURE if there is a failure" -- the program object
     * is returned either way, so its log can be read */
    err = run_job(prog, num_input_programs, input_programs, pfn_notify, user_data);
out:
    if (errcode_ret)
        *errcode_ret = err;
    return prog;
}
