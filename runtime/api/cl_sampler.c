/* SPDX-License-Identifier: MIT */
/* Sampler objects (5.7). A sampler is three values; kernels get oclhls_sampler_bits. */
#include <stdlib.h>

#include "core/image.h"
#include "core/objects.h"
#include "core/util.h"

static void sampler_destroy(struct oclhls_object *obj)
{
    cl_sampler s = (cl_sampler)obj;

    oclhls_unhold(s->context);
    free(s->properties);
    free(s);
}

static bool addressing_valid(cl_addressing_mode a)
{
    return a == CL_ADDRESS_NONE || a == CL_ADDRESS_CLAMP_TO_EDGE || a == CL_ADDRESS_CLAMP ||
           a == CL_ADDRESS_REPEAT || a == CL_ADDRESS_MIRRORED_REPEAT;
}

static bool filter_valid(cl_filter_mode f)
{
    return f == CL_FILTER_NEAREST || f == CL_FILTER_LINEAR;
}

static cl_sampler sampler_new(cl_context context, cl_bool normalized, cl_addressing_mode addressing,
                              cl_filter_mode filter, const cl_sampler_properties *properties,
                              cl_int *errcode_ret)
{
    cl_sampler s = calloc(1, sizeof(*s));
    cl_int ret = CL_OUT_OF_HOST_MEMORY;

    if (!s)
        goto out;
    if (properties) {
        /* CL_SAMPLER_PROPERTIES returns them "as given" */
        s->properties = oclhls_props_dup(properties, sizeof(*properties), &s->properties_size);
        if (!s->properties) {
            free(s);
            s = NULL;
            goto out;
        }
    }
    oclhls_object_init(s, OCLHLS_MAGIC_SAMPLER, sampler_destroy);
    s->context = context;
    oclhls_hold(context);
    s->normalized_coords = normalized;
    s->addressing_mode = addressing;
    s->filter_mode = filter;
    ret = CL_SUCCESS;
out:
    if (errcode_ret)
        *errcode_ret = ret;
    return s;
}

/* (The CL_INVALID_OPERATION clause, "if images are not supported by any device associated with
 * context", never applies: every device supports images.) */
cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                       cl_addressing_mode addressing_mode,
                                       cl_filter_mode filter_mode, cl_int *errcode_ret)
{
    cl_int ret = CL_INVALID_CONTEXT;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto fail;
    /* "CL_INVALID_VALUE if addressing_mode, filter_mode, normalized_coords or a combination of
     * these argument values are not valid." */
    ret = CL_INVALID_VALUE;
    if ((normalized_coords != CL_TRUE && normalized_coords != CL_FALSE) ||
        !addressing_valid(addressing_mode) || !filter_valid(filter_mode))
        goto fail;
    return sampler_new(context, normalized_coords, addressing_mode, filter_mode, NULL, errcode_ret);
fail:
    if (errcode_ret)
        *errcode_ret = ret;
    return NULL;
}

cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                     const cl_sampler_properties *properties,
                                                     cl_int *errcode_ret)
{
    /* "If a supported property and its value is not specified in sampler_properties, its
     * default value will be used": normalized coordinates, CL_ADDRESS_CLAMP,
     * CL_FILTER_NEAREST */
    cl_bool normalized = CL_TRUE;
    cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
    cl_filter_mode filter = CL_FILTER_NEAREST;
    bool seen[3] = {false, false, false};
    cl_int ret = CL_INVALID_CONTEXT;

    /* "CL_INVALID_CONTEXT if context is not a valid context." */
    if (!oclhls_object_is(context, OCLHLS_MAGIC_CONTEXT))
        goto fail;
    /* "CL_INVALID_VALUE if the property name in sampler_properties is not a supported property
     * name, if the value specified for a supported property name is not valid, or if the same
     * property name is specified more than once." */
    ret = CL_INVALID_VALUE;
    for (const cl_sampler_properties *p = properties; p && p[0]; p += 2) {
        int i;

        switch (p[0]) {
        case CL_SAMPLER_NORMALIZED_COORDS:
            i = 0;
            if (p[1] != CL_TRUE && p[1] != CL_FALSE)
                goto fail;
            normalized = (cl_bool)p[1];
            break;
        case CL_SAMPLER_ADDRESSING_MODE:
            i = 1;
            if (!addressing_valid((cl_addressing_mode)p[1]))
                goto fail;
            addressing = (cl_addressing_mode)p[1];
            break;
        case CL_SAMPLER_FILTER_MODE:
            i = 2;
            if (!filter_valid((cl_filter_mode)p[1]))
                goto fail;
            filter = (cl_filter_mode)p[1];
            break;
        default:
            goto fail;
        }
        if (seen[i])
            goto fail;
        seen[i] = true;
    }
    return sampler_new(context, normalized, addressing, filter, properties, errcode_ret);
fail:
    if (errcode_ret)
        *errcode_ret = ret;
    return NULL;
}

cl_int CL_API_CALL clRetainSampler(cl_sampler sampler)
{
    /* "CL_INVALID_SAMPLER if sampler is not a valid sampler object." */
    if (!oclhls_object_is(sampler, OCLHLS_MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    oclhls_retain(sampler);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler)
{
    /* "CL_INVALID_SAMPLER if sampler is not a valid sampler object." */
    if (!oclhls_object_is(sampler, OCLHLS_MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    /* "The sampler object is deleted after the reference count becomes zero and commands
     * queued for execution on a command-queue(s) that use sampler have finished." (a kernel
     * argument copies the sampler's bits: nothing else refers to it) */
    oclhls_release(sampler);
    return CL_SUCCESS;
}

cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                    size_t param_value_size, void *param_value,
                                    size_t *param_value_size_ret)
{
    const void *src;
    size_t size;
    cl_uint count;

    /* "CL_INVALID_SAMPLER if sampler is a not a valid sampler object." */
    if (!oclhls_object_is(sampler, OCLHLS_MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    switch (param_name) {
    case CL_SAMPLER_REFERENCE_COUNT:
        count = oclhls_refcount(sampler);
        src = &count, size = sizeof(count);
        break;
    case CL_SAMPLER_CONTEXT:
        src = &sampler->context, size = sizeof(sampler->context);
        break;
    case CL_SAMPLER_NORMALIZED_COORDS:
        src = &sampler->normalized_coords, size = sizeof(sampler->normalized_coords);
        break;
    case CL_SAMPLER_ADDRESSING_MODE:
        src = &sampler->addressing_mode, size = sizeof(sampler->addressing_mode);
        break;
    case CL_SAMPLER_FILTER_MODE:
        src = &sampler->filter_mode, size = sizeof(sampler->filter_mode);
        break;
    case CL_SAMPLER_PROPERTIES:
        /* (3.0) as given to clCreateSamplerWithProperties; none: size 0 */
        src = sampler->properties, size = sampler->properties_size;
        break;
    default:
        /* "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by
         * param_value_size is < size of return type" (the latter in oclhls_info) */
        return CL_INVALID_VALUE;
    }
    return oclhls_info(param_value, param_value_size, param_value_size_ret, src, size);
}
