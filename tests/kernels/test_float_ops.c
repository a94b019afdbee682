// SPDX-License-Identifier: MIT
/*
 * float_ops.cl: float arithmetic, comparisons and conversions on the sim board, bit for bit
 * against the host's IEEE-754 arithmetic (any NaN matches any NaN). Inputs: pairs and triples
 * of edge values (zeros, infinities, NaNs, denormals, extreme normals, ties) and random bit
 * patterns.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kt.h"

enum { N = 512 };
static uint64_t rng = 4242;

static const uint32_t edges[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xff800001, 0x00000001,
    0x80000001, 0x007fffff, 0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x3f800000,
    0xbf800000, 0x3f800001, 0x4b000001, 0x4effffff, 0x4f000000, 0xcf000000, 0x5f000000,
    0xdf000000, 0x3effffff, 0xbf7fffff, 0x34000000, 0x00ffffff, 0x40490fdb, 0x42fe0000,
};
#define NEDGE (int)(sizeof edges / sizeof edges[0])

static float f_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t u_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Edge values first (every pair of them across a and b), then random patterns. */
static uint32_t input(int i, int which)
{
    if (i < NEDGE * NEDGE / 2) {
        int e = which == 0 ? i % NEDGE : which == 1 ? (i / NEDGE + i) % NEDGE : (i * 7) % NEDGE;
        return edges[e];
    }
    uint32_t r = (uint32_t)kt_rand(&rng);
    if (which == 2 && (r & 3) == 0)
        return r & 0x807fffff; /* denormal addends */
    return r;
}

static int same_float(uint32_t got, float want)
{
    return isnan(want) ? isnan(f_of(got)) : got == u_of(want);
}

static void check_float(struct kt *t, const char *what, int i, const float *in, int nin,
                        uint32_t got, float want)
{
    if (!same_float(got, want)) {
        char args[96] = "";
        for (int j = 0; j < nin; j++)
            snprintf(args + strlen(args), sizeof(args) - strlen(args), "%s%a", j ? ", " : "",
                     (double)in[j]);
        kt_expect(t, 0, "%s(%s) [%d]: got %a (0x%08x), want %a (0x%08x)", what, args, i,
                  (double)f_of(got), got, (double)want, u_of(want));
    } else {
        kt_expect(t, 1, "%s", what);
    }
}

/* OpenCL fmin/fmax: a NaN operand, quiet or signalling, gives the other one (glibc's
   fminf answers NaN for a signalling NaN). */
static float cl_fmin(float x, float y)
{
    return isnan(x) ? y : isnan(y) ? x : fminf(x, y);
}

static float cl_fmax(float x, float y)
{
    return isnan(x) ? y : isnan(y) ? x : fmaxf(x, y);
}

static void test_arith(struct kt *t, const float *a, const float *b, const float *c)
{
    static uint32_t out[N * 10];
    size_t global = N;
    cl_kernel k = kt_kernel(t, "arith");
    cl_mem bufs[4] = {kt_buffer_arg(t, k, 0, N * 4, a), kt_buffer_arg(t, k, 1, N * 4, b),
                      kt_buffer_arg(t, k, 2, N * 4, c), kt_buffer_arg(t, k, 3, sizeof(out), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, bufs[3], sizeof(out), out);
    static const char *const names[10] = {"add", "sub",  "mul",  "div", "sqrt",
                                          "fma", "fmin", "fmax", "neg", "copysign(fabs)"};
    for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i], z = c[i], in[3] = {x, y, z};
        float want[10] = {
            x + y,         x - y,         x * y,         x / y, sqrtf(x),
            fmaf(x, y, z), cl_fmin(x, y), cl_fmax(x, y), -x,    copysignf(fabsf(x), y)};
        for (int j = 0; j < 10; j++) {
            uint32_t got = out[i * 10 + j];
            /* fmin/fmax of zeros of both signs: either zero is allowed (C99 F.9.9.2) */
            if ((j == 6 || j == 7) && x == 0 && y == 0 && f_of(got) == 0)
                got = u_of(want[j]);
            check_float(t, names[j], i, in, j == 5 ? 3 : j == 4 || j == 8 ? 1 : 2, got, want[j]);
        }
    }
    for (int i = 0; i < 4; i++)
        clReleaseMemObject(bufs[i]);
    clReleaseKernel(k);
}

/* llvm.is.fpclass's class bit of x: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0,
   6 +0, 7 +denormal, 8 +normal, 9 +inf. */
static int fp_class(float x)
{
    uint32_t u = u_of(x), mag = u & 0x7fffffff;
    int neg = u >> 31;
    if (mag > 0x7f800000)
        return mag & 0x00400000 ? 1 : 0;
    int c = mag == 0x7f800000 ? 3 : mag >= 0x00800000 ? 2 : mag ? 1 : 0; /* inf, normal, ... */
    return neg ? 5 - c : 6 + c;
}

static const unsigned class_masks[10] = {0x003, 0x204, 0x108, 0x090, 0x060,
                                         0x100, 0x008, 0x3e7, 0x001, 0x03c};

static void test_compare(struct kt *t, const float *a, const float *b)
{
    static uint32_t out[N];
    size_t global = N;
    cl_kernel k = kt_kernel(t, "compare");
    cl_mem da = kt_buffer_arg(t, k, 0, N * 4, a), db = kt_buffer_arg(t, k, 1, N * 4, b);
    cl_mem dout = kt_buffer_arg(t, k, 2, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i];
        uint32_t want = (x < y) | (x == y) << 1 | (x <= y) << 2 | (x > y) << 3 | (x >= y) << 4 |
                        (x != y) << 5 | (isnan(x) || isnan(y)) << 6 | (x < y || x > y) << 7;
        for (int m = 0; m < 10; m++)
            want |= (uint32_t)(class_masks[m] >> fp_class(x) & 1) << (8 + m);
        kt_expect(t, out[i] == want, "compare(%a, %a): got 0x%05x, want 0x%05x", (double)x,
                  (double)y, out[i], want);
    }
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

/* The hardware's conversion: truncation toward zero, saturating, NaN to 0 (docs). */
static int64_t to_int_ref(float x, int bits, int is_signed)
{
    double v = trunc((double)x);
    double lo = is_signed ? -ldexp(1, bits - 1) : 0;
    double hi = is_signed ? ldexp(1, bits - 1) - 1 : ldexp(1, bits) - 1;
    if (isnan(v))
        return 0;
    if (v <= lo)
        return is_signed ? (bits == 64 ? INT64_MIN : (int64_t)lo) : 0;
    if (v >= hi)
        return bits == 64 ? (is_signed ? INT64_MAX : -1) : (int64_t)hi;
    return is_signed ? (int64_t)v : (int64_t)(uint64_t)v;
}

static void test_to_int(struct kt *t, const float *a)
{
    static int64_t out[N * 8];
    size_t global = N;
    cl_kernel k = kt_kernel(t, "to_int");
    cl_mem da = kt_buffer_arg(t, k, 0, N * 4, a);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    static const char *const names[8] = {"char", "uchar", "short", "ushort",
                                         "int",  "uint",  "long",  "ulong"};
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 8; j++) {
            int bits = 8 << (j / 2), is_signed = !(j & 1);
            int64_t want = to_int_ref(a[i], bits, is_signed);
            if (!is_signed && bits < 64)
                want &= (int64_t)((UINT64_C(1) << bits) - 1);
            kt_expect(t, out[i * 8 + j] == want, "(%s)%a: got %lld, want %lld", names[j],
                      (double)a[i], (long long)out[i * 8 + j], (long long)want);
        }
    clReleaseMemObject(da);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_from_int(struct kt *t)
{
    static int64_t v[N];
    static uint32_t out[N * 8];
    size_t global = N;
    for (int i = 0; i < N; i++) {
        uint64_t r = kt_rand(&rng);
        v[i] = (int64_t)(i < 64 ? (UINT64_C(1) << i) - (i & 1) - (i & 2 ? 0x80 : 0) /* ties */
                                : r >> (r % 64));
        if (i & 4)
            v[i] = -v[i];
    }
    cl_kernel k = kt_kernel(t, "from_int");
    cl_mem dv = kt_buffer_arg(t, k, 0, sizeof(v), v);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dout, sizeof(out), out);
    static const char *const names[8] = {"char", "uchar", "short", "ushort",
                                         "int",  "uint",  "long",  "ulong"};
    for (int i = 0; i < N; i++) {
        int64_t x = v[i];
        float want[8] = {(float)(int8_t)x,   (float)(uint8_t)x, (float)(int16_t)x,
                         (float)(uint16_t)x, (float)(int32_t)x, (float)(uint32_t)x,
                         (float)x,           (float)(uint64_t)x};
        for (int j = 0; j < 8; j++)
            kt_expect(t, out[i * 8 + j] == u_of(want[j]), "(float)(%s)0x%llx: got %a, want %a",
                      names[j], (unsigned long long)x, (double)f_of(out[i * 8 + j]),
                      (double)want[j]);
    }
    clReleaseMemObject(dv);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
}

static void test_saxpy4(struct kt *t, const float *x, const float *y)
{
    static float out[N];
    size_t global = N / 4;
    float a = 2.5f;
    cl_kernel k = kt_kernel(t, "saxpy4");
    cl_mem dx = kt_buffer_arg(t, k, 0, N * 4, x);
    cl_mem dy = kt_buffer_arg(t, k, 1, N * 4, y);
    kt_arg(t, k, 2, sizeof(a), &a);
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, dy, sizeof(out), out);
    for (int i = 0; i < N; i++)
        check_float(t, "saxpy4", i, (float[3]){a, x[i], y[i]}, 3, u_of(out[i]),
                    fmaf(a, x[i], y[i]));
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    clReleaseKernel(k);
}

static void test_vec16(struct kt *t, const float *in)
{
    enum { ITEMS = N / 16 };
    static float out[N];
    static uint16_t hout[ITEMS * 4];
    size_t global = ITEMS;
    cl_kernel k = kt_kernel(t, "vec16");
    cl_mem m[3] = {kt_buffer_arg(t, k, 0, N * 4, in), kt_buffer_arg(t, k, 1, sizeof(out), NULL),
                   kt_buffer_arg(t, k, 2, sizeof(hout), NULL)};
    kt_run(t, k, 1, NULL, &global, NULL);
    kt_read(t, m[1], sizeof(out), out);
    kt_read(t, m[2], sizeof(hout), hout);
    for (int i = 0; i < ITEMS; i++) {
        const float *v = in + 16 * i;
        float want[16], mm[8], e[4];
        for (int j = 0; j < 8; j++)
            mm[j] = want[j] = fmaf(v[j], v[j + 8], (float)(j + 1)); /* contracted */
        for (int j = 0; j < 4; j++)
            e[j] = want[8 + j] = mm[2 * j] - mm[2 * j + 1];
        want[12] = e[0] + e[3];
        want[13] = e[1] + e[2];
        want[14] = want[13] * v[15];
        want[15] = e[3];
        for (int j = 0; j < 16; j++)
            check_float(t, "vec16", 16 * i + j, &v[j % 8], 1, u_of(out[16 * i + j]), want[j]);
        for (int j = 0; j < 4; j++) {
            _Float16 h = (_Float16)e[j]; /* round to nearest even, as vstore_half4 */
            uint16_t hb;
            memcpy(&hb, &h, 2);
            int ok = isnan(e[j]) ? (hout[4 * i + j] & 0x7c00) == 0x7c00 : hout[4 * i + j] == hb;
            kt_expect(t, ok, "vstore_half4 lane %d of %a: got 0x%04x, want 0x%04x", j, (double)e[j],
                      hout[4 * i + j], hb);
        }
    }
    for (int i = 0; i < 3; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
}

int main(int argc, char **argv)
{
    static float a[N], b[N], c[N];
    struct kt t;
    kt_init(&t, "float_ops", argc > 1 ? argv[1] : "float_ops.cl");
    for (int i = 0; i < N; i++) {
        a[i] = f_of(input(i, 0));
        b[i] = f_of(input(i, 1));
        c[i] = f_of(input(i, 2));
    }
    test_arith(&t, a, b, c);
    test_compare(&t, a, b);
    test_to_int(&t, a);
    test_from_int(&t);
    test_saxpy4(&t, a, b);
    test_vec16(&t, c);
    return kt_finish(&t);
}
