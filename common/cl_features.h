/* SPDX-License-Identifier: MIT */
/*
 * What the device claims of OpenCL C: its optional 3.0 features and its extensions, one list
 * that the compiler (the macros a kernel sees) and the runtime (CL_DEVICE_OPENCL_C_FEATURES,
 * CL_DEVICE_EXTENSIONS) both read, so that a kernel's #ifdef and clGetDeviceInfo agree.
 */
#ifndef OCLHLS_CL_FEATURES_H
#define OCLHLS_CL_FEATURES_H

struct oclhls_cl_name {
    const char *name;
    unsigned major, minor, patch; /* the version the device claims */
};

/* NULL-terminated (name NULL). */
extern const struct oclhls_cl_name oclhls_cl_c_features[];
extern const struct oclhls_cl_name oclhls_cl_extensions[];

#endif
