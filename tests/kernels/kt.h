/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the end-to-end kernel tests: standard cl* calls only, through the system ICD
 * loader. A test loads one program (a program file, or source for an online build), runs
 * kernels and compares every output with a C reference; kt_finish prints a summary line and
 * gives the exit status.
 */
#ifndef OCLHLS_KT_H
#define OCLHLS_KT_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* clEnqueueTask, for single work-item kernels */
#include <CL/cl.h>
#include <stddef.h>
#include <stdint.h>

struct kt {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    const char *name;
    long checks;
    long failures;
};

/* Sets up the oclhls device and loads path (.cl: source + clBuildProgram; else a binary). */
void kt_init(struct kt *t, const char *name, const char *path);
cl_kernel kt_kernel(struct kt *t, const char *kernel_name);
cl_mem kt_buffer(struct kt *t, size_t bytes, const void *init); /* init NULL: zero-filled */
/* kt_buffer, then sets it as argument index of k (kt_arg); the caller still releases it. */
cl_mem kt_buffer_arg(struct kt *t, cl_kernel k, cl_uint index, size_t bytes, const void *init);
void kt_read(struct kt *t, cl_mem buf, size_t bytes, void *dst);
/* Releases kernel k and the buffers a, b, c that are not NULL. */
void kt_release(cl_kernel k, cl_mem a, cl_mem b, cl_mem c);
void kt_arg(struct kt *t, cl_kernel k, cl_uint index, size_t size, const void *value);
void kt_run(struct kt *t, cl_kernel k, cl_uint dims, const size_t *offset, const size_t *global,
            const size_t *local);
/* Runs a single work-item kernel (clEnqueueTask) and waits for it. */
void kt_task(struct kt *t, cl_kernel k);

/* Records one comparison; prints the first mismatches with what and where. */
void kt_expect(struct kt *t, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define KT_EQ(t, got, want, what, idx)                                                         \
    kt_expect((t), (uint64_t)(got) == (uint64_t)(want), "%s[%zu]: got 0x%llx, want 0x%llx",     \
              (what), (size_t)(idx), (unsigned long long)(uint64_t)(got),                       \
              (unsigned long long)(uint64_t)(want))

/* Releases everything, prints "<name>: N checks, M failed", returns the exit status. */
int kt_finish(struct kt *t);

/* A deterministic pseudo-random stream (xorshift64*) for test inputs. */
uint64_t kt_rand(uint64_t *state);

#endif
