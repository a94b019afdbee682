/* SPDX-License-Identifier: MIT */
/*
 * The one place the runtime includes the Khronos headers, so every file sees the same target
 * version and deprecated entry points (the ICD still has to implement those).
 */
#ifndef OCLHLS_RT_CL_H
#define OCLHLS_RT_CL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>

/* Marks the few symbols the library exports (see runtime/exports.map). */
#define OCLHLS_EXPORT __attribute__((visibility("default")))

#endif
