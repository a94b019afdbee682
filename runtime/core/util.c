/* SPDX-License-Identifier: MIT */
#include "core/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/platform.h"

uint64_t oclhls_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

cl_int oclhls_info(void *param_value, size_t param_value_size, size_t *param_value_size_ret,
                   const void *src, size_t size)
{
    if (param_value) {
        if (param_value_size < size)
            return CL_INVALID_VALUE;
        if (size)
            memcpy(param_value, src, size);
    }
    if (param_value_size_ret)
        *param_value_size_ret = size;
    return CL_SUCCESS;
}

cl_int oclhls_info_str(void *param_value, size_t param_value_size, size_t *param_value_size_ret,
                       const char *s)
{
    if (!s)
        s = "";
    return oclhls_info(param_value, param_value_size, param_value_size_ret, s, strlen(s) + 1);
}

char *oclhls_strdup(const char *s)
{
    return s ? strdup(s) : NULL;
}

char *oclhls_strndup(const char *s, size_t n)
{
    char *d;

    if (!s)
        return NULL;
    d = malloc(n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

void *oclhls_props_dup(const void *props, size_t elem_size, size_t *bytes)
{
    const unsigned char *p = props;
    size_t n = 0;
    void *copy;

    *bytes = 0;
    if (!props)
        return NULL;
    for (;;) {
        uint64_t v = 0;

        memcpy(&v, p + n * elem_size, elem_size);
        n++;
        if (v == 0)
            break;
        n++; /* the value */
    }
    copy = malloc(n * elem_size);
    if (!copy)
        return NULL;
    memcpy(copy, props, n * elem_size);
    *bytes = n * elem_size;
    return copy;
}

const char *oclhls_error_name(cl_int err)
{
    static const struct {
        cl_int code;
        const char *name;
    } names[] = {
#define E(x) {x, #x}
        E(CL_SUCCESS),
        E(CL_DEVICE_NOT_FOUND),
        E(CL_DEVICE_NOT_AVAILABLE),
        E(CL_COMPILER_NOT_AVAILABLE),
        E(CL_MEM_OBJECT_ALLOCATION_FAILURE),
        E(CL_OUT_OF_RESOURCES),
        E(CL_OUT_OF_HOST_MEMORY),
        E(CL_PROFILING_INFO_NOT_AVAILABLE),
        E(CL_MEM_COPY_OVERLAP),
        E(CL_BUILD_PROGRAM_FAILURE),
        E(CL_MAP_FAILURE),
        E(CL_MISALIGNED_SUB_BUFFER_OFFSET),
        E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
        E(CL_COMPILE_PROGRAM_FAILURE),
        E(CL_LINKER_NOT_AVAILABLE),
        E(CL_LINK_PROGRAM_FAILURE),
        E(CL_INVALID_VALUE),
        E(CL_INVALID_DEVICE),
        E(CL_INVALID_CONTEXT),
        E(CL_INVALID_COMMAND_QUEUE),
        E(CL_INVALID_MEM_OBJECT),
        E(CL_INVALID_BINARY),
        E(CL_INVALID_BUILD_OPTIONS),
        E(CL_INVALID_PROGRAM),
        E(CL_INVALID_PROGRAM_EXECUTABLE),
        E(CL_INVALID_KERNEL_NAME),
        E(CL_INVALID_KERNEL),
        E(CL_INVALID_ARG_INDEX),
        E(CL_INVALID_ARG_VALUE),
        E(CL_INVALID_ARG_SIZE),
        E(CL_INVALID_KERNEL_ARGS),
        E(CL_INVALID_WORK_DIMENSION),
        E(CL_INVALID_WORK_GROUP_SIZE),
        E(CL_INVALID_WORK_ITEM_SIZE),
        E(CL_INVALID_GLOBAL_OFFSET),
        E(CL_INVALID_EVENT_WAIT_LIST),
        E(CL_INVALID_EVENT),
        E(CL_INVALID_OPERATION),
        E(CL_INVALID_BUFFER_SIZE),
        E(CL_INVALID_GLOBAL_WORK_SIZE),
        E(CL_INVALID_PROPERTY),
#undef E
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (names[i].code == err)
            return names[i].name;
    return "CL_ERROR";
}
