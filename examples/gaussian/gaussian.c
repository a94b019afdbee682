// SPDX-License-Identifier: MIT
/*
 * gaussian: a 5x5 Gaussian blur of an RGBA image (CL_UNORM_INT8) on the device, checked pixel
 * by pixel against the same sum in C. Standard OpenCL only (CL/cl.h, -lOpenCL): images,
 * clEnqueueWriteImage/ReadImage and a sampler declared in the kernel.
 *
 *   gaussian gaussian.oclbin [W [H]]   (from `oclhls build gaussian.cl`; default 64 x 48)
 *   gaussian gaussian.cl [W [H]]       (online compile)
 */
#include "cl_host.h"

#include <math.h>
#include <string.h>

static const float weights[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};

/* The kernel's sum for pixel (x, y), channel c, as the stored byte (round to nearest even). */
static int reference(const unsigned char *img, int w, int h, int x, int y, int c)
{
    float sum = 0.0f;
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++) {
            int xx = x + i - 2, yy = y + j - 2;
            xx = xx < 0 ? 0 : xx > w - 1 ? w - 1 : xx;
            yy = yy < 0 ? 0 : yy > h - 1 ? h - 1 : yy;
            sum += weights[j] * weights[i] * ((float)img[((size_t)yy * w + xx) * 4 + c] / 255.0f);
        }
    float v = rintf(sum * 255.0f);
    return v < 0 ? 0 : v > 255 ? 255 : (int)v;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s gaussian.oclbin|gaussian.cl [W [H]]\n", argv[0]);
        return 2;
    }
    int w = argc > 2 ? atoi(argv[2]) : 64, h = argc > 3 ? atoi(argv[3]) : 48;
    if (w < 1 || h < 1 || w > 8192 || h > 8192) {
        fprintf(stderr, "W and H must be 1 to 8192\n");
        return 2;
    }
    size_t bytes = (size_t)w * h * 4;
    unsigned char *in = malloc(bytes), *out = malloc(bytes);
    /* stripes, a gradient and a checkerboard: edges for the blur to soften */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char *p = in + ((size_t)y * w + x) * 4;
            p[0] = (unsigned char)((x / 4) % 2 ? 230 : 20);
            p[1] = (unsigned char)(255 * x / (w > 1 ? w - 1 : 1));
            p[2] = (unsigned char)(((x / 8) + (y / 8)) % 2 ? 255 : 0);
            p[3] = (unsigned char)(128 + (x * 7 + y * 13) % 128);
        }

    struct cl_host host;
    cl_host_open(&host, argv[1]);
    cl_int err;
    cl_kernel k = clCreateKernel(host.prog, "gaussian", &err);
    CHECK(err);
    cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc;
    memset(&desc, 0, sizeof(desc));
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = (size_t)w;
    desc.image_height = (size_t)h;
    cl_mem din = clCreateImage(host.ctx, CL_MEM_READ_ONLY, &fmt, &desc, NULL, &err);
    CHECK(err);
    cl_mem dout = clCreateImage(host.ctx, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL, &err);
    CHECK(err);
    size_t origin[3] = {0, 0, 0}, region[3] = {(size_t)w, (size_t)h, 1};
    CHECK(clEnqueueWriteImage(host.queue, din, CL_FALSE, origin, region, 0, 0, in, 0, NULL, NULL));
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &din));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &dout));

    size_t global[2] = {(size_t)w, (size_t)h};
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(host.queue, k, 2, NULL, global, NULL, 0, NULL, &done));
    CHECK(clEnqueueReadImage(host.queue, dout, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
    CHECK(clFinish(host.queue));
    cl_host_kernel_done(done, "gaussian");

    /* The device fuses each multiply-add (one rounding), C rounds twice: a sum that falls on
       a half unit may round either way, one unit apart. */
    int errors = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                int got = out[((size_t)y * w + x) * 4 + c], want = reference(in, w, h, x, y, c);
                if (abs(got - want) > 1 && errors++ < 10)
                    fprintf(stderr, "pixel (%d, %d) channel %d: %d, want %d\n", x, y, c, got, want);
            }
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    cl_host_close(&host);
    free(in);
    free(out);
    if (errors) {
        fprintf(stderr, "gaussian: %d mismatches\n", errors);
        return 1;
    }
    printf("gaussian: %dx%d image, result verified against the host\n", w, h);
    return 0;
}
