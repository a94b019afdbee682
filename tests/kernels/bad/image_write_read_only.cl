// SPDX-License-Identifier: MIT
// Writing a __read_only image: clang finds no write_imagef for it (line 7, with its column).
__kernel void overwrite(__read_only image2d_t a)
{
    int x = get_global_id(0);

    write_imagef(a, (int2)(x, 0), (float4)(0.0f));
}
