// SPDX-License-Identifier: MIT
// A struct argument of 2,000 bytes: more than the 1,920 bytes of argument registers a kernel
// has (CL_DEVICE_MAX_PARAMETER_SIZE), refused at the kernel's line (7) with both amounts.
typedef struct {
    int v[500];
} table;
__kernel void pick(table t, __global int *out, int i)
{
    out[get_global_id(0)] = t.v[i & 511];
}
