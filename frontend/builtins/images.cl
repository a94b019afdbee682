// SPDX-License-Identifier: MIT
// Images and samplers (OpenCL C 6.13.14; addressing, filtering and conversions: OpenCL C
// spec section 8). An image argument is 8 words of the kernel's argument registers
// (docs/program-file.md, "Images"): [0] the device address of texel (0,0,0), [1] width,
// [2] height, [3] depth, [4] array size, [5] row pitch, [6] slice pitch (array layer pitch),
// [7] channel order << 16 | channel data type. HLS reads them through the __oclhls_image_*
// functions declared here (hls/lower/lower_image.c); a sampler is clang's 32-bit encoding,
// its bits a constant once frontend/images.c has folded __translate_sampler_initializer, so
// that the addressing and filter code of other modes is removed. The format is known only at
// run time: every read converts by a switch on the format word.
// Device build only (the host build of the library, tests/unit/math, has no images).
#ifdef OCLHLS_LIBRARY_BITCODE

typedef struct {
    __global uchar *texels;
    uint w, h, d, layers, row_pitch, slice_pitch, format;
} __oclhls_img;

uint __oclhls_sampler_bits(sampler_t s) __attribute__((const));

// The descriptor words of each image type and access; the names tell HLS which word.
#define OCLHLS_IMAGE_ACCESSORS(ACC, T, TAG)                                                        \
    __global uchar *__oclhls_image_texels_##TAG(ACC T im) __attribute__((const))                   \
    __asm__("__oclhls_image_texels." #TAG);                                                        \
    uint __oclhls_image_word_##TAG(ACC T im, uint k) __attribute__((const))                        \
    __asm__("__oclhls_image_word." #TAG);                                                          \
    __oclhls_img OCLHLS_OVL __oclhls_img_of(ACC T im)                                              \
    {                                                                                              \
        __oclhls_img m = {__oclhls_image_texels_##TAG(im), __oclhls_image_word_##TAG(im, 1u),      \
                          __oclhls_image_word_##TAG(im, 2u), __oclhls_image_word_##TAG(im, 3u),    \
                          __oclhls_image_word_##TAG(im, 4u), __oclhls_image_word_##TAG(im, 5u),    \
                          __oclhls_image_word_##TAG(im, 6u), __oclhls_image_word_##TAG(im, 7u)};   \
        return m;                                                                                  \
    }
#define OCLHLS_IMAGE_TYPES(ACC, A)                                                                 \
    OCLHLS_IMAGE_ACCESSORS(ACC, image1d_t, 1d_##A)                                                 \
    OCLHLS_IMAGE_ACCESSORS(ACC, image1d_buffer_t, 1db_##A)                                         \
    OCLHLS_IMAGE_ACCESSORS(ACC, image1d_array_t, 1da_##A)                                          \
    OCLHLS_IMAGE_ACCESSORS(ACC, image2d_t, 2d_##A)                                                 \
    OCLHLS_IMAGE_ACCESSORS(ACC, image2d_array_t, 2da_##A)                                          \
    OCLHLS_IMAGE_ACCESSORS(ACC, image3d_t, 3d_##A)
OCLHLS_IMAGE_TYPES(read_only, ro)
OCLHLS_IMAGE_TYPES(write_only, wo)
OCLHLS_IMAGE_TYPES(read_write, rw)

// ---- formats ----

// log2 of the bytes of one channel: 8-bit types 0, 32-bit types 2, the rest (16-bit, half) 1.
uint OCLHLS_OVL __oclhls_img_channel_log2(uint type)
{
    if (type == CLK_SNORM_INT8 || type == CLK_UNORM_INT8 || type == CLK_SIGNED_INT8 ||
        type == CLK_UNSIGNED_INT8)
        return 0u;
    if (type == CLK_SIGNED_INT32 || type == CLK_UNSIGNED_INT32 || type == CLK_FLOAT)
        return 2u;
    return 1u;
}

// log2 of the channels of an order: 1, 2 or 4.
uint OCLHLS_OVL __oclhls_img_order_log2(uint order)
{
    if (order == CLK_RG || order == CLK_RA || order == CLK_RGx)
        return 1u;
    if (order == CLK_R || order == CLK_A || order == CLK_INTENSITY || order == CLK_LUMINANCE ||
        order == CLK_Rx || order == CLK_DEPTH)
        return 0u;
    return 2u;
}

uint OCLHLS_OVL __oclhls_img_elem_log2(uint format)
{
    return __oclhls_img_channel_log2(format & 0xffffu) + __oclhls_img_order_log2(format >> 16);
}

int OCLHLS_OVL __oclhls_img_signed_type(uint type)
{
    return type == CLK_SNORM_INT8 || type == CLK_SNORM_INT16 || type == CLK_SIGNED_INT8 ||
           type == CLK_SIGNED_INT16 || type == CLK_SIGNED_INT32;
}

// Channel k of a texel in memory order, as stored (sign-extended for signed types).
uint OCLHLS_OVL __oclhls_img_channel(uint4 q, uint at, uint k, uint type)
{
    uint lc = __oclhls_img_channel_log2(type), p = (at + (k << lc)) & 15u;
    uint word = (p >> 2) == 0u ? q.x : (p >> 2) == 1u ? q.y : (p >> 2) == 2u ? q.z : q.w;
    uint v = word >> ((p & 3u) * 8u);
    int s = __oclhls_img_signed_type(type);
    if (lc == 0u)
        return s ? (uint)(int)(char)v : v & 0xffu;
    if (lc == 1u)
        return s ? (uint)(int)(short)v : v & 0xffffu;
    return v;
}

// A stored channel as read_imagef returns it (OpenCL C spec 8.3): normalized integers scaled
// (0 and the largest value exact), half and float as they are.
float OCLHLS_OVL __oclhls_img_to_float(uint v, uint type)
{
    if (type == CLK_HALF_FLOAT)
        return __oclhls_half_to_float((ushort)v);
    if (type == CLK_FLOAT)
        return as_float(v);
    float scale = type == CLK_UNORM_INT8    ? 1.0f / 255.0f
                  : type == CLK_UNORM_INT16 ? 1.0f / 65535.0f
                  : type == CLK_SNORM_INT8  ? 1.0f / 127.0f
                  : type == CLK_SNORM_INT16 ? 1.0f / 32767.0f
                                            : 1.0f;
    uint top = type == CLK_UNORM_INT8    ? 255u
               : type == CLK_UNORM_INT16 ? 65535u
               : type == CLK_SNORM_INT8  ? 127u
               : type == CLK_SNORM_INT16 ? 32767u
                                         : 0u;
    if (top && v == top)
        return 1.0f;
    // v is sign-extended, or below 2^16: one signed conversion serves both
    float f = (float)(int)v * scale;
    return type == CLK_SNORM_INT8 || type == CLK_SNORM_INT16 ? fmax(f, -1.0f) : f;
}

// A color component as stored: write_imagef's conversions (OpenCL C 8.3: round to nearest
// even, saturated); the normalized types through one multiply, one rounding and one
// conversion to integer whatever the type (the format is a run-time value: a unit per type
// would be built for every write).
uint OCLHLS_OVL __oclhls_img_from_float(float f, uint type)
{
    if (type == CLK_HALF_FLOAT)
        return __oclhls_float_to_half_rte(f);
    if (type == CLK_FLOAT)
        return as_uint(f);
    float scale = type == CLK_UNORM_INT8    ? 255.0f
                  : type == CLK_UNORM_INT16 ? 65535.0f
                  : type == CLK_SNORM_INT8  ? 127.0f
                                            : 32767.0f;
    float lo = type == CLK_SNORM_INT8 ? -128.0f : type == CLK_SNORM_INT16 ? -32768.0f : 0.0f;
    int i = isnan(f) ? 0 : (int)fmin(fmax(rint(f * scale), lo), scale);
    return (uint)i & (type == CLK_UNORM_INT8 || type == CLK_SNORM_INT8 ? 0xffu : 0xffffu);
}

uint OCLHLS_OVL __oclhls_img_from_int(uint v, uint type, int is_signed)
{
    int i = (int)v;
    switch (type) {
    case CLK_SIGNED_INT8:
        return (uchar)(char)clamp(i, -128, 127);
    case CLK_SIGNED_INT16:
        return (ushort)(short)clamp(i, -32768, 32767);
    case CLK_UNSIGNED_INT8:
        return min(v, 255u);
    case CLK_UNSIGNED_INT16:
        return min(v, 65535u);
    default:
        return v;
    }
}

// Memory-order channels c to (r, g, b, a) by the channel order (OpenCL C 6.13.14.7); `one`
// fills a missing alpha: 1.0f's bits or 1.
uint4 OCLHLS_OVL __oclhls_img_to_rgba(uint4 c, uint order, uint one)
{
    switch (order) {
    case CLK_R:
    case CLK_Rx:
        return (uint4)(c.x, 0u, 0u, one);
    case CLK_A:
        return (uint4)(0u, 0u, 0u, c.x);
    case CLK_RG:
    case CLK_RGx:
        return (uint4)(c.x, c.y, 0u, one);
    case CLK_RA:
        return (uint4)(c.x, 0u, 0u, c.y);
    case CLK_INTENSITY:
        return c.xxxx;
    case CLK_LUMINANCE:
        return (uint4)(c.x, c.x, c.x, one);
    case CLK_BGRA:
        return c.zyxw;
    case CLK_ARGB:
        return c.yzwx;
    case CLK_ABGR:
        return c.wzyx;
    default:
        return c;
    }
}

// (r, g, b, a) to the channels in memory order.
uint4 OCLHLS_OVL __oclhls_img_from_rgba(uint4 v, uint order)
{
    switch (order) {
    case CLK_A:
        return v.wwww;
    case CLK_RA:
        return v.xwww;
    case CLK_BGRA:
        return v.zyxw;
    case CLK_ARGB:
        return v.wxyz;
    case CLK_ABGR:
        return v.wzyx;
    default:
        return v;
    }
}

// ---- texels ----

// Byte offset of texel (x, y, z) from texel (0, 0, 0); z is the depth or the array layer.
uint OCLHLS_OVL __oclhls_img_offset(__oclhls_img m, int x, int y, int z)
{
    return (uint)z * m.slice_pitch + (uint)y * m.row_pitch +
           ((uint)x << __oclhls_img_elem_log2(m.format));
}

// The texel's channels (r, g, b, a) as KIND reads them (0 read_imagef: float bits,
// 1 read_imagei, 2 read_imageui). A texel of 2^n bytes at an offset aligned to it lies in one
// aligned 16 bytes, which are read whole: one load whatever the format.
uint4 OCLHLS_OVL __oclhls_img_texel(__oclhls_img m, int x, int y, int z, int kind)
{
    uint off = __oclhls_img_offset(m, x, y, z), type = m.format & 0xffffu;
    uint4 q = *(__global const uint4 *)(m.texels + (off & ~15u));
    uint at = off & 15u;
    uint4 c = (uint4)(__oclhls_img_channel(q, at, 0u, type), __oclhls_img_channel(q, at, 1u, type),
                      __oclhls_img_channel(q, at, 2u, type), __oclhls_img_channel(q, at, 3u, type));
    if (kind == 0)
        c = (uint4)(as_uint(__oclhls_img_to_float(c.x, type)),
                    as_uint(__oclhls_img_to_float(c.y, type)),
                    as_uint(__oclhls_img_to_float(c.z, type)),
                    as_uint(__oclhls_img_to_float(c.w, type)));
    return __oclhls_img_to_rgba(c, m.format >> 16, kind == 0 ? as_uint(1.0f) : 1u);
}

// The border color (OpenCL C 6.13.14.1): alpha 1 for orders without alpha.
uint4 OCLHLS_OVL __oclhls_img_border(__oclhls_img m, int kind)
{
    return __oclhls_img_to_rgba((uint4)(0u), m.format >> 16, kind == 0 ? as_uint(1.0f) : 1u);
}

void OCLHLS_OVL __oclhls_img_store(__oclhls_img m, int x, int y, int z, uint4 c)
{
    uint off = __oclhls_img_offset(m, x, y, z), type = m.format & 0xffffu;
    uint lc = __oclhls_img_channel_log2(type), le = __oclhls_img_elem_log2(m.format);
    uint4 w;
    if (lc == 0u) {
        uint p = (c.x & 0xffu) | (c.y & 0xffu) << 8 | (c.z & 0xffu) << 16 | c.w << 24;
        w = (uint4)(p, 0u, 0u, 0u);
    } else if (lc == 1u) {
        w = (uint4)((c.x & 0xffffu) | c.y << 16, (c.z & 0xffffu) | c.w << 16, 0u, 0u);
    } else {
        w = c;
    }
    // words for 4-, 8- and 16-byte texels (one store site per word, not per size), then the
    // 1- and 2-byte ones: 6 store units
    __global uchar *p = m.texels + off;
    if (le >= 2u) {
        __global uint *pw = (__global uint *)p;
        pw[0] = w.x;
        if (le >= 3u)
            pw[1] = w.y;
        if (le >= 4u) {
            pw[2] = w.z;
            pw[3] = w.w;
        }
    } else if (le == 1u) {
        *(__global ushort *)p = (ushort)w.x;
    } else {
        *p = (uchar)w.x;
    }
}

// ---- addressing and filtering (OpenCL C spec 8.2) ----

#define OCLHLS_ADDR_MODE(s) ((s) & 0xeu)
#define OCLHLS_FILTER_LINEAR(s) (((s) & 0x30u) == CLK_FILTER_LINEAR)

// address_mode() of Table 40 for CLAMP_TO_EDGE, CLAMP and NONE (REPEAT and MIRRORED_REPEAT
// with unnormalized or integer coordinates are undefined: clamped to the edge here).
int OCLHLS_OVL __oclhls_img_address(int i, int size, uint smp)
{
    uint mode = OCLHLS_ADDR_MODE(smp);
    if (mode == CLK_ADDRESS_NONE)
        return i;
    if (mode == CLK_ADDRESS_CLAMP)
        return clamp(i, -1, size);
    return clamp(i, 0, size - 1);
}

// One coordinate: the two texel indices (i0 for nearest) and the weight a of i1.
void OCLHLS_OVL __oclhls_img_axis(float s, int size, uint smp, int *i0, int *i1, float *a)
{
    uint mode = OCLHLS_ADDR_MODE(smp);
    int linear = OCLHLS_FILTER_LINEAR(smp), normalized = smp & 1u;
    float fs = (float)size;
    if (normalized && mode == CLK_ADDRESS_REPEAT) {
        float u = (s - floor(s)) * fs;
        if (!linear) {
            int i = (int)floor(u);
            *i0 = i > size - 1 ? i - size : i;
            *i1 = *i0;
            *a = 0.0f;
            return;
        }
        float b = floor(u - 0.5f);
        int j0 = (int)b, j1 = j0 + 1;
        *i0 = j0 < 0 ? size + j0 : j0;
        *i1 = j1 > size - 1 ? j1 - size : j1;
        *a = (u - 0.5f) - b;
        return;
    }
    if (normalized && mode == CLK_ADDRESS_MIRRORED_REPEAT) {
        float u = fabs(s - 2.0f * rint(0.5f * s)) * fs;
        if (!linear) {
            *i0 = min((int)floor(u), size - 1);
            *i1 = *i0;
            *a = 0.0f;
            return;
        }
        float b = floor(u - 0.5f);
        int j0 = (int)b;
        *i0 = max(j0, 0);
        *i1 = min(j0 + 1, size - 1);
        *a = (u - 0.5f) - b;
        return;
    }
    float u = normalized ? s * fs : s;
    if (!linear) {
        *i0 = __oclhls_img_address((int)floor(u), size, smp);
        *i1 = *i0;
        *a = 0.0f;
        return;
    }
    float b = floor(u - 0.5f);
    *i0 = __oclhls_img_address((int)b, size, smp);
    *i1 = __oclhls_img_address((int)b + 1, size, smp);
    *a = (u - 0.5f) - b;
}

// A texel or, outside the image when CHECK (CLAMP), the border color: the load only when
// inside. DIMS: the coordinates checked.
uint4 OCLHLS_OVL __oclhls_img_fetch(__oclhls_img m, int x, int y, int z, int check, int dims,
                                    int kind)
{
    int inside = !check || (x >= 0 && x < (int)m.w);
    if (check && dims > 1)
        inside = inside && y >= 0 && y < (int)m.h;
    if (check && dims > 2)
        inside = inside && z >= 0 && z < (int)m.d;
    if (inside)
        return __oclhls_img_texel(m, x, y, z, kind);
    return __oclhls_img_border(m, kind);
}

// The array layer of a read with a sampler: clamp(rint(c), 0, layers - 1) (8.3.4 of 2.0).
int OCLHLS_OVL __oclhls_img_layer(float c, __oclhls_img m)
{
    return clamp((int)rint(c), 0, (int)m.layers - 1);
}

// read_image{f,i,ui} with a sampler at float coordinates c (x, y, z); DIMS 1-3 spatial
// coordinates, LAYER the array layer (-1: not an array). Linear filtering for read_imagef
// only (the spec leaves it undefined for the integer reads: nearest here).
uint4 OCLHLS_OVL __oclhls_img_sample(__oclhls_img m, uint smp, float4 c, int dims, int layer,
                                     int kind)
{
    int x0, x1, y0 = 0, y1 = 0, z0 = 0, z1 = 0;
    float a, b = 0.0f, g = 0.0f;
    if (kind != 0)
        smp &= ~0x30u; /* nearest */
    __oclhls_img_axis(c.x, (int)m.w, smp, &x0, &x1, &a);
    if (dims > 1)
        __oclhls_img_axis(c.y, (int)m.h, smp, &y0, &y1, &b);
    if (dims > 2)
        __oclhls_img_axis(c.z, (int)m.d, smp, &z0, &z1, &g);
    if (layer >= 0)
        z0 = z1 = layer;
    int check = OCLHLS_ADDR_MODE(smp) == CLK_ADDRESS_CLAMP;
    uint4 t000 = __oclhls_img_fetch(m, x0, y0, z0, check, dims, kind);
    if (kind != 0 || !OCLHLS_FILTER_LINEAR(smp))
        return t000;
    float4 r = as_float4(t000) * (1.0f - a);
    r += as_float4(__oclhls_img_fetch(m, x1, y0, z0, check, dims, kind)) * a;
    if (dims > 1) {
        float4 r1 = as_float4(__oclhls_img_fetch(m, x0, y1, z0, check, dims, kind)) * (1.0f - a) +
                    as_float4(__oclhls_img_fetch(m, x1, y1, z0, check, dims, kind)) * a;
        r = r * (1.0f - b) + r1 * b;
    }
    if (dims > 2) {
        float4 s0 = as_float4(__oclhls_img_fetch(m, x0, y0, z1, check, dims, kind)) * (1.0f - a) +
                    as_float4(__oclhls_img_fetch(m, x1, y0, z1, check, dims, kind)) * a;
        float4 s1 = as_float4(__oclhls_img_fetch(m, x0, y1, z1, check, dims, kind)) * (1.0f - a) +
                    as_float4(__oclhls_img_fetch(m, x1, y1, z1, check, dims, kind)) * a;
        r = r * (1.0f - g) + (s0 * (1.0f - b) + s1 * b) * g;
    }
    return as_uint4(r);
}

// Integer coordinates with a sampler: unnormalized and nearest (the spec requires it).
uint4 OCLHLS_OVL __oclhls_img_sample_int(__oclhls_img m, uint smp, int4 c, int dims, int layer,
                                         int kind)
{
    int x = __oclhls_img_address(c.x, (int)m.w, smp);
    int y = dims > 1 ? __oclhls_img_address(c.y, (int)m.h, smp) : 0;
    int z = dims > 2 ? __oclhls_img_address(c.z, (int)m.d, smp) : 0;
    if (layer >= 0)
        z = layer;
    return __oclhls_img_fetch(m, x, y, z, OCLHLS_ADDR_MODE(smp) == CLK_ADDRESS_CLAMP, dims, kind);
}

// ---- the builtins ----

// Without a sampler: nearest, unnormalized, CLK_ADDRESS_NONE (read_only and read_write).
#define OCLHLS_PLAIN_READS(ACC, RT, SUFFIX, KIND, CONV)                                            \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image1d_t im, int c)                                      \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c, 0, 0, KIND));                       \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image1d_buffer_t im, int c)                               \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c, 0, 0, KIND));                       \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image1d_array_t im, int2 c)                               \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c.x, 0, c.y, KIND));                   \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image2d_t im, int2 c)                                     \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c.x, c.y, 0, KIND));                   \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image2d_array_t im, int4 c)                               \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c.x, c.y, c.z, KIND));                 \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(ACC image3d_t im, int4 c)                                     \
    {                                                                                              \
        return CONV(__oclhls_img_texel(__oclhls_img_of(im), c.x, c.y, c.z, KIND));                 \
    }

// Coordinates of each image type as (x, y, z) and the layer: C the coordinate expression.
#define OCLHLS_XYZ_1d(C) ((float4)((C), 0.0f, 0.0f, 0.0f))
#define OCLHLS_XYZ_2d(C) ((float4)((C).x, (C).y, 0.0f, 0.0f))
#define OCLHLS_XYZ_3d(C) ((float4)((C).x, (C).y, (C).z, 0.0f))
#define OCLHLS_IXYZ_1d(C) ((int4)((C), 0, 0, 0))
#define OCLHLS_IXYZ_2d(C) ((int4)((C).x, (C).y, 0, 0))
#define OCLHLS_IXYZ_3d(C) ((int4)((C).x, (C).y, (C).z, 0))

#define OCLHLS_READS_KIND(RT, SUFFIX, KIND, CONV)                                                  \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image1d_t im, sampler_t s, float c)                 \
    {                                                                                              \
        return CONV(__oclhls_img_sample(__oclhls_img_of(im), __oclhls_sampler_bits(s),             \
                                        OCLHLS_XYZ_1d(c), 1, -1, KIND));                           \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image1d_t im, sampler_t s, int c)                   \
    {                                                                                              \
        return CONV(__oclhls_img_sample_int(__oclhls_img_of(im), __oclhls_sampler_bits(s),         \
                                            OCLHLS_IXYZ_1d(c), 1, -1, KIND));                      \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image1d_array_t im, sampler_t s, float2 c)          \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return CONV(__oclhls_img_sample(m, __oclhls_sampler_bits(s), OCLHLS_XYZ_1d(c.x), 1,        \
                                        __oclhls_img_layer(c.y, m), KIND));                        \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image1d_array_t im, sampler_t s, int2 c)            \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return CONV(__oclhls_img_sample_int(m, __oclhls_sampler_bits(s), OCLHLS_IXYZ_1d(c.x), 1,   \
                                            clamp(c.y, 0, (int)m.layers - 1), KIND));              \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image2d_t im, sampler_t s, float2 c)                \
    {                                                                                              \
        return CONV(__oclhls_img_sample(__oclhls_img_of(im), __oclhls_sampler_bits(s),             \
                                        OCLHLS_XYZ_2d(c), 2, -1, KIND));                           \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image2d_t im, sampler_t s, int2 c)                  \
    {                                                                                              \
        return CONV(__oclhls_img_sample_int(__oclhls_img_of(im), __oclhls_sampler_bits(s),         \
                                            OCLHLS_IXYZ_2d(c), 2, -1, KIND));                      \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image2d_array_t im, sampler_t s, float4 c)          \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return CONV(__oclhls_img_sample(m, __oclhls_sampler_bits(s), OCLHLS_XYZ_2d(c), 2,          \
                                        __oclhls_img_layer(c.z, m), KIND));                        \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image2d_array_t im, sampler_t s, int4 c)            \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return CONV(__oclhls_img_sample_int(m, __oclhls_sampler_bits(s), OCLHLS_IXYZ_2d(c), 2,     \
                                            clamp(c.z, 0, (int)m.layers - 1), KIND));              \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image3d_t im, sampler_t s, float4 c)                \
    {                                                                                              \
        return CONV(__oclhls_img_sample(__oclhls_img_of(im), __oclhls_sampler_bits(s),             \
                                        OCLHLS_XYZ_3d(c), 3, -1, KIND));                           \
    }                                                                                              \
    RT OCLHLS_OVL read_image##SUFFIX(read_only image3d_t im, sampler_t s, int4 c)                  \
    {                                                                                              \
        return CONV(__oclhls_img_sample_int(__oclhls_img_of(im), __oclhls_sampler_bits(s),         \
                                            OCLHLS_IXYZ_3d(c), 3, -1, KIND));                      \
    }                                                                                              \
    OCLHLS_PLAIN_READS(read_only, RT, SUFFIX, KIND, CONV)
OCLHLS_READS_KIND(float4, f, 0, as_float4)
OCLHLS_READS_KIND(int4, i, 1, as_int4)
OCLHLS_READS_KIND(uint4, ui, 2, )
OCLHLS_PLAIN_READS(read_write, float4, f, 0, as_float4)
OCLHLS_PLAIN_READS(read_write, int4, i, 1, as_int4)
OCLHLS_PLAIN_READS(read_write, uint4, ui, 2, )

// write_image{f,i,ui}: the color converted for the format and stored.
#define OCLHLS_WRITE_CONV_f(m, c)                                                                  \
    ((uint4)(__oclhls_img_from_float((c).x, (m).format & 0xffffu),                                 \
             __oclhls_img_from_float((c).y, (m).format & 0xffffu),                                 \
             __oclhls_img_from_float((c).z, (m).format & 0xffffu),                                 \
             __oclhls_img_from_float((c).w, (m).format & 0xffffu)))
#define OCLHLS_WRITE_CONV_i(m, c)                                                                  \
    ((uint4)(__oclhls_img_from_int((uint)(c).x, (m).format & 0xffffu, 1),                          \
             __oclhls_img_from_int((uint)(c).y, (m).format & 0xffffu, 1),                          \
             __oclhls_img_from_int((uint)(c).z, (m).format & 0xffffu, 1),                          \
             __oclhls_img_from_int((uint)(c).w, (m).format & 0xffffu, 1)))
#define OCLHLS_WRITE_CONV_ui OCLHLS_WRITE_CONV_i
#define OCLHLS_WRITE_ONE(ACC, SUFFIX, T, IMG, CT, X, Y, Z)                                         \
    void OCLHLS_OVL write_image##SUFFIX(ACC IMG im, CT c, T color)                                 \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        __oclhls_img_store(m, X, Y, Z,                                                             \
                           __oclhls_img_from_rgba(OCLHLS_WRITE_CONV_##SUFFIX(m, color),            \
                                                  m.format >> 16));                                \
    }
#define OCLHLS_WRITES(ACC, SUFFIX, T)                                                              \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image1d_t, int, c, 0, 0)                                      \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image1d_buffer_t, int, c, 0, 0)                               \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image1d_array_t, int2, c.x, 0, c.y)                           \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image2d_t, int2, c.x, c.y, 0)                                 \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image2d_array_t, int4, c.x, c.y, c.z)                         \
    OCLHLS_WRITE_ONE(ACC, SUFFIX, T, image3d_t, int4, c.x, c.y, c.z)
OCLHLS_WRITES(write_only, f, float4)
OCLHLS_WRITES(write_only, i, int4)
OCLHLS_WRITES(write_only, ui, uint4)
// read_write images (__opencl_c_read_write_images): a work-item's reads after its writes of
// the same image wait for them (the image is one argument: HLS orders its accesses)
OCLHLS_WRITES(read_write, f, float4)
OCLHLS_WRITES(read_write, i, int4)
OCLHLS_WRITES(read_write, ui, uint4)

// ---- queries ----

#define OCLHLS_QUERIES(ACC, T)                                                                     \
    int OCLHLS_OVL get_image_width(ACC T im) { return (int)__oclhls_img_of(im).w; }                \
    int OCLHLS_OVL get_image_channel_data_type(ACC T im)                                           \
    {                                                                                              \
        return (int)(__oclhls_img_of(im).format & 0xffffu);                                        \
    }                                                                                              \
    int OCLHLS_OVL get_image_channel_order(ACC T im) { return (int)(__oclhls_img_of(im).format >> 16); }
#define OCLHLS_QUERIES_ACC(ACC)                                                                    \
    OCLHLS_QUERIES(ACC, image1d_t)                                                                 \
    OCLHLS_QUERIES(ACC, image1d_buffer_t)                                                          \
    OCLHLS_QUERIES(ACC, image1d_array_t)                                                           \
    OCLHLS_QUERIES(ACC, image2d_t)                                                                 \
    OCLHLS_QUERIES(ACC, image2d_array_t)                                                           \
    OCLHLS_QUERIES(ACC, image3d_t)                                                                 \
    int OCLHLS_OVL get_image_height(ACC image2d_t im) { return (int)__oclhls_img_of(im).h; }       \
    int OCLHLS_OVL get_image_height(ACC image2d_array_t im) { return (int)__oclhls_img_of(im).h; } \
    int OCLHLS_OVL get_image_height(ACC image3d_t im) { return (int)__oclhls_img_of(im).h; }       \
    int OCLHLS_OVL get_image_depth(ACC image3d_t im) { return (int)__oclhls_img_of(im).d; }        \
    size_t OCLHLS_OVL get_image_array_size(ACC image1d_array_t im)                                 \
    {                                                                                              \
        return __oclhls_img_of(im).layers;                                                         \
    }                                                                                              \
    size_t OCLHLS_OVL get_image_array_size(ACC image2d_array_t im)                                 \
    {                                                                                              \
        return __oclhls_img_of(im).layers;                                                         \
    }                                                                                              \
    int2 OCLHLS_OVL get_image_dim(ACC image2d_t im)                                                \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return (int2)((int)m.w, (int)m.h);                                                         \
    }                                                                                              \
    int2 OCLHLS_OVL get_image_dim(ACC image2d_array_t im)                                          \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return (int2)((int)m.w, (int)m.h);                                                         \
    }                                                                                              \
    int4 OCLHLS_OVL get_image_dim(ACC image3d_t im)                                                \
    {                                                                                              \
        __oclhls_img m = __oclhls_img_of(im);                                                      \
        return (int4)((int)m.w, (int)m.h, (int)m.d, 0);                                            \
    }
OCLHLS_QUERIES_ACC(read_only)
OCLHLS_QUERIES_ACC(write_only)
OCLHLS_QUERIES_ACC(read_write)

#endif
