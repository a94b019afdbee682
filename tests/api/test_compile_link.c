/* SPDX-License-Identifier: MIT */
/* Separate compilation: clCompileProgram with an embedded header, clLinkProgram of one and of
 * two compiled objects, a library, and their errors. */
#include <stdio.h>
#include <string.h>

#include "api_test.h"

static const char *header = "#define COMBINE(x, y) ((x) * 2 + (y))\n";
static const char *main_src = "#include \"ops/combine.h\"\n"
                              "__kernel void combine(__global const int *a, __global int *c)\n"
                              "{\n"
                              "    int i = get_global_id(0);\n"
                              "    c[i] = COMBINE(a[i], i);\n"
                              "}\n";
static const char *helper_src = "int twice(int x) { return x + x; }\n";
static const char *user_src = "int twice(int x);\n"
                              "__kernel void use_twice(__global int *c)\n"
                              "{\n"
                              "    int i = get_global_id(0);\n"
                              "    c[i] = twice(i) + 1;\n"
                              "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static cl_program source(const char *text)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);

    api_must(err, "clCreateProgramWithSource", __LINE__);
    return p;
}

/* Runs kernel name of prog over 64 items; c[i] must be f(i). */
static void check_run(cl_program prog, const char *name, int (*f)(int), bool has_input)
{
    int a[64], c[64], bad = 0;
    size_t g = 64;
    cl_kernel k;
    cl_mem ma, mc;
    cl_int err;

    for (int i = 0; i < 64; i++)
        a[i] = 100 + i;
    k = clCreateKernel(prog, name, &err);
    EXPECT(err, CL_SUCCESS);
    if (err)
        return;
    ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(a), a, &err);
    mc = clCreateBuffer(ctx, 0, sizeof(c), NULL, &err);
    if (has_input) {
        clSetKernelArg(k, 0, sizeof(cl_mem), &ma);
        clSetKernelArg(k, 1, sizeof(cl_mem), &mc);
    } else {
        clSetKernelArg(k, 0, sizeof(cl_mem), &mc);
    }
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof(c), c, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < 64; i++)
        bad += c[i] != f(i);
    CHECK(bad == 0, "kernel %s computes its result (%d wrong)", name, bad);
    clReleaseMemObject(ma);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
}

static int combine_ref(int i)
{
    return (100 + i) * 2 + i;
}

static int twice_ref(int i)
{
    return 2 * i + 1;
}

int main(void)
{
    cl_program hdr, prog, helper, user, lib, linked, inputs[2];
    cl_program_binary_type type = 0;
    cl_build_status bs = 0;
    const char *names[] = {"ops/combine.h"};
    size_t bsize = 1;
    cl_int err;

    api_begin("api.compile_link");
    ctx = api_context();
    q = api_queue(ctx, false);
    dev = api_device();

    hdr = source(header);
    prog = source(main_src);
    EXPECT(clCompileProgram(prog, 0, NULL, "-DUNUSED", 1, &hdr, names, NULL, NULL), CL_SUCCESS);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BINARY_TYPE, sizeof(type), &type, NULL);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL);
    CHECK(type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && bs == CL_BUILD_SUCCESS,
          "clCompileProgram gives a compiled object");
    clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof(bsize), &bsize, NULL);
    CHECK(bsize == 0, "a compiled object has no program file (size 0)");
    linked = clLinkProgram(ctx, 1, &dev, NULL, 1, &prog, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (err)
        printf("%s\n", api_build_log(linked));
    else
        check_run(linked, "combine", combine_ref, true);
    clReleaseProgram(linked);

    helper = source(helper_src);
    user = source(user_src);
    EXPECT(clCompileProgram(helper, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    EXPECT(clCompileProgram(user, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    lib = clLinkProgram(ctx, 0, NULL, "-create-library", 1, &helper, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    clGetProgramBuildInfo(lib, dev, CL_PROGRAM_BINARY_TYPE, sizeof(type), &type, NULL);
    CHECK(type == CL_PROGRAM_BINARY_TYPE_LIBRARY, "-create-library gives a library");
    inputs[0] = user;
    inputs[1] = lib;
    linked = clLinkProgram(ctx, 0, NULL, NULL, 2, inputs, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (err)
        printf("%s\n", api_build_log(linked));
    else
        check_run(linked, "use_twice", twice_ref, false);
    clReleaseProgram(linked);

    /* errors */
    EXPECT(clCompileProgram(prog, 0, NULL, "-bogus", 0, NULL, NULL, NULL, NULL),
           CL_INVALID_COMPILER_OPTIONS);
    EXPECT(clCompileProgram(prog, 0, NULL, NULL, 1, NULL, names, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clCompileProgram(prog, 0, NULL, NULL, 0, &hdr, NULL, NULL, NULL), CL_INVALID_VALUE);
    clLinkProgram(ctx, 0, NULL, "-bogus", 1, &prog, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_LINKER_OPTIONS);
    clLinkProgram(ctx, 0, NULL, NULL, 0, NULL, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_VALUE);
    clLinkProgram(ctx, 0, NULL, NULL, 1, &hdr, NULL, NULL, &err); /* not compiled */
    EXPECT(err, CL_INVALID_OPERATION);

    clReleaseProgram(lib);
    clReleaseProgram(user);
    clReleaseProgram(helper);
    clReleaseProgram(prog);
    clReleaseProgram(hdr);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return api_end();
}
