// SPDX-License-Identifier: MIT
/*
 * The header every kernel is compiled with after clang's own (clang_driver.c, -include): the
 * device as it is, not as clang's spir target claims it.
 *
 * For spir, clang and its opencl-c-base.h define the macro of every OpenCL C feature and
 * extension they know (images, subgroups, device enqueue, 64-bit atomics ...). A kernel that
 * tests `#ifdef __IMAGE_SUPPORT__` or `#ifdef cl_khr_subgroups` must see what the device
 * claims (common/cl_features.h: the same list clGetDeviceInfo answers with), so each macro of
 * that kind the device does not claim is undefined here. clang keeps the features themselves
 * (its header has declared their functions by then); a kernel that calls one anyway fails
 * later with the function's name and line.
 *
 * The macros are more than documentation: clang declares a builtin only while the macros it
 * depends on are defined. The device claims __opencl_c_generic_address_space, which clang
 * and OpenCL C 3.0 require of __opencl_c_pipes and under which the generic overloads of the
 * builtins (fract(x, &f) from a helper's unqualified pointer) are declared: after inlining,
 * accesses through generic pointers go to the named memory each came from (address_spaces.c),
 * a choice made at run time becomes an access per memory (hls/lower/lower_memory.c), and
 * to_global/to_local/to_private/get_fence are answered from the choice
 * (address_space_queries.c).
 */
#include "fe_internal.h"

#include <string.h>

#include "cl_features.h"

/* What clang 19 defines for -target spir (-cl-std=CL1.2 to CL3.0): undefined unless claimed. */
static const char *const clang_macros[] = {
    "__IMAGE_SUPPORT__",
    "__opencl_c_3d_image_writes",
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_atomic_scope_device",
    "__opencl_c_device_enqueue",
    "__opencl_c_ext_fp32_global_atomic_add",
    "__opencl_c_ext_fp32_global_atomic_min_max",
    "__opencl_c_ext_fp32_local_atomic_add",
    "__opencl_c_ext_fp32_local_atomic_min_max",
    "__opencl_c_ext_image_raw10_raw12",
    "__opencl_c_images",
    "__opencl_c_int64",
    "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_integer_dot_product_input_4x8bit_packed",
    "__opencl_c_kernel_clock_scope_device",
    "__opencl_c_kernel_clock_scope_sub_group",
    "__opencl_c_kernel_clock_scope_work_group",
    "__opencl_c_pipes",
    "__opencl_c_program_scope_global_variables",
    "__opencl_c_read_write_images",
    "__opencl_c_subgroups",
    "__opencl_c_work_group_collective_functions",
    "__opencl_subgroup_builtins",
    "cl_khr_3d_image_writes",
    "cl_khr_byte_addressable_store",
    "cl_khr_depth_images",
    "cl_khr_extended_bit_ops",
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
    "cl_khr_mipmap_image_writes",
    "cl_khr_srgb_image_writes",
    "cl_khr_subgroup_ballot",
    "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_extended_types",
    "cl_khr_subgroup_non_uniform_arithmetic",
    "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_rotate",
    "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroups",
    "cles_khr_int64", /* an embedded device's, defined again below for one */
    NULL,
};

static int claimed(const char *name)
{
    if (!strcmp(name, "__IMAGE_SUPPORT__")) /* OpenCL C 1.x's name for the 3.0 feature */
        name = "__opencl_c_images";
    for (const struct oclhls_cl_name *f = oclhls_cl_c_features; f->name; f++)
        if (!strcmp(f->name, name))
            return 1;
    for (const struct oclhls_cl_name *e = oclhls_cl_extensions; e->name; e++)
        if (!strcmp(e->name, name))
            return 1;
    return 0;
}

void fe_device_header(struct oclhls_strbuf *out, int embedded_profile)
{
    oclhls_strbuf_puts(out, "/* oclhls: the device's features and extensions */\n");
    for (const char *const *m = clang_macros; *m; m++)
        if (!claimed(*m))
            oclhls_strbuf_printf(out, "#undef %s\n", *m);
    /* An embedded-profile device says so (OpenCL C 1.2, 6.10 "Preprocessor Directives and
       Macros"), and there 64-bit integers are the extension cles_khr_int64, which it has. */
    if (embedded_profile)
        oclhls_strbuf_puts(out, "#define __EMBEDDED_PROFILE__ 1\n#define cles_khr_int64 1\n");
    /* Intel FPGA SDK: channel operations already keep their order (mem_fence is a no-op
       for a work-item's own accesses, hls/lower/lower_call.c); get_compute_id, answered by HLS. */
    oclhls_strbuf_puts(out, "#define CLK_CHANNEL_MEM_FENCE 0x10\n"
                            "uint __attribute__((overloadable)) get_compute_id(uint);\n");
}
