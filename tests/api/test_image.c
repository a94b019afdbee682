/* SPDX-License-Identifier: MIT */
/*
 * Image objects on the sim board without kernels: every image type written and read back
 * through sub-regions with host pitches, copies image to image and between images and
 * buffers, fills in several formats against a host reference of the spec's conversions,
 * maps, images made from buffers, host pointers, queries and samplers.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

static cl_context ctx;
static cl_command_queue q;

static cl_mem image(cl_mem_flags flags, cl_channel_order o, cl_channel_type t,
                    cl_mem_object_type type, size_t w, size_t h, size_t d, size_t a, void *host)
{
    cl_image_format f = {o, t};
    cl_image_desc desc = {.image_type = type,
                          .image_width = w,
                          .image_height = h,
                          .image_depth = d,
                          .image_array_size = a};
    cl_int err;
    cl_mem m = clCreateImage(ctx, flags, &f, &desc, host, &err);

    api_must(err, "clCreateImage", __LINE__);
    return m;
}

/* A byte pattern that differs at every position and between images. */
static void pattern(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 7u + seed * 13u + (i >> 8));
}

/* Each image type (4-byte RGBA8 texels): write the whole image, read back a sub-region with
 * padded host pitches, compare against the source. */
static void round_trips(void)
{
    static const struct {
        cl_mem_object_type type;
        size_t w, h, d, a; /* image size */
        size_t o[3], r[3]; /* the sub-region read back */
        const char *name;
    } cases[] = {
        {CL_MEM_OBJECT_IMAGE1D, 37, 0, 0, 0, {5, 0, 0}, {20, 1, 1}, "1D"},
        {CL_MEM_OBJECT_IMAGE1D_ARRAY, 19, 0, 0, 5, {3, 1, 0}, {9, 3, 1}, "1D array"},
        {CL_MEM_OBJECT_IMAGE2D, 23, 17, 0, 0, {4, 3, 0}, {11, 9, 1}, "2D"},
        {CL_MEM_OBJECT_IMAGE2D_ARRAY, 13, 7, 0, 4, {2, 1, 1}, {8, 5, 2}, "2D array"},
        {CL_MEM_OBJECT_IMAGE3D, 9, 6, 5, 0, {1, 2, 1}, {7, 3, 3}, "3D"},
    };

    printf("-- write, then read back sub-regions with host pitches\n");
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        size_t w = cases[c].w, h = cases[c].h ? cases[c].h : 1;
        size_t layers = cases[c].d ? cases[c].d : cases[c].a ? cases[c].a : 1;
        size_t full[3] = {w, h, layers}, zero[3] = {0, 0, 0};
        const size_t *o = cases[c].o, *r = cases[c].r;
        bool array1d = cases[c].type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
        bool slices = array1d || cases[c].type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                      cases[c].type == CL_MEM_OBJECT_IMAGE3D;
        size_t n = w * h * layers * 4;
        uint8_t *src = malloc(n), *dst;
        /* host pitches with padding: 3 extra texels per row, 2 extra rows per slice */
        size_t row = (r[0] + 3) * 4, slice = array1d ? row + 8 : row * (r[1] + 2);
        size_t dst_size = slices ? slice * (array1d ? r[1] : r[2]) : row * r[1];
        bool ok = true;
        cl_mem m;

        if (array1d)
            full[1] = layers, full[2] = 1;
        m = image(0, CL_RGBA, CL_UNORM_INT8, cases[c].type, w, cases[c].h, cases[c].d, cases[c].a,
                  NULL);
        pattern(src, n, (unsigned)c);
        dst = calloc(1, dst_size);
        MUST(clEnqueueWriteImage(q, m, CL_TRUE, zero, full, 0, 0, src, 0, NULL, NULL));
        MUST(clEnqueueReadImage(q, m, CL_TRUE, o, r, row, slices ? slice : 0, dst, 0, NULL, NULL));
        for (size_t z = 0; z < r[2]; z++)
            for (size_t y = 0; y < r[1]; y++) {
                /* a 1D array's images are its rows, on both sides */
                size_t so = array1d ? ((o[1] + y) * w + o[0]) * 4
                                    : (((o[2] + z) * h + o[1] + y) * w + o[0]) * 4;
                size_t dof = array1d ? y * slice : z * slice + y * row;

                if (memcmp(src + so, dst + dof, r[0] * 4))
                    ok = false;
            }
        CHECK(ok, "%s: the region read back equals what was written", cases[c].name);
        free(src);
        free(dst);
        clReleaseMemObject(m);
    }
}

/* Image to image, image to buffer and back, through a 2D and a 3D image. */
static void copies(void)
{
    enum { W = 16, H = 12, D = 3 };
    uint32_t src[W * H], out[W * H], b3[D * H * W], back[D * H * W];
    size_t zero[3] = {0, 0, 0}, full[3] = {W, H, 1};
    bool ok = true;
    cl_int err;

    printf("-- copies\n");
    for (uint32_t i = 0; i < W * H; i++)
        src[i] = 0x01000000u * (i & 0xff) + i * 2654435761u % 0xffffff;
    cl_mem a = image(CL_MEM_COPY_HOST_PTR, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, src);
    cl_mem b = image(0, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, NULL);
    cl_mem c3 = image(0, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE3D, W, H, D, 0, NULL);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(b3) + 64, NULL, &err);
    api_must(err, "clCreateBuffer", __LINE__);

    /* the whole of a into b, then a block of b onto itself elsewhere (no overlap) */
    MUST(clEnqueueCopyImage(q, a, b, zero, zero, full, 0, NULL, NULL));
    size_t so[3] = {1, 2, 0}, dof[3] = {9, 6, 0}, r[3] = {5, 4, 1};
    MUST(clEnqueueCopyImage(q, b, b, so, dof, r, 0, NULL, NULL));
    MUST(clEnqueueReadImage(q, b, CL_TRUE, zero, full, 0, 0, out, 0, NULL, NULL));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 9 && x < 14 && y >= 6 && y < 10;
            uint32_t want = in ? src[(y - 6 + 2) * W + (x - 9 + 1)] : src[y * W + x];

            ok &= out[y * W + x] == want;
        }
    CHECK(ok, "clEnqueueCopyImage: 2D to 2D, and a block within one image");

    /* the 2D image into slice 1 of the 3D image, the 3D image out to a buffer at 64 bytes */
    size_t at[3] = {0, 0, 1}, full3[3] = {W, H, D};
    float zeros[W * H * D] = {0};
    MUST(clEnqueueWriteImage(q, c3, CL_TRUE, zero, full3, 0, 0, zeros, 0, NULL, NULL));
    MUST(clEnqueueCopyImage(q, a, c3, zero, at, full, 0, NULL, NULL));
    MUST(clEnqueueCopyImageToBuffer(q, c3, buf, zero, full3, 64, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 64, sizeof(b3), b3, 0, NULL, NULL));
    ok = true;
    for (int i = 0; i < W * H * D; i++)
        ok &= b3[i] == (i / (W * H) == 1 ? src[i % (W * H)] : 0u);
    CHECK(ok, "clEnqueueCopyImage 2D -> 3D slice, clEnqueueCopyImageToBuffer");

    /* buffer back into the 3D image, shifted one slice down, and read the image */
    size_t r2[3] = {W, H, 2}, at0[3] = {0, 0, 0};
    MUST(clEnqueueCopyBufferToImage(q, buf, c3, 64 + W * H * 4, at0, r2, 0, NULL, NULL));
    MUST(clEnqueueReadImage(q, c3, CL_TRUE, zero, full3, 0, 0, back, 0, NULL, NULL));
    ok = true;
    for (int i = 0; i < W * H * D; i++) {
        int s = i / (W * H);
        uint32_t want = s == 0 ? src[i % (W * H)] : 0u; /* slices 1,2 of b3 -> 0,1; 2 kept */

        if (s == 2)
            want = 0;
        ok &= back[i] == want;
    }
    CHECK(ok, "clEnqueueCopyBufferToImage at an offset");
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c3);
    clReleaseMemObject(buf);
}

/* Host reference of the fill conversions (OpenCL C "Conversion rules"). */
static uint8_t ref_unorm8(float f)
{
    return (uint8_t)nearbyintf(fminf(fmaxf(f * 255.0f, 0.0f), 255.0f));
}

static int16_t ref_snorm16(float f)
{
    return (int16_t)nearbyintf(fminf(fmaxf(f * 32767.0f, -32768.0f), 32767.0f));
}

/* Fills a 2D region and compares the texels against bytes computed here. */
static void fill_case(const char *name, cl_channel_order o, cl_channel_type t, const void *color,
                      const void *texel, size_t elem)
{
    enum { W = 10, H = 6 };
    uint8_t before[W * H * 16], after[W * H * 16];
    size_t zero[3] = {0, 0, 0}, full[3] = {W, H, 1}, fo[3] = {2, 1, 0}, fr[3] = {5, 4, 1};
    cl_mem m = image(0, o, t, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, NULL);
    bool ok = true;

    pattern(before, sizeof(before), 3);
    MUST(clEnqueueWriteImage(q, m, CL_TRUE, zero, full, 0, 0, before, 0, NULL, NULL));
    MUST(clEnqueueFillImage(q, m, color, fo, fr, 0, NULL, NULL));
    MUST(clEnqueueReadImage(q, m, CL_TRUE, zero, full, 0, 0, after, 0, NULL, NULL));
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            bool in = x >= 2 && x < 7 && y >= 1 && y < 5;
            const uint8_t *want = in ? texel : before + (y * W + x) * elem;

            ok &= memcmp(after + (y * W + x) * elem, want, elem) == 0;
        }
    CHECK(ok, "fill %s: the region holds the converted colour, the rest is untouched", name);
    clReleaseMemObject(m);
}

static void fills(void)
{
    printf("-- clEnqueueFillImage, colours converted per the spec\n");
    {
        /* 0.5 * 255 = 127.5 rounds to even: 128; saturation of 1.7 and -0.2 */
        float c[4] = {0.5f, 1.7f, -0.2f, 0.25f};
        uint8_t t[4] = {ref_unorm8(0.5f), ref_unorm8(1.7f), ref_unorm8(-0.2f), ref_unorm8(0.25f)};
        CHECK(t[0] == 128 && t[1] == 255 && t[2] == 0 && t[3] == 64, "reference unorm8");
        fill_case("RGBA UNORM_INT8", CL_RGBA, CL_UNORM_INT8, c, t, 4);
        /* BGRA stores blue first */
        uint8_t tb[4] = {t[2], t[1], t[0], t[3]};
        fill_case("BGRA UNORM_INT8", CL_BGRA, CL_UNORM_INT8, c, tb, 4);
    }
    {
        float c[4] = {-0.5f, 0.3f, 0, 0};
        int16_t t[2] = {ref_snorm16(-0.5f), ref_snorm16(0.3f)};
        fill_case("RG SNORM_INT16", CL_RG, CL_SNORM_INT16, c, t, 4);
    }
    {
        /* half: 1/3 rounds to 0x3555, 65519 to the largest half, 1e-7 to a subnormal */
        float c[4] = {1.0f / 3.0f, -2.0f, 65519.0f, 1e-7f};
        uint16_t t[4] = {0x3555, 0xc000, 0x7bff, 0x0002};
        fill_case("RGBA HALF_FLOAT", CL_RGBA, CL_HALF_FLOAT, c, t, 8);
    }
    {
        int32_t c[4] = {-300, 5, 0, 0};
        int8_t t[1] = {-128}; /* convert_char_sat */
        fill_case("R SIGNED_INT8", CL_R, CL_SIGNED_INT8, c, t, 1);
    }
    {
        uint32_t c[4] = {70000, 12, 0xffffffffu, 7};
        uint16_t t[4] = {65535, 12, 65535, 7};
        fill_case("RGBA UNSIGNED_INT16", CL_RGBA, CL_UNSIGNED_INT16, c, t, 8);
    }
    {
        float c[4] = {3.5f, 0, 0, 0};
        fill_case("R FLOAT", CL_R, CL_FLOAT, c, c, 4);
    }
    {
        /* -1 * 127 = -127; 2.5 * 127 saturates; NaN is 0 */
        float c[4] = {-1.0f, 2.5f, NAN, -0.003f};
        int8_t t[4] = {-127, 127, 0, 0};
        fill_case("RGBA SNORM_INT8", CL_RGBA, CL_SNORM_INT8, c, t, 4);
    }
    {
        int32_t c[4] = {-7, 1 << 30, -2147483647 - 1, 42};
        fill_case("RGBA SIGNED_INT32", CL_RGBA, CL_SIGNED_INT32, c, c, 16);
    }
}

/* A 2D image made from a 2D image (a read-only view of the same texels): reads and a fill
 * through the view reach the image. */
static void image_view(void)
{
    enum { W = 4, H = 3 };
    uint8_t src[W * H * 4], got[W * H * 4];
    size_t zero[3] = {0, 0, 0}, full[3] = {W, H, 1};
    cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
    cl_int err;

    printf("-- a 2D image made from a 2D image\n");
    pattern(src, sizeof(src), 5);
    cl_mem m = image(0, CL_RGBA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, NULL);
    MUST(clEnqueueWriteImage(q, m, CL_TRUE, zero, full, 0, 0, src, 0, NULL, NULL));
    cl_image_desc d = {
        .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W, .image_height = H, .mem_object = m};
    cl_mem v = clCreateImage(ctx, CL_MEM_READ_ONLY, &f, &d, NULL, &err);
    MUST(err);
    MUST(clEnqueueReadImage(q, v, CL_TRUE, zero, full, 0, 0, got, 0, NULL, NULL));
    CHECK(memcmp(got, src, sizeof(src)) == 0, "the view reads the image's bytes");
    float c[4] = {0.5f, 0.0f, 1.0f, 0.5f};
    size_t one[3] = {1, 1, 1};
    MUST(clEnqueueFillImage(q, v, c, zero, one, 0, NULL, NULL));
    MUST(clEnqueueReadImage(q, m, CL_TRUE, zero, one, 0, 0, got, 0, NULL, NULL));
    CHECK(got[0] == 128 && got[1] == 0 && got[2] == 255 && got[3] == 128,
          "the fill through the view: %u %u %u %u (128 0 255 128)", got[0], got[1], got[2], got[3]);
    clReleaseMemObject(m); /* the view keeps the texels */
    MUST(clEnqueueReadImage(q, v, CL_TRUE, zero, one, 0, 0, got, 0, NULL, NULL));
    CHECK(got[0] == 128, "the view outlives the image's handle");
    clReleaseMemObject(v);
}

/* Maps of a 1D array and of a 3D region: the returned pitches and the texels; a 1D array with
 * CL_MEM_USE_HOST_PTR and a padded slice (image) pitch. */
static void maps_arrays(void)
{
    enum { W = 6, L = 4, H = 3, D = 4 };
    uint32_t a1[W * L], v3[W * H * D];
    size_t zero[3] = {0, 0, 0}, row = 0, slice = 0;
    cl_int err;
    bool ok = true;

    printf("-- maps of arrays and 3D images\n");
    for (uint32_t i = 0; i < W * L; i++)
        a1[i] = 1000 + i;
    for (uint32_t i = 0; i < W * H * D; i++)
        v3[i] = 5000 + i;
    cl_mem m1 = image(CL_MEM_COPY_HOST_PTR, CL_R, CL_UNSIGNED_INT32, CL_MEM_OBJECT_IMAGE1D_ARRAY, W,
                      0, 0, L, a1);
    size_t o1[3] = {1, 1, 0}, r1[3] = {3, 2, 1};
    uint8_t *p =
        clEnqueueMapImage(q, m1, CL_TRUE, CL_MAP_READ, o1, r1, &row, &slice, 0, NULL, NULL, &err);
    MUST(err);
    for (size_t y = 0; y < r1[1]; y++)
        for (size_t x = 0; x < r1[0]; x++)
            ok &= ((uint32_t *)(p + y * slice))[x] == a1[(o1[1] + y) * W + o1[0] + x];
    CHECK(ok && slice >= r1[0] * 4, "1D array: slice pitch %zu steps from image to image", slice);
    MUST(clEnqueueUnmapMemObject(q, m1, p, 0, NULL, NULL));
    clReleaseMemObject(m1);

    cl_mem m3 =
        image(CL_MEM_COPY_HOST_PTR, CL_R, CL_UNSIGNED_INT32, CL_MEM_OBJECT_IMAGE3D, W, H, D, 0, v3);
    size_t o3[3] = {2, 1, 1}, r3[3] = {3, 2, 3};
    p = clEnqueueMapImage(q, m3, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, o3, r3, &row, &slice, 0,
                          NULL, NULL, &err);
    MUST(err);
    CHECK(row >= r3[0] * 4 && slice >= row * r3[1], "3D: row pitch %zu, slice pitch %zu", row,
          slice);
    for (size_t z = 0; z < r3[2]; z++)
        for (size_t y = 0; y < r3[1]; y++)
            for (size_t x = 0; x < r3[0]; x++)
                ((uint32_t *)(p + z * slice + y * row))[x] = 7;
    MUST(clEnqueueUnmapMemObject(q, m3, p, 0, NULL, NULL));
    uint32_t back[W * H * D];
    size_t full3[3] = {W, H, D};
    MUST(clEnqueueReadImage(q, m3, CL_TRUE, zero, full3, 0, 0, back, 0, NULL, NULL));
    ok = true;
    for (size_t z = 0; z < D; z++)
        for (size_t y = 0; y < H; y++)
            for (size_t x = 0; x < W; x++) {
                bool in = x >= 2 && x < 5 && y >= 1 && y < 3 && z >= 1;
                size_t i = (z * H + y) * W + x;

                ok &= back[i] == (in ? 7u : v3[i]);
            }
    CHECK(ok, "3D: a WRITE_INVALIDATE_REGION map wrote its region back, and only it");
    clReleaseMemObject(m3);

    /* USE_HOST_PTR 1D array, images two rows apart ("a multiple of the image_row_pitch") */
    enum { PITCH = W * 4 * 2 };
    static uint8_t host[PITCH * L];
    cl_image_format f = {CL_R, CL_UNSIGNED_INT32};
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY,
                       .image_width = W,
                       .image_array_size = L,
                       .image_slice_pitch = PITCH};
    for (size_t l = 0; l < L; l++)
        memcpy(host + l * PITCH, a1 + l * W, W * 4);
    cl_mem mh = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &f, &d, host, &err);
    MUST(err);
    uint32_t got[W * L];
    size_t full1[3] = {W, L, 1};
    MUST(clEnqueueReadImage(q, mh, CL_TRUE, zero, full1, 0, 0, got, 0, NULL, NULL));
    CHECK(memcmp(got, a1, sizeof(a1)) == 0, "USE_HOST_PTR 1D array: the images start as host_ptr");
    size_t o2[3] = {0, 2, 0}, r2[3] = {W, 1, 1};
    uint32_t nine[W] = {9, 9, 9, 9, 9, 9};
    MUST(clEnqueueWriteImage(q, mh, CL_TRUE, o2, r2, 0, 0, nine, 0, NULL, NULL));
    p = clEnqueueMapImage(q, mh, CL_TRUE, CL_MAP_READ, zero, full1, &row, &slice, 0, NULL, NULL,
                          &err);
    MUST(err);
    CHECK(p == host && slice == PITCH, "USE_HOST_PTR 1D array: the map is host_ptr, pitch %zu",
          slice);
    CHECK(((uint32_t *)(host + 2 * PITCH))[5] == 9 && ((uint32_t *)(host + PITCH))[5] == a1[W + 5],
          "USE_HOST_PTR 1D array: the map brought the write into host_ptr");
    MUST(clEnqueueUnmapMemObject(q, mh, p, 0, NULL, NULL));
    MUST(clFinish(q));
    clReleaseMemObject(mh);
}

/* Map for reading and for writing, with and without CL_MEM_USE_HOST_PTR. */
static void maps(void)
{
    enum { W = 8, H = 5 };
    uint16_t src[W * H], host[W * H + 64], back[W * H];
    size_t zero[3] = {0, 0, 0}, full[3] = {W, H, 1}, o[3] = {2, 1, 0}, r[3] = {4, 3, 1};
    size_t row = 0, slice = 99;
    cl_uint count = 9;
    cl_int err;
    bool ok = true;

    printf("-- clEnqueueMapImage, clEnqueueUnmapMemObject\n");
    for (int i = 0; i < W * H; i++)
        src[i] = (uint16_t)(i * 31 + 1);
    cl_mem m = image(0, CL_R, CL_UNSIGNED_INT16, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, NULL);
    MUST(clEnqueueWriteImage(q, m, CL_TRUE, zero, full, 0, 0, src, 0, NULL, NULL));
    uint8_t *p = clEnqueueMapImage(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o, r, &row, &slice, 0,
                                   NULL, NULL, &err);
    MUST(err);
    CHECK(row >= r[0] * 2 && slice == 0, "row pitch %zu, slice pitch 0 for a 2D image", row);
    MUST(clGetMemObjectInfo(m, CL_MEM_MAP_COUNT, sizeof(count), &count, NULL));
    CHECK(count == 1, "CL_MEM_MAP_COUNT 1 while mapped");
    for (size_t y = 0; y < r[1]; y++)
        for (size_t x = 0; x < r[0]; x++) {
            uint16_t *t = (uint16_t *)(p + y * row) + x;

            ok &= *t == src[(o[1] + y) * W + o[0] + x];
            *t = (uint16_t)(*t ^ 0xffff);
        }
    CHECK(ok, "the mapped region holds the image's texels");
    MUST(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
    MUST(clEnqueueReadImage(q, m, CL_TRUE, zero, full, 0, 0, back, 0, NULL, NULL));
    ok = true;
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            bool in = x >= o[0] && x < o[0] + r[0] && y >= o[1] && y < o[1] + r[1];
            ok &= back[y * W + x] == (uint16_t)(in ? src[y * W + x] ^ 0xffff : src[y * W + x]);
        }
    CHECK(ok, "the unmap wrote the region back, and only it");
    clReleaseMemObject(m);

    /* CL_MEM_USE_HOST_PTR with a padded row pitch: the map points into host_ptr */
    cl_image_format f = {CL_R, CL_UNSIGNED_INT16};
    size_t pitch = (W + 3) * 2;
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                       .image_width = W,
                       .image_height = H,
                       .image_row_pitch = pitch};
    memset(host, 0, sizeof(host));
    for (size_t y = 0; y < H; y++)
        memcpy((uint8_t *)host + y * pitch, src + y * W, W * 2);
    m = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &f, &d, host, &err);
    MUST(err);
    size_t rp = 0;
    void *hp = NULL;
    MUST(clGetImageInfo(m, CL_IMAGE_ROW_PITCH, sizeof(rp), &rp, NULL));
    MUST(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
    CHECK(rp == pitch && hp == host, "USE_HOST_PTR: CL_IMAGE_ROW_PITCH %zu, CL_MEM_HOST_PTR", rp);
    MUST(clEnqueueReadImage(q, m, CL_TRUE, zero, full, 0, 0, back, 0, NULL, NULL));
    CHECK(memcmp(back, src, sizeof(src)) == 0, "USE_HOST_PTR: the image starts as host_ptr");
    uint16_t v = 0xabcd;
    size_t one[3] = {1, 1, 1}, at[3] = {3, 2, 0};
    MUST(clEnqueueFillImage(q, m, (cl_uint[4]){v, 0, 0, 0}, at, one, 0, NULL, NULL));
    p = clEnqueueMapImage(q, m, CL_TRUE, CL_MAP_READ, zero, full, &row, NULL, 0, NULL, NULL, &err);
    MUST(err);
    CHECK(p == (uint8_t *)host && row == pitch, "USE_HOST_PTR: the map is host_ptr, its pitch");
    CHECK(((uint16_t *)(p + 2 * pitch))[3] == v, "USE_HOST_PTR: the map shows the fill");
    MUST(clEnqueueUnmapMemObject(q, m, p, 0, NULL, NULL));
    MUST(clFinish(q));
    clReleaseMemObject(m);
}

/* 1D image buffer and 2D image from a buffer share the buffer's bytes. */
static void from_buffers(void)
{
    enum { W = 6, H = 4, PITCH = 32 };
    uint8_t bytes[PITCH * H], got[W * H * 4];
    size_t zero[3] = {0, 0, 0}, full[3] = {W, H, 1};
    cl_int err;
    bool ok = true;

    printf("-- images made from buffers\n");
    pattern(bytes, sizeof(bytes), 9);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(bytes), bytes, &err);
    MUST(err);
    cl_image_format f = {CL_RGBA, CL_UNSIGNED_INT8};
    cl_image_desc d2 = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                        .image_width = W,
                        .image_height = H,
                        .image_row_pitch = PITCH,
                        .mem_object = buf};
    cl_mem im = clCreateImage(ctx, 0, &f, &d2, NULL, &err);
    MUST(err);
    MUST(clEnqueueReadImage(q, im, CL_TRUE, zero, full, 0, 0, got, 0, NULL, NULL));
    for (size_t y = 0; y < H; y++)
        ok &= memcmp(got + y * W * 4, bytes + y * PITCH, W * 4) == 0;
    CHECK(ok, "2D image from a buffer: rows at the given pitch");
    cl_mem assoc = NULL;
    MUST(clGetMemObjectInfo(im, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
    CHECK(assoc == buf, "CL_MEM_ASSOCIATED_MEMOBJECT is the buffer");

    cl_image_desc d1 = {
        .image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 8, .mem_object = buf};
    cl_mem i1 = clCreateImage(ctx, 0, &f, &d1, NULL, &err);
    MUST(err);
    size_t r1[3] = {8, 1, 1};
    uint8_t texels[32] = {0};
    for (int i = 0; i < 32; i++)
        texels[i] = (uint8_t)(200 + i);
    MUST(clEnqueueWriteImage(q, i1, CL_TRUE, zero, r1, 0, 0, texels, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 32, got, 0, NULL, NULL));
    CHECK(memcmp(got, texels, 32) == 0, "1D image buffer: writes land in the buffer");
    cl_mem ib = NULL;
    MUST(clGetImageInfo(i1, CL_IMAGE_BUFFER, sizeof(ib), &ib, NULL));
    CHECK(ib == buf, "CL_IMAGE_BUFFER is the buffer");
    clReleaseMemObject(buf); /* the images keep its memory */
    MUST(clEnqueueReadImage(q, i1, CL_TRUE, zero, r1, 0, 0, got, 0, NULL, NULL));
    CHECK(memcmp(got, texels, 32) == 0, "the images outlive the application's buffer handle");
    clReleaseMemObject(im);
    clReleaseMemObject(i1);
}

static void queries(void)
{
    cl_image_format f = {CL_RGBA, CL_HALF_FLOAT}, got;
    cl_mem m = image(CL_MEM_READ_ONLY, CL_RGBA, CL_HALF_FLOAT, CL_MEM_OBJECT_IMAGE2D_ARRAY, 7, 5, 0,
                     3, NULL);
    size_t v;
    cl_mem_object_type t;
    cl_mem_flags flags;

    printf("-- clGetImageInfo, clGetMemObjectInfo\n");
    MUST(clGetImageInfo(m, CL_IMAGE_FORMAT, sizeof(got), &got, NULL));
    CHECK(got.image_channel_order == f.image_channel_order &&
              got.image_channel_data_type == f.image_channel_data_type,
          "CL_IMAGE_FORMAT");
#define SZ(p, want)                                                                                \
    do {                                                                                           \
        MUST(clGetImageInfo(m, p, sizeof(v), &v, NULL));                                           \
        CHECK(v == (size_t)(want), #p " = %zu", v);                                                \
    } while (0)
    SZ(CL_IMAGE_ELEMENT_SIZE, 8);
    SZ(CL_IMAGE_ROW_PITCH, 7 * 8);
    SZ(CL_IMAGE_SLICE_PITCH, 7 * 8 * 5);
    SZ(CL_IMAGE_WIDTH, 7);
    SZ(CL_IMAGE_HEIGHT, 5);
    SZ(CL_IMAGE_DEPTH, 0);
    SZ(CL_IMAGE_ARRAY_SIZE, 3);
    MUST(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof(t), &t, NULL));
    CHECK(t == CL_MEM_OBJECT_IMAGE2D_ARRAY, "CL_MEM_TYPE");
    MUST(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof(v), &v, NULL));
    CHECK(v >= 7 * 8 * 5 * 3, "CL_MEM_SIZE %zu", v);
    MUST(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof(flags), &flags, NULL));
    CHECK(flags == CL_MEM_READ_ONLY, "CL_MEM_FLAGS");
    clReleaseMemObject(m);
}

static void formats(void)
{
    cl_image_format list[128];
    cl_uint n = 0;
    static const cl_channel_type types[] = {CL_UNORM_INT8,     CL_UNORM_INT16,   CL_SNORM_INT8,
                                            CL_SNORM_INT16,    CL_SIGNED_INT8,   CL_SIGNED_INT16,
                                            CL_SIGNED_INT32,   CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                            CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT};
    static const cl_channel_order orders[] = {CL_R, CL_RG, CL_RGBA};
    static const cl_mem_flags flag_sets[] = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY,
                                             CL_MEM_READ_WRITE};

    printf("-- clGetSupportedImageFormats: the 3.0 minimum list\n");
    for (size_t k = 0; k < 3; k++) {
        bool ok = true, bgra = false;

        MUST(clGetSupportedImageFormats(ctx, flag_sets[k], CL_MEM_OBJECT_IMAGE2D, 128, list, &n));
        for (size_t i = 0; i < 3; i++)
            for (size_t j = 0; j < 12; j++) {
                bool found = false;

                for (cl_uint e = 0; e < n; e++)
                    found |= list[e].image_channel_order == orders[i] &&
                             list[e].image_channel_data_type == types[j];
                ok &= found;
            }
        for (cl_uint e = 0; e < n; e++) {
            bgra |= list[e].image_channel_order == CL_BGRA &&
                    list[e].image_channel_data_type == CL_UNORM_INT8;
        }
        CHECK(ok && bgra, "flags %#llx: %u formats, R/RG/RGBA in the 12 types, BGRA",
              (unsigned long long)flag_sets[k], n);
    }
}

static void samplers(void)
{
    cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, CL_SAMPLER_FILTER_MODE,
                                     CL_FILTER_LINEAR, 0};
    cl_int err;
    cl_bool norm = CL_TRUE;
    cl_addressing_mode am = 0;
    cl_filter_mode fm = 0;
    cl_uint refs = 0;
    cl_context c = NULL;
    cl_sampler_properties got[8];
    size_t size = 0;

    printf("-- samplers\n");
    cl_sampler s = clCreateSamplerWithProperties(ctx, props, &err);
    MUST(err);
    MUST(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof(norm), &norm, NULL));
    MUST(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof(am), &am, NULL));
    MUST(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof(fm), &fm, NULL));
    MUST(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof(c), &c, NULL));
    CHECK(norm == CL_FALSE && am == CL_ADDRESS_CLAMP && fm == CL_FILTER_LINEAR && c == ctx,
          "properties given, CL_ADDRESS_CLAMP by default");
    MUST(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof(got), got, &size));
    CHECK(size == sizeof(props) && memcmp(got, props, size) == 0, "CL_SAMPLER_PROPERTIES as given");
    MUST(clRetainSampler(s));
    MUST(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    CHECK(refs == 2, "reference count 2 after a retain");
    MUST(clReleaseSampler(s));
    MUST(clReleaseSampler(s));

    s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST, &err);
    MUST(err);
    MUST(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &size));
    CHECK(size == 0, "clCreateSampler: no properties");
    MUST(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof(am), &am, NULL));
    CHECK(am == CL_ADDRESS_MIRRORED_REPEAT, "clCreateSampler's addressing mode");
    MUST(clReleaseSampler(s));
}

/* Destructor callbacks run when the image goes, and a released image lives on while a
 * command uses it. */
static int destroyed;
static void CL_CALLBACK on_destroy(cl_mem m, void *data)
{
    (void)m;
    destroyed = destroyed * 10 + (int)(intptr_t)data;
}

static void release(void)
{
    cl_mem m = image(0, CL_R, CL_UNSIGNED_INT32, CL_MEM_OBJECT_IMAGE1D, 64, 0, 0, 0, NULL);
    cl_uint src[64];
    size_t zero[3] = {0, 0, 0}, r[3] = {64, 1, 1};

    printf("-- release and destructor callbacks\n");
    for (int i = 0; i < 64; i++)
        src[i] = (cl_uint)i;
    MUST(clSetMemObjectDestructorCallback(m, on_destroy, (void *)1));
    MUST(clSetMemObjectDestructorCallback(m, on_destroy, (void *)2));
    MUST(clEnqueueWriteImage(q, m, CL_FALSE, zero, r, 0, 0, src, 0, NULL, NULL));
    MUST(clReleaseMemObject(m));
    MUST(clFinish(q));
    CHECK(destroyed == 21, "the callbacks ran newest first after the write finished (%d)",
          destroyed);
}

int main(void)
{
    api_begin("image");
    ctx = api_context();
    q = api_queue(ctx, false);

    round_trips();
    copies();
    fills();
    image_view();
    maps();
    maps_arrays();
    from_buffers();
    queries();
    formats();
    samplers();
    release();

    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
