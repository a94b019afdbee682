/* SPDX-License-Identifier: MIT */
/*
 * The one platform object. It is created on first use (pthread_once) and owns everything
 * global: the devices (one per board; for now the board named by $OCLHLS_BOARD, default
 * "sim"), the event lock and the settings read from the environment.
 */
#ifndef OCLHLS_RT_PLATFORM_H
#define OCLHLS_RT_PLATFORM_H

#include <stdbool.h>

#include "core/objects.h"

#define OCLHLS_PLATFORM_NAME "oclhls"
#define OCLHLS_PLATFORM_VENDOR "oclhls project"
#define OCLHLS_ICD_SUFFIX "oclhls"
#define OCLHLS_DEFAULT_TIMEOUT_MS 60000u

/* The platform, created on first call. Never NULL. */
cl_platform_id oclhls_platform(void);

/* True when debug output is on; false before the platform exists. */
bool oclhls_platform_debug(void);

/* "CL_INVALID_PLATFORM if platform is not a valid platform": ours, or NULL (which we accept
 * as ours: the behaviour for NULL is implementation-defined). */
bool oclhls_platform_valid(cl_platform_id platform);

/* True when device is one of the platform's devices. */
bool oclhls_device_valid(cl_device_id device);

#endif
