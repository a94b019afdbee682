// SPDX-License-Identifier: MIT
// Everyday float kernels end to end (test_float_kernels.c): vector add, SAXPY with mad, a
// float4 dot/normalize, a float reduction in a single work-item loop, and an int/float image
// filter that rounds back with convert_uchar_sat.

kernel void vadd(global const float *a, global const float *b, global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

kernel void saxpy(float a, global const float *x, global float *y)
{
    size_t i = get_global_id(0);
    y[i] = mad(a, x[i], y[i]);
}

kernel void dot_normalize(global const float4 *p, global const float4 *q, global float *dots,
                          global float4 *units)
{
    size_t i = get_global_id(0);
    dots[i] = dot(p[i], q[i]);
    units[i] = normalize(p[i]);
}

// One work-item sums n values in order: the loop-carried add sets the loop's II.
kernel void __attribute__((max_global_work_dim(0)))
sum(global const float *x, int n, global float *out)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += x[i];
    *out = s;
}

// 3x3 weighted blur of an 8-bit image (edges clamped), with gain and offset in float.
kernel void blur(global const uchar *in, global uchar *out, int width, int height, float gain,
                 float offset)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
            int sx = clamp(x + dx, 0, width - 1), sy = clamp(y + dy, 0, height - 1);
            float w = (dx == 0 ? 2.0f : 1.0f) * (dy == 0 ? 2.0f : 1.0f);
            acc += w * convert_float(in[sy * width + sx]);
        }
    out[y * width + x] = convert_uchar_sat(acc * (gain / 16.0f) + offset);
}

// Sums of powers in one work-item: the loop-carried adds give it an II well above 1, so the
// two adds share one adder and the two fused multiply-adds one unit (build report: "shares").
kernel void __attribute__((max_global_work_dim(0)))
moments(global const float *x, int n, global float *out)
{
    float s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
    for (int i = 0; i < n; i++) {
        float v = x[i];
        s1 = (s1 + v) + 0.25f;
        s2 += v * v;
        s3 += v * v * v;
    }
    out[0] = s1;
    out[1] = s2;
    out[2] = s3;
}
