// SPDX-License-Identifier: MIT
/*
 * math_builtins.cl on the sim board: library functions measured in ulps against the host's
 * double-precision libm (tests/unit/math/ulp.h), within the OpenCL C spec's ulp table; the
 * exact ones (sqrt and its native_/half_ forms, floor, rint, ldexp, convert_int_sat_rte,
 * ilogb, vstore_half_rte) bit for bit. Inputs: the edge values (zeros, infinities, NaNs,
 * denormals, extreme normals), random bit patterns and random values in each function's
 * useful range, large ones for sin/cos/tan.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kt.h"
#include "ulp.h"

enum { N = 512 };
static uint64_t rng = 2024;

static float rand_in(float lo, float hi)
{
    return lo + (hi - lo) * (float)(kt_rand(&rng) >> 40) / (float)(1 << 24);
}

/* Edge values, then random patterns, then values in [lo, hi] (a third each). */
static void make_inputs(float *x, float lo, float hi)
{
    for (int i = 0; i < N; i++) {
        if (i < ULP_NEDGE)
            x[i] = ulp_float(ulp_edge_bits[i]);
        else if (i % 3 == 0)
            x[i] = ulp_float((uint32_t)kt_rand(&rng));
        else
            x[i] = rand_in(lo, hi);
    }
}

static cl_mem run1(struct kt *t, const char *name, const float *x, size_t out_bytes, void *out)
{
    size_t global = N;
    cl_kernel k = kt_kernel(t, name);
    cl_mem dx = kt_buffer_arg(t, k, 0, N * sizeof(float), x);
    cl_mem dout = kt_buffer_arg(t, k, 1, out_bytes, NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, out_bytes, out);
    clReleaseMemObject(dx);
    clReleaseKernel(k);
    return dout;
}

/* Records each ulp check as a kt check too, so failures reach the summary line. */
static void finish_checks(struct kt *t, struct ulp_check *c, int n)
{
    for (int i = 0; i < n; i++)
        kt_expect(t, c[i].worst <= c[i].bound, "%s: worst %.3f ulp > %g", c[i].name, c[i].worst,
                  c[i].bound);
    ulp_report(c, n);
}

static void test_exp_log(struct kt *t)
{
    static float x[N], out[4 * N];
    make_inputs(x, -90, 90);
    for (int i = N / 2; i < N; i += 2)
        x[i] = rand_in(0, 1000); /* log's domain */
    clReleaseMemObject(run1(t, "exp_log", x, sizeof(out), out));
    struct ulp_check c[4] = {{.name = "exp", .bound = 3},
                             {.name = "log", .bound = 3},
                             {.name = "exp2", .bound = 3},
                             {.name = "log2", .bound = 3}};
    for (int i = 0; i < N; i++) {
        double d = x[i];
        double ref[4] = {exp(d), log(d), exp2(d), log2(d)};
        for (int j = 0; j < 4; j++)
            ulp_record(&c[j], &x[i], 1, out[4 * i + j], ref[j]);
    }
    finish_checks(t, c, 4);
}

static void test_trig(struct kt *t)
{
    static float x[N], out[3 * N];
    make_inputs(x, -10, 10);
    for (int i = 1; i < N; i += 4)
        x[i] = ldexpf(rand_in(-1, 1), (int)(kt_rand(&rng) % 120)); /* up to 2^120 */
    clReleaseMemObject(run1(t, "trig", x, sizeof(out), out));
    struct ulp_check c[3] = {
        {.name = "sin", .bound = 4}, {.name = "cos", .bound = 4}, {.name = "tan", .bound = 5}};
    for (int i = 0; i < N; i++) {
        double d = x[i];
        double ref[3] = {sin(d), cos(d), tan(d)};
        for (int j = 0; j < 3; j++)
            ulp_record(&c[j], &x[i], 1, out[3 * i + j], ref[j]);
    }
    finish_checks(t, c, 3);
}

static void test_two_args(struct kt *t)
{
    static float x[N], y[N], out[4 * N];
    size_t global = N;
    make_inputs(x, -50, 50);
    make_inputs(y, -8, 8);
    for (int i = 0; i < ULP_NEDGE; i++)
        y[i] = ulp_float(ulp_edge_bits[(i * 7 + 3) % ULP_NEDGE]);
    cl_kernel k = kt_kernel(t, "two_args");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, sizeof(x), x), kt_buffer_arg(t, k, 1, sizeof(y), y),
                   kt_buffer_arg(t, k, 2, sizeof(out), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[2], sizeof(out), out);
    struct ulp_check c[4] = {{.name = "pow", .bound = 16},
                             {.name = "atan2", .bound = 6},
                             {.name = "fmod", .bound = 0},
                             {.name = "hypot", .bound = 4}};
    for (int i = 0; i < N; i++) {
        double a = x[i], b = y[i];
        double ref[4] = {pow(a, b), atan2(a, b), fmod(a, b), hypot(a, b)};
        float in[2] = {x[i], y[i]};
        for (int j = 0; j < 4; j++)
            ulp_record(&c[j], in, 2, out[4 * i + j], ref[j]);
    }
    finish_checks(t, c, 4);
    for (int i = 0; i < 3; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
}

static int rte_sat(float v)
{
    if (isnan(v))
        return 0;
    double r = nearbyint((double)v); /* the host rounds to nearest even by default */
    return r <= INT_MIN ? INT_MIN : r >= INT_MAX ? INT_MAX : (int)r;
}

static int cl_ilogb(float v)
{
    return isnan(v) ? INT_MAX : v == 0 ? INT_MIN : ilogbf(v); /* opencl-c.h's FP_ILOGB* */
}

static void test_exact(struct kt *t)
{
    static float x[N], out[4 * N];
    static int iout[2 * N];
    static uint16_t hout[N];
    static float sq[8 * N];
    size_t global = N;
    make_inputs(x, -70000, 70000);
    cl_kernel k = kt_kernel(t, "exact");
    cl_mem m[5] = {kt_buffer_arg(t, k, 0, sizeof(x), x), kt_buffer_arg(t, k, 1, sizeof(out), NULL),
                   kt_buffer_arg(t, k, 2, sizeof(iout), NULL),
                   kt_buffer_arg(t, k, 3, sizeof(hout), NULL),
                   kt_buffer_arg(t, k, 4, sizeof(sq), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    kt_read(t, m[2], sizeof(iout), iout);
    kt_read(t, m[3], sizeof(hout), hout);
    kt_read(t, m[4], sizeof(sq), sq);
    static const char *const names[4] = {"sqrt", "floor", "rint", "ldexp"};
    static const char *const sq_names[8] = {
        "native_sqrt", "half_sqrt", "native_sqrt float2 .x", "native_sqrt float2 .y",
        "half_sqrt float4 .x", "half_sqrt float4 .y", "half_sqrt float4 .z", "half_sqrt float4 .w"};
    for (int i = 0; i < N; i++) {
        float v = x[i];
        float sq_in[8] = {v, -v, v * 4.0f, fabsf(v), v, -v, v * 4.0f, v * 0x1p-140f};
        for (int j = 0; j < 8; j++) {
            float want = sqrtf(sq_in[j]), got = sq[8 * i + j];
            int ok = isnan(want) ? isnan(got) : ulp_bits(got) == ulp_bits(want);
            kt_expect(t, ok, "%s(%a): got %a, want %a", sq_names[j], (double)sq_in[j],
                      (double)got, (double)want);
        }
    }
    for (int i = 0; i < N; i++) {
        float want[4] = {sqrtf(x[i]), floorf(x[i]), rintf(x[i]), ldexpf(x[i], i - 64)};
        for (int j = 0; j < 4; j++) {
            uint32_t got = ulp_bits(out[4 * i + j]);
            int ok = isnan(want[j]) ? isnan(out[4 * i + j]) : got == ulp_bits(want[j]);
            kt_expect(t, ok, "%s(%a): got %a, want %a", names[j], (double)x[i],
                      (double)out[4 * i + j], (double)want[j]);
        }
        KT_EQ(t, iout[2 * i], rte_sat(x[i]), "convert_int_sat_rte", i);
        KT_EQ(t, iout[2 * i + 1], cl_ilogb(x[i]), "ilogb", i);
        _Float16 h = (_Float16)x[i];
        uint16_t hb;
        memcpy(&hb, &h, 2);
        int hok = isnan(x[i]) ? (hout[i] & 0x7c00) == 0x7c00 && (hout[i] & 0x3ff) : hout[i] == hb;
        kt_expect(t, hok, "vstore_half_rte(%a): got 0x%04x, want 0x%04x", (double)x[i], hout[i],
                  hb);
    }
    for (int i = 0; i < 5; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    struct kt t;
    kt_init(&t, "math_builtins", argc > 1 ? argv[1] : "math_builtins.cl");
    test_exp_log(&t);
    test_trig(&t);
    test_two_args(&t);
    test_exact(&t);
    return kt_finish(&t);
}
