// SPDX-License-Identifier: MIT
// half is a storage type (no cl_khr_fp16): arithmetic on it is reported with its line.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void twice(global half *h)
{
    h[get_global_id(0)] = h[get_global_id(0)] * (half)2;
}
