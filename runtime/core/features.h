/* SPDX-License-Identifier: MIT */
/*
 * The device's OpenCL C features and extensions (common/cl_features.h) in the shapes the
 * queries answer with: CL_DEVICE_EXTENSIONS, CL_DEVICE_EXTENSIONS_WITH_VERSION and
 * CL_DEVICE_OPENCL_C_FEATURES. Built once; static storage.
 */
#ifndef OCLHLS_CORE_FEATURES_H
#define OCLHLS_CORE_FEATURES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/cl.h"

/* The extension names separated by spaces; an embedded-profile device has cles_khr_int64 too. */
const char *oclhls_extensions_string(bool embedded_profile);
/* The same as name and version pairs, *n of them. */
const cl_name_version *oclhls_extensions_versions(bool embedded_profile, size_t *n);
const cl_name_version *oclhls_c_features(size_t *n);

#endif
