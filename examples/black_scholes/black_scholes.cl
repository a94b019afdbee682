// SPDX-License-Identifier: MIT
/* Black-Scholes European option pricing: three exp, a log and a sqrt per option. */
static float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f;
    const float a4 = -1.821255978f, a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float w = 0.39894228f * exp(-0.5f * d * d) *
              (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0.0f ? 1.0f - w : w;
}

__kernel void black_scholes(__global const float *spot, __global const float *strike,
                            __global const float *years, __global float *call,
                            __global float *put, float rate, float vol)
{
    int i = get_global_id(0);
    float s = spot[i], x = strike[i], t = years[i];
    float sqrt_t = sqrt(t);
    float d1 = (log(s / x) + (rate + 0.5f * vol * vol) * t) / (vol * sqrt_t);
    float d2 = d1 - vol * sqrt_t;
    float c1 = cnd(d1), c2 = cnd(d2);
    float discount = x * exp(-rate * t);
    call[i] = s * c1 - discount * c2;
    put[i] = discount * (1.0f - c2) - s * (1.0f - c1);
}
