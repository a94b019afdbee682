// SPDX-License-Identifier: MIT
// The builtin math library on the hardware (test_math_builtins.c): each kernel applies a few
// library functions to its inputs; the host measures the results in ulps against double
// precision, with the bounds of the OpenCL C spec's ulp table.

kernel void exp_log(global const float *restrict x, global float *restrict out)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = exp(x[i]);
    out[4 * i + 1] = log(x[i]);
    out[4 * i + 2] = exp2(x[i]);
    out[4 * i + 3] = log2(x[i]);
}

kernel void trig(global const float *restrict x, global float *restrict out)
{
    size_t i = get_global_id(0);
    float c;
    out[3 * i + 0] = sincos(x[i], &c);
    out[3 * i + 1] = c;
    out[3 * i + 2] = tan(x[i]);
}

kernel void two_args(global const float *restrict x, global const float *restrict y,
                       global float *restrict out)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = pow(x[i], y[i]);
    out[4 * i + 1] = atan2(x[i], y[i]);
    out[4 * i + 2] = fmod(x[i], y[i]);
    out[4 * i + 3] = hypot(x[i], y[i]);
}

// Correctly rounded operations and exact library functions, and the half storage format.
// native_sqrt and half_sqrt are sqrt, scalar and vector: sq gets 8 per work-item.
kernel void exact(global const float *restrict x, global float *restrict out,
                  global int *restrict iout, global half *restrict hout,
                  global float *restrict sq)
{
    size_t i = get_global_id(0);
    sq[8 * i + 0] = native_sqrt(x[i]);
    sq[8 * i + 1] = half_sqrt(-x[i]);
    vstore2(native_sqrt((float2)(x[i] * 4.0f, fabs(x[i]))), 4 * i + 1, sq);
    vstore4(half_sqrt((float4)(x[i], -x[i], x[i] * 4.0f, x[i] * 0x1p-140f)), 2 * i + 1, sq);
    out[4 * i + 0] = sqrt(x[i]);
    out[4 * i + 1] = floor(x[i]);
    out[4 * i + 2] = rint(x[i]);
    out[4 * i + 3] = ldexp(x[i], (int)i - 64);
    iout[2 * i + 0] = convert_int_sat_rte(x[i]);
    iout[2 * i + 1] = ilogb(x[i]);
    vstore_half_rte(x[i], i, hout);
}
