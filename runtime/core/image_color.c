/* SPDX-License-Identifier: MIT */
/*
 * The fill colour of clEnqueueFillImage in an image's format: "The fill color is a single
 * floating point value if the channel order is CL_DEPTH. Otherwise, the fill color is a four
 * component RGBA floating-point color value if the image channel data type is not an
 * unnormalized signed or unsigned integer type, is a four component signed integer value if
 * the image channel data type is an unnormalized signed integer type and is a four component
 * unsigned integer value if the image channel data type is an unnormalized unsigned integer
 * type. The fill color will be converted to the appropriate image channel format and order
 * associated with image." The conversions are those of write_image* (OpenCL C spec, "Conversion
 * rules"): normalized types round to nearest even and saturate, half rounds correctly.
 */
#include <math.h>
#include <string.h>

#include "core/image.h"

static float clampf(float f, float lo, float hi)
{
    return f < lo ? lo : f > hi ? hi : f;
}

/* convert_<int>_sat_rte(f * scale): NaN gives 0, as convert_*_sat does */
static long norm(float f, float scale, float lo, float hi)
{
    if (isnan(f))
        return 0;
    return (long)nearbyintf(clampf(f * scale, lo, hi));
}

/* float to IEEE half, round to nearest even; NaN stays NaN, overflow goes to infinity */
uint16_t oclhls_float_to_half(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    uint32_t abs = u & 0x7fffffffu;

    if (abs > 0x7f800000u) /* NaN: keep it quiet */
        return sign | 0x7e00u;
    if (abs >= 0x477ff000u) /* rounds to >= 65520: infinity */
        return sign | 0x7c00u;
    if (abs < 0x38800000u) { /* below the smallest normal half (2^-14): a subnormal or 0 */
        /* the value in units of 2^-24, rounded to nearest even */
        float a;
        memcpy(&a, &abs, sizeof(a));
        return sign | (uint16_t)nearbyintf(a * 16777216.0f);
    }
    /* normal: rebias the exponent, round the 13 dropped mantissa bits to nearest even */
    uint32_t h = ((abs >> 13) - (112u << 10));
    uint32_t rest = abs & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        h++;
    return sign | (uint16_t)h;
}

/* linear to sRGB (the OpenCL C spec's sRGB conversion for write_imagef) */
static float to_srgb(float c)
{
    if (isnan(c))
        return 0.0f;
    if (c <= 0.0031308f)
        return 12.92f * clampf(c, 0.0f, 1.0f);
    if (c >= 1.0f)
        return 1.0f;
    return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* One channel value v (float, int or uint as the type asks) stored at out. */
static void put_channel(cl_channel_type type, const void *color, unsigned c, uint8_t *out)
{
    float f;
    int32_t i;
    uint32_t u;
    memcpy(&f, (const char *)color + 4 * c, 4);
    memcpy(&i, (const char *)color + 4 * c, 4);
    memcpy(&u, (const char *)color + 4 * c, 4);
    uint8_t b8;
    uint16_t b16;

    switch (type) {
    case CL_UNORM_INT8:
        b8 = (uint8_t)norm(f, 255.0f, 0.0f, 255.0f);
        memcpy(out, &b8, 1);
        break;
    case CL_SNORM_INT8:
        b8 = (uint8_t)(int8_t)norm(f, 127.0f, -128.0f, 127.0f);
        memcpy(out, &b8, 1);
        break;
    case CL_UNORM_INT16:
        b16 = (uint16_t)norm(f, 65535.0f, 0.0f, 65535.0f);
        memcpy(out, &b16, 2);
        break;
    case CL_SNORM_INT16:
        b16 = (uint16_t)(int16_t)norm(f, 32767.0f, -32768.0f, 32767.0f);
        memcpy(out, &b16, 2);
        break;
    case CL_HALF_FLOAT:
        b16 = oclhls_float_to_half(f);
        memcpy(out, &b16, 2);
        break;
    case CL_FLOAT:
        memcpy(out, &f, 4);
        break;
    /* convert_<type>_sat */
    case CL_SIGNED_INT8:
        b8 = (uint8_t)(int8_t)(i < -128 ? -128 : i > 127 ? 127 : i);
        memcpy(out, &b8, 1);
        break;
    case CL_SIGNED_INT16:
        b16 = (uint16_t)(int16_t)(i < -32768 ? -32768 : i > 32767 ? 32767 : i);
        memcpy(out, &b16, 2);
        break;
    case CL_SIGNED_INT32:
        memcpy(out, &i, 4);
        break;
    case CL_UNSIGNED_INT8:
        b8 = (uint8_t)(u > 255u ? 255u : u);
        memcpy(out, &b8, 1);
        break;
    case CL_UNSIGNED_INT16:
        b16 = (uint16_t)(u > 65535u ? 65535u : u);
        memcpy(out, &b16, 2);
        break;
    case CL_UNSIGNED_INT32:
        memcpy(out, &u, 4);
        break;
    default:
        break;
    }
}

/* the packed formats: first channel in the most significant bits */
static uint32_t packed(cl_channel_type type, const float *rgba)
{
    switch (type) {
    case CL_UNORM_SHORT_565:
        return (uint32_t)(norm(rgba[0], 31.0f, 0, 31.0f) << 11 |
                          norm(rgba[1], 63.0f, 0, 63.0f) << 5 | norm(rgba[2], 31.0f, 0, 31.0f));
    case CL_UNORM_SHORT_555:
        return (uint32_t)(norm(rgba[0], 31.0f, 0, 31.0f) << 10 |
                          norm(rgba[1], 31.0f, 0, 31.0f) << 5 | norm(rgba[2], 31.0f, 0, 31.0f));
    case CL_UNORM_INT_101010:
        return (uint32_t)(norm(rgba[0], 1023.0f, 0, 1023.0f) << 20 |
                          norm(rgba[1], 1023.0f, 0, 1023.0f) << 10 |
                          norm(rgba[2], 1023.0f, 0, 1023.0f));
    default: /* CL_UNORM_INT_101010_2 */
        return (uint32_t)(norm(rgba[0], 1023.0f, 0, 1023.0f) << 22 |
                          norm(rgba[1], 1023.0f, 0, 1023.0f) << 12 |
                          norm(rgba[2], 1023.0f, 0, 1023.0f) << 2 | norm(rgba[3], 3.0f, 0, 3.0f));
    }
}

int oclhls_image_pack_color(const cl_image_format *format, const void *color, uint8_t *out)
{
    static const unsigned rgba[] = {0, 1, 2, 3}, bgra[] = {2, 1, 0, 3}, argb[] = {3, 0, 1, 2},
                          abgr[] = {3, 2, 1, 0}, alpha[] = {3};
    cl_channel_type type = format->image_channel_data_type;
    size_t elem = oclhls_image_elem_size(format);
    const unsigned *map = rgba;
    unsigned n;
    uint32_t srgb[4];

    if (elem == 0)
        return -1;
    memset(out, 0, elem);
    if (type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010 ||
        type == CL_UNORM_INT_101010_2) {
        float f[4];
        uint32_t v;
        memcpy(f, color, sizeof(f));
        v = packed(type, f);
        memcpy(out, &v, elem); /* little-endian host: the low bytes of v */
        return 0;
    }
    switch (format->image_channel_order) {
    case CL_R:
    case CL_Rx:
    case CL_DEPTH:
    case CL_INTENSITY:
    case CL_LUMINANCE:
        n = 1;
        break;
    case CL_A:
        n = 1, map = alpha;
        break;
    case CL_RG:
    case CL_RGx:
        n = 2;
        break;
    case CL_RA:
        n = 2;
        {
            static const unsigned ra[] = {0, 3};
            map = ra;
        }
        break;
    case CL_BGRA:
        n = 4, map = bgra;
        break;
    case CL_ARGB:
        n = 4, map = argb;
        break;
    case CL_ABGR:
        n = 4, map = abgr;
        break;
    case CL_sRGBA:
    case CL_sBGRA:
    case CL_sRGB:
    case CL_sRGBx: {
        /* the colour channels go through the sRGB curve, alpha stays linear */
        float f[4];
        memcpy(f, color, sizeof(f));
        for (unsigned c = 0; c < 3; c++)
            f[c] = to_srgb(f[c]);
        memcpy(srgb, f, sizeof(f));
        color = srgb;
        n = format->image_channel_order == CL_sRGB ? 3 : 4;
        map = format->image_channel_order == CL_sBGRA ? bgra : rgba;
        break;
    }
    default: /* CL_RGBA */
        n = 4;
        break;
    }
    size_t cb = elem / (format->image_channel_order == CL_Rx      ? 2
                        : format->image_channel_order == CL_RGx   ? 3
                        : format->image_channel_order == CL_sRGBx ? 4
                                                                  : n);
    for (unsigned c = 0; c < n; c++)
        put_channel(type, color, map[c], out + c * cb);
    return 0;
}
