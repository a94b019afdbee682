// SPDX-License-Identifier: MIT
/*
 * device_macros.cl: the macros a kernel sees tell the same story as clGetDeviceInfo. Every
 * cl_khr_* macro is defined exactly when CL_DEVICE_EXTENSIONS (and _WITH_VERSION) names it,
 * every __opencl_c_* feature exactly when CL_DEVICE_OPENCL_C_FEATURES lists it, and the
 * features that have a query of their own agree with it (OpenCL 3.0: images, pipes, the
 * generic address space, work-group collective functions, atomic orders and scopes,
 * program-scope variables, device enqueue, subgroups), and every feature's own requirements
 * hold (pipes need the generic address space). Intel's CLK_CHANNEL_MEM_FENCE and
 * get_compute_id compile.
 */
#include <stdio.h>
#include <string.h>

#include "kt.h"

/* In device_macros.cl's order. */
static const char *const macros[] = {
    "__EMBEDDED_PROFILE__",
    "__IMAGE_SUPPORT__",
    "__opencl_c_3d_image_writes",
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_atomic_scope_device",
    "__opencl_c_device_enqueue",
    "__opencl_c_ext_fp32_global_atomic_add",
    "__opencl_c_ext_fp32_local_atomic_add",
    "__opencl_c_fp64",
    "__opencl_c_generic_address_space",
    "__opencl_c_images",
    "__opencl_c_int64",
    "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_kernel_clock_scope_device",
    "__opencl_c_pipes",
    "__opencl_c_program_scope_global_variables",
    "__opencl_c_read_write_images",
    "__opencl_c_subgroups",
    "__opencl_c_work_group_collective_functions",
    "cl_khr_3d_image_writes",
    "cl_khr_byte_addressable_store",
    "cl_khr_depth_images",
    "cl_khr_extended_bit_ops",
    "cl_khr_fp16",
    "cl_khr_fp64",
    "cl_khr_gl_msaa_sharing",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
    "cl_khr_integer_dot_product",
    "cl_khr_kernel_clock",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_mipmap_image",
    "cl_khr_srgb_image_writes",
    "cl_khr_subgroup_ballot",
    "cl_khr_subgroup_shuffle",
    "cl_khr_subgroups",
    "cles_khr_int64",
};
#define NMACROS (sizeof(macros) / sizeof(macros[0]))

static char extensions[4096];
static cl_name_version ext_versions[64], features[64];
static size_t n_ext_versions, n_features;

static void query(struct kt *t, cl_device_info what, size_t size, void *value, size_t *got)
{
    cl_int err = clGetDeviceInfo(t->device, what, size, value, got);
    kt_expect(t, err == CL_SUCCESS, "clGetDeviceInfo(0x%x): %d", (unsigned)what, err);
}

static int in_extension_string(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(extensions, name); p; p = strstr(p + 1, name))
        if ((p == extensions || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

static int in_list(const cl_name_version *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name))
            return 1;
    return 0;
}

/* What the device's own query says of a feature that has one; -1 for none. */
static int queried(struct kt *t, const char *name)
{
    cl_bool b = CL_FALSE;
    cl_bitfield caps = 0;
    size_t sz = 0;
    cl_uint u = 0;
    char profile[32] = "";
    if (!strcmp(name, "__EMBEDDED_PROFILE__"))
        return query(t, CL_DEVICE_PROFILE, sizeof(profile), profile, NULL),
               !strcmp(profile, "EMBEDDED_PROFILE");
    if (!strcmp(name, "__IMAGE_SUPPORT__") || !strcmp(name, "__opencl_c_images"))
        return query(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(b), &b, NULL), b == CL_TRUE;
    if (!strcmp(name, "__opencl_c_pipes"))
        return query(t, CL_DEVICE_PIPE_SUPPORT, sizeof(b), &b, NULL), b == CL_TRUE;
    if (!strcmp(name, "__opencl_c_generic_address_space"))
        return query(t, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(b), &b, NULL),
               b == CL_TRUE;
    if (!strcmp(name, "__opencl_c_work_group_collective_functions"))
        return query(t, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, sizeof(b), &b, NULL),
               b == CL_TRUE;
    if (!strcmp(name, "__opencl_c_program_scope_global_variables"))
        return query(t, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(sz), &sz, NULL), sz > 0;
    if (!strcmp(name, "__opencl_c_device_enqueue"))
        return query(t, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps, NULL),
               caps != 0;
    if (!strcmp(name, "__opencl_c_subgroups"))
        return query(t, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(u), &u, NULL), u > 0;
    query(t, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(caps), &caps, NULL);
    if (!strcmp(name, "__opencl_c_atomic_order_acq_rel"))
        return (caps & CL_DEVICE_ATOMIC_ORDER_ACQ_REL) != 0;
    if (!strcmp(name, "__opencl_c_atomic_order_seq_cst"))
        return (caps & CL_DEVICE_ATOMIC_ORDER_SEQ_CST) != 0;
    if (!strcmp(name, "__opencl_c_atomic_scope_device"))
        return (caps & CL_DEVICE_ATOMIC_SCOPE_DEVICE) != 0;
    if (!strcmp(name, "__opencl_c_atomic_scope_all_devices"))
        return (caps & CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES) != 0;
    return -1;
}

static void check_macro(struct kt *t, const char *name, int defined)
{
    if (!strncmp(name, "cl_", 3) || !strncmp(name, "cles_", 5)) {
        kt_expect(t, defined == in_extension_string(name),
                  "%s: %s in kernels, %s in CL_DEVICE_EXTENSIONS", name,
                  defined ? "defined" : "undefined", defined ? "missing" : "listed");
        kt_expect(t, defined == in_list(ext_versions, n_ext_versions, name),
                  "%s: %s in kernels, not so in CL_DEVICE_EXTENSIONS_WITH_VERSION", name,
                  defined ? "defined" : "undefined");
    }
    if (!strncmp(name, "__opencl_c_", 11))
        kt_expect(t, defined == in_list(features, n_features, name),
                  "%s: %s in kernels, %s in CL_DEVICE_OPENCL_C_FEATURES", name,
                  defined ? "defined" : "undefined", defined ? "missing" : "listed");
    int q = queried(t, name);
    if (q >= 0)
        kt_expect(t, defined == q, "%s: %s in kernels, but its query says %s", name,
                  defined ? "defined" : "undefined", q ? "supported" : "unsupported");
}

int main(int argc, char **argv)
{
    struct kt t;
    uint32_t out[NMACROS + 1] = {0};
    size_t one = 1, got = 0;

    kt_init(&t, "device_macros", argc > 1 ? argv[1] : "device_macros.cl");
    query(&t, CL_DEVICE_EXTENSIONS, sizeof(extensions), extensions, NULL);
    query(&t, CL_DEVICE_EXTENSIONS_WITH_VERSION, sizeof(ext_versions), ext_versions, &got);
    n_ext_versions = got / sizeof(cl_name_version);
    query(&t, CL_DEVICE_OPENCL_C_FEATURES, sizeof(features), features, &got);
    n_features = got / sizeof(cl_name_version);

    cl_kernel k = kt_kernel(&t, "macros");
    cl_mem d = kt_buffer_arg(&t, k, 0, sizeof(out), NULL);
    kt_run(&t, k, 1, NULL, &one, &one);
    kt_read(&t, d, sizeof(out), out);
    for (size_t i = 0; i < NMACROS; i++)
        check_macro(&t, macros[i], out[i] == 1);
    KT_EQ(&t, out[NMACROS], 7, "get_compute_id(0) + 7", 0);
    /* OpenCL C 3.0 (6.2.1): __opencl_c_pipes requires __opencl_c_generic_address_space. */
    kt_expect(&t, !in_list(features, n_features, "__opencl_c_pipes") ||
                      in_list(features, n_features, "__opencl_c_generic_address_space"),
              "pipes claimed without the generic address space");
    /* What the list must cover: every claimed extension and feature has its macro here. */
    for (size_t i = 0; i < n_ext_versions; i++) {
        int listed = 0;
        for (size_t m = 0; m < NMACROS; m++)
            listed |= !strcmp(macros[m], ext_versions[i].name);
        kt_expect(&t, listed, "%s: claimed, not in this test's list", ext_versions[i].name);
    }
    kt_release(k, d, NULL, NULL);
    return kt_finish(&t);
}
