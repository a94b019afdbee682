/* SPDX-License-Identifier: MIT */
/*
 * What every example host program does before its own work, with the standard OpenCL API
 * only (CL/cl.h, -lOpenCL): find the oclhls platform and its device, make a context and a
 * queue, and load a program from a program file (clCreateProgramWithBinary) or from source
 * (clCreateProgramWithSource), then build it.
 */
#ifndef OCLHLS_EXAMPLE_CL_HOST_H
#define OCLHLS_EXAMPLE_CL_HOST_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

/* Stops the program with the call, its place and the error code when a call fails. */
#define CHECK(call)                                                                                \
    do {                                                                                           \
        cl_int err_ = (call);                                                                      \
        if (err_ != CL_SUCCESS) {                                                                  \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, err_);            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* The OpenCL objects every example uses: the oclhls device, a context and an in-order queue
 * on it, and the example's program. */
struct cl_host {
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue queue;
    cl_program prog;
};

/* Opens the first device of the oclhls platform (other platforms may be installed beside
 * it) and builds the program at path: a .cl source (online compile) or an .oclbin program
 * file. Exits with the reason (the build log for a failed build) when a step fails. */
void cl_host_open(struct cl_host *h, const char *path);
/* After clFinish: stops the program with the kernel's execution status when the command
 * whose event is `done` failed (a kernel that did not finish, a board lost), since the
 * commands queued after it still run; then releases the event. */
void cl_host_kernel_done(cl_event done, const char *kernel);
/* Releases what cl_host_open created. */
void cl_host_close(struct cl_host *h);

#endif
