// SPDX-License-Identifier: MIT
// The float operators and the hardware units behind them (rtl-lib/ocl_fp_*): every result
// of one work-item is compared bit for bit with the host (test_float_ops.c). The LLVM
// intrinsics are called directly (the library's sqrt, fma, ... are checked elsewhere).

kernel void arith(global const float *a, global const float *b, global const float *c,
                  global float *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i], z = c[i];
    global float *o = out + i * 10;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = __builtin_sqrtf(x);
    o[5] = __builtin_fmaf(x, y, z);
    o[6] = __builtin_fminf(x, y);
    o[7] = __builtin_fmaxf(x, y);
    o[8] = -x;
    o[9] = __builtin_copysignf(__builtin_fabsf(x), y);
}

// Each comparison as a bit: <, ==, <=, >, >=, !=, unordered, ordered-and-unequal.
kernel void compare(global const float *a, global const float *b, global uint *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    out[i] = (x < y) | (x == y) << 1 | (x <= y) << 2 | (x > y) << 3 | (x >= y) << 4 |
             (x != y) << 5 | (x != x || y != y) << 6 | (x < y || x > y) << 7;
}

// Float to every integer type (truncating; the hardware saturates out-of-range values).
kernel void to_int(global const float *a, global long *out)
{
    size_t i = get_global_id(0);
    float x = a[i];
    global long *o = out + i * 8;
    o[0] = (char)x;
    o[1] = (uchar)x;
    o[2] = (short)x;
    o[3] = (ushort)x;
    o[4] = (int)x;
    o[5] = (uint)x;
    o[6] = (long)x;
    o[7] = (long)(ulong)x;
}

// Every integer type to float (rounded to nearest even).
kernel void from_int(global const long *v, global float *out)
{
    size_t i = get_global_id(0);
    long x = v[i];
    global float *o = out + i * 8;
    o[0] = (float)(char)x;
    o[1] = (float)(uchar)x;
    o[2] = (float)(short)x;
    o[3] = (float)(ushort)x;
    o[4] = (float)(int)x;
    o[5] = (float)(uint)x;
    o[6] = (float)x;
    o[7] = (float)(ulong)x;
}

// A float argument by value and float4 arithmetic lane by lane (a * x + y contracts to one
// fused multiply-add: OpenCL C's default FP_CONTRACT ON).
kernel void saxpy4(global const float4 *x, global float4 *y, float a)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
