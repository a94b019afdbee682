// SPDX-License-Identifier: MIT
// A missing semicolon on line 6: the build must fail with clang's diagnostic.
__kernel void broken(__global int *out)
{
    int i = get_global_id(0);
    out[i] = i * 2
}
