// SPDX-License-Identifier: MIT
/* The device's OpenCL C features and extensions (cl_features.h). */
#include "cl_features.h"

#include <stddef.h>

const struct oclhls_cl_name oclhls_cl_c_features[] = {
    {"__opencl_c_int64", 3, 0, 0},
    {"__opencl_c_pipes", 3, 0, 0},
    /* Generic pointers followed to the memory each came from, also when chosen at run time
       (frontend/address_spaces.c, address_space_queries.c; hls/lower/lower_memory.c). */
    {"__opencl_c_generic_address_space", 3, 0, 0},
    /* work_group_reduce/scan/broadcast/any/all (frontend/builtins/work_group.cl) */
    {"__opencl_c_work_group_collective_functions", 3, 0, 0},
    /* The library's atomics are sequentially consistent read-modify-writes of one memory
       port's unit (frontend/builtins/atomics.cl; one compute unit sees every device-scope
       access), which the 2.0 forms without _explicit (atomic_load, atomic_fetch_add ...)
       need; CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES says the same. */
    {"__opencl_c_atomic_order_acq_rel", 3, 0, 0},
    {"__opencl_c_atomic_order_seq_cst", 3, 0, 0},
    {"__opencl_c_atomic_scope_device", 3, 0, 0},
    /* Images (issue 34): the library's read_image and write_image functions over an image's 8
       argument words (frontend/builtins/images.cl, frontend/images.c), writes to 3D images and
       __read_write images among them; CL_DEVICE_IMAGE_SUPPORT (runtime/core/image.h). */
    {"__opencl_c_images", 3, 0, 0},
    {"__opencl_c_3d_image_writes", 3, 0, 0},
    {"__opencl_c_read_write_images", 3, 0, 0},
    {NULL, 0, 0, 0},
};

const struct oclhls_cl_name oclhls_cl_extensions[] = {
    /* byte and short stores (OpenCL 1.0's optional extension, core since 1.1) */
    {"cl_khr_byte_addressable_store", 1, 0, 0},
    /* the 1.0 atom_* functions on 32-bit __global and __local words */
    {"cl_khr_global_int32_base_atomics", 1, 0, 0},
    {"cl_khr_global_int32_extended_atomics", 1, 0, 0},
    {"cl_khr_local_int32_base_atomics", 1, 0, 0},
    {"cl_khr_local_int32_extended_atomics", 1, 0, 0},
    /* write_imagef/i/ui on image3d_t (the 1.x extension of __opencl_c_3d_image_writes) */
    {"cl_khr_3d_image_writes", 1, 0, 0},
    {NULL, 0, 0, 0},
};
