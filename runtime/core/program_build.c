/* SPDX-License-Identifier: MIT */
/*
 * The work of clBuildProgram: a source compiled for the program's board, a compiled object
 * or library (clCreateProgramWithBinary) linked on its own, then the executable loaded. It
 * sits above build.c (the steps) and link.c (separate compilation), which it both uses.
 */
#include <stdlib.h>
#include <string.h>

#include "core/build.h"
#include "oclhls_compiler.h"

cl_int oclhls_program_build(cl_program prog)
{
    int ret = 0;

    pthread_mutex_lock(&prog->lock);
    free(prog->log);
    prog->log = NULL;
    if (prog->origin == OCLHLS_PROGRAM_SOURCE) {
        ret = oclhls_program_unsupported_options(prog, prog->options);
        if (ret == 0) {
            struct oclhls_compile_request req = {.source = prog->source,
                                                 .source_len = prog->source_len,
                                                 .source_name = OCLHLS_SOURCE_NAME,
                                                 .options = prog->options};
            ret = oclhls_program_compile_request(prog, &req);
        }
    } else if (prog->binary_type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
        /* a compiled object or library from clCreateProgramWithBinary: linked on its own */
        ret = oclhls_program_link_binary(prog);
    } else if (!prog->binary) {
        oclhls_program_log(prog, "error: the program has no executable binary");
        ret = -1;
    }
    if (ret == 0 && prog->binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
        ret = oclhls_program_load(prog);
    prog->status = ret ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    if (ret && prog->origin == OCLHLS_PROGRAM_SOURCE)
        prog->binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    if (!prog->log)
        prog->log = strdup("");
    if (ret)
        oclhls_program_notify_failure(prog, "clBuildProgram: CL_BUILD_PROGRAM_FAILURE");
    pthread_mutex_unlock(&prog->lock);
    return ret ? CL_BUILD_PROGRAM_FAILURE : CL_SUCCESS;
}
