/* SPDX-License-Identifier: MIT */
/*
 * Separate compilation (5.8.5): clCompileProgram runs clang on one translation unit and
 * keeps its bitcode as the compiled object (a program file with an "object" section,
 * docs/program-file.md); clLinkProgram links the inputs' objects as separate translation
 * units into a library, or into one executable whose hardware is generated for all its
 * kernels (through the program cache: the objects are its key).
 */
#include <stdlib.h>
#include <string.h>

#include "core/build.h"
#include "core/meta.h"
#include "core/notify.h"
#include "core/platform.h"
#include "core/util.h"
#include "oclbin.h"
#include "oclhls_compiler.h"

/* Replaces prog's program file with an object or library (taken, not copied). */
static void set_object(cl_program prog, void *bin, size_t size, cl_program_binary_type type)
{
    oclhls_program_drop_constants(prog);
    oclhls_meta_free(prog->meta);
    prog->meta = NULL;
    free(prog->binary);
    prog->binary = bin;
    prog->binary_size = size;
    prog->binary_type = type;
}

int oclhls_program_take_object(cl_program prog, const void *bin, size_t size,
                               cl_program_binary_type type)
{
    void *copy = malloc(size);
    struct oclbin *file = NULL;
    char err[64];
    size_t len;

    if (!copy)
        return -1;
    memcpy(copy, bin, size);
    set_object(prog, copy, size, type);
    /* CL_PROGRAM_SOURCE: "the appropriate program source code is returned depending on
       whether or not the program source code is stored in the binary" */
    if (!prog->source && oclbin_parse(bin, size, &file, err, sizeof(err)) == 0) {
        const char *src = oclbin_section(file, "source", &len);

        if (src) {
            prog->source = oclhls_strndup(src, len);
            prog->source_len = prog->source ? len : 0;
        }
        oclbin_free(file);
    }
    return 0;
}

int oclhls_binary_kind(cl_device_id dev, const void *bin, size_t size, cl_program_binary_type *type,
                       char *err, size_t errlen)
{
    enum oclhls_object_kind kind;

    if (oclhls_object_check(dev->board.name, bin, size, &kind, err, errlen) != 0)
        return -1;
    *type = kind == OCLHLS_OBJECT_COMPILED  ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
            : kind == OCLHLS_OBJECT_LIBRARY ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                            : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    return 0;
}

cl_int oclhls_program_compile(cl_program prog, cl_uint num_headers, const cl_program *headers,
                              const char **header_names)
{
    struct oclhls_header *h = calloc(num_headers + 1, sizeof(*h));
    struct oclhls_compile_result res = {0};
    int ret = -1;

    /* a header program's source is fixed when it is created: read without its lock (it may
       be prog itself) */
    for (cl_uint i = 0; h && i < num_headers; i++)
        h[i] =
            (struct oclhls_header){header_names[i], headers[i]->source ? headers[i]->source : ""};
    pthread_mutex_lock(&prog->lock);
    free(prog->log);
    prog->log = NULL;
    if (!h) {
        oclhls_program_log(prog, "error: out of host memory");
    } else if (oclhls_program_unsupported_options(prog, prog->options) == 0) {
        struct oclhls_object_request req = {
            .source = prog->source,
            .source_len = prog->source_len,
            .source_name = OCLHLS_SOURCE_NAME,
            .board = prog->devices[0]->board.name,
            .options = prog->options,
            .headers = h,
            .num_headers = num_headers,
            .verbose = oclhls_platform_debug(),
        };

        ret = oclhls_compile_object(&req, &res);
        if (res.log && res.log[0])
            oclhls_program_log(prog, res.log);
        if (ret == 0) {
            set_object(prog, res.oclbin, res.oclbin_size, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
            res.oclbin = NULL;
        }
    }
    oclhls_compile_result_free(&res);
    /* "CL_COMPILE_PROGRAM_FAILURE if there is a failure to compile the program source." */
    prog->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    if (ret)
        set_object(prog, NULL, 0, CL_PROGRAM_BINARY_TYPE_NONE);
    if (!prog->log)
        prog->log = strdup("");
    if (ret)
        oclhls_program_notify_failure(prog, "clCompileProgram: CL_COMPILE_PROGRAM_FAILURE");
    pthread_mutex_unlock(&prog->lock);
    if (!h)
        return CL_OUT_OF_HOST_MEMORY;
    free(h);
    return ret ? CL_COMPILE_PROGRAM_FAILURE : CL_SUCCESS;
}

/* The link's inputs: copies of their program files. */
struct link_inputs {
    unsigned n;
    void **files;
    size_t *sizes;
};

static void inputs_free(struct link_inputs *in)
{
    for (unsigned i = 0; i < in->n; i++)
        free(in->files[i]);
    free(in->files);
    free(in->sizes);
}

/* Copies the inputs' objects (each under its own lock: out is a new program, never one of
   them). -1 when out of memory. */
static int inputs_copy(struct link_inputs *in, cl_uint num, const cl_program *inputs)
{
    in->files = calloc(num, sizeof(*in->files));
    in->sizes = calloc(num, sizeof(*in->sizes));
    if (!in->files || !in->sizes)
        return -1;
    for (cl_uint i = 0; i < num; i++) {
        pthread_mutex_lock(&inputs[i]->lock);
        in->sizes[i] = inputs[i]->binary_size;
        in->files[i] = inputs[i]->binary ? malloc(inputs[i]->binary_size) : NULL;
        if (in->files[i])
            memcpy(in->files[i], inputs[i]->binary, in->sizes[i]);
        pthread_mutex_unlock(&inputs[i]->lock);
        if (!in->files[i])
            return -1;
        in->n++;
    }
    return 0;
}

/* The executable of the objects, taken into prog (lock held). 0 or -1 (log). */
static int link_executable(cl_program prog, const struct link_inputs *in)
{
    struct oclhls_compile_request req = {
        .source_name = OCLHLS_SOURCE_NAME,
        .options = prog->options,
        .objects = (const void *const *)in->files,
        .object_sizes = in->sizes,
        .num_objects = in->n,
    };

    return oclhls_program_compile_request(prog, &req);
}

/* -create-library: the library taken into prog (lock held). 0 or -1 (log). */
static int link_library(cl_program prog, const struct link_inputs *in)
{
    struct oclhls_compile_result res = {0};
    int ret =
        oclhls_link_library(prog->devices[0]->board.name, (const void *const *)in->files, in->sizes,
                            in->n, oclhls_options_has(prog->options, "-enable-link-options"), &res);

    if (res.log && res.log[0])
        oclhls_program_log(prog, res.log);
    if (ret == 0) {
        set_object(prog, res.oclbin, res.oclbin_size, CL_PROGRAM_BINARY_TYPE_LIBRARY);
        res.oclbin = NULL;
    }
    oclhls_compile_result_free(&res);
    return ret;
}

int oclhls_program_link_binary(cl_program prog)
{
    struct link_inputs in = {.n = 1, .files = &prog->binary, .sizes = &prog->binary_size};

    return link_executable(prog, &in);
}

cl_int oclhls_program_link(cl_program out, cl_uint num_inputs, const cl_program *inputs)
{
    struct link_inputs in = {0};
    bool library = oclhls_options_has(out->options, "-create-library");
    int ret = -1;

    pthread_mutex_lock(&out->lock);
    free(out->log);
    out->log = NULL;
    if (inputs_copy(&in, num_inputs, inputs) != 0)
        oclhls_program_log(out, "error: out of host memory");
    else if (library)
        ret = link_library(out, &in);
    else if ((ret = link_executable(out, &in)) == 0)
        ret = oclhls_program_load(out);
    inputs_free(&in);
    out->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    if (ret)
        set_object(out, NULL, 0, CL_PROGRAM_BINARY_TYPE_NONE);
    if (!out->log)
        out->log = strdup("");
    if (ret)
        oclhls_program_notify_failure(out, "clLinkProgram: CL_LINK_PROGRAM_FAILURE");
    pthread_mutex_unlock(&out->lock);
    return ret ? CL_LINK_PROGRAM_FAILURE : CL_SUCCESS;
}
