// SPDX-License-Identifier: MIT
// Intel FPGA SDK functions (declared for kernels by frontend/device_header.c).

// The compute unit running the work-item (Intel's num_compute_units): there is one.
uint OCLHLS_OVL get_compute_id(uint dim) { return 0; }
