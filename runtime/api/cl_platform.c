/* SPDX-License-Identifier: MIT */
/* Platform queries (4.1) and the compiler-unloading hints (5.8.8). */
#include <string.h>

#include "core/device.h"
#include "core/platform.h"
#include "core/util.h"

#define PLATFORM_VERSION_STR "OpenCL 3.0 oclhls " OCLHLS_VERSION
#define PLATFORM_EXTENSIONS "cl_khr_icd"

/* "EMBEDDED_PROFILE if the implementation supports the OpenCL embedded profile only": the
   full profile when one device has it (a device without the board's memories has neither). */
static const char *platform_profile(cl_platform_id p)
{
    for (cl_uint i = 0; i < p->num_devices; i++)
        if (oclhls_board_full_profile(&p->devices[i]->board))
            return "FULL_PROFILE";
    return p->num_devices ? "EMBEDDED_PROFILE" : "FULL_PROFILE";
}

cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                    cl_uint *num_platforms)
{
    /* "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both
     * num_platforms and platforms are NULL." */
    if ((num_entries == 0 && platforms) || (!num_platforms && !platforms))
        return CL_INVALID_VALUE;

    if (platforms)
        platforms[0] = oclhls_platform();
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

OCLHLS_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                   cl_platform_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret)
{
    static const cl_name_version extensions[] = {
        {CL_MAKE_VERSION(1, 0, 0), "cl_khr_icd"},
    };
    cl_version version = CL_MAKE_VERSION(3, 0, 0);
    cl_ulong timer_resolution = 1; /* clock_gettime(CLOCK_MONOTONIC): nanoseconds */

    /* "CL_INVALID_PLATFORM if platform is not a valid platform." */
    if (!oclhls_platform_valid(platform))
        return CL_INVALID_PLATFORM;

    switch (param_name) {
    case CL_PLATFORM_PROFILE:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               platform_profile(oclhls_platform()));
    case CL_PLATFORM_VERSION:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               PLATFORM_VERSION_STR);
    case CL_PLATFORM_NUMERIC_VERSION:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &version,
                           sizeof(version));
    case CL_PLATFORM_NAME:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               OCLHLS_PLATFORM_NAME);
    case CL_PLATFORM_VENDOR:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               OCLHLS_PLATFORM_VENDOR);
    case CL_PLATFORM_EXTENSIONS:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               PLATFORM_EXTENSIONS);
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, extensions,
                           sizeof(extensions));
    case CL_PLATFORM_HOST_TIMER_RESOLUTION:
        return oclhls_info(param_value, param_value_size, param_value_size_ret, &timer_resolution,
                           sizeof(timer_resolution));
    case CL_PLATFORM_ICD_SUFFIX_KHR:
        return oclhls_info_str(param_value, param_value_size, param_value_size_ret,
                               OCLHLS_ICD_SUFFIX);
    default:
        /* "CL_INVALID_VALUE if param_name is not one of the supported values" */
        return CL_INVALID_VALUE;
    }
}

cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform)
{
    /* "CL_INVALID_PLATFORM if platform is not a valid platform." */
    if (!oclhls_object_is(platform, OCLHLS_MAGIC_PLATFORM))
        return CL_INVALID_PLATFORM;

    return CL_SUCCESS; /* a hint: the compiler library stays loaded */
}

cl_int CL_API_CALL clUnloadCompiler(void)
{
    return CL_SUCCESS;
}
