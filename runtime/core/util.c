/* SPDX-License-Identifier: MIT */
#include "core/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cl_error_names.h"

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
    const char *name = oclhls_cl_error_name(err);

    return name ? name : "CL_ERROR";
}
