// SPDX-License-Identifier: MIT
// Intel FPGA SDK functions (declared for kernels by frontend/device_header.c).
//
// get_compute_id(dim) has no definition here: HLS answers it (hls/lower/lower_call.c), 0
// with one compute unit, else each copy's own id (num_compute_units).
