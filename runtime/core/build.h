/* SPDX-License-Identifier: MIT */
/*
 * Building program executables: online compile through the compiler library
 * (hls/oclhls_compiler.h, with its program cache), checking program files, loading the result
 * on the boards, and the separate compile/link of clCompileProgram/clLinkProgram.
 */
#ifndef OCLHLS_RT_BUILD_H
#define OCLHLS_RT_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "core/objects.h"

/* File name the compiler gives a program's source in diagnostics ("program.cl:3:5: ..."). */
#define OCLHLS_SOURCE_NAME "program.cl"

enum oclhls_options_kind { OCLHLS_OPTIONS_COMPILE, OCLHLS_OPTIONS_LINK };

/* True when every option is one the OpenCL spec defines for that step (5.8.6, 5.8.7). */
bool oclhls_options_valid(const char *options, enum oclhls_options_kind kind);

/* True when options (link options) hold -create-library. */
bool oclhls_options_has(const char *options, const char *option);

/*
 * Checks a program file for dev: container, "meta" section, board. Returns 0 and the parsed
 * metadata in *meta (may be NULL), or -1 with the reason in err.
 */
int oclhls_binary_check(cl_device_id dev, const void *bin, size_t size,
                        struct oclhls_program_meta **meta, char *err, size_t errlen);

/* Takes a checked executable into prog (copies bin; takes meta): status stays as it is. */
/* Frees the program's constant data in global memory (take_binary places it). */
void oclhls_program_drop_constants(cl_program prog);
int oclhls_program_take_binary(cl_program prog, const void *bin, size_t size,
                               struct oclhls_program_meta *meta);

/*
 * The work of clBuildProgram on prog, whose status is CL_BUILD_IN_PROGRESS and options set:
 * compiles (source programs), checks the binary, loads it on the devices; sets the status
 * and the log. Returns CL_SUCCESS or CL_BUILD_PROGRAM_FAILURE.
 */
cl_int oclhls_program_build(cl_program prog);

/* clCompileProgram (link.c): the source compiled with its options and embedded headers into
 * a compiled object (the unit's bitcode, in prog->binary). CL_SUCCESS or
 * CL_COMPILE_PROGRAM_FAILURE (the log says why, file:line). */
cl_int oclhls_program_compile(cl_program prog, cl_uint num_headers, const cl_program *headers,
                              const char **header_names);

/* clLinkProgram into out (status CL_BUILD_IN_PROGRESS, options set): the inputs' objects
 * linked as separate translation units into a library (-create-library) or an executable.
 * CL_SUCCESS or CL_LINK_PROGRAM_FAILURE. */
cl_int oclhls_program_link(cl_program out, cl_uint num_inputs, const cl_program *inputs);

/* clBuildProgram of a compiled object or library made with clCreateProgramWithBinary: it
 * linked alone into the executable, loaded by the caller (lock held). 0 or -1 (log). */
int oclhls_program_link_binary(cl_program prog);

/* Checks a program file for dev: 0 and its kind (executable, compiled object or library;
 * an executable is then checked with oclhls_binary_check), or -1 and why in err. */
int oclhls_binary_kind(cl_device_id dev, const void *bin, size_t size,
                       cl_program_binary_type *type, char *err, size_t errlen);

/* Takes a checked compiled object or library into prog (copies bin). 0 or -1. */
int oclhls_program_take_object(cl_program prog, const void *bin, size_t size,
                               cl_program_binary_type type);

/* What build.c lends link.c (program lock held): the log; compile r for the program's board
 * with the program cache, check and take the executable (not loaded); load it on the
 * devices; options no device honours; the context told of a failure. */
struct oclhls_compile_request;
void oclhls_program_log(cl_program prog, const char *text);
int oclhls_program_compile_request(cl_program prog, const struct oclhls_compile_request *r);
int oclhls_program_load(cl_program prog);
int oclhls_program_unsupported_options(cl_program prog, const char *options);
void oclhls_program_notify_failure(cl_program prog, const char *what);

/* A new program object of context (api/cl_program.c); NULL when out of memory. */
cl_program oclhls_program_new(cl_context context, enum oclhls_program_origin origin);

#endif
