// SPDX-License-Identifier: MIT
/*
 * images.cl: images and samplers against a host reference of the OpenCL C spec's section 8
 * ("Image Addressing and Filtering", the conversion rules) and 6.13.14 (channel orders, border
 * colors, the array layer). Conversions in both directions for CL_R, CL_RG, CL_RGBA (and
 * CL_BGRA) in every normalized, integer, half and float type; every addressing mode with both
 * filters and normalized and unnormalized coordinates through a sampler argument, integer
 * coordinates, samplers declared at program scope and in a kernel, and every image type (reads
 * and writes; 3D writes when the device claims cl_khr_3d_image_writes). Nearest reads must be
 * exact up to the conversion's ulps; linear ones within 1e-4 of the reference (the spec leaves
 * their precision open). Also clSetKernelArg's image and sampler errors and clGetKernelArgInfo of
 * both.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kt.h"

/* ---- formats ---- */

static unsigned channels(cl_channel_order o)
{
    return o == CL_R ? 1 : o == CL_RG ? 2 : 4;
}

static unsigned channel_bytes(cl_channel_type t)
{
    switch (t) {
    case CL_UNORM_INT8:
    case CL_SNORM_INT8:
    case CL_SIGNED_INT8:
    case CL_UNSIGNED_INT8:
        return 1;
    case CL_SIGNED_INT32:
    case CL_UNSIGNED_INT32:
    case CL_FLOAT:
        return 4;
    default:
        return 2;
    }
}

static unsigned elem_size(cl_image_format f)
{
    return channels(f.image_channel_order) * channel_bytes(f.image_channel_data_type);
}

static int signed_type(cl_channel_type t)
{
    return t == CL_SNORM_INT8 || t == CL_SNORM_INT16 || t == CL_SIGNED_INT8 ||
           t == CL_SIGNED_INT16 || t == CL_SIGNED_INT32;
}

static float half_to_float(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0    ? ldexpf((float)m, -24)
              : e == 31 ? (m ? NAN : INFINITY)
                        : ldexpf((float)(m | 1024), e - 25);
    return h & 0x8000 ? -v : v;
}

/* float to half, round to nearest even (no NaN inputs here) */
static uint16_t float_to_half(float f)
{
    uint16_t s = signbit(f) ? 0x8000 : 0;
    float a = fabsf(f);
    if (a >= 65520.0f)
        return s | 0x7c00;
    if (a < ldexpf(1.0f, -14)) /* denormal: units of 2^-24 */
        return s | (uint16_t)lrintf(ldexpf(a, 24));
    int e;
    float m = frexpf(a, &e);        /* a = m * 2^e, m in [0.5, 1) */
    long q = lrintf(ldexpf(m, 11)); /* 11 significant bits */
    if (q == 2048) {
        q = 1024;
        e++;
    }
    if (e + 14 >= 31)
        return s | 0x7c00;
    return s | (uint16_t)((e + 14) << 10 | (q & 1023));
}

/* Channel k (memory order) of the texel at p, sign-extended for signed types. */
static uint32_t raw_channel(const uint8_t *p, unsigned k, cl_channel_type t)
{
    unsigned b = channel_bytes(t);
    uint32_t v = 0;
    memcpy(&v, p + k * b, b);
    if (signed_type(t) && b == 1)
        v = (uint32_t)(int32_t)(int8_t)v;
    if (signed_type(t) && b == 2)
        v = (uint32_t)(int32_t)(int16_t)v;
    return v;
}

static float norm_to_float(uint32_t v, cl_channel_type t)
{
    switch (t) {
    case CL_UNORM_INT8:
        return (float)v / 255.0f;
    case CL_UNORM_INT16:
        return (float)v / 65535.0f;
    case CL_SNORM_INT8:
        return fmaxf(-1.0f, (float)(int32_t)v / 127.0f);
    case CL_SNORM_INT16:
        return fmaxf(-1.0f, (float)(int32_t)v / 32767.0f);
    case CL_HALF_FLOAT:
        return half_to_float((uint16_t)v);
    default: {
        float f;
        memcpy(&f, &v, 4);
        return f;
    }
    }
}

/* The texel at p as (r, g, b, a) in the read's type (0 float, else integer bits). */
static void texel_rgba(const uint8_t *p, cl_image_format f, int is_float, uint32_t out[4])
{
    uint32_t c[4] = {0, 0, 0, 0}, one;
    float fo = 1.0f;
    memcpy(&one, &fo, 4);
    if (!is_float)
        one = 1;
    for (unsigned k = 0; k < channels(f.image_channel_order); k++) {
        c[k] = raw_channel(p, k, f.image_channel_data_type);
        if (is_float) {
            float v = norm_to_float(c[k], f.image_channel_data_type);
            memcpy(&c[k], &v, 4);
        }
    }
    switch (f.image_channel_order) {
    case CL_R:
        out[0] = c[0], out[1] = 0, out[2] = 0, out[3] = one;
        break;
    case CL_RG:
        out[0] = c[0], out[1] = c[1], out[2] = 0, out[3] = one;
        break;
    case CL_BGRA:
        out[0] = c[2], out[1] = c[1], out[2] = c[0], out[3] = c[3];
        break;
    default:
        memcpy(out, c, 16);
    }
}

static uint32_t sat_u(double v, double hi)
{
    return v != v ? 0 : v < 0 ? 0 : v > hi ? (uint32_t)hi : (uint32_t)v;
}

static int32_t sat_s(double v, double lo, double hi)
{
    return v != v ? 0 : v < lo ? (int32_t)lo : v > hi ? (int32_t)hi : (int32_t)v;
}

/* write_imagef's conversion of one component (rte, saturated). */
static uint32_t from_float(float f, cl_channel_type t)
{
    switch (t) {
    case CL_UNORM_INT8:
        return sat_u(rint(f * 255.0f), 255);
    case CL_UNORM_INT16:
        return sat_u(rint(f * 65535.0f), 65535);
    case CL_SNORM_INT8:
        return (uint8_t)sat_s(rint(f * 127.0f), -128, 127);
    case CL_SNORM_INT16:
        return (uint16_t)sat_s(rint(f * 32767.0f), -32768, 32767);
    case CL_HALF_FLOAT:
        return float_to_half(f);
    default: {
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    }
}

/* write_imagei/ui's saturation of one component. */
static uint32_t from_int(uint32_t v, cl_channel_type t)
{
    switch (t) {
    case CL_SIGNED_INT8:
        return (uint8_t)sat_s((int32_t)v, -128, 127);
    case CL_SIGNED_INT16:
        return (uint16_t)sat_s((int32_t)v, -32768, 32767);
    case CL_UNSIGNED_INT8:
        return v > 255 ? 255 : v;
    case CL_UNSIGNED_INT16:
        return v > 65535 ? 65535 : v;
    default:
        return v;
    }
}

/* The stored bytes of color (r, g, b, a), already converted per channel. */
static void pack(uint8_t *p, cl_image_format f, const uint32_t rgba[4])
{
    uint32_t c[4];
    unsigned b = channel_bytes(f.image_channel_data_type);
    if (f.image_channel_order == CL_BGRA)
        c[0] = rgba[2], c[1] = rgba[1], c[2] = rgba[0], c[3] = rgba[3];
    else
        memcpy(c, rgba, 16);
    for (unsigned k = 0; k < channels(f.image_channel_order); k++)
        memcpy(p + k * b, &c[k], b);
}

/* ---- images ---- */

static cl_mem image(struct kt *t, cl_mem_object_type type, cl_image_format f, size_t w, size_t h,
                    size_t d, size_t layers, cl_mem buffer, const void *data)
{
    cl_image_desc desc = {0};
    desc.image_type = type;
    desc.image_width = w;
    desc.image_height = h;
    desc.image_depth = d;
    desc.image_array_size = layers;
    desc.buffer = buffer;
    cl_int err;
    cl_mem m = clCreateImage(t->context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), &f,
                             &desc, (void *)data, &err);
    kt_expect(t, err == CL_SUCCESS, "clCreateImage(type 0x%x, %zux%zux%zu[%zu]): %d",
              (unsigned)type, w, h, d, layers, err);
    return m;
}

static void read_image(struct kt *t, cl_mem m, size_t w, size_t h, size_t d, void *out)
{
    size_t origin[3] = {0, 0, 0}, region[3] = {w, h, d};
    cl_int err = clEnqueueReadImage(t->queue, m, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL);
    kt_expect(t, err == CL_SUCCESS, "clEnqueueReadImage: %d", err);
}

static cl_sampler sampler(struct kt *t, cl_bool norm, cl_addressing_mode a, cl_filter_mode f)
{
    cl_int err;
    cl_sampler_properties p[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                 norm,
                                 CL_SAMPLER_ADDRESSING_MODE,
                                 a,
                                 CL_SAMPLER_FILTER_MODE,
                                 f,
                                 0};
    cl_sampler s = clCreateSamplerWithProperties(t->context, p, &err);
    kt_expect(t, err == CL_SUCCESS, "clCreateSamplerWithProperties: %d", err);
    return s;
}

static void random_bytes(uint8_t *p, size_t n, uint64_t *rs)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(kt_rand(rs) >> 24);
}

/* Random texels, with no NaN or infinity in half and float channels. */
static void random_texels(uint8_t *p, size_t n, cl_image_format f, uint64_t *rs)
{
    cl_channel_type t = f.image_channel_data_type;
    random_bytes(p, n * elem_size(f), rs);
    for (size_t i = 0; i < n * channels(f.image_channel_order); i++) {
        if (t == CL_HALF_FLOAT) {
            uint16_t h = float_to_half((float)((int)(kt_rand(rs) % 20001) - 10000) / 97.0f);
            memcpy(p + 2 * i, &h, 2);
        } else if (t == CL_FLOAT) {
            float v = (float)((int)(kt_rand(rs) % 2000001) - 1000000) / 3.0e4f;
            memcpy(p + 4 * i, &v, 4);
        }
    }
}

static int ulps_close(float got, float want)
{
    return got == want || fabsf(got - want) <= 2.5f * ldexpf(1.0f, ilogbf(want) - 23);
}

/* ---- conversions ---- */

#define CW 8
#define CH 4

/* read_image{f,i,ui} + write_image{f,i,ui} through kernel convert_<kind> in format f. */
static void test_convert(struct kt *t, cl_kernel k, cl_image_format f, int kind)
{
    static uint64_t rs = 0x1234567;
    uint8_t in[CW * CH * 16], out[CW * CH * 16], want[16];
    uint32_t vals[CW * CH * 4];
    unsigned es = elem_size(f);
    cl_channel_type ty = f.image_channel_data_type;
    random_texels(in, CW * CH, f, &rs);
    cl_mem a = image(t, CL_MEM_OBJECT_IMAGE2D, f, CW, CH, 0, 0, NULL, in);
    cl_mem b = image(t, CL_MEM_OBJECT_IMAGE2D, f, CW, CH, 0, 0, NULL, NULL);
    cl_mem v = kt_buffer(t, sizeof(vals), NULL);
    kt_arg(t, k, 0, sizeof(a), &a);
    kt_arg(t, k, 1, sizeof(b), &b);
    kt_arg(t, k, 2, sizeof(v), &v);
    size_t global[2] = {CW, CH};
    kt_run(t, k, 2, NULL, global, NULL);
    kt_read(t, v, sizeof(vals), vals);
    read_image(t, b, CW, CH, 1, out);
    for (unsigned i = 0; i < CW * CH; i++) {
        uint32_t ref[4], conv[4];
        texel_rgba(in + i * es, f, kind == 0, ref);
        for (int c = 0; c < 4; c++) {
            if (kind == 0) {
                float g, w;
                memcpy(&g, &vals[4 * i + c], 4);
                memcpy(&w, &ref[c], 4);
                kt_expect(t, ulps_close(g, w),
                          "format 0x%x/0x%x texel %u channel %d: read_imagef %.9g, want %.9g",
                          f.image_channel_order, ty, i, c, g, w);
                conv[c] = from_float(w, ty);
            } else {
                kt_expect(t, vals[4 * i + c] == ref[c],
                          "format 0x%x/0x%x texel %u channel %d: read %d, want %d",
                          f.image_channel_order, ty, i, c, (int)vals[4 * i + c], (int)ref[c]);
                conv[c] = from_int(ref[c] * 3u, ty);
            }
        }
        pack(want, f, conv);
        for (unsigned j = 0; j < es; j++) { /* normalized: the reference float may round 1 off */
            int d = (int)out[i * es + j] - (int)want[j];
            int ok = d == 0 || (kind == 0 && ty != CL_HALF_FLOAT && ty != CL_FLOAT &&
                                channel_bytes(ty) == 1 && (d == 1 || d == -1));
            kt_expect(t, ok, "format 0x%x/0x%x texel %u byte %u written 0x%02x, want 0x%02x",
                      f.image_channel_order, ty, i, j, out[i * es + j], want[j]);
        }
    }
    kt_release(NULL, a, b, v);
}

static void test_conversions(struct kt *t)
{
    static const cl_channel_type ftypes[] = {CL_UNORM_INT8,  CL_UNORM_INT16, CL_SNORM_INT8,
                                             CL_SNORM_INT16, CL_HALF_FLOAT,  CL_FLOAT};
    static const cl_channel_type itypes[] = {CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32};
    static const cl_channel_type utypes[] = {CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                             CL_UNSIGNED_INT32};
    static const cl_channel_order orders[] = {CL_R, CL_RG, CL_RGBA};
    cl_kernel kf = kt_kernel(t, "convert_f"), ki = kt_kernel(t, "convert_i"),
              ku = kt_kernel(t, "convert_ui");
    for (int o = 0; o < 3; o++)
        for (int i = 0; i < 6; i++) {
            test_convert(t, kf, (cl_image_format){orders[o], ftypes[i]}, 0);
            if (i < 3) {
                test_convert(t, ki, (cl_image_format){orders[o], itypes[i]}, 1);
                test_convert(t, ku, (cl_image_format){orders[o], utypes[i]}, 2);
            }
        }
    test_convert(t, kf, (cl_image_format){CL_BGRA, CL_UNORM_INT8}, 0);
    kt_release(kf, NULL, NULL, NULL);
    kt_release(ki, NULL, NULL, NULL);
    kt_release(ku, NULL, NULL, NULL);
}

/* ---- the spec's sampling (section 8.2) ---- */

struct ref_image {
    cl_image_format f;
    const uint8_t *texels;
    int size[3]; /* width, height, depth (1 when absent) */
    int layers;  /* array size, 0: not an array */
    int dims;    /* spatial coordinates: 1 to 3 */
};

struct ref_sampler {
    int norm, linear;
    cl_addressing_mode mode;
};

/* Texel (x, y, z) (z: the depth or layer), or the border color outside. */
static void ref_texel(const struct ref_image *im, int x, int y, int z, int is_float, float out[4])
{
    uint32_t v[4];
    int inside = x >= 0 && x < im->size[0] && (im->dims < 2 || (y >= 0 && y < im->size[1])) &&
                 (im->dims < 3 || (z >= 0 && z < im->size[2]));
    if (!inside) { /* CLAMP's border: alpha 1 for orders without alpha */
        int alpha1 = im->f.image_channel_order == CL_R || im->f.image_channel_order == CL_RG;
        out[0] = out[1] = out[2] = 0.0f;
        out[3] = alpha1 ? 1.0f : 0.0f;
        return;
    }
    size_t w = (size_t)im->size[0], h = im->dims > 1 ? (size_t)im->size[1] : 1;
    size_t idx = ((size_t)z * h + (size_t)y) * w + (size_t)x;
    texel_rgba(im->texels + idx * elem_size(im->f), im->f, is_float, v);
    memcpy(out, v, 16);
}

static int address(int i, int size, cl_addressing_mode m)
{
    if (m == CL_ADDRESS_CLAMP_TO_EDGE)
        return i < 0 ? 0 : i > size - 1 ? size - 1 : i;
    if (m == CL_ADDRESS_CLAMP)
        return i < -1 ? -1 : i > size ? size : i;
    return i;
}

/* One coordinate: i0, i1 and the weight of i1 (section 8.2's formulas). */
static void ref_axis(float s, int size, const struct ref_sampler *sm, int *i0, int *i1, float *a)
{
    float fs = (float)size;
    *a = 0.0f;
    if (sm->norm && sm->mode == CL_ADDRESS_REPEAT) {
        float u = (s - floorf(s)) * fs;
        if (!sm->linear) {
            int i = (int)floorf(u);
            *i0 = *i1 = i > size - 1 ? i - size : i;
            return;
        }
        *i0 = (int)floorf(u - 0.5f);
        *i1 = *i0 + 1;
        if (*i0 < 0)
            *i0 += size;
        if (*i1 > size - 1)
            *i1 -= size;
        *a = (u - 0.5f) - floorf(u - 0.5f);
        return;
    }
    if (sm->norm && sm->mode == CL_ADDRESS_MIRRORED_REPEAT) {
        float sp = fabsf(s - 2.0f * rintf(0.5f * s)), u = sp * fs;
        if (!sm->linear) {
            int i = (int)floorf(u);
            *i0 = *i1 = i < size - 1 ? i : size - 1;
            return;
        }
        int j = (int)floorf(u - 0.5f);
        *i0 = j < 0 ? 0 : j;
        *i1 = j + 1 > size - 1 ? size - 1 : j + 1;
        *a = (u - 0.5f) - floorf(u - 0.5f);
        return;
    }
    float u = sm->norm ? s * fs : s;
    if (!sm->linear) {
        *i0 = *i1 = address((int)floorf(u), size, sm->mode);
        return;
    }
    *i0 = address((int)floorf(u - 0.5f), size, sm->mode);
    *i1 = address((int)floorf(u - 0.5f) + 1, size, sm->mode);
    *a = (u - 0.5f) - floorf(u - 0.5f);
}

/* read_imagef(image, sampler, c): c.xyz spatial (as many as dims), the layer in c[dims]. */
static void ref_sample(const struct ref_image *im, const struct ref_sampler *sm, const float c[4],
                       float out[4])
{
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    float w[3] = {0, 0, 0};
    for (int d = 0; d < im->dims; d++)
        ref_axis(c[d], im->size[d], sm, &lo[d], &hi[d], &w[d]);
    if (im->layers) {
        int l = (int)rintf(c[im->dims]);
        lo[2] = hi[2] = l < 0 ? 0 : l > im->layers - 1 ? im->layers - 1 : l;
    }
    memset(out, 0, 16);
    for (int corner = 0; corner < 8; corner++) {
        float weight = 1.0f, v[4];
        int at[3];
        for (int d = 0; d < 3; d++) {
            int one = corner >> d & 1;
            if (one && (!sm->linear || d >= im->dims)) {
                weight = 0.0f;
                break;
            }
            at[d] = one ? hi[d] : lo[d];
            if (sm->linear && d < im->dims)
                weight *= one ? w[d] : 1.0f - w[d];
        }
        if (weight == 0.0f)
            continue;
        ref_texel(im, at[0], at[1], at[2], 1, v);
        for (int k = 0; k < 4; k++)
            out[k] += weight * v[k];
    }
}

static void expect_color(struct kt *t, const float *got, const float *want, int exact,
                         const char *what, int i)
{
    for (int k = 0; k < 4; k++) {
        float tol = exact ? 0.0f : 1e-4f * (1.0f + fabsf(want[k]));
        kt_expect(t, fabsf(got[k] - want[k]) <= tol || ulps_close(got[k], want[k]),
                  "%s coordinate %d channel %d: got %.7g, want %.7g", what, i, k, got[k], want[k]);
    }
}

static float rand_range(uint64_t *rs, float lo, float hi)
{
    return lo + (hi - lo) * (float)(kt_rand(rs) % 1000003) / 1000003.0f;
}

/* The coordinate range a sampler's test uses: inside for CLAMP_NONE, around for the rest. */
static void coord_range(const struct ref_sampler *sm, int size, float *lo, float *hi)
{
    if (sm->norm) {
        *lo = sm->mode == CL_ADDRESS_NONE ? 1.0f / (float)size : -1.5f;
        *hi = sm->mode == CL_ADDRESS_NONE ? 1.0f - 1.0f / (float)size : 2.5f;
    } else {
        *lo = sm->mode == CL_ADDRESS_NONE ? 1.0f : -2.5f;
        *hi = sm->mode == CL_ADDRESS_NONE ? (float)size - 1.0f : (float)size + 2.5f;
    }
}

#define SW 8
#define SH 5
#define NC 64

static void test_sample2d(struct kt *t, cl_image_format f)
{
    static const cl_addressing_mode modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE,
                                               CL_ADDRESS_CLAMP, CL_ADDRESS_REPEAT,
                                               CL_ADDRESS_MIRRORED_REPEAT};
    uint64_t rs = 99;
    uint8_t texels[SW * SH * 16];
    random_texels(texels, SW * SH, f, &rs);
    struct ref_image im = {f, texels, {SW, SH, 1}, 0, 2};
    cl_kernel k = kt_kernel(t, "sample2d");
    cl_mem img = image(t, CL_MEM_OBJECT_IMAGE2D, f, SW, SH, 0, 0, NULL, texels);
    for (int norm = 0; norm < 2; norm++)
        for (int m = 0; m < 5; m++)
            for (int lin = 0; lin < 2; lin++) {
                struct ref_sampler sm = {norm, lin, modes[m]};
                if (!norm && m >= 3)
                    continue; /* repeat modes need normalized coordinates */
                cl_float2 coords[NC];
                cl_float4 out[NC];
                float lo, hi, lo2, hi2;
                coord_range(&sm, SW, &lo, &hi);
                coord_range(&sm, SH, &lo2, &hi2);
                if (lin && m == 0) { /* NONE: the 2x2 square inside too */
                    lo += norm ? 0.5f / SW : 0.5f;
                    lo2 += norm ? 0.5f / SH : 0.5f;
                }
                for (int i = 0; i < NC; i++) {
                    coords[i].s[0] = rand_range(&rs, lo, hi);
                    coords[i].s[1] = rand_range(&rs, lo2, hi2);
                }
                cl_sampler s =
                    sampler(t, norm, modes[m], lin ? CL_FILTER_LINEAR : CL_FILTER_NEAREST);
                cl_mem dc = kt_buffer(t, sizeof(coords), coords);
                cl_mem dout = kt_buffer(t, sizeof(out), NULL);
                kt_arg(t, k, 0, sizeof(img), &img);
                kt_arg(t, k, 1, sizeof(s), &s);
                kt_arg(t, k, 2, sizeof(dc), &dc);
                kt_arg(t, k, 3, sizeof(dout), &dout);
                size_t global = NC;
                kt_run(t, k, 1, NULL, &global, NULL);
                kt_read(t, dout, sizeof(out), out);
                char what[96];
                snprintf(what, sizeof(what), "sample2d format 0x%x/0x%x norm %d mode 0x%x %s",
                         f.image_channel_order, f.image_channel_data_type, norm, (unsigned)modes[m],
                         lin ? "linear" : "nearest");
                for (int i = 0; i < NC; i++) {
                    float c[4] = {coords[i].s[0], coords[i].s[1], 0, 0}, want[4];
                    ref_sample(&im, &sm, c, want);
                    expect_color(t, out[i].s, want, !lin, what, i);
                }
                kt_release(NULL, dc, dout, NULL);
                clReleaseSampler(s);
            }
    kt_release(k, img, NULL, NULL);
}

/* read_imagei with a sampler at integer coordinates (unnormalized, nearest). */
static void test_sample2d_int(struct kt *t)
{
    static const cl_addressing_mode modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE,
                                               CL_ADDRESS_CLAMP};
    cl_image_format f = {CL_RGBA, CL_SIGNED_INT16};
    uint64_t rs = 7;
    uint8_t texels[SW * SH * 8];
    random_texels(texels, SW * SH, f, &rs);
    struct ref_image im = {f, texels, {SW, SH, 1}, 0, 2};
    cl_kernel k = kt_kernel(t, "sample2d_int");
    cl_mem img = image(t, CL_MEM_OBJECT_IMAGE2D, f, SW, SH, 0, 0, NULL, texels);
    for (int m = 0; m < 3; m++) {
        cl_int2 coords[NC];
        cl_int4 out[NC];
        int in = m == 0;
        for (int i = 0; i < NC; i++) {
            coords[i].s[0] = in ? (int)(kt_rand(&rs) % SW) : (int)(kt_rand(&rs) % (SW + 6)) - 3;
            coords[i].s[1] = in ? (int)(kt_rand(&rs) % SH) : (int)(kt_rand(&rs) % (SH + 6)) - 3;
        }
        cl_sampler s = sampler(t, CL_FALSE, modes[m], CL_FILTER_NEAREST);
        cl_mem dc = kt_buffer(t, sizeof(coords), coords);
        cl_mem dout = kt_buffer(t, sizeof(out), NULL);
        kt_arg(t, k, 0, sizeof(img), &img);
        kt_arg(t, k, 1, sizeof(s), &s);
        kt_arg(t, k, 2, sizeof(dc), &dc);
        kt_arg(t, k, 3, sizeof(dout), &dout);
        size_t global = NC;
        kt_run(t, k, 1, NULL, &global, NULL);
        kt_read(t, dout, sizeof(out), out);
        for (int i = 0; i < NC; i++) {
            int x = address(coords[i].s[0], SW, modes[m]),
                y = address(coords[i].s[1], SH, modes[m]);
            uint32_t want[4] = {0, 0, 0, 0};
            if (x >= 0 && x < SW && y >= 0 && y < SH)
                texel_rgba(texels + ((size_t)y * SW + (size_t)x) * 8, f, 0, want);
            for (int c = 0; c < 4; c++)
                kt_expect(t, out[i].s[c] == (cl_int)want[c],
                          "sample2d_int mode 0x%x (%d,%d) channel %d: got %d, want %d",
                          (unsigned)modes[m], coords[i].s[0], coords[i].s[1], c, out[i].s[c],
                          (int)want[c]);
        }
        kt_release(NULL, dc, dout, NULL);
        clReleaseSampler(s);
    }
    (void)im;
    kt_release(k, img, NULL, NULL);
}

/* ---- the other image types ---- */

#define W1 13
#define WB 24
#define N1A 4
#define W2 6
#define H2 3
#define N2A 3
#define W3 5
#define H3 4
#define D3 3

/* sample_types' outputs first..last of each coordinate's six (its program's part). */
static void test_sample_types(struct kt *t, int first, int last)
{
    static const struct ref_sampler samplers[] = {
        {0, 1, CL_ADDRESS_CLAMP},           {1, 0, CL_ADDRESS_REPEAT},
        {1, 1, CL_ADDRESS_MIRRORED_REPEAT}, {0, 0, CL_ADDRESS_CLAMP_TO_EDGE},
        {1, 1, CL_ADDRESS_CLAMP_TO_EDGE},   {0, 0, CL_ADDRESS_CLAMP},
    };
    cl_image_format f = {CL_RGBA, CL_UNORM_INT8}, fr = {CL_R, CL_FLOAT};
    uint64_t rs = 11;
    static uint8_t t1[W1 * 4], tb[WB * 4], t1a[W1 * N1A * 4], t2a[W2 * H2 * N2A * 4],
        t3[W3 * H3 * D3 * 4];
    random_texels(t1, W1, f, &rs);
    random_texels(tb, WB, f, &rs);
    random_texels(t1a, W1 * N1A, f, &rs);
    random_texels(t2a, W2 * H2 * N2A, f, &rs);
    random_texels(t3, W3 * H3 * D3, fr, &rs);
    struct ref_image r1 = {f, t1, {W1, 1, 1}, 0, 1}, rb = {f, tb, {WB, 1, 1}, 0, 1},
                     r1a = {f, t1a, {W1, 1, 1}, N1A, 1}, r2a = {f, t2a, {W2, H2, 1}, N2A, 2},
                     r3 = {fr, t3, {W3, H3, D3}, 0, 3};
    cl_kernel k = kt_kernel(t, "sample_types");
    cl_mem buf = kt_buffer(t, sizeof(tb), tb);
    cl_mem i1 = image(t, CL_MEM_OBJECT_IMAGE1D, f, W1, 0, 0, 0, NULL, t1);
    cl_mem ib = image(t, CL_MEM_OBJECT_IMAGE1D_BUFFER, f, WB, 0, 0, 0, buf, NULL);
    cl_mem i1a = image(t, CL_MEM_OBJECT_IMAGE1D_ARRAY, f, W1, 0, 0, N1A, NULL, t1a);
    cl_mem i2a = image(t, CL_MEM_OBJECT_IMAGE2D_ARRAY, f, W2, H2, 0, N2A, NULL, t2a);
    cl_mem i3 = image(t, CL_MEM_OBJECT_IMAGE3D, fr, W3, H3, D3, 0, NULL, t3);
    cl_mem imgs[5] = {i1, ib, i1a, i2a, i3};
    for (int a = 0; a < 5; a++)
        kt_arg(t, k, (cl_uint)a, sizeof(cl_mem), &imgs[a]);
    /* the kernel's own samplers for the 1D and 3D images */
    const struct ref_sampler repeat_linear = {1, 1, CL_ADDRESS_REPEAT},
                             mirror_linear = {1, 1, CL_ADDRESS_MIRRORED_REPEAT},
                             clamp_nearest = {0, 0, CL_ADDRESS_CLAMP},
                             plain = {0, 0, CL_ADDRESS_NONE};
    for (size_t n = 0; n < sizeof(samplers) / sizeof(samplers[0]); n++) {
        const struct ref_sampler *sm = &samplers[n];
        cl_float4 coords[NC], out[6 * NC];
        for (int i = 0; i < NC; i++) {
            coords[i].s[0] = sm->norm ? rand_range(&rs, -1.5f, 2.5f) : rand_range(&rs, -3, 16);
            coords[i].s[1] = sm->norm ? rand_range(&rs, -1.5f, 2.5f) : rand_range(&rs, -2, 6);
            coords[i].s[2] = sm->norm ? rand_range(&rs, -1.5f, 2.5f) : rand_range(&rs, -2, 5);
            coords[i].s[3] = (float)(kt_rand(&rs) % WB);
        }
        cl_sampler s =
            sampler(t, sm->norm, sm->mode, sm->linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST);
        cl_mem dc = kt_buffer(t, sizeof(coords), coords);
        cl_mem dout = kt_buffer(t, sizeof(out), NULL);
        kt_arg(t, k, 5, sizeof(s), &s);
        kt_arg(t, k, 6, sizeof(dc), &dc);
        kt_arg(t, k, 7, sizeof(dout), &dout);
        size_t global = NC;
        kt_run(t, k, 1, NULL, &global, NULL);
        kt_read(t, dout, sizeof(out), out);
        for (int i = 0; i < NC; i++) {
            float *c = coords[i].s, want[4];
            float cb[4] = {c[3], 0, 0, 0}, c3[4] = {c[0] * 4.0f, c[1] * 4.0f, c[2] * 3.0f, c[3]};
            char what[64];
            if (first <= 2) {
                snprintf(what, sizeof(what), "image1d (repeat, linear)");
                ref_sample(&r1, &repeat_linear, c, want);
                expect_color(t, out[6 * i].s, want, 0, what, i);
                snprintf(what, sizeof(what), "image1d_buffer");
                ref_sample(&rb, &plain, cb, want);
                expect_color(t, out[6 * i + 1].s, want, 1, what, i);
                snprintf(what, sizeof(what), "sampler %zu image1d_array", n);
                ref_sample(&r1a, sm, c, want);
                expect_color(t, out[6 * i + 2].s, want, !sm->linear, what, i);
            }
            if (last >= 3) {
                snprintf(what, sizeof(what), "sampler %zu image2d_array", n);
                ref_sample(&r2a, sm, c, want);
                expect_color(t, out[6 * i + 3].s, want, !sm->linear, what, i);
                snprintf(what, sizeof(what), "image3d (mirrored repeat, linear)");
                ref_sample(&r3, &mirror_linear, c, want);
                expect_color(t, out[6 * i + 4].s, want, 0, what, i);
                snprintf(what, sizeof(what), "image3d (clamp, nearest)");
                ref_sample(&r3, &clamp_nearest, c3, want);
                expect_color(t, out[6 * i + 5].s, want, 1, what, i);
            }
        }
        kt_release(NULL, dc, dout, NULL);
        clReleaseSampler(s);
    }
    kt_release(k, i1, ib, i1a);
    kt_release(NULL, i2a, i3, buf);
}

#define NW 40

static void expect_written(struct kt *t, const uint8_t *got, int n, const char *what)
{
    for (int x = 0; x < n; x++) {
        uint8_t want[4] = {(uint8_t)(x & 255), (uint8_t)(255 - (x & 255)), (uint8_t)(x >> 8), 128};
        for (int c = 0; c < 4; c++)
            kt_expect(t, got[4 * x + c] == want[c], "%s texel %d channel %d: 0x%02x, want 0x%02x",
                      what, x, c, got[4 * x + c], want[c]);
    }
}

static void test_write_types(struct kt *t)
{
    cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
    uint8_t got[NW * 4];
    cl_int q[12];
    cl_kernel k = kt_kernel(t, "write_types");
    cl_mem buf = kt_buffer(t, NW * 4, NULL);
    cl_mem o1 = image(t, CL_MEM_OBJECT_IMAGE1D, f, NW, 0, 0, 0, NULL, NULL);
    cl_mem ob = image(t, CL_MEM_OBJECT_IMAGE1D_BUFFER, f, NW, 0, 0, 0, buf, NULL);
    cl_mem o1a = image(t, CL_MEM_OBJECT_IMAGE1D_ARRAY, f, 8, 0, 0, NW / 8, NULL, NULL);
    cl_mem o2a = image(t, CL_MEM_OBJECT_IMAGE2D_ARRAY, f, 4, 2, 0, NW / 8, NULL, NULL);
    cl_mem dq = kt_buffer(t, sizeof(q), NULL);
    cl_mem args[5] = {o1, ob, o1a, o2a, dq};
    for (int a = 0; a < 5; a++)
        kt_arg(t, k, (cl_uint)a, sizeof(cl_mem), &args[a]);
    size_t global = NW;
    kt_run(t, k, 1, NULL, &global, NULL);
    read_image(t, o1, NW, 1, 1, got);
    expect_written(t, got, NW, "image1d");
    kt_read(t, buf, NW * 4, got);
    expect_written(t, got, NW, "image1d_buffer (its buffer)");
    read_image(t, o1a, 8, NW / 8, 1, got);
    expect_written(t, got, NW, "image1d_array");
    read_image(t, o2a, 4, 2, NW / 8, got);
    expect_written(t, got, NW, "image2d_array");
    kt_read(t, dq, sizeof(q), q);
    const cl_int want[8] = {NW, NW, NW / 8, 4, 2, NW / 8, CL_RGBA, CL_UNORM_INT8};
    for (int i = 0; i < 8; i++)
        KT_EQ(t, q[i], want[i], "get_image_* query", i);
    kt_release(k, o1, ob, o1a);
    kt_release(NULL, o2a, dq, buf);
}

/* write3d: the device claims cl_khr_3d_image_writes, so images.cl has it. */
static void test_write3d(struct kt *t)
{
    cl_kernel k = kt_kernel(t, "write3d");
    cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
    uint8_t got[NW * 4];
    cl_int q[4];
    cl_mem o3 = image(t, CL_MEM_OBJECT_IMAGE3D, f, 4, 2, NW / 8, 0, NULL, NULL);
    cl_mem dq = kt_buffer_arg(t, k, 1, sizeof(q), NULL);
    kt_arg(t, k, 0, sizeof(o3), &o3);
    size_t global = NW;
    kt_run(t, k, 1, NULL, &global, NULL);
    read_image(t, o3, 4, 2, NW / 8, got);
    expect_written(t, got, NW, "image3d");
    kt_read(t, dq, sizeof(q), q);
    const cl_int want[4] = {4, 2, NW / 8, NW / 8};
    for (int i = 0; i < 4; i++)
        KT_EQ(t, q[i], want[i], "image3d query", i);
    kt_release(k, o3, dq, NULL);
}

/* rw_image: the device claims __opencl_c_read_write_images, so images.cl has it. */
static void test_read_write(struct kt *t)
{
    cl_kernel k = kt_kernel(t, "rw_image");
    cl_image_format f = {CL_RGBA, CL_FLOAT};
    uint64_t rs = 5;
    float in[CW * CH * 4], got[CW * CH * 4], out[CW * CH * 4];
    random_texels((uint8_t *)in, CW * CH, f, &rs);
    cl_mem im = image(t, CL_MEM_OBJECT_IMAGE2D, f, CW, CH, 0, 0, NULL, in);
    cl_mem dout = kt_buffer_arg(t, k, 1, sizeof(out), NULL);
    kt_arg(t, k, 0, sizeof(im), &im);
    size_t global[2] = {CW, CH};
    kt_run(t, k, 2, NULL, global, NULL);
    kt_read(t, dout, sizeof(out), out);
    read_image(t, im, CW, CH, 1, got);
    for (int i = 0; i < CW * CH * 4; i++) {
        kt_expect(t, got[i] == in[i] * 0.5f, "read_write texel %d: %g, want %g", i, got[i],
                  in[i] * 0.5f);
        kt_expect(t, out[i] == in[i] * 0.5f + in[i], "read_write's read after its write %d: %g", i,
                  out[i]);
    }
    kt_release(k, im, dout, NULL);
}

/* clSetKernelArg's image and sampler errors; clGetKernelArgInfo of both. */
static void test_arg_errors(struct kt *t)
{
    cl_kernel k = kt_kernel(t, "sample2d");
    cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
    cl_mem img = image(t, CL_MEM_OBJECT_IMAGE2D, f, 4, 4, 0, 0, NULL, NULL);
    cl_mem i3 = image(t, CL_MEM_OBJECT_IMAGE3D, f, 4, 4, 2, 0, NULL, NULL);
    cl_mem buf = kt_buffer(t, 64, NULL);
    cl_sampler s = sampler(t, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
    cl_sampler bad = (cl_sampler)buf;
    struct {
        cl_uint index;
        size_t size;
        const void *value;
        cl_int want;
        const char *what;
    } cases[] = {
        {0, sizeof(cl_mem), &buf, CL_INVALID_MEM_OBJECT, "a buffer for an image2d_t"},
        {0, sizeof(cl_mem), &i3, CL_INVALID_MEM_OBJECT, "a 3D image for an image2d_t"},
        {0, 4, &img, CL_INVALID_ARG_SIZE, "an image of 4 bytes"},
        {0, sizeof(cl_mem), NULL, CL_INVALID_ARG_VALUE, "a NULL image"},
        {2, sizeof(cl_mem), &img, CL_INVALID_MEM_OBJECT, "an image for a buffer"},
        {1, sizeof(cl_sampler), &bad, CL_INVALID_SAMPLER, "a buffer for a sampler"},
        {1, sizeof(cl_sampler), NULL, CL_INVALID_SAMPLER, "a NULL sampler"},
        {1, 4, &s, CL_INVALID_ARG_SIZE, "a sampler of 4 bytes"},
        {0, sizeof(cl_mem), &img, CL_SUCCESS, "an image2d_t"},
        {1, sizeof(cl_sampler), &s, CL_SUCCESS, "a sampler"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        cl_int err = clSetKernelArg(k, cases[i].index, cases[i].size, cases[i].value);
        kt_expect(t, err == cases[i].want, "clSetKernelArg with %s: %d, want %d", cases[i].what,
                  err, cases[i].want);
    }
    char name[64];
    cl_kernel_arg_access_qualifier acc;
    cl_int err = clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL);
    kt_expect(t, err == CL_SUCCESS && !strcmp(name, "image2d_t"), "arg 0 type name '%s' (%d)", name,
              err);
    err = clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL);
    kt_expect(t, err == CL_SUCCESS && acc == CL_KERNEL_ARG_ACCESS_READ_ONLY,
              "arg 0 access 0x%x (%d)", (unsigned)acc, err);
    err = clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL);
    kt_expect(t, err == CL_SUCCESS && !strcmp(name, "sampler_t"), "arg 1 type name '%s' (%d)", name,
              err);
    kt_release(k, img, i3, buf);
    clReleaseSampler(s);
}

/* clGetKernelArgInfo of write-only images. */
static void test_write_arg_info(struct kt *t)
{
    char name[64] = "";
    cl_kernel_arg_access_qualifier acc = 0;
    cl_kernel k = kt_kernel(t, "write_types");
    cl_int err = clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(acc), &acc, NULL);
    kt_expect(t, err == CL_SUCCESS && acc == CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
              "write_types arg 0 access 0x%x (%d)", (unsigned)acc, err);
    err = clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof(name), name, NULL);
    kt_expect(t, err == CL_SUCCESS && !strcmp(name, "image1d_array_t"),
              "write_types arg 2 type name '%s' (%d)", name, err);
    kt_release(k, NULL, NULL, NULL);
}

/* test_images PROGRAM [PART]: PART (convert, sample, types_1d, types_3d or write) is the part
   of images.cl the program was built with (-D IMAGES_<PART>); without it, a program with every
   kernel. */
int main(int argc, char **argv)
{
    const char *part = argc > 2 ? argv[2] : "all";
    int all = !strcmp(part, "all");
    struct kt t;
    kt_init(&t, "images", argc > 1 ? argv[1] : "images.cl");
    if (all || !strcmp(part, "convert"))
        test_conversions(&t);
    if (all || !strcmp(part, "sample")) {
        test_arg_errors(&t);
        test_sample2d(&t, (cl_image_format){CL_RGBA, CL_UNORM_INT8});
        test_sample2d(&t, (cl_image_format){CL_R, CL_FLOAT});
        test_sample2d_int(&t);
    }
    if (all || !strcmp(part, "types_1d"))
        test_sample_types(&t, 0, 2);
    if (all || !strcmp(part, "types_3d"))
        test_sample_types(&t, 3, 5);
    if (all || !strcmp(part, "write")) {
        test_write_arg_info(&t);
        test_write_types(&t);
        test_write3d(&t);
        test_read_write(&t);
    }
    kt_expect(&t,
              all || !strcmp(part, "convert") || !strcmp(part, "sample") ||
                  !strcmp(part, "types_1d") || !strcmp(part, "types_3d") || !strcmp(part, "write"),
              "unknown part '%s'", part);
    return kt_finish(&t);
}
