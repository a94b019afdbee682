/* SPDX-License-Identifier: MIT */
/* Separate compilation: clCompileProgram with an embedded header, clLinkProgram of one and of
 * two compiled objects (separate translation units: each its own -D options, embedded headers,
 * static helpers), a library, compiled objects through CL_PROGRAM_BINARIES and
 * clCreateProgramWithBinary, and their errors (a syntax error at compile time; a function
 * undefined or defined twice at link time). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Two units, each with -DSCALE of its own, a static helper of the same name and the same
 * typedef'd struct from one embedded header; the second has a header of its own. */
static const char *pair_h = "typedef struct { int a; int b; } pair_t;\n";
static const char *offset_h = "#define OFFSET 7\n";
static const char *unit_a = "#include \"pair.h\"\n"
                            "static int helper(pair_t p) { return p.a * SCALE + p.b; }\n"
                            "int scale_a(int x) { pair_t p = {x, 1}; return helper(p); }\n";
static const char *unit_b = "#include \"pair.h\"\n"
                            "#include \"inc/offset.h\"\n"
                            "int scale_a(int x);\n"
                            "static int helper(pair_t p) { return p.a * SCALE - p.b; }\n"
                            "__kernel void units(__global int *c)\n"
                            "{\n"
                            "    int i = get_global_id(0);\n"
                            "    pair_t p = {i, 2};\n"
                            "    c[i] = scale_a(i) + helper(p) + OFFSET;\n"
                            "}\n";
static const char *syntax_error_src = "__kernel void broken(__global int *c)\n"
                                      "{\n"
                                      "    c[0] = 1 +;\n"
                                      "}\n";
static const char *missing_src = "int missing_fn(int x);\n"
                                 "__kernel void calls_missing(__global int *c)\n"
                                 "{\n"
                                 "    c[0] = missing_fn(3);\n"
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

/* (3i + 1) + (5i - 2) + 7 */
static int units_ref(int i)
{
    return 8 * i + 6;
}

static cl_program compiled(const char *text, const char *options, cl_uint nh,
                           const cl_program *hdrs, const char **names)
{
    cl_program p = source(text);

    EXPECT(clCompileProgram(p, 0, NULL, options, nh, nh ? hdrs : NULL, nh ? names : NULL, NULL,
                            NULL),
           CL_SUCCESS);
    return p;
}

static cl_program_binary_type binary_type(cl_program p)
{
    cl_program_binary_type t = 0;

    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BINARY_TYPE, sizeof(t), &t, NULL);
    return t;
}

/* A syntax error fails clCompileProgram, and the log says where. */
static void syntax_error(void)
{
    cl_program p = source(syntax_error_src);
    cl_build_status bs = 0;
    const char *log;
    cl_int err;

    EXPECT(clCompileProgram(p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL),
           CL_COMPILE_PROGRAM_FAILURE);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL);
    CHECK(bs == CL_BUILD_ERROR, "a failed compile's status is CL_BUILD_ERROR");
    CHECK(binary_type(p) == CL_PROGRAM_BINARY_TYPE_NONE, "a failed compile gives no object");
    log = api_build_log(p);
    CHECK(strstr(log, "program.cl:3:") && strstr(log, "error"),
          "the compile log has the error at its line: %s", log);
    clReleaseProgram(p);

    /* a warning: the compile succeeds, the log says it at its line */
    p = compiled("int f(int x) { return x; }\n#warning unit_warning\n", NULL, 0, NULL, NULL);
    log = api_build_log(p);
    CHECK(strstr(log, "program.cl:2:2: warning: unit_warning") != NULL,
          "a successful compile's log has its warnings: %s", log);
    /* a compiled object is no executable */
    cl_kernel k = clCreateKernel(p, "f", &err);
    CHECK(k == NULL && err == CL_INVALID_PROGRAM_EXECUTABLE,
          "clCreateKernel on a compiled object: CL_INVALID_PROGRAM_EXECUTABLE");
    clReleaseProgram(p);
}

/* Two translation units: their own -D, headers and static helpers. */
static void separate_units(void)
{
    cl_program hdrs[2] = {source(pair_h), source(offset_h)}, objs[2], linked;
    const char *names[] = {"pair.h", "inc/offset.h"};
    cl_int err;

    objs[0] = compiled(unit_a, "-DSCALE=3", 1, hdrs, names);
    objs[1] = compiled(unit_b, "-D SCALE=5", 2, hdrs, names);
    linked = clLinkProgram(ctx, 0, NULL, NULL, 2, objs, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    if (err)
        printf("%s\n", api_build_log(linked));
    else
        check_run(linked, "units", units_ref, false);
    clReleaseProgram(linked);
    for (int i = 0; i < 2; i++) {
        clReleaseProgram(objs[i]);
        clReleaseProgram(hdrs[i]);
    }
}

/* Link errors name the symbol: undefined, and defined twice (a function, a kernel). */
static void link_errors(void)
{
    cl_program missing = compiled(missing_src, NULL, 0, NULL, NULL);
    cl_program h1 = compiled(helper_src, NULL, 0, NULL, NULL);
    cl_program h2 = compiled(helper_src, "-DX", 0, NULL, NULL);
    cl_program k1 = compiled(missing_src, NULL, 0, NULL, NULL);
    cl_program pairs[2][2] = {{h1, h2}, {missing, k1}};
    const char *what[2] = {"function 'twice'", "kernel 'calls_missing'"};
    cl_build_status bs = 0;
    cl_program linked;
    cl_int err;

    linked = clLinkProgram(ctx, 0, NULL, NULL, 1, &missing, NULL, NULL, &err);
    EXPECT(err, CL_LINK_PROGRAM_FAILURE);
    clGetProgramBuildInfo(linked, dev, CL_PROGRAM_BUILD_STATUS, sizeof(bs), &bs, NULL);
    CHECK(bs == CL_BUILD_ERROR, "a failed link's status is CL_BUILD_ERROR");
    CHECK(strstr(api_build_log(linked), "undefined function 'missing_fn'") &&
              strstr(api_build_log(linked), "program.cl:4:"),
          "the link log names the undefined function and its call: %s", api_build_log(linked));
    clReleaseProgram(linked);
    for (int i = 0; i < 2; i++) {
        linked = clLinkProgram(ctx, 0, NULL, NULL, 2, pairs[i], NULL, NULL, &err);
        EXPECT(err, CL_LINK_PROGRAM_FAILURE);
        CHECK(strstr(api_build_log(linked), what[i]) &&
                  strstr(api_build_log(linked), "defined in input 1"),
              "the link log names %s defined twice: %s", what[i], api_build_log(linked));
        clReleaseProgram(linked);
    }
    /* a library may leave a function undefined; an executable made from it may not */
    linked = clLinkProgram(ctx, 0, NULL, "-create-library", 1, &missing, NULL, NULL, &err);
    EXPECT(err, CL_SUCCESS);
    clReleaseProgram(linked);
    clReleaseProgram(missing);
    clReleaseProgram(h1);
    clReleaseProgram(h2);
    clReleaseProgram(k1);
}

/* crc32 of the IEEE 802.3 polynomial, as the program file's section table has it. */
static uint32_t crc32_ieee(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;

    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

/* The "object" section's bitcode made unreadable, its crc kept right (docs/program-file.md:
   16-byte header, 40-byte entries: name[16], offset u64, size u64, crc u32). */
static void spoil_bitcode(unsigned char *bin, size_t size)
{
    uint32_t count;

    memcpy(&count, bin + 12, 4);
    for (uint32_t i = 0; i < count && 16 + 40 * (size_t)(i + 1) <= size; i++) {
        unsigned char *e = bin + 16 + 40 * i;
        uint64_t off, len;
        uint32_t crc;

        memcpy(&off, e + 16, 8);
        memcpy(&len, e + 24, 8);
        if (strcmp((char *)e, "object") || len < 4 || off + len > size)
            continue;
        memcpy(bin + off, "JUNK", 4); /* no bitcode signature */
        crc = crc32_ieee(bin + off, len);
        memcpy(e + 32, &crc, 4);
    }
}

/* A program's binary read out and made again with clCreateProgramWithBinary. */
static cl_program reloaded(cl_program p, int damage)
{
    size_t size = 0;
    unsigned char *bin;
    cl_int err, status = 0;
    cl_program q;

    clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL);
    bin = malloc(size ? size : 1);
    EXPECT(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL), CL_SUCCESS);
    if (damage == 1)
        bin[size - 9] ^= 0x40; /* in the last section's data: its crc no longer matches */
    if (damage == 2)
        spoil_bitcode(bin, size);
    q = clCreateProgramWithBinary(ctx, 1, &dev, &size, (const unsigned char **)&bin, &status,
                                  &err);
    EXPECT(err, damage ? CL_INVALID_BINARY : CL_SUCCESS);
    EXPECT(status, damage ? CL_INVALID_BINARY : CL_SUCCESS);
    free(bin);
    return q;
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
    CHECK(bsize > 0, "a compiled object has a binary (CL_PROGRAM_BINARY_SIZES)");
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

    /* link options: math options for the objects, and for a library made with
       -enable-link-options (integer kernels: the same hardware, one model) */
    {
        const char *opts = "-cl-fast-relaxed-math -cl-denorms-are-zero -cl-no-signed-zeroes";
        cl_program lib3 = clLinkProgram(ctx, 0, NULL, "-create-library -enable-link-options", 1,
                                        &helper, NULL, NULL, &err), in3[2] = {user, lib3};

        EXPECT(err, CL_SUCCESS);
        linked = clLinkProgram(ctx, 0, NULL, opts, 2, in3, NULL, NULL, &err);
        EXPECT(err, CL_SUCCESS);
        if (!err)
            check_run(linked, "use_twice", twice_ref, false);
        clReleaseProgram(linked);
        clReleaseProgram(lib3);
    }

    /* binaries of a compiled object and of a library: made again, linked, run (the same
       objects as above: the program cache answers the link) */
    {
        cl_program obj = reloaded(prog, 0), lib2 = reloaded(lib, 0);
        cl_program obj2 = reloaded(prog, 0), in2[2];

        CHECK(obj && binary_type(obj) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
              "a compiled object's binary gives a compiled object");
        CHECK(lib2 && binary_type(lib2) == CL_PROGRAM_BINARY_TYPE_LIBRARY,
              "a library's binary gives a library");
        linked = clLinkProgram(ctx, 0, NULL, NULL, 1, &obj, NULL, NULL, &err);
        EXPECT(err, CL_SUCCESS);
        if (!err)
            check_run(linked, "combine", combine_ref, true);
        clReleaseProgram(linked);
        in2[0] = user;
        in2[1] = lib2;
        linked = clLinkProgram(ctx, 0, NULL, NULL, 2, in2, NULL, NULL, &err);
        EXPECT(err, CL_SUCCESS);
        if (!err)
            check_run(linked, "use_twice", twice_ref, false);
        clReleaseProgram(linked);
        /* clBuildProgram of a compiled object's binary links it alone */
        EXPECT(clBuildProgram(obj2, 1, &dev, NULL, NULL, NULL), CL_SUCCESS);
        CHECK(binary_type(obj2) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
              "building a compiled object's binary gives an executable");
        check_run(obj2, "combine", combine_ref, true);
        CHECK(reloaded(prog, 1) == NULL, "a damaged object's binary is refused");
        CHECK(reloaded(prog, 2) == NULL, "an object whose bitcode does not read is refused");
        clReleaseProgram(obj);
        clReleaseProgram(obj2);
        clReleaseProgram(lib2);
    }

    syntax_error();
    separate_units();
    link_errors();

    /* errors */
    clLinkProgram(ctx, 0, NULL, "-enable-link-options", 1, &prog, NULL, NULL, &err);
    EXPECT(err, CL_INVALID_LINKER_OPTIONS); /* only with -create-library */
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
