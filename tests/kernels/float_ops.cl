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

// Each comparison as a bit: <, ==, <=, >, >=, !=, unordered, ordered-and-unequal; then
// class tests of x.
kernel void compare(global const float *a, global const float *b, global uint *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    out[i] = (x < y) | (x == y) << 1 | (x <= y) << 2 | (x > y) << 3 | (x >= y) << 4 |
             (x != y) << 5 | (x != x || y != y) << 6 | (x < y || x > y) << 7 |
             // class tests (llvm.is.fpclass), masks as in test_float_ops.c
             __builtin_isfpclass(x, 0x003) << 8 | __builtin_isfpclass(x, 0x204) << 9 |
             __builtin_isfpclass(x, 0x108) << 10 | __builtin_isfpclass(x, 0x090) << 11 |
             __builtin_isfpclass(x, 0x060) << 12 | __builtin_isfpclass(x, 0x100) << 13 |
             __builtin_isfpclass(x, 0x008) << 14 | __builtin_isfpclass(x, 0x3e7) << 15 |
             __builtin_isfpclass(x, 0x001) << 16 | __builtin_isfpclass(x, 0x03c) << 17;
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

// float16/8/4/2 with swizzles, vector literals, vload/vstore and vstore_half.
kernel void vec16(global const float *in, global float *out, global half *hout)
{
    size_t i = get_global_id(0);
    float16 v = vload16(i, in);
    float8 m = v.lo * v.hi + (float8)(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f);
    float4 e = m.even - m.odd;
    float2 s = e.xy + e.wz;
    vstore8(m, 2 * i, out);
    vstore4(e, 4 * i + 2, out);
    vstore2(s, 8 * i + 6, out);
    out[16 * i + 14] = s.s1 * v.sf;
    out[16 * i + 15] = e.w;
    vstore_half4(e, i, hout);
}
