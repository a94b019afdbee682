// SPDX-License-Identifier: MIT
// The feature and extension macros a kernel sees (frontend/device_header.c), written out as
// one word per macro for test_device_macros.c to hold against clGetDeviceInfo; and the
// Intel FPGA SDK names (CLK_CHANNEL_MEM_FENCE, get_compute_id). The list is in
// test_device_macros.c's order.
__kernel void macros(__global uint *out)
{
    uint i = 0;
#ifdef __EMBEDDED_PROFILE__
    out[i] = 1;
#endif
    i++;
#ifdef __IMAGE_SUPPORT__
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_3d_image_writes
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_atomic_order_acq_rel
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_atomic_order_seq_cst
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_atomic_scope_all_devices
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_atomic_scope_device
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_device_enqueue
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_ext_fp32_global_atomic_add
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_ext_fp32_local_atomic_add
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_fp64
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_generic_address_space
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_images
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_int64
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_integer_dot_product_input_4x8bit
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_kernel_clock_scope_device
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_pipes
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_program_scope_global_variables
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_read_write_images
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_subgroups
    out[i] = 1;
#endif
    i++;
#ifdef __opencl_c_work_group_collective_functions
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_3d_image_writes
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_byte_addressable_store
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_depth_images
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_extended_bit_ops
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_fp16
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_fp64
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_gl_msaa_sharing
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_global_int32_base_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_global_int32_extended_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_int64_base_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_int64_extended_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_integer_dot_product
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_kernel_clock
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_local_int32_base_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_local_int32_extended_atomics
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_mipmap_image
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_srgb_image_writes
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_subgroup_ballot
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_subgroup_shuffle
    out[i] = 1;
#endif
    i++;
#ifdef cl_khr_subgroups
    out[i] = 1;
#endif
    i++;
#ifdef cles_khr_int64
    out[i] = 1;
#endif
    i++;
    mem_fence(CLK_CHANNEL_MEM_FENCE);
    out[i] = get_compute_id(0) + 7; /* 7: written */
}
