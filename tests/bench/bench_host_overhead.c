// SPDX-License-Identifier: MIT
/*
 * Benchmark: the host side of the runtime, oclhls (sim board) beside PoCL (CPU device).
 *
 * The same OpenCL program runs on each platform found by name:
 * - time per clEnqueueNDRangeKernel + clFinish of an empty kernel (one work-item), averaged
 *   over many launches after a warm-up;
 * - blocking clEnqueueWriteBuffer / clEnqueueReadBuffer throughput for a few sizes.
 * Figures are wall-clock and only printed (the machine is shared); a platform that is absent
 * is reported as such. Exits non-zero only when oclhls itself is missing or fails.
 *
 *   bench_host_overhead [launches]
 * The loader must see both platforms (OCL_ICD_VENDORS: a directory with both .icd files).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSIZES 4
static const size_t sizes[NSIZES] = {4096, 65536, 1 << 20, 16 << 20};
/* Bytes moved per size and direction: enough repetitions to time small transfers. */
#define BYTES_PER_FIGURE (64u << 20)
#define MIN_REPS 4

static const char *empty_source = "__kernel void empty(__global int *unused)\n"
                                  "{\n"
                                  "}\n";

struct figures {
    bool ok;
    char device[128];
    double launch_us;
    double write_mbs[NSIZES], read_mbs[NSIZES];
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The first platform whose CL_PLATFORM_NAME contains name, or NULL. */
static cl_platform_id platform_named(const char *name)
{
    cl_platform_id ids[16];
    cl_uint n = 0;

    if (clGetPlatformIDs(16, ids, &n) != CL_SUCCESS)
        return NULL;
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char got[256] = "";
        clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(got), got, NULL);
        if (strstr(got, name))
            return ids[i];
    }
    return NULL;
}

#define TRY(call)                                                                                  \
    do {                                                                                           \
        cl_int try_err_ = (call);                                                                  \
        if (try_err_ != CL_SUCCESS) {                                                              \
            fprintf(stderr, "  %s: %s failed: %d\n", label, #call, try_err_);                      \
            goto out;                                                                              \
        }                                                                                          \
    } while (0)

/* Average seconds of one blocking write (or read) of size bytes. */
static double transfer_s(cl_command_queue q, cl_mem buf, void *host, size_t size, bool write,
                         cl_int *err)
{
    unsigned reps = BYTES_PER_FIGURE / size;
    double t0;

    if (reps < MIN_REPS)
        reps = MIN_REPS;
    /* one untimed transfer: first-touch page faults are not the runtime's cost */
    *err = write ? clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, size, host, 0, NULL, NULL)
                 : clEnqueueReadBuffer(q, buf, CL_TRUE, 0, size, host, 0, NULL, NULL);
    t0 = now_s();
    for (unsigned r = 0; r < reps && *err == CL_SUCCESS; r++)
        *err = write ? clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, size, host, 0, NULL, NULL)
                     : clEnqueueReadBuffer(q, buf, CL_TRUE, 0, size, host, 0, NULL, NULL);
    return (now_s() - t0) / reps;
}

static void measure(const char *label, cl_platform_id platform, unsigned launches,
                    struct figures *f)
{
    cl_context ctx = NULL;
    cl_command_queue q = NULL;
    cl_program prog = NULL;
    cl_kernel k = NULL;
    cl_mem buf = NULL;
    cl_device_id dev;
    size_t one = 1, largest = sizes[NSIZES - 1];
    char *host = calloc(1, largest);
    cl_int err;
    double t0;

    if (!host)
        return;
    TRY(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(f->device), f->device, NULL);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    TRY(err);
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    TRY(err);
    prog = clCreateProgramWithSource(ctx, 1, &empty_source, NULL, &err);
    TRY(err);
    TRY(clBuildProgram(prog, 1, &dev, NULL, NULL, NULL));
    k = clCreateKernel(prog, "empty", &err);
    TRY(err);
    buf = clCreateBuffer(ctx, 0, largest, NULL, &err);
    TRY(err);
    TRY(clSetKernelArg(k, 0, sizeof(cl_mem), &buf));

    /* warm-up: loads the design on the board (oclhls) or JIT-compiles the kernel (PoCL) */
    TRY(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
    TRY(clFinish(q));
    t0 = now_s();
    for (unsigned i = 0; i < launches; i++) {
        TRY(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
        TRY(clFinish(q));
    }
    f->launch_us = (now_s() - t0) / launches * 1e6;

    for (int s = 0; s < NSIZES; s++) {
        double w = transfer_s(q, buf, host, sizes[s], true, &err);
        TRY(err);
        double r = transfer_s(q, buf, host, sizes[s], false, &err);
        TRY(err);
        f->write_mbs[s] = (double)sizes[s] / w / 1e6;
        f->read_mbs[s] = (double)sizes[s] / r / 1e6;
    }
    f->ok = true;
out:
    if (buf)
        clReleaseMemObject(buf);
    if (k)
        clReleaseKernel(k);
    if (prog)
        clReleaseProgram(prog);
    if (q)
        clReleaseCommandQueue(q);
    if (ctx)
        clReleaseContext(ctx);
    free(host);
}

/* One figure: oclhls beside PoCL ("-" where a platform gave none). */
static void row(const char *what, const struct figures *a, double va, const struct figures *b,
                double vb)
{
    char sa[32] = "-", sb[32] = "-";

    if (a->ok)
        snprintf(sa, sizeof(sa), "%.1f", va);
    if (b->ok)
        snprintf(sb, sizeof(sb), "%.1f", vb);
    printf("  %-40s %14s %14s\n", what, sa, sb);
}

static void size_name(size_t bytes, char *out, size_t len)
{
    if (bytes >= (1u << 20))
        snprintf(out, len, "%zu MiB", bytes >> 20);
    else
        snprintf(out, len, "%zu KiB", bytes >> 10);
}

int main(int argc, char **argv)
{
    unsigned launches = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
    struct figures ours = {0}, pocl = {0};
    cl_platform_id p_ours = platform_named("oclhls");
    cl_platform_id p_pocl = platform_named("Portable Computing Language");
    char what[64], size[32];

    if (launches == 0)
        launches = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!p_ours) {
        fprintf(stderr, "no oclhls platform (is OCL_ICD_VENDORS set?)\n");
        return 1;
    }
    measure("oclhls", p_ours, launches, &ours);
    if (p_pocl)
        measure("pocl", p_pocl, launches, &pocl);

    printf("host overhead, %u launches of an empty kernel (1 work-item); wall clock\n", launches);
    printf("  oclhls device: %s\n", ours.ok ? ours.device : "(failed)");
    printf("  PoCL device:   %s\n", !p_pocl   ? "(PoCL platform not found)"
                                    : pocl.ok ? pocl.device
                                              : "(failed)");
    printf("  %-40s %14s %14s\n", "figure", "oclhls", "PoCL");
    row("enqueue empty kernel + clFinish (us)", &ours, ours.launch_us, &pocl, pocl.launch_us);
    for (int s = 0; s < NSIZES; s++) {
        size_name(sizes[s], size, sizeof(size));
        snprintf(what, sizeof(what), "blocking write %s (MB/s)", size);
        row(what, &ours, ours.write_mbs[s], &pocl, pocl.write_mbs[s]);
        snprintf(what, sizeof(what), "blocking read %s (MB/s)", size);
        row(what, &ours, ours.read_mbs[s], &pocl, pocl.read_mbs[s]);
    }
    return ours.ok ? 0 : 1;
}
