/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the cl* API tests: each test is a plain OpenCL host program (CL/cl.h, linked with
 * the system's libOpenCL) that prints every check it makes and exits non-zero when one fails.
 * The oclhls platform is found through the ICD loader ($OCL_ICD_VENDORS).
 */
#ifndef OCLHLS_API_TEST_H
#define OCLHLS_API_TEST_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <stdbool.h>
#include <stddef.h>

/* Checks that cond holds. */
#define CHECK(cond, ...) api_check((cond), __LINE__, __VA_ARGS__)
/* Checks that expr (a cl_int) equals want. */
#define EXPECT(expr, want) api_expect((expr), (want), #expr, __LINE__)
/* Checks that expr is CL_SUCCESS; stops the test when not (what follows depends on it). */
#define MUST(expr) api_must((expr), #expr, __LINE__)

void api_begin(const char *test);
bool api_check(bool ok, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool api_expect(cl_int got, cl_int want, const char *expr, int line);
void api_must(cl_int got, const char *expr, int line);
/* Prints the summary; returns the exit status. */
int api_end(void);

const char *api_err_name(cl_int err);

/* The oclhls platform and its (first) device; exits when absent. */
cl_platform_id api_platform(void);
cl_device_id api_device(void);

/* A context and an in-order queue (profiling when asked) on the device. */
cl_context api_context(void);
cl_command_queue api_queue(cl_context ctx, bool profiling);

/* Builds a program from source; returns NULL (and prints the log) on failure. */
cl_program api_build(cl_context ctx, const char *source, const char *options);

/* The build log of prog (static buffer). */
const char *api_build_log(cl_program prog);

/* The integer vector_add kernel every execution test uses. */
extern const char *const api_vector_add_source;

#endif
