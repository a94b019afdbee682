/* SPDX-License-Identifier: MIT */
/*
 * What every example host program does before its own work, with the standard OpenCL API
 * only (CL/cl.h, -lOpenCL): find the oclhls platform and load a program from a program
 * file (clCreateProgramWithBinary) or from source (clCreateProgramWithSource), then build it.
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

/* The oclhls platform; other OpenCL platforms may be installed beside it. Exits if absent. */
cl_platform_id find_oclhls_platform(void);

/* path: a .cl source (online compile) or an .oclbin program file; built for dev. Exits with
 * the build log on failure. */
cl_program load_program(cl_context ctx, cl_device_id dev, const char *path);

#endif
